//! Properties of the read side: rows survive an encode/decode round trip, decoding never
//! panics on any input (nor does reading a transcript tail), rendered text never exceeds the width it was given, and sanitized
//! text carries no control characters.

use proptest::prelude::*;
use ring_shared::format::{display_width, sanitize, truncate, truncate_middle};
use ring_shared::registry::{Row, Status, decode_row, encode_row};
use ring_shared::{scan, transcript};
use serde_json::{Map, Value};

fn status() -> impl Strategy<Value = Status> {
    prop::sample::select(Status::ALL.to_vec())
}

/// Non-empty text (absent optional text is `None`, never `Some("")`).
fn some_text() -> impl Strategy<Value = Option<String>> {
    prop::option::of(".{1,24}")
}

fn time() -> impl Strategy<Value = f64> {
    prop_oneof![
        (1_600_000_000.0f64..1_800_000_000.0),
        Just(0.0),
        prop::num::f64::NORMAL,
    ]
}

/// Rows in the canonical form the hook writes: what [`encode_row`] emits must decode to the
/// same row.
fn row() -> impl Strategy<Value = Row> {
    let ids = (
        ".{1,40}",
        "[a-z][a-z-]{0,11}",
        ".{0,30}",
        ".{0,30}",
        status(),
    );
    let times = (
        time(),
        time(),
        prop::option::of(time()),
        prop::option::of(time()),
    );
    let texts = (
        some_text(),
        ".{0,40}",
        ".{0,30}",
        some_text(),
        some_text(),
        ".{0,10}",
        ".{0,40}",
        ".{0,10}",
    );
    let extra = (
        prop::option::of(0i64..i64::MAX),
        prop::option::of((any::<i64>(), any::<i64>())),
        some_text(),
        some_text(),
        some_text(),
        some_text(),
        prop::option::of(0i64..i64::MAX),
    );
    (ids, times, texts, extra)
        .prop_filter(
            "phantom providers are deleted, not read",
            |((_, p, ..), ..)| !["startup", "resume", "clear", "compact"].contains(&p.as_str()),
        )
        .prop_map(|(ids, times, texts, extra)| {
            let (session_id, provider, cwd, origin_cwd, status) = ids;
            let (last_active, heartbeat_at, pending_at, notified_at) = times;
            let (
                last_event,
                last_action,
                source_path,
                tmux_pane,
                pending,
                waiting_for,
                detail,
                kind,
            ) = texts;
            let (hook_pid, todo, tty, tmux_socket, zellij_session, zellij_pane, agent_pid) = extra;
            let mut row = Row::new(session_id);
            row.provider = provider;
            row.cwd = cwd;
            row.origin_cwd = origin_cwd;
            row.status = status;
            row.last_event = last_event;
            row.last_active = last_active;
            row.heartbeat_at = heartbeat_at;
            row.last_action = last_action;
            row.hook_pid = hook_pid;
            row.source_path = source_path;
            row.tmux_pane = tmux_pane;
            row.todo = todo;
            row.waiting_for = waiting_for;
            row.pending_permission_detail = pending;
            row.pending_permission_detail_at = pending_at;
            row.waiting_kind = kind;
            row.waiting_detail = detail;
            row.tty = tty;
            row.waiting_notified_at = notified_at;
            row.tmux_socket = tmux_socket;
            row.zellij_session = zellij_session;
            row.zellij_pane = zellij_pane;
            row.agent_pid = agent_pid;
            row
        })
}

/// Any JSON value, a few levels deep.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        prop::num::f64::NORMAL.prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
        "[0-9. _eE+-]{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::vec((".{0,6}", inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

const KEYS: [&str; 20] = [
    "session_id",
    "provider",
    "cwd",
    "origin_cwd",
    "status",
    "last_event",
    "last_active",
    "heartbeat_at",
    "last_action",
    "hook_pid",
    "source_path",
    "tmux_pane",
    "todo",
    "waiting_for",
    "pending_permission_detail",
    "pending_permission_detail_at",
    "waiting_kind",
    "tty",
    "waiting_notified_at",
    "zellij_pane",
];

proptest! {
    #[test]
    fn decode_inverts_encode(row in row()) {
        let text = encode_row(&row);
        prop_assert_eq!(decode_row(text.as_bytes()), Ok(row), "{}", text);
    }

    #[test]
    fn decode_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        let _ = decode_row(&bytes);
    }

    /// Transcript tails are whatever an agent (or a crash) left: every reader of them answers.
    #[test]
    fn transcript_readers_never_panic(
        lines in prop::collection::vec("(\\PC|[\\\\\"{}\\[\\]:,]|NaN|\\\\u[0-9a-fA-F]{0,4})*", 0..8),
        raw in prop::collection::vec(any::<u8>(), 0..128),
        cut in any::<bool>(),
    ) {
        let mut bytes = lines.join("\n").into_bytes();
        bytes.push(b'\n');
        bytes.extend(raw);
        let records = transcript::parse_tail(&bytes, cut);
        let _ = transcript::last_action(&records);
        let _ = transcript::todo(&records);
        let _ = transcript::last_assistant_text(&records);
        let _ = scan::tail_kind(&records);
        let _ = scan::head_cwd(&bytes);
    }

    #[test]
    fn decode_never_panics_on_objects_of_wrong_types(
        fields in prop::collection::vec((prop::sample::select(KEYS.to_vec()), json_value()), 0..12)
    ) {
        let map: Map<String, Value> = fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let bytes = serde_json::to_vec(&Value::Object(map)).expect("serializes");
        if let Ok(row) = decode_row(&bytes) {
            // Whatever was accepted is a usable row: finite times, no empty optional text.
            prop_assert!(row.last_active.is_finite() && row.heartbeat_at.is_finite());
            prop_assert!(row.tty.as_deref() != Some("") && row.tmux_pane.as_deref() != Some(""));
        }
    }

    #[test]
    fn truncate_never_exceeds_width(text in "\\PC{0,40}|.{0,40}", width in 0usize..30) {
        let out = truncate(&text, width);
        prop_assert!(display_width(&out) <= width, "{:?} → {:?}", text, out);
        if display_width(&text) <= width {
            prop_assert_eq!(out, text);
        }
    }

    #[test]
    fn truncate_middle_never_exceeds_width(text in "\\PC{0,40}|.{0,40}", width in 0usize..30) {
        let out = truncate_middle(&text, width);
        prop_assert!(display_width(&out) <= width, "{:?} → {:?}", text, out);
    }

    #[test]
    fn sanitized_text_has_no_controls(text in "(\\PC|[\\x00-\\x1f\\x7f-\\x9f\\u{202e}])*") {
        let out = sanitize(&text);
        prop_assert!(!out.chars().any(char::is_control), "{:?} → {:?}", text, out);
        prop_assert!(!out.contains('\u{202e}'), "bidi override kept: {:?}", out);
    }
}
