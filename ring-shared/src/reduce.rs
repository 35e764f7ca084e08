//! The write reducer (spec §3.1–3.13): previous row + event + now + config → next row or delete.

use crate::config::Config;
use crate::event::Event;
use crate::registry::{Row, Status};
use crate::transcript::Record;
use serde_json::{Map, Value};

/// Everything besides the payload that the reducer needs, gathered by the caller.
#[derive(Debug, Clone, Default)]
pub struct Context<'a> {
    /// One clock reading for the whole row.
    pub now: f64,
    pub config: Config,
    pub hook_pid: i64,
    /// `$TMUX_PANE`, trimmed, if non-empty.
    pub tmux_pane: Option<String>,
    /// tty found from the hook's stdin or by walking up to the agent process (§3.9 steps 2–3);
    /// the payload's own `tty` wins over it.
    pub discovered_tty: Option<String>,
    /// Parsed tail of `event.transcript_path`, or `None` if there is no path or it could not be read.
    pub transcript: Option<&'a [Record]>,
    pub tmux_socket: Option<String>,
    pub zellij_session: Option<String>,
    pub zellij_pane: Option<String>,
    pub agent_pid: Option<i64>,
}

/// A line of `events.jsonl` (§3.11).
#[derive(Debug, Clone, PartialEq)]
pub struct Transition {
    pub ts: f64,
    pub session_id: String,
    pub provider: String,
    pub cwd: String,
    pub status: Status,
}

/// What the hook must do after one event.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Write this row; log the transition if any; `notify` = the "now waiting" decision (§3.10).
    Write {
        row: Box<Row>,
        transition: Option<Transition>,
        notify: bool,
    },
    /// SessionEnd: delete the row; log the transition if any.
    Delete { transition: Option<Transition> },
}

/// Reduces one event against the previous row (`None` when missing, unreadable or not an object).
pub fn reduce(prev: Option<&Map<String, Value>>, event: &Event, ctx: &Context<'_>) -> Outcome {
    todo!("{prev:?} {event:?} {}", ctx.now)
}
