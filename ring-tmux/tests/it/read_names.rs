//! Issue 25 item 6: one name for a session. `list` shows the id `reply`, `name`, `hide` and
//! `jump` take; they take the label and a project only one session has too, and a name
//! several sessions share lists them (by that id) rather than guess. Each says what it did.

use crate::lang_support::{holds, pieces, tr};
use crate::read_support::{self, Ring};
use serde_json::json;

const API: &str = "3f2a1c9d-0b1e-4c2a-9d7e-5a6b7c8d9e01";
const WEB_IDLE: &str = "9c41d0e2-1111-4c2a-9d7e-5a6b7c8d9e02";
const WEB_WORKING: &str = "9c41ffff-2222-4c2a-9d7e-5a6b7c8d9e03";

/// Three sessions: `api` alone, two in `web`.
fn three() -> Ring {
    let ring = Ring::new();
    ring.row(
        API,
        json!({"status": "waiting", "waiting_kind": "permission", "cwd": "/r/api",
               "waiting_detail": "Bash: npm test"}),
    )
    .row(WEB_IDLE, json!({"status": "idle", "cwd": "/r/web"}))
    .row(
        WEB_WORKING,
        json!({"status": "working", "cwd": "/r/web",
               "last_active": read_support::NOW - 5.0}),
    );
    ring
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn list_shows_the_short_id_each_command_takes() {
    let ring = three();
    let list = ring.stdout(&["list"]);
    for short in ["3f2a1c9d ", "9c41d0e2 ", "9c41ffff "] {
        assert!(
            list.lines().any(|l| l.starts_with(short)),
            "{short}: {list}"
        );
    }
    // What list shows, hide takes.
    let out = ring.run(&["hide", "9c41ffff"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        stdout(&out),
        format!(
            "{}\n",
            tr(
                "err-hide-done",
                &[("session", "9c41ffff (web)"), ("short", "9c41ffff")]
            )
        )
    );
    assert!(!ring.json_ids(&[]).contains(&WEB_WORKING.to_owned()));
}

#[test]
fn a_project_only_one_session_has_names_it() {
    let ring = three();
    let out = ring.run(&["name", "api", "release"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let named = tr(
        "err-name-set",
        &[("session", "3f2a1c9d (api)"), ("label", "release")],
    );
    assert_eq!(stdout(&out), format!("{named}\n"));
    let labels = std::fs::read_to_string(ring.ring.join("labels.json")).expect("labels.json");
    assert_eq!(labels, format!(r#"{{"{API}": "release"}}"#));
    // The label names it from now on; an empty one removes it, and says so.
    let out = ring.run(&["name", "release", ""]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let removed = tr("err-name-removed", &[("session", "3f2a1c9d (release)")]);
    assert_eq!(stdout(&out), format!("{removed}\n"));
}

#[test]
fn a_project_several_sessions_share_lists_them_and_changes_nothing() {
    let ring = three();
    for command in [
        &["hide", "web"][..],
        &["name", "web", "x"],
        &["reply", "web"],
    ] {
        let out = ring.run(command);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {out:?}");
        let listed = format!(
            "9c41d0e2 (web, {}), 9c41ffff (web, {})",
            tr("state-idle", &[]),
            tr("state-working", &[])
        );
        let what = tr(
            "err-session-ambiguous",
            &[("query", "web"), ("count", "2"), ("listed", &listed)],
        );
        let fix = tr("err-session-ambiguous-fix", &[]);
        assert_eq!(
            stderr(&out),
            format!("ring-tmux: {what}; {fix}\n"),
            "{command:?}"
        );
        assert!(stdout(&out).is_empty(), "{command:?}: {out:?}");
    }
    assert!(!ring.ring.join("labels.json").exists());
    assert!(!ring.ring.join("deleted_sessions.json").exists());
}

#[test]
fn reply_takes_the_project_list_shows() {
    let ring = three();
    // Found by its project; no pane to read it from here (no tmux), and that is what it says.
    let out = ring.run(&["reply", "api"]);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let none = pieces("err-session-none", &[]);
    let ambiguous = pieces("err-session-ambiguous", &[]);
    assert!(!holds(&said, &none) && !holds(&said, &ambiguous), "{said}");
    let out = ring.run(&["reply", "nothing-here"]);
    let none = tr("err-session-none", &[("query", "nothing-here")]);
    let fix = tr("err-session-none-fix", &[]);
    assert_eq!(stderr(&out), format!("ring-tmux: {none}; {fix}\n"));
}
