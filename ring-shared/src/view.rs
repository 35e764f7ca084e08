//! The [`View`]: what every front end of ring renders, built once from the read inputs.
//!
//! ```text
//!  rows, zero-config rows, processes, agents' own states,     ┐
//!  hidden and labels (parsed), config, now                    ┤ view::sessions (§4)
//!        derive::hook_sessions ─▶ agent::apply ─▶ + zero-config rows ─▶ scan::merge_sources
//!        ─▶ agent::apply ─▶ scan::finish (hidden, agents)     ┘
//!  (a front end may place sessions here: tmux targets, zellij panes gone)
//!        View::build ─▶ board order, counts, detail, label, project, location, idle, badge
//!  tmux segment · badges · menu · jump · list · json · oneline · zellij bar and board
//! ```
//!
//! Every display rule lives here once:
//!
//! * **detail** ([`detail`]): what a session waits on while waiting (`waiting_detail`, else
//!   the `waiting_for` token), else its last action.
//! * **label**: `labels.json`'s name for a session; [`Entry::name`] is the label, else the
//!   project. JSON keeps both keys as RiNG prints them.
//! * **counts**: over the board (ended only with `all`), in board order.
//! * **waiting kinds**: [`Kind`] and [`KINDS`] (name, icon, label, badged).
//! * **badge** ([`Entry::badge`]): the state, and while waiting a badged kind.
//!
//! The functions are pure: the clock, the process list, file contents, mtimes and realpaths
//! are arguments. Field names are stable (the JSON board, `zeroconf.json` and later front
//! ends serialize them); new fields are only ever added.

mod entry;
mod kinds;
pub mod page;
pub mod remote;
pub mod snapshot;
pub mod waits;

pub use entry::{Badge, Entry, detail};
pub use kinds::{KINDS, Kind, KindInfo, icon};
pub use snapshot::{Snapshot, ViewOptions, view};

use crate::agent::OwnState;
use crate::board::{Board, Counts};
use crate::derive::trail::Trail;
use crate::derive::{ReadContext, Session, hook_rule_due, hook_sessions_traced};
use crate::registry::{Row, Status};
use crate::scan::{self, ScanSession};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where the zero-config rows (§4.4–4.7) come from.
pub enum ZeroConfig {
    /// None at all (a board of hook rows only).
    None,
    /// Already found: the zellij plugin and the page read what `ring-tmux` published;
    /// `ring-tmux` itself lists them between [`hook_read`] and [`merge_read`] (it skips
    /// transcripts that cannot be live, and needs the hook sessions for that).
    Rows(Vec<ScanSession>),
}

/// Everything a read starts from.
pub struct Inputs<'a> {
    /// The clock, the config, the process scan (every detector unknown where none can run),
    /// hidden sessions (`deleted_sessions.json`, parsed), transcript mtimes and realpaths.
    pub ctx: ReadContext<'a>,
    /// The hook rows, in file-name order.
    pub rows: Vec<Row>,
    pub zero_config: ZeroConfig,
    /// The agents' own states (`~/.claude/sessions`), applied before and after the merge.
    pub agents: &'a [OwnState],
}

/// The sessions of a read, before board order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Read {
    /// Sessions in merge order.
    pub sessions: Vec<Session>,
    /// Hidden ids whose rows showed newer activity: the caller un-hides them.
    pub unhide: Vec<String>,
    /// The first time after which the same inputs can read differently: a clock rule's
    /// deadline ([`next_change_at`]). `None`: nothing but idle times moves on with the clock.
    pub next_change_at: Option<f64>,
}

/// The read-side rules (§4) in RiNG's order: hook rows' rules, the agents' own word,
/// the zero-config rows merged in, the agents' word again, hidden sessions and agents.
pub fn sessions(inputs: Inputs<'_>) -> Read {
    let hook = hook_read(inputs.rows, &inputs.ctx, inputs.agents);
    let zero = match inputs.zero_config {
        ZeroConfig::None => Vec::new(),
        ZeroConfig::Rows(rows) => rows,
    };
    merge_read(hook, zero, &inputs.ctx, inputs.agents)
}

/// The hook rows' half of a read: their rules and the agents' own word (the first steps of
/// [`sessions`]). A caller that lists the zero-config rows itself does so with these
/// sessions, then calls [`merge_read`]; the pure core never calls back into it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HookRead {
    /// The hook rows' sessions, in file-name order.
    pub sessions: Vec<Session>,
    /// The first pending deadline of their clock rules.
    rules_due: Option<f64>,
}

/// The first half of [`sessions`]: the hook rows' rules and the agents' word.
pub fn hook_read(rows: Vec<Row>, ctx: &ReadContext<'_>, agents: &[OwnState]) -> HookRead {
    hook_read_traced(rows, ctx, agents, &mut Trail::off())
}

/// [`hook_read`], noting its decisions about the session `trail` watches
/// ([`crate::explain`]).
pub fn hook_read_traced(
    rows: Vec<Row>,
    ctx: &ReadContext<'_>,
    agents: &[OwnState],
    trail: &mut Trail,
) -> HookRead {
    let rules_due = rows
        .iter()
        .filter_map(|row| hook_rule_due(row, ctx.config, ctx.now))
        .reduce(f64::min);
    let mut sessions = hook_sessions_traced(rows, ctx, trail);
    crate::agent::apply_traced(&mut sessions, agents, trail);
    HookRead {
        sessions,
        rules_due,
    }
}

/// The second half of [`sessions`]: the zero-config rows merged in, the agents' word again,
/// hidden sessions and agents.
pub fn merge_read(
    hook: HookRead,
    zero: Vec<ScanSession>,
    ctx: &ReadContext<'_>,
    agents: &[OwnState],
) -> Read {
    merge_read_traced(hook, zero, ctx, agents, &mut Trail::off())
}

/// [`merge_read`], noting its decisions about the session `trail` watches
/// ([`crate::explain`]).
pub fn merge_read_traced(
    hook: HookRead,
    zero: Vec<ScanSession>,
    ctx: &ReadContext<'_>,
    agents: &[OwnState],
    trail: &mut Trail,
) -> Read {
    let mut sessions = scan::merge_sources_traced(hook.sessions, zero, trail);
    crate::agent::apply_traced(&mut sessions, agents, trail);
    let unhide = scan::finish_traced(&mut sessions, ctx, trail);
    let next_change_at = next_change_at(hook.rules_due, &sessions, ctx.now);
    Read {
        sessions,
        unhide,
        next_change_at,
    }
}

/// The clock rules' next deadline, given `rules_due` (the first pending deadline of the hook
/// rows' rules, [`crate::derive::hook_rule_due`]) and the sessions read at `now`. Until then
/// a read of the same inputs gives the same statuses, kinds, details and order; only idle
/// times move on. Besides the hook rules, board order: a session active at or after the
/// clock (a clock ahead of this one) has idle time 0, so two of them tie, in merge order,
/// until the clock passes the earlier. The zero-config scan's own aging (§4.4) is not
/// covered: a caller that lists transcripts (between [`hook_read`] and [`merge_read`]) reads
/// them again anyway.
pub fn next_change_at(rules_due: Option<f64>, sessions: &[Session], now: f64) -> Option<f64> {
    let mut ahead = sessions
        .iter()
        .map(|s| s.row.last_active)
        .filter(|&at| at >= now);
    let tie_ends = match (ahead.next(), ahead.next()) {
        (Some(a), Some(b)) => Some(ahead.fold(a.min(b), f64::min)),
        _ => None,
    };
    tie_ends.into_iter().chain(rules_due).reduce(f64::min)
}

/// What [`View::build`] needs besides the sessions.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    pub now: f64,
    /// Keep ended sessions (`--all` / `show_all`).
    pub all: bool,
    /// Live agent CLI processes (JSON `agent_processes`, display only).
    pub agent_processes: usize,
    /// `labels.json`, parsed: id → label.
    pub labels: &'a BTreeMap<String, String>,
    /// `$HOME`, shown as `~` in `location` (`""`: never).
    pub home: &'a str,
}

/// The board as every front end draws it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct View {
    /// The clock the view was built at (idle seconds are measured against it).
    pub generated_at: f64,
    /// Live agent CLI processes (display only).
    pub agent_processes: usize,
    /// Counts over the entries.
    pub counts: Counts,
    /// Sessions in display order: by status rank, the waiting ones longest-waiting first,
    /// the others by idle seconds ascending (stable). Every front end lists them so; the JSON
    /// board alone keeps RiNG's order (rank, then idle ascending).
    pub entries: Vec<Entry>,
    /// Indices into `entries` of the waiting sessions, longest-waiting first (what `jump`
    /// visits, the segment names, the boards list first and the zellij bar badges): the
    /// leading entries.
    pub waiting: Vec<usize>,
}

impl View {
    /// Sorts and filters the sessions ([`Board::build`]) and renders each into an [`Entry`].
    pub fn build(sessions: Vec<Session>, options: &Options<'_>) -> View {
        let board = Board::build(sessions, options.agent_processes, options.now, options.all);
        View::of_board(board, options.labels, options.home)
    }

    /// The view of a board already built.
    pub fn of_board(board: Board, labels: &BTreeMap<String, String>, home: &str) -> View {
        let counts = board.counts();
        let now = board.now;
        let mut entries: Vec<Entry> = board
            .sessions
            .into_iter()
            .map(|s| Entry::of(s, now, labels, home))
            .collect();
        let waiting = waiting_first(&mut entries);
        View {
            generated_at: now,
            agent_processes: board.agent_processes,
            counts,
            entries,
            waiting,
        }
    }

    /// The waiting entries, longest-waiting first.
    pub fn waiting(&self) -> impl Iterator<Item = &Entry> {
        self.waiting.iter().map(|&i| &self.entries[i])
    }

    /// The session that has waited longest.
    pub fn longest_waiting(&self) -> Option<&Entry> {
        self.waiting().next()
    }
}

/// Puts the leading waiting entries (board order) longest-waiting first; their indices.
fn waiting_first(entries: &mut [Entry]) -> Vec<usize> {
    // One order for "who's next" in every front end: the waiting sessions (first in
    // board order, by status rank) longest-waiting first; stable, so equal waits keep
    // board order. `format::json` puts RiNG's order back for its `sessions`.
    let waiting_len = entries
        .iter()
        .take_while(|e| e.status == Status::Waiting)
        .count();
    entries[..waiting_len].sort_by(|a, b| b.idle_seconds.total_cmp(&a.idle_seconds));
    (0..waiting_len).collect()
}

#[cfg(test)]
mod tests;
