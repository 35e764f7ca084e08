//! Property tests of the hook path, in process (`hook::handle` on a temporary ring folder):
//! for any stdin bytes and any JSON payload built from the hook's own keys, the hook returns
//! (no panic escapes), and the ring folder holds only the known files, with every row a JSON
//! object.

use crate::hook_support;

use proptest::prelude::*;
use ring_tmux::hook::{self, Handled, HookEnv, Input};
use ring_tmux::testing::env::Env;
use serde_json::{Map, Value};
use std::fs;
use std::path::Path;

const CASES: u32 = 1024;

fn henv(root: &Path) -> HookEnv {
    HookEnv {
        env: Env {
            home: root.join("home"),
            ring_home: root.join("ring"),
            fixed_now: Some(hook_support::T0),
            procs_file: None,
        },
        tmux_pane: None,
        tmux_socket: None,
        zellij_session: None,
        zellij_pane: None,
        payload_log_env: Some(true),
        term_env: Default::default(),
        discover_tty: false,
    }
}

/// Runs one payload twice (a fresh row, then over its own previous row) and checks the result
/// and the folder.
fn check(cli: &str, bytes: Vec<u8>) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().expect("tempdir");
    let env = henv(dir.path());
    let first = hook::handle(cli, Input::Payload(bytes.clone()), &env);
    let second = hook::handle(cli, Input::Payload(bytes), &env);
    // Nothing in the pure path may panic, and no write may fail on a healthy folder.
    prop_assert_ne!(
        first,
        Handled::Failed,
        "ring.log: {:?}",
        fs::read_to_string(dir.path().join("ring/ring.log"))
    );
    // The same event over its own row is handled the same way (written stays written).
    prop_assert_eq!(first, second);
    for entry in hook_support::tree(dir.path()) {
        let known = matches!(
            entry.as_str(),
            "ring"
                | "ring/sessions"
                | "ring/sessions/.locks"
                | "ring/sessions/.ended"
                | "ring/cache"
                | "ring/events.jsonl"
                | "ring/ring.log"
                | "ring/hook_payloads.jsonl"
                | "ring/notify.spool"
        ) || entry.starts_with("ring/sessions/.locks/") && entry.ends_with(".lock")
            // A ring queued for the notification flush (issue 23).
            || entry.starts_with("ring/notify.spool/w.") && entry.matches('/').count() == 2
            || entry.starts_with("ring/sessions/.ended/") && entry.matches('/').count() == 3
            || entry.starts_with("ring/sessions/")
                && (entry.ends_with(".json") || entry.ends_with(".json.lock"))
                && entry.matches('/').count() == 2;
        prop_assert!(known, "unexpected entry {entry:?}");
        if entry.starts_with("ring/sessions/")
            && entry.ends_with(".json")
            && !entry.starts_with("ring/sessions/.ended/")
        {
            let row: Value =
                serde_json::from_slice(&fs::read(dir.path().join(&entry)).expect("row"))
                    .map_err(|e| TestCaseError::fail(format!("{entry}: {e}")))?;
            prop_assert!(row.is_object(), "{entry} is not an object");
        }
    }
    for line in hook_support::read_lines(&dir.path().join("ring/events.jsonl")) {
        prop_assert!(line.is_object());
    }
    Ok(())
}

const KEYS: &[&str] = &[
    "event",
    "event_name",
    "hook_event_name",
    "hookEventName",
    "session_id",
    "sessionId",
    "thread_id",
    "id",
    "cwd",
    "transcript_path",
    "rollout_path",
    "tty",
    "last_action",
    "message",
    "title",
    "tool_name",
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
    "last_assistant_message",
    "questions",
    "options",
    "choices",
    "prompt",
    "question",
    "command",
    "file_path",
    "todos",
];

const EVENTS: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PermissionRequest",
    "Notification",
    "Stop",
    "SessionEnd",
    "stop",
    "",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(EVENTS).prop_map(str::to_owned),
        prop::sample::select(vec![
            "permission_prompt",
            "agent_needs_input",
            "idle_prompt",
            "approval",
            "question",
            "plan",
            "true",
            "no",
            "AskUserQuestion",
            "ExitPlanMode",
            "Bash",
            "/dev/zero",
            "..",
            "a/b",
            "codex",
            "claude",
        ])
        .prop_map(str::to_owned),
        ".{0,40}",
        "[ -~\\u{1c}-\\u{1f}\\u{85}\\u{2028}\\u{3000}會？?\\n`]{0,60}",
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..5).prop_map(|kv| {
                Value::Object(
                    kv.into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect::<Map<_, _>>(),
                )
            }),
        ]
    })
}

/// Payloads shaped like hook events: an event name and an id most of the time, plus any of
/// the keys the hook reads, with any values.
fn payload() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::option::weighted(0.9, prop::sample::select(EVENTS)),
        prop::option::weighted(0.9, text()),
        prop::collection::vec((prop::sample::select(KEYS), json_value()), 0..8),
        prop::option::weighted(0.2, any::<prop::sample::Index>()),
    )
        .prop_map(|(event, sid, extra, cut)| {
            let mut map = Map::new();
            for (k, v) in extra {
                map.insert(k.to_owned(), v);
            }
            if let Some(e) = event {
                map.insert("hook_event_name".into(), Value::from(e));
            }
            if let Some(s) = sid {
                map.insert("session_id".into(), Value::from(s));
            }
            let mut bytes = Value::Object(map).to_string().into_bytes();
            // Sometimes truncate: malformed documents close to valid ones.
            if let Some(i) = cut {
                bytes.truncate(i.index(bytes.len()));
            }
            bytes
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn any_bytes_keep_the_folder_valid(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        check("claude-code", bytes)?;
    }

    #[test]
    fn any_event_shaped_payload_keeps_the_folder_valid(
        bytes in payload(),
        cli in prop::sample::select(vec!["claude-code", "codex", "", "My_Tool"]),
    ) {
        check(cli, bytes)?;
    }
}

/// The event-shaped generator must reach the write path, not only the ignore path.
#[test]
fn event_shaped_payloads_mostly_reach_the_writer() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut counts = std::collections::HashMap::new();
    for _ in 0..200 {
        let bytes = payload().new_tree(&mut runner).expect("value").current();
        let dir = tempfile::tempdir().expect("tempdir");
        let outcome = hook::handle("claude-code", Input::Payload(bytes), &henv(dir.path()));
        *counts.entry(format!("{outcome:?}")).or_insert(0) += 1;
    }
    let written = counts.get("Written").copied().unwrap_or(0);
    assert!(written >= 50, "only {written} of 200 written: {counts:?}");
    assert!(
        counts.contains_key("Deleted"),
        "SessionEnd never generated: {counts:?}"
    );
}
