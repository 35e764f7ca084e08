//! What GitHub Copilot CLI's own event log says about its last dialog.
//!
//! Copilot CLI 1.0.102 keeps `~/.copilot/session-state/<session id>/events.jsonl`, one JSON
//! record a line (`{"type", "data", "id", "timestamp", "parentId"}`), written as things happen.
//! Its hooks say when a dialog opens (`notification` `permission_prompt`) but nothing when the
//! person answers it: an approval is next heard of at the tool's `PostToolUse`, a denial at
//! the turn's `Stop`, and an Esc on the dialog never (real-agent suite, copilot/esc_permission,
//! `scripts/agents/COPILOT-FINDINGS.md`). The log has every answer the moment it is given:
//! `permission.completed` with `result.kind` `approved`, `denied-interactively-by-user` or
//! `cancelled`, and, for an Esc, `abort` (`reason` `user_initiated`) right after.
//!
//! Pure: the caller reads the file's end and decides which rows it may settle.

use super::OwnState;
use crate::registry::OwnStatus;
use serde_json::Value;

/// How much of the log's end is read: the records after a dialog are a few KB (a tool's
/// result, usage, the next message), the system prompt the log holds once is far before.
pub const EVENTS_TAIL: u64 = 64 << 10;

/// The log's name in a session's folder.
pub const EVENTS_FILE: &str = "events.jsonl";

/// What the last answer to a dialog in the log's `tail` says, and when (Unix seconds):
/// `Busy` for an approval or a denial (the turn goes on: the model is told), `Idle` for an
/// Esc (`abort`, or a `permission.completed` that was `cancelled`). `None` when the last
/// record about a dialog is a new `permission.requested` (the dialog is up), when there is
/// none, or when the session shut down (liveness ends it). A cut first line is no record.
pub fn answered_at(tail: &[u8]) -> Option<(OwnStatus, f64)> {
    let text = String::from_utf8_lossy(tail);
    for line in text.lines().rev() {
        let Ok(record) = serde_json::from_str::<Value>(line.trim()) else {
            continue;
        };
        let field = |pointer: &str| record.pointer(pointer).and_then(Value::as_str);
        let status = match field("/type") {
            Some("abort") => OwnStatus::Idle,
            Some("permission.completed") => match field("/data/result/kind") {
                Some("cancelled") => OwnStatus::Idle,
                Some(kind) if kind.starts_with("approved") || kind.starts_with("denied") => {
                    OwnStatus::Busy
                }
                _ => return None,
            },
            Some("permission.requested" | "session.shutdown") => return None,
            _ => continue,
        };
        return crate::derive::files::parse_iso(field("/timestamp")?, 0).map(|at| (status, at));
    }
    None
}

/// The state of a waiting Copilot CLI hook row whose log answered its dialog at `at`
/// ([`answered_at`]). `pid` is the row's agent process, if known.
pub fn answered(
    session_id: &str,
    cwd: &str,
    pid: Option<i64>,
    status: OwnStatus,
    at: f64,
) -> OwnState {
    OwnState {
        provider: crate::provider::copilot::PROVIDER.name.into(),
        session_id: session_id.to_owned(),
        pid: pid.unwrap_or(0),
        proc_start: None,
        pid_domain: None,
        cwd: cwd.to_owned(),
        status,
        waiting_for: String::new(),
        updated_at: at,
        // The row's liveness is the process scan's (it ends the row first when gone).
        alive: Some(true),
    }
}

/// Whether a session id (Copilot's own, a UUID) can name a folder under the session-state
/// folder: no separators, no `..`, nothing hidden.
pub fn is_folder_name(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 128
        && !id.starts_with('.')
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    /// Lines of Copilot CLI 1.0.102's events.jsonl as recorded (real-agent suite; long data
    /// shortened, ids replaced).
    const REQUESTED: &str = r#"{"type":"permission.requested","data":{"requestId":"R1","permissionRequest":{"kind":"shell","toolCallId":"call_000006","fullCommandText":"touch /WORK/deny.txt"}},"id":"E1","timestamp":"2026-12-05T12:59:18.379Z","parentId":"E0"}"#;
    const NOTIFIED: &str = r#"{"type":"hook.start","data":{"hookInvocationId":"H1","hookType":"notification","input":{"message":"Run command: touch /WORK/deny.txt","notificationType":"permission_prompt"}},"id":"E2","timestamp":"2026-12-05T12:59:18.379Z","parentId":"E1"}"#;
    const APPROVED: &str = r#"{"type":"permission.completed","data":{"requestId":"R1","toolCallId":"call_000003","result":{"kind":"approved"},"decisionSource":"human_response"},"id":"E3","timestamp":"2026-12-05T12:59:08.894Z","parentId":"E2"}"#;
    const DENIED: &str = r#"{"type":"permission.completed","data":{"requestId":"R1","toolCallId":"call_000006","result":{"kind":"denied-interactively-by-user","feedback":"no thanks"},"decisionSource":"human_response"},"id":"E3","timestamp":"2026-12-05T12:59:36.480Z","parentId":"E2"}"#;
    const CANCELLED: &str = r#"{"type":"permission.completed","data":{"requestId":"R1","toolCallId":"call_000009","result":{"kind":"cancelled","reason":"Session aborted"}},"id":"E3","timestamp":"2026-12-05T12:59:47.836Z","parentId":"E2"}"#;
    const TURN_END: &str = r#"{"type":"assistant.turn_end","data":{"turnId":"0"},"id":"E4","timestamp":"2026-12-05T12:59:47.837Z","parentId":"E3"}"#;
    const ABORT: &str = r#"{"type":"abort","data":{"reason":"user_initiated"},"id":"E5","timestamp":"2026-12-05T12:59:47.841Z","parentId":"E4"}"#;
    const TOOL_DONE: &str = r#"{"type":"tool.execution_complete","data":{"toolCallId":"call_000003","success":true},"id":"E4","timestamp":"2026-12-05T12:59:09.068Z","parentId":"E3"}"#;
    const SHUTDOWN: &str = r#"{"type":"session.shutdown","data":{},"id":"E9","timestamp":"2026-12-05T12:59:55.144Z","parentId":"E8"}"#;

    /// 2026-12-05T12:59:00Z.
    const MINUTE: f64 = 1_796_475_540.0;

    fn tail(lines: &[&str]) -> String {
        // The read starts inside a record: its cut first line is no record.
        format!("Id\":\"X\"}}\n{}\n", lines.join("\n"))
    }

    #[rstest]
    #[case::esc_on_the_dialog(&[REQUESTED, NOTIFIED, CANCELLED, TURN_END, ABORT], OwnStatus::Idle, 47.841)]
    #[case::cancel_before_the_abort_is_written(&[REQUESTED, NOTIFIED, CANCELLED], OwnStatus::Idle, 47.836)]
    #[case::approved(&[REQUESTED, NOTIFIED, APPROVED], OwnStatus::Busy, 8.894)]
    #[case::approved_and_run(&[REQUESTED, NOTIFIED, APPROVED, TOOL_DONE], OwnStatus::Busy, 8.894)]
    #[case::denied(&[REQUESTED, NOTIFIED, DENIED, TURN_END], OwnStatus::Busy, 36.480)]
    fn an_answered_dialog_says_what_and_when(
        #[case] lines: &[&str],
        #[case] status: OwnStatus,
        #[case] seconds: f64,
    ) {
        let (got, at) = answered_at(tail(lines).as_bytes()).expect("an answer");
        assert_eq!(got, status);
        assert!((at - (MINUTE + seconds)).abs() < 1e-3, "{at}");
    }

    #[rstest]
    #[case::dialog_up(&[REQUESTED, NOTIFIED])]
    #[case::a_new_dialog_after_an_answer(&[APPROVED, TOOL_DONE, REQUESTED, NOTIFIED])]
    #[case::shut_down(&[ABORT, SHUTDOWN])]
    #[case::no_dialog(&[TURN_END, TOOL_DONE])]
    #[case::unknown_answer(&[r#"{"type":"permission.completed","data":{"result":{"kind":"later"}},"timestamp":"2026-12-05T12:59:47.836Z"}"#])]
    #[case::no_timestamp(&[r#"{"type":"abort","data":{"reason":"user_initiated"}}"#])]
    #[case::not_json(&["abort"])]
    fn anything_else_says_nothing(#[case] lines: &[&str]) {
        assert_eq!(answered_at(tail(lines).as_bytes()), None);
    }

    #[rstest]
    #[case("a76df1e3-832c-451b-8b5c-faa6a533f61e", true)]
    #[case("../etc", false)]
    #[case("a/b", false)]
    #[case(".hidden", false)]
    #[case("", false)]
    fn only_a_plain_id_names_a_session_folder(#[case] id: &str, #[case] ok: bool) {
        assert_eq!(is_folder_name(id), ok);
    }
}
