//! `ring --format json` (§5.2): RiNG's keys in RiNG's order, then ring's own.

use super::{marker, waiting_icon};
use crate::view::{Entry, View};
use serde::Serialize;
use serde_json::Value;

/// The JSON board as a value: `generated_at` (the view's clock), `agent_processes`,
/// `counts`, `sessions`.
pub fn json_value(view: &View) -> Value {
    // Serializing plain structs of strings and numbers into a `Value` cannot fail.
    serde_json::to_value(BoardJson::new(view)).unwrap_or(Value::Null)
}

/// The JSON board, pretty-printed (2-space indent, non-ASCII literal) as RiNG prints it,
/// without the trailing newline.
pub fn json(view: &View) -> String {
    // Serializing plain structs of strings and numbers cannot fail.
    serde_json::to_string_pretty(&BoardJson::new(view)).unwrap_or_default()
}

/// The board in RiNG's key order (field order is serialization order).
#[derive(Serialize)]
struct BoardJson<'a> {
    generated_at: f64,
    agent_processes: usize,
    counts: CountsJson,
    sessions: Vec<SessionJson<'a>>,
}

#[derive(Serialize)]
struct CountsJson {
    waiting: usize,
    working: usize,
    idle: usize,
    ended: usize,
}

#[derive(Serialize)]
struct TodoJson {
    done: i64,
    total: i64,
}

/// One session: RiNG's keys in RiNG's order, then ring's (the interface is additive-only).
#[derive(Serialize)]
struct SessionJson<'a> {
    session_id: &'a str,
    provider: &'a str,
    project: &'a str,
    label: &'a str,
    status: &'static str,
    marker: &'static str,
    waiting_kind: &'a str,
    waiting_icon: &'static str,
    hook_stale: bool,
    heartbeat_at: f64,
    cwd: &'a str,
    location: &'a str,
    tmux_target: Option<&'a str>,
    tty: Option<&'a str>,
    idle_seconds: f64,
    last_active: f64,
    last_action: &'a str,
    waiting_detail: &'a str,
    waiting_requests: &'a [crate::view::waits::Listed],
    todo: Option<TodoJson>,
    source: &'static str,
    kind: Option<&'static str>,
    tmux_pane: Option<&'a str>,
    tmux_socket: Option<&'a str>,
    zellij_session: Option<&'a str>,
    zellij_pane: Option<&'a str>,
}

impl<'a> BoardJson<'a> {
    fn new(view: &'a View) -> Self {
        let counts = view.counts;
        BoardJson {
            generated_at: view.generated_at,
            agent_processes: view.agent_processes,
            counts: CountsJson {
                waiting: counts.waiting,
                working: counts.working,
                idle: counts.idle,
                ended: counts.ended,
            },
            sessions: ring_order(view).map(SessionJson::new).collect(),
        }
    }
}

impl<'a> SessionJson<'a> {
    fn new(entry: &'a Entry) -> Self {
        SessionJson {
            session_id: &entry.session_id,
            provider: &entry.provider,
            project: &entry.project,
            label: &entry.label,
            status: entry.status.as_str(),
            marker: marker(entry.status),
            // Kind, icon and detail whatever the status: an ended row keeps its 🔐 (§9.12).
            waiting_kind: &entry.kind,
            waiting_icon: waiting_icon(&entry.kind),
            hook_stale: entry.hook_stale,
            heartbeat_at: entry.heartbeat_at,
            cwd: &entry.cwd,
            location: &entry.location,
            tmux_target: entry.tmux_target.as_deref(),
            tty: entry.tty.as_deref(),
            idle_seconds: round1(entry.idle_seconds),
            last_active: entry.last_active,
            last_action: &entry.last_action,
            waiting_detail: &entry.waiting_detail,
            waiting_requests: &entry.waits,
            todo: entry.todo.map(|(done, total)| TodoJson { done, total }),
            source: entry.source.as_str(),
            kind: entry.agent.then_some("agent"),
            tmux_pane: entry.tmux_pane.as_deref(),
            tmux_socket: entry.tmux_socket.as_deref(),
            zellij_session: entry.zellij_session.as_deref(),
            zellij_pane: entry.zellij_pane.as_deref(),
        }
    }
}

/// Python `round(x, 1)`: Rust's `{:.1}` rounds the exact binary value half-to-even, as
/// Python does.
fn round1(x: f64) -> f64 {
    format!("{x:.1}").parse().unwrap_or(x)
}

/// The entries in RiNG's board order (§4.11: status rank, then idle seconds ascending,
/// stable): the view lists waiting sessions longest-waiting first, RiNG's JSON newest first.
fn ring_order(view: &View) -> impl Iterator<Item = &Entry> {
    let mut order: Vec<&Entry> = view.entries.iter().collect();
    order.sort_by(|a, b| {
        a.status
            .rank()
            .cmp(&b.status.rank())
            .then_with(|| a.idle_seconds.total_cmp(&b.idle_seconds))
    });
    order.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::derive::{Session, Source};
    use crate::registry::{Row, Status};
    use rstest::rstest;
    use serde_json::json;
    use std::collections::BTreeMap;

    const NOW: f64 = 1_700_000_000.0;

    fn board_of(session: Session) -> View {
        board_labelled(session, &BTreeMap::new())
    }

    fn board_labelled(session: Session, labels: &BTreeMap<String, String>) -> View {
        View::of_board(Board::build(vec![session], 1, NOW, true), labels, "/home/u")
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
        let value = json_value(&board_of(hook(Status::Idle)));
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
                "waiting_requests",
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
        let value = json_value(&board_labelled(session, &labels));
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
        let value = json_value(&board_of(session));
        assert_eq!(value["sessions"][0]["heartbeat_at"], 0.0);
        assert_eq!(value["sessions"][0]["source"], "scan");
    }

    #[test]
    fn pretty_text_keeps_non_ascii_literal_and_two_space_indent() {
        let mut session = hook(Status::Idle);
        session.row.last_action = "→ Bash: ls".into();
        let text = json(&board_of(session));
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
