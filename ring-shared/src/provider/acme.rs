//! Acme Coder (a throwaway agent that proves docs/adding-an-agent.md; never merged).

use super::{Install, Provider, Rules};

/// Acme's hook events, as `install-hooks` writes them.
pub const HOOK_EVENTS: [&str; 5] = ["BeforeTool", "AfterTool", "AskUser", "TurnEnd", "Exit"];

/// Acme Coder.
pub static PROVIDER: Provider = Provider {
    name: "acme",
    label: "Acme Coder",
    aliases: &["acme-coder"],
    process: Some("acme"),
    needles: &["acme"],
    events: &[
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("AskUser", "Notification"),
        ("TurnEnd", "Stop"),
        ("Exit", "SessionEnd"),
    ],
    rules: Rules {
        bare_ids: false,
        permission_request_waits: false,
        delayed_permission_wait: false,
        starts_at_the_prompt: true,
        background_agents: false,
        ended_row_covers_process: false,
        synthetic_without_tty: false,
    },
    install: Some(Install {
        settings: ".acme/settings.json",
        only_if: Some(".acme"),
        events: &HOOK_EVENTS,
        hook_args: "--provider acme",
        short_timeout_events: &[],
        update_in_place: false,
        trust: None,
    }),
};

#[cfg(test)]
mod tests {
    use crate::event::normalize;
    use crate::registry::Status;
    use rstest::rstest;
    use serde_json::json;

    #[rstest]
    #[case::tool_starts("BeforeTool", Status::Working)]
    #[case::tool_ends("AfterTool", Status::Working)]
    #[case::turn_ends("TurnEnd", Status::Idle)]
    #[case::exit("Exit", Status::Ended)]
    fn acme_events_map_onto_rings(#[case] event: &str, #[case] want: Status) {
        let payload = json!({"hook_event_name": event, "session_id": "s1", "cwd": "/w"});
        let got = normalize(&payload, "acme").expect("a known event");
        assert_eq!(got.status, want);
        assert_eq!(got.session_id, "acme:s1");
        assert_eq!(got.process_name, Some("acme"));
    }

    #[test]
    fn alias_writes_acme_rows() {
        let payload = json!({"hook_event_name": "TurnEnd", "session_id": "s1"});
        let got = normalize(&payload, "Acme_Coder").expect("a known event");
        assert_eq!(got.provider, "acme");
        assert_eq!(got.event, "Stop");
    }
}
