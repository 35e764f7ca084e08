//! Zero-config sessions (§4.4, §4.5, §4.7): sessions without hooks, inferred from Claude
//! transcripts, Codex threads and live processes, and their merge with the hook rows.
//!
//! ```text
//!  ~/.claude/projects/<dir>/<id>.jsonl ── (ring-tmux reads tail + head) ──▶ TranscriptFacts ─┐
//!  ~/.codex/state_5.sqlite threads + rollout tails ──▶ CodexThread, RolloutFacts ────────────┤
//!  procs (ReadContext), now, config ─────────────────────────────────────────────────────────┤
//!                                                        zero_config_rows ◀──────────────────┘
//!                                                               ▼
//!  hook sessions (derive) ──────────────────────────────▶ merge_sources  (§4.7)
//!                                                               ▼
//!                                         finish (§4.8 hidden, §4.9 background agents) → board
//! ```
//!
//! Local LLM chats (§4.6, [`local_llm_rows`]) come after all of those, before the merge.
//!
//! Everything here is pure: file contents, mtimes, threads and processes are arguments. The
//! per-file facts ([`TranscriptFacts`], [`RolloutFacts`]) depend only on a file's bytes, so the
//! caller can cache them by (path, mtime, size) and redo only the cheap, time-dependent part
//! (grouping, live slots, aging) on every read.

mod claude;
mod codex;
mod local;
mod merge;
mod publish;

pub use crate::derive::LocalLlm;
pub use crate::derive::{finish, finish_traced};
pub use claude::{TranscriptFacts, claude_rows, head_cwd, tail_kind};
pub use codex::{CodexThread, RolloutFacts, codex_rows, order_threads};
pub use local::{LLAMA_CPP, OLLAMA, local_llm_rows};
pub use merge::{merge_sources, merge_sources_traced};
pub use publish::{Published, PublishedRow};

use crate::derive::{Proc, ReadContext, Session};
use crate::provider;
use serde::{Deserialize, Serialize};

/// What the newest conversation records of a transcript (or rollout) say (§4.4, §4.5).
/// Only zero-config rows have one; it decides whether they may replace a hook row (§4.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TailKind {
    /// No decisive record.
    #[default]
    None,
    /// The turn ended (`end_turn`, Codex `task_complete` / final answer).
    Waiting,
    /// A real user prompt (or Codex work in progress): the agent's turn.
    Working,
    /// A tool call in flight (tool_use / tool_result), or an assistant record cut short.
    Interrupted,
}

/// A zero-config row with the tail kind the merge needs.
#[derive(Debug, Clone, PartialEq)]
pub struct ScanSession {
    /// The row as it will be shown (source `scan`, `codex` or `proc`).
    pub session: Session,
    /// What the transcript's tail says; [`TailKind::None`] for synthetic rows.
    pub tail_kind: TailKind,
}

/// A turn that ended with a question is a question wait, without hooks as with them (§3.3 for
/// zero-config rows; RiNG shows them idle): the row `end_turn` made idle asks `question`
/// while `detect_stop_questions` is on (real-agent suite, claude and codex nohooks).
fn ask(row: &mut crate::registry::Row, question: Option<&String>, ctx: &ReadContext<'_>) {
    if let Some(question) = question
        && row.status == crate::registry::Status::Idle
        && ctx.config.detect_stop_questions
    {
        row.status = crate::registry::Status::Waiting;
        row.waiting_kind = "question".into();
        row.waiting_detail.clone_from(question);
    }
}

/// Which ended zero-config rows a read needs built.
#[derive(Clone, Copy)]
pub enum EndedRows<'a> {
    /// Every row (`--all`, `show_all`, the rows published for zellij).
    All,
    /// Only the ended rows whose id the predicate names: those that may replace a hook row
    /// (§4.7) or un-hide a hidden session (§4.8). A read that drops ended rows would build
    /// the others only to drop them, and with hundreds of old transcripts in the active
    /// window they are most of the rows.
    Only(&'a dyn Fn(&str) -> bool),
}

impl EndedRows<'_> {
    /// Whether an ended row of this id is wanted.
    pub fn wanted(&self, id: &str) -> bool {
        match self {
            EndedRows::All => true,
            EndedRows::Only(wanted) => wanted(id),
        }
    }
}

/// The whole zero-config source of §4.1: Claude scan rows and synthetic rows (only if
/// the Claude scan is not unknown), then Codex threads (only if the Codex scan is not
/// unknown), then ring's synthetic rows of live Copilot CLI processes, in that order.
///
/// `evidence(id, cwd)` says whether tmux process-tree evidence names session `id` in a pane
/// whose realpath cwd is realpath(`cwd`) (§4.10 rule 2); `|_, _| false` when there is none.
/// `rollout(path)` gives the facts of a Codex rollout file (read only for listed threads).
/// `ended`: which ended Claude rows to build ([`EndedRows::All`] for every row).
pub fn zero_config_rows(
    transcripts: &[TranscriptFacts],
    threads: &[CodexThread],
    rollout: &mut dyn FnMut(&str) -> RolloutFacts,
    ctx: &ReadContext<'_>,
    evidence: &dyn Fn(&str, &str) -> bool,
    ended: EndedRows<'_>,
) -> Vec<ScanSession> {
    // Not `extend`ed into a new vector: hundreds of large rows would be copied.
    let mut rows = match known_procs(ctx, provider::claude::PROVIDER.name) {
        Some(procs) => claude_rows(transcripts, procs, ctx, evidence, ended),
        None => Vec::new(),
    };
    if let Some(procs) = known_procs(ctx, provider::codex::PROVIDER.name) {
        rows.extend(codex_rows(threads, procs, rollout, ctx));
    }
    // Copilot CLI opens its session, and sends its first hook, at the first prompt
    // (real-agent suite, copilot basic/start): until then its live process is an idle row,
    // which a live hook row of its folder replaces (`finish`).
    let copilot = provider::copilot::PROVIDER.name;
    if let Some(procs) = known_procs(ctx, copilot) {
        rows.extend(claude::synthetic_rows(
            copilot,
            procs,
            &Default::default(),
            ctx,
        ));
    }
    rows
}

/// The live processes of `provider`, or `None` when its scan is unknown (missing or `null`).
pub fn known_procs<'a>(ctx: &'a ReadContext<'_>, provider: &str) -> Option<&'a [Proc]> {
    ctx.procs
        .by_provider
        .get(provider)
        .and_then(|list| list.as_deref())
}

/// Live status of a zero-config row from its idle time (§4.4): working below
/// `working_threshold_seconds`, idle below `active_window_seconds`, else ended.
fn aged_status(idle: f64, ctx: &ReadContext<'_>) -> crate::registry::Status {
    use crate::registry::Status;
    if idle < ctx.config.working_threshold_seconds as f64 {
        Status::Working
    } else if idle < ctx.config.active_window_seconds as f64 {
        Status::Idle
    } else {
        Status::Ended
    }
}

/// Live processes per realpath cwd: how many, and the tty of the first one.
struct LiveIndex {
    by_real_cwd: crate::fasthash::Map<String, (usize, Option<String>)>,
}

impl LiveIndex {
    fn new(procs: &[Proc], ctx: &ReadContext<'_>) -> LiveIndex {
        let mut by_real_cwd = crate::fasthash::map_with_capacity(procs.len());
        for proc in procs {
            let entry = by_real_cwd
                .entry(realpath(&proc.cwd, ctx))
                .or_insert_with(|| (0, proc.tty.clone()));
            entry.0 += 1;
        }
        LiveIndex { by_real_cwd }
    }

    /// Number of live processes in this realpath cwd, and the tty to give the first row
    /// when there is exactly one.
    fn slots(&self, real_cwd: &str) -> (usize, Option<String>) {
        match self.by_real_cwd.get(real_cwd) {
            Some((1, tty)) => (1, tty.clone()),
            Some((n, _)) => (*n, None),
            None => (0, None),
        }
    }
}

/// realpath as RiNG's `_real`: an empty path stays empty.
fn realpath(path: &str, ctx: &ReadContext<'_>) -> String {
    if path.is_empty() {
        String::new()
    } else {
        (ctx.realpath)(path)
    }
}

/// Row indices grouped by exact `cwd` string, groups in order of first appearance (Python
/// dict order), each group newest first (stable: equal times keep their order, as Python's
/// `sort(reverse=True)` does).
fn group_by_cwd(rows: &[ScanSession]) -> Vec<Vec<usize>> {
    group_by(
        rows.len(),
        |i| rows[i].session.row.cwd.as_str(),
        |i| rows[i].session.row.last_active,
    )
}

/// [`group_by_cwd`] over `n` items given by index: `key(i)` the cwd, `active(i)` the time.
fn group_by<'a>(
    n: usize,
    key: impl Fn(usize) -> &'a str,
    active: impl Fn(usize) -> f64,
) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index: crate::fasthash::Map<&str, usize> = crate::fasthash::map_with_capacity(n);
    for i in 0..n {
        let at = *index.entry(key(i)).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[at].push(i);
    }
    for group in &mut groups {
        group.sort_by(|&a, &b| active(b).total_cmp(&active(a)));
    }
    groups
}

#[cfg(test)]
mod tests;
