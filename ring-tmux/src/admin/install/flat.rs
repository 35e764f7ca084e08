//! The pure part of `install-hooks` / `remove-hooks` for a hooks file whose entries stand
//! straight in each event's list ([`Format::CopilotFile`], GitHub Copilot CLI's version 1:
//! `{"version": 1, "hooks": {EVENT: [{"type": "command", "bash": CMD, "timeoutSec": N}]}}`).
//! Ours are the entries whose `bash` (or `command`) runs `ring-tmux hook`; everything else is
//! kept as it is, in its place.
//!
//! [`Format::CopilotFile`]: ring_shared::provider::Format::CopilotFile

use super::merge::{self, Install, Installed, Removal, is_ours, is_ring, timeout_for};
use ring_shared::provider::Install as Spec;
use serde_json::{Value, json};

/// The file format version written into a new file.
pub const VERSION: u64 = 1;

/// The command of a flat entry: `bash`, else the cross-platform `command`.
pub fn entry_command(entry: &Value) -> Option<&str> {
    entry
        .get("bash")
        .or_else(|| entry.get("command"))
        .and_then(Value::as_str)
}

fn commands(doc: &Value, event: &str) -> Vec<String> {
    merge::flat_commands(doc, event, entry_command)
}

/// One event is in the wanted state: exactly one entry of ours, with `command` and `timeout`.
fn event_is_current(entries: &[Value], command: &str, timeout: u64) -> bool {
    let ours: Vec<&Value> = entries
        .iter()
        .filter(|e| entry_command(e).is_some_and(is_ours))
        .collect();
    ours.len() == 1
        && entry_command(ours[0]) == Some(command)
        && ours[0].get("timeoutSec").and_then(Value::as_u64) == Some(timeout)
}

/// Plans `install-hooks` on `doc` (already checked with `merge::check_shape`): ours out of
/// every event that is not exactly right, one new entry last.
pub fn install(doc: &Value, spec: &Spec, command: &str) -> Install {
    let mut out = doc.clone();
    let mut changed = Vec::new();
    let mut ring_commands = Vec::new();
    for c in spec.events.iter().flat_map(|e| commands(doc, e)) {
        if is_ring(&c) && !ring_commands.contains(&c) {
            ring_commands.push(c);
        }
    }
    if let Some(top) = out.as_object_mut() {
        changed = merge::edit_lists(top, spec.events, |event, entries| {
            let timeout = timeout_for(event, spec);
            if event_is_current(entries, command, timeout) {
                return false;
            }
            entries.retain(|e| !entry_command(e).is_some_and(is_ours));
            entries.push(json!({"type": "command", "bash": command, "timeoutSec": timeout}));
            true
        });
        if !changed.is_empty() && !top.contains_key("version") {
            // A new file: the version first, as Copilot's own examples write it.
            let rest = std::mem::take(top);
            top.insert("version".into(), Value::from(VERSION));
            top.extend(rest);
        }
    }
    Install {
        doc: merge::kept_unless(doc, out, &changed),
        changed,
        ring_commands,
        ..Install::default()
    }
}

/// Plans `remove-hooks`: drops our entries (and RiNG's when `include_ring`); an event list
/// emptied by it goes, and so does a `hooks` object emptied by it.
pub fn remove(doc: &Value, events: &[&str], include_ring: bool) -> Removal {
    merge::remove_with(doc, events, &|entries| {
        merge::strip_flat(entries, &|e| {
            entry_command(e).is_some_and(|c| is_ours(c) || (include_ring && is_ring(c)))
        })
    })
}

/// Whether a document holds nothing but what ring writes into a new file (`version`), so
/// the file can go.
pub fn is_empty_file(doc: &Value) -> bool {
    doc.as_object()
        .is_some_and(|top| top.keys().all(|k| k == "version"))
}

/// Reports which of `events` carry our hook and which programs it runs, for `doctor`.
pub fn installed(doc: &Value, events: &[&str]) -> Installed {
    super::merge::installed_by(events, |event| commands(doc, event))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> &'static Spec {
        ring_shared::provider::copilot::PROVIDER
            .install
            .as_ref()
            .expect("Copilot installs")
    }

    #[test]
    fn a_new_file_gets_the_version_and_one_entry_per_event() {
        let plan = install(&json!({}), spec(), "/b/ring-tmux hook --provider copilot");
        assert_eq!(plan.doc["version"], json!(1));
        assert_eq!(plan.changed.len(), spec().events.len());
        assert_eq!(
            plan.doc["hooks"]["Stop"],
            json!([{"type": "command", "bash": "/b/ring-tmux hook --provider copilot", "timeoutSec": 600}])
        );
        let again = install(&plan.doc, spec(), "/b/ring-tmux hook --provider copilot");
        assert!(again.changed.is_empty());
        assert_eq!(again.doc, plan.doc);
    }

    #[test]
    fn others_stay_and_remove_gives_the_document_back() {
        let doc =
            json!({"version": 1, "hooks": {"Stop": [{"type": "command", "bash": "say done"}]}});
        let plan = install(&doc, spec(), "/b/ring-tmux hook --provider copilot");
        assert_eq!(
            plan.doc["hooks"]["Stop"][0],
            json!({"type": "command", "bash": "say done"})
        );
        let back = remove(&plan.doc, spec().events, false);
        assert_eq!(back.doc, doc);
        assert!(!is_empty_file(&back.doc));
        let alone = remove(
            &install(&json!({}), spec(), "/b/ring-tmux hook").doc,
            spec().events,
            false,
        );
        assert!(is_empty_file(&alone.doc));
    }

    #[test]
    fn an_old_path_of_ours_is_replaced_not_duplicated() {
        let doc = json!({"hooks": {"Stop": [{"type": "command", "bash": "/old/ring-tmux hook --provider copilot", "timeoutSec": 600}]}});
        let plan = install(&doc, spec(), "/new/ring-tmux hook --provider copilot");
        assert_eq!(
            installed(&plan.doc, &["Stop"]).programs,
            vec!["/new/ring-tmux".to_owned()]
        );
    }
}
