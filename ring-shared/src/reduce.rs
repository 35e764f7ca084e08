//! The write reducer (§3.1–3.13): previous row + event + now + config → next row or delete.
//!
//! Steps 5–12 of §3.1 as one pure function. The previous row is the raw JSON object of
//! the file (whoever wrote it), read with Python's type rules: `status` and the copied waiting
//! fields are "converted to text", stamps count only when they are numbers (never booleans).

use crate::config::Config;
use crate::event::Event;
use crate::owner::{self, FOREGROUND, Pending, UNKNOWN};
use crate::question::trailing_question;
use crate::registry::{Row, Status};
use crate::text::{as_number, py_str};
use crate::transcript::{self, Record};
use serde_json::{Map, Value};

mod row;
use row::build_row;

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
    /// ring's own: the agent's terminal environment (not sticky, like `tmux_socket`).
    pub term_env: crate::registry::term_env::TermEnv,
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
    /// A subagent's `SessionEnd` that owns nothing in the row: leave the file alone (§3.16).
    Keep,
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
    let mut state = keep_waiting(promote_stop_question(event, ctx), event, prev, &prev_status);
    let subagent = event.owner != FOREGROUND;
    if subagent && state.status == Status::Ended {
        // §3.16: a subagent's end is not the session's; it ends that subagent's waits only.
        let owns_pending = prev
            .get("pending_permissions")
            .and_then(Value::as_array)
            .is_some_and(|items| {
                items
                    .iter()
                    .any(|i| i.get("owner").and_then(Value::as_str) == Some(&event.owner))
            });
        let owns_wait = owner::read_waits(prev)
            .iter()
            .any(|w| w.owner == event.owner);
        if event.owner == UNKNOWN || !(owns_wait || owns_pending) {
            return Outcome::Keep;
        }
        state.status = Status::Working;
    }
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

    let binding = Binding::of(prev, event, ctx);
    // SessionStart or a new agent process starts from no waits and no cooldown (§3.16).
    let fresh = if binding.reset { &empty } else { prev };
    let (row, notify) = build_row(
        prev,
        fresh,
        event,
        ctx,
        &state,
        rings(fresh, ctx, &state),
        &binding,
    );
    let changed = prev_status.as_deref() != Some(row.status.as_str());
    Outcome::Write {
        transition: changed.then(|| transition(row.status)),
        row: Box::new(row),
        notify,
    }
}

/// Whether this event comes from the same agent process as the previous row (§3.16).
struct Binding {
    /// Same process: the previous row's `tty` and `tmux_pane` may stand in for missing ones.
    same: bool,
    /// A foreground `SessionStart` or a new agent process: every wait and the cooldown go.
    reset: bool,
}

impl Binding {
    fn of(prev: &Map<String, Value>, event: &Event, ctx: &Context<'_>) -> Binding {
        if event.owner != FOREGROUND {
            return Binding {
                same: true,
                reset: false,
            };
        }
        let prev_pid = prev.get("agent_pid").and_then(Value::as_i64);
        let new_process =
            prev_pid.is_some() && ctx.agent_pid.is_some() && ctx.agent_pid != prev_pid;
        let start = event.event == "SessionStart";
        Binding {
            same: !start && !new_process,
            reset: start || new_process,
        }
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
    // A Stop with background work still running is working (§2.6), and still asks.
    let settles = matches!(event.status, Status::Idle | Status::Working);
    if event.event != "Stop" || !settles || !ctx.config.detect_stop_questions {
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
    // The foreground's dialog still open: a subagent's events since its request took the
    // row's `last_event`, not the dialog (real-agent suite, claude bg_question: the
    // AskUserQuestion's reminder turned the question into a permission).
    let owner_waits = || {
        let last_owner = prev.get("last_event_owner").and_then(Value::as_str);
        last_owner.is_some_and(|o| o != event.owner)
            && owner::read_waits(prev)
                .iter()
                .any(|w| w.owner == event.owner)
    };
    if event.event == "Notification"
        && prev_waiting
        && (state.status == Status::Idle || after_request || owner_waits())
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

/// §3.8: the captured permission details after this event, and the one this event matches.
///
/// Kept per (owner, `tool_use_id`), as RiNG 0.17.6 does: a `PermissionRequest` RiNG takes as
/// working captures its detail whatever status ring gives it (Claude's is waiting at once);
/// the end of a tool call, a prompt, a `Stop` or a `SessionEnd` drops the owner's; a
/// notification without an owner matches the only candidate of any owner.
fn pending(prev: &Map<String, Value>, event: &Event, now: f64) -> (Vec<Pending>, Option<Pending>) {
    let mut pending = owner::read_pending(prev, now, STASH_TTL_SECONDS);
    let id = event.tool_use_id.as_str();
    let me = event.owner.as_str();
    if me != UNKNOWN {
        if matches!(
            event.event.as_str(),
            "PostToolUse" | "UserPromptSubmit" | "Stop" | "SessionEnd"
        ) {
            let post = event.event == "PostToolUse";
            let ambiguous =
                post && id.is_empty() && pending.iter().filter(|p| p.owner == me).count() > 1;
            pending.retain(|p| {
                ambiguous || p.owner != me || (post && !id.is_empty() && p.request_id != id)
            });
        }
        if event.stashes && !event.detail.is_empty() {
            pending.retain(|p| (p.owner.as_str(), p.request_id.as_str()) != (me, id));
            pending.push(Pending {
                owner: me.to_owned(),
                request_id: id.to_owned(),
                detail: event.detail.clone(),
                at: now,
            });
        }
    }
    let unqualified = event.event == "Notification" && me == FOREGROUND;
    let mut candidates = pending
        .iter()
        .filter(|p| (unqualified || p.owner == me) && (id.is_empty() || p.request_id == id));
    let matched = match (candidates.next(), candidates.next()) {
        (Some(only), None) => Some(only.clone()),
        _ => None,
    };
    (pending, matched)
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

#[cfg(test)]
mod tests;

/// §3.16 on real recorded payloads (a file named `tests.rs`, as test files are here).
#[cfg(test)]
#[path = "reduce/owners/tests.rs"]
mod owner_tests;
