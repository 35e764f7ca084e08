//! §3.6: the row one event writes, built from scratch.

use super::{Binding, Context, Waiting, last_notified, pending};
use crate::event::Event;
use crate::owner::{self, FOREGROUND, UNKNOWN, Wait};
use crate::registry::{Row, Status};
use crate::text::{py_str, strip};
use crate::transcript::{self, NO_ACTION};
use serde_json::{Map, Value};

/// The events of a tool call.
const TOOL_EVENTS: [&str; 3] = ["PreToolUse", "PermissionRequest", "PostToolUse"];

/// §3.6: the row, built from scratch; nothing is sticky but the waits (§3.16) and, from the
/// same agent process, `tty` and `tmux_pane` when this event lacks them.
///
/// `fresh` is `prev`, or nothing after a reset (SessionStart, a new agent process). Returns
/// the row and whether it rings: `notify`, unless the wait is one already rung (§3.10).
pub(super) fn build_row(
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
