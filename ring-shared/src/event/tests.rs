use super::*;
use rstest::rstest;
use serde_json::json;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

fn norm(payload: Value) -> Event {
    normalize(&payload, DEFAULT_PROVIDER).expect("payload is accepted")
}

#[rstest]
#[case::no_args(&[], "claude-code")]
#[case::flag_with_value(&["--provider", "codex"], "codex")]
#[case::lone_flag_is_ignored(&["--provider"], "claude-code")]
#[case::equals_form(&["--provider=gemini"], "gemini")]
#[case::equals_form_empty(&["--provider="], "")]
#[case::positional(&["codex"], "codex")]
#[case::empty_positional(&[""], "")]
#[case::other_flag_first_stops_parsing(&["-x", "codex"], "claude-code")]
#[case::only_first_argument_counts(&["codex", "gemini"], "codex")]
fn hook_args_choose_provider(#[case] list: &[&str], #[case] want: &str) {
    assert_eq!(
        parse_hook_args(&args(list)),
        HookArgs::Provider(want.into())
    );
}

#[rstest]
#[case::short(&["-h"])]
#[case::long_after_provider(&["--provider", "codex", "--help"])]
#[case::after_positional(&["codex", "-h"])]
#[case::as_provider_value(&["--provider", "-h"])]
fn help_anywhere_wins(#[case] list: &[&str]) {
    assert_eq!(parse_hook_args(&args(list)), HookArgs::Help);
}

#[rstest]
#[case::not_an_object(json!([1, 2]))]
#[case::string(json!("x"))]
#[case::null(json!(null))]
#[case::missing_session_id(json!({"hook_event_name": "Stop"}))]
#[case::empty_session_id(json!({"hook_event_name": "Stop", "session_id": ""}))]
#[case::numeric_session_id(json!({"hook_event_name": "Stop", "session_id": 7}))]
#[case::missing_event(json!({"session_id": "s"}))]
#[case::event_is_case_sensitive(json!({"session_id": "s", "event": "stop"}))]
#[case::event_is_not_trimmed(json!({"session_id": "s", "event": " Stop"}))]
#[case::unknown_event(json!({"session_id": "s", "event": "WeirdEvent"}))]
fn ignored_payloads(#[case] payload: Value) {
    assert_eq!(normalize(&payload, DEFAULT_PROVIDER), None);
}

#[rstest]
#[case::cli_default("claude-code", json!({}), "claude-code", "s1", Some("claude"))]
#[case::claude_alias("claude", json!({}), "claude-code", "s1", Some("claude"))]
#[case::codex_qualifies("codex", json!({}), "codex", "codex:s1", Some("codex"))]
#[case::payload_overrides_and_normalizes("codex", json!({"provider": " Claude_Code "}), "claude-code", "s1", Some("claude"))]
#[case::upper_case_codex("x", json!({"provider": "CODEX"}), "codex", "codex:s1", Some("codex"))]
#[case::underscores_become_dashes("claude-code", json!({"provider": "my_tool"}), "my-tool", "my-tool:s1", None)]
#[case::empty_cli_is_generic("", json!({}), "generic", "generic:s1", None)]
#[case::blank_payload_provider_is_generic("codex", json!({"provider": "  "}), "generic", "generic:s1", None)]
#[case::non_string_provider_ignored("codex", json!({"provider": 5}), "codex", "codex:s1", Some("codex"))]
#[case::source_is_not_provider("claude-code", json!({"source": "startup"}), "claude-code", "s1", Some("claude"))]
fn provider_choice_and_id_qualification(
    #[case] cli: &str,
    #[case] extra: Value,
    #[case] provider: &str,
    #[case] sid: &str,
    #[case] process: Option<&str>,
) {
    let mut payload = json!({"session_id": "s1", "hook_event_name": "Stop"});
    payload
        .as_object_mut()
        .expect("object")
        .extend(extra.as_object().expect("object").clone());
    let e = normalize(&payload, cli).expect("accepted");
    assert_eq!(
        (e.provider.as_str(), e.session_id.as_str(), e.process_name),
        (provider, sid, process)
    );
}

#[rstest]
#[case::colon_kept_for_codex("codex", "abc:def", "abc:def")]
#[case::colon_kept_for_claude("claude-code", "x:y", "x:y")]
#[case::generic_prefix("gemini", "g1", "gemini:g1")]
fn session_id_with_colon_is_kept(#[case] cli: &str, #[case] sid: &str, #[case] want: &str) {
    let e = normalize(&json!({"session_id": sid, "event": "Stop"}), cli).expect("accepted");
    assert_eq!(e.session_id, want);
}

#[test]
fn key_aliases_are_read_in_priority_order() {
    let e = norm(json!({
        "hookEventName": "Stop", "event_name": "PostToolUse",
        "threadId": "t", "id": "later",
        "currentWorkingDirectory": "/c", "current_working_directory": "",
        "rolloutPath": "/r", "tty": "/dev/pts/1",
        "title": "t", "message": "m",
    }));
    assert_eq!(e.event, "PostToolUse");
    assert_eq!(e.session_id, "t");
    assert_eq!(e.cwd, "/c");
    assert_eq!(e.transcript_path, "/r");
    assert!(
        !e.question_reads_transcript,
        "rollout paths are not read for questions"
    );
    assert_eq!(e.tty, "/dev/pts/1");
    assert_eq!(e.last_action, "m");
}

#[rstest]
#[case::snake(json!({"transcript_path": "/t"}), true)]
#[case::camel_after_empty(json!({"transcript_path": "", "transcriptPath": "/t"}), true)]
#[case::truthy_non_string_blocks(json!({"transcript_path": 5, "transcriptPath": "/t"}), false)]
#[case::falsy_non_string_falls_through(json!({"transcript_path": 0, "transcriptPath": "/t"}), true)]
#[case::rollout_only(json!({"rollout_path": "/t"}), false)]
fn question_transcript_fallback_keys(#[case] extra: Value, #[case] want: bool) {
    let mut payload = json!({"session_id": "s", "event": "Stop"});
    payload
        .as_object_mut()
        .expect("object")
        .extend(extra.as_object().expect("object").clone());
    assert_eq!(norm(payload).question_reads_transcript, want);
}

#[rstest]
#[case::bool_true(json!({"requires_action": true}), Some(true))]
#[case::string_yes(json!({"requiresAction": " YES "}), Some(true))]
#[case::string_off(json!({"interactive": "off"}), Some(false))]
#[case::numbers_are_ignored(json!({"requires_action": 1, "action_required": 0}), None)]
#[case::unparsable_falls_to_next_key(json!({"requires_action": "maybe", "interactive": "n"}), Some(false))]
#[case::first_key_decides(json!({"interactive": true, "requires_action": false}), Some(false))]
#[case::waiting_for_action(json!({"waiting_for": "User-Input"}), Some(true))]
#[case::waiting_for_user(json!({"reason": "user"}), Some(true))]
#[case::waiting_for_idle(json!({"waitingFor": "next-step"}), Some(false))]
#[case::waiting_for_unknown(json!({"waiting_for": "coffee"}), None)]
#[case::flags_before_waiting_for(json!({"waiting_for": "input", "requires_input": "false"}), Some(false))]
fn explicit_signal_parsing(#[case] payload: Value, #[case] want: Option<bool>) {
    assert_eq!(
        rules::explicit_signal(payload.as_object().expect("object")),
        want
    );
}

#[rstest]
#[case::session_end_ignores_explicit("SessionEnd", json!({"requires_action": true}), Status::Ended)]
#[case::claude_start_is_idle("SessionStart", json!({"source": "startup"}), Status::Idle)]
#[case::codex_start_is_idle("SessionStart", json!({"provider": "codex"}), Status::Idle)]
#[case::claude_compact_start_works("SessionStart", json!({"source": "compact"}), Status::Working)]
#[case::generic_start_works("SessionStart", json!({"provider": "mine"}), Status::Working)]
#[case::start_ignores_explicit("SessionStart", json!({"requires_action": true, "provider": "mine"}), Status::Working)]
#[case::prompt_ignores_explicit("UserPromptSubmit", json!({"requires_action": false}), Status::Working)]
#[case::explicit_true_unknown_event("Whatever", json!({"requires_action": true}), Status::Waiting)]
#[case::explicit_false_post_tool("PostToolUse", json!({"waiting_for": "done"}), Status::Idle)]
#[case::claude_permission_request_waits("PermissionRequest", json!({"tool_name": "Bash"}), Status::Waiting)]
#[case::codex_permission_request_works("PermissionRequest", json!({"tool_name": "Bash", "provider": "codex"}), Status::Working)]
#[case::generic_permission_request_works("PermissionRequest", json!({"tool_name": "Bash", "provider": "mine"}), Status::Working)]
#[case::claude_stop_failure_idles("StopFailure", json!({"error": "rate_limit"}), Status::Idle)]
#[case::codex_interrupt_idles("Interrupt", json!({"provider": "codex"}), Status::Idle)]
#[case::ask_user_question_request("PermissionRequest", json!({"tool_name": "AskUserQuestion"}), Status::Waiting)]
#[case::ask_user_question_case_sensitive("PreToolUse", json!({"tool_name": "askuserquestion"}), Status::Working)]
#[case::input_questions("PreToolUse", json!({"tool_input": {"questions": [1]}}), Status::Waiting)]
#[case::input_options_via_input_alias("PreToolUse", json!({"tool_input": {}, "input": {"options": ["a"]}}), Status::Waiting)]
#[case::input_choices_do_not_count("PreToolUse", json!({"tool_input": {"choices": ["a"]}}), Status::Working)]
#[case::top_level_choices("PreToolUse", json!({"choices": ["a"]}), Status::Waiting)]
#[case::empty_list_does_not_count("PreToolUse", json!({"questions": []}), Status::Working)]
#[case::permission_prompt("Notification", json!({"notification_type": " Permission_Prompt "}), Status::Waiting)]
#[case::hyphen_not_recognized("Notification", json!({"notificationType": "permission-prompt"}), Status::Idle)]
#[case::raw_type_alias("Notification", json!({"rawNotificationType": "agent_needs_input"}), Status::Waiting)]
#[case::elicitation("Notification", json!({"notification_type": "elicitation_dialog"}), Status::Waiting)]
#[case::teammate_needs_permission("Notification", json!({"notification_type": "worker_permission_prompt", "message": "researcher needs permission for Bash"}), Status::Waiting)]
#[case::skill_shell_command_works("PreSkillShellCommand", json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}), Status::Working)]
#[case::mcp_skill_request_waits("PermissionRequest", json!({"tool_name": "Skill", "tool_kind": "mcp_skill", "mcp_server": {"name": "docs"}}), Status::Waiting)]
#[case::ordinary_notification("Notification", json!({"notification_type": "idle_prompt"}), Status::Idle)]
#[case::post_tool_use("PostToolUse", json!({}), Status::Working)]
#[case::stop("Stop", json!({}), Status::Idle)]
#[case::stop_with_no_background_task("Stop", json!({"background_tasks": []}), Status::Idle)]
#[case::stop_with_a_finished_background_task("Stop", json!({"background_tasks": [{"id": "a1", "type": "subagent", "status": "completed"}]}), Status::Idle)]
#[case::stop_with_a_running_background_agent("Stop", json!({"background_tasks": [{"id": "a1", "type": "subagent", "status": "running", "agent_type": "general-purpose"}]}), Status::Working)]
fn event_to_status(#[case] event: &str, #[case] extra: Value, #[case] want: Status) {
    let mut payload = json!({"session_id": "s", "event": event});
    payload
        .as_object_mut()
        .expect("object")
        .extend(extra.as_object().expect("object").clone());
    assert_eq!(norm(payload).status, want);
}

#[rstest]
#[case::plan_in_detail("Notification", json!({"notification_type": "permission_prompt", "message": "Which planet?"}), "plan")]
#[case::plan_in_tool("PreToolUse", json!({"tool_name": "ExitPlanMode", "requires_action": true}), "plan")]
#[case::plan_in_waiting_for("Stop", json!({"waiting_for": "plan_approval", "requires_action": true}), "plan")]
#[case::ask_user_question("PermissionRequest", json!({"tool_name": "AskUserQuestion"}), "question")]
#[case::agent_needs_input("Notification", json!({"notification_type": "agent_needs_input"}), "question")]
#[case::permission_request("PermissionRequest", json!({"requires_action": "yes"}), "permission")]
#[case::permission_prompt("Notification", json!({"notification_type": "permission_prompt"}), "permission")]
#[case::worker_permission_prompt("Notification", json!({"notification_type": "worker_permission_prompt"}), "permission")]
#[case::mcp_skill_request("PermissionRequest", json!({"tool_name": "Skill", "tool_kind": "mcp_skill"}), "permission")]
#[case::approval("Stop", json!({"waiting_for": "approval"}), "permission")]
#[case::question_waiting_for("Stop", json!({"waiting_for": "selection"}), "question")]
#[case::user_is_idle_kind("Stop", json!({"waiting_for": "user"}), "idle")]
#[case::input_choices("PreToolUse", json!({"tool_input": {"choices": [1]}, "requires_action": true}), "question")]
#[case::top_level_choices_idle("PreToolUse", json!({"choices": [1]}), "idle")]
#[case::elicitation_dialog_idle("Notification", json!({"notification_type": "elicitation_dialog"}), "idle")]
#[case::bare_explicit_true("Stop", json!({"requires_action": true}), "idle")]
fn waiting_kind_first_match(#[case] event: &str, #[case] extra: Value, #[case] want: &str) {
    let mut payload = json!({"session_id": "s", "event": event});
    payload
        .as_object_mut()
        .expect("object")
        .extend(extra.as_object().expect("object").clone());
    let e = norm(payload);
    assert_eq!(e.status, Status::Waiting);
    assert_eq!(e.waiting_kind, want);
}

/// Claude Code's agents view sends `agent_completed` ("<label> finished") from the hook of the
/// session that shows it, about another session: that session's row stays as it is.
#[test]
fn a_notification_about_another_session_is_ignored() {
    let payload = json!({"session_id": "s", "hook_event_name": "Notification",
        "notification_type": "agent_completed", "message": "review finished"});
    let obj = payload.as_object().expect("object");
    assert_eq!(
        rules::status(obj, "Notification", "claude-code", None),
        None
    );
}

#[test]
fn waiting_kind_is_empty_unless_waiting() {
    let e = norm(json!({"session_id": "s", "event": "PreToolUse", "tool_name": "ExitPlanMode"}));
    assert_eq!((e.status, e.waiting_kind.as_str()), (Status::Working, ""));
}

#[rstest]
#[case::first_question(json!({"tool_name": "AskUserQuestion", "tool_input": {"questions": [{"question": "Pick?"}, {"question": "no"}], "command": "x"}}), "AskUserQuestion: Pick?")]
#[case::string_question(json!({"tool_input": {"questions": ["Pick?"]}}), "Pick?")]
#[case::non_string_question_as_text(json!({"tool_input": {"questions": [{"question": 5}]}}), "5")]
#[case::falsy_question_falls_through(json!({"tool_input": {"questions": [{"question": ""}], "path": "/p"}}), "/p")]
#[case::input_key_order(json!({"tool_name": "Bash", "tool_input": {"description": "d", "command": "ls -la"}}), "Bash: ls -la")]
#[case::non_string_input_skipped(json!({"tool_input": {"command": ["ls"], "url": "u"}}), "u")]
#[case::payload_message(json!({"message": "m", "prompt": "p"}), "m")]
#[case::payload_question(json!({"question": "q?"}), "q?")]
#[case::tool_only(json!({"toolName": "Read"}), "Read")]
#[case::nothing(json!({}), "")]
// Issue 25 item 12: a plan waits on its first line with text, not the tool's name.
#[case::plan_first_line(json!({"tool_name": "ExitPlanMode", "tool_input": {"plan": "\n\n## Rename the crate\n\n1. cargo rename"}}), "Rename the crate")]
#[case::plan_first_line_control_stripped(json!({"tool_name": "ExitPlanMode", "tool_input": {"plan": "  \u{1b}[31mShip\u{1b}[0m it  "}}), "Ship it")]
#[case::plan_claude_2_1_strips(json!({"tool_name": "ExitPlanMode", "tool_input": {}}), "ExitPlanMode")]
#[case::plan_of_blank_lines(json!({"tool_name": "ExitPlanMode", "tool_input": {"plan": " \n#\n"}}), "ExitPlanMode")]
#[case::collapse_python_whitespace(json!({"message": " a\u{1c}\n b\u{3000}c "}), "a b c")]
#[case::zero_width_space_kept(json!({"message": "a\u{200b}b"}), "a\u{200b}b")]
fn detail_sources_and_format(#[case] extra: Value, #[case] want: &str) {
    assert_eq!(detail(extra.as_object().expect("object")), want);
}

#[rstest]
#[case::exactly_160(160, 160, false)]
#[case::over_160(161, 160, true)]
fn detail_is_cut_at_160_code_points(
    #[case] len: usize,
    #[case] want_len: usize,
    #[case] cut: bool,
) {
    let d = detail(
        json!({"message": "會".repeat(len)})
            .as_object()
            .expect("object"),
    );
    assert_eq!(d.chars().count(), want_len);
    assert_eq!(d.ends_with('…'), cut);
}

#[rstest]
#[case::blank_is_none(json!(" \n "), None)]
#[case::kept_untrimmed(json!(" Go? "), Some(" Go? "))]
#[case::non_string_is_none(json!(5), None)]
fn last_assistant_message_needs_content(#[case] v: Value, #[case] want: Option<&str>) {
    let e = norm(json!({"session_id": "s", "event": "Stop", "last_assistant_message": v}));
    assert_eq!(e.last_assistant_message.as_deref(), want);
}

#[test]
fn waiting_for_is_stored_for_lifecycle_events() {
    let e =
        norm(json!({"session_id": "s", "event": "UserPromptSubmit", "waiting_for": "Next-Step"}));
    assert_eq!(
        (e.status, e.waiting_for.as_str()),
        (Status::Working, "next_step")
    );
}

#[test]
fn payload_helpers_for_the_debug_log() {
    assert_eq!(
        payload_provider(&json!({"provider": "My_Tool"}), "codex"),
        "my-tool"
    );
    assert_eq!(payload_provider(&json!([1]), " Codex "), "codex");
    assert_eq!(
        event_name(&json!({"event_name": "WeirdEvent"})),
        "WeirdEvent"
    );
    assert_eq!(event_name(&json!(7)), "");
}

#[rstest]
#[case::first_line_with_text("\n  \n# Rename the crate\nsteps", Some("Rename the crate"))]
#[case::collapsed("1.\tWrite   ring_plan.txt", Some("1. Write ring_plan.txt"))]
#[case::control_stripped("\u{1b}]0;title\u{7}Ship \u{1b}[1mit", Some("Ship it"))]
#[case::nothing("\n#\n  ", None)]
fn plan_detail_is_the_first_line_with_text(#[case] plan: &str, #[case] want: Option<&str>) {
    assert_eq!(plan_detail(plan).as_deref(), want);
}

#[test]
fn plan_detail_is_cut_as_every_detail() {
    let long = "x".repeat(DETAIL_MAX * 2);
    let got = plan_detail(&long).expect("text");
    assert!(got.chars().count() <= DETAIL_MAX, "{got}");
}
