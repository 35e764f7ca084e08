//! Process liveness (§4.3): hook rows whose agent process is gone become `ended`.
//!
//! Fail-open everywhere: a provider without a detector, or whose scan failed, keeps its rows;
//! a live process in the row's directory or any ancestor keeps them too; a published scan
//! ([`Procs::as_of`]) judges only rows that name their process and are older than it.

use super::{Detector, Proc, Procs, Session, canonical_provider};
use crate::derive::trail::{Decider, RuleId, Trail};
use crate::registry::Status;
use std::collections::{BTreeMap, BTreeSet};

/// Applies §4.3 to hook sessions in place (statuses only; kinds and details stay).
///
/// ring first: a row that names its agent process (`agent_pid` with `agent_start`, written
/// by ring's hook) lives exactly as long as that process, whatever else runs in its folder:
/// a later agent started in the same folder after a kill -9 never revives it (no phantom
/// wait; real-agent suite, claude kill/restart). RiNG's rows, and ring's rows without a
/// start time, keep RiNG's folder rules below.
pub(super) fn apply(
    sessions: &mut [Session],
    procs: &Procs,
    realpath: &dyn Fn(&str) -> String,
    trail: &mut Trail,
) {
    // (provider, realpath(cwd)) → indices of the rows, in row order.
    let mut groups: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for (index, session) in sessions.iter_mut().enumerate() {
        let provider = canonical_provider(&session.row.provider);
        if crate::provider::rules(provider).background_agents
            && procs.background_agent_ids.contains(&session.row.session_id)
        {
            continue;
        }
        if procs
            .as_of
            .is_some_and(|as_of| session.row.heartbeat_at.max(session.row.last_active) > as_of)
        {
            continue;
        }
        if let Some(alive) = own_process_alive(&session.row, procs.detector(provider)) {
            if !alive && session.row.status != Status::Ended {
                session.row.status = Status::Ended;
                let (pid, start) = (
                    session.row.agent_pid.unwrap_or(0),
                    session.row.agent_start.unwrap_or(0),
                );
                trail.note(&session.row, RuleId::OwnProcess, || Decider::ProcessGone {
                    pid,
                    start,
                });
            }
            continue;
        }
        if procs.as_of.is_some() {
            continue;
        }
        let cwd = resolve(&session.row.cwd, realpath);
        groups
            .entry((provider.to_owned(), cwd))
            .or_default()
            .push(index);
    }
    // Resolve each provider's process cwds once.
    let mut resolved: BTreeMap<String, Vec<(String, &Proc)>> = BTreeMap::new();
    for ((provider, cwd), rows) in groups {
        let Detector::Live(live) = procs.detector(&provider) else {
            continue;
        };
        let live = resolved.entry(provider).or_insert_with(|| {
            live.iter()
                .map(|proc| (resolve(&proc.cwd, realpath), proc))
                .collect()
        });
        judge_group(sessions, &rows, &cwd, live, trail);
    }
}

/// Whether the row's own agent process still runs: `None` when the row names none (no pid
/// or no start time) or the provider's scan says nothing (no detector, or it failed), or
/// when the scan does not know pids (an injected scan without them).
fn own_process_alive(row: &crate::registry::Row, detector: Detector<'_>) -> Option<bool> {
    let (pid, start) = (row.agent_pid?, row.agent_start?);
    let Detector::Live(live) = detector else {
        return None;
    };
    if live.iter().all(|p| p.pid.is_none()) && !live.is_empty() {
        return None;
    }
    Some(
        live.iter()
            .any(|p| p.pid == Some(pid) && p.start == Some(start)),
    )
}

/// realpath, except that an empty cwd stays empty.
fn resolve(cwd: &str, realpath: &dyn Fn(&str) -> String) -> String {
    if cwd.is_empty() {
        String::new()
    } else {
        realpath(cwd)
    }
}

/// Rules 5–8 for one (provider, cwd) group; `live` = that provider's processes, resolved.
fn judge_group(
    sessions: &mut [Session],
    rows: &[usize],
    cwd: &str,
    live: &[(String, &Proc)],
    trail: &mut Trail,
) {
    // Ends a row, noting why when it was not ended already.
    let mut end = |session: &mut Session, by: &dyn Fn() -> Decider| {
        if session.row.status != Status::Ended {
            session.row.status = Status::Ended;
            trail.note(&session.row, RuleId::Liveness, by);
        }
    };
    let here: Vec<&Proc> = live
        .iter()
        .filter(|(proc_cwd, _)| proc_cwd == cwd)
        .map(|(_, proc)| *proc)
        .collect();
    if here.is_empty() {
        if !live
            .iter()
            .any(|(proc_cwd, _)| is_ancestor_or_self(proc_cwd, cwd))
        {
            for &index in rows {
                end(&mut sessions[index], &|| Decider::NoProcessInFolder {
                    cwd: cwd.to_owned(),
                });
            }
        }
        return;
    }
    if rows.len() == 1 {
        return;
    }
    let ttys: BTreeSet<&str> = here
        .iter()
        .filter_map(|proc| proc.tty.as_deref())
        .filter(|tty| !tty.is_empty())
        .collect();
    if !ttys.is_empty() {
        for &index in rows {
            let session = &mut sessions[index];
            if let Some(tty) = session
                .row
                .tty
                .clone()
                .filter(|tty| !tty.is_empty() && !ttys.contains(tty.as_str()))
            {
                end(session, &|| Decider::TerminalGone { tty: tty.clone() });
            }
        }
    }
    if rows.len() <= here.len() {
        return;
    }
    let mut open: Vec<usize> = rows
        .iter()
        .copied()
        .filter(|&index| sessions[index].row.status != Status::Ended)
        .collect();
    if open.len() > here.len() {
        // Stable: among equal times the earlier row (file-name order) stays live.
        open.sort_by(|&a, &b| {
            sessions[b]
                .row
                .last_active
                .total_cmp(&sessions[a].row.last_active)
        });
        let processes = here.len();
        for &index in &open[processes..] {
            end(&mut sessions[index], &|| Decider::MoreRowsThanProcesses {
                processes,
            });
        }
    }
}

/// `ancestor` is `path` or a directory above it, on path-component boundaries
/// (`/repo/app` is above `/repo/app/sub`, not `/repo/app-other`; `/` is above every absolute path).
pub(crate) fn is_ancestor_or_self(ancestor: &str, path: &str) -> bool {
    if ancestor.is_empty() || path.is_empty() {
        return false;
    }
    if ancestor == path {
        return true;
    }
    let prefix = ancestor.trim_end_matches('/');
    path.strip_prefix(prefix)
        .is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::same("/repo/app", "/repo/app", true)]
    #[case::parent("/repo/app", "/repo/app/sub", true)]
    #[case::sibling_prefix("/repo/app", "/repo/app-other", false)]
    #[case::root("/", "/repo/app", true)]
    #[case::trailing_slash("/repo/", "/repo/app", true)]
    #[case::child_is_not_ancestor("/repo/app/sub", "/repo/app", false)]
    #[case::empty_row_cwd("/", "", false)]
    #[case::empty_proc_cwd("", "/repo", false)]
    fn ancestor_test_respects_path_components(
        #[case] ancestor: &str,
        #[case] path: &str,
        #[case] expected: bool,
    ) {
        assert_eq!(is_ancestor_or_self(ancestor, path), expected);
    }
}
