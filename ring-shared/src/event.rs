//! Hook payload normalization (§2): provider, key aliases, explicit signals,
//! event → status, waiting kind, detail, session-id qualification.

use crate::registry::Status;
use crate::text::{collapse, first_str, is_truthy, py_str, strip, token, truncate};
use serde_json::{Map, Value};

mod rules;

/// What the hook's command line asks for (§2.1 step 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookArgs {
    /// `-h` / `--help` somewhere after `hook`: print usage, read nothing.
    Help,
    /// The CLI provider (before payload override and normalization).
    Provider(String),
}

/// The provider when the command line names none ([`crate::provider::default_provider`]).
pub const DEFAULT_PROVIDER: &str = crate::provider::claude::PROVIDER.name;

/// Parses the arguments after `hook`.
///
/// Only the first argument chooses the provider (`--provider X`, `--provider=X` or a
/// positional `X`, even `""`); a first argument starting with `-` otherwise means the default
/// and nothing after it is looked at. `-h`/`--help` anywhere wins over everything.
pub fn parse_hook_args(args: &[String]) -> HookArgs {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return HookArgs::Help;
    }
    let provider = match args.first().map(String::as_str) {
        Some("--provider") => args.get(1).map(String::as_str).unwrap_or(DEFAULT_PROVIDER),
        Some(first) => match first.strip_prefix("--provider=") {
            Some(value) => value,
            None if first.starts_with('-') => DEFAULT_PROVIDER,
            None => first,
        },
        None => DEFAULT_PROVIDER,
    };
    HookArgs::Provider(provider.to_owned())
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
    /// Payload cwd (§2.3 aliases); `""` if none.
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
    /// Payload `last_assistant_message` (Gemini CLI: `prompt_response`) if a string with
    /// non-blank content (§3.3).
    pub last_assistant_message: Option<String>,
    /// What the payload itself says the agent does ([`crate::transcript::payload_action`]).
    pub action: Option<String>,
    /// Who sent it (§3.16): `foreground`, `unknown` or `agent:<id>` ([`crate::owner::owner_of`]).
    pub owner: String,
    /// The payload's `agent_type` / `agentType`, `""` if none.
    pub agent_type: String,
    /// The payload's `tool_use_id` / `toolUseId`, `""` if none.
    pub tool_use_id: String,
    /// A `PermissionRequest` RiNG takes as working (no explicit signal, not action-required):
    /// the one whose detail RiNG keeps for the permission notification that follows (§3.8),
    /// whatever status ring gives it.
    pub stashes: bool,
}

const EVENT_KEYS: &[&str] = &["event", "event_name", "hook_event_name", "hookEventName"];
const SESSION_ID_KEYS: &[&str] = &[
    "session_id",
    "sessionId",
    "thread_id",
    "threadId",
    "id",
    // Cursor's hooks name the chat only by its conversation.
    "conversation_id",
    "conversationId",
];
const CWD_KEYS: &[&str] = &[
    "cwd",
    "current_working_directory",
    "currentWorkingDirectory",
];
const TRANSCRIPT_KEYS: &[&str] = &[
    "transcript_path",
    "transcriptPath",
    "rollout_path",
    "rolloutPath",
];
const LAST_ACTION_KEYS: &[&str] = &["last_action", "lastAction", "message", "title"];

/// Details are cut to this many code points (§2.8 step 7, §3.3 step 7).
pub const DETAIL_MAX: usize = 160;

/// The provider name a payload selects, normalized (§2.1 steps 2–3): the payload's non-empty
/// string `provider`, else `cli_provider`; trimmed, lower-cased, `_` → `-`. This is what the
/// payload debug log records, for ignored payloads too.
///
/// A payload Cursor sent to a Claude Code hook (Cursor's "third-party hooks" switch runs the
/// hooks of `~/.claude/settings.json` too) is Cursor's: one Cursor chat is one `cursor` row,
/// not a `cursor` row and a `claude-code` row.
pub fn payload_provider(payload: &Value, cli_provider: &str) -> String {
    use crate::provider::{claude, cursor};
    let obj = payload.as_object();
    let chosen = match obj.map(|o| first_str(o, &["provider"])) {
        Some(p) if !p.is_empty() => p,
        _ if obj.is_some_and(cursor::sent_by_cursor)
            && crate::provider::is(&token(cli_provider).replace('_', "-"), &claude::PROVIDER) =>
        {
            cursor::PROVIDER.name
        }
        _ => cli_provider,
    };
    token(chosen).replace('_', "-")
}

/// The event name of a payload (first non-empty string of the event keys), `""` if none or
/// not an object. For the payload debug log.
pub fn event_name(payload: &Value) -> &str {
    payload.as_object().map_or("", |o| first_str(o, EVENT_KEYS))
}

/// Effective provider and process name for a normalized provider name (§2.1 step 4): the
/// table's provider for a name or alias ([`crate::provider::find`]), the generic one for
/// `""`, the name itself otherwise.
fn adapter(normalized: &str) -> (String, Option<&'static str>) {
    use crate::provider::{find, generic};
    match find(normalized) {
        Some(p) => (p.name.into(), p.process),
        None if generic::PROVIDER.aliases.contains(&normalized) => {
            (generic::PROVIDER.name.into(), None)
        }
        None => (normalized.into(), None),
    }
}

/// The stored session id (§2.9).
fn qualify(provider: &str, sid: &str) -> String {
    if sid.contains(':') || crate::provider::rules(provider).bare_ids {
        sid.to_owned()
    } else {
        format!("{provider}:{sid}")
    }
}

/// The id cut to [`crate::registry::ID_MAX`] bytes: the file name and the row are made from
/// the same cut id, so a session with a huge id still has one readable row.
fn bounded_id(mut id: String) -> String {
    let keep = crate::registry::prefix_bytes(&id, crate::registry::ID_MAX).len();
    id.truncate(keep);
    id
}

/// Normalizes one payload. `None` when the payload is ignored (not an object, no event or id,
/// unknown event without explicit signal).
pub fn normalize(payload: &Value, cli_provider: &str) -> Option<Event> {
    let obj = payload.as_object()?;
    let event = first_str(obj, EVENT_KEYS);
    let sid = first_str(obj, SESSION_ID_KEYS);
    if event.is_empty() || sid.is_empty() {
        return None;
    }
    let normalized_provider = payload_provider(payload, cli_provider);
    let (provider, process_name) = adapter(&normalized_provider);
    // The agent's own event name, as ring's (Provider::events); unmapped names stay.
    let event = crate::provider::find(&provider).map_or(event, |p| p.map_event(event));
    let explicit = rules::explicit_signal(obj);
    let status = rules::status(obj, event, &provider, explicit)?;
    let detail = detail(obj);
    // Gemini CLI's `AfterAgent` says it as `prompt_response`.
    let last_assistant_message = ["last_assistant_message", "prompt_response"]
        .iter()
        .filter_map(|k| obj.get(*k).and_then(Value::as_str))
        .find(|s| !strip(s).is_empty())
        .map(str::to_owned);
    let action = crate::transcript::payload_action(
        event,
        tool_name(obj),
        tool_input(obj),
        last_assistant_message.as_deref(),
    );
    let waiting_kind = if status == Status::Waiting {
        rules::waiting_kind(obj, event, &detail, &provider).to_owned()
    } else {
        String::new()
    };
    Some(Event {
        event: event.to_owned(),
        session_id: bounded_id(qualify(&provider, sid)),
        provider,
        process_name,
        normalized_provider,
        cwd: cwd(obj).to_owned(),
        transcript_path: first_str(obj, TRANSCRIPT_KEYS).to_owned(),
        question_reads_transcript: question_reads_transcript(obj),
        tty: first_str(obj, &["tty"]).to_owned(),
        last_action: first_str(obj, LAST_ACTION_KEYS).to_owned(),
        status,
        waiting_for: rules::waiting_for(obj),
        waiting_kind,
        detail,
        explicit,
        last_assistant_message,
        action,
        owner: crate::owner::owner_of(obj),
        agent_type: crate::owner::agent_type_of(obj),
        tool_use_id: crate::owner::tool_use_id_of(obj),
        stashes: event == "PermissionRequest" && explicit.is_none() && !rules::action_required(obj),
    })
}

/// The payload's folder: its cwd keys, else the first of `workspace_roots` (Cursor sends a
/// `cwd` only with shell commands).
fn cwd(obj: &Map<String, Value>) -> &str {
    match first_str(obj, CWD_KEYS) {
        "" => obj
            .get("workspace_roots")
            .and_then(Value::as_array)
            .and_then(|roots| roots.first())
            .and_then(Value::as_str)
            .unwrap_or_default(),
        found => found,
    }
}

/// RiNG's Stop-question reader takes the first *truthy* of `transcript_path`,
/// `transcriptPath` and then requires a string: a truthy non-string blocks the fallback.
/// When it passes, that path is also what [`first_str`] picks for `transcript_path`.
fn question_reads_transcript(obj: &Map<String, Value>) -> bool {
    ["transcript_path", "transcriptPath"]
        .iter()
        .filter_map(|k| obj.get(*k))
        .find(|v| is_truthy(v))
        .is_some_and(Value::is_string)
}

/// The tool-input object (§2.3): the first truthy of `tool_input`, `toolInput`, `input`,
/// used only if it is an object.
fn tool_input(obj: &Map<String, Value>) -> Option<&Map<String, Value>> {
    ["tool_input", "toolInput", "input"]
        .iter()
        .filter_map(|k| obj.get(*k))
        .find(|v| is_truthy(v))
        .and_then(Value::as_object)
}

fn tool_name(obj: &Map<String, Value>) -> &str {
    first_str(obj, &["tool_name", "toolName", "tool"])
}

/// Whether `v` is a non-empty JSON list.
fn non_empty_list(v: Option<&Value>) -> bool {
    v.and_then(Value::as_array).is_some_and(|a| !a.is_empty())
}

/// What exactly is being waited on (§2.8), collapsed and truncated.
fn detail(obj: &Map<String, Value>) -> String {
    let tool = tool_name(obj);
    let input = tool_input(obj);
    if let Some(first) = input.and_then(|input| plan_first_line(tool, input)) {
        return first;
    }
    let mut found = String::new();
    if let Some(input) = input {
        if let Some(first) = input
            .get("questions")
            .and_then(Value::as_array)
            .and_then(|q| q.first())
        {
            found = match first {
                Value::Object(q) => q
                    .get("question")
                    .filter(|v| is_truthy(v))
                    .map(py_str)
                    .unwrap_or_default(),
                Value::String(s) => s.clone(),
                _ => String::new(),
            };
        }
        if found.is_empty() {
            found = first_str(
                input,
                &[
                    "command",
                    "file_path",
                    "path",
                    "url",
                    "pattern",
                    "description",
                ],
            )
            .to_owned();
        }
    }
    if found.is_empty() {
        found = first_str(obj, &["message", "prompt", "question"]).to_owned();
    }
    let combined = match (tool.is_empty(), found.is_empty()) {
        (false, false) => format!("{tool}: {found}"),
        (false, true) => tool.to_owned(),
        _ => found,
    };
    truncate(&collapse(&combined), DETAIL_MAX)
}

/// A plan's first line with text (a Markdown heading's `#`s dropped, control sequences
/// stripped): what a plan waiting for approval (`ExitPlanMode`'s `tool_input.plan`) is about,
/// where RiNG shows only the tool's name. Claude Code 2.1 sends `tool_input: {}` (it writes
/// the plan to a file): then there is none here, and the hook reads the file (§11.12).
fn plan_first_line(tool: &str, input: &Map<String, Value>) -> Option<String> {
    if !is_plan_tool(tool) {
        return None;
    }
    plan_detail(input.get("plan")?.as_str()?)
}

fn is_plan_tool(tool: &str) -> bool {
    tool.to_ascii_lowercase().contains("plan")
}

/// The detail of a wait on `plan` (a plan's Markdown text, from the payload or from the file
/// Claude Code 2.1 writes it to): its first line with text, a heading's `#`s dropped, control
/// sequences stripped, collapsed and cut as every detail (§11.12). `None` when no line has
/// text.
pub fn plan_detail(plan: &str) -> Option<String> {
    plan.lines()
        .map(|line| crate::width::sanitize(line.trim().trim_start_matches('#')))
        .map(|line| collapse(&line))
        .find(|line| !line.is_empty())
        .map(|line| truncate(&line, DETAIL_MAX))
}

pub use crate::provider::claude::PLAN_TOOL;

#[cfg(test)]
mod tests;
