//! Read-side rules (spec §4.1–4.3, §4.8, §4.9): Codex permission-wait promotion, bare
//! SessionStart, `hook_stale`, process liveness, hidden sessions, background agents.

use crate::config::Config;
use crate::registry::Row;
use std::collections::{BTreeMap, BTreeSet};

/// One live agent process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proc {
    pub cwd: String,
    /// `None` when the process has no terminal.
    pub tty: Option<String>,
}

/// What a process scan found, per provider.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Procs {
    /// Provider → live processes, or `None` when that provider's scan failed (unknown).
    /// `claude-code` and `codex` always have a detector: missing means unknown. Any other
    /// provider has a detector only when present here.
    pub by_provider: BTreeMap<String, Option<Vec<Proc>>>,
    /// Claude session ids run as background agents (Appendix B).
    pub background_agent_ids: BTreeSet<String>,
}

/// Where a board row came from (JSON `source`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Hook,
    Scan,
    Codex,
    Proc,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Hook => "hook",
            Source::Scan => "scan",
            Source::Codex => "codex",
            Source::Proc => "proc",
        }
    }
}

/// A row after the read-side rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    pub row: Row,
    pub source: Source,
    pub hook_stale: bool,
    /// `Some("agent")` for background agents (§4.9).
    pub kind: Option<&'static str>,
    /// tmux `session:window.pane`, when mapped.
    pub tmux_target: Option<String>,
}

/// Inputs of the read side other than the rows themselves.
pub struct ReadContext<'a> {
    pub now: f64,
    pub config: &'a Config,
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

/// Applies §4.2 (a)–(d), §4.8 and §4.9 to hook rows (in file-name order).
pub fn derive(rows: Vec<Row>, ctx: &ReadContext<'_>) -> Derived {
    todo!("{} {}", rows.len(), ctx.now)
}
