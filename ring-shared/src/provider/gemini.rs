//! Google's Gemini CLI (npm `@google/gemini-cli`; read and driven at 0.61.0, see
//! `scripts/agents/GEMINI-FINDINGS.md`).
//!
//! Its hooks live in `~/.gemini/settings.json` in Claude Code's shape (`hooks: {EVENT: [{
//! "matcher"?, "hooks": [{"type": "command", "command", "timeout"}]}]}`), with its own event
//! names, timeouts in milliseconds, and payloads that carry `session_id`, `transcript_path`,
//! `cwd` and `hook_event_name`. A tool waiting for the user's approval sends `BeforeTool`, then
//! `Notification` with `notification_type: "ToolPermission"`.

use super::{Install, Provider, Rules, Trust};

/// Gemini CLI's events that carry state, as `install-hooks` writes them: the session
/// (`SessionStart` at the prompt, `SessionEnd`), a turn (`BeforeAgent` when a prompt is
/// submitted, `AfterAgent` when the turn is over), a tool (`BeforeTool`, `AfterTool`) and
/// `Notification` (a tool waiting for approval). Its model-level events (`BeforeModel`,
/// `AfterModel`, `BeforeToolSelection`, `PreCompress`) fire on every step of a turn and
/// say nothing a person sees.
pub const HOOK_EVENTS: [&str; 7] = [
    "SessionStart",
    "BeforeAgent",
    "BeforeTool",
    "AfterTool",
    "Notification",
    "AfterAgent",
    "SessionEnd",
];

/// Gemini CLI.
pub static PROVIDER: Provider = Provider {
    name: "gemini",
    label: "Gemini CLI",
    // No alias: RiNG writes `--provider gemini-cli` rows as their own provider (compat
    // corpus, provider_cli_forms), and rows stay RiNG-compatible.
    aliases: &[],
    // Runs as `node …/bin/gemini` (and relaunches itself as `node --max-old-space-size=…
    // …/bin/gemini`): found by the script node runs.
    process: Some("gemini"),
    needles: &["gemini"],
    events: &[
        ("BeforeAgent", "UserPromptSubmit"),
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("AfterAgent", "Stop"),
    ],
    notifications: &[("ToolPermission", "permission_prompt")],
    rules: Rules {
        starts_at_the_prompt: true,
        ..Rules::GENERIC
    },
    install: Some(Install {
        settings: ".gemini/settings.json",
        only_if: Some(".gemini"),
        events: &HOOK_EVENTS,
        hook_args: "--provider gemini",
        timeout_millis: true,
        trust: Some(Trust::GeminiFolders {
            folders: ".gemini/trustedFolders.json",
        }),
        ..Install::USUAL
    }),
};

#[cfg(test)]
mod tests {
    use crate::event::normalize;
    use crate::registry::Status;
    use rstest::rstest;
    use serde_json::json;

    /// Payloads as Gemini CLI 0.61.0 sent them to a recorder hook in the real-agent suite
    /// (`scripts/agents/gemini_scenarios.py`), ids and paths replaced.
    fn payload(event: &str, extra: serde_json::Value) -> serde_json::Value {
        let mut p = json!({
            "session_id": "SESSION-ID",
            "transcript_path": "/HOME/.gemini/tmp/proj/chats/session-SESSION-ID.jsonl",
            "cwd": "/WORK",
            "hook_event_name": event,
            "timestamp": "2026-12-02T03:16:12.207Z",
        });
        if let (Some(p), Some(extra)) = (p.as_object_mut(), extra.as_object()) {
            p.extend(extra.clone());
        }
        p
    }

    #[rstest]
    #[case::start("SessionStart", json!({"source": "startup"}), Status::Idle, "")]
    #[case::prompt("BeforeAgent", json!({"prompt": "RING_SLOW_WORK"}), Status::Working, "")]
    #[case::tool("BeforeTool", json!({"tool_name": "run_shell_command",
        "tool_input": {"command": "echo ok"}}), Status::Working, "")]
    #[case::permission("Notification", json!({"notification_type": "ToolPermission",
        "message": "Tool Confirm Shell Command requires execution",
        "details": {"type": "exec", "title": "Confirm Shell Command", "command": "echo ok"}}),
        Status::Waiting, "permission")]
    #[case::tool_done("AfterTool", json!({"tool_name": "run_shell_command",
        "tool_input": {"command": "echo ok"}, "tool_response": {"llmContent": "ok"}}),
        Status::Working, "")]
    #[case::turn_done("AfterAgent", json!({"prompt": "RING_SLOW_WORK",
        "prompt_response": "Finished. RING-SLOW-DONE", "stop_hook_active": false}),
        Status::Idle, "")]
    #[case::turn_question("AfterAgent", json!({"prompt": "RING_ASK_BACK",
        "prompt_response": "Which color do you prefer, red or blue?",
        "stop_hook_active": false}), Status::Idle, "")]
    #[case::end("SessionEnd", json!({"reason": "exit"}), Status::Ended, "")]
    fn gemini_events_map_onto_rings_states(
        #[case] event: &str,
        #[case] extra: serde_json::Value,
        #[case] status: Status,
        #[case] kind: &str,
    ) {
        let got = normalize(&payload(event, extra), "gemini").expect("a state");
        assert_eq!((got.status, got.waiting_kind.as_str()), (status, kind));
        assert_eq!(got.session_id, "gemini:SESSION-ID");
        assert_eq!(got.provider, "gemini");
    }

    #[test]
    fn the_turns_answer_is_the_last_assistant_message() {
        // What the Stop-question rule reads: Gemini names it `prompt_response`.
        let p = payload(
            "AfterAgent",
            json!({"prompt_response": "Which color do you prefer, red or blue?"}),
        );
        let got = normalize(&p, "gemini").expect("a state");
        assert_eq!(
            got.last_assistant_message.as_deref(),
            Some("Which color do you prefer, red or blue?")
        );
    }

    #[test]
    fn a_model_step_changes_nothing() {
        assert_eq!(
            normalize(&payload("BeforeModel", json!({})), "gemini"),
            None
        );
        assert_eq!(normalize(&payload("AfterModel", json!({})), "gemini"), None);
    }

    #[test]
    fn another_agents_tool_permission_type_means_nothing() {
        // Only Gemini's table maps `ToolPermission`: for Claude it is an unknown type.
        let p = payload(
            "Notification",
            json!({"notification_type": "ToolPermission"}),
        );
        let got = normalize(&p, "claude").expect("a state");
        assert_eq!(got.status, Status::Idle);
    }
}
