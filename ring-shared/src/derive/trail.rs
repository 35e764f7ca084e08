//! The read side's record of its decisions about one session: each rule that changed the
//! session's state ([`RuleId`]), what decided it ([`Decider`]) and the state it left. Every
//! board runs with [`Trail::off`]; `explain` watches one session ([`crate::explain`]).

mod rule;

pub use rule::RuleId;

use crate::derive::Source;
use crate::registry::{OwnStatus, Row, Status};
use serde::Serialize;

/// What decided one step.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum Decider {
    /// The hook event the row was written with.
    HookEvent {
        /// The event's name (`Stop`).
        event: String,
        /// Who sent it (`foreground`, `agent:<id>`), `""` when the row does not say.
        owner: String,
        /// When (the row's `last_active`).
        at: f64,
    },
    /// The clock: the row sat `idle` seconds, past the rule's `after`.
    Clock { idle: f64, after: f64 },
    /// The row's own agent process (pid and start time) is not among the live ones.
    ProcessGone { pid: i64, start: i64 },
    /// No live process of the provider in the row's folder or above it (§4.3 rule 5).
    NoProcessInFolder { cwd: String },
    /// The row's terminal is not among those of the folder's live processes (§4.3 rule 7).
    TerminalGone { tty: String },
    /// More rows in the folder than live processes: only the most recent keep one (§4.3
    /// rule 8).
    MoreRowsThanProcesses { processes: usize },
    /// The agent's own state (Claude's session file; Gemini's chat file).
    OwnState {
        provider: String,
        status: OwnStatus,
        waiting_for: String,
        updated_at: f64,
        pid: i64,
    },
    /// Another session of the same agent process was active later.
    NewerSession { pid: i64, start: i64 },
    /// A zero-config source: a transcript, a Codex thread, a process.
    ZeroConfig { kind: Source, last_active: f64 },
    /// A zero-config row newer than the hook row's wait replaced it.
    ScanRow { last_active: f64 },
    /// `deleted_sessions.json` hides it since `hidden_at`.
    HiddenSince { hidden_at: f64 },
    /// The process scan names it a background agent.
    BackgroundAgentId,
}

/// One rule that set the session's state, and the state it left.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    pub rule: RuleId,
    pub decided_by: Decider,
    /// The status after this step.
    pub status: Status,
    /// The waiting kind after this step (`""` unless waiting).
    pub kind: String,
}

/// Records the decisions the read side makes about one session ([`Trail::watching`]); a
/// trail that watches nothing ([`Trail::off`]) records nothing and costs a compare.
#[derive(Debug, Clone, Default)]
pub struct Trail {
    watch: Option<String>,
    steps: Vec<Step>,
}

impl Trail {
    /// Records nothing (what every board passes).
    pub fn off() -> Trail {
        Trail::default()
    }

    /// Records the decisions about the session `id`.
    pub fn watching(id: &str) -> Trail {
        Trail {
            watch: Some(id.to_owned()),
            steps: Vec::new(),
        }
    }

    /// The decisions recorded, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Whether decisions about `id` are recorded.
    pub(crate) fn watches(&self, id: &str) -> bool {
        self.watch.as_deref() == Some(id)
    }

    /// Notes that `rule`, decided by `by`, left `row` as it is now (when `row` is watched).
    pub(crate) fn note(&mut self, row: &Row, rule: RuleId, by: impl FnOnce() -> Decider) {
        if self.watches(&row.session_id) {
            self.steps.push(Step {
                rule,
                decided_by: by(),
                status: row.status,
                kind: row.waiting_kind.clone(),
            });
        }
    }
}
