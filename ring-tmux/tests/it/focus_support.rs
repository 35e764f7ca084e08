//! Shared helpers for the `focus_*` tests: a private ring home, a stand-in agent script that
//! reports itself waiting through the real `ring-tmux hook` from whatever terminal runs it,
//! and `ring-tmux jump` run on that home. Nothing of the machine's own terminals leaks in:
//! every variable a focus backend reads ([`ring_shared::registry::term_env::RECORDED`]) is removed first.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_ring-tmux");

/// A generous bound for things a real program does (a terminal starting, a hook writing).
pub const WITHIN: Duration = Duration::from_secs(30);

pub struct Place {
    pub dir: tempfile::TempDir,
}

impl Place {
    pub fn new() -> Place {
        let dir = tempfile::tempdir().expect("tempdir");
        for sub in ["home", "ring", "project", "xdg"] {
            std::fs::create_dir_all(dir.path().join(sub)).expect("dir");
        }
        let ring = dir.path().join("ring");
        std::fs::set_permissions(&ring, std::os::unix::fs::PermissionsExt::from_mode(0o700))
            .expect("ring mode");
        std::fs::write(
            dir.path().join("procs.json"),
            r#"{"claude-code": [], "codex": []}"#,
        )
        .expect("procs");
        Place { dir }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn project(&self) -> String {
        self.path("project").to_string_lossy().into_owned()
    }

    /// What every process of the test gets: private homes, the clock of this machine, no
    /// terminal found by walking the real process tree.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        let s = |name: &str| self.path(name).to_string_lossy().into_owned();
        vec![
            ("HOME", s("home")),
            ("RING_HOME", s("ring")),
            ("RING_PROCS", s("procs.json")),
            ("XDG_CONFIG_HOME", s("xdg")),
            ("XDG_STATE_HOME", s("xdg")),
            ("XDG_CACHE_HOME", s("xdg")),
            ("XDG_DATA_HOME", s("xdg")),
            ("RING_AGENT_TTY", String::new()),
            ("RING_STDIN_TTY", String::new()),
            ("PATH", std::env::var("PATH").unwrap_or_default()),
        ]
    }

    /// `command` with [`Self::env`], and without the tmux, zellij and terminal variables of
    /// whoever runs the tests.
    pub fn isolate<'c>(&self, command: &'c mut Command) -> &'c mut Command {
        for name in crate::OUTSIDE
            .iter()
            .chain(ring_shared::registry::term_env::RECORDED)
        {
            command.env_remove(name);
        }
        command.envs(self.env()).current_dir(self.path("project"))
    }

    /// Writes `agent.sh`: it tells the real hook that session `id` waits (its tty in the
    /// payload, as a hook that found its agent's terminal records it), notes its tty in
    /// `<id>.tty`, then sleeps like an agent waiting for its user.
    pub fn agent_script(&self, id: &str) -> PathBuf {
        let script = self.path(&format!("{id}.sh"));
        let tty_file = self.path(&format!("{id}.tty"));
        let text = format!(
            r#"#!/bin/sh
t=$(tty)
printf '{{"hook_event_name": "Notification", "session_id": "{id}", "cwd": "%s", "tty": "%s", "notification_type": "permission_prompt", "message": "Claude needs your permission to use Bash"}}' "$PWD" "$t" | '{BIN}' hook
printf '%s' "$t" > '{tty}.part' && mv '{tty}.part' '{tty}'
exec sleep 600
"#,
            tty = tty_file.display()
        );
        std::fs::write(&script, text).expect("script");
        std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .expect("script mode");
        script
    }

    /// The tty the agent `id` reported, once it has (its row is then written).
    pub fn agent_tty(&self, id: &str) -> String {
        let file = self.path(&format!("{id}.tty"));
        wait_for(WITHIN, || std::fs::read_to_string(&file).ok())
            .unwrap_or_else(|| panic!("agent {id} never reported its tty"))
    }

    /// Marks the agents on `ttys` alive too (the board shows only live sessions' rows as such).
    pub fn alive(&self, ttys: &[&str]) {
        let file = self.path("procs.json");
        let mut doc: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&file).expect("procs")).expect("procs JSON");
        let list = doc["claude-code"].as_array_mut().expect("list");
        for tty in ttys {
            list.push(serde_json::json!([self.project(), tty]));
        }
        std::fs::write(file, doc.to_string()).expect("procs");
    }

    /// The row file of `id`, parsed.
    pub fn row(&self, id: &str) -> serde_json::Value {
        let text = std::fs::read(
            self.path("ring")
                .join("sessions")
                .join(format!("{id}.json")),
        )
        .expect("row file");
        serde_json::from_slice(&text).expect("row JSON")
    }

    /// `ring-tmux ARGS` on this place, with `extra` variables.
    pub fn ring(&self, args: &[&str], extra: &[(&str, &str)]) -> Output {
        let mut c = Command::new(BIN);
        self.isolate(&mut c).args(args);
        c.envs(extra.iter().copied());
        c.stdin(Stdio::null()).output().expect("ring-tmux runs")
    }
}

/// Polls `f` until it gives `Some` or `limit` passes.
pub fn wait_for<T>(limit: Duration, mut f: impl FnMut() -> Option<T>) -> Option<T> {
    let end = Instant::now() + limit;
    loop {
        if let Some(v) = f() {
            return Some(v);
        }
        if Instant::now() > end {
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Whether `program` is on PATH; if not, says why the test does not run.
pub fn have(program: &str, test: &str) -> bool {
    let found = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .any(|d| d.join(program).is_file());
    if !found {
        eprintln!("SKIP {test}: {program} is not installed (scripts/ci.sh installs it)");
    }
    found
}

/// A child process stopped (by its pid) and reaped when dropped.
pub struct Child(pub std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A string of a process's output.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Whether `path` exists.
pub fn exists(path: &Path) -> bool {
    path.exists()
}
