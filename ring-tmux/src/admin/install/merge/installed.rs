//! Where ring's hook stands in a settings document, for `doctor` and the hook-health rule.

use super::{event_commands, is_ours, is_ring, shell_words};
use serde_json::Value;

/// Where ring's hook stands in one settings document, for `doctor`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Installed {
    /// Events with no entry of ours.
    pub missing: Vec<String>,
    /// Distinct programs (first word) our entries run.
    pub programs: Vec<String>,
    /// Events carrying RiNG entries.
    pub ring_events: Vec<String>,
}

/// Reports which of `events` carry our hook, which programs it runs and where RiNG's is.
pub fn installed(doc: &Value, events: &[&str]) -> Installed {
    installed_by(events, |event| event_commands(doc, event))
}

/// [`installed`] for any layout of hook entries: `commands` lists an event's commands.
pub fn installed_by(events: &[&str], commands: impl Fn(&str) -> Vec<String>) -> Installed {
    let mut report = Installed::default();
    for event in events {
        let commands = commands(event);
        let ours: Vec<&String> = commands.iter().filter(|c| is_ours(c)).collect();
        if ours.is_empty() {
            report.missing.push((*event).to_owned());
        }
        for command in ours {
            if let Some(program) = shell_words(command).into_iter().next()
                && !report.programs.contains(&program)
            {
                report.programs.push(program);
            }
        }
        if commands.iter().any(|c| is_ring(c)) {
            report.ring_events.push((*event).to_owned());
        }
    }
    report
}
