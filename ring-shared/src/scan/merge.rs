//! Merging zero-config rows into the hook rows (§4.7), then the rules that apply to the
//! merged board: hidden sessions (§4.8) and background agents (§4.9).

use super::{ScanSession, TailKind};
use crate::derive::{ReadContext, Session, Source};
use crate::explain::{Decider, RuleId, Trail};
use crate::registry::Status;
use std::collections::hash_map::Entry;

/// Merges by `session_id` (§4.1 step 2, §4.7): hook rows first (in file-name order),
/// then the zero-config rows in source order. The first row with an id keeps its place; a
/// later row replaces it only when the first is a hook row that is `waiting`, of the same
/// provider, and the candidate is newer, not `waiting`, with a `working` or `waiting` tail
/// — and not an `end_turn` tail against a hook `question`. The replacement keeps the hook
/// row's tty (and ring's own zellij pane identity) when it has none.
///
/// Call it right after deriving the hook rows and before hidden sessions, background agents,
/// tmux targets and sorting (see [`finish`]).
pub fn merge_sources(hook: Vec<Session>, zero: Vec<ScanSession>) -> Vec<Session> {
    merge_sources_traced(hook, zero, &mut Trail::off())
}

/// [`merge_sources`], noting a replacement of the session `trail` watches.
pub fn merge_sources_traced(
    hook: Vec<Session>,
    zero: Vec<ScanSession>,
    trail: &mut Trail,
) -> Vec<Session> {
    // Which earlier candidate each one repeats, found on borrowed ids (no id is copied: the
    // board merges hundreds of rows on every status-bar refresh).
    let repeats: Vec<Option<usize>> = {
        let ids = hook
            .iter()
            .map(|s| s.row.session_id.as_str())
            .chain(zero.iter().map(|s| s.session.row.session_id.as_str()));
        let mut first: crate::fasthash::Map<&str, usize> =
            crate::fasthash::map_with_capacity(hook.len() + zero.len());
        ids.enumerate()
            .map(|(k, id)| match first.entry(id) {
                Entry::Occupied(e) => Some(*e.get()),
                Entry::Vacant(e) => {
                    e.insert(k);
                    None
                }
            })
            .collect()
    };
    let tails: Vec<TailKind> = zero.iter().map(|s| s.tail_kind).collect();
    // Rows are large and there can be hundreds: they are not moved into a new vector (fresh
    // pages cost more than the merge), the zero-config one is reused in place.
    let mut merged: Vec<Session> = zero.into_iter().map(|s| s.session).collect();
    let hook_len = hook.len();
    merged.splice(0..0, hook);
    // merged[k] is candidate k; a repeat replaces its first occurrence or is dropped.
    for (k, repeat) in repeats.iter().enumerate() {
        let Some(first) = *repeat else {
            continue;
        };
        let tail_kind = k.checked_sub(hook_len).map_or(TailKind::None, |z| tails[z]);
        if replaces(&merged[first], &merged[k], tail_kind) {
            merged.swap(first, k);
            let (left, right) = merged.split_at_mut(k);
            inherit(&mut left[first], &right[0]);
            let row = &left[first].row;
            trail.note(row, RuleId::ScanReplacesHook, || Decider::ScanRow {
                last_active: row.last_active,
            });
        }
    }
    let mut k = 0;
    merged.retain(|_| {
        k += 1;
        repeats[k - 1].is_none()
    });
    merged
}

/// The conditions of §4.7 for `candidate` to replace the earlier row `current`.
fn replaces(current: &Session, candidate: &Session, tail_kind: TailKind) -> bool {
    current.source == Source::Hook
        && current.row.status == Status::Waiting
        && candidate.row.provider == current.row.provider
        && candidate.row.status != Status::Waiting
        && candidate.row.last_active > current.row.last_active
        && matches!(tail_kind, TailKind::Working | TailKind::Waiting)
        // A question is answered by a prompt, not by the end_turn that asked it.
        && !(current.row.waiting_kind == "question" && tail_kind == TailKind::Waiting)
}

/// The replacing row gets the hook row's way back to its terminal when it has none.
fn inherit(candidate: &mut Session, hook: &Session) {
    if candidate.row.tty.is_none() {
        candidate.row.tty.clone_from(&hook.row.tty);
    }
    if candidate.tmux_target.is_none() {
        candidate.tmux_target.clone_from(&hook.tmux_target);
    }
    // ring's own pane identity (RiNG ignores these): the zellij badge stays on the right pane.
    if candidate.row.zellij_pane.is_none() {
        candidate
            .row
            .zellij_session
            .clone_from(&hook.row.zellij_session);
        candidate.row.zellij_pane.clone_from(&hook.row.zellij_pane);
    }
}

/// Hidden sessions (§4.8) and background agents (§4.9) over merged rows, in place and in
/// order. A hidden row survives only with activity newer than its hiding; its id is then
/// returned for the caller to un-hide. Background-agent rows get kind `agent`, idle → ended.
/// Applying it twice gives the same rows.
///
/// ring also keeps one row per agent: a live process's synthetic row (§4.4) goes when a live
/// hook row of the same provider is in its folder or below it (by realpath: the folder rule
/// of liveness, §4.3, that keeps such a row alive by this very process). RiNG lets only scan rows
/// cover a process (§9 quirk 8), so a Claude session that has not written its
/// transcript yet showed twice, its hook row and an idle `synthetic:` row (real-agent suite,
/// claude basic/start).
pub fn finish(sessions: &mut Vec<Session>, ctx: &ReadContext<'_>) -> Vec<String> {
    finish_traced(sessions, ctx, &mut Trail::off())
}

/// [`finish`], noting its decisions about the session `trail` watches.
pub fn finish_traced(
    sessions: &mut Vec<Session>,
    ctx: &ReadContext<'_>,
    trail: &mut Trail,
) -> Vec<String> {
    // A Codex TUI's synthetic row (ring's own, for a TUI not prompted yet) also gives way to
    // an ended hook row there: that folder's session is known, and RiNG shows none.
    let hooked: Vec<(&str, String)> = sessions
        .iter()
        .filter(|s| {
            s.source == Source::Hook
                && (s.row.status != Status::Ended
                    || crate::provider::rules(&s.row.provider).ended_row_covers_process)
        })
        .map(|s| (s.row.provider.as_str(), (ctx.realpath)(&s.row.cwd)))
        .collect();
    if !hooked.is_empty() {
        let covered: Vec<bool> = sessions
            .iter()
            .map(|s| {
                s.source == Source::Proc && {
                    let folder = (ctx.realpath)(&s.row.cwd);
                    hooked.iter().any(|(provider, cwd)| {
                        *provider == s.row.provider
                            && crate::derive::is_ancestor_or_self(&folder, cwd)
                    })
                }
            })
            .collect();
        let mut k = 0;
        sessions.retain(|_| {
            k += 1;
            !covered[k - 1]
        });
    }
    let mut unhide = Vec::new();
    sessions.retain(|s| match ctx.hidden.get(&s.row.session_id) {
        None => true,
        Some(&hidden_at) if s.row.last_active > hidden_at => {
            unhide.push(s.row.session_id.clone());
            true
        }
        Some(&hidden_at) => {
            trail.note(&s.row, RuleId::Hidden, || Decider::HiddenSince {
                hidden_at,
            });
            false
        }
    });
    for s in sessions.iter_mut() {
        if ctx.procs.background_agent_ids.contains(&s.row.session_id) {
            s.kind = Some("agent");
            if s.row.status == Status::Idle {
                s.row.status = Status::Ended;
                trail.note(&s.row, RuleId::BackgroundAgent, || {
                    Decider::BackgroundAgentId
                });
            }
        }
    }
    unhide
}
