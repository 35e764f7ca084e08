//! Qwen Code (npm `@qwen-code/qwen-code`, read at 0.24.4): Claude Code's hook format in
//! `~/.qwen/settings.json` (`hooks`, matcher groups, `timeout` in seconds), the same event
//! names (its `HookEventName` has all of Claude Code's that ring hooks) and a payload with
//! `session_id`, `transcript_path`, `cwd`, `hook_event_name`, `permission_mode` (its
//! `createBaseInput`). It runs as `node …/bin/qwen` (no process title on Linux).

use super::Provider;
use super::claude_format::{Agent, agent};

/// Qwen Code.
pub static PROVIDER: Provider = agent(Agent {
    name: "qwen-code",
    label: "Qwen Code",
    aliases: &["qwen"],
    process: "qwen",
    needles: &["qwen"],
    settings: ".qwen/settings.json",
    folder: ".qwen",
    events: &super::claude::HOOK_EVENTS,
    hook_args: "--provider qwen-code",
});

#[cfg(test)]
mod tests {
    use crate::event::normalize;
    use crate::registry::Status;
    use rstest::rstest;
    use serde_json::json;

    /// Payloads in the shape of Qwen Code 0.24.4's `createBaseInput` plus each event's fields.
    #[rstest]
    #[case::start("SessionStart", json!({"source": "startup"}), Status::Idle, "")]
    #[case::prompt("UserPromptSubmit", json!({"prompt": "hi"}), Status::Working, "")]
    #[case::tool("PreToolUse", json!({"tool_name": "run_shell_command",
        "tool_input": {"command": "ls"}}), Status::Working, "")]
    #[case::permission("PermissionRequest", json!({"tool_name": "run_shell_command",
        "tool_input": {"command": "rm -rf build"}}), Status::Waiting, "permission")]
    #[case::stop("Stop", json!({"last_assistant_message": "Done."}), Status::Idle, "")]
    #[case::end("SessionEnd", json!({"reason": "prompt_input_exit"}), Status::Ended, "")]
    fn qwen_payloads_make_a_qwen_row(
        #[case] event: &str,
        #[case] extra: serde_json::Value,
        #[case] status: Status,
        #[case] kind: &str,
    ) {
        let mut payload = json!({"session_id": "7f1c9b2e", "hook_event_name": event,
            "transcript_path": "/HOME/.qwen/projects/x/chats/7f1c9b2e.jsonl", "cwd": "/WORK",
            "timestamp": "2026-12-05T13:00:00.000Z", "permission_mode": "default"});
        for (k, v) in extra.as_object().expect("object") {
            payload[k] = v.clone();
        }
        for cli in ["qwen-code", "qwen"] {
            let e = normalize(&payload, cli).expect("event");
            assert_eq!(e.provider, "qwen-code");
            assert_eq!(e.session_id, "qwen-code:7f1c9b2e");
            assert_eq!(
                (e.status, e.waiting_kind.as_str()),
                (status, kind),
                "{event}"
            );
            assert_eq!(e.process_name, Some("qwen"));
        }
    }

    /// A session of the real Qwen Code 0.24.4 (offline against scripts/agents/mock_openai.py,
    /// ring's hooks from `install-hooks`; paths and ids replaced): start, a prompt, a turn
    /// that ends in a question, its idle notice, `/quit`. Its screen showed: at the prompt,
    /// working, the question, the question, gone; ring's board: idle, working,
    /// waiting/question (the Stop-question rule on `last_assistant_message`), the same (an
    /// `idle_prompt` notice is idle, and keeps a standing question), ended.
    #[test]
    fn recorded_qwen_session_is_a_qwen_row() {
        let base = json!({"session_id": "SESSION-ID",
            "transcript_path": "/HOME/.qwen/projects/-WORK/chats/SESSION-ID.jsonl",
            "cwd": "/WORK", "timestamp": "TIMESTAMP", "permission_mode": "auto"});
        let steps = [
            (
                json!({"hook_event_name": "SessionStart", "source": "startup",
                "model": "mock-model"}),
                Some(Status::Idle),
            ),
            (
                json!({"hook_event_name": "UserPromptSubmit", "prompt_id": "SESSION-ID########0",
                "prompt": "say hello", "submitted_prompt": "say hello"}),
                Some(Status::Working),
            ),
            (
                json!({"hook_event_name": "Stop", "prompt_id": "SESSION-ID########0",
                "stop_hook_active": false, "last_assistant_message": "Hello. Shall I go on?",
                "background_tasks": [], "crons": [], "context_usage": 5e-05,
                "context_limit": 200000, "input_tokens": 10}),
                Some(Status::Idle),
            ),
            (
                json!({"hook_event_name": "Notification",
                "message": "Qwen Code is waiting for your input",
                "notification_type": "idle_prompt", "title": "Waiting for input"}),
                Some(Status::Idle),
            ),
            (
                json!({"hook_event_name": "SessionEnd", "reason": "prompt_input_exit"}),
                Some(Status::Ended),
            ),
        ];
        for (extra, status) in steps {
            let mut payload = base.clone();
            for (k, v) in extra.as_object().expect("object") {
                payload[k] = v.clone();
            }
            let e = normalize(&payload, "qwen-code");
            assert_eq!(e.as_ref().map(|e| e.status), status, "{payload}");
            if let Some(e) = e {
                assert_eq!(e.session_id, "qwen-code:SESSION-ID");
                assert_eq!(e.process_name, Some("qwen"), "its process is found by name");
                if e.event == "Stop" {
                    assert_eq!(
                        e.last_assistant_message.as_deref(),
                        Some("Hello. Shall I go on?")
                    );
                }
            }
        }
    }
}
