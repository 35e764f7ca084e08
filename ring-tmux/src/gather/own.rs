//! The agents' own session states (`ring_shared::agent`) from disk: Claude Code's
//! `~/.claude/sessions/<pid>.json`, each checked against its process, and the end of Gemini
//! CLI's chat file for its waiting hook rows ([`gemini_states`]).
//!
//! A file counts only while its process runs: the pid must exist with the start time Claude
//! recorded (`procStart`, `/proc/<pid>/stat` starttime), in this machine's pid namespace
//! (`pidDomain`). After a kill -9 the file stays behind; its session is then ended. With an
//! injected process scan (`RING_PROCS`, tests) the processes are the scan's `claude-code`
//! entries that carry a pid (and start time); a scan that is unknown says nothing.

use crate::sys::env::Env;
use ring_shared::agent::{OwnState, SESSION_FILE_CAP, parse_claude_session};
use ring_shared::derive::{Detector, Procs};
use std::path::Path;

/// What decides a folder's live slots besides the transcripts' times (§4.4): the Claude
/// sessions that live agents name in their own files, and those their hooks ended
/// (`sessions/.ended/` tombstones) with no hook row since. Two Claudes in one folder, one
/// exits: Claude writes the exiting one's transcript last, and by time alone it took the
/// live one's slot and terminal (real-agent suite, claude two_claudes).
pub fn claim_slots(
    env: &Env,
    mut procs: Procs,
    states: &[OwnState],
    rows: &[ring_shared::registry::Row],
) -> Procs {
    let claude = ring_shared::provider::claude::PROVIDER.name;
    procs.own_sessions.extend(
        states
            .iter()
            .filter(|s| s.provider == claude && s.alive == Some(true))
            .map(|s| (s.session_id.clone(), s.cwd.clone())),
    );
    // The tombstones matter only to live slots: without a live Claude, no folder is read.
    let claude_live = matches!(
        procs.detector(claude),
        Detector::Live(live) if !live.is_empty()
    );
    if !claude_live {
        return procs;
    }
    let dir = env
        .ring_home
        .join("sessions")
        .join(crate::store::ended::ENDED_DIR);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return procs;
    };
    for entry in entries.flatten().take(MAX_FILES) {
        let name = entry.file_name();
        let Some(id) = name.to_str().and_then(|n| n.strip_suffix(".json")) else {
            continue;
        };
        // Only names that are a session id as it is (Claude's ids are UUIDs).
        if ring_shared::registry::file_name(id) != name.to_str().unwrap_or_default()
            || rows.iter().any(|r| r.session_id == id)
        {
            continue;
        }
        procs.ended_session_ids.insert(id.to_owned());
    }
    procs
}

/// At most this many session files are read (a folder of thousands is not a live board).
const MAX_FILES: usize = 256;

/// Every parseable session file under `$HOME/.claude/sessions`, with `alive` set.
pub fn states(env: &Env, procs: &Procs) -> Vec<OwnState> {
    let dir = env.home.join(ring_shared::provider::claude::SESSIONS_DIR);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let domain = if env.procs_file.is_none() {
        pid_domain()
    } else {
        None
    };
    let mut out = Vec::new();
    for entry in entries.flatten().take(MAX_FILES) {
        let name = entry.file_name();
        if !name.to_str().is_some_and(|n| n.ends_with(".json")) {
            continue;
        }
        let Ok(Some(bytes)) = crate::store::read_bounded(&entry.path(), SESSION_FILE_CAP) else {
            continue;
        };
        let Some(mut state) = parse_claude_session(&bytes) else {
            continue;
        };
        state.alive = match &env.procs_file {
            Some(_) => injected_alive(&state, procs),
            None => real_alive(&state, domain.as_deref()),
        };
        out.push(state);
    }
    out
}

/// How much of a Gemini chat file's end is read: the cancel's `info` line and the session
/// context Gemini writes twice after it (a few KB each).
const GEMINI_TAIL: u64 = 64 << 10;

/// For each waiting Gemini CLI hook row, what its chat file (`source_path`) ends with: a
/// cancel after the row's last event (Esc at the approval dialog sends no hook) makes it idle
/// ([`ring_shared::agent::gemini_cancelled_at`]). One bounded read of the file's end per
/// waiting Gemini row.
pub fn gemini_states(rows: &[ring_shared::registry::Row]) -> Vec<OwnState> {
    let gemini = &ring_shared::provider::gemini::PROVIDER;
    rows.iter()
        .filter(|row| {
            row.status == ring_shared::Status::Waiting
                && ring_shared::provider::is(&row.provider, gemini)
                && !row.source_path.is_empty()
        })
        .filter_map(|row| {
            let (tail, _) = crate::store::read_tail(Path::new(&row.source_path), GEMINI_TAIL)?;
            let at = ring_shared::agent::gemini_cancelled_at(&tail)?;
            (at > row.last_active).then(|| {
                ring_shared::agent::gemini_cancelled(&row.session_id, &row.cwd, row.agent_pid, at)
            })
        })
        .collect()
}

/// `linux:<machine-id>:pid:[<inode>]`, as Claude Code writes `pidDomain`.
fn pid_domain() -> Option<String> {
    let machine = std::fs::read_to_string("/etc/machine-id").ok()?;
    let ns = std::fs::read_link("/proc/self/ns/pid").ok()?;
    Some(format!("linux:{}:{}", machine.trim(), ns.to_string_lossy()))
}

/// Largest `/proc/<pid>/stat` read (a few hundred bytes; `comm` is at most 16).
const STAT_CAP: u64 = 4 << 10;

/// The process in `/proc`: alive when its start time is the recorded one.
fn real_alive(state: &OwnState, domain: Option<&str>) -> Option<bool> {
    if let (Some(theirs), Some(ours)) = (state.pid_domain.as_deref(), domain)
        && theirs != ours
    {
        return None;
    }
    let stat = Path::new("/proc").join(state.pid.to_string()).join("stat");
    // `read_bounded` reads a `/proc` file in one call (`std::fs::read`: six, from 32 bytes up).
    let Ok(Some(bytes)) = crate::store::read_bounded(&stat, STAT_CAP) else {
        return Some(false);
    };
    let Some(stat) = crate::sys::procs::parse_stat(&String::from_utf8_lossy(&bytes)) else {
        return Some(false);
    };
    Some(match state.proc_start {
        Some(start) => i64::try_from(stat.start_ticks).ok() == Some(start),
        None => true,
    })
}

/// The process in an injected scan: known only when its `claude-code` entries carry pids.
fn injected_alive(state: &OwnState, procs: &Procs) -> Option<bool> {
    let Detector::Live(live) = procs.detector(&state.provider) else {
        return None;
    };
    if !live.is_empty() && live.iter().all(|p| p.pid.is_none()) {
        return None;
    }
    Some(live.iter().any(|p| {
        p.pid == Some(state.pid) && (state.proc_start.is_none() || p.start == state.proc_start)
    }))
}
