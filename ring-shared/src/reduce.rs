//! The write reducer (§3.1–3.13): previous row + event + now + config → next row or delete.
//!
//! Steps 5–12 of §3.1 as one pure function. The previous row is the raw JSON object of
//! the file (whoever wrote it), read with Python's type rules: `status` and the copied waiting
//! fields are "converted to text", stamps count only when they are numbers (never booleans).

use crate::config::Config;
use crate::event::Event;
use crate::owner::{self, FOREGROUND, Pending, UNKNOWN, Wait};
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
    /// ring's own: the agent's terminal environment (not sticky, like `tmux_socket`).
    pub term_env: crate::focus::TermEnv,
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

/// The events of a tool call.
const TOOL_EVENTS: [&str; 3] = ["PreToolUse", "PermissionRequest", "PostToolUse"];

/// §3.6: the row, built from scratch; nothing is sticky but the waits (§3.16) and, from the
/// same agent process, `tty` and `tmux_pane` when this event lacks them.
///
/// `fresh` is `prev`, or nothing after a reset (SessionStart, a new agent process). Returns
/// the row and whether it rings: `notify`, unless the wait is one already rung (§3.10).
fn build_row(
    prev: &Map<String, Value>,
    fresh: &Map<String, Value>,
    event: &Event,
    ctx: &Context<'_>,
    state: &Waiting,
    mut notify: bool,
    binding: &Binding,
) -> (Row, bool) {
    let subagent = event.owner != FOREGROUND;
    let prev_text = |key: &str| {
        prev.get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let mut row = Row::new(event.session_id.clone());
    row.provider = event.provider.clone();
    row.cwd = event.cwd.clone();
    row.origin_cwd = event.cwd.clone();
    // A tool event of an agent whose tool events carry the command's working folder (Codex's
    // `workdir`) is still the session's: it keeps the session's folder (real-agent suite,
    // codex subdir).
    let tool_folder = crate::provider::rules(&event.provider).tool_events_carry_workdir
        && TOOL_EVENTS.contains(&event.event.as_str());
    if (subagent || tool_folder) && !prev.is_empty() {
        // A subagent works for the session: the row keeps the session's folder and transcript.
        row.cwd = prev.get("cwd").map_or_else(|| event.cwd.clone(), py_str);
        row.origin_cwd = prev
            .get("origin_cwd")
            .map_or_else(|| event.cwd.clone(), py_str);
    }
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
    if subagent && !prev.is_empty() {
        row.source_path = prev_text("source_path").unwrap_or_default();
    }

    let (pending, matched) = pending(fresh, event, ctx.now);
    let mut who = event.owner.clone();
    let mut request_id = event.tool_use_id.clone();
    let mut detail = state.detail.clone();
    let permission_note = event.event == "Notification" && event.waiting_kind == "permission";
    if permission_note && let Some(m) = &matched {
        // A notification without an owner takes the one request it can only be about.
        who.clone_from(&m.owner);
        request_id.clone_from(&m.request_id);
        if state.kind == "permission" {
            detail.clone_from(&m.detail);
        }
    }
    let mut waits = owner::read_waits(fresh);
    let at = waits.iter().position(|w| w.owner == who);
    if state.kept {
        // The wait already open stands as it is (§3.4); a row of an older writer that said
        // waiting without saying whose is the foreground's.
        if waits.is_empty() {
            waits.push(open_wait(&who, state, &detail, &request_id, event, ctx));
        }
        // The permission notification after a request names its command (§3.8), also when
        // ring already waits on a request that carried none; failing that, its own words.
        if permission_note
            && state.kind == "permission"
            && let Some(i) = at
        {
            match &matched {
                Some(m) => waits[i].detail.clone_from(&m.detail),
                None if waits[i].detail.is_empty() => waits[i].detail.clone_from(&event.detail),
                None => {}
            }
        }
    } else if state.status == Status::Waiting {
        let previous = at.map(|i| &waits[i]);
        if let Some(p) = previous.filter(|p| {
            permission_note
                && request_id.is_empty()
                && pending.is_empty()
                && p.kind == "permission"
                && !p.tool_use_id.is_empty()
        }) {
            // A generic reminder after the captured detail aged out is the same request.
            request_id.clone_from(&p.tool_use_id);
            detail.clone_from(&p.detail);
        }
        let current = open_wait(&who, state, &detail, &request_id, event, ctx);
        let revision = owner::hex_id(&[
            &event.session_id,
            &who,
            &ctx.now.to_string(),
            &ctx.hook_pid.to_string(),
            &request_id,
        ]);
        let renewed = owner::renew(previous, current, revision);
        // The same request renewed (Claude's PreToolUse of AskUserQuestion, then its
        // PermissionRequest) rang already when it opened: one question, one note, whatever
        // the cooldown (real-agent suite, claude ask_rings_once).
        if let Some(p) = previous
            && renewed.revision == p.request_id()
            && last_notified(fresh).is_some_and(|at| at >= p.since)
        {
            notify = false;
        }
        match at {
            Some(i) => waits[i] = renewed,
            None => waits.push(renewed),
        }
    } else if who != UNKNOWN {
        // An owner's own event answers its own wait; only the foreground answers for the
        // unknown owner (a wait without an agent id).
        waits.retain(|w| w.owner != who && !(who == FOREGROUND && w.owner == UNKNOWN));
    }

    let selected = owner::primary(&waits).cloned();
    row.status = if selected.is_some() {
        Status::Waiting
    } else {
        state.status
    };
    row.tmux_pane = non_empty(ctx.tmux_pane.as_deref().map(strip));
    row.waiting_for = state.waiting_for.clone();
    if let Some(wait) = &selected {
        row.waiting_for.clone_from(&wait.waiting_for);
        row.waiting_kind.clone_from(&wait.kind);
        row.waiting_detail.clone_from(&wait.detail);
        row.waiting_agent_id = wait.agent_id().map(str::to_owned);
    }
    if let Some(m) = &matched {
        row.pending_permission_detail = Some(m.detail.clone());
        row.pending_permission_detail_at = Some(m.at);
    }
    row.last_event_owner = Some(who);
    row.last_tool_use_id = Some(request_id);
    row.waiting_requests = Some(waits);
    row.pending_permissions = Some(pending);

    // §3.16: the same agent process keeps its terminal when an event does not say it; a
    // subagent's event never names the terminal (it runs inside the session's).
    let prev_tty = prev_text("tty").filter(|_| binding.same);
    let prev_pane = prev_text("tmux_pane").filter(|_| binding.same);
    let discovered = non_empty(ctx.discovered_tty.as_deref());
    if subagent {
        row.tty = prev_tty.or(discovered);
        row.tmux_pane = prev_pane;
    } else {
        row.tty = non_empty(Some(event.tty.as_str()))
            .or(discovered)
            .or(prev_tty);
        row.tmux_pane = row.tmux_pane.or(prev_pane);
    }
    // The stamp survives non-waiting rows, so a quick flap back to waiting stays quiet.
    row.waiting_notified_at = if notify {
        Some(ctx.now)
    } else {
        last_notified(fresh)
    };
    row.tmux_socket = non_empty(ctx.tmux_socket.as_deref());
    row.zellij_session = non_empty(ctx.zellij_session.as_deref());
    row.zellij_pane = non_empty(ctx.zellij_pane.as_deref());
    row.agent_pid = ctx.agent_pid;
    row.agent_start = ctx.agent_start;
    row.term_env.clone_from(&ctx.term_env);
    // Every row written must be readable back, whatever the payload carried.
    row.bound();
    (row, notify)
}

/// A wait this event opens for `who`.
fn open_wait(
    who: &str,
    state: &Waiting,
    detail: &str,
    request_id: &str,
    event: &Event,
    ctx: &Context<'_>,
) -> Wait {
    Wait {
        owner: who.to_owned(),
        kind: state.kind.clone(),
        detail: detail.to_owned(),
        waiting_for: state.waiting_for.clone(),
        since: ctx.now,
        revision: String::new(),
        tool_use_id: request_id.to_owned(),
        agent_type: if who == event.owner {
            event.agent_type.clone()
        } else {
            String::new()
        },
    }
}

fn non_empty(s: Option<&str>) -> Option<String> {
    s.filter(|s| !s.is_empty()).map(str::to_owned)
}

#[cfg(test)]
mod tests;

/// §3.16 on real recorded payloads (a file named `tests.rs`, as test files are here).
#[cfg(test)]
#[path = "reduce/owners/tests.rs"]
mod owner_tests;
