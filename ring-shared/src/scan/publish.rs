//! The zero-config rows published for the zellij plugin (`RING_HOME/zeroconf.json`): the
//! plugin cannot list `~/.claude` or scan processes, so `ring-tmux` writes what it inferred
//! and the plugin merges it into its hook rows with [`super::merge_sources`].

use super::{ScanSession, TailKind};
use crate::derive::{Procs, Session, Source};
use crate::registry::{Row, Status};
use serde::{Deserialize, Serialize};

/// The published document.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Published {
    /// Wall-clock time the rows were computed (epoch seconds): statuses are as of then.
    pub generated_at: f64,
    pub sessions: Vec<PublishedRow>,
    /// The agents' own states as of then (`crate::agent`), whose process liveness `ring-tmux`
    /// checked; a file without them (an older writer) has none.
    #[serde(default)]
    pub agents: Vec<crate::agent::OwnState>,
    /// The agents' processes `ring-tmux` found, as of `generated_at` ([`Procs::as_of`]): the
    /// plugin, which cannot scan processes, ends a row whose own agent process is gone with
    /// them (a file without them, from an older writer, leaves liveness unknown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub procs: Option<Procs>,
}

/// One published zero-config row (the fields a zero-config row can carry).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublishedRow {
    pub session_id: String,
    pub provider: String,
    pub cwd: String,
    pub origin_cwd: String,
    pub status: Status,
    pub last_active: f64,
    pub last_action: String,
    pub todo: Option<(i64, i64)>,
    pub tty: Option<String>,
    /// `scan`, `codex`, `proc`, `ollama` or `llama.cpp`.
    pub source: String,
    pub tail_kind: TailKind,
}

impl Published {
    /// Publishes `rows` as computed at `generated_at`.
    pub fn new(generated_at: f64, rows: &[ScanSession]) -> Published {
        let sessions = rows
            .iter()
            .map(|s| PublishedRow {
                session_id: s.session.row.session_id.clone(),
                provider: s.session.row.provider.clone(),
                cwd: s.session.row.cwd.clone(),
                origin_cwd: s.session.row.origin_cwd.clone(),
                status: s.session.row.status,
                last_active: s.session.row.last_active,
                last_action: s.session.row.last_action.clone(),
                todo: s.session.row.todo,
                tty: s.session.row.tty.clone(),
                source: s.session.source.as_str().to_owned(),
                tail_kind: s.tail_kind,
            })
            .collect();
        Published {
            generated_at,
            sessions,
            agents: Vec::new(),
            procs: None,
        }
    }

    /// The liveness part of `procs` a later reader may use: each provider's live processes
    /// and background agents, dated `generated_at` ([`Procs::as_of`]).
    pub fn with_procs(mut self, procs: &Procs) -> Published {
        self.procs = Some(Procs {
            by_provider: procs.by_provider.clone(),
            background_agent_ids: procs.background_agent_ids.clone(),
            as_of: Some(self.generated_at),
            ..Procs::default()
        });
        self
    }

    /// Ends the sessions whose SessionEnd came after this document was generated: their
    /// published rows and own states are as of before the end, so until `ring-tmux`
    /// publishes again a session that just ended would show as it last was (real agents in
    /// zellij: Claude's `/exit` removed the hook row, and the row published while it worked
    /// showed `working` for the seconds until the next publication). `ended_at` gives the
    /// time of a row file's last SessionEnd (its tombstone), by file name.
    pub fn end_sessions(&mut self, ended_at: impl Fn(&str) -> Option<f64>) {
        let generated_at = self.generated_at;
        let ended = |id: &str| {
            ended_at(&crate::registry::file_name(id)).is_some_and(|at| at >= generated_at)
        };
        for row in &mut self.sessions {
            if row.status != Status::Ended && ended(&row.session_id) {
                row.status = Status::Ended;
            }
        }
        self.agents.retain(|agent| !ended(&agent.session_id));
    }

    /// The rows back, ready for [`super::merge_sources`]. Rows with an unknown source are
    /// dropped (a newer writer may add sources).
    pub fn rows(&self) -> Vec<ScanSession> {
        self.sessions
            .iter()
            .filter_map(|p| {
                let source = Source::parse(&p.source).filter(|s| *s != Source::Hook)?;
                let mut row = Row::new(p.session_id.clone());
                row.provider.clone_from(&p.provider);
                row.cwd.clone_from(&p.cwd);
                row.origin_cwd.clone_from(&p.origin_cwd);
                row.status = p.status;
                row.last_active = p.last_active;
                row.last_action.clone_from(&p.last_action);
                row.todo = p.todo;
                row.tty.clone_from(&p.tty);
                Some(ScanSession {
                    session: Session {
                        row,
                        source,
                        hook_stale: false,
                        kind: None,
                        tmux_target: None,
                    },
                    tail_kind: p.tail_kind,
                })
            })
            .collect()
    }
}
