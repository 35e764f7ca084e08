//! What would change what a session shows, in words: the events and facts each deciding
//! rule waits on, and the clock rules' deadlines still ahead (computed by the rules' own
//! functions, [`crate::derive::codex_wait_after`] and [`crate::derive::bare_start_after`]).

use super::RuleId;
use crate::derive::{ReadContext, Source, bare_start_after, codex_wait_after};
use crate::registry::{Row, Status};

/// The changes that would move a session of `source` that shows `status`, decided by `rule`. `stored`: the
/// hook row as written, for the clock rules still pending.
pub(super) fn change(
    source: Source,
    status: Status,
    rule: RuleId,
    stored: Option<&Row>,
    ctx: &ReadContext<'_>,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if let Some(stored) = stored.filter(|_| status != Status::Ended) {
        let idle = ctx.now - stored.last_active;
        if let Some(after) = codex_wait_after(stored, ctx.config).filter(|&a| idle <= a) {
            out.push(format!(
                "in {:.0} s without another event, the Codex permission request shows \
                 waiting (§4.2 a, codex_permission_wait_seconds)",
                (after - idle).max(0.0)
            ));
        }
        if let Some(after) = bare_start_after(stored).filter(|&a| idle <= a) {
            out.push(format!(
                "in {:.0} s without a prompt, this start with no terminal counts as ended \
                 (§4.2 b)",
                (after - idle).max(0.0)
            ));
        }
    }
    let hooked = source == Source::Hook;
    match (rule, status) {
        (RuleId::Hidden, _) => out.push(
            "`ring-tmux unhide` or newer activity of the session shows it again (§4.8)".into(),
        ),
        (RuleId::OwnProcess | RuleId::Liveness, Status::Ended) => out.push(
            "a hook event from a new agent process of this session (it was resumed) makes it \
             live again"
                .into(),
        ),
        (RuleId::Superseded, _) => out.push(
            "an event of this session (`/resume` it in its TUI) makes it the live one again \
             (§11.15)"
                .into(),
        ),
        (RuleId::BareStart, _) => {
            out.push("a prompt in that session (UserPromptSubmit) makes it working".into())
        }
        (_, Status::Waiting) if hooked => {
            out.push(
                "answering it: the agent's next hook event (a prompt, a tool result, a Stop) \
                 settles it"
                    .into(),
            );
            out.push("Esc on a Claude dialog: Claude's own session file says idle (§11.4)".into());
        }
        (_, Status::Working) if hooked => out.push(
            "the turn's end (Stop: idle, or waiting when it asks a question), or a dialog \
             (waiting)"
                .into(),
        ),
        (_, Status::Idle) if hooked => {
            out.push("a new prompt (UserPromptSubmit) makes it working".into())
        }
        (_, Status::Ended) if hooked => out.push(
            "a hook event of this session from a live agent (a resumed session) starts it \
             again"
                .into(),
        ),
        (_, _) => {
            out.push(format!(
                "installing the hooks (`ring-tmux install-hooks`): hook events decide instead \
                 of {}",
                match source {
                    Source::Codex => "the thread's age",
                    Source::Ollama | Source::LlamaCpp => "the process",
                    _ => "the transcript's age",
                }
            ));
            if matches!(status, Status::Working | Status::Idle) {
                out.push(format!(
                    "time: working under {} s since the transcript moved, idle within {} s, \
                     then ended (§4.4)",
                    ctx.config.working_threshold_seconds, ctx.config.active_window_seconds
                ));
            }
        }
    }
    if hooked && status != Status::Ended && rule != RuleId::Hidden {
        out.push("the agent process exiting ends it (§4.3, §11.7)".into());
    }
    out
}
