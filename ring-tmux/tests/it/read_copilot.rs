//! Copilot CLI sends no hook when its approval dialog is answered (approve, deny, Esc): the
//! read side settles a waiting Copilot row from its own event log
//! (`~/.copilot/session-state/<id>/events.jsonl`), through the real binary.

use crate::read_support::{NOW, Ring};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// `NOW` (1_700_000_100) is 2023-11-14T22:15:00Z: these are its seconds before.
fn iso(seconds_before_now: u32) -> String {
    let t = 15 * 60 - seconds_before_now;
    format!("2023-11-14T22:{:02}:{:02}.000Z", t / 60, t % 60)
}

/// Records as Copilot CLI 1.0.102 writes them (real-agent suite; data shortened): the dialog
/// 12 s ago, then `answer` (its records at `at` seconds ago).
fn log(answer: &[Value]) -> String {
    let mut lines = vec![
        json!({"type": "permission.requested", "data": {"requestId": "r1", "permissionRequest": {"kind": "shell", "fullCommandText": "touch x"}}, "id": "e1", "timestamp": iso(12), "parentId": "e0"}),
        json!({"type": "hook.start", "data": {"hookType": "notification", "input": {"notificationType": "permission_prompt"}}, "id": "e2", "timestamp": iso(12), "parentId": "e1"}),
    ];
    lines.extend_from_slice(answer);
    lines.iter().map(|v| format!("{v}\n")).collect()
}

fn completed(kind: &str, at: u32) -> Value {
    json!({"type": "permission.completed", "data": {"requestId": "r1", "result": {"kind": kind}}, "id": "e3", "timestamp": iso(at), "parentId": "e2"})
}

fn abort(at: u32) -> Value {
    json!({"type": "abort", "data": {"reason": "user_initiated"}, "id": "e5", "timestamp": iso(at), "parentId": "e4"})
}

/// Writes `text` as the log of session `id` under the HOME's `~/.copilot/session-state`.
fn write_log(ring: &Ring, id: &str, text: &str) -> PathBuf {
    let path = ring
        .home
        .join(".copilot/session-state")
        .join(id)
        .join("events.jsonl");
    std::fs::create_dir_all(path.parent().expect("folder")).expect("folder");
    std::fs::write(&path, text).expect("log");
    path
}

/// A Copilot row waiting on its dialog since 10 s ago (`Ring::row`'s `last_active`).
fn waiting_row(ring: &Ring, id: &str, source_path: &Path) {
    ring.row(
        &format!("copilot:{id}"),
        json!({"provider": "copilot", "cwd": "/work", "status": "waiting",
               "waiting_kind": "permission", "last_event": "Notification",
               "heartbeat_at": NOW - 10.0, "source_path": source_path}),
    );
}

fn status_of(ring: &Ring) -> (String, String) {
    let board: Value = serde_json::from_str(&ring.stdout(&["json", "--all"])).expect("board");
    let row = &board["sessions"][0];
    (
        row["status"].as_str().unwrap_or("").to_owned(),
        row["waiting_kind"].as_str().unwrap_or("").to_owned(),
    )
}

#[test]
fn an_answer_after_the_dialog_settles_the_wait() {
    for (answer, want) in [
        // Esc: cancelled, then abort.
        (vec![completed("cancelled", 5), abort(5)], "idle"),
        // 1. Yes: the command runs.
        (vec![completed("approved", 5)], "working"),
        // 3. No: the model is asked again.
        (
            vec![completed("denied-interactively-by-user", 5)],
            "working",
        ),
    ] {
        let ring = Ring::new();
        write_log(&ring, "s1", &log(&answer));
        waiting_row(&ring, "s1", Path::new(""));
        assert_eq!(status_of(&ring), (want.into(), String::new()), "{answer:?}");
    }
}

#[test]
fn an_older_answer_or_an_open_dialog_keeps_the_wait() {
    let waiting = ("waiting".to_owned(), "permission".to_owned());
    let ring = Ring::new();
    // An answer from before the row's last event (an earlier dialog).
    let path = write_log(&ring, "s1", &log(&[completed("approved", 20)]));
    waiting_row(&ring, "s1", Path::new(""));
    assert_eq!(status_of(&ring), waiting);
    // The dialog still up.
    std::fs::write(&path, log(&[])).expect("log");
    assert_eq!(status_of(&ring), waiting);
}

/// `COPILOT_HOME` moves the folder: the `transcript_path` a `Stop` named is read when it is
/// the session's own `events.jsonl`.
#[test]
fn the_log_the_row_names_is_read() {
    let ring = Ring::new();
    let elsewhere = ring
        .dir
        .path()
        .join("copilot-home/session-state/s1/events.jsonl");
    std::fs::create_dir_all(elsewhere.parent().expect("folder")).expect("folder");
    std::fs::write(&elsewhere, log(&[abort(5)])).expect("log");
    waiting_row(&ring, "s1", &elsewhere);
    assert_eq!(status_of(&ring), ("idle".into(), String::new()));
}

/// A session id is the payload's: one that walks out of the session-state folder names no
/// log (here `~/.copilot/x/events.jsonl`, which says Esc), nor does a `transcript_path` that
/// is not that session's own log.
#[test]
fn an_id_or_path_from_elsewhere_names_no_log() {
    let waiting = ("waiting".to_owned(), "permission".to_owned());
    let ring = Ring::new();
    write_log(&ring, "../x", &log(&[abort(5)]));
    let row = json!({"session_id": "copilot:../x", "last_active": NOW - 10.0,
                     "provider": "copilot", "cwd": "/work", "status": "waiting",
                     "waiting_kind": "permission", "last_event": "Notification",
                     "heartbeat_at": NOW - 10.0});
    ring.file("copilot-x.json", row.to_string());
    assert_eq!(status_of(&ring), waiting);
    let ring = Ring::new();
    let other = write_log(&ring, "s2", &log(&[abort(5)]));
    waiting_row(&ring, "s1", &other);
    assert_eq!(status_of(&ring), waiting);
}
