//! The pure edit of Cursor's `hooks.json` ([`Format::CursorHooks`]): `{"version": 1, "hooks":
//! {EVENT: [{"command": CMD, …}, …]}}`, entries straight in each event's list (Claude Code's
//! shape has groups there). Ours are the entries whose command is `ring-tmux hook` (the same
//! test as [`merge::is_ours`]); everything else stays exactly where it is.
//!
//! [`Format::CursorHooks`]: ring_shared::provider::Format::CursorHooks

use super::merge::{self, Installed, Removal, is_ours};
use ring_shared::provider::cursor::KNOWN_EVENTS;
use serde_json::{Value, json};

/// The schema version Cursor's documentation writes.
const VERSION: u64 = 1;

/// The document with ring's entry (`{"command": command}`) on every event of `events`, and
/// the events that changed.
pub fn install(doc: &Value, events: &[&str], command: &str) -> merge::Install {
    let mut out = doc.clone();
    let mut changed = Vec::new();
    if let Some(top) = out.as_object_mut() {
        top.entry("version").or_insert(json!(VERSION));
        changed = merge::edit_lists(top, events, |_, entries| {
            let ours: Vec<usize> = entries
                .iter()
                .enumerate()
                .filter(|(_, e)| merge::entry_command(e).is_some_and(is_ours))
                .map(|(i, _)| i)
                .collect();
            if ours.len() == 1 && merge::entry_command(&entries[ours[0]]) == Some(command) {
                return false;
            }
            // One entry of ours, where the first one stood (or at the end).
            let at = ours.first().copied();
            for i in ours.iter().rev() {
                entries.remove(*i);
            }
            let entry = json!({ "command": command });
            match at {
                Some(i) => entries.insert(i, entry),
                None => entries.push(entry),
            }
            true
        });
    }
    merge::Install {
        doc: merge::kept_unless(doc, out, &changed),
        changed,
        ..merge::Install::default()
    }
}

/// The document without ring's entries on `events` (an event left empty goes, and `hooks`
/// with it when nothing is left; `version` stays).
pub fn remove(doc: &Value, events: &[&str]) -> Removal {
    merge::remove_with(doc, events, &|entries| {
        merge::strip_flat(entries, &|e| merge::entry_command(e).is_some_and(is_ours))
    })
}

/// Which of `events` lack ring's entry, and the programs ring's entries run.
pub fn installed(doc: &Value, events: &[&str]) -> Installed {
    merge::installed_by(events, |event| {
        merge::flat_commands(doc, event, merge::entry_command)
    })
}

/// The event names in the file that Cursor does not know: any one of them makes Cursor
/// reject the whole file, ring's hooks included.
pub fn unknown_events(doc: &Value) -> Vec<String> {
    doc.get("hooks")
        .and_then(Value::as_object)
        .map(|hooks| {
            hooks
                .keys()
                .filter(|k| !KNOWN_EVENTS.contains(&k.as_str()))
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_shared::provider::cursor::HOOK_EVENTS;

    const CMD: &str = "/opt/ring-tmux hook --provider cursor";

    #[test]
    fn install_adds_one_flat_entry_per_event_and_keeps_the_rest() {
        let doc =
            json!({"version": 1, "hooks": {"stop": [{"command": "./audit.sh", "loop_limit": 3}]}});
        let plan = install(&doc, &HOOK_EVENTS, CMD);
        assert_eq!(plan.changed.len(), HOOK_EVENTS.len());
        assert_eq!(
            plan.doc["hooks"]["stop"],
            json!([{"command": "./audit.sh", "loop_limit": 3}, {"command": CMD}])
        );
        assert_eq!(
            plan.doc["hooks"]["beforeSubmitPrompt"],
            json!([{"command": CMD}])
        );
        let again = install(&plan.doc, &HOOK_EVENTS, CMD);
        assert!(again.changed.is_empty(), "a second install changes nothing");
        assert_eq!(again.doc, plan.doc);
    }

    #[test]
    fn a_new_binary_replaces_ours_where_it_stands() {
        let doc = json!({"hooks": {"stop": [{"command": "/old/ring-tmux hook --provider cursor"}, {"command": "x"}]}});
        let plan = install(&doc, &["stop"], CMD);
        assert_eq!(
            plan.doc["hooks"]["stop"],
            json!([{"command": CMD}, {"command": "x"}])
        );
        assert_eq!(plan.doc["version"], json!(1));
    }

    #[test]
    fn remove_takes_only_ours() {
        let doc = json!({"version": 1, "hooks": {"stop": [{"command": CMD}, {"command": "./audit.sh"}], "afterFileEdit": [{"command": CMD}]}});
        let plan = remove(&doc, &HOOK_EVENTS);
        assert_eq!(
            plan.doc,
            json!({"version": 1, "hooks": {"stop": [{"command": "./audit.sh"}]}})
        );
        let empty = remove(
            &json!({"version": 1, "hooks": {"stop": [{"command": CMD}]}}),
            &HOOK_EVENTS,
        );
        assert_eq!(empty.doc, json!({"version": 1}));
    }

    #[test]
    fn unknown_event_names_are_listed() {
        let doc = json!({"hooks": {"stop": [], "PreToolUse": [], "beforeShellExec": []}});
        assert_eq!(unknown_events(&doc), vec!["PreToolUse", "beforeShellExec"]);
        assert!(installed(&doc, &["stop"]).missing == vec!["stop"]);
    }
}
