//! A waiting session as a notification names it: who waits, for what, and whether only the
//! read side's Codex rule says so.

use crate::board::Board;
use crate::derive::Session;
use crate::registry::Status;
use crate::view::{Entry, Kind as WaitingKind, View};
use serde::{Deserialize, Serialize};

/// A waiting session, as a notification names it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Wait {
    pub session_id: String,
    pub provider: String,
    /// The user's label (labels.json).
    pub label: Option<String>,
    pub project: String,
    pub cwd: String,
    /// `permission`, `question`, `plan` or empty.
    pub kind: String,
    /// The command or question waited on (may be empty).
    pub detail: String,
    pub tmux_socket: Option<String>,
    pub tmux_pane: Option<String>,
    pub tty: Option<String>,
    pub zellij_session: Option<String>,
    pub zellij_pane: Option<String>,
    /// Waiting by the read side's Codex rule (§4.2 a): no hook rang for it.
    pub promoted: bool,
    /// Who waits when it is a subagent: `subagent reviewer` (§3.16).
    pub waiter: Option<String>,
}

impl Wait {
    /// The wait of a board entry: its name, kind and detail by the view's rules (the label,
    /// else the project; the detail with its `waiting_for` fallback and the subagent who
    /// asks), as the boards show them. `promoted`: [`promoted`] of its session.
    pub fn of(entry: &Entry, promoted: bool) -> Wait {
        Wait {
            session_id: entry.session_id.clone(),
            provider: entry.provider.clone(),
            label: Some(entry.label.clone()).filter(|l| !l.is_empty()),
            project: entry.project.clone(),
            cwd: entry.cwd.clone(),
            kind: entry.kind.clone(),
            detail: entry.detail.clone(),
            tmux_socket: entry.tmux_socket.clone(),
            tmux_pane: entry.tmux_pane.clone(),
            tty: entry.tty.clone(),
            zellij_session: entry.zellij_session.clone(),
            zellij_pane: entry.zellij_pane.clone(),
            promoted,
            waiter: entry.waiter.clone(),
        }
    }

    /// The label, else the project ([`Entry::name`]).
    pub fn name(&self) -> &str {
        self.label
            .as_deref()
            .filter(|l| !l.is_empty())
            .unwrap_or(&self.project)
    }

    /// What it waits for, in the words of the kinds' table (`asks a question`); `waits`
    /// for a kind the table lacks.
    pub fn what(&self) -> String {
        WaitingKind::label_of(&self.kind)
    }

    /// Who waits, for a person: the subagent (`subagent reviewer`), else the agent's name
    /// (`Claude Code`).
    pub(super) fn who(&self) -> String {
        match &self.waiter {
            Some(who) => crate::t!(
                "notify-who",
                agent = crate::provider::find(&self.provider)
                    .map_or(self.provider.as_str(), |p| p.label),
                who = who.as_str()
            ),
            None => crate::provider::find(&self.provider)
                .map_or(self.provider.as_str(), |p| p.label)
                .to_owned(),
        }
    }
}

/// Whether a waiting board session is waiting only by the read side's Codex rule (§4.2 a):
/// its row (a `PermissionRequest` of an agent that approves on its own, `delayed_permission_wait`)
/// says working.
pub fn promoted(session: &Session) -> bool {
    let row = &session.row;
    row.status == Status::Waiting
        && crate::provider::rules(&row.provider).delayed_permission_wait
        && row.last_event.as_deref() == Some("PermissionRequest")
        && row
            .waiting_notified_at
            .is_none_or(|at| at < row.last_active)
}

/// The waiting entries of the view the boards show, in board order; `board` holds the same
/// sessions as read, for [`promoted`] (which reads row fields the view does not carry).
pub fn waits(view: &View, board: &Board) -> Vec<Wait> {
    view.entries
        .iter()
        .filter(|e| e.status == Status::Waiting)
        .map(|e| {
            let promoted = board
                .sessions
                .iter()
                .any(|s| s.row.session_id == e.session_id && promoted(s));
            Wait::of(e, promoted)
        })
        .collect()
}
