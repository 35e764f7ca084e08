//! The board (spec §4.11, §4.12): sort, filter, counts, `project`, `location`, and the
//! summary the tmux and zellij renderers draw from.

use crate::derive::Session;
use crate::registry::Status;

/// Sorted sessions ready to render.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Board {
    pub sessions: Vec<Session>,
    /// Live agent CLI processes (display only).
    pub agent_processes: usize,
    pub now: f64,
}

/// Counts per state, in board order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    pub waiting: usize,
    pub working: usize,
    pub idle: usize,
    pub ended: usize,
}

impl Counts {
    pub fn get(&self, status: Status) -> usize {
        match status {
            Status::Waiting => self.waiting,
            Status::Working => self.working,
            Status::Idle => self.idle,
            Status::Ended => self.ended,
        }
    }
}
