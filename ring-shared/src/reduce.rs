//! The write reducer (§3.1–3.13): previous row + event + now + config → next row or delete.
//!
//! Steps 5–12 of §3.1 as one pure function. The previous row is the raw JSON object of
//! the file (whoever wrote it), read with Python's type rules: `status` and the copied waiting
//! fields are "converted to text", stamps count only when they are numbers (never booleans).

use crate::config::Config;
use crate::event::Event;
use crate::question::trailing_question;
use crate::registry::{Row, Status};
use crate::text::{as_number, py_str, strip};
use crate::transcript::{self, NO_ACTION, Record};
use serde_json::{Map, Value};

/// How long a stashed permission detail stays usable, in seconds (inclusive, §3.8).
pub const STASH_TTL_SECONDS: f64 = 120.0;

/// Everything besides the payload that the reducer needs, gathered by the caller.
#[derive(Debug, Clone, Default)]
pub struct Context<'a> {
    /// One clock reading for the whole row.
    pub now: f64,
    /// The configuration (`detect_stop_questions`, `waiting_cooldown_seconds` matter here).
    pub config: Config,
    /// Pid of the hook process, stored as `hook_pid`.
    pub hook_pid: i64,
    /// `$TMUX_PANE`, trimmed, if non-empty.
    pub tmux_pane: Option<String>,
    /// tty found from the hook's stdin or by walking up to the agent process (§3.9 steps 2–3);
    /// the payload's own `tty` wins over it.
    pub discovered_tty: Option<String>,
    /// Parsed tail of `event.transcript_path`, or `None` if there is no path or it could not be read.
    pub transcript: Option<&'a [Record]>,
    /// ring's own: the tmux socket path from `$TMUX` (not sticky: absent when not set).
    pub tmux_socket: Option<String>,
    /// ring's own: `$ZELLIJ_SESSION_NAME`.
    pub zellij_session: Option<String>,
    /// ring's own: `$ZELLIJ_PANE_ID`.
    pub zellij_pane: Option<String>,
    /// ring's own: pid of the agent process found by walking up from the hook.
    pub agent_pid: Option<i64>,
    /// ring's own: that process's start time (clock ticks since boot).
    pub agent_start: Option<i64>,
}

/// A line of `events.jsonl` (§3.11).
#[derive(Debug, Clone, PartialEq)]
pub struct Transition {
    /// When (the hook's `now`).
    pub ts: f64,
    /// Qualified session id.
    pub session_id: String,
    /// Effective provider.
    pub provider: String,
    /// The payload's cwd.
    pub cwd: String,
    /// The new status.
    pub status: Status,
}

/// What the hook must do after one event.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Write this row; log the transition if any; `notify` = the "now waiting" decision (§3.10).
    Write {
        /// The complete new row (nothing else of the previous file survives).
        row: Box<Row>,
        /// The `events.jsonl` line to append when the status changed.
        transition: Option<Transition>,
        /// Send the "now waiting" notification after the write.
        notify: bool,
    },
    /// SessionEnd: delete the row; log the transition if any.
    Delete {
        /// An `ended` line, only when a non-ended previous row existed (§3.5).
        transition: Option<Transition>,
    },
}

/// The waiting fields of the event after promotion and keep-waiting.
struct Waiting {
    status: Status,
    waiting_for: String,
    kind: String,
    detail: String,
    /// Kept waiting by an ordinary Notification (§3.4): never notifies.
    kept: bool,
}

/// Reduces one event against the previous row (`None` when missing, unreadable or not an object).
pub fn reduce(prev: Option<&Map<String, Value>>, event: &Event, ctx: &Context<'_>) -> Outcome {
    let empty = Map::new();
    let prev = prev.unwrap_or(&empty);
    let prev_status = prev.get("status").map(py_str);
    let state = keep_waiting(promote_stop_question(event, ctx), event, prev, &prev_status);
    let transition = |status: Status| Transition {
        ts: ctx.now,
        session_id: event.session_id.clone(),
        provider: event.provider.clone(),
        cwd: event.cwd.clone(),
        status,
    };

    if state.status == Status::Ended {
        let logged = prev_status
            .as_deref()
            .is_some_and(|s| s != Status::Ended.as_str());
        return Outcome::Delete {
            transition: logged.then(|| transition(Status::Ended)),
        };
    }

    let notify = rings(prev, ctx, &state);
    let row = build_row(prev, event, ctx, &state, notify);
    let changed = prev_status.as_deref() != Some(state.status.as_str());
    Outcome::Write {
        row: Box::new(row),
        transition: changed.then(|| transition(state.status)),
        notify,
    }
}

/// §3.3: a Stop whose status is idle becomes a question wait when the last assistant text
/// ends with a question.
fn promote_stop_question(event: &Event, ctx: &Context<'_>) -> Waiting {
    let mut state = Waiting {
        status: event.status,
        waiting_for: event.waiting_for.clone(),
        kind: event.waiting_kind.clone(),
        detail: event.detail.clone(),
        kept: false,
    };
    if event.event != "Stop" || event.status != Status::Idle || !ctx.config.detect_stop_questions {
        return state;
    }
    let text = match &event.last_assistant_message {
        Some(text) => Some(text.clone()),
        None if event.question_reads_transcript => {
            ctx.transcript.and_then(transcript::last_assistant_text)
        }
        None => None,
    };
    if let Some(question) = text.as_deref().and_then(trailing_question) {
        state.status = Status::Waiting;
        state.kind = "question".into();
        state.detail = question;
    }
    state
}

/// §3.4: an ordinary (idle) Notification keeps an existing wait and its fields.
///
/// ring also keeps a wait that a `PermissionRequest` opened against the actionable
/// Notification that follows it: Claude Code sends `permission_prompt` ("Claude needs your
/// permission to use …") about 6 s after every dialog, AskUserQuestion and ExitPlanMode
/// included, and that text would turn a question or a plan into a permission. The wait
/// already rang at the request, so the kept one does not ring again.
fn keep_waiting(
    mut state: Waiting,
    event: &Event,
    prev: &Map<String, Value>,
    prev_status: &Option<String>,
) -> Waiting {
    let prev_waiting = prev_status.as_deref() == Some(Status::Waiting.as_str());
    let after_request = prev.get("last_event").and_then(Value::as_str) == Some("PermissionRequest");
    if event.event == "Notification"
        && prev_waiting
        && (state.status == Status::Idle || after_request)
    {
        let text = |key: &str| prev.get(key).map(py_str).unwrap_or_default();
        state.status = Status::Waiting;
        state.waiting_for = text("waiting_for");
        state.kind = text("waiting_kind");
        state.detail = text("waiting_detail");
        state.kept = true;
    }
    state
}

/// §3.8: the stash decision. Returns `(detail, at)`.
fn stash(
    prev: &Map<String, Value>,
    event: &Event,
    ctx: &Context<'_>,
    status: Status,
) -> Option<(String, f64)> {
    match event.event.as_str() {
        "PermissionRequest" if status == Status::Working && !event.detail.is_empty() => {
            return Some((event.detail.clone(), ctx.now));
        }
        "PostToolUse" | "UserPromptSubmit" | "Stop" => return None,
        _ => {}
    }
    let detail = prev
        .get("pending_permission_detail")
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())?;
    let at = prev
        .get("pending_permission_detail_at")
        .and_then(as_number)?;
    (ctx.now - at <= STASH_TTL_SECONDS).then(|| (detail.to_owned(), at))
}

/// `waiting_notified_at` of the previous row, if a number (§3.10).
fn last_notified(prev: &Map<String, Value>) -> Option<f64> {
    prev.get("waiting_notified_at").and_then(as_number)
}

/// §3.10: whether this waiting event rings (cooldown elapsed or never rung).
fn rings(prev: &Map<String, Value>, ctx: &Context<'_>, state: &Waiting) -> bool {
    if state.status != Status::Waiting || state.kept {
        return false;
    }
    let cooldown = ctx.config.waiting_cooldown_seconds;
    match last_notified(prev) {
        _ if cooldown <= 0 => true,
        None => true,
        Some(last) => ctx.now - last >= cooldown as f64,
    }
}

/// §3.6: the row, built from scratch; nothing is sticky.
fn build_row(
    prev: &Map<String, Value>,
    event: &Event,
    ctx: &Context<'_>,
    state: &Waiting,
    notify: bool,
) -> Row {
    let waiting = state.status == Status::Waiting;
    let mut row = Row::new(event.session_id.clone());
    row.provider = event.provider.clone();
    row.cwd = event.cwd.clone();
    row.origin_cwd = event.cwd.clone();
    row.status = state.status;
    row.last_event = Some(event.event.clone());
    row.last_active = ctx.now;
    row.heartbeat_at = ctx.now;
    row.last_action = if event.last_action.is_empty() {
        NO_ACTION.to_owned()
    } else {
        event.last_action.clone()
    };
    row.hook_pid = Some(ctx.hook_pid);
    row.source_path = event.transcript_path.clone();
    if !event.transcript_path.is_empty()
        && let Some(records) = ctx.transcript.filter(|r| !r.is_empty())
    {
        row.last_action = transcript::last_action(records);
        row.todo = transcript::todo(records);
        // ring: the payload's own word is fresher than the transcript's tail (see
        // `transcript::payload_action`; RiNG takes the transcript's).
        if let Some(action) = &event.action {
            row.last_action.clone_from(action);
        }
    }
    row.tmux_pane = non_empty(ctx.tmux_pane.as_deref().map(strip));
    row.waiting_for = state.waiting_for.clone();

    let stash = stash(prev, event, ctx, state.status);
    if waiting {
        row.waiting_kind = state.kind.clone();
        row.waiting_detail = match &stash {
            Some((text, _)) if event.event == "Notification" && state.kind == "permission" => {
                text.clone()
            }
            _ => state.detail.clone(),
        };
    }
    if let Some((text, at)) = stash {
        row.pending_permission_detail = Some(text);
        row.pending_permission_detail_at = Some(at);
    }
    row.tty =
        non_empty(Some(event.tty.as_str())).or_else(|| non_empty(ctx.discovered_tty.as_deref()));
    // The stamp survives non-waiting rows, so a quick flap back to waiting stays quiet.
    row.waiting_notified_at = if notify {
        Some(ctx.now)
    } else {
        last_notified(prev)
    };
    row.tmux_socket = non_empty(ctx.tmux_socket.as_deref());
    row.zellij_session = non_empty(ctx.zellij_session.as_deref());
    row.zellij_pane = non_empty(ctx.zellij_pane.as_deref());
    row.agent_pid = ctx.agent_pid;
    row.agent_start = ctx.agent_start;
    // Every row written must be readable back, whatever the payload carried.
    row.bound();
    row
}

fn non_empty(s: Option<&str>) -> Option<String> {
    s.filter(|s| !s.is_empty()).map(str::to_owned)
}

#[cfg(test)]
mod tests;
