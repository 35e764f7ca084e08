//! `ring-tmux list`: a readable, aligned table with every row's text made safe.

use crate::read_support;

use read_support::Ring;
use rstest::rstest;
use serde_json::json;

#[test]
fn list_shows_state_project_idle_detail_and_place_aligned() {
    let mut ring = Ring::new();
    ring.procs = r#"{"claude-code": [], "codex": [["/r", null]]}"#.into();
    ring.row(
        "codex:a",
        json!({"provider": "codex", "status": "waiting", "cwd": "/r/api",
               "waiting_kind": "permission", "waiting_detail": "Bash: npm test",
               "last_active": read_support::NOW - 200.0}),
    )
    .row(
        "codex:b",
        json!({"provider": "codex", "status": "working", "cwd": "/r/web-frontend",
               "last_action": "→ Edit main.rs"}),
    );
    let out = ring.stdout(&["list"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("STATE"), "{out}");
    assert!(lines[1].starts_with("🔴 waiting 🔐"), "{out}");
    assert!(
        lines[1].contains("Bash: npm test") && lines[1].contains("3m"),
        "{out}"
    );
    assert!(lines[2].starts_with("🟢 working"), "{out}");
    assert!(
        lines[2].contains("→ Edit main.rs") && lines[2].contains("10s"),
        "{out}"
    );
    // Columns line up: PROJECT starts at the same column on every line.
    let col = |line: &str, text: &str| {
        line.find(text)
            .map(|i| ring_shared::format::display_width(&line[..i]))
    };
    assert_eq!(col(lines[0], "PROJECT"), col(lines[1], "api"));
    assert_eq!(col(lines[0], "PROJECT"), col(lines[2], "web-frontend"));
}

#[test]
fn labels_replace_the_project_name() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "idle", "cwd": "/r/app"}));
    std::fs::write(ring.ring.join("labels.json"), r#"{"s1": "重構登入"}"#).expect("labels");
    let out = ring.stdout(&["list"]);
    assert!(out.contains("重構登入") && !out.contains(" app "), "{out}");
}

#[rstest]
#[case::csi_color("Proceed \u{1b}[31mnow\u{1b}[0m?", "Proceed now?")]
#[case::osc_title("\u{1b}]0;pwned\u{7}Allow?", "Allow?")]
#[case::bell_and_backspace("Al\u{7}low\u{8}?", "Allow?")]
#[case::newline_becomes_space("Run\nthis?", "Run this?")]
#[case::c1_control("x\u{9b}31my?", "x")]
fn list_strips_control_characters_and_escape_sequences(#[case] detail: &str, #[case] shown: &str) {
    let ring = Ring::new();
    ring.row(
        "s1",
        json!({"status": "waiting", "waiting_kind": "question", "waiting_detail": detail,
               "cwd": "/r/\u{1b}[2Jdir"}),
    );
    let out = ring.stdout(&["list"]);
    assert!(
        !out.chars().any(|c| c.is_control() && c != '\n'),
        "control characters left in {out:?}"
    );
    assert!(out.contains(shown), "{out:?}");
    assert!(out.contains("/r/dir"), "{out:?}");
}

#[test]
fn empty_list_says_so() {
    let ring = Ring::new();
    assert_eq!(ring.stdout(&["list"]), "(no sessions)\n");
}

#[test]
fn list_all_includes_ended_sessions() {
    let mut ring = Ring::new();
    ring.procs = r#"{"claude-code": [], "codex": []}"#.into();
    ring.row("s1", json!({"status": "working", "cwd": "/r/app"}));
    assert_eq!(ring.stdout(&["list"]), "(no sessions)\n");
    assert!(ring.stdout(&["list", "--all"]).contains("⚫ ended"));
}
