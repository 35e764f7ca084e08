//! Read-side rules (§4.1–4.3, §4.8, §4.9): Codex permission-wait promotion, bare
//! SessionStart, `hook_stale`, process liveness, hidden sessions, background agents; and
//! tmux targets (§4.10 rule 1, validated by socket; rule 2, process-tree evidence).
//!
//! The order is RiNG's: [`hook_sessions`] applies §4.2 (a)–(d) to every hook row (what
//! RiNG's `_hook_sessions` returns and `gc` judges), then [`derive()`] drops or un-hides hidden
//! sessions and marks background agents.

use crate::config::Config;
use crate::derive::trail::{Decider, RuleId, Trail};
use crate::registry::{Row, Status};
use std::collections::{BTreeMap, BTreeSet};

pub(crate) mod files;
mod finish;
mod liveness;
mod superseded;
mod tmux;
pub mod trail;

pub use files::{Hidden, parse_hidden, parse_labels};
pub use finish::{finish, finish_traced};
pub(crate) use liveness::is_ancestor_or_self;
pub use tmux::{Pane, PaneTree, ProcRow, map_process_tree_targets};

/// One live agent process.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Proc {
    /// The process's working directory (not yet resolved).
    pub cwd: String,
    /// `None` when the process has no terminal.
    pub tty: Option<String>,
    /// Its pid, when the scan knows it.
    pub pid: Option<i64>,
    /// Its start time (clock ticks since boot), when the scan knows it.
    pub start: Option<i64>,
}

/// What a process scan found, per provider.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Procs {
    /// Provider → live processes, or `None` when that provider's scan failed (unknown).
    /// `claude-code` and `codex` always have a detector: missing means unknown. Any other
    /// provider has a detector only when present here.
    pub by_provider: BTreeMap<String, Option<Vec<Proc>>>,
    /// Claude session ids run as background agents (Appendix B).
    pub background_agent_ids: BTreeSet<String>,
    /// Claude sessions that a live agent names in its own session file
    /// (`~/.claude/sessions/<pid>.json`, its pid and start time checked), id → the agent's
    /// cwd: that session is the process's, whatever the transcripts' times say, and it holds
    /// that process's live slot even before it has a transcript (§4.4 live slots).
    pub own_sessions: BTreeMap<String, String>,
    /// Claude session ids whose hooks said SessionEnd (ring's tombstones) and that have no
    /// hook row since: such a session never takes a live slot (§4.4), however recently
    /// Claude wrote its transcript on the way out.
    pub ended_session_ids: BTreeSet<String>,
    /// Live local LLM chat processes with a terminal (§4.6): zero-config rows of their own.
    pub local_llm: Vec<LocalLlm>,
    /// When the scan was made, if it was made by another process and is read later (the
    /// zellij plugin reads the scan `ring-tmux` publishes, §4.3 "a published scan"). Such a
    /// scan judges only the rows that name their own process and were last written before
    /// it: a newer row's process may be newer than the scan, and the folder rules need the
    /// rows' real paths, which only the scanning process could resolve.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_of: Option<f64>,
}

/// What the liveness rules know about one provider's processes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Detector<'a> {
    /// No detector for this provider: its rows are never ended by liveness (fail-open).
    None,
    /// The scan failed: its rows are kept as they are.
    Unknown,
    /// The live processes.
    Live(&'a [Proc]),
}

impl Procs {
    /// The detector state for a (normalized) provider name.
    pub fn detector(&self, provider: &str) -> Detector<'_> {
        match self.by_provider.get(provider) {
            Some(Some(list)) => Detector::Live(list),
            Some(None) => Detector::Unknown,
            None if crate::provider::find(provider).is_some_and(|p| p.process.is_some()) => {
                Detector::Unknown
            }
            None => Detector::None,
        }
    }

    /// Live agent CLI processes over every provider whose scan succeeded, local LLM chats
    /// included (JSON `agent_processes`, §5.2; display only).
    pub fn agent_processes(&self) -> usize {
        self.by_provider
            .values()
            .flatten()
            .map(Vec::len)
            .sum::<usize>()
            + self.local_llm.len()
    }
}

/// RiNG's provider alias: a row written as `claude` is a `claude-code` row (any alias of the
/// table is its provider's row).
pub(crate) fn canonical_provider(provider: &str) -> &str {
    crate::provider::canonical(provider)
}

/// Where a board row came from (JSON `source`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A registry row written by a hook.
    Hook,
    /// A Claude transcript found by the zero-config scan.
    Scan,
    /// A Codex thread from Codex's own database.
    Codex,
    /// A live process with no row (`synthetic:<cwd>`).
    Proc,
    /// A live `ollama run MODEL` process (`ollama:pid-<pid>`).
    Ollama,
    /// A live llama.cpp CLI process (`llama.cpp:pid-<pid>`).
    LlamaCpp,
}

impl Source {
    /// Every source.
    pub const ALL: [Source; 6] = [
        Source::Hook,
        Source::Scan,
        Source::Codex,
        Source::Proc,
        Source::Ollama,
        Source::LlamaCpp,
    ];

    /// The JSON `source` value.
    pub fn as_str(self) -> &'static str {
        use crate::provider::{codex, local};
        match self {
            Source::Hook => "hook",
            Source::Scan => "scan",
            Source::Codex => codex::PROVIDER.name,
            Source::Proc => "proc",
            Source::Ollama => local::OLLAMA.name,
            Source::LlamaCpp => local::LLAMA_CPP.name,
        }
    }

    /// The source whose JSON `source` value is `s`.
    pub fn parse(s: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|source| source.as_str() == s)
    }
}

// Serialized as its JSON `source` value ([`Source::as_str`]), so the names stay the provider
// table's.
impl serde::Serialize for Source {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Source {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Source, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Source::parse(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown source {name:?}")))
    }
}

/// A row after the read-side rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    /// The row, with the read-side status (and promoted kind/detail) applied.
    pub row: Row,
    /// Where it came from.
    pub source: Source,
    /// The transcript moved on more than 60 s after the hook's last heartbeat (§4.2 c).
    pub hook_stale: bool,
    /// `Some("agent")` for background agents (§4.9).
    pub kind: Option<&'static str>,
    /// tmux `session:window.pane`, when mapped.
    pub tmux_target: Option<String>,
}

impl Session {
    /// A hook session with no read-side annotation yet.
    pub fn from_hook(row: Row) -> Session {
        Session {
            row,
            source: Source::Hook,
            hook_stale: false,
            kind: None,
            tmux_target: None,
        }
    }

    /// Seconds since the last activity, never negative.
    pub fn idle_seconds(&self, now: f64) -> f64 {
        (now - self.row.last_active).max(0.0)
    }
}

/// Inputs of the read side other than the rows themselves.
pub struct ReadContext<'a> {
    /// The clock, float Unix seconds.
    pub now: f64,
    /// The configuration (`codex_permission_wait_seconds`).
    pub config: &'a Config,
    /// The process scan.
    pub procs: &'a Procs,
    /// Hidden sessions: id → hidden_at (epoch seconds).
    pub hidden: &'a BTreeMap<String, f64>,
    /// mtime of a transcript path, `None` when it does not exist.
    pub source_mtime: &'a dyn Fn(&str) -> Option<f64>,
    /// realpath of a directory (identity when it cannot be resolved).
    pub realpath: &'a dyn Fn(&str) -> String,
}

/// The result of the read-side rules.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Derived {
    /// Sessions in merge order (not yet sorted).
    pub sessions: Vec<Session>,
    /// Hidden ids whose rows showed newer activity: the caller un-hides them.
    pub unhide: Vec<String>,
}

/// How long a SessionStart without a terminal may stay before it counts as ended (§4.2 b).
const BARE_SESSION_START_SECONDS: f64 = 120.0;
/// How far a transcript may run ahead of the hook's heartbeat before the row is stale (§4.2 c).
const STALE_HEARTBEAT_SECONDS: f64 = 60.0;

/// §4.2 (a): a Codex row still working on a `PermissionRequest` waits for permission once
/// its idle time is past this many seconds (`codex_permission_wait_seconds`). `None` when
/// the rule does not apply to the row, whatever the clock.
pub fn codex_wait_after(row: &Row, config: &Config) -> Option<f64> {
    let threshold = config.codex_permission_wait_seconds;
    (crate::provider::rules(&row.provider).delayed_permission_wait
        && row.status == Status::Working
        && row.last_event.as_deref() == Some("PermissionRequest")
        && threshold > 0)
        .then_some(threshold as f64)
}

/// §4.2 (b): a `SessionStart` row without a terminal is ended once its idle time is past
/// this many seconds. `None` when the rule does not apply to the row.
pub fn bare_start_after(row: &Row) -> Option<f64> {
    (row.tty.as_deref().unwrap_or("").is_empty()
        && row.last_event.as_deref() == Some("SessionStart"))
    .then_some(BARE_SESSION_START_SECONDS)
}

/// When the clock rules of [`hook_sessions`] can next change `row`: the first of its rules'
/// deadlines not yet passed at `now`, `None` when no rule is pending.
pub fn hook_rule_due(row: &Row, config: &Config, now: f64) -> Option<f64> {
    let idle = now - row.last_active;
    [codex_wait_after(row, config), bare_start_after(row)]
        .into_iter()
        .flatten()
        .filter(|&after| idle <= after)
        .map(|after| row.last_active + after)
        .reduce(f64::min)
}

/// Applies §4.2 (a)–(d), §4.8 and §4.9 to hook rows (in file-name order).
pub fn derive(rows: Vec<Row>, ctx: &ReadContext<'_>) -> Derived {
    let mut sessions = hook_sessions(rows, ctx);
    // One implementation of §4.8/§4.9, shared with the zero-config path (which runs it
    // after merging scan rows in).
    let unhide = finish(&mut sessions, ctx);
    Derived { sessions, unhide }
}

/// The hook-registry read: §4.2 (a) Codex permission wait, (b) bare SessionStart,
/// (c) `hook_stale`, (d) liveness (§4.3), then one session per agent process (§11.15). Rows
/// stay in the given order.
pub fn hook_sessions(rows: Vec<Row>, ctx: &ReadContext<'_>) -> Vec<Session> {
    hook_sessions_traced(rows, ctx, &mut Trail::off())
}

/// [`hook_sessions`], noting its decisions about the session `trail` watches.
pub fn hook_sessions_traced(
    rows: Vec<Row>,
    ctx: &ReadContext<'_>,
    trail: &mut Trail,
) -> Vec<Session> {
    let mut sessions: Vec<Session> = rows
        .into_iter()
        .map(|row| {
            let mut session = Session::from_hook(row);
            let row = &mut session.row;
            let idle = ctx.now - row.last_active;
            if let Some(after) = codex_wait_after(row, ctx.config).filter(|&after| idle > after) {
                row.status = Status::Waiting;
                row.waiting_kind = "permission".into();
                // The stash's 120 s TTL is deliberately not applied here (RiNG does not).
                if let Some(detail) = row
                    .pending_permission_detail
                    .as_ref()
                    .filter(|d| !d.is_empty())
                {
                    row.waiting_detail = detail.clone();
                }
                trail.note(row, RuleId::CodexPermissionWait, || Decider::Clock {
                    idle,
                    after,
                });
            }
            if let Some(after) = bare_start_after(row).filter(|&after| idle > after) {
                row.status = Status::Ended;
                trail.note(row, RuleId::BareStart, || Decider::Clock { idle, after });
            }
            session.hook_stale = matches!(row.status, Status::Waiting | Status::Working)
                && !row.source_path.is_empty()
                && row.heartbeat_at > 0.0
                && (ctx.source_mtime)(&row.source_path)
                    .is_some_and(|mtime| mtime - row.heartbeat_at > STALE_HEARTBEAT_SECONDS);
            session
        })
        .collect();
    liveness::apply(&mut sessions, ctx.procs, ctx.realpath, trail);
    superseded::apply(&mut sessions, trail);
    sessions
}

/// §4.10 rule 1, made safe: a session whose `tmux_pane` is in `panes` (pane id → target of
/// the tmux server at `socket`) gets that target. A row that names a different tmux socket is
/// never mapped: pane ids repeat across servers. Rows without a socket (RiNG's) are mapped by
/// pane id alone, as RiNG does. Rule 2 is [`map_process_tree_targets`]; the cwd fallbacks of
/// rules 3–4 are deliberately not implemented: ring never guesses a pane from a directory.
pub fn map_tmux_targets(
    sessions: &mut [Session],
    socket: Option<&str>,
    panes: &[(String, String)],
) {
    for session in sessions {
        let Some(pane) = session.row.tmux_pane.as_deref() else {
            continue;
        };
        let same_server = match (session.row.tmux_socket.as_deref(), socket) {
            (Some(row_socket), Some(socket)) => row_socket == socket,
            _ => true,
        };
        if !same_server {
            continue;
        }
        if let Some((_, target)) = panes.iter().find(|(id, _)| id == pane) {
            session.tmux_target = Some(target.clone());
        }
    }
}

/// One live local LLM process, as the process scan saw it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LocalLlm {
    /// Process id (the row id is `<provider>:pid-<pid>`).
    pub pid: u32,
    /// `ollama` or `llama.cpp` (the scan's provider names); anything else is ignored.
    pub provider: String,
    /// The model it runs (`ollama run MODEL`; llama.cpp's `-m`/`--model` basename), if named.
    pub model: Option<String>,
    /// Its terminal; a process without one is not a chat session and makes no row.
    pub tty: Option<String>,
    /// Process start, epoch seconds.
    pub started_at: f64,
}

#[cfg(test)]
mod tests;
