//! `ring-tmux list`: a readable, aligned table with every row's text made safe.

use crate::lang_support::{said, tr};
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
    assert!(lines[0].starts_with(&tr("list-id", &[])), "{out}");
    // Each row starts with the id `reply`, `name`, `hide` and `jump` take.
    let waiting = format!("codex:a  🔴 {} 🔐", tr("state-waiting", &[]));
    assert!(lines[1].starts_with(&waiting), "{out}");
    assert!(
        lines[1].contains("Bash: npm test") && lines[1].contains("3m"),
        "{out}"
    );
    let working = format!("codex:b  🟢 {}", tr("state-working", &[]));
    assert!(lines[2].starts_with(&working), "{out}");
    assert!(
        lines[2].contains("→ Edit main.rs") && lines[2].contains("10s"),
        "{out}"
    );
    // Columns line up: PROJECT starts at the same column on every line.
    let col = |line: &str, text: &str| {
        line.find(text)
            .map(|i| ring_shared::format::display_width(&line[..i]))
    };
    let project = tr("list-project", &[]);
    assert_eq!(col(lines[0], &project), col(lines[1], "api"));
    assert_eq!(col(lines[0], &project), col(lines[2], "web-frontend"));
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
    assert_eq!(
        ring.stdout(&["list"]),
        format!("{}\n", tr("list-empty", &[]))
    );
}

#[test]
fn list_all_includes_ended_sessions() {
    let mut ring = Ring::new();
    ring.procs = r#"{"claude-code": [], "codex": []}"#.into();
    ring.row("s1", json!({"status": "working", "cwd": "/r/app"}));
    assert_eq!(
        ring.stdout(&["list"]),
        format!("{}\n", tr("list-empty", &[]))
    );
    let ended = format!("⚫ {}", tr("state-ended", &[]));
    assert!(ring.stdout(&["list", "--all"]).contains(&ended));
}

/// Issue 23 item 6: a `labels.json` that does not parse is not silently replaced by a file
/// holding only the new label: `name` sets it aside (kept whole, 0600), says so on stderr, and
/// still names the session.
#[test]
fn name_sets_an_unreadable_labels_file_aside_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let ring = Ring::new();
    ring.row("s1", json!({"status": "idle", "cwd": "/r/app"}));
    let labels = ring.ring.join("labels.json");
    let broken = r#"{"s0": "kept label", "s2": "other",,}"#;
    std::fs::write(&labels, broken).expect("labels");
    std::fs::set_permissions(&labels, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    let out = ring.run(&["name", "s1", "ship"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let aside = format!("labels.json.corrupt-{}", read_support::NOW as u64);
    assert!(
        said(
            &err,
            "err-labels-set-aside",
            &[("file", "labels.json"), ("aside", &aside)]
        ),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(ring.ring.join(&aside)).expect("set aside"),
        broken
    );
    let mode = |name: &str| {
        std::fs::metadata(ring.ring.join(name))
            .expect("mode")
            .permissions()
            .mode()
            & 0o777
    };
    assert_eq!(mode(&aside), 0o600);
    assert_eq!(
        std::fs::read_to_string(&labels).expect("labels"),
        r#"{"s1": "ship"}"#
    );
    assert_eq!(mode("labels.json"), 0o600);
    // A readable file is rewritten as before, without a word.
    let out = ring.run(&["name", "s1", "shipped"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(&labels).expect("labels"),
        r#"{"s1": "shipped"}"#
    );
}

/// Issue 29 item 8 (RiNG 0.17.5+): a `deleted_sessions.json` that does not parse is set aside
/// (`deleted_sessions.json.corrupt-<time>`, kept whole, 0600), said on stderr, never
/// overwritten by a list holding only the new id.
#[test]
fn hide_sets_an_unreadable_hidden_list_aside_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let ring = Ring::new();
    ring.row("s1", json!({"status": "idle", "cwd": "/r/app"}));
    let hidden = ring.ring.join("deleted_sessions.json");
    let broken = r#"{"s0": "2026-01-01T00:00:00+00:00",,}"#;
    std::fs::write(&hidden, broken).expect("hidden list");
    let out = ring.run(&["hide", "s1"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let aside = format!("deleted_sessions.json.corrupt-{}", read_support::NOW as u64);
    assert!(err.contains(&aside), "{err}");
    assert_eq!(
        std::fs::read_to_string(ring.ring.join(&aside)).expect("set aside"),
        broken
    );
    let mode = std::fs::metadata(ring.ring.join(&aside))
        .expect("mode")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    let now: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&hidden).expect("new list")).expect("JSON");
    assert_eq!(
        now.as_object().expect("object").keys().collect::<Vec<_>>(),
        ["s1"]
    );
    // A readable list is rewritten as before, without a word.
    ring.row("s2", json!({"status": "idle", "cwd": "/r/b"}));
    let out = ring.run(&["hide", "s2"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
}

/// `hide` and `name` that cannot write their file (here a folder stands in its place) fail,
/// naming the file and what to do.
#[test]
fn hide_and_name_that_cannot_write_name_the_file_and_what_to_do() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "idle", "cwd": "/r/app"}));
    let cases: [(&str, &[&str]); 2] = [
        ("deleted_sessions.json", &["hide", "s1"]),
        ("labels.json", &["name", "s1", "shipped"]),
    ];
    for (file, args) in cases {
        std::fs::create_dir(ring.ring.join(file)).expect("a folder in the file's place");
        let out = ring.run(args);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            crate::lang_support::said(&err, "err-file-write", &[("file", file)]),
            "{err}"
        );
        assert!(err.contains("ring-tmux doctor"), "{err}");
    }
}

/// Issue 25 item 10: a bare `ring-tmux` shows the board, as RiNG's bare `ring` does; outside
/// tmux (no terminal here) that is `list`'s table.
#[test]
fn bare_ring_tmux_outside_tmux_prints_the_list() {
    let ring = Ring::new();
    ring.row(
        "s1",
        json!({"status": "waiting", "waiting_kind": "question", "waiting_detail": "Ship it?",
               "cwd": "/r/app"}),
    );
    let out = ring.run(&[]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout, ring.stdout(&["list"]), "the same table as list");
    assert!(
        stdout.starts_with("ID") && stdout.contains("Ship it?"),
        "{stdout}"
    );
}
