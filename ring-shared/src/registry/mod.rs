//! The registry row (`sessions/<id>.json`): schema, lenient decoding, encoding, file names.
//!
//! Rows are shared with RiNG 0.17.2: same keys (§3.6), same file names (§3.2).
//! ring adds `tmux_socket`, `zellij_session`, `zellij_pane`, `agent_pid`, `agent_start` and `term_env`; RiNG
//! ignores them.

use serde::{Deserialize, Serialize};

/// The four states of a session (§0). Lower-case in files and JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The session needs its user: a permission, an answer, a plan to approve.
    Waiting,
    /// The agent is running.
    Working,
    /// The turn finished; nothing asked of the user.
    Idle,
    /// The session ended (or, for zero-config rows, aged out).
    Ended,
}

impl Status {
    /// All statuses in board order.
    pub const ALL: [Status; 4] = [
        Status::Waiting,
        Status::Working,
        Status::Idle,
        Status::Ended,
    ];

    /// Sort rank: waiting 0, working 1, idle 2, ended 3.
    pub fn rank(self) -> u8 {
        self as u8
    }

    /// The lower-case name stored in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Working => "working",
            Status::Idle => "idle",
            Status::Ended => "ended",
        }
    }

    /// Parses an exact lower-case status name.
    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "waiting" => Some(Status::Waiting),
            "working" => Some(Status::Working),
            "idle" => Some(Status::Idle),
            "ended" => Some(Status::Ended),
            _ => None,
        }
    }
}

/// An agent's own status, as its own files say it (Claude's session file, Gemini's chat
/// file, Copilot's event log).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OwnStatus {
    /// Working on a turn.
    Busy,
    /// At its prompt.
    Idle,
    /// A dialog is up (`waiting_for` says which).
    Waiting,
}

/// One registry row, as the hook writes it and the board reads it.
///
/// Optional text fields use `""` for "absent" where RiNG defaults to `""`, and `Option` where
/// RiNG distinguishes absent from empty.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub session_id: String,
    pub provider: String,
    pub cwd: String,
    pub origin_cwd: String,
    pub status: Status,
    /// Raw event name of the last payload (absent in very old rows).
    pub last_event: Option<String>,
    pub last_active: f64,
    pub heartbeat_at: f64,
    pub last_action: String,
    pub hook_pid: Option<i64>,
    /// Transcript path; `""` when absent.
    pub source_path: String,
    pub tmux_pane: Option<String>,
    /// `(done, total)` from the newest TodoWrite.
    pub todo: Option<(i64, i64)>,
    /// `""` when absent.
    pub waiting_for: String,
    pub pending_permission_detail: Option<String>,
    pub pending_permission_detail_at: Option<f64>,
    /// `""` when absent.
    pub waiting_kind: String,
    /// `""` when absent.
    pub waiting_detail: String,
    pub tty: Option<String>,
    pub waiting_notified_at: Option<f64>,
    /// RiNG 0.17.6 (§3.16): who sent the last event (`foreground`, `unknown`, `agent:<id>`).
    pub last_event_owner: Option<String>,
    /// RiNG 0.17.6: the last event's tool call id (`""` when it had none).
    pub last_tool_use_id: Option<String>,
    /// RiNG 0.17.6: each owner's wait, in the order they opened; `None` when the row has no
    /// such key (an older writer): then [`Row::waits`] reads the single-wait fields.
    pub waiting_requests: Option<Vec<crate::owner::Wait>>,
    /// RiNG 0.17.6: permission details captured per (owner, tool call).
    pub pending_permissions: Option<Vec<crate::owner::Pending>>,
    /// RiNG 0.17.6: the summary wait's subagent id when a subagent's wait is shown.
    pub waiting_agent_id: Option<String>,
    /// ring's own: the tmux socket path from `$TMUX`.
    pub tmux_socket: Option<String>,
    /// ring's own: `$ZELLIJ_SESSION_NAME`.
    pub zellij_session: Option<String>,
    /// ring's own: `$ZELLIJ_PANE_ID`.
    pub zellij_pane: Option<String>,
    /// ring's own: pid of the agent process found by walking up from the hook.
    pub agent_pid: Option<i64>,
    /// ring's own: that process's start time (`/proc/<pid>/stat` starttime, clock ticks since
    /// boot), so a pid the kernel reused later never keeps the row alive.
    pub agent_start: Option<i64>,
    /// ring's own: the agent's terminal environment ([`crate::registry::term_env::RECORDED`]), for `jump`.
    pub term_env: crate::registry::term_env::TermEnv,
}

impl Row {
    /// An empty row for `session_id` with RiNG's read defaults.
    pub fn new(session_id: impl Into<String>) -> Row {
        Row {
            session_id: session_id.into(),
            provider: crate::provider::claude::PROVIDER.name.into(),
            cwd: String::new(),
            origin_cwd: String::new(),
            status: Status::Idle,
            last_event: None,
            last_active: 0.0,
            heartbeat_at: 0.0,
            last_action: "\u{2014}".into(),
            hook_pid: None,
            source_path: String::new(),
            tmux_pane: None,
            todo: None,
            waiting_for: String::new(),
            pending_permission_detail: None,
            pending_permission_detail_at: None,
            waiting_kind: String::new(),
            waiting_detail: String::new(),
            tty: None,
            waiting_notified_at: None,
            last_event_owner: None,
            last_tool_use_id: None,
            waiting_requests: None,
            pending_permissions: None,
            waiting_agent_id: None,
            tmux_socket: None,
            zellij_session: None,
            zellij_pane: None,
            agent_pid: None,
            agent_start: None,
            term_env: crate::registry::term_env::TermEnv::new(),
        }
    }
}

impl Row {
    /// The row's waits (§3.16): its `waiting_requests` when it has them, else one wait made
    /// of the single-wait fields when it is waiting (owned by `agent:<waiting_agent_id>` when
    /// set, else the foreground), else none.
    pub fn waits(&self) -> Vec<crate::owner::Wait> {
        use crate::owner::{AGENT_PREFIX, FOREGROUND, Wait};
        if let Some(waits) = &self.waiting_requests {
            return waits.clone();
        }
        if self.status != Status::Waiting {
            return Vec::new();
        }
        let owner = match self.waiting_agent_id.as_deref() {
            Some(id) if !id.is_empty() => format!("{AGENT_PREFIX}{id}"),
            _ => FOREGROUND.into(),
        };
        vec![Wait {
            owner,
            kind: self.waiting_kind.clone(),
            detail: self.waiting_detail.clone(),
            waiting_for: self.waiting_for.clone(),
            since: self.last_active,
            revision: String::new(),
            tool_use_id: String::new(),
            agent_type: String::new(),
        }]
    }

    /// Whether the row waits on a plan it cannot name yet: a wait whose detail is still the
    /// plan tool's name (§11.12: Claude Code 2.1 leaves an inline plan out of its payloads).
    pub fn waits_on_unnamed_plan(&self) -> bool {
        self.status == Status::Waiting
            && (self.waiting_detail == crate::provider::claude::PLAN_TOOL
                || self.waits().iter().any(is_unnamed_plan))
    }

    /// Names the plan the row waits on ([`Self::waits_on_unnamed_plan`]): `detail` (see
    /// `event::plan_detail`) replaces the plan tool's name in `waiting_detail` and
    /// in every wait that shows it.
    pub fn name_plan(&mut self, detail: &str) {
        if self.waiting_detail == crate::provider::claude::PLAN_TOOL {
            detail.clone_into(&mut self.waiting_detail);
        }
        for wait in self.waiting_requests.iter_mut().flatten() {
            if is_unnamed_plan(wait) {
                detail.clone_into(&mut wait.detail);
            }
        }
    }

    /// The wait the row's summary shows ([`crate::owner::primary`]), if any.
    pub fn shown_wait(&self) -> Option<crate::owner::Wait> {
        let waits = self.waits();
        crate::owner::primary(&waits).cloned()
    }
}

fn is_unnamed_plan(wait: &crate::owner::Wait) -> bool {
    wait.detail == crate::provider::claude::PLAN_TOOL
}

/// Why a registry file was skipped by the reader. Its `Display` is the reason in the
/// process's language ([`skip`]); [`DecodeError::code`] is the same reason for a cache.
#[derive(Debug, Clone, PartialEq)]
pub enum DecodeError {
    /// Not valid JSON (serde_json's message).
    Json(String),
    NotObject,
    MissingSessionId,
    /// A `status` that is none of the four (as written, quoted).
    BadStatus(String),
    /// A time field that is not a number of seconds.
    BadTime(&'static str),
    /// A field whose value cannot stand for what it names (e.g. a list as `session_id`).
    BadField(&'static str),
    /// Legacy SessionStart-source phantom (`provider` startup/resume/clear/compact): RiNG deletes it.
    Phantom,
}

impl std::error::Error for DecodeError {}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&skip::text(&self.code()))
    }
}

mod bound;
mod decode;
mod encode;
pub mod skip;
pub mod term_env;

pub use bound::{
    ID_MAX, NAME_MAX, OWNERS_MAX, PATH_MAX, ROW_FILE_CAP, SIDE_FILE_CAP, TEXT_MAX, prefix_bytes,
};
pub use decode::decode_row;
pub use encode::{encode_row, file_name};
