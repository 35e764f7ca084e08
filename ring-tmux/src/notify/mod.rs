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

// The decision's side of issue 14: state on disk, flush, dispatch, the remote channels and
// the commands.
pub mod cli;
pub mod command;
pub mod dispatch;
pub mod flush;
pub mod http;
pub mod ntfy;
pub mod state;
pub mod webhook;

/// Title and body for a channel that leaves this machine: control characters removed, and
/// the detail replaced by a description unless the target may have it.
pub fn remote_text(note: &Note, target: &Target) -> (String, String) {
    let body = if target.send_detail || note.detail.is_empty() || note.count != 1 {
        note.body.clone()
    } else {
        let what = if note.kind.is_empty() {
            "you"
        } else {
            &note.kind
        };
        format!("{} in {} waits for {what}", note.provider, note.project)
    };
    (
        ring_shared::format::sanitize(&note.title),
        ring_shared::format::sanitize(&body),
    )
}

impl Note {
    /// The note a decision's output stands for (the first wait named).
    pub fn of(out: &ring_shared::notify::Out) -> Note {
        let first = out.waits.first().cloned().unwrap_or_default();
        Note {
            title: out.title(),
            body: out.body(true),
            count: out.count(),
            session_id: first.session_id,
            provider: first.provider,
            label: first.label,
            project: first.project,
            cwd: first.cwd,
            kind: first.kind,
            detail: first.detail,
            tmux_socket: first.tmux_socket,
            tmux_pane: first.tmux_pane,
            tty: first.tty,
            zellij_session: first.zellij_session,
            zellij_pane: first.zellij_pane,
        }
    }
}
