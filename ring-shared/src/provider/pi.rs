//! Pi (npm `@mariozechner/pi-coding-agent`, read and driven at 0.73.1). It has no command
//! hooks and no permission prompts of its own: it loads TypeScript extensions from
//! `~/.pi/agent/extensions/` at start, and each one gets its lifecycle events. ring's extension
//! there ([`Format::PiExtension`], written by `install-hooks`, marked as ring's) runs
//! `ring-tmux hook --provider pi` with one payload per event that changes a session's state,
//! under the event's own name; [`EVENTS`] maps those names onto ring's. Seen on the real agent
//! (scripts/agents/PI-FINDINGS.md): `session_start` at its prompt, `agent_start` when a prompt
//! is sent, `agent_end` when the turn is over, `session_shutdown` when it quits or `/new`
//! replaces the session. Pi waits for its user only in a dialog an extension opens (a
//! permission gate's `ctx.ui.select`, a question tool's `ctx.ui.input`): ring's extension
//! wraps those dialogs and sends `ui_dialog` while one is on screen, a permission when a
//! built-in tool is running, a question otherwise.

use super::{Format, Install, Provider, Rules};

/// The events ring's extension forwards, as ring's (`ui_dialog*` are the extension's own
/// names for the dialogs it wraps).
pub const EVENTS: [(&str, &str); 8] = [
    ("session_start", "SessionStart"),
    ("agent_start", "UserPromptSubmit"),
    ("tool_execution_start", "PreToolUse"),
    // Sent with `notification_type` `permission_prompt` or `agent_needs_input`.
    ("ui_dialog", "Notification"),
    // The dialog answered while a turn runs, or at the prompt.
    ("ui_dialog_closed", "PostToolUse"),
    ("ui_dialog_closed_idle", "Stop"),
    // With the turn's last assistant text as `last_assistant_message` (a question waits).
    ("agent_end", "Stop"),
    ("session_shutdown", "SessionEnd"),
];

/// The events as `install-hooks` reports them (the extension forwards these names).
pub const HOOK_EVENTS: [&str; 8] = super::native_names(&EVENTS);

/// Pi's global folder, relative to `$HOME` (`PI_CODING_AGENT_DIR` moves it; ring follows
/// only the default).
pub const CONFIG_DIR: &str = ".pi/agent";

/// Pi.
pub static PROVIDER: Provider = Provider {
    name: "pi",
    label: "Pi",
    aliases: &["pi-coding-agent", "pi-agent"],
    // `pi` runs as `node …/dist/cli.js`, which sets `process.title = "pi"`: comm and argv[0]
    // are `pi`.
    process: Some("pi"),
    needles: &["pi"],
    events: &EVENTS,
    notifications: &[],
    rules: Rules {
        starts_at_the_prompt: true,
        ended_row_covers_process: true,
        one_session_per_process: true,
        ..Rules::GENERIC
    },
    install: Some(Install {
        settings: ".pi/agent/extensions/ring-tmux.ts",
        only_if: Some(CONFIG_DIR),
        events: &HOOK_EVENTS,
        hook_args: "--provider pi",
        format: Format::PiExtension,
        ..Install::USUAL
    }),
};

#[cfg(test)]
mod tests {
    use crate::event::normalize;
    use crate::registry::Status;
    use rstest::rstest;
    use serde_json::json;

    /// Payloads as ring's extension builds them from Pi 0.73.1's events
    /// (ring-tmux/src/admin/install/pi_extension.ts; the session id is Pi's
    /// `sessionManager.getSessionId()`).
    #[rstest]
    #[case::start("session_start", json!({"reason": "startup"}), Status::Idle, "")]
    #[case::prompt("agent_start", json!({}), Status::Working, "")]
    #[case::tool(
        "tool_execution_start",
        json!({"tool_name": "bash", "tool_input": {"command": "ls"}}),
        Status::Working,
        ""
    )]
    #[case::gate(
        "ui_dialog",
        json!({"notification_type": "permission_prompt", "tool_name": "bash",
               "tool_input": {"command": "rm -rf nothing-here"},
               "message": "Dangerous command: rm -rf nothing-here Allow?"}),
        Status::Waiting,
        "permission"
    )]
    #[case::question(
        "ui_dialog",
        json!({"notification_type": "agent_needs_input", "message": "Which colour?"}),
        Status::Waiting,
        "question"
    )]
    #[case::answered("ui_dialog_closed", json!({}), Status::Working, "")]
    #[case::answered_at_prompt("ui_dialog_closed_idle", json!({}), Status::Idle, "")]
    #[case::turn_ends("agent_end", json!({"last_assistant_message": "Done."}), Status::Idle, "")]
    #[case::quit("session_shutdown", json!({"reason": "quit"}), Status::Ended, "")]
    fn extension_events_give_the_state_on_screen(
        #[case] event: &str,
        #[case] extra: serde_json::Value,
        #[case] status: Status,
        #[case] kind: &str,
    ) {
        let sid = "01a24647-fd82-779a-9762-365c6b48c803";
        let mut payload = json!({"hook_event_name": event, "session_id": sid, "cwd": "/WORK"});
        for (k, v) in extra.as_object().expect("object") {
            payload[k] = v.clone();
        }
        for provider in ["pi", "pi-coding-agent", "PI_Agent"] {
            let e = normalize(&payload, provider).expect("a state event");
            assert_eq!(e.status, status, "{event} via {provider}");
            assert_eq!(e.waiting_kind, kind, "{event}");
            assert_eq!(e.session_id, format!("pi:{sid}"));
            assert_eq!(e.process_name, Some("pi"));
        }
    }

    #[test]
    fn gate_detail_names_the_command() {
        let payload = json!({"hook_event_name": "ui_dialog", "session_id": "s1",
            "notification_type": "permission_prompt", "tool_name": "bash",
            "tool_input": {"command": "rm -rf build"}});
        let e = normalize(&payload, "pi").expect("event");
        assert_eq!(e.detail, "bash: rm -rf build");
    }

    #[test]
    fn turn_end_keeps_the_last_assistant_text_for_the_question_rule() {
        let payload = json!({"hook_event_name": "agent_end", "session_id": "s1",
            "last_assistant_message": "Removed. Shall I go on?"});
        let e = normalize(&payload, "pi").expect("event");
        assert_eq!(e.event, "Stop");
        assert_eq!(
            e.last_assistant_message.as_deref(),
            Some("Removed. Shall I go on?")
        );
    }
}
