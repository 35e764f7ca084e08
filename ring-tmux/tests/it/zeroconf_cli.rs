//! Zero-config mode through the real `ring-tmux` binary: transcripts with set mtimes in a
//! temporary `$HOME`, processes injected with `RING_PROCS`, hook rows written by `ring-tmux
//! hook`, the board read with `oneline` and `json --all`.

use crate::zeroconf_support;

use assert_cmd::Command;
use serde_json::{Value, json};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

const NOW: f64 = 1_700_000_000.0;

struct World {
    _dir: tempfile::TempDir,
    home: PathBuf,
    ring: PathBuf,
    procs: PathBuf,
}

impl World {
    fn new() -> World {
        let (dir, home, ring) = zeroconf_support::temp_home();
        let procs = dir.path().join("procs.json");
        World {
            _dir: dir,
            home,
            ring,
            procs,
        }
    }

    fn cmd(&self, now: f64) -> Command {
        let mut cmd = zeroconf_support::ring_tmux(&self.home, &self.ring, &self.procs, now);
        cmd.env("RING_STDIN_TTY", "").env("RING_AGENT_TTY", "");
        cmd
    }

    fn procs(&self, procs: Value) {
        fs::write(&self.procs, procs.to_string()).expect("procs");
    }

    fn transcript(&self, rel: &str, lines: &[Value], mtime: f64) {
        let path = self.home.join(".claude/projects").join(rel);
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        fs::write(&path, text).expect("write");
        set_mtime(&path, mtime);
    }

    fn hook(&self, payload: Value, now: f64) {
        self.cmd(now)
            .arg("hook")
            .write_stdin(payload.to_string())
            .assert()
            .success();
    }

    fn oneline(&self, now: f64, all: bool) -> String {
        let mut cmd = self.cmd(now);
        cmd.arg("oneline");
        if all {
            cmd.arg("--all");
        }
        let out = cmd.output().expect("run");
        assert!(out.status.success(), "oneline failed: {out:?}");
        String::from_utf8(out.stdout)
            .expect("utf-8")
            .trim_end()
            .to_owned()
    }

    /// `(session_id, status, source)` of `json --all`.
    fn board(&self, now: f64) -> Vec<(String, String, String)> {
        self.json(now, &["--all"])
    }

    /// `(session_id, status, source)` of `json ARGS`.
    fn json(&self, now: f64, args: &[&str]) -> Vec<(String, String, String)> {
        let out = self.cmd(now).arg("json").args(args).output().expect("run");
        assert!(out.status.success(), "json failed: {out:?}");
        let json: Value = serde_json::from_slice(&out.stdout).expect("json output");
        json["sessions"]
            .as_array()
            .expect("sessions")
            .iter()
            .map(|s| {
                let text = |k: &str| s[k].as_str().unwrap_or("").to_owned();
                (text("session_id"), text("status"), text("source"))
            })
            .collect()
    }
}

fn set_mtime(path: &Path, mtime: f64) {
    File::options()
        .write(true)
        .open(path)
        .and_then(|f| f.set_modified(UNIX_EPOCH + Duration::from_secs_f64(mtime)))
        .expect("set mtime");
}

fn user(text: &str) -> Value {
    json!({"type": "user", "cwd": "/repo/app", "message": {"role": "user", "content": [{"type": "text", "text": text}]}})
}

fn end_turn(text: &str) -> Value {
    json!({"type": "assistant", "cwd": "/repo/app", "message": {"stop_reason": "end_turn", "content": [{"type": "text", "text": text}]}})
}

fn tool_use() -> Value {
    json!({"type": "assistant", "cwd": "/repo/app", "message": {"stop_reason": "tool_use", "content": [{"type": "tool_use", "name": "Bash", "input": {"command": "ls"}}]}})
}

fn entry(id: &str, status: &str, source: &str) -> (String, String, String) {
    (id.into(), status.into(), source.into())
}

#[test]
fn transcripts_alone_make_a_board() {
    let world = World::new();
    world.transcript("-repo-app/a.jsonl", &[user("go"), tool_use()], NOW - 30.0);
    world.transcript("-repo-app/b.jsonl", &[user("go")], NOW - 200.0);
    world.transcript(
        "-repo-app/c.jsonl",
        &[user("go"), end_turn("ok")],
        NOW - 10.0,
    );
    world.transcript("-repo-app/old.jsonl", &[user("go")], NOW - 30_000.0);
    world.procs(json!({"claude-code": [["/repo/app", "/dev/pts/1"], ["/repo/app", "/dev/pts/2"], ["/repo/done", "/dev/pts/3"]], "codex": []}));
    assert_eq!(world.oneline(NOW, false), "🟢1 🟡2");
    assert_eq!(world.oneline(NOW, true), "🟢1 🟡2 ⚫1");
    assert_eq!(
        world.board(NOW),
        vec![
            entry("a", "working", "scan"),
            entry("synthetic:/repo/done", "idle", "proc"),
            entry("c", "idle", "scan"),
            entry("b", "ended", "scan"),
        ]
    );
    assert!(
        world.ring.join("zeroconf.json").is_file(),
        "published for zellij"
    );
}

/// Nothing on a read path writes unless the command says so (issue 13): `json` and `list`,
/// read by a person, use the caches as they find them and leave the ring folder as it was;
/// `oneline --all` (what status bars and the zellij plugin run) keeps the scan cache and
/// publishes the rows for zellij.
#[test]
fn json_and_list_write_nothing_and_oneline_keeps_the_caches() {
    let world = World::new();
    world.transcript("-repo-app/a.jsonl", &[user("go"), tool_use()], NOW - 30.0);
    world.procs(json!({"claude-code": [["/repo/app", "/dev/pts/1"]], "codex": []}));
    let before = tree(&world.ring);
    assert_eq!(world.json(NOW, &["--all"]).len(), 1);
    let out = world
        .cmd(NOW)
        .args(["list", "--all"])
        .output()
        .expect("run");
    assert!(out.status.success(), "list failed: {out:?}");
    assert_eq!(
        tree(&world.ring),
        before,
        "json and list wrote to the ring folder"
    );
    assert_eq!(world.oneline(NOW, true), "🟢1");
    let after = tree(&world.ring);
    for want in ["cache/scan.bin", "zeroconf.json"] {
        assert!(
            after.iter().any(|p| p == want),
            "{want} not written: {after:?}"
        );
    }
}

/// Every path under `dir`, relative, sorted (empty when `dir` does not exist).
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            out.push(
                path.strip_prefix(dir)
                    .expect("under")
                    .to_string_lossy()
                    .into_owned(),
            );
            if path.is_dir() {
                todo.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn an_unknown_process_scan_shows_no_zero_config_rows() {
    let world = World::new();
    world.transcript("-repo-app/a.jsonl", &[user("go")], NOW - 30.0);
    world.procs(json!({"claude-code": null, "codex": null}));
    assert_eq!(world.oneline(NOW, true), "");
}

fn permission(id: &str) -> Value {
    json!({"session_id": id, "hook_event_name": "Notification", "cwd": "/repo/app",
           "notification_type": "permission_prompt", "message": "Claude needs your permission"})
}

#[test]
fn a_newer_prompt_in_the_transcript_clears_a_stale_permission_wait() {
    let world = World::new();
    world.procs(json!({"claude-code": [["/repo/app", ""]], "codex": []}));
    world.hook(permission("s1"), NOW);
    // One agent, one row: the hook row covers its process's folder (RiNG adds a synthetic
    // row beside it, §9 quirk 8).
    assert_eq!(world.oneline(NOW, false), "🔴1");
    // The user answered in the terminal and typed a new prompt; no hook event came.
    world.transcript("-repo-app/s1.jsonl", &[user("go on")], NOW + 20.0);
    assert_eq!(
        world.board(NOW + 25.0),
        vec![entry("s1", "working", "scan")]
    );
}

#[rstest::rstest]
#[case::tool_call_in_flight(vec![user("go"), tool_use()], 20.0)]
#[case::older_transcript(vec![user("go")], -20.0)]
fn the_hook_wait_stands_when_the_transcript_does_not_show_an_answer(
    #[case] lines: Vec<Value>,
    #[case] offset: f64,
) {
    let world = World::new();
    world.procs(json!({"claude-code": [["/repo/app", ""]], "codex": []}));
    world.hook(permission("s1"), NOW);
    world.transcript("-repo-app/s1.jsonl", &lines, NOW + offset);
    assert_eq!(
        world.board(NOW + 25.0),
        vec![entry("s1", "waiting", "hook")]
    );
}

#[test]
fn an_open_question_is_not_cleared_by_the_end_turn_that_asked_it() {
    let world = World::new();
    world.procs(json!({"claude-code": [["/repo/app", ""]], "codex": []}));
    world.hook(
        json!({"session_id": "s2", "hook_event_name": "Stop", "cwd": "/repo/app",
               "last_assistant_message": "Shall I go on?"}),
        NOW,
    );
    world.transcript(
        "-repo-app/s2.jsonl",
        &[user("go"), end_turn("Shall I go on?")],
        NOW + 20.0,
    );
    assert_eq!(
        world.board(NOW + 25.0),
        vec![entry("s2", "waiting", "hook")]
    );
}

#[test]
fn only_a_read_of_every_row_publishes_the_rows_for_zellij() {
    let world = World::new();
    world.transcript("-repo-app/a.jsonl", &[user("go")], NOW - 30.0);
    world.transcript("-repo-app/b.jsonl", &[user("go")], NOW - 200.0);
    world.procs(json!({"claude-code": [["/repo/app", "/dev/pts/1"]], "codex": []}));
    let published = world.ring.join("zeroconf.json");
    assert_eq!(world.oneline(NOW, false), "🟢1");
    assert!(
        !published.exists(),
        "a status bar's read builds (and could publish) only the rows it shows"
    );
    // The plugin's refresh: publishes even while the listing is still fresh.
    let out = world
        .cmd(NOW)
        .env("RING_SCAN_TTL", "600")
        .args(["oneline", "--all"])
        .output()
        .expect("run");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), "🟢1 ⚫1");
    let doc: Value =
        serde_json::from_slice(&fs::read(&published).expect("published")).expect("published JSON");
    let rows: Vec<(&str, &str)> = doc["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .map(|r| {
            (
                r["session_id"].as_str().unwrap_or(""),
                r["status"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(rows, [("a", "working"), ("b", "ended")]);
}

#[test]
fn a_status_read_shows_what_a_read_of_every_row_shows_minus_the_ended_rows() {
    let world = World::new();
    for (i, age) in [10.0, 40.0, 300.0, 900.0, 5000.0].iter().enumerate() {
        world.transcript(&format!("-repo-app/s{i}.jsonl"), &[user("go")], NOW - age);
        world.transcript(
            &format!("-repo-lib/t{i}.jsonl"),
            &[end_turn("ok")],
            NOW - age,
        );
    }
    world.procs(json!({"claude-code": [["/repo/app", "/dev/pts/1"], ["/repo/app", "/dev/pts/2"], ["/repo/lib", ""]], "codex": []}));
    let every = world.board(NOW);
    let shown: Vec<(String, String, String)> = every
        .iter()
        .filter(|(_, status, _)| status != "ended")
        .cloned()
        .collect();
    // Two live slots for ten transcripts in /repo/app, and /repo/lib's synthetic row.
    assert_eq!((every.len(), shown.len()), (11, 3), "{every:?}");
    assert_eq!(world.json(NOW, &[]), shown);
    assert_eq!(world.oneline(NOW, false), "🟢1 🟡2");
}

/// Two Claudes in one folder, one exits (issue 29; real-agent suite, claude two_claudes): `b`
/// said SessionEnd and Claude wrote its transcript last, `a` still waits on its question in
/// the one live process. The live slot is `a`'s, so `b` does not come back idle (with `a`'s
/// terminal, which turned `a`'s pane badge idle).
#[test]
fn a_claude_that_exited_does_not_take_the_live_slot_of_the_one_that_waits() {
    let world = World::new();
    world.transcript(
        "-repo-app/a.jsonl",
        &[user("paint"), end_turn("Red or blue?")],
        NOW - 60.0,
    );
    world.transcript(
        "-repo-app/b.jsonl",
        &[user("hi"), end_turn("Hello.")],
        NOW - 2.0,
    );
    world.procs(json!({"claude-code": [["/repo/app", "/dev/pts/1"]], "codex": []}));
    let event = |id: &str, name: &str, extra: Value| {
        let mut payload = json!({"session_id": id, "hook_event_name": name, "cwd": "/repo/app"});
        payload
            .as_object_mut()
            .expect("object")
            .extend(extra.as_object().expect("object").clone());
        payload
    };
    world.hook(
        event(
            "a",
            "Stop",
            json!({"last_assistant_message": "Red or blue?"}),
        ),
        NOW - 60.0,
    );
    world.hook(
        event("b", "SessionStart", json!({"source": "startup"})),
        NOW - 30.0,
    );
    world.hook(
        event("b", "SessionEnd", json!({"reason": "prompt_input_exit"})),
        NOW - 3.0,
    );
    let live: Vec<_> = world
        .board(NOW)
        .into_iter()
        .filter(|(_, status, _)| status != "ended")
        .collect();
    assert_eq!(live, vec![entry("a", "waiting", "hook")]);
}
