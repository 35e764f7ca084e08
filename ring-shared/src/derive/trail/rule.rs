//! [`RuleId`]: the sections of `docs/rules.md` that decide what state a session shows, by
//! number and heading (`ring-shared/tests/it/explain_rules.rs` holds them to the page).

use crate::i18n::{Lang, text_in};
use serde::{Serialize, Serializer};

/// A rule that decides a session's state, named as `docs/rules.md` names it. Several ids may
/// share a section: they are its cases (`what` tells them apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RuleId {
    /// §2.6: the hook event's own status (step 1–8).
    EventStatus,
    /// §2.4: an explicit flag or `waiting_for` in the payload.
    ExplicitSignal,
    /// §3.3: a Stop whose last message asks a question.
    StopQuestion,
    /// §3.4: an ordinary Notification keeps the wait it found.
    KeepWait,
    /// §3.5: the agent said SessionEnd: the row is gone.
    SessionEnd,
    /// §3.16: waits per actor (a subagent's wait or end).
    OwnerWaits,
    /// §4.2 (a): a Codex permission request still working after the delay.
    CodexPermissionWait,
    /// §4.2 (b): a SessionStart nobody used.
    BareStart,
    /// §4.3: no live agent process in the row's folder (rules 5, 7, 8).
    Liveness,
    /// §4.4: a Claude transcript or a live Claude process without hooks.
    ClaudeTranscript,
    /// §4.5: a Codex thread from Codex's database.
    CodexThread,
    /// §4.6: a local LLM chat process.
    LocalChat,
    /// §4.7: a newer zero-config row replaced a hook row's wait.
    ScanReplacesHook,
    /// §4.8: a hidden session.
    Hidden,
    /// §4.9: a Claude background agent.
    BackgroundAgent,
    /// §11.1: a Claude permission request waits at once.
    PermissionAtOnce,
    /// §11.2: a session that starts is idle.
    StartIsIdle,
    /// §11.3: a turn that ends without Stop is idle.
    EndWithoutStop,
    /// §11.4: the agent's own session file (Claude Code).
    OwnFile,
    /// §11.7: the row's own agent process (pid and start time).
    OwnProcess,
    /// §11.11: Gemini CLI's chat file says the request was cancelled.
    GeminiCancel,
    /// §11.13: a Stop with a background task still running.
    BackgroundTask,
    /// §11.15: a newer session of the same Codex TUI.
    Superseded,
}

impl RuleId {
    /// Every id.
    pub const ALL: [RuleId; 23] = [
        RuleId::EventStatus,
        RuleId::ExplicitSignal,
        RuleId::StopQuestion,
        RuleId::KeepWait,
        RuleId::SessionEnd,
        RuleId::OwnerWaits,
        RuleId::CodexPermissionWait,
        RuleId::BareStart,
        RuleId::Liveness,
        RuleId::ClaudeTranscript,
        RuleId::CodexThread,
        RuleId::LocalChat,
        RuleId::ScanReplacesHook,
        RuleId::Hidden,
        RuleId::BackgroundAgent,
        RuleId::PermissionAtOnce,
        RuleId::StartIsIdle,
        RuleId::EndWithoutStop,
        RuleId::OwnFile,
        RuleId::OwnProcess,
        RuleId::GeminiCancel,
        RuleId::BackgroundTask,
        RuleId::Superseded,
    ];

    /// The section number in `docs/rules.md` (`4.3`).
    pub fn section(self) -> &'static str {
        self.entry().0
    }

    /// The section's heading in `docs/rules.md`, without its number, in `lang` (the page's
    /// own words in English).
    pub fn heading(self, lang: Lang) -> String {
        let key = format!("explain-section-{}", self.section().replace('.', "-"));
        text_in(lang, &key, None)
    }

    /// Which case of the section this is, in a few words, in `lang`.
    pub fn what(self, lang: Lang) -> String {
        text_in(lang, &format!("explain-case-{}", self.entry().1), None)
    }

    /// The section's anchor in `docs/rules.md` (`rule-4-3`).
    pub fn anchor(self) -> String {
        format!("rule-{}", self.section().replace('.', "-"))
    }

    /// `§4.3 Liveness: rows whose agent is gone`, in `lang`.
    pub fn title(self, lang: Lang) -> String {
        format!("§{} {}", self.section(), self.heading(lang))
    }

    /// Its section, and the stem of its catalogue keys (`explain-case-<stem>`).
    fn entry(self) -> (&'static str, &'static str) {
        match self {
            RuleId::EventStatus => ("2.6", "event-status"),
            RuleId::ExplicitSignal => ("2.4", "explicit-signal"),
            RuleId::StopQuestion => ("3.3", "stop-question"),
            RuleId::KeepWait => ("3.4", "keep-wait"),
            RuleId::SessionEnd => ("3.5", "session-end"),
            RuleId::OwnerWaits => ("3.16", "owner-waits"),
            RuleId::CodexPermissionWait => ("4.2", "codex-permission-wait"),
            RuleId::BareStart => ("4.2", "bare-start"),
            RuleId::Liveness => ("4.3", "liveness"),
            RuleId::ClaudeTranscript => ("4.4", "claude-transcript"),
            RuleId::CodexThread => ("4.5", "codex-thread"),
            RuleId::LocalChat => ("4.6", "local-chat"),
            RuleId::ScanReplacesHook => ("4.7", "scan-replaces-hook"),
            RuleId::Hidden => ("4.8", "hidden"),
            RuleId::BackgroundAgent => ("4.9", "background-agent"),
            RuleId::PermissionAtOnce => ("11.1", "permission-at-once"),
            RuleId::StartIsIdle => ("11.2", "start-is-idle"),
            RuleId::EndWithoutStop => ("11.3", "end-without-stop"),
            RuleId::OwnFile => ("11.4", "own-file"),
            RuleId::OwnProcess => ("11.7", "own-process"),
            RuleId::GeminiCancel => ("11.11", "gemini-cancel"),
            RuleId::BackgroundTask => ("11.13", "background-task"),
            RuleId::Superseded => ("11.15", "superseded"),
        }
    }
}

// Serialized as `§N.M` plus the heading, the way a bug report reads it: in English whatever the
// language, so `explain --json` is the same everywhere (docs/adding-a-language.md).
impl Serialize for RuleId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("RuleId", 4)?;
        s.serialize_field("section", self.section())?;
        s.serialize_field("heading", &self.heading(Lang::En))?;
        s.serialize_field("case", &self.what(Lang::En))?;
        s.serialize_field("anchor", &self.anchor())?;
        s.end()
    }
}
