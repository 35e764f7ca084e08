//! Which write-side rule (§2–§3, §11) left a hook row in the state it was written with, read
//! from the row as stored: its `status`, `last_event`, provider and waits. The hook writes
//! only the outcome; these are the only states the provider table
//! ([`crate::provider::rules`]) and the event list allow for that outcome.

use super::RuleId;
use crate::registry::{Row, Status};

/// Events whose own status (§2.6 steps 4–7) is never waiting or idle: one that is came from
/// an explicit signal (§2.4).
const WORKING_EVENTS: &[&str] = &["PreToolUse", "PostToolUse", "PermissionRequest"];
/// Events §2.6 knows by name; any other that made a row came with an explicit signal.
const KNOWN_EVENTS: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PermissionRequest",
    "Notification",
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "StopFailure",
    "Interrupt",
    "SessionEnd",
];

/// The rule that gave `row` its written status.
pub(crate) fn rule(row: &Row) -> RuleId {
    let rules = crate::provider::rules(&row.provider);
    let event = row.last_event.as_deref().unwrap_or("");
    let known = KNOWN_EVENTS.contains(&event);
    let shown = row.shown_wait();
    match row.status {
        Status::Waiting if shown.as_ref().is_some_and(|w| w.agent_id().is_some()) => {
            RuleId::OwnerWaits
        }
        Status::Waiting
            if event == "Notification"
                && shown.as_ref().is_some_and(|w| w.since < row.last_active) =>
        {
            RuleId::KeepWait
        }
        Status::Waiting if event == "Stop" => RuleId::StopQuestion,
        Status::Waiting if event == "PermissionRequest" && rules.permission_request_waits => {
            RuleId::PermissionAtOnce
        }
        Status::Waiting if !known || event == "PostToolUse" => RuleId::ExplicitSignal,
        Status::Idle if !known || WORKING_EVENTS.contains(&event) => RuleId::ExplicitSignal,
        Status::Idle if event == "SessionStart" && rules.starts_at_the_prompt => {
            RuleId::StartIsIdle
        }
        Status::Idle if matches!(event, "StopFailure" | "Interrupt") => RuleId::EndWithoutStop,
        Status::Working if event == "Stop" => RuleId::BackgroundTask,
        Status::Working if event == "SessionEnd" => RuleId::OwnerWaits,
        _ => RuleId::EventStatus,
    }
}
