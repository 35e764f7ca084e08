use super::*;
use crate::event::normalize;
use rstest::rstest;
use serde_json::json;

const NOW: f64 = 1_700_000_000.0;

fn ev(payload: Value) -> Event {
    normalize(&payload, "claude-code").expect("payload is accepted")
}

fn ctx() -> Context<'static> {
    Context {
        now: NOW,
        hook_pid: 42,
        ..Context::default()
    }
}

fn obj(v: Value) -> Map<String, Value> {
    v.as_object().expect("test object").clone()
}

fn write(outcome: Outcome) -> (Row, Option<Transition>, bool) {
    match outcome {
        Outcome::Write {
            row,
            transition,
            notify,
        } => (*row, transition, notify),
        other => panic!("expected a write, got {other:?}"),
    }
}

fn run(prev: Option<Value>, payload: Value, ctx: &Context<'_>) -> (Row, Option<Transition>, bool) {
    let prev = prev.map(obj);
    write(reduce(prev.as_ref(), &ev(payload), ctx))
}

fn stop(extra: Value) -> Value {
    let mut p = obj(json!({"session_id": "s1", "hook_event_name": "Stop", "cwd": "/repo"}));
    p.extend(obj(extra));
    Value::Object(p)
}

#[rstest]
#[case::question_promotes(json!({"last_assistant_message": "Ship it?"}), true, Status::Waiting, "question", "Ship it?")]
#[case::statement_stays_idle(json!({"last_assistant_message": "Shipped."}), true, Status::Idle, "", "")]
#[case::disabled_by_config(json!({"last_assistant_message": "Ship it?"}), false, Status::Idle, "", "")]
#[case::explicit_false_still_promotes(json!({"last_assistant_message": "Ship it?", "requires_action": false}), true, Status::Waiting, "question", "Ship it?")]
#[case::explicit_true_skips(json!({"last_assistant_message": "Ship it?", "requires_action": true}), true, Status::Waiting, "idle", "")]
fn stop_question_promotion(
    #[case] extra: Value,
    #[case] detect: bool,
    #[case] status: Status,
    #[case] kind: &str,
    #[case] detail: &str,
) {
    let mut c = ctx();
    c.config.detect_stop_questions = detect;
    let (row, _, _) = run(None, stop(extra), &c);
    assert_eq!(
        (
            row.status,
            row.waiting_kind.as_str(),
            row.waiting_detail.as_str()
        ),
        (status, kind, detail)
    );
}

#[rstest]
#[case::transcript_path_is_read("transcript_path", Status::Waiting)]
#[case::camel_case_is_read("transcriptPath", Status::Waiting)]
#[case::rollout_path_is_not_read("rollout_path", Status::Idle)]
fn stop_question_transcript_fallback(#[case] key: &str, #[case] want: Status) {
    let records = vec![obj(
        json!({"type": "assistant", "message": {"content": [{"type": "text", "text": "Go on?"}]}}),
    )];
    let mut c = ctx();
    c.transcript = Some(&records);
    let (row, _, _) = run(None, stop(json!({ key: "/t.jsonl" })), &c);
    assert_eq!(row.status, want);
    assert_eq!(row.last_action, "Go on?", "records still give last_action");
}

#[test]
fn payload_message_wins_over_transcript_for_questions() {
    let records = vec![obj(
        json!({"type": "assistant", "message": {"content": [{"type": "text", "text": "Go on?"}]}}),
    )];
    let mut c = ctx();
    c.transcript = Some(&records);
    let (row, _, _) = run(
        None,
        stop(json!({"transcript_path": "/t", "last_assistant_message": "Done."})),
        &c,
    );
    assert_eq!(row.status, Status::Idle);
}

fn notification(kind: &str) -> Value {
    json!({"session_id": "s1", "hook_event_name": "Notification", "cwd": "/repo", "notification_type": kind, "message": "m"})
}

#[test]
fn ordinary_notification_keeps_waiting_fields_quietly() {
    let prev = json!({"status": "waiting", "waiting_for": "input", "waiting_kind": "question",
        "waiting_detail": "Pick?", "waiting_notified_at": NOW - 1000.0});
    let (row, transition, notify) = run(Some(prev), notification("idle_prompt"), &ctx());
    assert_eq!(row.status, Status::Waiting);
    assert_eq!(
        (
            row.waiting_for.as_str(),
            row.waiting_kind.as_str(),
            row.waiting_detail.as_str()
        ),
        ("input", "question", "Pick?")
    );
    assert_eq!((transition, notify), (None, false));
    assert_eq!(row.waiting_notified_at, Some(NOW - 1000.0));
}

#[rstest]
#[case::legacy_row_without_kind(json!({"status": "waiting", "waiting_for": "input"}), "input", "", "")]
// RiNG 0.17.6 reads an old row's wait as text fields only (`read_waiting_requests`): a
// non-string is "" (0.17.2 kept `str()` of it).
#[case::non_strings_read_as_empty(json!({"status": "waiting", "waiting_kind": 5, "waiting_detail": null}), "", "", "")]
fn kept_fields_are_converted_to_text(
    #[case] prev: Value,
    #[case] waiting_for: &str,
    #[case] kind: &str,
    #[case] detail: &str,
) {
    let (row, _, _) = run(Some(prev), notification("idle_prompt"), &ctx());
    assert_eq!(
        (
            row.waiting_for.as_str(),
            row.waiting_kind.as_str(),
            row.waiting_detail.as_str()
        ),
        (waiting_for, kind, detail)
    );
}

#[rstest]
#[case::stop_clears("waiting", stop(json!({})), Status::Idle)]
#[case::prompt_clears("waiting", json!({"session_id": "s1", "hook_event_name": "UserPromptSubmit"}), Status::Working)]
#[case::codex_bare_request_clears("waiting", json!({"session_id": "s1", "provider": "codex", "hook_event_name": "PermissionRequest", "tool_name": "Bash"}), Status::Working)]
#[case::stop_failure_clears("waiting", json!({"session_id": "s1", "hook_event_name": "StopFailure", "error": "server_error"}), Status::Idle)]
#[case::explicit_false_unknown_event("waiting", json!({"session_id": "s1", "hook_event_name": "X", "requires_action": false}), Status::Idle)]
#[case::upper_case_prev_status_is_not_waiting("WAITING", notification("idle_prompt"), Status::Idle)]
#[case::prev_idle_is_not_kept("idle", notification("idle_prompt"), Status::Idle)]
fn only_notification_keeps_waiting(
    #[case] prev_status: &str,
    #[case] payload: Value,
    #[case] want: Status,
) {
    let (row, _, _) = run(Some(json!({"status": prev_status})), payload, &ctx());
    assert_eq!(row.status, want);
}

fn session_end() -> Event {
    ev(json!({"session_id": "s1", "hook_event_name": "SessionEnd", "cwd": "/repo"}))
}

#[rstest]
#[case::prev_working_logs(Some(json!({"status": "working"})), true)]
#[case::prev_without_status_logs_nothing(Some(json!({"cwd": "/x"})), false)]
#[case::no_prev_logs_nothing(None, false)]
#[case::prev_ended_logs_nothing(Some(json!({"status": "ended"})), false)]
#[case::prev_non_string_status_logs(Some(json!({"status": 5})), true)]
fn session_end_deletes(#[case] prev: Option<Value>, #[case] logs: bool) {
    let prev = prev.map(obj);
    let Outcome::Delete { transition } = reduce(prev.as_ref(), &session_end(), &ctx()) else {
        panic!("SessionEnd must delete");
    };
    assert_eq!(transition.is_some(), logs);
    if let Some(t) = transition {
        assert_eq!(
            (t.status, t.ts, t.session_id.as_str()),
            (Status::Ended, NOW, "s1")
        );
    }
}

#[test]
fn row_fields_are_rebuilt_not_sticky_but_the_terminal_of_the_same_process() {
    let prev = json!({"status": "working", "cwd": "/old", "origin_cwd": "/first", "tty": "/dev/pts/1",
        "tmux_pane": "%1", "source_path": "/t", "waiting_for": "input", "todo": [1, 2], "label": "x"});
    let payload = json!({"session_id": "s1", "hook_event_name": "PostToolUse", "cwd": "/new"});
    let (row, transition, notify) = run(Some(prev), payload, &ctx());
    let mut want = Row::new("s1");
    want.cwd = "/new".into();
    want.origin_cwd = "/new".into();
    want.status = Status::Working;
    want.last_event = Some("PostToolUse".into());
    want.last_active = NOW;
    want.heartbeat_at = NOW;
    want.hook_pid = Some(42);
    // §3.16: the same agent process keeps its terminal when the event does not name it.
    want.tty = Some("/dev/pts/1".into());
    want.tmux_pane = Some("%1".into());
    want.last_event_owner = Some("foreground".into());
    want.last_tool_use_id = Some(String::new());
    want.waiting_requests = Some(Vec::new());
    want.pending_permissions = Some(Vec::new());
    assert_eq!(row, want);
    assert_eq!((transition, notify), (None, false));
}

#[test]
fn payload_text_is_raw_last_action_and_transcript_records_override_it() {
    let payload = json!({"session_id": "s1", "hook_event_name": "PreToolUse", "message": "  two\nlines ",
        "transcript_path": "/t"});
    let (row, _, _) = run(None, payload.clone(), &ctx());
    assert_eq!(
        row.last_action, "  two\nlines ",
        "no records: payload text, raw"
    );
    assert_eq!(row.source_path, "/t");

    let records = vec![obj(json!({"type": "user", "message": {"content": "x"}}))];
    let mut c = ctx();
    c.transcript = Some(&records);
    let (row, _, _) = run(None, payload, &c);
    assert_eq!(
        row.last_action, "—",
        "records without an action give the dash"
    );
}

#[test]
fn todo_comes_from_records() {
    let records = vec![obj(json!({"type": "assistant", "message": {"content": [
        {"type": "tool_use", "name": "TodoWrite", "input": {"todos": [{"status": "completed"}, {}]}}]}}))];
    let mut c = ctx();
    c.transcript = Some(&records);
    let (row, _, _) = run(None, stop(json!({"transcript_path": "/t"})), &c);
    assert_eq!(row.todo, Some((1, 2)));
}

fn permission_request(extra: Value) -> Value {
    let mut p = obj(
        json!({"session_id": "s1", "hook_event_name": "PermissionRequest", "cwd": "/repo",
        "tool_name": "Bash", "tool_input": {"command": "npm test"}}),
    );
    p.extend(obj(extra));
    Value::Object(p)
}

fn stashed(at: Value) -> Value {
    json!({"status": "working", "pending_permission_detail": "Bash: npm test", "pending_permission_detail_at": at})
}

#[test]
fn codex_bare_permission_request_stashes_its_detail() {
    let (row, _, notify) = run(
        None,
        permission_request(json!({"provider": "codex"})),
        &ctx(),
    );
    assert_eq!(row.status, Status::Working);
    assert_eq!(
        row.pending_permission_detail.as_deref(),
        Some("Bash: npm test")
    );
    assert_eq!(row.pending_permission_detail_at, Some(NOW));
    assert!(!notify);
}

#[rstest]
#[case::without_detail(json!({"session_id": "s1", "hook_event_name": "PermissionRequest"}))]
#[case::waiting_request_does_not_stash(permission_request(json!({"requires_action": true})))]
fn permission_request_without_stash(#[case] payload: Value) {
    let (row, _, _) = run(None, payload, &ctx());
    assert_eq!(row.pending_permission_detail, None);
}

#[rstest]
#[case::carried_within_ttl("PreToolUse", json!(NOW - 120.0), Some(NOW - 120.0))]
#[case::dropped_after_ttl("PreToolUse", json!(NOW - 120.5), None)]
#[case::int_stamp_counts("Notification", json!(1_699_999_990), Some(1_699_999_990.0))]
#[case::bool_stamp_ignored("PreToolUse", json!(true), None)]
#[case::string_stamp_ignored("PreToolUse", json!("1699999990"), None)]
#[case::post_tool_use_clears("PostToolUse", json!(NOW), None)]
#[case::prompt_clears("UserPromptSubmit", json!(NOW), None)]
#[case::stop_clears("Stop", json!(NOW), None)]
fn stash_carry_rules(#[case] event: &str, #[case] at: Value, #[case] want: Option<f64>) {
    let payload = json!({"session_id": "s1", "hook_event_name": event, "cwd": "/repo"});
    let (row, _, _) = run(Some(stashed(at)), payload, &ctx());
    assert_eq!(row.pending_permission_detail_at, want);
    assert_eq!(row.pending_permission_detail.is_some(), want.is_some());
}

#[test]
fn permission_notification_uses_the_stash_as_detail() {
    let (row, _, notify) = run(
        Some(stashed(json!(NOW - 6.0))),
        notification("permission_prompt"),
        &ctx(),
    );
    assert_eq!(
        (
            row.status,
            row.waiting_kind.as_str(),
            row.waiting_detail.as_str()
        ),
        (Status::Waiting, "permission", "Bash: npm test")
    );
    assert!(notify);
}

#[test]
fn question_notification_keeps_its_own_detail() {
    let (row, _, _) = run(
        Some(stashed(json!(NOW))),
        notification("agent_needs_input"),
        &ctx(),
    );
    assert_eq!(
        (row.waiting_kind.as_str(), row.waiting_detail.as_str()),
        ("question", "m")
    );
}

#[rstest]
#[case::payload_tty_wins("/dev/pts/1", Some("/dev/pts/2"), Some("/dev/pts/1"))]
#[case::discovered_fallback("", Some("/dev/pts/2"), Some("/dev/pts/2"))]
#[case::empty_discovered_is_none("", Some(""), None)]
#[case::none("", None, None)]
fn tty_priority(
    #[case] payload_tty: &str,
    #[case] found: Option<&str>,
    #[case] want: Option<&str>,
) {
    let mut c = ctx();
    c.discovered_tty = found.map(str::to_owned);
    let (row, _, _) = run(None, stop(json!({"tty": payload_tty})), &c);
    assert_eq!(row.tty.as_deref(), want);
}

#[rstest]
#[case::never_notified(json!({"status": "idle"}), 180, true, Some(NOW))]
#[case::within_cooldown(json!({"status": "idle", "waiting_notified_at": NOW - 179.0}), 180, false, Some(NOW - 179.0))]
#[case::cooldown_boundary_rings(json!({"status": "waiting", "waiting_notified_at": NOW - 180.0}), 180, true, Some(NOW))]
#[case::zero_cooldown_always(json!({"status": "idle", "waiting_notified_at": NOW}), 0, true, Some(NOW))]
#[case::bool_stamp_is_none(json!({"status": "idle", "waiting_notified_at": true}), 180, true, Some(NOW))]
#[case::string_stamp_is_none(json!({"status": "idle", "waiting_notified_at": "1699999999"}), 180, true, Some(NOW))]
fn notification_cooldown(
    #[case] prev: Value,
    #[case] cooldown: i64,
    #[case] rings: bool,
    #[case] stamp: Option<f64>,
) {
    let mut c = ctx();
    c.config.waiting_cooldown_seconds = cooldown;
    let (row, _, notify) = run(Some(prev), notification("permission_prompt"), &c);
    assert_eq!((notify, row.waiting_notified_at), (rings, stamp));
}

#[test]
fn stamp_survives_non_waiting_rows() {
    let (row, _, notify) = run(
        Some(json!({"status": "waiting", "waiting_notified_at": NOW - 5.0})),
        stop(json!({})),
        &ctx(),
    );
    assert_eq!(
        (row.status, notify, row.waiting_notified_at),
        (Status::Idle, false, Some(NOW - 5.0))
    );
}

#[rstest]
#[case::missing_prev_counts_as_change(None, true)]
#[case::same_status_no_change(Some(json!({"status": "idle"})), false)]
#[case::other_status_changes(Some(json!({"status": "working"})), true)]
#[case::corrupt_prev_counts_as_missing(Some(json!({})), true)]
fn transition_on_status_change(#[case] prev: Option<Value>, #[case] logged: bool) {
    let (_, transition, _) = run(prev, stop(json!({})), &ctx());
    assert_eq!(transition.is_some(), logged);
    if let Some(t) = transition {
        assert_eq!(
            t,
            Transition {
                ts: NOW,
                session_id: "s1".into(),
                provider: "claude-code".into(),
                cwd: "/repo".into(),
                status: Status::Idle
            }
        );
    }
}

#[test]
fn rings_own_fields_come_from_the_context() {
    let mut c = ctx();
    c.tmux_pane = Some(" %4 ".into());
    c.tmux_socket = Some("/tmp/tmux-1/default".into());
    c.zellij_session = Some("z".into());
    c.zellij_pane = Some("".into());
    c.agent_pid = Some(7);
    let (row, _, _) = run(
        Some(json!({"zellij_pane": "3", "agent_pid": 1})),
        stop(json!({})),
        &c,
    );
    assert_eq!(row.tmux_pane.as_deref(), Some("%4"));
    assert_eq!(row.tmux_socket.as_deref(), Some("/tmp/tmux-1/default"));
    assert_eq!(row.zellij_session.as_deref(), Some("z"));
    assert_eq!(row.zellij_pane, None, "not sticky, empty is absent");
    assert_eq!(row.agent_pid, Some(7));
}

/// Claude Code sends PermissionRequest only with its dialog on screen (the real-agent suite,
/// `claude/permission`): waiting at once, kind and detail from the request, and it rings.
#[rstest]
#[case::bash(json!({}), "permission", "Bash: npm test", Some("Bash: npm test"))]
#[case::ask_user_question(json!({"tool_name": "AskUserQuestion", "tool_input": {"questions": [{"question": "Which db?"}]}}), "question", "AskUserQuestion: Which db?", None)]
#[case::exit_plan_mode(json!({"tool_name": "ExitPlanMode", "tool_input": {}}), "plan", "ExitPlanMode", Some("ExitPlanMode"))]
fn claude_permission_request_waits_at_once(
    #[case] extra: Value,
    #[case] kind: &str,
    #[case] detail: &str,
    #[case] captured: Option<&str>,
) {
    let (row, transition, notify) = run(None, permission_request(extra), &ctx());
    assert_eq!(
        (
            row.status,
            row.waiting_kind.as_str(),
            row.waiting_detail.as_str()
        ),
        (Status::Waiting, kind, detail)
    );
    assert!(notify);
    assert_eq!(transition.map(|t| t.status), Some(Status::Waiting));
    // Captured whenever RiNG would (a request RiNG takes as working, §3.8), whatever ring
    // shows: the permission notification that follows needs it (issue 29 item 7).
    assert_eq!(row.pending_permission_detail.as_deref(), captured);
}

/// The `permission_prompt` Notification Claude sends ~6 s after the dialog says "permission"
/// for a question too: the wait keeps what the request said, and does not ring twice.
#[test]
fn permission_prompt_after_a_claude_request_keeps_kind_and_detail() {
    let request = permission_request(json!({"tool_name": "AskUserQuestion",
        "tool_input": {"questions": [{"question": "Which db?"}]}}));
    let (first, _, _) = run(None, request, &ctx());
    let prev: Value =
        serde_json::from_str(&crate::registry::encode_row(&first)).expect("row is JSON");
    let mut later = ctx();
    later.now = NOW + 6.0;
    let (row, transition, notify) = run(Some(prev), notification("permission_prompt"), &later);
    assert_eq!(
        (
            row.status,
            row.waiting_kind.as_str(),
            row.waiting_detail.as_str()
        ),
        (Status::Waiting, "question", "AskUserQuestion: Which db?")
    );
    assert!(!notify);
    assert_eq!(transition, None);
}

/// The detail shown is the freshest: Claude appends to its transcript after the hook read
/// it, so the event's own tool or final text wins over the transcript's newest record.
#[rstest]
#[case::pre_tool_use(json!({"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Bash",
    "tool_input": {"command": "npm test"}, "transcript_path": "/t"}), "\u{2192} Bash: npm test")]
#[case::stop_text(json!({"session_id": "s1", "hook_event_name": "Stop", "transcript_path": "/t",
    "last_assistant_message": "  All done.\nDetails follow."}), "All done.")]
#[case::post_tool_use_keeps_the_transcript(json!({"session_id": "s1", "hook_event_name": "PostToolUse",
    "tool_name": "Bash", "tool_input": {"command": "npm test"}, "transcript_path": "/t"}), "\u{2192} Read a.rs")]
fn the_payloads_own_action_is_fresher_than_the_transcript(
    #[case] payload: Value,
    #[case] want: &str,
) {
    let records = vec![obj(json!({"type": "assistant", "message": {"content": [
        {"type": "tool_use", "name": "Read", "input": {"file_path": "/r/a.rs"}}]}}))];
    let mut c = ctx();
    c.transcript = Some(&records);
    let (row, _, _) = run(None, payload, &c);
    assert_eq!(row.last_action, want);
}
