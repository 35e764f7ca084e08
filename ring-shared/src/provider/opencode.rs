//! OpenCode (npm `opencode-ai`, read and driven at 1.18.33). It has no command hooks: it loads
//! every JS/TS file in `~/.config/opencode/plugins/` at start, and each plugin gets the bus
//! events of every session. ring's plugin there ([`Format::OpencodePlugin`], written by
//! `install-hooks`, marked as ring's) runs `ring-tmux hook --provider opencode` with one
//! payload per event that changes a session's state, under the event's own name; [`EVENTS`]
//! maps those names onto ring's. Seen on the real agent (scripts/agents/OPENCODE-FINDINGS.md):
//! a session exists only from the first prompt (`session.created`), `session.status` is
//! `busy` while a turn runs, `permission.asked` while its dialog is on screen,
//! `session.idle` when the turn ends; nothing is sent when the TUI quits, so a detached shell
//! the plugin starts waits for the `opencode` process to go and sends
//! `server.instance.disposed` itself (liveness ends what that misses in tmux; the zellij
//! plugin has no process scan, so there this is what ends the row).

use super::{Format, Install, Provider, Rules};

/// The OpenCode bus events ring's plugin forwards, as ring's events.
pub const EVENTS: [(&str, &str); 10] = [
    ("session.created", "SessionStart"),
    // `busy` or `retry` (the plugin does not forward `idle`: `session.idle` follows it).
    ("session.status", "UserPromptSubmit"),
    ("permission.asked", "PermissionRequest"),
    ("permission.replied", "PostToolUse"),
    // The question tool's dialog: the plugin sends its questions as `tool_input.questions`.
    ("question.asked", "Notification"),
    ("question.replied", "PostToolUse"),
    ("question.rejected", "PostToolUse"),
    ("session.idle", "Stop"),
    ("session.error", "StopFailure"),
    ("server.instance.disposed", "SessionEnd"),
];

/// The events as `install-hooks` reports them (the plugin forwards these names).
pub const HOOK_EVENTS: [&str; 10] = super::native_names(&EVENTS);

/// OpenCode's global config folder, relative to `$HOME`.
pub const CONFIG_DIR: &str = ".config/opencode";

/// OpenCode.
pub static PROVIDER: Provider = Provider {
    name: "opencode",
    label: "OpenCode",
    aliases: &["opencode-ai"],
    // The npm package's launcher execs the platform binary, itself named `opencode`.
    process: Some("opencode"),
    needles: &["opencode"],
    events: &EVENTS,
    notifications: &[],
    rules: Rules {
        // `permission.asked` is sent when the dialog opens (after OpenCode's own rules said
        // "ask"), never for an allowed call.
        permission_request_waits: true,
        starts_at_the_prompt: true,
        ended_row_covers_process: true,
        ..Rules::GENERIC
    },
    install: Some(Install {
        settings: ".config/opencode/plugins/ring-tmux.js",
        only_if: Some(CONFIG_DIR),
        events: &HOOK_EVENTS,
        hook_args: "--provider opencode",
        format: Format::OpencodePlugin,
        ..Install::USUAL
    }),
};

#[cfg(test)]
mod tests {
    use crate::event::normalize;
    use crate::registry::Status;
    use rstest::rstest;
    use serde_json::json;

    /// Payloads as ring's plugin builds them from the bus events of OpenCode 1.18.33
    /// (ring-tmux/src/admin/install/opencode_plugin.js).
    #[rstest]
    #[case::created("session.created", json!({}), Status::Idle, "")]
    #[case::busy("session.status", json!({"status": "busy"}), Status::Working, "")]
    #[case::permission(
        "permission.asked",
        json!({"tool_name": "bash", "tool_input": {"command": "echo hi > out.txt"}}),
        Status::Waiting,
        "permission"
    )]
    #[case::approved("permission.replied", json!({"reply": "once"}), Status::Working, "")]
    #[case::question(
        "question.asked",
        json!({"tool_input": {"questions": [{"question": "Which colour?"}]}}),
        Status::Waiting,
        "question"
    )]
    #[case::answered("question.replied", json!({}), Status::Working, "")]
    #[case::idle("session.idle", json!({}), Status::Idle, "")]
    #[case::error("session.error", json!({}), Status::Idle, "")]
    #[case::exit("server.instance.disposed", json!({}), Status::Ended, "")]
    fn plugin_events_give_the_state_on_screen(
        #[case] event: &str,
        #[case] extra: serde_json::Value,
        #[case] status: Status,
        #[case] kind: &str,
    ) {
        let mut payload = json!({"hook_event_name": event, "session_id": "ses_1", "cwd": "/WORK"});
        for (k, v) in extra.as_object().expect("object") {
            payload[k] = v.clone();
        }
        for provider in ["opencode", "opencode-ai", "OpenCode_AI"] {
            let e = normalize(&payload, provider).expect("a state event");
            assert_eq!(e.status, status, "{event} via {provider}");
            assert_eq!(e.waiting_kind, kind, "{event}");
            assert_eq!(e.session_id, "opencode:ses_1");
            assert_eq!(e.process_name, Some("opencode"));
        }
    }

    #[test]
    fn permission_detail_names_the_command() {
        let payload = json!({"hook_event_name": "permission.asked", "session_id": "ses_1",
            "tool_name": "bash", "tool_input": {"command": "rm -rf build"}});
        let e = normalize(&payload, "opencode").expect("event");
        assert_eq!(e.detail, "bash: rm -rf build");
    }
}
