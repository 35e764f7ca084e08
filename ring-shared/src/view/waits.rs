//! A waiting row's waits as front ends state them (§3.16): who waits, and the list `json`
//! gives.

use crate::owner::{FOREGROUND, Wait};
use crate::registry::{Row, Status};

/// Who waits, as front ends name it, when the wait a waiting row shows is not the
/// foreground's (§3.16): `subagent reviewer` (its `agent_type`), `subagent <id>` when the type
/// is unknown, `a subagent` for a wait known only by its type's absence of an id.
pub fn waiter(row: &Row) -> Option<String> {
    if row.status != Status::Waiting {
        return None;
    }
    let wait = row.shown_wait()?;
    if wait.owner == FOREGROUND {
        return None;
    }
    let name = match (wait.agent_type.as_str(), wait.agent_id()) {
        ("", Some(id)) => id,
        (kind, _) => kind,
    };
    Some(if name.is_empty() {
        crate::t!("waiter-unnamed")
    } else {
        crate::t!("waiter-subagent", name = name)
    })
}

/// A wait as `json` lists it (RiNG 0.17.6's `waiting_requests` items, plus ring's
/// `agent_type`).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Listed {
    /// Stable request id ([`Wait::request_id`]).
    pub id: String,
    /// `foreground`, `unknown` or `agent:<id>`.
    pub owner: String,
    /// Waiting kind.
    pub kind: String,
    /// What is waited on.
    pub detail: String,
    /// ring's own: the subagent's `agent_type`, `""` if none.
    #[serde(default)]
    pub agent_type: String,
}

/// The waits of a row as `json` lists them: none unless it is waiting; a row waiting without
/// recorded waits (an older writer, or the read side's Codex rule) lists its summary as the
/// owner of its last event (RiNG's reader does the same).
pub fn listed(row: &Row) -> Vec<Listed> {
    if row.status != Status::Waiting {
        return Vec::new();
    }
    let mut waits = row.waits();
    if waits.is_empty() {
        waits.push(Wait {
            owner: row
                .last_event_owner
                .clone()
                .unwrap_or_else(|| FOREGROUND.into()),
            kind: row.waiting_kind.clone(),
            detail: row.waiting_detail.clone(),
            waiting_for: row.waiting_for.clone(),
            since: row.last_active,
            revision: String::new(),
            tool_use_id: row.last_tool_use_id.clone().unwrap_or_default(),
            agent_type: String::new(),
        });
    }
    waits
        .into_iter()
        .map(|w| Listed {
            id: w.request_id(),
            owner: w.owner,
            kind: w.kind,
            detail: w.detail,
            agent_type: w.agent_type,
        })
        .collect()
}
