//! One session per agent process (§11.15): for an agent whose process shows one session at a
//! time ([`crate::provider::Rules::one_session_per_process`]), the hook row of that process
//! that was active last is its session; the older ones are ended.
//!
//! Codex's `/new` starts a new thread in the same TUI and sends no `SessionEnd` for the one it
//! leaves (the app-server daemon keeps it loaded until it stops), so without this rule the
//! abandoned thread stays a second live row on the pane (real-agent suite, codex new). RiNG
//! 0.17.6 has no such rule. Rows are tied to their process by `agent_pid` and `agent_start`,
//! as liveness ties them (§11.7): rows without both are left alone.

use super::{Session, Source, canonical_provider};
use crate::derive::trail::{Decider, RuleId, Trail};
use crate::registry::Status;
use std::collections::BTreeMap;

/// Ends, in place, every live hook row of a one-session agent process but the one active last
/// (the later `last_active`; on a tie, both stay).
pub(super) fn apply(sessions: &mut [Session], trail: &mut Trail) {
    let mut newest: BTreeMap<(String, i64, i64), f64> = BTreeMap::new();
    for session in sessions.iter() {
        if let Some(key) = process_of(session) {
            let last = newest.entry(key).or_insert(f64::MIN);
            *last = last.max(session.row.last_active);
        }
    }
    for session in sessions.iter_mut() {
        if let Some(key) = process_of(session)
            && newest
                .get(&key)
                .is_some_and(|&last| session.row.last_active < last)
        {
            session.row.status = Status::Ended;
            let (_, pid, start) = key;
            trail.note(&session.row, RuleId::Superseded, || Decider::NewerSession {
                pid,
                start,
            });
        }
    }
}

/// The agent process a live hook row of a one-session agent belongs to: (provider, pid, start
/// time). `None` for any other row, or one that names no process.
fn process_of(session: &Session) -> Option<(String, i64, i64)> {
    let provider = canonical_provider(&session.row.provider);
    if session.source != Source::Hook
        || session.row.status == Status::Ended
        || !crate::provider::rules(provider).one_session_per_process
    {
        return None;
    }
    Some((
        provider.to_owned(),
        session.row.agent_pid?,
        session.row.agent_start?,
    ))
}
