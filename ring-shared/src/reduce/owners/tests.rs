//! §3.16 (waits owned per actor) and §3.8 (captured permission details), on real Claude Code
//! payloads: `reply_subagent.jsonl` is a recorded session whose background subagent asked
//! for a Bash permission (steps: 0 SessionStart … 6 the subagent's PreToolUse, 7 the
//! foreground's Stop, 8 the subagent's PermissionRequest, 9 its PostToolUse … 14 SessionEnd).

use super::*;
use crate::event::{DEFAULT_PROVIDER, normalize};
use crate::registry::{decode_row, encode_row};
use serde_json::json;

const NOW: f64 = 1_700_000_000.0;
const SUBAGENT: &str = "agent:afcfaec6b9e78cb1f";
const RECORDED: &str = include_str!("../../../tests/fixtures/agents/claude/reply_subagent.jsonl");

/// Step `n` of the recording, with `extra` keys set over it (`null` removes a key).
fn step(n: usize, extra: Value) -> Value {
    let line = RECORDED
        .lines()
        .nth(n)
        .expect("the recording has this step");
    let mut payload: Map<String, Value> = serde_json::from_str(line).expect("a recorded payload");
    for (key, value) in extra.as_object().expect("extra keys").clone() {
        match value {
            Value::Null => payload.remove(&key),
            value => payload.insert(key, value),
        };
    }
    Value::Object(payload)
}

fn ctx(now: f64) -> Context<'static> {
    Context {
        now,
        hook_pid: 42,
        ..Context::default()
    }
}

/// The row as the next hook reads it back from the file: encoded and parsed.
fn as_file(row: &Row) -> Map<String, Value> {
    serde_json::from_str(&encode_row(row)).expect("an encoded row parses")
}

/// Runs `payloads` in order from `prev`, a second apart; the last outcome and the file.
fn replay(
    prev: Option<Map<String, Value>>,
    payloads: &[Value],
) -> (Outcome, Option<Map<String, Value>>) {
    let mut file = prev;
    let mut last = None;
    for (i, payload) in payloads.iter().enumerate() {
        // SubagentStart and PostToolBatch are not events ring records.
        let Some(event) = normalize(payload, DEFAULT_PROVIDER) else {
            continue;
        };
        let outcome = reduce(file.as_ref(), &event, &ctx(NOW + i as f64));
        match &outcome {
            Outcome::Write { row, .. } => file = Some(as_file(row)),
            Outcome::Delete { .. } => file = None,
            Outcome::Keep => {}
        }
        last = Some(outcome);
    }
    (last.expect("at least one payload"), file)
}

fn row_of(file: &Option<Map<String, Value>>) -> Row {
    let text = serde_json::to_vec(file.as_ref().expect("a row file")).expect("serializes");
    decode_row(&text).expect("the row decodes")
}

fn owners(row: &Row) -> Vec<String> {
    row.waits().into_iter().map(|w| w.owner).collect()
}

#[test]
fn a_subagents_permission_request_waits_as_that_subagent_and_its_tool_end_clears_it() {
    let steps: Vec<Value> = (0..=8).map(|n| step(n, json!({}))).collect();
    let (_, file) = replay(None, &steps);
    let row = row_of(&file);
    assert_eq!(row.status, Status::Waiting);
    assert_eq!(owners(&row), [SUBAGENT]);
    assert_eq!(row.waiting_agent_id.as_deref(), Some("afcfaec6b9e78cb1f"));
    assert_eq!(row.last_event_owner.as_deref(), Some(SUBAGENT));
    assert_eq!(
        row.waiting_detail,
        "Bash: echo ring-bash-ok > ring_bash_out.txt"
    );
    assert_eq!(
        crate::view::waits::waiter(&row).as_deref(),
        Some(crate::t!("waiter-subagent", name = "general-purpose").as_str())
    );

    let (_, file) = replay(file, &[step(9, json!({}))]);
    let row = row_of(&file);
    assert_eq!(row.status, Status::Working);
    assert!(row.waits().is_empty());
    assert_eq!(row.waiting_agent_id, None);
}

#[test]
fn a_subagents_tool_events_leave_the_foregrounds_question_on_screen() {
    let question = step(7, json!({"last_assistant_message": "Shall I push it?"}));
    let (_, file) = replay(None, &[step(0, json!({})), step(1, json!({})), question]);
    assert_eq!(row_of(&file).waiting_kind, "question");
    let (_, file) = replay(
        file,
        &[step(6, json!({})), step(9, json!({})), step(10, json!({}))],
    );
    let row = row_of(&file);
    assert_eq!(row.status, Status::Waiting);
    assert_eq!(owners(&row), ["foreground"]);
    assert_eq!(row.waiting_detail, "Shall I push it?");
    assert_eq!(crate::view::waits::waiter(&row), None);
}

/// Claude's `permission_prompt` reminder ~6 s after the foreground's AskUserQuestion dialog,
/// after a background subagent's tool calls took the row's `last_event` (real-agent suite,
/// claude bg_question): the question stands, it does not turn into a permission.
#[test]
fn the_reminder_after_a_subagents_tool_calls_keeps_the_foregrounds_question() {
    let ask = step(
        8,
        json!({"agent_id": null, "agent_type": null, "tool_name": "AskUserQuestion",
               "tool_input": {"questions": [{"question": "Which color should the ring be?",
                   "options": [{"label": "Red"}, {"label": "Blue"}]}]}}),
    );
    let reminder = json!({"session_id": step(0, json!({}))["session_id"].clone(),
        "hook_event_name": "Notification", "notification_type": "permission_prompt",
        "message": "Claude needs your permission", "cwd": "/WORK"});
    let (_, file) = replay(
        None,
        &[
            step(0, json!({})),
            step(1, json!({})),
            ask,
            step(6, json!({})),
            step(9, json!({})),
        ],
    );
    assert_eq!(row_of(&file).waiting_kind, "question");
    let (outcome, file) = replay(file, &[reminder]);
    let row = row_of(&file);
    assert_eq!(
        (row.status, row.waiting_kind.as_str()),
        (Status::Waiting, "question")
    );
    assert_eq!(owners(&row), ["foreground"]);
    assert!(matches!(outcome, Outcome::Write { notify: false, .. }));
}

#[test]
fn the_foregrounds_wait_is_the_summary_while_a_subagent_also_waits() {
    let question = step(7, json!({"last_assistant_message": "Shall I push it?"}));
    let (_, file) = replay(None, &[step(0, json!({})), step(8, json!({})), question]);
    let row = row_of(&file);
    assert_eq!(owners(&row), [SUBAGENT, "foreground"]);
    assert_eq!(row.waiting_kind, "question");
    assert_eq!(row.waiting_agent_id, None);
    // The foreground answers its own question; the subagent's dialog is still on screen.
    let (_, file) = replay(file, &[step(1, json!({}))]);
    let row = row_of(&file);
    assert_eq!(row.status, Status::Waiting);
    assert_eq!(owners(&row), [SUBAGENT]);
    assert_eq!(row.waiting_kind, "permission");
}

#[test]
fn a_subagents_session_end_never_deletes_the_row() {
    let end = step(
        14,
        json!({"agent_id": "afcfaec6b9e78cb1f", "agent_type": "general-purpose"}),
    );
    let (outcome, _) = replay(None, &[step(0, json!({})), step(1, json!({})), end.clone()]);
    assert!(matches!(outcome, Outcome::Keep), "{outcome:?}");

    let (outcome, file) = replay(None, &[step(0, json!({})), step(8, json!({})), end]);
    assert!(matches!(outcome, Outcome::Write { .. }), "{outcome:?}");
    let row = row_of(&file);
    assert_eq!(row.status, Status::Working);
    assert!(row.waits().is_empty());

    let unknown = step(14, json!({"agent_type": "general-purpose"}));
    let (outcome, _) = replay(None, &[step(0, json!({})), step(8, json!({})), unknown]);
    assert!(matches!(outcome, Outcome::Keep), "{outcome:?}");
}

#[test]
fn only_a_foreground_reply_clears_a_wait_known_only_by_its_agent_type() {
    let typed_only = step(8, json!({"agent_id": null}));
    let (_, file) = replay(None, &[step(0, json!({})), typed_only]);
    let row = row_of(&file);
    assert_eq!(owners(&row), ["unknown"]);
    assert_eq!(
        crate::view::waits::waiter(&row).as_deref(),
        Some(crate::t!("waiter-subagent", name = "general-purpose").as_str())
    );
    let (_, file) = replay(file, &[step(9, json!({}))]);
    assert_eq!(
        owners(&row_of(&file)),
        ["unknown"],
        "a subagent's event clears only its own"
    );
    let (_, file) = replay(
        file,
        &[step(9, json!({"agent_id": null, "agent_type": null}))],
    );
    assert!(
        row_of(&file).waits().is_empty(),
        "the foreground's clears it"
    );
}

#[test]
fn session_start_clears_every_wait_and_the_cooldown() {
    let (_, file) = replay(None, &[step(0, json!({})), step(8, json!({}))]);
    let before = row_of(&file);
    assert_eq!(before.waiting_notified_at, Some(NOW + 1.0));
    let (_, file) = replay(file, &[step(0, json!({"source": "resume"}))]);
    let row = row_of(&file);
    assert!(row.waits().is_empty());
    assert_ne!(row.status, Status::Waiting);
    assert_eq!(row.waiting_notified_at, None);
}

#[test]
fn a_new_agent_process_clears_every_wait() {
    let (_, file) = replay(None, &[step(0, json!({})), step(8, json!({}))]);
    let mut prev = file.expect("a row");
    prev.insert("agent_pid".into(), json!(1000));
    let event = normalize(
        &step(2, json!({"agent_id": null, "agent_type": null})),
        DEFAULT_PROVIDER,
    )
    .expect("accepted");
    let mut same = ctx(NOW + 5.0);
    same.agent_pid = Some(1000);
    let Outcome::Write { row, .. } = reduce(Some(&prev), &event, &same) else {
        panic!("a write")
    };
    assert_eq!(
        owners(&row),
        [SUBAGENT],
        "the same process keeps the subagent's wait"
    );
    let mut other = ctx(NOW + 5.0);
    other.agent_pid = Some(2000);
    let Outcome::Write { row, .. } = reduce(Some(&prev), &event, &other) else {
        panic!("a write")
    };
    assert!(row.waits().is_empty());
}

#[test]
fn a_row_without_owner_keys_reads_as_one_foreground_wait() {
    // As RiNG 0.17.2 (and ring before §3.16) wrote a waiting row.
    let old = json!({"session_id": "SESSION-ID", "provider": "claude", "cwd": "/WORK",
        "status": "waiting", "last_event": "Notification", "last_active": NOW - 5.0,
        "waiting_kind": "permission", "waiting_detail": "Bash: rm -rf build"});
    let (_, file) = replay(old.as_object().cloned(), &[step(6, json!({}))]);
    let row = row_of(&file);
    assert_eq!(
        row.status,
        Status::Waiting,
        "a subagent's tool call is no reply"
    );
    assert_eq!(owners(&row), ["foreground"]);
    assert_eq!(row.waiting_detail, "Bash: rm -rf build");
    let (_, file) = replay(
        file,
        &[step(9, json!({"agent_id": null, "agent_type": null}))],
    );
    assert_eq!(row_of(&file).status, Status::Working);
}

/// Issue 29 item 7: Claude's `PermissionRequest` is waiting at once in ring, and the stash
/// was taken only from one that came out working, so the later notification lost the command.
#[test]
fn a_request_then_a_tool_call_then_the_notification_names_the_command() {
    let request = step(8, json!({"agent_id": null, "agent_type": null}));
    let pre = step(6, json!({"agent_id": null, "agent_type": null}));
    let note = json!({"session_id": "SESSION-ID", "cwd": "/WORK", "hook_event_name": "Notification",
        "notification_type": "permission_prompt", "message": "Claude needs your permission to use Bash"});
    let (_, file) = replay(None, &[step(0, json!({})), request, pre, note]);
    let row = row_of(&file);
    assert_eq!(row.status, Status::Waiting);
    assert_eq!(row.waiting_kind, "permission");
    assert_eq!(
        row.waiting_detail,
        "Bash: echo ring-bash-ok > ring_bash_out.txt"
    );
}

#[test]
fn a_second_request_without_detail_keeps_the_first_ones() {
    let request = step(8, json!({"agent_id": null, "agent_type": null}));
    let bare = step(
        8,
        json!({"agent_id": null, "agent_type": null, "tool_name": null, "tool_input": null}),
    );
    let pre = step(6, json!({"agent_id": null, "agent_type": null}));
    let note = json!({"session_id": "SESSION-ID", "cwd": "/WORK", "hook_event_name": "Notification",
        "notification_type": "permission_prompt", "message": "Claude needs your permission"});
    let (_, file) = replay(None, &[request, bare, pre, note]);
    let row = row_of(&file);
    assert_eq!(
        row.pending_permission_detail.as_deref(),
        Some("Bash: echo ring-bash-ok > ring_bash_out.txt")
    );
    assert_eq!(
        row.waiting_detail,
        "Bash: echo ring-bash-ok > ring_bash_out.txt"
    );
}

#[test]
fn a_notification_without_owner_takes_the_subagents_request_it_can_only_be_about() {
    let note = json!({"session_id": "SESSION-ID", "cwd": "/WORK", "hook_event_name": "Notification",
        "notification_type": "permission_prompt", "message": "Claude needs your permission"});
    let (_, file) = replay(
        None,
        &[
            step(0, json!({})),
            step(8, json!({})),
            step(2, json!({})),
            note,
        ],
    );
    let row = row_of(&file);
    assert_eq!(row.last_event_owner.as_deref(), Some(SUBAGENT));
    assert_eq!(owners(&row), [SUBAGENT]);
    assert_eq!(
        row.waiting_detail,
        "Bash: echo ring-bash-ok > ring_bash_out.txt"
    );
}

#[test]
fn tty_and_pane_carry_over_from_the_same_process_and_a_subagent_never_names_its_own() {
    let mut first = ctx(NOW);
    first.tmux_pane = Some("%0".into());
    first.discovered_tty = Some("/dev/pts/0".into());
    let start = normalize(&step(0, json!({})), DEFAULT_PROVIDER).expect("accepted");
    let Outcome::Write { row, .. } = reduce(None, &start, &first) else {
        panic!("a write")
    };
    let prev = as_file(&row);
    for payload in [step(2, json!({})), step(6, json!({}))] {
        let event = normalize(&payload, DEFAULT_PROVIDER).expect("accepted");
        let mut bare = ctx(NOW + 1.0);
        bare.tmux_pane = if event.owner == FOREGROUND {
            None
        } else {
            Some("%9".into())
        };
        let Outcome::Write { row, .. } = reduce(Some(&prev), &event, &bare) else {
            panic!("a write")
        };
        assert_eq!(row.tmux_pane.as_deref(), Some("%0"), "{}", event.owner);
        assert_eq!(row.tty.as_deref(), Some("/dev/pts/0"), "{}", event.owner);
    }
    // A new start is a new binding: nothing is carried.
    let Outcome::Write { row, .. } = reduce(Some(&prev), &start, &ctx(NOW + 2.0)) else {
        panic!("a write")
    };
    assert_eq!((row.tmux_pane, row.tty), (None, None));
}

#[test]
fn the_owner_keys_are_written_in_ring_0_17_6s_shapes() {
    let (_, file) = replay(
        None,
        &[
            step(0, json!({})),
            step(8, json!({"tool_use_id": "TOOL-USE-ID-2"})),
        ],
    );
    let file = file.expect("a row");
    let waits = file["waiting_requests"]
        .as_object()
        .expect("an object by owner");
    let keys: Vec<&str> = waits[SUBAGENT]
        .as_object()
        .expect("a wait")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "owner",
            "kind",
            "detail",
            "waiting_for",
            "since",
            "revision",
            "tool_use_id",
            "agent_type"
        ]
    );
    assert_eq!(waits[SUBAGENT]["tool_use_id"], "TOOL-USE-ID-2");
    assert_eq!(waits[SUBAGENT]["revision"].as_str().map(str::len), Some(32));
    let pending = file["pending_permissions"].as_array().expect("a list");
    let keys: Vec<&str> = pending[0]
        .as_object()
        .expect("an item")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["owner", "request_id", "detail", "at"]);
    assert_eq!(pending[0]["request_id"], "TOOL-USE-ID-2");
    assert_eq!(file["last_event_owner"], SUBAGENT);
    assert_eq!(file["last_tool_use_id"], "TOOL-USE-ID-2");
    assert_eq!(file["waiting_agent_id"], "afcfaec6b9e78cb1f");
}

#[test]
fn a_ring_0_17_6_row_is_read_with_its_waits_in_order() {
    // The shape RiNG 0.17.6's hook writes (json.dumps of its payload dict).
    let text = br#"{"session_id": "claude:s", "provider": "claude", "cwd": "/w", "origin_cwd": "/w", "status": "waiting", "last_event": "PermissionRequest", "last_event_owner": "agent:b", "last_tool_use_id": "", "last_active": 1700000000.0, "heartbeat_at": 1700000000.0, "last_action": "-", "hook_pid": 7, "waiting_requests": {"agent:b": {"owner": "agent:b", "kind": "permission", "detail": "Bash: ls", "waiting_for": "", "since": 1699999990.0, "revision": "0f0f", "tool_use_id": ""}, "agent:a": {"owner": "agent:a", "kind": "question", "detail": "Which?", "waiting_for": "", "since": 1699999995.0, "revision": "1e1e", "tool_use_id": "t"}}, "pending_permissions": [{"owner": "agent:b", "request_id": "", "detail": "Bash: ls", "at": 1699999990.0}], "waiting_kind": "permission", "waiting_agent_id": "b", "waiting_detail": "Bash: ls"}"#;
    let row = decode_row(text).expect("decodes");
    assert_eq!(owners(&row), ["agent:b", "agent:a"]);
    assert_eq!(
        row.shown_wait().map(|w| w.revision),
        Some("0f0f".to_owned())
    );
    assert_eq!(row.pending_permissions.as_ref().map(Vec::len), Some(1));
    let listed = crate::view::waits::listed(&row);
    assert_eq!(
        listed.iter().map(|l| l.id.as_str()).collect::<Vec<_>>(),
        ["0f0f", "1e1e"]
    );
    assert_eq!(
        crate::view::waits::waiter(&row).as_deref(),
        Some(crate::t!("waiter-subagent", name = "b").as_str())
    );
    // And it round-trips through ring's writer unchanged in what RiNG reads.
    let again = decode_row(encode_row(&row).as_bytes()).expect("decodes");
    assert_eq!(again, row);
}

/// One AskUserQuestion, as Claude Code 2.1.328 sends it (`ask_tool.jsonl`: its PreToolUse,
/// then its PermissionRequest, then the permission_prompt reminder), with
/// `waiting_cooldown_seconds = 0`: it rings once (real-agent suite, claude ask_rings_once).
#[test]
fn one_question_rings_once_without_a_cooldown() {
    const ASK: &str = include_str!("../../../tests/fixtures/agents/claude/ask_tool.jsonl");
    let mut c = ctx(NOW);
    c.config.waiting_cooldown_seconds = 0;
    let mut file: Option<Map<String, Value>> = None;
    let mut rang = Vec::new();
    for (i, line) in ASK.lines().take(5).enumerate() {
        let payload: Value = serde_json::from_str(line).expect("a recorded payload");
        let Some(event) = normalize(&payload, DEFAULT_PROVIDER) else {
            continue;
        };
        c.now = NOW + i as f64;
        if let Outcome::Write { row, notify, .. } = reduce(file.as_ref(), &event, &c) {
            if notify {
                rang.push(event.event.clone());
            }
            file = Some(as_file(&row));
        }
    }
    assert_eq!(row_of(&file).waiting_kind, "question");
    assert_eq!(rang, ["PreToolUse"]);
}
