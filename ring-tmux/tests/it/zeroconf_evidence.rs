//! tmux process-tree evidence (§4.10 rule 2) through the real binary, with the panes and
//! the process table injected (`RING_TMUX_PANES`, `RING_PROC_TREE`, in the compat
//! `tmux_panes` / `process_rows` formats): which transcript of an ambiguous cwd group takes
//! the live slot (§4.4), and which pane `json` gives as the location of rows without a pane.
//! The same with a real tmux server is in `e2e_evidence.rs`.

use crate::zeroconf_support;

use assert_cmd::Command;
use rstest::rstest;
use serde_json::{Value, json};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

const NOW: f64 = 1_700_000_000.0;

struct World {
    dir: tempfile::TempDir,
    home: PathBuf,
    ring: PathBuf,
}

impl World {
    fn new() -> World {
        let (dir, home, ring) = zeroconf_support::temp_home();
        let world = World { dir, home, ring };
        world.write(
            "procs.json",
            &json!({"claude-code": [["/repo/app", ""]], "codex": []}),
        );
        // Two transcripts in /repo/app, one live Claude there: the newer one, `crashed`,
        // would take the slot by mtime; the older, `quiet`, is the one a pane runs.
        world.transcript("quiet", NOW - 500.0);
        world.transcript("crashed", NOW - 10.0);
        world
    }

    fn write(&self, name: &str, value: &Value) -> PathBuf {
        let path = self.dir.path().join(name);
        fs::write(&path, value.to_string()).expect("write");
        path
    }

    fn transcript(&self, id: &str, mtime: f64) {
        let path = self
            .home
            .join(".claude/projects/-repo-app")
            .join(format!("{id}.jsonl"));
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        let line = json!({"type": "user", "cwd": "/repo/app", "message": {"role": "user", "content": [{"type": "text", "text": "go"}]}});
        fs::write(&path, format!("{line}\n")).expect("write");
        File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(UNIX_EPOCH + Duration::from_secs_f64(mtime)))
            .expect("set mtime");
    }

    fn cmd(&self, seams: &[(&str, &Path)], tmux: Option<&str>) -> Command {
        let procs = self.dir.path().join("procs.json");
        let mut cmd = zeroconf_support::ring_tmux(&self.home, &self.ring, &procs, NOW);
        for (name, path) in seams {
            cmd.env(name, path);
        }
        if let Some(tmux) = tmux {
            cmd.env("TMUX", tmux);
        }
        cmd
    }

    /// `(session_id, status, location)` of `json --all`, and `oneline`.
    fn read(&self, seams: &[(&str, &Path)], tmux: Option<&str>) -> (Vec<[String; 3]>, String) {
        let out = self
            .cmd(seams, tmux)
            .args(["json", "--all"])
            .output()
            .expect("run");
        assert!(out.status.success(), "json failed: {out:?}");
        let board: Value = serde_json::from_slice(&out.stdout).expect("json");
        let rows = board["sessions"]
            .as_array()
            .expect("sessions")
            .iter()
            .map(|s| {
                ["session_id", "status", "location"].map(|k| s[k].as_str().unwrap_or("").to_owned())
            })
            .collect();
        let out = self.cmd(seams, tmux).arg("oneline").output().expect("run");
        let line = String::from_utf8(out.stdout)
            .expect("utf-8")
            .trim_end()
            .to_owned();
        (rows, line)
    }
}

fn row(id: &str, status: &str, location: &str) -> [String; 3] {
    [id.into(), status.into(), location.into()]
}

/// Pane %1 `main:1.0` in `pane_cwd`, shell 100; pane %2 `main:1.1` in /repo/app, shell 200.
fn panes(pane_cwd: &str) -> Value {
    json!([
        {"pane_id": "%1", "cwd": pane_cwd, "target": "main:1.0", "pane_pid": 100},
        {"pane_id": "%2", "cwd": "/repo/app", "target": "main:1.1", "pane_pid": 200}
    ])
}

#[rstest]
#[case::a_pane_process_names_the_quiet_session(
    "/repo/app",
    json!({"100": [1, "-bash"], "101": [100, "claude --resume quiet"], "200": [1, "-zsh"]}),
    vec![row("quiet", "idle", "main:1.0"), row("crashed", "ended", "/repo/app")],
    "🟡1"
)]
#[case::a_grandchild_counts(
    "/repo/app",
    json!({"101": [100, "node wrapper"], "102": [101, "claude -r quiet --verbose"]}),
    vec![row("quiet", "idle", "main:1.0"), row("crashed", "ended", "/repo/app")],
    "🟡1"
)]
#[case::the_pane_is_elsewhere(
    "/elsewhere",
    json!({"101": [100, "claude --resume quiet"]}),
    vec![row("crashed", "working", "/repo/app"), row("quiet", "ended", "/repo/app")],
    "🟢1"
)]
#[case::no_process_names_a_session(
    "/repo/app",
    json!({"101": [100, "claude"], "201": [200, "vim"]}),
    vec![row("crashed", "working", "/repo/app"), row("quiet", "ended", "/repo/app")],
    "🟢1"
)]
fn process_tree_evidence_picks_the_live_transcript_and_its_pane(
    #[case] pane_cwd: &str,
    #[case] process_rows: Value,
    #[case] want_rows: Vec<[String; 3]>,
    #[case] want_line: &str,
) {
    let world = World::new();
    let panes = world.write("panes.json", &panes(pane_cwd));
    let tree = world.write("tree.json", &process_rows);
    let seams = [
        ("RING_TMUX_PANES", panes.as_path()),
        ("RING_PROC_TREE", tree.as_path()),
    ];
    let (rows, line) = world.read(&seams, Some("/tmp/tmux-test/default,1,0"));
    assert_eq!(rows, want_rows);
    assert_eq!(line, want_line);
}

#[test]
fn without_tmux_or_seams_mtime_order_decides() {
    let world = World::new();
    let (rows, line) = world.read(&[], None);
    assert_eq!(
        rows,
        vec![
            row("crashed", "working", "/repo/app"),
            row("quiet", "ended", "/repo/app")
        ]
    );
    assert_eq!(line, "🟢1");
}

#[test]
fn a_row_of_another_tmux_server_gets_no_pane_from_this_one() {
    let world = World::new();
    // A hook row without a pane id, from another server, named by a pane process here.
    world.write(
        "procs.json",
        &json!({"claude-code": [["/repo/app", ""], ["/repo/app", ""]], "codex": []}),
    );
    let payload = json!({"session_id": "hooked", "hook_event_name": "Stop", "cwd": "/repo/app"});
    world
        .cmd(&[], Some("/tmp/tmux-test/other,1,0"))
        .arg("hook")
        .env("RING_STDIN_TTY", "")
        .env("RING_AGENT_TTY", "")
        .write_stdin(payload.to_string())
        .assert()
        .success();
    let panes = world.write("panes.json", &panes("/repo/app"));
    let tree = world.write(
        "tree.json",
        &json!({"101": [100, "claude --resume hooked"], "201": [200, "claude --resume quiet"]}),
    );
    let seams = [
        ("RING_TMUX_PANES", panes.as_path()),
        ("RING_PROC_TREE", tree.as_path()),
    ];
    let (rows, _) = world.read(&seams, Some("/tmp/tmux-test/default,1,0"));
    let location = |id: &str| {
        rows.iter()
            .find(|r| r[0] == id)
            .map(|r| r[2].clone())
            .unwrap_or_default()
    };
    assert_eq!(location("quiet"), "main:1.1", "rows: {rows:?}");
    assert_eq!(location("hooked"), "/repo/app", "rows: {rows:?}");
}
