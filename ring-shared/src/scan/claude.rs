//! Claude zero-config scan rows (§4.4): one row per recent transcript, live slots per
//! cwd, aging, and synthetic rows for live processes without a transcript.

use super::{EndedRows, LiveIndex, ScanSession, TailKind, aged_status, group_by, realpath};
use crate::derive::{Proc, ReadContext, Session, Source};
use crate::fasthash::{self, Set};
use crate::registry::{Row, Status};
use std::borrow::Cow;
use std::collections::BTreeMap;

mod facts;

pub use facts::{TranscriptFacts, head_cwd, tail_kind};

/// Claude scan rows and synthetic rows (§4.4) for the transcripts, given the live
/// Claude processes (the scan is known). Transcripts older than the active window are left
/// out; the order is RiNG's: groups of equal cwd in order of first appearance, each newest
/// first, then the synthetic rows.
///
/// Status bars call this with hundreds of transcripts on every refresh: the order, statuses
/// and duplicates are settled on indices and borrowed strings first, and each row is built
/// once, in its final place. `ended`: which ended rows to build (the others are placed, and
/// count for synthetic rows, exactly as if they were built).
pub fn claude_rows(
    transcripts: &[TranscriptFacts],
    procs: &[Proc],
    ctx: &ReadContext<'_>,
    evidence: &dyn Fn(&str, &str) -> bool,
    ended: EndedRows<'_>,
) -> Vec<ScanSession> {
    let window = ctx.config.active_window_seconds as f64;
    let recent: Vec<&TranscriptFacts> = transcripts
        .iter()
        .filter(|t| ctx.now - t.mtime <= window)
        .collect();
    let cwds: Vec<Cow<'_, str>> = recent.iter().map(|t| t.cwd()).collect();
    let live = LiveIndex::new(procs, ctx);
    let groups = group_by(recent.len(), |i| &cwds[i], |i| recent[i].mtime);
    // (transcript, status, tty) in final order; the same stem in two project folders: the
    // first row wins (RiNG's setdefault).
    let mut placed: Vec<(usize, Status, Option<String>)> = Vec::with_capacity(recent.len());
    let mut seen: Set<&str> = fasthash::set_with_capacity(recent.len());
    // Synthetic rows need the realpaths of the rows' cwds: one per group (all its rows share
    // the cwd), for groups that kept a row.
    let mut covered: Set<String> = fasthash::set_with_capacity(0);
    let own = &ctx.procs.own_sessions;
    let gone = |id: &str| ctx.procs.ended_session_ids.contains(id) && !own.contains_key(id);
    // The folders (realpaths) of sessions live Claudes name that have no transcript in the
    // window yet (a fresh Claude before its first prompt): each holds its process's slot.
    let with_transcript: Set<&str> = recent.iter().map(|t| t.id.as_str()).collect();
    let mut fresh_here: BTreeMap<String, usize> = BTreeMap::new();
    for (id, cwd) in own {
        if !with_transcript.contains(id.as_str()) {
            *fresh_here.entry(realpath(cwd, ctx)).or_default() += 1;
        }
    }
    for mut group in groups {
        let cwd: &str = group.first().map_or("", |&i| &cwds[i]);
        let real = realpath(cwd, ctx);
        let (slots, tty) = live.slots(&real);
        let fresh = fresh_here.get(&real).copied().unwrap_or(0);
        let tty = if fresh > 0 { None } else { tty };
        let slots = slots.saturating_sub(fresh);
        let mut placed_any = false;
        if slots > 0 && slots < group.len() {
            // What a live process says it is beats mtime order: its own session file, or
            // process-tree evidence (a crashed session written after a quiet live one must
            // not take its slot); a session its hooks ended comes last.
            let rank_of = |i: usize| {
                let id = recent[i].id.as_str();
                if own.contains_key(id) || evidence(id, cwd) {
                    0
                } else if gone(id) {
                    2
                } else {
                    1
                }
            };
            let ranks: Vec<u8> = group.iter().map(|&i| rank_of(i)).collect();
            let mut order: Vec<usize> = (0..group.len()).collect();
            order.sort_by_key(|&k| ranks[k]);
            group = order.into_iter().map(|k| group[k]).collect();
        }
        for (rank, i) in group.into_iter().enumerate() {
            let t = recent[i];
            let mut status = Status::Ended;
            let slot = rank < slots && !gone(&t.id);
            if slot || ctx.procs.background_agent_ids.contains(&t.id) {
                let idle = ctx.now - t.mtime;
                status = aged_status(idle, ctx);
                if matches!(status, Status::Working | Status::Idle)
                    && t.tail_kind == TailKind::Waiting
                    && idle < ctx.config.waiting_window_seconds as f64
                {
                    status = Status::Idle;
                }
            }
            if !seen.insert(t.id.as_str()) {
                continue;
            }
            placed_any = true;
            if status == Status::Ended && !ended.wanted(&t.id) {
                continue;
            }
            let tty = if rank == 0 && slot && tty.as_deref().is_some_and(|t| !t.is_empty()) {
                tty.clone()
            } else {
                None
            };
            placed.push((i, status, tty));
        }
        if placed_any {
            covered.insert(real);
        }
    }
    let synthetic = synthetic_rows(crate::provider::claude::PROVIDER.name, procs, &covered, ctx);
    let mut out = Vec::with_capacity(placed.len() + synthetic.len());
    out.extend(placed.into_iter().map(|(i, status, tty)| {
        let mut s = scan_row(recent[i]);
        s.session.row.status = status;
        s.session.row.tty = tty;
        if recent[i].tail_kind == TailKind::Waiting {
            super::ask(&mut s.session.row, recent[i].question.as_ref(), ctx);
        }
        s
    }));
    out.extend(synthetic);
    out
}

/// A scan row from a transcript, status `ended` until the live-slot pass.
fn scan_row(t: &TranscriptFacts) -> ScanSession {
    let (cwd, origin_cwd) = t.cwds();
    // Row::new already has provider `claude-code`; clone_from reuses its `—`.
    let mut row = Row::new(t.id.clone());
    row.cwd = cwd;
    row.origin_cwd = origin_cwd;
    row.status = Status::Ended;
    row.last_active = t.mtime;
    row.last_action.clone_from(&t.last_action);
    row.todo = t.todo;
    ScanSession {
        session: session(row, Source::Scan),
        tail_kind: t.tail_kind,
    }
}

/// A board session for a zero-config row.
pub(super) fn session(row: Row, source: Source) -> Session {
    Session {
        row,
        source,
        hook_stale: false,
        kind: None,
        tmux_target: None,
    }
}

/// One idle row per live process cwd (by realpath) of `provider` that no scan row covers
/// (§4.4; `synthetic:<cwd>` for Claude as RiNG names them, `codex:synthetic:<cwd>` for a
/// Codex TUI, which has no thread before its first prompt, and only with a terminal: a TUI
/// always has one, and a process without one is nothing a person answers). Hook rows are
/// left to [`super::finish`], which drops a synthetic row a live hook row covers.
pub(super) fn synthetic_rows(
    provider: &str,
    procs: &[Proc],
    covered: &Set<String>,
    ctx: &ReadContext<'_>,
) -> Vec<ScanSession> {
    let mut seen = fasthash::set_with_capacity(procs.len());
    let mut out = Vec::new();
    let rules = crate::provider::rules(provider);
    for proc in procs.iter().filter(|p| {
        !p.cwd.is_empty()
            && (rules.synthetic_without_tty || p.tty.as_deref().is_some_and(|t| !t.is_empty()))
    }) {
        let real = realpath(&proc.cwd, ctx);
        if covered.contains(&real) || !seen.insert(real) {
            continue;
        }
        let id = if rules.bare_ids {
            format!("synthetic:{}", proc.cwd)
        } else {
            format!("{provider}:synthetic:{}", proc.cwd)
        };
        let mut row = Row::new(id);
        row.provider = provider.into();
        row.cwd = proc.cwd.clone();
        row.origin_cwd = proc.cwd.clone();
        row.status = Status::Idle;
        row.last_active = ctx.now;
        row.tty = procs
            .iter()
            .filter(|p| p.cwd == proc.cwd)
            .find_map(|p| p.tty.clone().filter(|t| !t.is_empty()));
        out.push(ScanSession {
            session: session(row, Source::Proc),
            tail_kind: TailKind::None,
        });
    }
    out
}
