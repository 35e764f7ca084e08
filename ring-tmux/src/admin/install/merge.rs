//! The pure part of `install-hooks` / `remove-hooks`: which hook entries are ours, which are
//! RiNG's, and the edited settings document (§7, with ring-tmux's command).
//!
//! A settings file holds `hooks: {EVENT: [group, …]}` where a group is
//! `{"matcher"?: …, "hooks": [{"type": "command", "command": CMD, "timeout": N}, …]}`.
//! Everything we do not recognise is kept exactly as it is, in its place.

pub use crate::sys::run::shell_quote;
use serde_json::{Map, Value, json};

mod command;
mod installed;
pub use command::{hook_command, is_ours, is_ring, shell_words};
pub use installed::{Installed, installed, installed_by};

/// The timeout (seconds) written on our entries, as RiNG does.
pub const TIMEOUT: u64 = 600;

/// Codex's events ([`ring_shared::provider::codex::HOOK_EVENTS`]).
pub use ring_shared::provider::codex::HOOK_EVENTS as CODEX_EVENTS;
use ring_shared::provider::{Install as Spec, SHORT_TIMEOUT};
use ring_shared::t;

/// The timeout written on our entry of `event`: [`TIMEOUT`], except the events the agent
/// clamps ([`Spec::short_timeout_events`]; Codex 0.169 clamps `Interrupt` and `SessionEnd`
/// to 3 s with a startup warning for anything longer), in the agent's unit (milliseconds
/// for Gemini CLI, [`Spec::timeout_millis`]).
pub fn timeout_for(event: &str, spec: &Spec) -> u64 {
    let seconds = if spec.short_timeout_events.contains(&event) {
        SHORT_TIMEOUT
    } else {
        TIMEOUT
    };
    if spec.timeout_millis {
        seconds * 1000
    } else {
        seconds
    }
}

/// Why a settings document cannot be edited safely.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShapeError {
    /// The top level is not an object.
    NotObject,
    /// `hooks` exists but is not an object.
    HooksNotObject,
    /// `hooks.EVENT` exists but is not a list.
    EventNotList(String),
}

impl std::fmt::Display for ShapeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShapeError::NotObject => f.write_str(&t!("install-not-object")),
            ShapeError::HooksNotObject => f.write_str(&t!("install-hooks-not-object")),
            ShapeError::EventNotList(event) => {
                f.write_str(&t!("install-event-not-list", event = event.as_str()))
            }
        }
    }
}

/// The `command` of a hook entry, if it is an object with a string command.
pub fn entry_command(entry: &Value) -> Option<&str> {
    entry.get("command").and_then(Value::as_str)
}

/// Every command string found under `hooks.EVENT` (in groups' `hooks` lists).
pub fn event_commands(doc: &Value, event: &str) -> Vec<String> {
    let Some(groups) = doc
        .get("hooks")
        .and_then(|h| h.get(event))
        .and_then(Value::as_array)
    else {
        return Vec::new();
    };
    groups
        .iter()
        .filter_map(|g| g.get("hooks").and_then(Value::as_array))
        .flatten()
        .filter_map(entry_command)
        .map(str::to_owned)
        .collect()
}

/// Checks that the document can be edited for `events` without guessing.
pub fn check_shape(doc: &Value, events: &[&str]) -> Result<(), ShapeError> {
    let Some(top) = doc.as_object() else {
        return Err(ShapeError::NotObject);
    };
    match top.get("hooks") {
        None => Ok(()),
        Some(Value::Object(hooks)) => {
            for event in events {
                if let Some(list) = hooks.get(*event)
                    && !list.is_array()
                {
                    return Err(ShapeError::EventNotList((*event).to_owned()));
                }
            }
            Ok(())
        }
        Some(_) => Err(ShapeError::HooksNotObject),
    }
}

/// Removes from one event's groups every entry `remove` selects; groups whose `hooks` list
/// becomes empty are dropped. Returns how many entries went. Other items stay as they are.
fn strip_entries(groups: &mut Vec<Value>, remove: &dyn Fn(&str) -> bool) -> usize {
    let mut removed = 0;
    groups.retain_mut(|group| {
        let Some(entries) = group.get_mut("hooks").and_then(Value::as_array_mut) else {
            return true;
        };
        let before = entries.len();
        entries.retain(|e| !entry_command(e).is_some_and(remove));
        let gone = before - entries.len();
        removed += gone;
        !(gone > 0 && entries.is_empty())
    });
    removed
}

/// One event is in the wanted state: exactly one entry of ours, with exactly `command` and
/// `timeout`, and no RiNG entry when RiNG's are to be replaced.
fn event_is_current(groups: &[Value], command: &str, timeout: u64, replace_ring: bool) -> bool {
    let entries: Vec<&Value> = groups
        .iter()
        .filter_map(|g| g.get("hooks").and_then(Value::as_array))
        .flatten()
        .collect();
    let ours: Vec<&&Value> = entries
        .iter()
        .filter(|e| entry_command(e).is_some_and(is_ours))
        .collect();
    let ring_left = replace_ring
        && entries
            .iter()
            .any(|e| entry_command(e).is_some_and(is_ring));
    ours.len() == 1
        && entry_command(ours[0]) == Some(command)
        && ours[0].get("timeout").and_then(Value::as_u64) == Some(timeout)
        && !ring_left
}

/// Brings our first entry up to date where it stands (Codex's trust is keyed by the entry's
/// group and position, so an upgrade in place keeps the user's trust if nothing else
/// changed) and drops every other entry of ours (and RiNG's when asked). `false` when there
/// was no entry of ours.
fn update_in_place(
    groups: &mut Vec<Value>,
    command: &str,
    timeout: u64,
    replace_ring: bool,
) -> bool {
    let mut kept = false;
    for group in groups.iter_mut() {
        let Some(entries) = group.get_mut("hooks").and_then(Value::as_array_mut) else {
            continue;
        };
        for entry in entries.iter_mut() {
            if !kept
                && entry_command(entry).is_some_and(is_ours)
                && let Some(map) = entry.as_object_mut()
            {
                map.insert("command".into(), Value::from(command));
                map.insert("timeout".into(), Value::from(timeout));
                kept = true;
                // Marked so the strip below keeps it; unmarked right after.
                map.insert(KEEP_MARK.into(), Value::Bool(true));
            }
        }
    }
    if !kept {
        return false;
    }
    groups.retain_mut(|group| {
        let Some(entries) = group.get_mut("hooks").and_then(Value::as_array_mut) else {
            return true;
        };
        let before = entries.len();
        entries.retain(|e| {
            e.get(KEEP_MARK).is_some()
                || !entry_command(e).is_some_and(|c| is_ours(c) || (replace_ring && is_ring(c)))
        });
        !(entries.len() < before && entries.is_empty())
    });
    for entry in groups
        .iter_mut()
        .filter_map(|g| g.get_mut("hooks").and_then(Value::as_array_mut))
        .flatten()
    {
        if let Some(map) = entry.as_object_mut() {
            map.remove(KEEP_MARK);
        }
    }
    true
}

/// A key no settings file uses, for [`update_in_place`] only.
const KEEP_MARK: &str = "\u{0}ring-keep";

/// The result of planning an install on one document.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Install {
    /// The edited document (equal to the input when nothing changes).
    pub doc: Value,
    /// Events rewritten, in `events` order.
    pub changed: Vec<String>,
    /// RiNG entries found on our events (command strings, deduplicated, in order).
    pub ring_commands: Vec<String>,
    /// Other commands on PermissionRequest / Notification (they run beside ours).
    pub others_on_wait_events: Vec<String>,
}

/// Plans `install-hooks` on `doc` (already checked with [`check_shape`]).
pub fn install(doc: &Value, spec: &Spec, command: &str, replace_ring: bool) -> Install {
    let events = spec.events;
    let mut out = doc.clone();
    let mut ring_commands: Vec<String> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    for event in events {
        for cmd in event_commands(doc, event) {
            if is_ring(&cmd) && !ring_commands.contains(&cmd) {
                ring_commands.push(cmd);
            } else if !is_ours(&cmd)
                && !is_ring(&cmd)
                && matches!(*event, "PermissionRequest" | "Notification")
                && !others.contains(&cmd)
            {
                others.push(cmd);
            }
        }
    }
    let Some(top) = out.as_object_mut() else {
        return Install {
            doc: out,
            ring_commands,
            others_on_wait_events: others,
            ..Install::default()
        };
    };
    let changed = edit_lists(top, events, |event, groups| {
        let timeout = timeout_for(event, spec);
        if event_is_current(groups, command, timeout, replace_ring) {
            return false;
        }
        // Claude: RiNG's way (§7 step 5: ours out, a new group last). Codex: in
        // place, or the user's trust of the entry would be lost with its position.
        if !(spec.update_in_place && update_in_place(groups, command, timeout, replace_ring)) {
            strip_entries(groups, &|c| is_ours(c) || (replace_ring && is_ring(c)));
            groups.push(
                json!({"hooks": [{"type": "command", "command": command, "timeout": timeout}]}),
            );
        }
        true
    });
    Install {
        doc: kept_unless(doc, out, &changed),
        changed,
        ring_commands,
        others_on_wait_events: others,
    }
}

/// `edited`, or `doc` itself when no event changed (no empty `hooks` added).
pub fn kept_unless(doc: &Value, edited: Value, changed: &[String]) -> Value {
    if changed.is_empty() {
        doc.clone()
    } else {
        edited
    }
}

/// The result of planning a removal.
#[derive(Debug, Clone, PartialEq)]
pub struct Removal {
    /// The edited document.
    pub doc: Value,
    /// Events from which entries went, in `events` order.
    pub changed: Vec<String>,
}

/// Plans `remove-hooks`: drops our entries (and RiNG's when `include_ring`) from `events`.
/// An event list emptied by the removal is dropped, and so is a `hooks` object emptied by it,
/// so install followed by remove gives back the original document.
pub fn remove(doc: &Value, events: &[&str], include_ring: bool) -> Removal {
    remove_with(doc, events, &|groups| {
        strip_entries(groups, &|c| is_ours(c) || (include_ring && is_ring(c)))
    })
}

/// An install in any layout whose `hooks` object maps event names to lists: `edit` brings
/// one event's list (made when missing) to the wanted state and says whether it changed it.
/// The events it changed, in `events` order; an event whose value is not a list is left be.
pub fn edit_lists(
    top: &mut Map<String, Value>,
    events: &[&str],
    mut edit: impl FnMut(&str, &mut Vec<Value>) -> bool,
) -> Vec<String> {
    let mut changed = Vec::new();
    let hooks = top
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()));
    let Some(hooks) = hooks.as_object_mut() else {
        return changed;
    };
    for event in events {
        let list = hooks
            .entry(*event)
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Some(entries) = list.as_array_mut()
            && edit(event, entries)
        {
            changed.push((*event).to_owned());
        }
    }
    changed
}

/// The commands of an event's flat entries (hook objects straight in its list), as
/// `command` reads one entry's.
pub fn flat_commands(
    doc: &Value,
    event: &str,
    command: impl Fn(&Value) -> Option<&str>,
) -> Vec<String> {
    doc.get("hooks")
        .and_then(|h| h.get(event))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(command)
        .map(str::to_owned)
        .collect()
}

/// A removal in any layout whose `hooks` object maps event names to lists: `strip` removes
/// entries from one event's list and says how many went. An event whose list it changed is
/// named in `changed`, and dropped when left empty; so is a `hooks` object left empty.
pub fn remove_with(
    doc: &Value,
    events: &[&str],
    strip: &dyn Fn(&mut Vec<Value>) -> usize,
) -> Removal {
    let mut out = doc.clone();
    let mut changed = Vec::new();
    if let Some(top) = out.as_object_mut()
        && let Some(hooks) = top.get_mut("hooks").and_then(Value::as_object_mut)
    {
        for event in events {
            let Some(list) = hooks.get_mut(*event).and_then(Value::as_array_mut) else {
                continue;
            };
            if strip(list) > 0 {
                changed.push((*event).to_owned());
                if list.is_empty() {
                    hooks.shift_remove(*event);
                }
            }
        }
        if !changed.is_empty() && hooks.is_empty() {
            top.shift_remove("hooks");
        }
    }
    Removal { doc: out, changed }
}

/// Removes the flat entries (hook objects straight in an event's list, as Copilot's and
/// Cursor's files have them) that `remove` picks; how many went.
pub fn strip_flat(entries: &mut Vec<Value>, remove: &dyn Fn(&Value) -> bool) -> usize {
    let before = entries.len();
    entries.retain(|e| !remove(e));
    before - entries.len()
}
