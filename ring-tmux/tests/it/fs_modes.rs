//! Every file ring creates in the ring folder is 0600 and every folder 0700, whatever the
//! umask allows: rows, logs, caches and tmux state name projects, commands and questions.

use crate::hook_support;

use hook_support::{Home, T0, tree};
use serde_json::json;
use std::os::unix::fs::MetadataExt;

#[test]
fn everything_ring_creates_is_private() {
    let h = Home::new();
    let ring = h.ring();
    let event = json!({"session_id": "s1", "hook_event_name": "UserPromptSubmit", "cwd": "/repo", "prompt": "hi"});
    h.event_logging_payloads(event, T0);
    // The readers' caches (cache/listed among them) and the tmux state.
    for args in [["json"], ["oneline"]] {
        let mut read = assert_cmd::Command::cargo_bin("ring-tmux").expect("binary");
        read.args(args)
            .env("HOME", h.home())
            .env("RING_HOME", &ring)
            .env("RING_NOW", T0.to_string())
            .env_remove("TMUX")
            .assert()
            .success();
    }
    ring_tmux::testing::jump::remember_last(&ring, "s1");
    assert!(ring_tmux::testing::drift::claim(&ring, "/tmp/sock", 1));
    let all = tree(&ring);
    for want in [
        "sessions/s1.json",
        "sessions/.locks/s1.lock",
        "events.jsonl",
        "hook_payloads.jsonl",
        "cache/listed",
        "tmux/jump-last",
    ] {
        assert!(all.iter().any(|p| p == want), "{want} not created: {all:?}");
    }
    assert!(all.iter().any(|p| p.starts_with("tmux/repair-")), "{all:?}");
    let mut wrong = Vec::new();
    for rel in &all {
        let meta = std::fs::symlink_metadata(ring.join(rel)).expect("meta");
        let want = if meta.is_dir() { 0o700 } else { 0o600 };
        if meta.mode() & 0o777 != want {
            wrong.push(format!("{rel}: {:04o}", meta.mode() & 0o777));
        }
    }
    assert!(wrong.is_empty(), "not private: {wrong:?}");
}
