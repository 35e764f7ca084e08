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
        starts_at_the_prompt: true,
        ..Rules::GENERIC
    },
    install: Some(Install {
        settings: ".cursor/hooks.json",
        only_if: Some(".cursor"),
        events: &HOOK_EVENTS,
        hook_args: "--provider cursor",
        format: Format::CursorHooks,
        ..Install::USUAL
    }),
};

/// Whether a payload is Cursor's: it names its Cursor (`cursor_version`), or carries
/// Cursor's conversation and workspace fields (`conversation_id` and `workspace_roots`), which
/// no Claude-format agent sends. Cursor sends its own payload to the Claude Code hooks it runs
/// (cursor.com/docs/reference/third-party-hooks).
pub fn sent_by_cursor(payload: &serde_json::Map<String, serde_json::Value>) -> bool {
    let text = |k: &str| {
        payload
            .get(k)
            .and_then(|v| v.as_str())
            .is_some_and(|s| !s.is_empty())
    };
    text("cursor_version")
        || (text("conversation_id") && payload.get("workspace_roots").is_some_and(|v| v.is_array()))
}

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

    /// Cursor with "third-party hooks" on runs `~/.claude/settings.json`'s `ring-tmux hook`
    /// (no `--provider`: Claude's) with its own payload: the row is the same `cursor` row its
    /// own hooks write, never a second `claude-code` one.
    #[rstest]
    #[case::cursor_event_names("beforeSubmitPrompt", Status::Working)]
    #[case::claude_event_names("UserPromptSubmit", Status::Working)]
    #[case::stop("stop", Status::Idle)]
    fn a_claude_hook_run_by_cursor_writes_the_cursor_row(
        #[case] event: &str,
        #[case] status: Status,
    ) {
        let mut payload = docs_payload(event);
        payload["hook_event_name"] = json!(event);
        let own = normalize(&payload, "cursor").expect("event");
        for cli in ["claude-code", "claude", "Claude_Code"] {
            let via_claude = normalize(&payload, cli).expect("event");
            assert_eq!(via_claude.provider, "cursor", "via {cli:?}");
            assert_eq!(via_claude.session_id, own.session_id);
            assert_eq!(via_claude.status, status);
        }
    }

    #[rstest]
    #[case::only_the_version(json!({"hook_event_name": "stop", "session_id": "s1",
        "cursor_version": "2.0.77"}), true)]
    #[case::conversation_and_roots(json!({"hook_event_name": "stop", "conversation_id": "c1",
        "workspace_roots": ["/WORK"]}), true)]
    #[case::claude_code(json!({"hook_event_name": "Stop", "session_id": "s1",
        "transcript_path": "/HOME/.claude/projects/x/s1.jsonl", "cwd": "/WORK"}), false)]
    #[case::conversation_alone(json!({"hook_event_name": "Stop", "conversation_id": "c1"}), false)]
    #[case::empty_version(json!({"hook_event_name": "Stop", "session_id": "s1",
        "cursor_version": ""}), false)]
    fn cursor_payloads_are_told_apart(#[case] payload: Value, #[case] cursor: bool) {
        assert_eq!(sent_by_cursor(payload.as_object().expect("object")), cursor);
        let provider = normalize(&payload, "claude-code").expect("event").provider;
        assert_eq!(provider == "cursor", cursor, "{payload}");
    }

    #[test]
    fn other_agents_and_an_explicit_provider_keep_theirs() {
        let mut payload = docs_payload("stop");
        payload["hook_event_name"] = json!("Stop");
        assert_eq!(
            normalize(&payload, "codex").expect("event").provider,
            "codex"
        );
        let mut named = payload.clone();
        named["provider"] = json!("claude-code");
        assert_eq!(
            normalize(&named, "").expect("event").provider,
            "claude-code"
        );
    }
}
