//! Codex zero-config threads (§4.5): rows from Codex's `threads` table, live slots per
//! cwd, and the rollout tail's last action and turn state.

use super::claude::session;
use super::{LiveIndex, ScanSession, TailKind, aged_status, group_by_cwd, realpath};
use crate::derive::{Proc, ReadContext, Source};
use crate::provider::codex::PROVIDER;
use crate::registry::{Row, Status};
use crate::text;
use crate::transcript::Record;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How many threads RiNG reads (the newest).
const THREAD_LIMIT: usize = 200;

/// One non-archived row of Codex's `threads` table (the columns RiNG reads).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CodexThread {
    pub id: String,
    pub cwd: String,
    /// `""` when null.
    pub title: String,
    /// `""` when null or when the column does not exist.
    pub preview: String,
    /// Epoch seconds.
    pub updated_at: f64,
    /// Epoch milliseconds; 0 when null or absent.
    pub updated_at_ms: i64,
    /// `""` when null.
    pub rollout_path: String,
}

impl CodexThread {
    /// `last_active`: `updated_at_ms / 1000` if non-zero, else `updated_at`.
    pub fn last_active(&self) -> f64 {
        if self.updated_at_ms != 0 {
            self.updated_at_ms as f64 / 1000.0
        } else {
            self.updated_at
        }
    }

    /// RiNG's SQL order key: `coalesce(nullif(updated_at_ms, 0), updated_at * 1000)`.
    fn order_key(&self) -> f64 {
        if self.updated_at_ms != 0 {
            self.updated_at_ms as f64
        } else {
            self.updated_at * 1000.0
        }
    }
}

/// RiNG's `order by … desc limit 200` for threads that were not read in that order.
pub fn order_threads(threads: &mut Vec<CodexThread>) {
    threads.sort_by(|a, b| b.order_key().total_cmp(&a.order_key()));
    threads.truncate(THREAD_LIMIT);
}

/// What a rollout file's tail says; cacheable by (path, mtime, size).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RolloutFacts {
    /// `→ name` of the newest named function call, or the first line (80 code points) of the
    /// newest non-empty agent message, whichever is newer; `None` if neither.
    pub last_action: Option<String>,
    /// `Waiting` when the newest decisive record completes the turn, `Working` when it does
    /// not, `None` without decisive records.
    pub tail_kind: TailKind,
    /// The question the turn's last agent message ends with, when the turn completed (§3.3).
    #[serde(default)]
    pub question: Option<String>,
}

impl RolloutFacts {
    /// Facts from the rollout's tail records (§3.7 reader).
    pub fn from_records(records: &[Record]) -> RolloutFacts {
        let tail_kind = records
            .iter()
            .rev()
            .find_map(decision_of)
            .unwrap_or(TailKind::None);
        let question = (tail_kind == TailKind::Waiting)
            .then(|| records.iter().rev().find_map(final_message))
            .flatten()
            .and_then(|m| crate::question::trailing_question(&m));
        RolloutFacts {
            last_action: records.iter().rev().find_map(action_of),
            tail_kind,
            question,
        }
    }
}

/// The text of a completed turn's last agent message (`task_complete`'s
/// `last_agent_message`).
fn final_message(record: &Record) -> Option<String> {
    let (payload, kind) = payload(record)?;
    (record.get("type").and_then(Value::as_str) == Some("event_msg")
        && kind == Some("task_complete"))
    .then(|| {
        payload
            .get("last_agent_message")?
            .as_str()
            .map(str::to_owned)
    })
    .flatten()
}

/// The record's payload and its `type`.
fn payload(record: &Record) -> Option<(&serde_json::Map<String, Value>, Option<&str>)> {
    let payload = record.get("payload")?.as_object()?;
    Some((payload, payload.get("type").and_then(Value::as_str)))
}

fn action_of(record: &Record) -> Option<String> {
    let (payload, kind) = payload(record)?;
    let field = |key: &str| {
        payload
            .get(key)
            .filter(|v| text::is_truthy(v))
            .map(text::py_str)
    };
    match (record.get("type").and_then(Value::as_str), kind) {
        (Some("response_item"), Some("function_call")) => {
            let name = field("name")?;
            let name = text::strip(&name);
            (!name.is_empty()).then(|| format!("\u{2192} {name}"))
        }
        (Some("event_msg"), Some("agent_message")) => {
            let message = field("message")?;
            let first = text::splitlines(text::strip(&message)).first().copied()?;
            Some(text::prefix_chars(first, 80).to_owned())
        }
        _ => None,
    }
}

fn decision_of(record: &Record) -> Option<TailKind> {
    let (payload, kind) = payload(record)?;
    match (record.get("type").and_then(Value::as_str), kind?) {
        (Some("event_msg"), "task_complete") => Some(TailKind::Waiting),
        (Some("event_msg"), "task_started" | "user_message" | "agent_message") => {
            Some(TailKind::Working)
        }
        (Some("response_item"), "message") => {
            let is = |key: &str, want: &str| payload.get(key).and_then(Value::as_str) == Some(want);
            Some(if is("role", "assistant") && is("phase", "final_answer") {
                TailKind::Waiting
            } else {
                TailKind::Working
            })
        }
        (Some("response_item"), "function_call" | "function_call_output") => {
            Some(TailKind::Working)
        }
        _ => None,
    }
}

/// Codex rows (§4.5) for threads in RiNG's order (see [`order_threads`]), given the live
/// Codex processes (the scan is known). `rollout(path)` is asked only for listed threads.
pub fn codex_rows(
    threads: &[CodexThread],
    procs: &[Proc],
    rollout: &mut dyn FnMut(&str) -> RolloutFacts,
    ctx: &ReadContext<'_>,
) -> Vec<ScanSession> {
    let live = LiveIndex::new(procs, ctx);
    let window = ctx.config.active_window_seconds as f64;
    let mut raw = Vec::new();
    let mut questions: Vec<Option<String>> = Vec::new();
    for thread in threads.iter().take(THREAD_LIMIT) {
        if thread.cwd.is_empty() {
            continue;
        }
        let last_active = thread.last_active();
        // Old threads are listed only while a live codex runs in their folder.
        if ctx.now - last_active > window && live.slots(&realpath(&thread.cwd, ctx)).0 == 0 {
            continue;
        }
        let facts = if thread.rollout_path.is_empty() {
            RolloutFacts::default()
        } else {
            rollout(&thread.rollout_path)
        };
        let title = if thread.title.is_empty() {
            &thread.preview
        } else {
            &thread.title
        };
        let mut row = Row::new(format!("{}:{}", PROVIDER.name, thread.id));
        row.provider = PROVIDER.name.into();
        row.cwd = thread.cwd.clone();
        row.origin_cwd = thread.cwd.clone();
        row.status = Status::Ended;
        row.last_active = last_active;
        row.last_action = match facts.last_action {
            Some(action) => action,
            None if !title.is_empty() => title.clone(),
            None => "\u{2014}".into(),
        };
        questions.push(facts.question);
        raw.push(ScanSession {
            session: session(row, Source::Codex),
            tail_kind: facts.tail_kind,
        });
    }
    let groups = group_by_cwd(&raw);
    let mut pool: Vec<Option<ScanSession>> = raw.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(pool.len());
    let mut covered = crate::fasthash::set_with_capacity(groups.len());
    for group in groups {
        let cwd = group
            .first()
            .and_then(|&i| pool[i].as_ref())
            .map(|s| s.session.row.cwd.clone())
            .unwrap_or_default();
        let real = realpath(&cwd, ctx);
        let (slots, tty) = live.slots(&real);
        if slots > 0 {
            covered.insert(real);
        }
        for (rank, i) in group.into_iter().enumerate() {
            let Some(mut s) = pool[i].take() else {
                continue;
            };
            if rank < slots {
                let idle = ctx.now - s.session.row.last_active;
                s.session.row.status = if s.tail_kind == TailKind::Waiting {
                    Status::Idle
                } else {
                    aged_status(idle, ctx)
                };
                if s.tail_kind == TailKind::Waiting {
                    super::ask(&mut s.session.row, questions[i].as_ref(), ctx);
                }
                if rank == 0 && tty.as_deref().is_some_and(|t| !t.is_empty()) {
                    s.session.row.tty.clone_from(&tty);
                }
            }
            out.push(s);
        }
    }
    // A TUI that has not been prompted yet has no thread (real-agent suite, codex start).
    out.extend(super::claude::synthetic_rows(
        PROVIDER.name,
        procs,
        &covered,
        ctx,
    ));
    out
}
