//! The decision rules of §2.4–§2.7: explicit signal, action-required payloads, event → status,
//! `waiting_for` and `waiting_kind`.

use super::{non_empty_list, tool_input, tool_name};
use crate::registry::Status;
use crate::text::{first_str, lower, token};
use serde_json::{Map, Value};

const EXPLICIT_KEYS: &[&str] = &[
    "requires_action",
    "requiresAction",
    "action_required",
    "actionRequired",
    "needs_user_action",
    "needsUserAction",
    "requires_input",
    "requiresInput",
    "interactive",
];
const WAITING_FOR_KEYS: &[&str] = &[
    "waiting_for",
    "waitingFor",
    "requires",
    "reason",
    "interaction",
    "interaction_type",
    "interactionType",
];
const NOTIFICATION_TYPE_KEYS: &[&str] = &[
    "notification_type",
    "notificationType",
    "raw_notification_type",
    "rawNotificationType",
];

/// `waiting_for` values that mean "nothing asked of the user" (§2.4 step 2).
const IDLE_WAITING_FOR: &[&str] = &[
    "complete",
    "done",
    "idle",
    "instruction",
    "next_step",
    "none",
    "prompt",
    "turn_complete",
    "user_prompt",
];
/// `waiting_for` values that make a `permission` kind (§2.7).
const PERMISSION_WAITING_FOR: &[&str] = &["approval", "permission"];
/// `waiting_for` values that make a `question` kind (§2.7 rule 6; `user` is not one).
const QUESTION_WAITING_FOR: &[&str] = &[
    "choice",
    "choices",
    "elicitation",
    "input",
    "option",
    "options",
    "question",
    "questions",
    "selection",
    "user_input",
];
const ACTIONABLE_NOTIFICATION_TYPES: &[&str] = &[
    "agent_needs_input",
    "elicitation_dialog",
    "permission_prompt",
    // ring: Claude Code's team lead says a teammate needs permission (2.1.328, 2.1.332:
    // "<worker> needs permission for <tool>"); only the lead can grant it. RiNG: idle.
    "worker_permission_prompt",
];
/// Notification types that speak of another session (Claude Code's agents view: "<label>
/// finished"): they say nothing of the session whose hook sends them, which keeps its state.
const OTHER_SESSION_NOTIFICATION_TYPES: &[&str] = &["agent_completed"];

/// The `waiting_for` token (§2.3): first string of its keys, token, `-` → `_`.
pub(super) fn waiting_for(obj: &Map<String, Value>) -> String {
    token(first_str(obj, WAITING_FOR_KEYS)).replace('-', "_")
}

/// The notification type token, as ring's: the agent's own values go through its table
/// ([`crate::provider::Provider::notifications`]; Gemini CLI's `ToolPermission` is
/// `permission_prompt`).
fn notification_type(obj: &Map<String, Value>, provider: &str) -> String {
    let raw = first_str(obj, NOTIFICATION_TYPE_KEYS);
    let mapped = crate::provider::find(provider).map_or(raw, |p| p.map_notification(raw.trim()));
    token(mapped)
}

/// One explicit-flag value: a JSON boolean, or a string whose token is a yes/no word.
/// Numbers (even `1`/`0`), null and other strings say nothing.
fn parse_flag(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match token(s).as_str() {
            "1" | "true" | "yes" | "y" | "on" => Some(true),
            "0" | "false" | "no" | "n" | "off" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// The explicit signal (§2.4): the first flag key that parses, else `waiting_for`.
pub(super) fn explicit_signal(obj: &Map<String, Value>) -> Option<bool> {
    if let Some(flag) = EXPLICIT_KEYS
        .iter()
        .filter_map(|k| obj.get(*k))
        .find_map(parse_flag)
    {
        return Some(flag);
    }
    let wf = waiting_for(obj);
    // "The user must act" (§2.4 step 2): a permission, a question, or just `user`.
    let wf = wf.as_str();
    if wf == "user" || PERMISSION_WAITING_FOR.contains(&wf) || QUESTION_WAITING_FOR.contains(&wf) {
        Some(true)
    } else if IDLE_WAITING_FOR.contains(&wf) {
        Some(false)
    } else {
        None
    }
}

/// "Action-required payload" (§2.5).
pub(super) fn action_required(obj: &Map<String, Value>) -> bool {
    if tool_name(obj) == "AskUserQuestion" {
        return true;
    }
    if let Some(input) = tool_input(obj)
        && ["questions", "options"]
            .iter()
            .any(|k| non_empty_list(input.get(*k)))
    {
        return true;
    }
    ["questions", "options", "choices"]
        .iter()
        .any(|k| non_empty_list(obj.get(*k)))
}

/// "Actionable notification" (§2.5).
fn actionable_notification(obj: &Map<String, Value>, provider: &str) -> bool {
    ACTIONABLE_NOTIFICATION_TYPES.contains(&notification_type(obj, provider).as_str())
        || action_required(obj)
}

/// Event → status (§2.6); `None` = the payload is ignored.
///
/// Two departures from RiNG 0.17.2, each shown by the real agents (docs/rules.md):
/// - Claude Code sends `PermissionRequest` only when its dialog is on screen (never for a
///   call its rules allow), so a Claude `PermissionRequest` is waiting at once. Codex sends it
///   before its own auto-approval and keeps RiNG's delayed rule (`derive`).
/// - A Claude Code or Codex session that starts (or resumes, or is cleared) sits at its prompt
///   until the user types: idle, not working. Only a `compact` start (Claude compacting in the
///   middle of a turn) goes on working.
/// - A turn that ends without `Stop` settles to idle: Claude's `StopFailure` (an API error)
///   and Codex's `Interrupt` (Esc), which RiNG ignores.
pub(super) fn status(
    obj: &Map<String, Value>,
    event: &str,
    provider: &str,
    explicit: Option<bool>,
) -> Option<Status> {
    let waiting_if = |cond: bool, otherwise: Status| if cond { Status::Waiting } else { otherwise };
    match (event, explicit) {
        ("Notification", _)
            if OTHER_SESSION_NOTIFICATION_TYPES
                .contains(&notification_type(obj, provider).as_str()) =>
        {
            None
        }
        ("SessionEnd", _) => Some(Status::Ended),
        ("SessionStart", _) if starts_at_the_prompt(obj, provider) => Some(Status::Idle),
        ("SessionStart" | "UserPromptSubmit", _) => Some(Status::Working),
        (_, Some(true)) => Some(Status::Waiting),
        (_, Some(false)) => Some(Status::Idle),
        ("PermissionRequest", None)
            if crate::provider::rules(provider).permission_request_waits =>
        {
            Some(Status::Waiting)
        }
        ("StopFailure" | "Interrupt", None) => Some(Status::Idle),
        // Claude Code 2.1.332's `PreSkillShellCommand`: a skill's shell command about to run,
        // the `PreToolUse` of a command inside a skill.
        ("PermissionRequest" | "PreToolUse" | "PreSkillShellCommand", None) => {
            Some(waiting_if(action_required(obj), Status::Working))
        }
        ("Notification", None) => Some(waiting_if(
            actionable_notification(obj, provider),
            Status::Idle,
        )),
        ("PostToolUse", None) => Some(Status::Working),
        ("Stop", None) if background_running(obj) => Some(Status::Working),
        ("Stop", None) => Some(Status::Idle),
        _ => None,
    }
}

/// Whether a `Stop` leaves work running: Claude Code's `background_tasks` lists a task whose
/// `status` is `running` (a background subagent). The turn is over, the session is not: the
/// screen says "Waiting for 1 background agent to finish", and the subagent's own events
/// follow (real-agent suite, claude bg_question). RiNG: idle.
fn background_running(obj: &Map<String, Value>) -> bool {
    obj.get("background_tasks")
        .and_then(Value::as_array)
        .is_some_and(|tasks| {
            tasks
                .iter()
                .any(|t| t.get("status").and_then(Value::as_str) == Some("running"))
        })
}

/// Whether a `SessionStart` leaves the agent at its prompt (see [`status`]).
fn starts_at_the_prompt(obj: &Map<String, Value>, provider: &str) -> bool {
    crate::provider::rules(provider).starts_at_the_prompt
        && token(first_str(obj, &["source"])) != "compact"
}

/// `waiting_kind` (§2.7) for a payload whose status is waiting.
pub(super) fn waiting_kind(
    obj: &Map<String, Value>,
    event: &str,
    detail: &str,
    provider: &str,
) -> &'static str {
    let wf = waiting_for(obj);
    let tool = token(tool_name(obj));
    let notification = notification_type(obj, provider);
    if wf.contains("plan") || tool.contains("plan") || lower(detail).contains("plan") {
        return "plan";
    }
    if tool == "askuserquestion" || notification == "agent_needs_input" {
        return "question";
    }
    if event == "PermissionRequest"
        || notification == "permission_prompt"
        || notification == "worker_permission_prompt"
    {
        return "permission";
    }
    if PERMISSION_WAITING_FOR.contains(&wf.as_str()) {
        return "permission";
    }
    if QUESTION_WAITING_FOR.contains(&wf.as_str()) {
        return "question";
    }
    if let Some(input) = tool_input(obj)
        && ["questions", "options", "choices"]
            .iter()
            .any(|k| non_empty_list(input.get(*k)))
    {
        return "question";
    }
    "idle"
}
