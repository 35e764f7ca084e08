//! Merging zero-config rows into the hook rows (§4.7), then the rules that apply to the
//! merged board: hidden sessions (§4.8) and background agents (§4.9).

use super::{ScanSession, TailKind};
use crate::derive::trail::{Decider, RuleId, Trail};
use crate::derive::{Session, Source};
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
/// tmux targets and sorting (see [`crate::derive::finish`]).
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
    // pages cost more than the merge); the longer of the two is reused in place and the
    // other moved onto it (hook rows first either way).
    let hook_len = hook.len();
    let mut merged: Vec<Session> = if hook_len >= zero.len() {
        let mut merged = hook;
        merged.extend(zero.into_iter().map(|s| s.session));
        merged
    } else {
        let mut merged: Vec<Session> = zero.into_iter().map(|s| s.session).collect();
        merged.splice(0..0, hook);
        merged
    };
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
