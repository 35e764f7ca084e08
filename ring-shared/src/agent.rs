//! What an agent says of its own session, read beside the hook rows.
//!
//! Claude Code keeps `~/.claude/sessions/<pid>.json` for every interactive session: its pid,
//! its process start time, its session id and cwd, and `status` (`busy`, `idle`, `waiting`
//! with `waitingFor`), rewritten the moment the screen changes. The real-agent suite found it
//! right at once on every dialog and after every interrupt, where the hooks say nothing: Esc
//! while thinking and Esc on a dialog send no event at all. So the board takes the agent's
//! own word when it is newer than the row's last event, and only from a process that still
//! runs (pid and start time checked by the caller: after a kill -9 the file stays behind).
//!
//! Gemini CLI's chat file and Copilot CLI's event log ([`copilot`]) tell, the same way, of a
//! dialog answered or dismissed without a hook.
//!
//! Everything here is pure: the caller reads the files and checks the processes.

use crate::derive::trail::{Decider, RuleId, Trail};
use crate::derive::{Session, Source, canonical_provider};
use crate::registry::{OwnStatus, Status};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub mod copilot;

/// One session as its agent describes it. `ring-tmux` publishes the live ones (with `alive`
/// settled) in `zeroconf.json` for the zellij plugin, which can read neither
/// `~/.claude/sessions` nor `/proc`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OwnState {
    /// The provider (`claude-code`).
    pub provider: String,
    /// The agent's session id (the hook rows' and transcripts' id).
    pub session_id: String,
    /// The agent process.
    pub pid: i64,
    /// Its start time as the agent recorded it (Linux: `/proc/<pid>/stat` starttime ticks).
    pub proc_start: Option<i64>,
    /// Where that pid means something (`linux:<machine-id>:pid:[<pid namespace>]`).
    pub pid_domain: Option<String>,
    /// The session's folder.
    pub cwd: String,
    /// What it is doing.
    pub status: OwnStatus,
    /// What a waiting session waits for, in the agent's words (`permission prompt`,
    /// `input needed`); `""` otherwise.
    pub waiting_for: String,
    /// When the status last changed, Unix seconds.
    pub updated_at: f64,
    /// Whether the process still runs, as the caller found it (`None`: it could not tell,
    /// e.g. another pid namespace; the state is then not used).
    pub alive: Option<bool>,
}

/// Largest session file worth parsing (they are about 700 bytes).
pub const SESSION_FILE_CAP: u64 = 64 << 10;

/// Parses one `~/.claude/sessions/<pid>.json`; `None` when it is not one (no pid, id or
/// known status).
pub fn parse_claude_session(bytes: &[u8]) -> Option<OwnState> {
    let doc: Value = serde_json::from_slice(bytes).ok()?;
    let obj = doc.as_object()?;
    let text = |key: &str| obj.get(key).and_then(Value::as_str).unwrap_or("");
    let status = match text("status") {
        "busy" => OwnStatus::Busy,
        "idle" => OwnStatus::Idle,
        "waiting" => OwnStatus::Waiting,
        _ => return None,
    };
    let session_id = text("sessionId");
    if session_id.is_empty() {
        return None;
    }
    let millis = ["statusUpdatedAt", "updatedAt"]
        .iter()
        .find_map(|k| obj.get(*k).and_then(Value::as_f64))?;
    let proc_start = match obj.get("procStart") {
        Some(Value::String(s)) => s.trim().parse().ok(),
        Some(Value::Number(n)) => n.as_i64(),
        _ => None,
    };
    Some(OwnState {
        provider: crate::provider::claude::PROVIDER.name.into(),
        session_id: session_id.to_owned(),
        pid: obj.get("pid").and_then(Value::as_i64).filter(|p| *p > 0)?,
        proc_start,
        pid_domain: Some(text("pidDomain").to_owned()).filter(|d| !d.is_empty()),
        cwd: text("cwd").to_owned(),
        status,
        waiting_for: if status == OwnStatus::Waiting {
            text("waitingFor").to_owned()
        } else {
            String::new()
        },
        updated_at: millis / 1000.0,
        alive: None,
    })
}

/// What Gemini CLI's chat file (`~/.gemini/tmp/<project>/chats/session-….jsonl`, the hook
/// rows' `transcript_path`) says at its end, read from its last bytes: `Some(when)` when its
/// last record is the `info` "Request cancelled." that Gemini CLI 0.61.0 writes for an Esc at
/// its approval dialog, which sends no hook (real-agent suite, gemini/esc_permission). Skipped
/// on the way back: the `$set` lines of metadata, and the `<session_context>` user message
/// Gemini writes again right after a cancel; a cut first line is no record.
pub fn gemini_cancelled_at(tail: &[u8]) -> Option<f64> {
    let text = String::from_utf8_lossy(tail);
    let last = text
        .lines()
        .rev()
        .filter_map(|line| serde_json::from_str::<Value>(line.trim()).ok())
        .find(|record| record.get("type").is_some() && !is_session_context(record))?;
    let text = |key: &str| last.get(key).and_then(Value::as_str).unwrap_or("");
    if text("type") != "info" || text("content").trim() != GEMINI_CANCELLED {
        return None;
    }
    crate::derive::files::parse_iso(text("timestamp"), 0)
}

/// Gemini CLI's own first user message (`<session_context>…`), not the user's.
fn is_session_context(record: &Value) -> bool {
    record.get("type").and_then(Value::as_str) == Some("user")
        && record
            .pointer("/content/0/text")
            .and_then(Value::as_str)
            .is_some_and(|t| t.trim_start().starts_with("<session_context>"))
}

/// The notice Gemini CLI writes into its chat file when a request is cancelled.
const GEMINI_CANCELLED: &str = "Request cancelled.";

/// The state of a waiting Gemini CLI hook row whose chat file ends with a cancel at `at`
/// ([`gemini_cancelled_at`]): idle since then. `pid` is the row's agent process, if known.
pub fn gemini_cancelled(session_id: &str, cwd: &str, pid: Option<i64>, at: f64) -> OwnState {
    OwnState {
        provider: crate::provider::gemini::PROVIDER.name.into(),
        session_id: session_id.to_owned(),
        pid: pid.unwrap_or(0),
        proc_start: None,
        pid_domain: None,
        cwd: cwd.to_owned(),
        status: OwnStatus::Idle,
        waiting_for: String::new(),
        updated_at: at,
        // The row's liveness is the process scan's (it ends the row first when gone).
        alive: Some(true),
    }
}

/// The waiting kind an agent's `waitingFor` names: `input needed` is an AskUserQuestion,
/// `permission prompt` a permission (Claude says it for ExitPlanMode too). `dialog open` is
/// any other of Claude's dialogs (Claude Code 2.1.328 and 2.1.332 name some forty: a settings
/// screen, a resume picker, a billing notice…): a wait of no known kind, `""`.
fn kind_of(waiting_for: &str) -> &'static str {
    if waiting_for.contains("plan") {
        "plan"
    } else if waiting_for.contains("input") || waiting_for.contains("question") {
        "question"
    } else if waiting_for.contains("dialog") {
        ""
    } else {
        "permission"
    }
}

/// Applies the agents' own states to the board, before hidden sessions and sorting. Called
/// on the hook rows before the zero-config merge (so a settled hook row is not replaced by a
/// transcript that only looks newer) and on the merged board after it:
///
/// - a session whose own process is gone is ended;
/// - a state newer than a hook row's last event decides its status, and a live agent's
///   state always decides a zero-config row's (a transcript's mtime is no event: Claude
///   appends metadata to it after an interrupt): `idle` settles a working row, or a
///   dialog's wait, that no `Stop` ended (a question asked at `Stop` stays: for Claude that
///   turn is over, for the user it is not); `busy` makes it working; `waiting` makes a row
///   that is not waiting wait, with the kind the agent names;
/// - a live agent with no row by its id takes over the synthetic row of its folder, so the
///   board shows one row per agent, under the id its hooks will use.
pub fn apply(sessions: &mut [Session], states: &[OwnState]) {
    apply_traced(sessions, states, &mut Trail::off());
}

/// [`apply`], noting its decisions about the session `trail` watches.
pub fn apply_traced(sessions: &mut [Session], states: &[OwnState], trail: &mut Trail) {
    for state in states {
        let Some(alive) = state.alive else {
            continue;
        };
        let by_id = sessions.iter().position(|s| {
            s.row.session_id == state.session_id
                && canonical_provider(&s.row.provider) == state.provider
        });
        let index = by_id.or_else(|| {
            alive
                .then(|| {
                    sessions.iter().position(|s| {
                        s.source == Source::Proc
                            && s.row.provider == state.provider
                            && s.row.cwd == state.cwd
                    })
                })
                .flatten()
        });
        let Some(index) = index else {
            continue;
        };
        let session = &mut sessions[index];
        if by_id.is_none() {
            session.row.session_id.clone_from(&state.session_id);
            session.row.last_active = state.updated_at;
        }
        // Only the watched session's state is copied (the boards watch none).
        let before = trail
            .watches(&session.row.session_id)
            .then(|| (session.row.status, session.row.waiting_kind.clone()));
        if !alive {
            session.row.status = Status::Ended;
        } else {
            let stale =
                session.source == Source::Hook && state.updated_at <= session.row.last_active;
            if session.row.status == Status::Ended || stale {
                continue;
            }
            settle(session, state);
        }
        if before.is_some_and(|b| b != (session.row.status, session.row.waiting_kind.clone())) {
            let rule = if state.provider == crate::provider::gemini::PROVIDER.name {
                RuleId::GeminiCancel
            } else {
                RuleId::OwnFile
            };
            trail.note(&session.row, rule, || Decider::OwnState {
                provider: state.provider.clone(),
                status: state.status,
                waiting_for: state.waiting_for.clone(),
                updated_at: state.updated_at,
                pid: state.pid,
            });
        }
    }
}

/// Makes the row say what the agent says.
fn settle(session: &mut Session, state: &OwnState) {
    let row = &mut session.row;
    // A question the turn ended with (a hook row's `Stop`, a transcript's `end_turn`): for
    // Claude that turn is over, for the user it is not. A dialog's question (AskUserQuestion)
    // that Claude calls idle again was answered or dismissed.
    let asked_at_stop = row.last_event.as_deref() == Some("Stop")
        || (session.source != Source::Hook && row.waiting_kind == "question");
    match state.status {
        OwnStatus::Idle if row.status == Status::Waiting && asked_at_stop => return,
        OwnStatus::Idle => {
            row.status = Status::Idle;
            row.waiting_kind.clear();
            row.waiting_detail.clear();
        }
        OwnStatus::Busy => {
            row.status = Status::Working;
            row.waiting_kind.clear();
            row.waiting_detail.clear();
        }
        OwnStatus::Waiting if row.status == Status::Waiting => return,
        OwnStatus::Waiting => {
            row.status = Status::Waiting;
            row.waiting_kind = kind_of(&state.waiting_for).to_owned();
            row.waiting_detail.clone_from(&state.waiting_for);
        }
    }
    row.last_active = row.last_active.max(state.updated_at);
}

#[cfg(test)]
mod tests;
