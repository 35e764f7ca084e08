//! One session of the view as every front end draws it: its names, place, times, detail and
//! badge, read from a derived session at a clock.

use super::{Kind, remote};
use crate::board::{location, project};
use crate::derive::{Session, Source};
use crate::registry::{Row, Status};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One session of the view. Texts are as the rows hold them (unsanitized): each front end
/// sanitizes and escapes for where it draws.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Registry id.
    pub session_id: String,
    pub provider: String,
    /// Read-side status.
    pub status: Status,
    /// `waiting_kind` as recorded, whatever the status (an ended row keeps its 🔐, §9.12).
    pub kind: String,
    /// What exactly it waits on, else what it did last ([`detail`]).
    pub detail: String,
    /// The name `labels.json` gives it, `""` when none.
    pub label: String,
    /// Project name (§4.12).
    pub project: String,
    /// Where it lives (§4.12): the tmux target, else the directory with `~`.
    pub location: String,
    /// Seconds since the last activity, never negative.
    pub idle_seconds: f64,
    pub last_active: f64,
    /// Background agent (§4.9).
    pub agent: bool,
    /// Where the row came from.
    pub source: Source,
    /// The transcript moved on without the hook (§4.2 c).
    pub hook_stale: bool,
    /// The hook's last heartbeat; `0` for rows no hook wrote.
    pub heartbeat_at: f64,
    pub cwd: String,
    pub last_action: String,
    pub waiting_detail: String,
    /// Todo progress (done, total).
    pub todo: Option<(i64, i64)>,
    /// `$TMUX_PANE` of the hook (`%42`).
    pub tmux_pane: Option<String>,
    /// tmux socket path of the hook's server.
    pub tmux_socket: Option<String>,
    /// tmux `session:window.pane`, when mapped.
    pub tmux_target: Option<String>,
    /// The agent's terminal.
    pub tty: Option<String>,
    /// `$ZELLIJ_SESSION_NAME` of the hook.
    pub zellij_session: Option<String>,
    /// `$ZELLIJ_PANE_ID` of the hook.
    pub zellij_pane: Option<String>,
    /// What the session's pane badge shows; `None` for ended sessions.
    pub badge: Option<Badge>,
    /// Who waits when it is not the session's own agent: `subagent reviewer` (§3.16).
    /// [`Entry::detail`] already starts with it.
    #[serde(default)]
    pub waiter: Option<String>,
    /// Each owner's wait while waiting (`json`'s `waiting_requests`).
    #[serde(default)]
    pub waits: Vec<super::waits::Listed>,
    /// The host it runs on, for a session read from another machine's snapshot
    /// ([`remote`]); `None`: this machine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remote: Option<remote::Remote>,
}

/// What a pane badge shows for a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Badge {
    /// Waiting, working or idle.
    pub state: Status,
    /// While waiting, a badged kind.
    pub kind: Option<Kind>,
}

impl Badge {
    /// The badge of a status and a `waiting_kind`; `None` for ended sessions.
    pub fn of(status: Status, waiting_kind: &str) -> Option<Badge> {
        (status != Status::Ended).then(|| Badge {
            state: status,
            kind: Kind::on_badge(status, waiting_kind),
        })
    }
}

/// The one detail rule: while waiting, `waiting_detail`, else the `waiting_for` token; else
/// (and when both are empty) the last action.
pub fn detail(row: &Row) -> &str {
    let waiting = row.status == Status::Waiting;
    if waiting && !row.waiting_detail.is_empty() {
        &row.waiting_detail
    } else if waiting && !row.waiting_for.is_empty() {
        &row.waiting_for
    } else {
        &row.last_action
    }
}

impl Entry {
    /// One session read at `now` (what [`super::View::build`] does for each). Moves the row's
    /// strings.
    pub fn of(session: Session, now: f64, labels: &BTreeMap<String, String>, home: &str) -> Entry {
        let project = project(&session).to_owned();
        let location = location(&session, home);
        let waiter = super::waits::waiter(&session.row);
        let detail = match &waiter {
            Some(who) => crate::t!(
                "waiter-detail",
                who = who.as_str(),
                detail = detail(&session.row)
            ),
            None => detail(&session.row).to_owned(),
        };
        let waits = super::waits::listed(&session.row);
        let idle_seconds = session.idle_seconds(now);
        let Session {
            row,
            source,
            hook_stale,
            kind,
            tmux_target,
        } = session;
        Entry {
            label: labels.get(&row.session_id).cloned().unwrap_or_default(),
            badge: Badge::of(row.status, &row.waiting_kind),
            session_id: row.session_id,
            provider: row.provider,
            status: row.status,
            kind: row.waiting_kind,
            detail,
            project,
            location,
            idle_seconds,
            last_active: row.last_active,
            agent: kind == Some("agent"),
            source,
            hook_stale,
            heartbeat_at: if source == Source::Hook {
                row.heartbeat_at
            } else {
                0.0
            },
            cwd: row.cwd,
            last_action: row.last_action,
            waiting_detail: row.waiting_detail,
            todo: row.todo,
            tmux_pane: row.tmux_pane,
            tmux_socket: row.tmux_socket,
            tmux_target,
            tty: row.tty,
            zellij_session: row.zellij_session,
            zellij_pane: row.zellij_pane,
            waiter,
            waits,
            remote: None,
        }
    }

    /// The name to show: the label, else the project.
    pub fn name(&self) -> &str {
        if self.label.is_empty() {
            &self.project
        } else {
            &self.label
        }
    }

    /// The waiting kind, when it is one of [`super::KINDS`].
    pub fn waiting_kind(&self) -> Option<Kind> {
        Kind::parse(&self.kind)
    }

    /// The icon of its waiting kind while it waits (badged kinds and idle alike: the boards
    /// and `list` show ⏸ too), else `""`.
    pub fn kind_icon(&self) -> &'static str {
        if self.status == Status::Waiting {
            self.waiting_kind().map_or("", Kind::icon)
        } else {
            ""
        }
    }

    /// The kind a badge, the segment and the menu draw: a badged kind, while waiting.
    pub fn badge_kind(&self) -> Option<Kind> {
        self.badge.and_then(|b| b.kind)
    }
}
