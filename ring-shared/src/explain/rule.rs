//! [`RuleId`]: the sections of `docs/rules.md` that decide what state a session shows, by
//! number and heading (`ring-shared/tests/it/explain_rules.rs` holds them to the page).

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

    /// The section's heading in `docs/rules.md`, without its number.
    pub fn heading(self) -> &'static str {
        self.entry().1
    }

    /// Which case of the section this is, in a few words.
    pub fn what(self) -> &'static str {
        self.entry().2
    }

    /// The section's anchor in `docs/rules.md` (`rule-4-3`).
    pub fn anchor(self) -> String {
        format!("rule-{}", self.section().replace('.', "-"))
    }

    /// `§4.3 Liveness: rows whose agent is gone`.
    pub fn title(self) -> String {
        format!("§{} {}", self.section(), self.heading())
    }

    fn entry(self) -> (&'static str, &'static str, &'static str) {
        match self {
            RuleId::EventStatus => ("2.6", "Event → status", "the event's own status"),
            RuleId::ExplicitSignal => (
                "2.4",
                "The explicit signal",
                "the payload said whether you must act",
            ),
            RuleId::StopQuestion => (
                "3.3",
                "A Stop that ends with a question",
                "the turn ended with a question",
            ),
            RuleId::KeepWait => (
                "3.4",
                "An ordinary Notification keeps a wait",
                "a notification kept the wait it found",
            ),
            RuleId::SessionEnd => (
                "3.5",
                "SessionEnd",
                "the agent ended the session (its row is deleted)",
            ),
            RuleId::OwnerWaits => (
                "3.16",
                "Waits owned per actor (RiNG 0.17.6)",
                "an actor of the session (a subagent) waits or ended",
            ),
            RuleId::CodexPermissionWait => (
                "4.2",
                "Hook rows",
                "(a) a Codex permission request past its delay waits",
            ),
            RuleId::BareStart => ("4.2", "Hook rows", "(b) a start nobody used ends"),
            RuleId::Liveness => (
                "4.3",
                "Liveness: rows whose agent is gone",
                "no live agent process for the row",
            ),
            RuleId::ClaudeTranscript => (
                "4.4",
                "Claude's transcripts (zero-config)",
                "a Claude transcript or process, without hooks",
            ),
            RuleId::CodexThread => (
                "4.5",
                "Codex threads (zero-config)",
                "a Codex thread, without hooks",
            ),
            RuleId::LocalChat => ("4.6", "Local LLM chats", "a live local model chat"),
            RuleId::ScanReplacesHook => (
                "4.7",
                "A hook row and a scan row of the same id",
                "a newer transcript replaced the hook row's wait",
            ),
            RuleId::Hidden => (
                "4.8",
                "Hidden sessions on the board",
                "hidden with `hide` (newer activity shows it again)",
            ),
            RuleId::BackgroundAgent => (
                "4.9",
                "Background agents",
                "a Claude background agent: idle counts as ended",
            ),
            RuleId::PermissionAtOnce => (
                "11.1",
                "A Claude permission request waits at once",
                "the permission dialog is on screen",
            ),
            RuleId::StartIsIdle => (
                "11.2",
                "A session that starts is idle",
                "the agent started and sits at its prompt",
            ),
            RuleId::EndWithoutStop => (
                "11.3",
                "A turn that ends without Stop is idle",
                "an API error or an interrupt ended the turn",
            ),
            RuleId::OwnFile => (
                "11.4",
                "Esc in Claude, seen from Claude's own file",
                "the agent's own session file is newer than its last hook event",
            ),
            RuleId::OwnProcess => (
                "11.7",
                "A row lives as long as its agent process",
                "the row's own agent process (pid and start time)",
            ),
            RuleId::GeminiCancel => (
                "11.11",
                "Gemini CLI and GitHub Copilot CLI are agents ring knows",
                "Gemini's chat file ends with \"Request cancelled.\"",
            ),
            RuleId::BackgroundTask => (
                "11.13",
                "Sessions with many actors: what Claude's other signals mean",
                "the turn ended with a background task still running",
            ),
            RuleId::Superseded => (
                "11.15",
                "One session per Codex TUI",
                "a newer session of the same agent process",
            ),
        }
    }
}

// Serialized as `§N.M` plus the heading, the way a bug report reads it.
impl Serialize for RuleId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("RuleId", 4)?;
        s.serialize_field("section", self.section())?;
        s.serialize_field("heading", self.heading())?;
        s.serialize_field("case", self.what())?;
        s.serialize_field("anchor", &self.anchor())?;
        s.end()
    }
}
