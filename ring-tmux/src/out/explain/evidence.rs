//! The evidence around an explanation: what ring read for that session, where, and how old.

use crate::gather::inputs::Gathered;
use crate::sys::env::Env;
use ring_shared::derive::Detector;
use ring_shared::explain::Explanation;
use ring_shared::registry::OwnStatus;
use ring_shared::registry::Row;
use ring_shared::scan::{ScanSession, TailKind};
use serde::Serialize;

/// How many of the session's `events.jsonl` lines are shown.
const EVENTS_SHOWN: usize = 8;

/// An explanation and the evidence it was made from (`explain --json`).
#[derive(Debug, Serialize)]
pub(crate) struct Report {
    /// When the read was made (Unix seconds).
    pub now: f64,
    pub explanation: Explanation,
    /// The hook row as stored, when there is one.
    pub row_file: Option<RowFile>,
    /// The session's last status changes in `events.jsonl`, oldest first (the log has no
    /// owners or event names: RiNG's format).
    pub events: Vec<LoggedChange>,
    /// What the agent's own file says (Claude's session file, Gemini's chat file).
    pub own_state: Option<OwnFile>,
    /// The row's own agent process.
    pub process: Option<Process>,
    /// The zero-config source of the same id.
    pub zero_config: Option<ZeroConfig>,
    /// When its hooks said SessionEnd (the tombstone in `sessions/.ended/`).
    pub session_end_at: Option<f64>,
}

#[derive(Debug, Serialize)]
pub(crate) struct RowFile {
    pub path: String,
    pub status: String,
    pub last_event: String,
    pub last_event_owner: String,
    pub last_active: f64,
    pub waiting_kind: String,
    pub waiting_detail: String,
    /// Every owner's open wait: (owner, kind, since).
    pub waits: Vec<(String, String, f64)>,
    pub tmux_pane: Option<String>,
    pub agent_pid: Option<i64>,
    pub agent_start: Option<i64>,
}

#[derive(Debug, Serialize)]
pub(crate) struct LoggedChange {
    pub ts: f64,
    pub status: String,
}

#[derive(Debug, Serialize)]
pub(crate) struct OwnFile {
    pub path: String,
    pub status: OwnStatus,
    pub waiting_for: String,
    pub updated_at: f64,
    /// Whether its process runs (`None`: ring could not tell, and does not use it).
    pub alive: Option<bool>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Process {
    pub pid: i64,
    pub start: i64,
    /// `None` when the provider's process scan failed or has no detector.
    pub alive: Option<bool>,
}

#[derive(Debug, Serialize)]
pub(crate) struct ZeroConfig {
    pub source: ring_shared::derive::Source,
    pub last_active: f64,
    pub tail: TailKind,
    /// Live processes of the provider in its folder.
    pub processes_in_folder: usize,
}

/// Gathers the evidence for `explanation`.
pub(super) fn collect(
    env: &Env,
    explanation: Explanation,
    stored: Option<&Row>,
    zero: Option<&ScanSession>,
    gathered: &Gathered,
    session_end_at: Option<f64>,
) -> Report {
    let id = explanation.session_id.clone();
    let provider = explanation.provider.clone();
    let row_file = stored.map(|row| row_file(env, row));
    let own_state = gathered
        .own
        .iter()
        .find(|s| s.session_id == id)
        .map(|s| OwnFile {
            path: if s.provider == ring_shared::provider::gemini::PROVIDER.name {
                stored.map(|r| r.source_path.clone()).unwrap_or_default()
            } else {
                env.home
                    .join(ring_shared::provider::claude::SESSIONS_DIR)
                    .join(format!("{}.json", s.pid))
                    .display()
                    .to_string()
            },
            status: s.status,
            waiting_for: s.waiting_for.clone(),
            updated_at: s.updated_at,
            alive: s.alive,
        });
    let process = stored.and_then(|row| {
        let (pid, start) = (row.agent_pid?, row.agent_start?);
        let alive = match gathered.procs.detector(&provider) {
            Detector::Live(live) => Some(
                live.iter()
                    .any(|p| p.pid == Some(pid) && p.start == Some(start)),
            ),
            Detector::Unknown | Detector::None => None,
        };
        Some(Process { pid, start, alive })
    });
    let zero_config = zero.map(|z| {
        let realpath = |dir: &str| gathered.realpaths.get(dir);
        let folder = realpath(&z.session.row.cwd);
        let processes_in_folder = match gathered.procs.detector(&z.session.row.provider) {
            Detector::Live(live) => live.iter().filter(|p| realpath(&p.cwd) == folder).count(),
            _ => 0,
        };
        ZeroConfig {
            source: z.session.source,
            last_active: z.session.row.last_active,
            tail: z.tail_kind,
            processes_in_folder,
        }
    });
    Report {
        now: gathered.now,
        explanation,
        row_file,
        events: logged(&id),
        own_state,
        process,
        zero_config,
        session_end_at,
    }
}

fn row_file(env: &Env, row: &Row) -> RowFile {
    RowFile {
        path: env
            .sessions_dir()
            .join(ring_shared::registry::file_name(&row.session_id))
            .display()
            .to_string(),
        status: row.status.as_str().to_owned(),
        last_event: row.last_event.clone().unwrap_or_default(),
        last_event_owner: row.last_event_owner.clone().unwrap_or_default(),
        last_active: row.last_active,
        waiting_kind: row.waiting_kind.clone(),
        waiting_detail: row.waiting_detail.clone(),
        waits: row
            .waits()
            .into_iter()
            .map(|w| (w.owner, w.kind, w.since))
            .collect(),
        tmux_pane: row.tmux_pane.clone(),
        agent_pid: row.agent_pid,
        agent_start: row.agent_start,
    }
}

/// The session's last status changes in `events.jsonl`.
fn logged(id: &str) -> Vec<LoggedChange> {
    let (events, _) = crate::gather::events::read();
    let mine: Vec<LoggedChange> = events
        .into_iter()
        .filter(|e| e.session_id == id)
        .map(|e| LoggedChange {
            ts: e.ts,
            status: e.status,
        })
        .collect();
    let skip = mine.len().saturating_sub(EVENTS_SHOWN);
    mine.into_iter().skip(skip).collect()
}
