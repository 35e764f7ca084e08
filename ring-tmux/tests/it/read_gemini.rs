//! Esc on Gemini CLI's approval dialog sends no hook: the read side settles a waiting Gemini
//! row from the end of its chat file (`source_path`), through the real binary.

use crate::read_support::{NOW, Ring};
use serde_json::{Value, json};

/// A chat file's end as Gemini CLI 0.61.0 wrote it after an Esc at its dialog (real-agent
/// suite, gemini/esc_permission), with the cancel at `cancel_at` (Unix seconds).
pub(crate) fn chat_end(cancel_at: f64) -> String {
    let iso = |t: f64| {
        let secs = t.floor() as i64;
        let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        // 1970-01-01 + days, by the civil-from-days algorithm.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        format!(
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.000Z",
            rest / 3600,
            rest % 3600 / 60,
            rest % 60
        )
    };
    [
        json!({"id": "a", "timestamp": iso(cancel_at - 3.0), "type": "gemini", "content": "I will run a command."}),
        json!({"id": "b", "timestamp": iso(cancel_at), "type": "info", "content": "Request cancelled."}),
        json!({"$set": {"lastUpdated": iso(cancel_at)}}),
        json!({"id": "c", "timestamp": iso(cancel_at), "type": "user", "content": [{"text": "<session_context>\nThis is the Gemini CLI."}]}),
    ]
    .iter()
    .map(|v| format!("{v}\n"))
    .collect()
}

fn status_of(ring: &Ring) -> (String, String) {
    let board: Value = serde_json::from_str(&ring.stdout(&["json", "--all"])).expect("board");
    let row = &board["sessions"][0];
    (
        row["status"].as_str().unwrap_or("").to_owned(),
        row["waiting_kind"].as_str().unwrap_or("").to_owned(),
    )
}

fn waiting_row(ring: &Ring, chat: &std::path::Path) {
    ring.row(
        "gemini:s1",
        json!({"provider": "gemini", "cwd": "/work", "status": "waiting",
               "waiting_kind": "permission", "last_event": "Notification",
               "heartbeat_at": NOW - 10.0, "source_path": chat}),
    );
}

#[test]
fn a_cancel_after_the_dialog_makes_the_row_idle() {
    let ring = Ring::new();
    let chat = ring.dir.path().join("session.jsonl");
    std::fs::write(&chat, chat_end(NOW - 5.0)).expect("chat");
    waiting_row(&ring, &chat);
    assert_eq!(status_of(&ring), ("idle".into(), String::new()));
}

#[test]
fn an_older_cancel_or_none_keeps_the_wait() {
    let ring = Ring::new();
    let chat = ring.dir.path().join("session.jsonl");
    std::fs::write(&chat, chat_end(NOW - 20.0)).expect("chat");
    waiting_row(&ring, &chat);
    assert_eq!(status_of(&ring), ("waiting".into(), "permission".into()));
    std::fs::write(
        &chat,
        "{\"id\":\"a\",\"type\":\"gemini\",\"content\":\"hi\"}\n",
    )
    .expect("chat");
    assert_eq!(status_of(&ring), ("waiting".into(), "permission".into()));
}

/// The web page derives its board from `json --snapshot` (`ring_shared::view::view`): the
/// cancel it cannot read itself must be in the snapshot, or the page keeps a wait that
/// `json` and the bars show idle (issue 24 item 1).
#[test]
fn the_snapshot_carries_the_cancel_to_the_page() {
    use ring_shared::view::{Snapshot, ViewOptions, view};
    let ring = Ring::new();
    let chat = ring.dir.path().join("session.jsonl");
    std::fs::write(&chat, chat_end(NOW - 5.0)).expect("chat");
    waiting_row(&ring, &chat);
    let text = ring.stdout(&["json", "--snapshot"]);
    let snapshot = Snapshot::from_json(&text).expect("snapshot JSON");
    let page = view(&snapshot, NOW, &ViewOptions { all: true });
    let page: Value = serde_json::from_str(&ring_shared::format::json(&page)).expect("page board");
    assert_eq!(page["sessions"][0]["status"], "idle", "{page}");
}
