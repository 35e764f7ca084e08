//! Factory Droid (`droid`, a native binary; not on npm): Claude Code's hook format in
//! `~/.factory/settings.json` (`hooks`, matcher groups, `timeout` in seconds) and the payload
//! fields `session_id`, `transcript_path`, `cwd`, `permission_mode`, `hook_event_name`, taken
//! from Factory's hooks reference (docs.factory.ai/reference/hooks-reference), not from a
//! running Droid. Its events are Claude Code's without `PermissionRequest` and `StopFailure`.
//! Its `Notification` carries only a `message` (no `notification_type`): ring cannot tell a
//! permission prompt from any other notice, and would show every notice as idle in the
//! middle of a turn, so it is not hooked (a Droid waiting on its permission prompt shows
//! working). Newer Droids also read `~/.factory/hooks.json`, and then ignore the `hooks` of
//! `settings.json`.

use super::Provider;
use super::claude_format::{Agent, agent};

/// The events of Factory's hooks reference that ring hooks.
pub const HOOK_EVENTS: [&str; 6] = [
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "SessionEnd",
];

/// Factory Droid.
pub static PROVIDER: Provider = agent(Agent {
    name: "droid",
    label: "Factory Droid",
    aliases: &["factory-droid", "factory"],
    process: "droid",
    needles: &["droid"],
    settings: ".factory/settings.json",
    folder: ".factory",
    events: &HOOK_EVENTS,
    hook_args: "--provider droid",
});

#[cfg(test)]
mod tests {
    use crate::event::normalize;
    use crate::registry::Status;
    use rstest::rstest;
    use serde_json::json;

    /// Payloads of Factory's hooks reference (docs-* cases).
    #[rstest]
    #[case::docs_prompt("UserPromptSubmit", json!({"prompt": "Write a function"}), Status::Working, "")]
    #[case::docs_tool("PreToolUse", json!({"tool_name": "Execute",
        "tool_input": {"command": "npm test"}}), Status::Working, "")]
    #[case::docs_start("SessionStart", json!({"source": "startup"}), Status::Idle, "")]
    #[case::docs_stop("Stop", json!({"stop_hook_active": false}), Status::Idle, "")]
    #[case::docs_end("SessionEnd", json!({"reason": "exit"}), Status::Ended, "")]
    fn droid_payloads_make_a_droid_row(
        #[case] event: &str,
        #[case] extra: serde_json::Value,
        #[case] status: Status,
        #[case] kind: &str,
    ) {
        let mut payload = json!({"session_id": "abc123", "hook_event_name": event,
            "transcript_path": "/HOME/.factory/projects/x/abc123.jsonl", "cwd": "/WORK",
            "permission_mode": "default"});
        for (k, v) in extra.as_object().expect("object") {
            payload[k] = v.clone();
        }
        for cli in ["droid", "factory-droid", "Factory"] {
            let e = normalize(&payload, cli).expect("event");
            assert_eq!(e.provider, "droid");
            assert_eq!(e.session_id, "droid:abc123");
            assert_eq!(
                (e.status, e.waiting_kind.as_str()),
                (status, kind),
                "{event}"
            );
        }
    }
}
