//! Notifications: the waiting session reaches its user where they are (issue 14).
//!
//! The decision (when a wait rings, debounce, quiet, repeats, the Codex wait promoted after its
//! silence) is made elsewhere; this module's channels only deliver a [`Note`]. Each channel is a
//! module with `pub fn send(note: &Note, target: &Target) -> anyhow::Result<()>`; a channel never
//! blocks longer than its own timeout and never prints.

/// One notification, as every channel receives it. All text is data: each channel escapes it
/// for its medium (tmux formats, terminal control sequences, JSON, D-Bus markup).
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct Note {
    /// The session's id (`Row::session_id`).
    pub session_id: String,
    /// The agent (`Row::provider`), e.g. `claude-code`.
    pub provider: String,
    /// The user's label for the session (labels.json), if any.
    pub label: Option<String>,
    /// The project (the folder's name).
    pub project: String,
    /// The session's folder.
    pub cwd: String,
    /// What it waits for: `permission`, `question`, `plan`, or empty.
    pub kind: String,
    /// The detail (a command, a question); remote channels get it only when configured.
    pub detail: String,
    /// One-line title, e.g. "ring: myproject waits (permission)".
    pub title: String,
    /// Body text, e.g. the detail, or "3 more waiting" for a coalesced summary.
    pub body: String,
    /// How many sessions this note stands for (1, or N for a debounce/quiet summary).
    pub count: usize,
    /// Where the session lives, for jumping there and for terminal/tmux channels.
    pub tmux_socket: Option<String>,
    pub tmux_pane: Option<String>,
    pub tty: Option<String>,
    pub zellij_session: Option<String>,
    pub zellij_pane: Option<String>,
}

/// What a channel needs from the environment besides the note (filled by the dispatcher).
#[derive(Debug, Clone, Default)]
pub struct Target {
    /// The `ring-tmux` executable, for "go to session" actions (`ring-tmux jump …`).
    pub ring_tmux: std::path::PathBuf,
    /// Channel-specific setting, e.g. the ntfy or webhook URL, or the command line.
    pub setting: Option<String>,
    /// Whether the detail may leave this machine (remote channels).
    pub send_detail: bool,
    /// Sound wanted (`notify_sound`).
    pub sound: bool,
}

pub mod desktop;
pub mod display;
pub mod terminal;
