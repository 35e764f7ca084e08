//! Cursor's agent (the editor's Agent chat and the `cursor-agent` CLI): command hooks in
//! `~/.cursor/hooks.json`, `{"version": 1, "hooks": {"event": [{"command": …}]}}` (flat entries,
//! no groups: [`Format::CursorHooks`]). Taken from Cursor's documentation
//! (cursor.com/docs/agent/hooks) and the payloads quoted from it, not from a running Cursor
//! (it is not on npm): every payload carries `hook_event_name`, `conversation_id`,
//! `generation_id` and `workspace_roots`; `beforeShellExecution` adds `command` and `cwd`,
//! `stop` a `status` (`completed`, `aborted`, `error`).
//!
//! Cursor drops the whole file when one event name in it is unknown to that version (a
//! `sessionStart` entry made older versions reject every hook with "Unknown hook type"), so
//! `install-hooks` writes only the events Cursor has had since hooks shipped (1.7), and
//! `doctor` names any event in the file that is not in [`KNOWN_EVENTS`].
//! Hooks never say when Cursor shows its own approval prompt: a Cursor session is working or
//! idle, never waiting, until Cursor sends something that says so.

use super::{Format, Install, Provider, Rules};

/// Cursor's events as ring's (the later ones too, for a file a user wrote by hand).
pub const EVENTS: [(&str, &str); 9] = [
    ("beforeSubmitPrompt", "UserPromptSubmit"),
    ("beforeShellExecution", "PreToolUse"),
    ("beforeMCPExecution", "PreToolUse"),
    ("afterShellExecution", "PostToolUse"),
    ("afterMCPExecution", "PostToolUse"),
    ("afterFileEdit", "PostToolUse"),
    ("stop", "Stop"),
    ("sessionStart", "SessionStart"),
    ("sessionEnd", "SessionEnd"),
];

/// What `install-hooks` writes: the events every Cursor with hooks knows (1.7).
pub const HOOK_EVENTS: [&str; 5] = [
    "beforeSubmitPrompt",
    "beforeShellExecution",
    "beforeMCPExecution",
    "afterFileEdit",
    "stop",
];

/// Every event name Cursor's documentation lists (agent, Tab and lifecycle hooks). A name
/// outside it disables the file.
pub const KNOWN_EVENTS: [&str; 20] = [
    "sessionStart",
    "sessionEnd",
    "preToolUse",
    "postToolUse",
    "postToolUseFailure",
    "subagentStart",
    "subagentStop",
    "beforeShellExecution",
    "afterShellExecution",
    "beforeMCPExecution",
    "afterMCPExecution",
    "beforeReadFile",
    "afterFileEdit",
    "beforeSubmitPrompt",
    "preCompact",
    "stop",
    "afterAgentResponse",
    "afterAgentThought",
    "beforeTabFileRead",
    "afterTabFileEdit",
];

/// Cursor.
pub static PROVIDER: Provider = Provider {
    name: "cursor",
    label: "Cursor",
    aliases: &["cursor-agent", "cursor-cli"],
    // `cursor-agent` runs as `node …/index.js` (comm `node`): matching by comm or argv[0]
    // would find none of its processes and end every row, so no liveness detector.
    process: None,
    needles: &["cursor-agent", "cursor"],
    events: &EVENTS,
    notifications: &[],
    rules: Rules {
        bare_ids: false,
        permission_request_waits: false,
        delayed_permission_wait: false,
        starts_at_the_prompt: true,
        background_agents: false,
        ended_row_covers_process: false,
        synthetic_without_tty: false,
        one_session_per_process: false,
        tool_events_carry_workdir: false,
    },
    install: Some(Install {
        settings: ".cursor/hooks.json",
        only_if: Some(".cursor"),
        events: &HOOK_EVENTS,
        hook_args: "--provider cursor",
        short_timeout_events: &[],
        timeout_millis: false,
        update_in_place: false,
        trust: None,
        format: Format::CursorHooks,
    }),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::normalize;
    use crate::registry::Status;
    use rstest::rstest;
    use serde_json::{Value, json};

    /// The payloads of Cursor's documentation (docs-* cases), one per event ring installs.
    fn docs_payload(event: &str) -> Value {
        let mut p = json!({
            "hook_event_name": event,
            "conversation_id": "cdefee2d-2727-4b73-bf77-d9d830f31d2a",
            "generation_id": "26b45fb6-bdea-439c-b2dc-5e97ee00ecea",
            "workspace_roots": ["/WORK"],
            "model": "gpt-4",
            "cursor_version": "2.0.77",
        });
        match event {
            "beforeSubmitPrompt" => p["prompt"] = json!("Fix the bug in main.ts"),
            "beforeShellExecution" => {
                p["command"] = json!("npm install express");
                p["cwd"] = json!("/WORK");
            }
            "beforeMCPExecution" => {
                p["tool_name"] = json!("database_query");
                p["tool_input"] = json!("{\"query\": \"SELECT 1\"}");
            }
            "afterFileEdit" => {
                p["file_path"] = json!("/WORK/main.ts");
                p["edits"] =
                    json!([{"old_string": "const foo = 1", "new_string": "const foo = 2"}]);
            }
            "stop" => {
                p["status"] = json!("completed");
                p["loop_count"] = json!(0);
            }
            _ => {}
        }
        p
    }

    #[rstest]
    #[case::docs_prompt("beforeSubmitPrompt", Status::Working)]
    #[case::docs_shell("beforeShellExecution", Status::Working)]
    #[case::docs_mcp("beforeMCPExecution", Status::Working)]
    #[case::docs_edit("afterFileEdit", Status::Working)]
    #[case::docs_stop("stop", Status::Idle)]
    #[case::docs_session_start("sessionStart", Status::Idle)]
    #[case::docs_session_end("sessionEnd", Status::Ended)]
    fn documented_payloads_give_their_state(#[case] event: &str, #[case] status: Status) {
        for provider in ["cursor", "cursor-agent", "Cursor_CLI"] {
            let e = normalize(&docs_payload(event), provider).expect("a state event");
            assert_eq!(e.status, status, "{event} via {provider}");
            assert_eq!(e.session_id, "cursor:cdefee2d-2727-4b73-bf77-d9d830f31d2a");
            assert_eq!(e.cwd, "/WORK", "{event}: the first workspace root");
        }
    }

    #[test]
    fn installed_events_are_known_to_every_cursor() {
        for event in HOOK_EVENTS {
            assert!(KNOWN_EVENTS.contains(&event));
            assert!(EVENTS.iter().any(|(native, _)| *native == event));
        }
    }
}
