//! Shared helpers for the `hook_*` integration tests: a temporary `HOME` + `RING_HOME`, and
//! the real `ring-tmux hook` binary run with a fixed clock and no terminal / tmux / zellij.
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::{Map, Value};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

pub const T0: f64 = 1_700_000_000.0;

/// A private home for one test.
pub struct Home {
    pub dir: tempfile::TempDir,
}

impl Home {
    pub fn new() -> Home {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::create_dir(dir.path().join("home")).expect("home");
        Home { dir }
    }

    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    /// The ring folder (not created: the hook creates it).
    pub fn ring(&self) -> PathBuf {
        self.dir.path().join("ring")
    }

    pub fn sessions(&self) -> PathBuf {
        self.ring().join("sessions")
    }

    /// Variables removed from the hook's environment: nothing inherited may change the result
    /// (tmux, zellij, debug switches).
    pub const REMOVED: [&str; 9] = [
        crate::OUTSIDE[0],
        crate::OUTSIDE[1],
        crate::OUTSIDE[2],
        crate::OUTSIDE[3],
        crate::OUTSIDE[4],
        // The zellij the hook's bar refresh runs (`zellij::program`): a test's own fake on
        // PATH, never the pinned one CI exports.
        crate::OUTSIDE[5],
        "RING_DEBUG_PAYLOAD_LOG",
        "RING_PROCS",
        // Where the hook looks for Claude's plan files (§11.12): the test's HOME, never ours.
        "CLAUDE_CONFIG_DIR",
    ];

    /// Variables set for the hook: the private folders, the clock, and no terminal (the real
    /// process tree's tty must not leak into rows).
    pub fn vars(&self, now: f64) -> Vec<(String, String)> {
        vec![
            ("HOME".into(), self.home().display().to_string()),
            ("RING_HOME".into(), self.ring().display().to_string()),
            ("RING_NOW".into(), format!("{now}")),
            ("RING_STDIN_TTY".into(), String::new()),
            ("RING_AGENT_TTY".into(), String::new()),
        ]
    }

    /// `ring-tmux hook ARGS` with the test environment.
    pub fn command(&self, args: &[&str], now: f64) -> Command {
        let mut cmd = Command::cargo_bin("ring-tmux").expect("binary");
        cmd.arg("hook").args(args);
        for var in Self::REMOVED
            .iter()
            .chain(ring_shared::registry::term_env::RECORDED)
        {
            cmd.env_remove(var);
        }
        cmd.envs(self.vars(now));
        cmd
    }

    /// [`Self::command`] as a plain `std::process::Command` (to run hooks in parallel), with
    /// stdin, stdout and stderr piped.
    pub fn spawnable(&self, args: &[&str], now: f64) -> std::process::Command {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("ring-tmux"));
        cmd.arg("hook").args(args);
        for var in Self::REMOVED
            .iter()
            .chain(ring_shared::registry::term_env::RECORDED)
        {
            cmd.env_remove(var);
        }
        cmd.envs(self.vars(now));
        cmd.stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        cmd
    }

    /// Runs the hook and checks the contract every call must keep: exit 0, empty stdout.
    pub fn hook(&self, args: &[&str], stdin: impl Into<Vec<u8>>, now: f64) -> Output {
        let out = self
            .command(args, now)
            .write_stdin(stdin.into())
            .output()
            .expect("run hook");
        assert_hook_contract(&out);
        out
    }

    /// Runs the hook on a JSON payload.
    pub fn event(&self, payload: Value, now: f64) -> Output {
        self.hook(&[], payload.to_string(), now)
    }

    /// Runs the hook on a JSON payload with the payload log on (`RING_DEBUG_PAYLOAD_LOG=1`):
    /// every file the hook can write is then written.
    pub fn event_logging_payloads(&self, payload: Value, now: f64) -> Output {
        let out = self
            .command(&[], now)
            .env("RING_DEBUG_PAYLOAD_LOG", "1")
            .write_stdin(payload.to_string())
            .output()
            .expect("run hook");
        assert_hook_contract(&out);
        out
    }

    /// The row file of `name` (e.g. `s1.json`), parsed.
    pub fn row(&self, name: &str) -> Option<Map<String, Value>> {
        let text = fs::read(self.sessions().join(name)).ok()?;
        match serde_json::from_slice(&text).expect("row is JSON") {
            Value::Object(m) => Some(m),
            other => panic!("row {name} is not an object: {other}"),
        }
    }

    /// Every line of `events.jsonl`, parsed.
    pub fn events(&self) -> Vec<Value> {
        read_lines(&self.ring().join("events.jsonl"))
    }

    pub fn ring_log(&self) -> String {
        fs::read_to_string(self.ring().join("ring.log")).unwrap_or_default()
    }
}

/// Exit 0 and nothing on stdout (stderr must be empty too: no panic message, no warning).
pub fn assert_hook_contract(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "hook exit status; stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stdout.is_empty(),
        "hook printed on stdout: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        out.stderr.is_empty(),
        "hook printed on stderr: {:?}",
        String::from_utf8_lossy(&out.stderr)
    );
}

pub fn read_lines(path: &Path) -> Vec<Value> {
    let Ok(text) = fs::read_to_string(path) else {
        return Vec::new();
    };
    text.lines()
        .map(|l| serde_json::from_str(l).expect("log line is JSON"))
        .collect()
}

/// Every entry under `root`, as paths relative to it, sorted.
pub fn tree(root: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.expect("entry").path();
            let rel = path.strip_prefix(root).expect("under root");
            out.push(rel.to_string_lossy().into_owned());
            if path.is_dir() && !path.is_symlink() {
                walk(root, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort();
    out
}

/// `ring-tmux json --all` over the ring folder `ring` (fixed clock, every process scan unknown).
pub fn board_json(ring: &Path) -> String {
    board_read(ring, "json")
}

/// `ring-tmux SUBCOMMAND --all` over `ring` as [`board_json`] runs it; `oneline` keeps the
/// row cache, `json` only reads it.
pub fn board_read(ring: &Path, subcommand: &str) -> String {
    let procs = ring.join("procs.json");
    fs::write(&procs, "{}").expect("procs");
    let out = Command::cargo_bin("ring-tmux")
        .expect("binary")
        .args([subcommand, "--all"])
        .env("RING_HOME", ring)
        .env("HOME", ring)
        .env("RING_NOW", (T0 + 100.0).to_string())
        .env("RING_PROCS", &procs)
        .env_remove("TMUX")
        .output()
        .expect("json");
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).expect("UTF-8")
}
