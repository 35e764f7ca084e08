//! GitHub Copilot CLI (npm `@github/copilot`, a native `copilot` binary; format from GitHub's
//! "Copilot hooks reference", `github/docs` `content/copilot/reference/hooks-reference.md`,
//! checked against Copilot CLI 1.0.102 driven for real: `scripts/agents/COPILOT-FINDINGS.md`).
//!
//! Its hooks are `*.json` files in `~/.copilot/hooks/` (`{"version": 1, "hooks": {EVENT:
//! [{"type": "command", "bash", "timeoutSec"}]}}`, flat entries, not Claude's groups). Events
//! named in PascalCase (`PreToolUse`, `Stop`, …) get payloads in the VS Code format, with
//! Claude Code's field names (`hook_event_name`, `session_id`, `tool_name`, `tool_input`,
//! `transcript_path`); `notification` has one form, with `notification_type`
//! `permission_prompt` or `elicitation_dialog` when the CLI asks the user.
//!
//! `install-hooks` writes ring's own file there, `~/.copilot/hooks/ring-tmux.json`, when
//! `~/.copilot` exists.

use super::{Format, Install, Provider, Rules};

/// The events to hook, as named in Copilot's hooks file (the PascalCase ones for snake_case
/// payloads): the session, a prompt, tools, the notification that the user is asked
/// something, the end of a turn. Not `PermissionRequest`: Copilot sends it before its own
/// rules and auto-approvals, also for calls it never asks about.
pub const HOOK_EVENTS: [&str; 8] = [
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "notification",
    "Stop",
    "SessionEnd",
];

/// GitHub Copilot CLI.
pub static PROVIDER: Provider = Provider {
    name: "copilot",
    label: "GitHub Copilot CLI",
    // No alias: RiNG writes any other name as its own provider.
    aliases: &[],
    // The native binary (`@github/copilot-linux-x64/copilot`), started through
    // `node …/.bin/copilot` (its npm loader) or directly. Found by `argv[0]` or the script
    // node runs: the binary's comm is `MainThread` (1.0.102).
    process: Some("copilot"),
    needles: &["copilot"],
    events: &[
        // A failed tool call goes on with the turn, like a successful one.
        ("PostToolUseFailure", "PostToolUse"),
    ],
    // "The agent requests additional information from the user": a question.
    notifications: &[("elicitation_dialog", "agent_needs_input")],
    rules: Rules {
        starts_at_the_prompt: true,
        // `/exit` sends `SessionEnd` while the process still runs for a moment: its
        // synthetic row (a Copilot not prompted yet) must not come back then (real-agent
        // suite, copilot-zellij exit: the bar showed it idle for a publish).
        ended_row_covers_process: true,
        ..Rules::GENERIC
    },
    install: Some(Install {
        settings: ".copilot/hooks/ring-tmux.json",
        only_if: Some(".copilot"),
        events: &HOOK_EVENTS,
        hook_args: "--provider copilot",
        format: Format::CopilotFile,
        ..Install::USUAL
    }),
};

/// Copilot CLI's user settings, relative to `$HOME` (its `disableAllHooks` switch).
pub const SETTINGS: &str = ".copilot/settings.json";

/// Its sessions' folders, relative to `$HOME`: `<id>/events.jsonl` is each one's event log
/// (`crate::agent::copilot`).
pub const SESSION_STATE_DIR: &str = ".copilot/session-state";

#[cfg(test)]
mod tests {
    use crate::event::normalize;
    use crate::registry::Status;
    use rstest::rstest;
    use serde_json::{Value, json};

    /// Payloads as GitHub's hooks reference gives them (not recorded from the real CLI).
    fn docs(line: &str) -> Value {
        serde_json::from_str(line).expect("a docs payload")
    }

    #[rstest]
    #[case::start(r#"{"hook_event_name": "SessionStart", "session_id": "s1", "timestamp": "2026-05-01T10:00:00Z", "cwd": "/WORK", "source": "new"}"#, Status::Idle, "")]
    #[case::prompt(r#"{"hook_event_name": "UserPromptSubmit", "session_id": "s1", "timestamp": "2026-05-01T10:00:01Z", "cwd": "/WORK", "prompt": "fix the bug"}"#, Status::Working, "")]
    #[case::tool(r#"{"hook_event_name": "PreToolUse", "session_id": "s1", "timestamp": "2026-05-01T10:00:02Z", "cwd": "/WORK", "tool_name": "Bash", "tool_input": {"command": "npm test"}}"#, Status::Working, "")]
    #[case::permission_prompt(r#"{"sessionId": "s1", "timestamp": 1746093603000, "cwd": "/WORK", "hook_event_name": "Notification", "message": "Copilot wants to run npm test", "title": "Permission needed", "notification_type": "permission_prompt"}"#, Status::Waiting, "permission")]
    #[case::elicitation(r#"{"sessionId": "s1", "timestamp": 1746093603000, "cwd": "/WORK", "hook_event_name": "Notification", "message": "Which environment?", "notification_type": "elicitation_dialog"}"#, Status::Waiting, "question")]
    #[case::shell_completed(r#"{"sessionId": "s1", "timestamp": 1746093603000, "cwd": "/WORK", "hook_event_name": "Notification", "message": "Shell completed", "notification_type": "shell_completed"}"#, Status::Idle, "")]
    #[case::tool_done(r#"{"hook_event_name": "PostToolUse", "session_id": "s1", "timestamp": "2026-05-01T10:00:04Z", "cwd": "/WORK", "tool_name": "Bash", "tool_input": {"command": "npm test"}, "tool_result": {"result_type": "success", "text_result_for_llm": "ok"}}"#, Status::Working, "")]
    #[case::tool_failed(r#"{"hook_event_name": "PostToolUseFailure", "session_id": "s1", "timestamp": "2026-05-01T10:00:04Z", "cwd": "/WORK", "tool_name": "Bash", "tool_input": {"command": "npm test"}, "error": "exit 1"}"#, Status::Working, "")]
    #[case::turn_done(r#"{"hook_event_name": "Stop", "session_id": "s1", "timestamp": "2026-05-01T10:00:05Z", "cwd": "/WORK", "transcript_path": "/HOME/.copilot/session-state/s1/events.jsonl", "stop_reason": "end_turn", "stop_hook_active": false}"#, Status::Idle, "")]
    #[case::end(r#"{"hook_event_name": "SessionEnd", "session_id": "s1", "timestamp": "2026-05-01T10:00:06Z", "cwd": "/WORK", "reason": "user_exit"}"#, Status::Ended, "")]
    // Then payloads of Copilot CLI 1.0.102 as ring's installed hooks got them (real-agent suite,
    // copilot/basic; `scripts/agents/COPILOT-FINDINGS.md`), one session in order.
    #[case::recorded_first_prompt_opens_the_session(r#"{"hook_event_name": "SessionStart", "session_id": "s1", "timestamp": "2026-12-05T12:58:48.325Z", "cwd": "/WORK", "source": "new", "initial_prompt": "say hello"}"#, Status::Idle, "")]
    #[case::recorded_prompt(r#"{"hook_event_name": "UserPromptSubmit", "session_id": "s1", "timestamp": "2026-12-05T12:58:48.402Z", "cwd": "/WORK", "prompt": "say hello"}"#, Status::Working, "")]
    #[case::recorded_tool(r#"{"hook_event_name": "PreToolUse", "session_id": "s1", "timestamp": "2026-12-05T12:59:00.125Z", "cwd": "/WORK", "tool_name": "Bash", "tool_input": {"command": "touch /WORK/made.txt", "description": "Run a command"}}"#, Status::Working, "")]
    #[case::recorded_dialog(r#"{"sessionId": "s1", "timestamp": 1796475540456, "cwd": "/WORK", "message": "Run command: touch /WORK/made.txt", "title": "Permission needed", "hook_event_name": "Notification", "notification_type": "permission_prompt"}"#, Status::Waiting, "permission")]
    #[case::recorded_tool_done(r#"{"hook_event_name": "PostToolUse", "session_id": "s1", "timestamp": "2026-12-05T12:59:08.950Z", "cwd": "/WORK", "tool_name": "Bash", "tool_input": {"command": "touch /WORK/made.txt", "description": "Run a command"}, "tool_result": {"result_type": "success", "text_result_for_llm": "\n<shellId: 0 completed with exit code 0>"}}"#, Status::Working, "")]
    #[case::recorded_turn_done(r#"{"hook_event_name": "Stop", "session_id": "s1", "timestamp": "2026-12-05T12:59:09.133Z", "cwd": "/WORK", "transcript_path": "/HOME/.copilot/session-state/s1/events.jsonl", "stop_reason": "end_turn", "stop_hook_active": false}"#, Status::Idle, "")]
    #[case::recorded_exit(r#"{"hook_event_name": "SessionEnd", "session_id": "s1", "timestamp": "2026-12-05T12:59:55.053Z", "cwd": "/WORK", "reason": "user_exit"}"#, Status::Ended, "")]
    fn payloads_map_onto_rings_states(
        #[case] line: &str,
        #[case] status: Status,
        #[case] kind: &str,
    ) {
        let got = normalize(&docs(line), "copilot").expect("a state");
        assert_eq!((got.status, got.waiting_kind.as_str()), (status, kind));
        assert_eq!(got.session_id, "copilot:s1");
    }

    #[test]
    fn a_camel_case_payload_says_no_event_and_is_ignored() {
        // The docs' camelCase payloads (events named `preToolUse`, …) carry no event name:
        // ring installs the PascalCase names, whose payloads do.
        let p = json!({"sessionId": "s1", "timestamp": 1, "cwd": "/WORK", "toolName": "bash"});
        assert_eq!(normalize(&p, "copilot"), None);
    }
}
