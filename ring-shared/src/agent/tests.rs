use super::*;
use crate::registry::OwnStatus;
use crate::registry::Row;
use rstest::rstest;

const T: f64 = 1_796_162_000.0;

/// The recorded session files of the real-agent suite (`claude/<scenario>.sessions.jsonl`):
/// the one of `step`.
#[allow(clippy::disallowed_methods)] // Test code: the fixture is a file (ring-shared/clippy.toml).
fn recorded(scenario: &str, step: &str) -> OwnState {
    let path = format!(
        "{}/tests/fixtures/agents/claude/{scenario}.sessions.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("fixture");
    let line = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON line"))
        .find(|v| v["step"] == step)
        .expect("step recorded");
    let bytes = serde_json::to_vec(&line["session_file"]).expect("bytes");
    parse_claude_session(&bytes).expect("a session file")
}

fn hook_row(status: Status, last_event: &str, last_active: f64) -> Session {
    let mut row = Row::new("SESSION-ID");
    row.cwd = "/WORK".into();
    row.status = status;
    row.last_event = Some(last_event.into());
    row.last_active = last_active;
    if status == Status::Waiting {
        row.waiting_kind = "permission".into();
        row.waiting_detail = "Bash: rm x".into();
    }
    Session::from_hook(row)
}

fn state(status: OwnStatus, at: f64, alive: Option<bool>) -> OwnState {
    OwnState {
        provider: "claude-code".into(),
        session_id: "SESSION-ID".into(),
        pid: 10_001,
        proc_start: Some(71_824),
        pid_domain: None,
        cwd: "/WORK".into(),
        status,
        waiting_for: if status == OwnStatus::Waiting {
            "input needed".into()
        } else {
            String::new()
        },
        updated_at: at,
        alive,
    }
}

#[test]
fn parses_claude_code_2_1_328_session_files() {
    let s = recorded("ask_tool", "ask-dialog");
    assert_eq!(
        (s.session_id.as_str(), s.pid, s.cwd.as_str(), s.status),
        ("SESSION-ID", 10_001, "/WORK", OwnStatus::Waiting)
    );
    assert_eq!(s.waiting_for, "input needed");
    assert!(
        s.updated_at > 1.7e9 && s.updated_at < 1.9e9,
        "{}",
        s.updated_at
    );
    assert_eq!(recorded("basic", "start").status, OwnStatus::Idle);
}

#[rstest]
#[case::not_json(b"{" as &[u8])]
#[case::no_status(br#"{"pid": 1, "sessionId": "s", "updatedAt": 1}"#)]
#[case::unknown_status(br#"{"pid": 1, "sessionId": "s", "status": "odd", "updatedAt": 1}"#)]
#[case::no_id(br#"{"pid": 1, "status": "idle", "updatedAt": 1}"#)]
#[case::no_pid(br#"{"sessionId": "s", "status": "idle", "updatedAt": 1}"#)]
#[case::no_time(br#"{"pid": 1, "sessionId": "s", "status": "idle"}"#)]
fn other_files_are_not_session_files(#[case] bytes: &[u8]) {
    assert_eq!(parse_claude_session(bytes), None);
}

/// Esc on a dialog (a denial) and Esc while thinking send no hook event: Claude's own file
/// says idle, and so does the board.
#[rstest]
#[case::esc_on_a_dialog(Status::Waiting, "PermissionRequest")]
#[case::esc_while_thinking(Status::Working, "UserPromptSubmit")]
#[case::esc_after_the_notification(Status::Waiting, "Notification")]
fn a_turn_cancelled_without_stop_is_idle(#[case] status: Status, #[case] last_event: &str) {
    let mut sessions = [hook_row(status, last_event, T)];
    apply(
        &mut sessions,
        &[state(OwnStatus::Idle, T + 2.0, Some(true))],
    );
    let row = &sessions[0].row;
    assert_eq!((row.status, row.waiting_kind.as_str()), (Status::Idle, ""));
    assert_eq!(row.last_active, T + 2.0);
}

#[test]
fn a_question_asked_at_stop_stays_waiting_while_claude_is_idle() {
    let mut sessions = [hook_row(Status::Waiting, "Stop", T)];
    apply(
        &mut sessions,
        &[state(OwnStatus::Idle, T + 0.2, Some(true))],
    );
    assert_eq!(sessions[0].row.status, Status::Waiting);
}

#[rstest]
#[case::older_state_changes_nothing(OwnStatus::Idle, T - 1.0, Some(true), Status::Working)]
#[case::unknown_process_changes_nothing(OwnStatus::Idle, T + 1.0, None, Status::Working)]
#[case::a_gone_process_ends_the_row(OwnStatus::Busy, T - 100.0, Some(false), Status::Ended)]
#[case::busy_after_an_approval_works(OwnStatus::Busy, T + 1.0, Some(true), Status::Working)]
#[case::a_dialog_the_hooks_missed_waits(OwnStatus::Waiting, T + 1.0, Some(true), Status::Waiting)]
fn the_newer_word_of_a_live_agent_wins(
    #[case] own: OwnStatus,
    #[case] at: f64,
    #[case] alive: Option<bool>,
    #[case] want: Status,
) {
    let mut sessions = [hook_row(Status::Working, "PreToolUse", T)];
    apply(&mut sessions, &[state(own, at, alive)]);
    assert_eq!(sessions[0].row.status, want);
}

/// Claude's `waitingFor` names the dialog's kind; `dialog open` (any other dialog of Claude
/// Code 2.1.328 / 2.1.332's, issue 29) is a wait of no known kind, not a permission.
#[rstest]
#[case::permission("permission prompt", "permission")]
#[case::question("input needed", "question")]
#[case::other_dialog("dialog open", "")]
fn a_dialog_the_hooks_missed_waits_with_the_kind_claude_names(
    #[case] waiting_for: &str,
    #[case] kind: &str,
) {
    let mut sessions = [hook_row(Status::Working, "PreToolUse", T)];
    let mut own = state(OwnStatus::Waiting, T + 1.0, Some(true));
    own.waiting_for = waiting_for.into();
    apply(&mut sessions, &[own]);
    let row = &sessions[0].row;
    assert_eq!(
        (
            row.status,
            row.waiting_kind.as_str(),
            row.waiting_detail.as_str()
        ),
        (Status::Waiting, kind, waiting_for)
    );
}

#[test]
fn a_waiting_row_keeps_the_hooks_kind_and_detail() {
    let mut sessions = [hook_row(Status::Waiting, "PermissionRequest", T)];
    apply(
        &mut sessions,
        &[state(OwnStatus::Waiting, T + 1.0, Some(true))],
    );
    let row = &sessions[0].row;
    assert_eq!(
        (row.waiting_kind.as_str(), row.waiting_detail.as_str()),
        ("permission", "Bash: rm x")
    );
}

/// Without hooks (real-agent suite, claude nohooks): the live process's synthetic row becomes
/// the session, waiting with the kind Claude names.
#[test]
fn without_hooks_the_agent_takes_over_its_synthetic_row() {
    let mut synthetic = Row::new("synthetic:/WORK");
    synthetic.cwd = "/WORK".into();
    synthetic.last_active = T + 50.0;
    let mut sessions = [Session {
        source: Source::Proc,
        ..Session::from_hook(synthetic)
    }];
    apply(&mut sessions, &[state(OwnStatus::Waiting, T, Some(true))]);
    let row = &sessions[0].row;
    assert_eq!(row.session_id, "SESSION-ID");
    assert_eq!(
        (row.status, row.waiting_kind.as_str()),
        (Status::Waiting, "question")
    );
}

#[test]
fn another_providers_row_of_the_same_id_is_left_alone() {
    let mut codex = hook_row(Status::Working, "PreToolUse", T);
    codex.row.provider = "codex".into();
    let mut sessions = [codex];
    apply(
        &mut sessions,
        &[state(OwnStatus::Idle, T + 5.0, Some(true))],
    );
    assert_eq!(sessions[0].row.status, Status::Working);
}

/// Esc on a dialog (real-agent suite, claude esc_permission): Claude appends metadata to the
/// transcript afterwards, so the transcript's row looks newer than Claude's own `idle`; a
/// zero-config row takes the live agent's word whatever its time.
#[test]
fn a_zero_config_row_takes_the_agents_word_whatever_its_time() {
    let mut scan = hook_row(Status::Working, "PreToolUse", T + 30.0);
    scan.source = Source::Scan;
    let mut sessions = [scan];
    apply(&mut sessions, &[state(OwnStatus::Idle, T, Some(true))]);
    assert_eq!(sessions[0].row.status, Status::Idle);
}

/// Without hooks (real-agent suite, claude nohooks/text-question): the transcript's turn ended
/// with a question and Claude is idle at its prompt; the question still waits for the user.
#[test]
fn a_zero_config_question_stays_waiting_while_claude_is_idle() {
    let mut scan = hook_row(Status::Waiting, "Stop", T);
    scan.row.last_event = None;
    scan.row.waiting_kind = "question".into();
    scan.source = Source::Scan;
    let mut sessions = [scan];
    apply(
        &mut sessions,
        &[state(OwnStatus::Idle, T + 1.0, Some(true))],
    );
    assert_eq!(sessions[0].row.status, Status::Waiting);
}

/// The end of Gemini CLI 0.61.0's chat file after an Esc at its approval dialog (real-agent
/// suite, gemini/esc_permission; the tool call's record shortened).
const GEMINI_CANCELLED_TAIL: &str = r#"ls":[{"id":"run_shell_command_1","name":"run_shell_command","args":{"command":"echo ok"}}]}
{"id":"81a6f8cb","timestamp":"2026-12-02T03:37:04.174Z","type":"info","content":"Request cancelled."}
{"$set":{"lastUpdated":"2026-12-02T03:37:04.174Z"}}
{"id":"9cf75e0d","timestamp":"2026-12-02T03:37:04.174Z","type":"user","content":[{"text":"<session_context>\nThis is the Gemini CLI."}]}
{"$set":{"messages":[{"id":"9cf75e0d","type":"user","content":[{"text":"<session_context>\nThis is the Gemini CLI."}]}],"lastUpdated":"2026-12-02T03:37:04.174Z"}}
"#;

#[test]
fn a_gemini_chat_ending_with_a_cancel_says_when() {
    let at = gemini_cancelled_at(GEMINI_CANCELLED_TAIL.as_bytes()).expect("a cancel");
    assert!((at - 1_796_182_624.174).abs() < 1e-3, "{at}");
}

#[rstest]
#[case::answer_after_it(concat!(
    r#"{"id":"1","timestamp":"2026-12-02T03:37:04.174Z","type":"info","content":"Request cancelled."}"#, "\n",
    r#"{"id":"2","timestamp":"2026-12-02T03:37:14.620Z","type":"gemini","content":"Hello again"}"#, "\n"))]
#[case::a_prompt_after_it(concat!(
    r#"{"id":"1","timestamp":"2026-12-02T03:37:04.174Z","type":"info","content":"Request cancelled."}"#, "\n",
    r#"{"id":"2","timestamp":"2026-12-02T03:37:13.999Z","type":"user","content":[{"text":"RING_AGAIN"}]}"#, "\n"))]
#[case::other_info(r#"{"id":"1","timestamp":"2026-12-02T03:37:04.174Z","type":"info","content":"Switched model."}"#)]
#[case::no_record("{\"$set\":{\"lastUpdated\":\"2026-12-02T03:37:04.174Z\"}}\n")]
#[case::not_json("Request cancelled.")]
fn anything_else_at_a_gemini_chats_end_says_nothing(#[case] tail: &str) {
    assert_eq!(gemini_cancelled_at(tail.as_bytes()), None);
}

#[test]
fn a_gemini_cancel_after_the_dialog_settles_its_wait() {
    let mut session = hook_row(Status::Waiting, "Notification", T);
    session.row.session_id = "gemini:SESSION-ID".into();
    session.row.provider = "gemini".into();
    session.row.waiting_kind = "permission".into();
    let mut sessions = vec![session];
    apply(
        &mut sessions,
        &[gemini_cancelled(
            "gemini:SESSION-ID",
            "/WORK",
            None,
            T + 2.0,
        )],
    );
    assert_eq!(sessions[0].row.status, Status::Idle);
    assert_eq!(sessions[0].row.waiting_kind, "");
    // A cancel from before the row's last event (an older dialog) changes nothing.
    let mut session = hook_row(Status::Waiting, "Notification", T);
    session.row.session_id = "gemini:SESSION-ID".into();
    session.row.provider = "gemini".into();
    let mut sessions = vec![session];
    apply(
        &mut sessions,
        &[gemini_cancelled(
            "gemini:SESSION-ID",
            "/WORK",
            None,
            T - 2.0,
        )],
    );
    assert_eq!(sessions[0].row.status, Status::Waiting);
}
