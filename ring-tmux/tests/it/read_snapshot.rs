//! `json --snapshot`: the read inputs as one document, and `ring_shared::view::view` of it, is
//! the board `json --all` prints for the same folder: at the same clock, and at a later one
//! (the time rules run at the reader's clock). Rows are written by the real hook.

use crate::zeroconf_support;

use ring_shared::format;
use ring_shared::view::{Snapshot, ViewOptions, view};
use serde_json::{Value, json};
use std::fs;

const NOW: f64 = 1_700_000_000.0;

struct World(zeroconf_support::World);

impl std::ops::Deref for World {
    type Target = zeroconf_support::World;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl World {
    fn new(procs: Value) -> World {
        World(zeroconf_support::World::new(&procs))
    }

    fn cmd(&self, now: f64) -> assert_cmd::Command {
        let mut cmd = self.ring_tmux(now);
        cmd.env("RING_STDIN_TTY", "").env("RING_AGENT_TTY", "");
        cmd
    }

    fn hook(&self, provider: &str, payload: Value, now: f64) {
        self.cmd(now)
            .args(["hook", provider])
            .write_stdin(payload.to_string())
            .assert()
            .success();
    }

    fn stdout(&self, now: f64, args: &[&str]) -> String {
        let out = self.cmd(now).args(args).output().expect("run");
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).expect("UTF-8")
    }

    fn snapshot(&self, now: f64) -> Snapshot {
        let text = self.stdout(now, &["json", "--snapshot"]);
        assert_eq!(text.lines().count(), 1, "one line: {text}");
        Snapshot::from_json(&text).expect("snapshot JSON")
    }

    /// `json --all` at `now`, as printed.
    fn board(&self, now: f64) -> String {
        self.stdout(now, &["json", "--all"])
    }
}

fn page_board(snapshot: &Snapshot, now: f64) -> String {
    format!(
        "{}\n",
        format::json(&view(snapshot, now, &ViewOptions { all: true }))
    )
}

/// A folder with a bit of everything the read looks at: Claude and Codex hook rows (one
/// waiting with hostile text, one whose process is gone), a label, a hidden session, a live
/// Codex process and a zero-config Claude transcript.
fn busy_world() -> World {
    let world =
        World::new(json!({"claude-code": [["/repo/app", null]], "codex": [["/repo/api", null]]}));
    world.hook(
        "claude",
        json!({"session_id": "s-wait", "hook_event_name": "Notification", "cwd": "/repo/app",
               "notification_type": "permission_prompt",
               "message": "Claude needs your permission to use <b>Bash</b> #[fg=red] \u{1b}]0;x\u{7}"}),
        NOW - 40.0,
    );
    world.hook(
        "codex",
        json!({"session_id": "t-api", "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "tool_input": {"command": "cargo test"}, "cwd": "/repo/api"}),
        NOW - 3.0,
    );
    world.hook(
        "codex",
        json!({"session_id": "t-gone", "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "tool_input": {"command": "ls"}, "cwd": "/repo/gone"}),
        NOW - 20.0,
    );
    world.hook(
        "claude",
        json!({"session_id": "s-hidden", "hook_event_name": "Stop", "cwd": "/repo/app"}),
        NOW - 500.0,
    );
    fs::write(world.ring.join("labels.json"), r#"{"s-wait": "payments"}"#).expect("labels");
    fs::write(
        world.ring.join("deleted_sessions.json"),
        format!(r#"{{"s-hidden": {}}}"#, NOW - 100.0),
    )
    .expect("hidden");
    let transcript = world.home.join(".claude/projects/-repo-app/scan-1.jsonl");
    fs::create_dir_all(transcript.parent().expect("parent")).expect("mkdir");
    fs::write(
        &transcript,
        format!(
            "{}\n",
            json!({"type": "user", "cwd": "/repo/app", "message": {"role": "user", "content": [{"type": "text", "text": "go"}]}})
        ),
    )
    .expect("transcript");
    zeroconf_support::set_mtime(&transcript, NOW - 30.0);
    world
}

#[test]
fn the_snapshot_gives_the_board_json_prints_at_the_same_clock() {
    let world = busy_world();
    let snapshot = world.snapshot(NOW);
    let board = world.board(NOW);
    assert_eq!(page_board(&snapshot, NOW), board);
    let live = format!(
        "{}\n",
        format::json(&view(&snapshot, NOW, &ViewOptions { all: false }))
    );
    assert_eq!(live, world.stdout(NOW, &["json"]), "without --all");
    assert_ne!(live, board, "an ended session shows only with --all");
    // The folder really has each case (the comparison would hold on an empty board too).
    let parsed: Value = serde_json::from_str(&board).expect("board");
    let status = |id: &str| {
        parsed["sessions"]
            .as_array()
            .expect("sessions")
            .iter()
            .find(|s| s["session_id"] == id)
            .map(|s| s["status"].as_str().unwrap_or("").to_owned())
    };
    assert_eq!(status("s-wait").as_deref(), Some("waiting"));
    assert_eq!(status("codex:t-api").as_deref(), Some("working"));
    assert_eq!(status("codex:t-gone").as_deref(), Some("ended"));
    assert_eq!(status("s-hidden"), None);
    assert_eq!(status("scan-1").as_deref(), Some("working"), "{board}");
    assert!(board.contains("\"label\": \"payments\""), "{board}");
}

#[test]
fn a_codex_wait_is_promoted_at_the_readers_clock_as_json_promotes_it() {
    let world = World::new(json!({"codex": [["/repo/api", null]]}));
    world.hook(
        "codex",
        json!({"session_id": "t1", "hook_event_name": "PermissionRequest", "tool_name": "Bash",
               "tool_input": {"command": "cargo publish"}, "cwd": "/repo/api"}),
        NOW,
    );
    let snapshot = world.snapshot(NOW + 1.0);
    let later = NOW + 60.0;
    let page = page_board(&snapshot, later);
    assert_eq!(page, world.board(later));
    assert!(page.contains("\"status\": \"waiting\""), "{page}");
    assert!(
        page_board(&snapshot, NOW + 1.0).contains("\"status\": \"working\""),
        "not yet at the snapshot's own time"
    );
}

#[test]
fn snapshot_and_all_cannot_be_combined() {
    let world = World::new(json!({}));
    let out = world
        .cmd(NOW)
        .args(["json", "--snapshot", "--all"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
