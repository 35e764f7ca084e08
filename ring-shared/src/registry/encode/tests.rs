use super::*;
use crate::registry::{Status, decode_row};
use rstest::rstest;
use serde_json::json;

#[rstest]
#[case::codex_colon_kept("codex:thread-1", "codex:thread-1.json")]
#[case::reserved_and_safe("a/b c%d~e.f_g-h", "a%2Fb%20c%25d~e.f_g-h.json")]
#[case::dot_dot("..", "...json")]
#[case::two_spaces("  ", "%20%20.json")]
#[case::question_mark("a?b", "a%3Fb.json")]
#[case::utf8_bytes_upper_hex("會", "%E6%9C%83.json")]
#[case::nul_and_newline("a\0\n", "a%00%0A.json")]
#[case::empty("", ".json")]
fn file_name_quotes_like_urllib(#[case] id: &str, #[case] want: &str) {
    assert_eq!(file_name(id), want);
}

#[test]
fn file_name_of_exactly_255_bytes_is_ringss() {
    let id = "x".repeat(250);
    assert_eq!(file_name(&id), format!("{id}.json"));
}

#[rstest]
#[case::one_over_plain("x".repeat(251))]
#[case::long_multibyte("會".repeat(100))]
#[case::escape_at_the_cut(format!("{}{}", "x".repeat(214), "/".repeat(50)))]
#[case::escape_one_before_cut(format!("{}{}", "x".repeat(215), "/".repeat(50)))]
fn long_ids_get_bounded_hashed_names(#[case] id: String) {
    let name = file_name(&id);
    assert!(name.len() <= MAX_FILE_NAME, "{} bytes", name.len());
    assert!(name.ends_with(".json") && name.contains(HASH_MARK));
    let stem = &name[..name.len() - SUFFIX.len() - HASH_MARK.len() - 32];
    assert!(
        quote(&id).starts_with(stem),
        "prefix of the encoding: {stem}"
    );
    // The prefix ends on an escape boundary: every `%` has its two hex digits.
    assert!(stem.rfind('%').is_none_or(|i| i + 3 <= stem.len()));
}

#[test]
fn long_ids_sharing_a_prefix_get_different_names() {
    let a = format!("{}a", "x".repeat(300));
    let b = format!("{}b", "x".repeat(300));
    assert_ne!(file_name(&a), file_name(&b));
    assert_eq!(file_name(&a), file_name(&a), "deterministic");
}

fn full_row() -> Row {
    Row {
        session_id: "codex:會".into(),
        provider: "codex".into(),
        cwd: "/repo/app".into(),
        origin_cwd: "/repo/app".into(),
        status: Status::Waiting,
        last_event: Some("Notification".into()),
        last_active: 1_700_000_000.0,
        heartbeat_at: 1_700_000_000.5,
        last_action: "→ Bash: ls".into(),
        hook_pid: Some(4242),
        source_path: "/t.jsonl".into(),
        tmux_pane: Some("%7".into()),
        todo: Some((1, 3)),
        waiting_for: "input".into(),
        pending_permission_detail: Some("Bash: npm test".into()),
        pending_permission_detail_at: Some(1_699_999_990.0),
        waiting_kind: "permission".into(),
        waiting_detail: "Bash: npm test".into(),
        tty: Some("/dev/pts/3".into()),
        waiting_notified_at: Some(1_700_000_000.0),
        last_event_owner: Some("agent:a1".into()),
        last_tool_use_id: Some("toolu_1".into()),
        waiting_requests: Some(vec![crate::owner::Wait {
            owner: "agent:a1".into(),
            kind: "permission".into(),
            detail: "Bash: npm test".into(),
            waiting_for: "input".into(),
            since: 1_699_999_990.0,
            revision: "r1".into(),
            tool_use_id: "toolu_1".into(),
            agent_type: "reviewer".into(),
        }]),
        pending_permissions: Some(vec![crate::owner::Pending {
            owner: "agent:a1".into(),
            request_id: "toolu_1".into(),
            detail: "Bash: npm test".into(),
            at: 1_699_999_990.0,
        }]),
        waiting_agent_id: Some("a1".into()),
        tmux_socket: Some("/tmp/tmux-1000/default".into()),
        zellij_session: Some("main".into()),
        zellij_pane: Some("3".into()),
        agent_pid: Some(99),
        agent_start: Some(71_824),
        term_env: [
            ("NVIM".to_owned(), "/run/user/1000/nvim.1.0".to_owned()),
            ("WINDOWID".to_owned(), "4194317".to_owned()),
        ]
        .into(),
    }
}

#[test]
fn encode_writes_keys_in_ring_order_then_ours() {
    let encoded = encode_row(&full_row());
    let parsed: serde_json::Map<String, Value> =
        serde_json::from_str(&encoded).expect("valid JSON");
    let keys: Vec<&str> = parsed.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "session_id",
            "provider",
            "cwd",
            "origin_cwd",
            "status",
            "last_event",
            "last_event_owner",
            "last_tool_use_id",
            "last_active",
            "heartbeat_at",
            "last_action",
            "hook_pid",
            "waiting_requests",
            "pending_permissions",
            "source_path",
            "tmux_pane",
            "todo",
            "waiting_for",
            "pending_permission_detail",
            "pending_permission_detail_at",
            "waiting_kind",
            "waiting_agent_id",
            "waiting_detail",
            "tty",
            "waiting_notified_at",
            "tmux_socket",
            "zellij_session",
            "zellij_pane",
            "agent_pid",
            "agent_start",
            "term_env",
        ]
    );
}

#[test]
fn encode_uses_python_separators_floats_and_literal_unicode() {
    let encoded = encode_row(&full_row());
    assert!(encoded.starts_with("{\"session_id\": \"codex:會\", \"provider\": \"codex\""));
    assert!(encoded.contains("\"last_active\": 1700000000.0, "));
    assert!(encoded.contains("\"heartbeat_at\": 1700000000.5, "));
    assert!(encoded.contains("\"todo\": [1, 3], "));
    assert!(!encoded.ends_with('\n'));
}

#[test]
fn encode_omits_unset_optional_keys() {
    let mut row = Row::new("s1");
    row.last_event = Some("Stop".into());
    row.hook_pid = Some(1);
    let parsed: Value = serde_json::from_str(&encode_row(&row)).expect("valid JSON");
    assert_eq!(
        parsed,
        json!({
            "session_id": "s1", "provider": "claude-code", "cwd": "", "origin_cwd": "",
            "status": "idle", "last_event": "Stop", "last_active": 0.0, "heartbeat_at": 0.0,
            "last_action": "—", "hook_pid": 1,
        })
    );
}

#[test]
fn non_finite_times_are_written_as_zero() {
    let mut row = Row::new("s1");
    row.last_active = f64::INFINITY;
    row.waiting_notified_at = Some(f64::NAN);
    let parsed: Value = serde_json::from_str(&encode_row(&row)).expect("valid JSON");
    assert_eq!(parsed["last_active"], json!(0.0));
    assert_eq!(parsed["waiting_notified_at"], json!(0.0));
}

#[test]
fn decode_of_encode_round_trips() {
    let row = full_row();
    assert_eq!(decode_row(encode_row(&row).as_bytes()), Ok(row));
    let minimal = Row::new("minimal");
    assert_eq!(decode_row(encode_row(&minimal).as_bytes()), Ok(minimal));
}

#[test]
fn encode_is_deterministic() {
    assert_eq!(encode_row(&full_row()), encode_row(&full_row()));
}
