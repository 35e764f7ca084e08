//! The board from disk: [`load_board`] (shared with `status` and `gc`) and the commands
//! `oneline`, `json`, `list`.
//!
//! ```text
//!  sessions/*.json ─ read_rows (sorted by name, bounded, corrupt rows counted) ─┐
//!  deleted_sessions.json, labels.json, config.toml ─────────────────────────────┤
//!  RING_PROCS file | /proc scan, stat(source_path), realpath(cwd) ──────────────┤
//!      ring_shared::view::sessions ◀────────────────────────────────────────────┘
//!        (hook rows' rules, agents' own word, + zeroconf::scan, merge, hidden, agents)
//!      json/list: tmux targets ─▶ ring_shared::view::View::build ─▶ format::{oneline, json},
//!                                  list, status, badges, menu, jump
//! ```
//!
//! Zero-config rows ([`crate::gather::zeroconf`]) are merged in after the hook rows' rules, as in
//! RiNG (§4.1). Work is lazy, because status bars run this every few seconds: decoded rows
//! are cached while `sessions/` is unchanged (the `cache` module, `RING_HOME/cache/rows.bin`), the
//! `/proc` scan remembers what each process was (`cache/procs.bin`), transcript mtimes are
//! read only for `json`/`list`, and realpaths share resolved prefixes. Time and liveness
//! rules are applied on every read; nothing time-dependent is cached. Each cache earns its
//! place in BENCHMARKS.md (issue 13 item 4); only `status` and `oneline` write them.

mod cache;
pub(crate) use cache::file_parts;
mod cached;
mod copilot;
pub(crate) mod elsewhere;
pub(crate) mod events;
mod files;
mod hidden;
pub(crate) mod inputs;

pub(crate) mod named;
mod own;
pub(crate) mod remote;
pub(crate) mod servers;
mod snapshot;
pub mod zeroconf;

pub use crate::sys::paths::{RealPaths, mtime};
pub use cached::read_rows_cached;
pub use files::{
    RowFile, RowFiles, SIDE_FILE_CAP, read_capped, read_config, read_row_file, read_rows,
};
pub use own::states as own_states;
pub use snapshot::snapshot;

use crate::sys::env::{self, Env};
use ring_shared::board::{Board, Counts};
use ring_shared::config::Config;
use ring_shared::derive::{self, Procs, ReadContext, Session, parse_labels};
use ring_shared::view::{self, View};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// What to load besides the board itself.
#[derive(Debug, Clone, Copy)]
pub struct LoadOptions {
    /// Keep ended sessions (`--all` / `show_all`).
    pub all: bool,
    /// Add the zero-config rows (Claude transcripts, Codex threads, live processes without a
    /// row: §4.4–4.7), as RiNG's board does. Without them, and without rows, no process
    /// scan is done at all.
    pub zero_config: bool,
    /// Compute `hook_stale` (§4.2 c: one `stat` per working/waiting row with a transcript).
    /// Display only: off, every session's `hook_stale` is `false`.
    pub hook_stale: bool,
    /// Map sessions to `session:window.pane` targets of the tmux server this command runs in
    /// (§4.10 rules 1–2: one `list-panes` and a `/proc` walk). Display only (`location`).
    pub tmux_targets: bool,
    /// List hidden sessions too (the board's `a`, which marks them): `deleted_sessions.json`
    /// is read but hides nothing.
    pub show_hidden: bool,
    /// Keep the waiting sessions as read ([`LoadedBoard::waiting`], for the notification
    /// decision); off, it is empty and no waiting row is copied (`oneline` prints counts).
    pub waiting_rows: bool,
}

impl LoadOptions {
    /// Everything RiNG's board has (`json`, `list`).
    pub fn full(all: bool) -> LoadOptions {
        LoadOptions {
            all,
            zero_config: true,
            hook_stale: true,
            tmux_targets: true,
            show_hidden: false,
            waiting_rows: true,
        }
    }

    /// What counts and badges need (`oneline`, `status`): [`LoadOptions::full`] without
    /// `hook_stale` and tmux targets.
    pub fn counts(all: bool) -> LoadOptions {
        LoadOptions {
            hook_stale: false,
            tmux_targets: false,
            ..LoadOptions::full(all)
        }
    }
}

/// The board as read from disk, with what was skipped on the way.
#[derive(Debug, Clone)]
pub struct LoadedBoard {
    /// What every front end renders.
    pub view: View,
    /// The waiting sessions as read (board order), for the notification decision, which
    /// reads rows' notify fields the View does not carry.
    pub waiting: Board,
    /// Row files skipped (unreadable, too big, corrupt), with why.
    pub skipped: Vec<(PathBuf, String)>,
    /// The process scan the read used (empty when nothing needed one), for hook health.
    pub procs: Procs,
    /// How each of `remote_hosts` answered (their sessions are in `view`).
    pub hosts: Vec<crate::gather::remote::HostState>,
}

/// Reads the registry and applies every read-side rule (§4), like RiNG's board, except
/// the display-only `hook_stale` (always `false` here; see [`LoadOptions::full`]).
pub fn load_board(env: &Env, config: &Config, all: bool) -> LoadedBoard {
    load_board_with(env, config, LoadOptions::counts(all))
}

/// [`load_board`] with options.
pub fn load_board_with(env: &Env, config: &Config, options: LoadOptions) -> LoadedBoard {
    let (mut view, found, waiting, procs) = build_view(env, config, options);
    let hosts =
        crate::gather::remote::add_to(env, config, &mut view, options.all || config.show_all, true);
    LoadedBoard {
        view,
        waiting,
        skipped: found.skipped,
        procs,
        hosts,
    }
}

/// The view, with the row files it came from (their rows moved into the view): the read
/// inputs gathered from disk and `/proc`, then [`ring_shared::view`].
pub(crate) fn build_view(
    env: &Env,
    config: &Config,
    options: LoadOptions,
) -> (View, RowFiles, Board, Procs) {
    let (sessions, gathered) = read_sessions(env, config, options);
    let now = gathered.now;
    let waiting: Vec<Session> = sessions
        .iter()
        .filter(|s| options.waiting_rows && s.row.status == ring_shared::Status::Waiting)
        .cloned()
        .collect();
    let waiting = Board::build(waiting, 0, now, options.all);
    let home = env.home.to_string_lossy();
    let view = View::build(
        sessions,
        &view::Options {
            now,
            all: options.all,
            agent_processes: gathered.procs.agent_processes(),
            labels: &gathered.labels,
            home: &home,
        },
    );
    let inputs::Gathered { found, procs, .. } = gathered;
    (view, found, waiting, procs)
}

/// The counts alone (`oneline`): the sessions [`build_view`] reads, counted as its board
/// would count them, with no board sorted and no entry made.
pub(crate) fn read_counts(env: &Env, config: &Config, options: LoadOptions) -> Counts {
    let (sessions, gathered) = read_sessions(env, config, options);
    let counts = Counts::of(&sessions, options.all);
    leave_to_exit((sessions, gathered));
    counts
}

/// The sessions after every read-side rule (merge order, unsorted), with their inputs.
fn read_sessions(
    env: &Env,
    config: &Config,
    options: LoadOptions,
) -> (Vec<Session>, inputs::Gathered) {
    let mut gathered = inputs::gather(env, options.zero_config);
    let now = gathered.now;
    let rows = std::mem::take(&mut gathered.found.rows);
    let no_hidden = BTreeMap::new();
    let realpath = |dir: &str| gathered.realpaths.get(dir);
    let no_mtime = |_: &str| None;
    let all = options.all || config.show_all;
    let ctx = ReadContext {
        now,
        config,
        procs: &gathered.procs,
        hidden: if options.show_hidden {
            &no_hidden
        } else {
            &gathered.hidden.at
        },
        source_mtime: if options.hook_stale {
            &mtime
        } else {
            &no_mtime
        },
        realpath: &realpath,
    };
    let hook = view::hook_read(rows, &ctx, &gathered.own);
    let zero = if options.zero_config {
        // A read that drops ended rows lets the listing skip transcripts that cannot be live.
        let mut hook_ids = ring_shared::fasthash::set_with_capacity(hook.sessions.len());
        hook_ids.extend(hook.sessions.iter().map(|s| s.row.session_id.as_str()));
        let hook_id = |id: &str| hook_ids.contains(id);
        let need = if all {
            crate::gather::zeroconf::Need::AllRows
        } else {
            crate::gather::zeroconf::Need::LiveRows { hook_id: &hook_id }
        };
        gathered.zero_config(env, &ctx, need)
    } else {
        Vec::new()
    };
    let read = view::merge_read(hook, zero, &ctx, &gathered.own);
    let hidden = &gathered.hidden;
    if hidden.migrated || !read.unhide.is_empty() {
        hidden::write_back(&env.ring_home, hidden, &read.unhide, now);
    }
    let mut sessions = read.sessions;
    if options.tmux_targets {
        map_tmux_targets(env, &mut sessions, options.all);
    }
    (sessions, gathered)
}

/// The ids `deleted_sessions.json` hides now (`unhide` picks among them, the board leaves
/// them out).
pub(crate) fn hidden_ids(env: &Env) -> Vec<String> {
    hidden::load(&env.ring_home, env.now())
        .at
        .into_keys()
        .collect()
}

/// `labels.json`: id → label (none when missing or unreadable).
pub(crate) fn read_labels(env: &Env) -> BTreeMap<String, String> {
    files::read_side_file(&env.ring_home, "labels.json")
        .map(|bytes| parse_labels(&bytes))
        .unwrap_or_default()
}

/// The working directories of the processes a scan found.
fn proc_cwds(procs: &Procs) -> impl Iterator<Item = &str> {
    procs
        .by_provider
        .values()
        .flatten()
        .flatten()
        .map(|p| p.cwd.as_str())
}

/// The realpaths of a read: the cwds of processes found in /proc are resolved by the kernel
/// already (not those of a RING_PROCS file, which are whatever a test wrote).
fn realpaths_for(env: &Env, procs: &Procs) -> RealPaths {
    if env.procs_file.is_none() {
        RealPaths::seeded(proc_cwds(procs))
    } else {
        RealPaths::default()
    }
}

/// The process scan: the `RING_PROCS` file when set, else `/proc` (with the per-process
/// memo in `RING_HOME/cache/procs.bin`).
pub fn scan_processes(env: &Env) -> Procs {
    match &env.procs_file {
        Some(path) => env::read_procs_file(path),
        None => crate::sys::procs::scan_cached(
            &env.ring_home.join("cache").join("procs.bin"),
            env::wall_clock(),
        ),
    }
}

/// Leaves a large structure of many small allocations to the end of the process instead of
/// freeing it piece by piece: the read commands exit right after printing, and freeing a
/// 500-transcript scan cache or board cost a sixth of a whole `status` call (callgrind).
/// Only for values the command is done with; in a long-lived process (tests) the memory
/// simply stays allocated.
pub(crate) fn leave_to_exit<T>(value: T) {
    std::mem::forget(value);
}

/// Python's `os.path.realpath` (non-strict) of one path. For many paths keep one
/// [`RealPaths`]: it shares resolved prefixes.
pub fn realpath(dir: &str) -> String {
    RealPaths::default().get(dir)
}

/// Maps sessions to `session:window.pane` targets of the tmux server this command runs in:
/// §4.10 rule 1 (the row's pane id, same socket) and rule 2 (for rows without a pane id, a
/// process below a pane's shell that names the session). One bounded `list-panes` and a
/// `/proc` walk below the panes, shared with the zero-config scan; nothing at all outside
/// tmux. Only the readable outputs (`json`, `list`) map rows, never `oneline`/`status`.
/// Nothing is asked when the board will show no session (`all` off: none but ended ones).
fn map_tmux_targets(env: &Env, sessions: &mut [Session], all: bool) {
    if !sessions
        .iter()
        .any(|s| all || s.row.status != ring_shared::Status::Ended)
    {
        return;
    }
    let realpaths = RealPaths::default();
    let realpath = |dir: &str| realpaths.get(dir);
    if let Some(gathered) = crate::gather::zeroconf::evidence::shared(env, &realpath) {
        let panes: Vec<(String, String)> = gathered
            .panes
            .iter()
            .map(|p| (p.id.clone(), p.target.clone()))
            .collect();
        let socket = gathered.socket.as_deref();
        derive::map_tmux_targets(sessions, socket, &panes);
        derive::map_process_tree_targets(sessions, socket, &gathered.tree, &realpath);
    }
    // The user's other servers: a bounded list-panes each that holds a session.
    let current = crate::sys::run::socket_from_env();
    crate::gather::elsewhere::map_other_servers(sessions, current.as_deref());
}
