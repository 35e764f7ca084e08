//! Properties of the write side: the reducer never panics on any JSON, and file names are
//! always safe and distinct.

use proptest::prelude::*;
use ring_shared::config::Config;
use ring_shared::event::normalize;
use ring_shared::reduce::{Context, Outcome, reduce};
use ring_shared::registry::{encode_row, file_name};
use ring_shared::transcript::{Record, parse_tail};
use serde_json::{Map, Value};

/// Keys the write rules read, so generated objects actually exercise them.
const KEYS: &[&str] = &[
    "event",
    "event_name",
    "hook_event_name",
    "hookEventName",
    "session_id",
    "sessionId",
    "thread_id",
    "threadId",
    "id",
    "cwd",
    "current_working_directory",
    "transcript_path",
    "transcriptPath",
    "rollout_path",
    "tty",
    "last_action",
    "message",
    "title",
    "tool_name",
    "toolName",
    "tool",
    "tool_input",
    "toolInput",
    "input",
    "notification_type",
    "waiting_for",
    "reason",
    "requires_action",
    "interactive",
    "provider",
    "questions",
    "options",
    "choices",
    "question",
    "prompt",
    "last_assistant_message",
    "status",
    "waiting_kind",
    "waiting_detail",
    "pending_permission_detail",
    "pending_permission_detail_at",
    "waiting_notified_at",
    "type",
    "message",
    "content",
    "text",
    "name",
    "todos",
    "command",
    "file_path",
    "pattern",
];
const EVENTS: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "Notification",
    "PermissionRequest",
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "SessionEnd",
    "Weird",
    "",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        prop::sample::select(EVENTS).prop_map(Value::from),
        prop::sample::select(
            &[
                "waiting",
                "idle",
                "permission_prompt",
                "AskUserQuestion",
                "TodoWrite",
                "Bash",
                "assistant",
                "tool_use",
                "text",
                "completed",
                "yes",
                "plan",
                "Go on?",
                "```",
                " ",
                "會？"
            ][..]
        )
        .prop_map(Value::from),
        "\\PC{0,40}".prop_map(Value::from),
    ]
}

fn json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..8).prop_map(|kv| {
                Value::Object(kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
            }),
        ]
    })
}

fn object() -> impl Strategy<Value = Map<String, Value>> {
    prop::collection::vec((prop::sample::select(KEYS), json()), 0..14)
        .prop_map(|kv| kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// A payload that always has an event and an id, so normalization gets past its first check.
fn payload() -> impl Strategy<Value = Value> {
    (object(), prop::sample::select(EVENTS), "\\PC{1,20}").prop_map(|(mut obj, event, sid)| {
        obj.insert("hook_event_name".into(), event.into());
        obj.insert("session_id".into(), sid.into());
        Value::Object(obj)
    })
}

fn nested(depth: usize) -> Value {
    (0..depth).fold(Value::from("x"), |v, _| Value::Array(vec![v]))
}

fn run(payload: &Value, prev: Option<&Map<String, Value>>, records: &[Record], cli: &str) {
    let Some(event) = normalize(payload, cli) else {
        return;
    };
    let config = Config {
        waiting_cooldown_seconds: 0,
        ..Config::default()
    };
    let ctx = Context {
        now: 1_700_000_000.0,
        config,
        hook_pid: 1,
        transcript: Some(records),
        ..Context::default()
    };
    if let Outcome::Write { row, .. } = reduce(prev, &event, &ctx) {
        let encoded = encode_row(&row);
        let parsed: Value = serde_json::from_str(&encoded).expect("encoded rows are JSON");
        assert_eq!(parsed["session_id"], Value::from(event.session_id));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn reduce_never_panics_on_arbitrary_json(
        raw in json(),
        payload in payload(),
        prev in proptest::option::of(object()),
        records in prop::collection::vec(object(), 0..4),
        cli in prop::sample::select(&["claude-code", "codex", "", "My_Tool"][..]),
    ) {
        run(&raw, prev.as_ref(), &records, cli);
        run(&payload, prev.as_ref(), &records, cli);
    }

    #[test]
    fn parse_tail_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..512), cut: bool) {
        for record in parse_tail(&bytes, cut) {
            prop_assert!(record.len() < 512);
        }
    }

    #[test]
    fn file_names_are_safe(id in "\\PC{0,400}|[./ %]{0,300}") {
        let name = file_name(&id);
        prop_assert!(name.len() <= 255, "{} bytes", name.len());
        prop_assert!(!name.contains('/') && !name.contains('\0'));
        prop_assert!(name != "." && name != "..");
        prop_assert!(name.ends_with(".json"));
    }

    #[test]
    fn file_names_are_injective(a in "\\PC{0,300}|[./ %x]{240,300}", b in "\\PC{0,300}|[./ %x]{240,300}") {
        prop_assume!(a != b);
        prop_assert_ne!(file_name(&a), file_name(&b));
    }

    #[test]
    fn file_names_differ_for_ids_sharing_a_long_prefix(prefix in "[a-z%/]{250,400}", x: char, y: char) {
        prop_assume!(x != y);
        prop_assert_ne!(file_name(&format!("{prefix}{x}")), file_name(&format!("{prefix}{y}")));
    }
}

#[test]
fn deeply_nested_values_do_not_panic() {
    let deep = nested(120);
    let mut payload = Map::new();
    for key in KEYS {
        payload.insert((*key).to_owned(), deep.clone());
    }
    payload.insert("hook_event_name".into(), "PreToolUse".into());
    payload.insert("session_id".into(), "s".into());
    payload.insert(
        "tool_input".into(),
        serde_json::json!({"questions": [{"question": deep.clone()}]}),
    );
    let prev = payload.clone();
    let records = vec![payload.clone()];
    run(&Value::Object(payload), Some(&prev), &records, "codex");
    // Deeper than serde_json's parse limit: the tail reader skips the line.
    let line = format!("{}{}", "[".repeat(200), "]".repeat(200));
    assert!(parse_tail(line.as_bytes(), false).is_empty());
}
