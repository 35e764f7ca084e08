//! Why a session shows what it shows: the rules that decided its state, in the order they
//! applied, with what each one acted on.
//!
//! The read side records its decisions as it makes them: [`crate::view::hook_read_traced`]
//! and [`crate::view::merge_read_traced`] run the very code every board runs, with a
//! [`Trail`] watching one session, and each decision point that changes that session's
//! state (a clock rule, liveness, the agent's own word, the merge, hidden, background agents)
//! notes its [`RuleId`] and what decided ([`Decider`]). The hook row's own state comes from
//! the event the hook wrote it with (`written`). [`explanation`] puts them together.
//!
//! ```text
//!  row as stored ── written::rule ──────────────▶ step 0 (hook event, its owner, when)
//!  zero-config row ─────────────────────────────▶ step 0 (transcript, thread, process)
//!  hook_read_traced / merge_read_traced (Trail) ─▶ steps 1.. (read-side rules that changed it)
//!                                                  ▼
//!                                   Explanation { status, rule, decided_by, would_change }
//! ```

mod would;
mod written;

pub use crate::derive::trail::{Decider, RuleId, Step, Trail};
pub use would::Would;

use crate::derive::{ReadContext, Session, Source};
use crate::registry::{Row, Status};
use serde::Serialize;

/// Why a session shows what it shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    pub session_id: String,
    pub provider: String,
    /// What the board shows (the last step's status when the board leaves it out).
    pub status: Status,
    /// The waiting kind shown (`""` unless waiting).
    pub kind: String,
    /// Where the row came from.
    pub source: Source,
    /// Whether the board lists it (hidden sessions are not).
    pub shown: bool,
    /// The rule that decided what is shown: the last step's.
    pub rule: RuleId,
    /// What that rule acted on.
    pub decided_by: Decider,
    /// Every rule that set the state, first to last.
    pub steps: Vec<Step>,
    /// What would change what is shown (English in JSON; [`Would::text_in`] for people).
    pub would_change: Vec<Would>,
}

/// The first step of a session: how its row came to be. A hook row: the rule of the event it
/// was written with (`written`); a zero-config row: its source's rule.
pub fn origin(row: &Row, source: Source) -> Step {
    let (rule, decided_by) = match source {
        Source::Hook => (
            written::rule(row),
            Decider::HookEvent {
                event: row.last_event.clone().unwrap_or_default(),
                owner: row.last_event_owner.clone().unwrap_or_default(),
                at: row.last_active,
            },
        ),
        Source::Scan | Source::Proc | Source::Codex | Source::Ollama | Source::LlamaCpp => {
            let rule = match source {
                Source::Codex => RuleId::CodexThread,
                Source::Ollama | Source::LlamaCpp => RuleId::LocalChat,
                _ => RuleId::ClaudeTranscript,
            };
            let by = Decider::ZeroConfig {
                kind: source,
                last_active: row.last_active,
            };
            (rule, by)
        }
    };
    Step {
        rule,
        decided_by,
        status: row.status,
        kind: row.waiting_kind.clone(),
    }
}

/// Puts the explanation of one session together. `stored`: its hook row as read from disk
/// (before any read-side rule), if it has one; `zero`: its zero-config row, if it has one;
/// `shown`: the session as the read left it (`None` when the board leaves it out); `trail`:
/// the read's record of it. `None` when the session is nowhere.
pub fn explanation(
    stored: Option<&Row>,
    zero: Option<&Session>,
    shown: Option<&Session>,
    trail: &Trail,
    ctx: &ReadContext<'_>,
) -> Option<Explanation> {
    // A live agent's synthetic row takes the agent's session id on the way (§11.4): its
    // origin is the row as shown.
    let first = match (stored, zero, shown) {
        (Some(row), _, _) => origin(row, Source::Hook),
        (None, Some(z), _) => origin(&z.row, z.source),
        (None, None, Some(s)) => origin(&s.row, s.source),
        (None, None, None) => return None,
    };
    let mut steps = vec![first];
    steps.extend(trail.steps().iter().cloned());
    let last = steps.last().expect("the origin is a step").clone();
    let base = shown.map(|s| &s.row).or(stored).or(zero.map(|z| &z.row))?;
    let source = shown
        .map(|s| s.source)
        .or(stored.map(|_| Source::Hook))
        .or(zero.map(|z| z.source))?;
    let (status, kind) = match shown {
        Some(s) => (s.row.status, s.row.waiting_kind.clone()),
        None => (last.status, last.kind.clone()),
    };
    let would_change = would::change(source, status, last.rule, stored, ctx);
    Some(Explanation {
        session_id: base.session_id.clone(),
        provider: base.provider.clone(),
        status,
        kind: if status == Status::Waiting {
            kind
        } else {
            String::new()
        },
        source,
        shown: shown.is_some(),
        rule: last.rule,
        decided_by: last.decided_by,
        steps,
        would_change,
    })
}

#[cfg(test)]
mod tests;

/// The explanation of a session whose hooks said `SessionEnd` at `at` and that no row or
/// source shows any more (§3.5: the hook deleted its row and left a tombstone).
pub fn ended_by_session_end(session_id: &str, at: f64) -> Explanation {
    let step = Step {
        rule: RuleId::SessionEnd,
        decided_by: Decider::HookEvent {
            event: "SessionEnd".into(),
            owner: String::new(),
            at,
        },
        status: Status::Ended,
        kind: String::new(),
    };
    Explanation {
        session_id: session_id.to_owned(),
        provider: String::new(),
        status: Status::Ended,
        kind: String::new(),
        source: Source::Hook,
        shown: false,
        rule: step.rule,
        decided_by: step.decided_by.clone(),
        steps: vec![step],
        would_change: vec![Would::of("explain-would-new-row")],
    }
}

/// The explanation of session `id` over a whole read ([`crate::view::sessions`], traced):
/// what a front end that has the read's inputs (the zellij plugin, the page, tests) shows.
pub fn explain(inputs: crate::view::Inputs<'_>, id: &str) -> Option<Explanation> {
    use crate::view::{ZeroConfig, hook_read_traced, merge_read_traced};
    let stored = inputs.rows.iter().find(|r| r.session_id == id).cloned();
    let zero_rows = match inputs.zero_config {
        ZeroConfig::None => Vec::new(),
        ZeroConfig::Rows(rows) => rows,
    };
    let zero = zero_rows
        .iter()
        .find(|z| z.session.row.session_id == id)
        .map(|z| z.session.clone());
    let mut trail = Trail::watching(id);
    let hook = hook_read_traced(inputs.rows, &inputs.ctx, inputs.agents, &mut trail);
    let read = merge_read_traced(hook, zero_rows, &inputs.ctx, inputs.agents, &mut trail);
    let shown = read.sessions.iter().find(|s| s.row.session_id == id);
    explanation(stored.as_ref(), zero.as_ref(), shown, &trail, &inputs.ctx)
}
