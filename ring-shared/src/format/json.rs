//! `ring --format json` (spec §5.2): RiNG's keys in RiNG's order, then ring's own.

use super::{marker, waiting_icon};
use crate::board::{Board, location, project};
use crate::derive::{Session, Source};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The JSON board as a value: `generated_at` (the board's clock), `agent_processes`,
/// `counts`, `sessions`. `labels` = `labels.json`; `home` = `$HOME` for `location`.
pub fn json_value(board: &Board, labels: &BTreeMap<String, String>, home: &str) -> Value {
    let counts = board.counts();
    json!({
        "generated_at": board.now,
        "agent_processes": board.agent_processes,
        "counts": {
            "waiting": counts.waiting,
            "working": counts.working,
            "idle": counts.idle,
            "ended": counts.ended,
        },
        "sessions": board
            .sessions
            .iter()
            .map(|s| session_value(s, board.now, labels, home))
            .collect::<Vec<_>>(),
    })
}

/// The JSON board, pretty-printed (2-space indent, non-ASCII literal) as RiNG prints it,
/// without the trailing newline.
pub fn json(board: &Board, labels: &BTreeMap<String, String>, home: &str) -> String {
    // Serializing a `Value` cannot fail (all keys are strings, floats finite or null).
    serde_json::to_string_pretty(&json_value(board, labels, home)).unwrap_or_default()
}

fn session_value(
    session: &Session,
    now: f64,
    labels: &BTreeMap<String, String>,
    home: &str,
) -> Value {
    let row = &session.row;
    let mut map = Map::new();
    let mut put = |key: &str, value: Value| {
        map.insert(key.to_owned(), value);
    };
    put("session_id", row.session_id.clone().into());
    put("provider", row.provider.clone().into());
    put("project", project(session).into());
    let label = labels.get(&row.session_id).cloned().unwrap_or_default();
    put("label", label.into());
    put("status", row.status.as_str().into());
    put("marker", marker(row.status).into());
    // Kind, icon and detail whatever the status: an ended row keeps its 🔐 (spec §9.12).
    put("waiting_kind", row.waiting_kind.clone().into());
    put("waiting_icon", waiting_icon(&row.waiting_kind).into());
    put("hook_stale", session.hook_stale.into());
    let heartbeat = if session.source == Source::Hook {
        row.heartbeat_at
    } else {
        0.0
    };
    put("heartbeat_at", heartbeat.into());
    put("cwd", row.cwd.clone().into());
    put("location", location(session, home).into());
    put("tmux_target", session.tmux_target.clone().into());
    put("tty", row.tty.clone().into());
    put("idle_seconds", round1(session.idle_seconds(now)).into());
    put("last_active", row.last_active.into());
    put("last_action", row.last_action.clone().into());
    put("waiting_detail", row.waiting_detail.clone().into());
    let todo = row.todo.map_or(
        Value::Null,
        |(done, total)| json!({"done": done, "total": total}),
    );
    put("todo", todo);
    put("source", session.source.as_str().into());
    // ring's keys, after RiNG's (the interface is additive-only).
    put("kind", session.kind.into());
    put("tmux_pane", row.tmux_pane.clone().into());
    put("tmux_socket", row.tmux_socket.clone().into());
    put("zellij_session", row.zellij_session.clone().into());
    put("zellij_pane", row.zellij_pane.clone().into());
    Value::Object(map)
}

/// Python `round(x, 1)`: Rust's `{:.1}` rounds the exact binary value half-to-even, as
/// Python does.
fn round1(x: f64) -> f64 {
    format!("{x:.1}").parse().unwrap_or(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::derive::Source;
    use crate::registry::{Row, Status};
    use rstest::rstest;

    const NOW: f64 = 1_700_000_000.0;

    fn board_of(session: Session) -> Board {
        Board::build(vec![session], 1, NOW, true)
    }

    fn hook(status: Status) -> Session {
        let mut row = Row::new("s1");
        row.status = status;
        row.cwd = "/home/u/repo/app".into();
        row.origin_cwd = row.cwd.clone();
        row.last_active = NOW - 9.5;
        row.heartbeat_at = NOW - 9.5;
        Session::from_hook(row)
    }

    #[test]
    fn keys_are_ring_order_then_ours() {
        let value = json_value(&board_of(hook(Status::Idle)), &BTreeMap::new(), "/home/u");
        let top: Vec<&str> = value
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            top,
            ["generated_at", "agent_processes", "counts", "sessions"]
        );
        let session = value["sessions"][0].as_object().expect("session object");
        let keys: Vec<&str> = session.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "session_id",
                "provider",
                "project",
                "label",
                "status",
                "marker",
                "waiting_kind",
                "waiting_icon",
                "hook_stale",
                "heartbeat_at",
                "cwd",
                "location",
                "tmux_target",
                "tty",
                "idle_seconds",
                "last_active",
                "last_action",
                "waiting_detail",
                "todo",
                "source",
                "kind",
                "tmux_pane",
                "tmux_socket",
                "zellij_session",
                "zellij_pane",
            ]
        );
    }

    #[test]
    fn session_values_follow_the_spec() {
        let mut session = hook(Status::Ended);
        session.row.waiting_kind = "permission".into();
        session.row.todo = Some((1, 3));
        session.row.tty = Some("/dev/pts/3".into());
        let labels = [("s1".to_owned(), "重構".to_owned())].into();
        let value = json_value(&board_of(session), &labels, "/home/u");
        let s = &value["sessions"][0];
        assert_eq!(s["label"], "重構");
        assert_eq!(s["marker"], "⚫");
        assert_eq!(s["waiting_icon"], "🔐");
        assert_eq!(s["location"], "~/repo/app");
        assert_eq!(s["project"], "app");
        assert_eq!(s["idle_seconds"], 9.5);
        assert_eq!(s["todo"], json!({"done": 1, "total": 3}));
        assert_eq!(s["tty"], "/dev/pts/3");
        assert_eq!(s["tmux_target"], Value::Null);
        assert_eq!(value["generated_at"], NOW);
        assert_eq!(value["agent_processes"], 1);
        assert_eq!(value["counts"]["ended"], 1);
    }

    #[test]
    fn non_hook_rows_report_zero_heartbeat() {
        let mut session = hook(Status::Idle);
        session.source = Source::Scan;
        let value = json_value(&board_of(session), &BTreeMap::new(), "/home/u");
        assert_eq!(value["sessions"][0]["heartbeat_at"], 0.0);
        assert_eq!(value["sessions"][0]["source"], "scan");
    }

    #[test]
    fn pretty_text_keeps_non_ascii_literal_and_two_space_indent() {
        let mut session = hook(Status::Idle);
        session.row.last_action = "→ Bash: ls".into();
        let text = json(&board_of(session), &BTreeMap::new(), "/home/u");
        assert!(text.contains("\n  \"agent_processes\": 1,"), "{text}");
        assert!(text.contains("\"last_action\": \"→ Bash: ls\""), "{text}");
        assert!(!text.ends_with('\n'));
    }

    #[rstest]
    #[case(0.25, 0.2)]
    #[case(0.35, 0.3)]
    #[case(0.45, 0.5)]
    #[case(1.05, 1.1)]
    #[case(9.95, 9.9)]
    #[case(1700000000.0, 1700000000.0)]
    fn idle_seconds_round_like_python(#[case] x: f64, #[case] expected: f64) {
        assert_eq!(round1(x), expected);
    }
}
