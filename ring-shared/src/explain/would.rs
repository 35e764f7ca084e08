//! What would change what a session shows: the events and facts each deciding rule waits on,
//! and the clock rules' deadlines still ahead (computed by the rules' own functions,
//! [`crate::derive::codex_wait_after`] and [`crate::derive::bare_start_after`]), each a
//! catalogue text ([`Would`]).

use super::RuleId;
use crate::derive::{ReadContext, Source, bare_start_after, codex_wait_after};
use crate::i18n::{Args, Lang, text_in};
use crate::registry::{Row, Status};
use serde::{Serialize, Serializer};

/// One thing that would change what a session shows: a catalogue key (`explain-would-*`) and
/// its arguments. Serialized as its English text, so `explain --json` reads the same in every
/// language (docs/adding-a-language.md).
#[derive(Debug, Clone, PartialEq)]
pub struct Would {
    key: &'static str,
    args: Vec<(&'static str, String)>,
}

impl Would {
    /// The text of `key`, without arguments.
    pub(super) fn of(key: &'static str) -> Would {
        Would::with(key, &[])
    }

    /// The text of `key` with `args`.
    pub(super) fn with(key: &'static str, args: &[(&'static str, String)]) -> Would {
        Would {
            key,
            args: args.to_vec(),
        }
    }

    /// Its catalogue key.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// Its text in `lang`.
    pub fn text_in(&self, lang: Lang) -> String {
        let mut args = Args::new();
        for (name, value) in &self.args {
            args.set(*name, value.clone());
        }
        text_in(lang, self.key, Some(&args))
    }
}

impl Serialize for Would {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text_in(Lang::En))
    }
}

/// The changes that would move a session of `source` that shows `status`, decided by `rule`. `stored`: the
/// hook row as written, for the clock rules still pending.
pub(super) fn change(
    source: Source,
    status: Status,
    rule: RuleId,
    stored: Option<&Row>,
    ctx: &ReadContext<'_>,
) -> Vec<Would> {
    let mut out: Vec<Would> = Vec::new();
    if let Some(stored) = stored.filter(|_| status != Status::Ended) {
        let idle = ctx.now - stored.last_active;
        if let Some(after) = codex_wait_after(stored, ctx.config).filter(|&a| idle <= a) {
            let secs = format!("{:.0}", (after - idle).max(0.0));
            out.push(Would::with("explain-would-codex-wait", &[("secs", secs)]));
        }
        if let Some(after) = bare_start_after(stored).filter(|&a| idle <= a) {
            let secs = format!("{:.0}", (after - idle).max(0.0));
            out.push(Would::with("explain-would-bare-start", &[("secs", secs)]));
        }
    }
    let hooked = source == Source::Hook;
    match (rule, status) {
        (RuleId::Hidden, _) => out.push(Would::of("explain-would-unhide")),
        (RuleId::OwnProcess | RuleId::Liveness, Status::Ended) => {
            out.push(Would::of("explain-would-new-process"))
        }
        (RuleId::Superseded, _) => out.push(Would::of("explain-would-resume-tui")),
        (RuleId::BareStart, _) => out.push(Would::of("explain-would-first-prompt")),
        (_, Status::Waiting) if hooked => {
            out.push(Would::of("explain-would-answer"));
            out.push(Would::of("explain-would-esc"));
        }
        (_, Status::Working) if hooked => out.push(Would::of("explain-would-turn-end")),
        (_, Status::Idle) if hooked => out.push(Would::of("explain-would-prompt")),
        (_, Status::Ended) if hooked => out.push(Would::of("explain-would-resumed")),
        (_, _) => {
            out.push(Would::of(match source {
                Source::Codex => "explain-would-hooks-thread",
                Source::Ollama | Source::LlamaCpp => "explain-would-hooks-process",
                _ => "explain-would-hooks-transcript",
            }));
            if matches!(status, Status::Working | Status::Idle) {
                let working = ctx.config.working_threshold_seconds.to_string();
                let window = ctx.config.active_window_seconds.to_string();
                out.push(Would::with(
                    "explain-would-clock",
                    &[("working", working), ("window", window)],
                ));
            }
        }
    }
    if hooked && status != Status::Ended && rule != RuleId::Hidden {
        out.push(Would::of("explain-would-exit"));
    }
    out
}
