//! Rows + the zellij session's panes → what the bar and the board show: ring-shared's
//! [`ring_shared::view::View`] (the one every front end renders), placed on this zellij
//! session's panes and sanitized for cells.
//!
//! Mapping rule (DESIGN "zellij front end"): a row belongs to a pane only when its
//! `zellij_session` is this session's name and its `zellij_pane` is a terminal pane of the
//! `PaneUpdate` manifest. Each pane carries at most one row (the most recently active one), so
//! each badge belongs to exactly one pane. A row of this session whose pane is gone is ended.

use crate::cells;
use crate::settings::Label;
use ring_shared::Status;
use ring_shared::derive::Session;
use ring_shared::format::{relative_time, relative_time_next};
use ring_shared::view::{self, Kind};
use std::collections::BTreeMap;

/// A terminal pane of this session, from the `PaneUpdate` manifest.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PaneRef {
    pub id: u32,
    pub tab_position: usize,
    /// The tab's name (from `TabUpdate`), `""` until known.
    pub tab_name: String,
    /// The pane's default colours as zellij reports them (`#rrggbb`), for the in-pane cue.
    pub fg: Option<String>,
    pub bg: Option<String>,
}

/// The terminal panes of this session.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Panes {
    /// A `PaneUpdate` has arrived: a pane missing from `terminals` is really gone.
    pub known: bool,
    pub terminals: BTreeMap<u32, PaneRef>,
}

/// Where focusing a session goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A terminal pane of this session.
    Pane(u32),
    /// A terminal pane of another zellij session (the board switches session).
    OtherSession { session: String, pane: u32 },
}

/// One session as the board lists it. Text fields are sanitized.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub session_id: String,
    pub status: Status,
    /// `waiting_kind` (`permission`, `question`, `plan`, …), `""` when not waiting.
    pub kind: String,
    /// The label from `labels.json`, else the project (§4.12).
    pub project: String,
    /// The label alone, `""` when none (what the board's name prompt starts from).
    pub label: String,
    /// What it waits on, or its last action.
    pub detail: String,
    /// Idle time, §5.4 (`42s`, `3m`, `1h05m`).
    pub idle: String,
    /// Where it runs: tab and pane, another session, a tmux pane, or its directory.
    pub location: String,
    pub target: Option<Target>,
    /// Hidden (`deleted_sessions.json`), listed only because the board's `a` asks for them.
    pub hidden: bool,
    /// A session of another host (`host:project`, id `host:id`): no pane here, reached only
    /// through `ring-tmux` (which runs ssh).
    pub remote: bool,
}

/// A waiting session with a pane in this session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Badge {
    pub pane: u32,
    pub label: String,
    pub kind: String,
}

/// Everything the bar and the board draw, independent of width.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct View {
    /// Non-zero counts of the shown states, in board order.
    pub counts: Vec<(Status, usize)>,
    /// Sessions in display order (waiting first, longest-waiting first; the others by idle
    /// time), shown states only.
    pub entries: Vec<Entry>,
    /// Waiting panes of this session, longest waiting first.
    pub badges: Vec<Badge>,
    /// The shown sessions in tmux, counted apart from [`View::counts`] (with
    /// `status_elsewhere` on): the bar marks them as tmux's status segment marks another
    /// server's (`+3 elsewhere, 1 waiting`).
    pub elsewhere: ring_shared::board::Counts,
    /// With `remote_counts = "apart"`: the remote hosts' counts, drawn after `⇄` (`counts`
    /// then holds this machine's only). Empty otherwise.
    pub remote_counts: Vec<(Status, usize)>,
    /// `⌛HOST AGE` for each stale host, `✖HOST` for each unreachable one (sanitized).
    pub marks: Vec<String>,
}

/// The remote hosts' part of a view ([`ReadInputs::remote`]).
#[derive(Debug, Clone, Default)]
pub struct Remote {
    pub entries: Vec<view::Entry>,
    pub marks: Vec<String>,
    /// `remote_counts = "apart"`.
    pub apart: bool,
    /// When a host's mark next changes.
    pub changes_at: Option<f64>,
}

/// What the view is built from, besides the sessions.
pub struct Inputs<'a> {
    pub now: f64,
    /// This zellij session's name (`ModeInfo.session_name`).
    pub session_name: Option<&'a str>,
    pub panes: &'a Panes,
    pub labels: &'a BTreeMap<String, String>,
    pub label: Label,
    pub shown: &'a [Status],
    /// `status_elsewhere`: sessions in tmux are counted apart.
    pub elsewhere: bool,
}

/// Applies the pane-gone rule, builds ring-shared's [`view::View`] (board order, detail,
/// label, counts), maps its entries to panes and keeps the shown states: what the bar and the
/// board draw.
pub fn build(sessions: Vec<Session>, inputs: &Inputs<'_>) -> View {
    build_timed(sessions, inputs).0
}

/// [`build`], with when the first entry's idle text (`42s`, `3m`) moves on (`None` without
/// entries).
pub fn build_timed(sessions: Vec<Session>, inputs: &Inputs<'_>) -> (View, Option<f64>) {
    build_with_remote(sessions, Remote::default(), inputs)
}

/// [`build_timed`] with the remote hosts' entries merged in (board order over both) and their
/// marks; with `apart`, the counts split into this machine's and the hosts'.
pub fn build_with_remote(
    mut sessions: Vec<Session>,
    remote: Remote,
    inputs: &Inputs<'_>,
) -> (View, Option<f64>) {
    end_gone_panes(&mut sessions, inputs);
    let mut shared = view::View::build(
        sessions,
        &view::Options {
            now: inputs.now,
            all: true,
            agent_processes: 0,
            labels: inputs.labels,
            home: "",
        },
    );
    view::remote::merge(&mut shared, remote.entries);
    let targets = map_targets(&shared.entries, inputs);
    let mut view = View {
        marks: remote.marks,
        ..View::default()
    };
    let mut idle_text_changes_at: Option<f64> = None;
    for (e, target) in shared.entries.iter().zip(targets) {
        if inputs.shown.contains(&e.status) {
            view.entries.push(entry(e, target, inputs));
            let next = e.last_active + relative_time_next(e.idle_seconds);
            idle_text_changes_at = Some(idle_text_changes_at.map_or(next, |at| at.min(next)));
        }
    }
    // This machine's sessions; with `apart`, the hosts' in their own counts; sessions in tmux
    // counted apart when `status_elsewhere` says so.
    let mut here = ring_shared::board::Counts::default();
    let mut hosts = ring_shared::board::Counts::default();
    for e in shared
        .entries
        .iter()
        .filter(|e| inputs.shown.contains(&e.status))
    {
        if e.remote.is_some() {
            if remote.apart {
                hosts.add(e.status);
            } else {
                here.add(e.status);
            }
        } else if ring_shared::servers::elsewhere_outside_tmux(e, inputs.elsewhere) {
            view.elsewhere.add(e.status);
        } else {
            here.add(e.status);
        }
    }
    for status in Status::ALL {
        if here.get(status) > 0 {
            view.counts.push((status, here.get(status)));
        }
        if hosts.get(status) > 0 {
            view.remote_counts.push((status, hosts.get(status)));
        }
    }
    // The entries list the waiting sessions longest-waiting first, as every front end does.
    view.badges = view
        .entries
        .iter()
        .filter(|e| e.status == Status::Waiting)
        .filter_map(|e| match e.target {
            Some(Target::Pane(pane)) => Some(Badge {
                pane,
                label: match inputs.label {
                    Label::Tab => inputs
                        .panes
                        .terminals
                        .get(&pane)
                        .map(|p| cells::sanitize(&p.tab_name))
                        .filter(|name| !name.is_empty())
                        .unwrap_or_else(|| e.project.clone()),
                    Label::Project => e.project.clone(),
                },
                // What a tmux badge draws: a badged kind only (never ⏸ for an idle prompt).
                kind: Kind::on_badge(e.status, &e.kind)
                    .map(|k| k.info().name.to_owned())
                    .unwrap_or_default(),
            }),
            _ => None,
        })
        .collect();
    (view, idle_text_changes_at)
}

/// A row of this session whose pane is no longer in the manifest is ended: the agent's pane
/// was closed, whatever the row last said. Unknown until the first `PaneUpdate`.
fn end_gone_panes(sessions: &mut [Session], inputs: &Inputs<'_>) {
    if !inputs.panes.known {
        return;
    }
    for session in sessions {
        let row = &session.row;
        if let Some((row_session, pane)) = zellij_place(&row.zellij_session, &row.zellij_pane)
            && Some(row_session) == inputs.session_name
            && !inputs.panes.terminals.contains_key(&pane)
        {
            session.row.status = Status::Ended;
        }
    }
}

/// The target of every entry (same order). A pane goes to the most recently active session
/// claiming it (the first in board order on a tie); the others get no pane.
fn map_targets(entries: &[view::Entry], inputs: &Inputs<'_>) -> Vec<Option<Target>> {
    let mut targets = vec![None; entries.len()];
    let mut owner: BTreeMap<u32, usize> = BTreeMap::new();
    for (index, e) in entries.iter().enumerate() {
        let Some((row_session, pane)) = zellij_place(&e.zellij_session, &e.zellij_pane) else {
            continue;
        };
        if Some(row_session) != inputs.session_name {
            targets[index] = Some(Target::OtherSession {
                session: row_session.to_owned(),
                pane,
            });
            continue;
        }
        if !inputs.panes.terminals.contains_key(&pane) {
            continue;
        }
        match owner.get(&pane) {
            Some(&other) if entries[other].last_active >= e.last_active => {}
            _ => {
                owner.insert(pane, index);
            }
        }
    }
    for (pane, index) in owner {
        targets[index] = Some(Target::Pane(pane));
    }
    targets
}

/// The zellij session and terminal pane id a row was written from (`$ZELLIJ_SESSION_NAME`,
/// `$ZELLIJ_PANE_ID`), when both are there.
fn zellij_place<'a>(session: &'a Option<String>, pane: &Option<String>) -> Option<(&'a str, u32)> {
    let session = session.as_deref().filter(|s| !s.is_empty())?;
    let pane = pane.as_deref()?.trim().parse::<u32>().ok()?;
    Some((session, pane))
}

/// One entry of ring-shared's view as the board lists it: sanitized, with the zellij place.
fn entry(e: &view::Entry, target: Option<Target>, inputs: &Inputs<'_>) -> Entry {
    let waiting = e.status == Status::Waiting;
    let location = match &target {
        Some(Target::Pane(pane)) => {
            let tab = inputs
                .panes
                .terminals
                .get(pane)
                .map(|p| cells::sanitize(&p.tab_name))
                .unwrap_or_default();
            if tab.is_empty() {
                format!("pane {pane}")
            } else {
                format!("{tab} · pane {pane}")
            }
        }
        Some(Target::OtherSession { session, pane }) => {
            format!("zellij {} · pane {pane}", cells::sanitize(session))
        }
        None if e.remote.is_some() => cells::sanitize(&e.location),
        None => match e.tmux_pane.as_deref().filter(|p| !p.is_empty()) {
            Some(pane) => format!("tmux {}", cells::sanitize(pane)),
            None => cells::sanitize(&e.cwd),
        },
    };
    Entry {
        session_id: e.session_id.clone(),
        status: e.status,
        kind: if waiting {
            cells::sanitize(&e.kind)
        } else {
            String::new()
        },
        project: cells::sanitize(e.name()),
        label: cells::sanitize(&e.label),
        detail: cells::sanitize(&e.detail),
        idle: relative_time(e.idle_seconds),
        location,
        target,
        hidden: false,
        remote: e.remote.is_some(),
    }
}

mod read;

pub use read::{ReadInputs, ZERO_CONFIG_MAX_AGE};

#[cfg(test)]
mod tests;
