//! The rows journal through the real binaries: what ring's hook changes is read from the
//! journal (no row file is looked at again), and any other writer, however close in time,
//! still sends readers to every file. The board read through the caches must always equal
//! the board read from scratch.

use crate::read_support;

use assert_cmd::Command;
use read_support::{NOW, Ring};
use serde_json::json;
use std::path::Path;

/// Runs the real hook for one event of session `id` against `ring`.
fn hook(ring: &Ring, id: &str, event: &str) {
    let payload = json!({
        "session_id": id,
        "hook_event_name": event,
        "cwd": "/r",
        "tool_name": "Bash",
        "tool_input": {"command": "cargo test"},
        "message": "Claude needs your permission to use Bash",
    });
    let out = Command::new(assert_cmd::cargo::cargo_bin!("ring-tmux"))
        .arg("hook")
        .env("HOME", &ring.home)
        .env("RING_HOME", &ring.ring)
        .env("RING_NOW", NOW.to_string())
        .env("RING_STDIN_TTY", "")
        .env("RING_AGENT_TTY", "")
        .env_remove("TMUX")
        .env_remove("TMUX_PANE")
        .env_remove("ZELLIJ_SESSION_NAME")
        .write_stdin(payload.to_string())
        .output()
        .expect("run hook");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
}

/// `json --all` of `ring` (after `oneline --all` kept its row cache: `json` only reads
/// caches), and of a copy of its rows with no cache at all.
fn cached_and_fresh(ring: &Ring) -> (String, String) {
    ring.stdout(&["oneline", "--all"]);
    let cached = ring.stdout(&["json", "--all"]);
    let fresh = Ring::new();
    for entry in std::fs::read_dir(ring.ring.join("sessions")).expect("list") {
        let path = entry.expect("entry").path();
        if path.is_file() {
            let name = path.file_name().expect("name");
            std::fs::copy(&path, fresh.ring.join("sessions").join(name)).expect("copy");
        }
    }
    (cached, fresh.stdout(&["json", "--all"]))
}

#[test]
fn hook_changes_are_read_from_the_journal_without_looking_at_row_files() {
    let ring = Ring::new();
    ring.row("s2", json!({"status": "idle", "cwd": "/r"}));
    // The first hook also creates `sessions/.locks`, and a session's first hook RiNG's lock
    // file beside its row: changes of the folder of their own (the chain breaks once).
    hook(&ring, "s1", "Stop");
    hook(&ring, "s3", "Stop");
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🟡3\n");
    // An in-place edit of s2 (another size, so any `stat` of s2 would notice it)…
    std::fs::write(
        ring.ring.join("sessions/s2.json"),
        r#"{"session_id": "s2", "status": "working", "last_active": 1700000090}"#,
    )
    .expect("rewrite in place");
    // …stays unseen while only the hook changes the folder: its entries are applied.
    hook(&ring, "s1", "PreToolUse");
    assert_eq!(ring.stdout(&["oneline"]), "🟢1 🟡2\n");
    hook(&ring, "s3", "UserPromptSubmit");
    assert_eq!(ring.stdout(&["oneline"]), "🟢2 🟡1\n");
    // A foreign change breaks the chain: every file is checked, s2's edit shows.
    ring.replace_row(
        "s4.json",
        r#"{"session_id": "s4", "status": "idle", "last_active": 1700000090}"#,
    );
    assert_eq!(ring.stdout(&["oneline"]), "🟢3 🟡1\n");
}

#[test]
fn a_session_end_by_the_hook_removes_the_row_through_the_journal() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "idle", "cwd": "/r"}));
    ring.age_sessions();
    hook(&ring, "s2", "UserPromptSubmit");
    assert_eq!(ring.stdout(&["oneline"]), "🟢1 🟡1\n");
    hook(&ring, "s2", "SessionEnd");
    let (cached, fresh) = cached_and_fresh(&ring);
    assert_eq!(cached, fresh);
    assert_eq!(ring.stdout(&["oneline"]), "🟡1\n");
}

/// A small deterministic generator (no seed-dependent test names, no extra crate).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[rstest::rstest]
#[case::seed_1(1)]
#[case::seed_2(2)]
#[case::seed_3(3)]
fn the_cached_board_always_equals_the_board_read_from_scratch(#[case] seed: u64) {
    let ring = Ring::new();
    let mut rng = Lcg(seed);
    let events = [
        "UserPromptSubmit",
        "PreToolUse",
        "PermissionRequest",
        "Stop",
        "SessionEnd",
    ];
    let statuses = ["idle", "working", "waiting", "ended"];
    for step in 0..40 {
        let id = format!("s{}", rng.below(5));
        // Mostly hook events (journaled), with foreign writers in between, often in the
        // same clock tick as a hook's change: the case the signatures are for.
        match rng.below(10) {
            0..=5 => hook(&ring, &id, events[rng.below(5) as usize]),
            6 | 7 => {
                let status = statuses[rng.below(4) as usize];
                let text = json!({"session_id": id, "status": status,
                                  "last_active": NOW - step as f64})
                .to_string();
                ring.replace_row(&format!("{id}.json"), &text);
            }
            8 => {
                let _ = std::fs::remove_file(ring.ring.join("sessions").join(format!("{id}.json")));
            }
            _ => ring.age_sessions(),
        }
        if rng.below(3) > 0 {
            let (cached, fresh) = cached_and_fresh(&ring);
            assert_eq!(cached, fresh, "seed {seed}, step {step}");
        }
    }
    let (cached, fresh) = cached_and_fresh(&ring);
    assert_eq!(cached, fresh, "seed {seed}, at the end");
}

#[test]
fn a_journal_that_is_not_a_journal_is_ignored() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "idle", "cwd": "/r"}));
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🟡1\n");
    let journal = ring.ring.join("cache/rows.journal");
    std::fs::write(&journal, b"ringjl02garbage!garbage garbage garbage").expect("garbage");
    hook(&ring, "s2", "UserPromptSubmit");
    assert_eq!(ring.stdout(&["oneline"]), "🟢1 🟡1\n");
    assert!(Path::new(&journal).exists());
}

/// Journal entries check themselves: one edited at the same length (the row it carries says
/// waiting, the row file working) breaks the chain instead of being applied.
#[test]
fn an_edited_journal_entry_is_not_applied() {
    let ring = Ring::new();
    hook(&ring, "s1", "Stop");
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🟡1\n");
    hook(&ring, "s1", "UserPromptSubmit");
    let journal = ring.ring.join("cache/rows.journal");
    let mut bytes = std::fs::read(&journal).expect("journal");
    let at = bytes
        .windows(9)
        .rposition(|w| w == b"\"working\"")
        .expect("the entry carries the row");
    bytes[at..at + 9].copy_from_slice(b"\"waiting\"");
    std::fs::write(&journal, &bytes).expect("edit");
    assert_eq!(ring.stdout(&["oneline"]), "🟢1\n");
}
