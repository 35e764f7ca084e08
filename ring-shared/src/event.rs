//! Hook payload normalization (spec §2): provider, key aliases, explicit signals,
//! event → status, waiting kind, detail, session-id qualification.

use crate::registry::Status;
use serde_json::Value;

/// What the hook's command line asks for (spec §2.1 step 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookArgs {
    /// `-h` / `--help` somewhere after `hook`: print usage, read nothing.
    Help,
    /// The CLI provider (before payload override and normalization).
    Provider(String),
}

/// Parses the arguments after `hook`.
pub fn parse_hook_args(args: &[String]) -> HookArgs {
    todo!("{args:?}")
}

/// A normalized hook event: everything the reducer needs from one payload.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Raw event name (`Stop`, `PreToolUse`, …).
    pub event: String,
    /// Qualified session id (§2.9).
    pub session_id: String,
    /// Effective provider (§2.1 step 4).
    pub provider: String,
    /// Process name for tty discovery: `claude`, `codex`, or none.
    pub process_name: Option<&'static str>,
    /// Provider after normalization, before adapter mapping (payload log).
    pub normalized_provider: String,
    pub cwd: String,
    /// Transcript path (§2.3 aliases, `rollout_path` included); `""` if none.
    pub transcript_path: String,
    /// Whether the Stop-question fallback may read the transcript (`transcript_path` /
    /// `transcriptPath` only, §3.3).
    pub question_reads_transcript: bool,
    /// Payload `tty`; `""` if none.
    pub tty: String,
    /// Payload "last action" text, raw; `""` if none.
    pub last_action: String,
    /// Status from §2.6 (before Stop promotion and keep-waiting).
    pub status: Status,
    /// `waiting_for` token; `""` if none.
    pub waiting_for: String,
    /// `waiting_kind` (§2.7); `""` unless status is waiting.
    pub waiting_kind: String,
    /// Detail (§2.8), collapsed and truncated; may be `""`.
    pub detail: String,
    /// Explicit signal (§2.4).
    pub explicit: Option<bool>,
    /// Payload `last_assistant_message` if a string with non-blank content (§3.3).
    pub last_assistant_message: Option<String>,
}

/// Normalizes one payload. `None` when the payload is ignored (not an object, no event or id,
/// unknown event without explicit signal).
pub fn normalize(payload: &Value, cli_provider: &str) -> Option<Event> {
    todo!("{payload} {cli_provider}")
}
