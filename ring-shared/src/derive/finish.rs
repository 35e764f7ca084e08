//! The rules that apply to the merged board, hook rows and zero-config rows alike: hidden
//! sessions (§4.8), background agents (§4.9) and one row per agent process.

use super::{ReadContext, Session, Source};
use crate::derive::trail::{Decider, RuleId, Trail};
use crate::registry::Status;

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
                        *provider == s.row.provider && super::is_ancestor_or_self(&folder, cwd)
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
