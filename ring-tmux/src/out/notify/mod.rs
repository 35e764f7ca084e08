//! Notifications: the waiting session reaches its user where they are (issue 14).
//!
//! The decision (when a wait rings, debounce, quiet, repeats, the Codex wait promoted after its
//! silence) is made elsewhere; this module's channels only deliver a [`Note`]. Each channel is a
//! module with `pub fn send(note: &Note, target: &Target) -> anyhow::Result<()>`; a channel never
//! blocks longer than its own timeout and never prints.

/// One notification, as every channel receives it: the wait it names (the first of a
/// coalesced summary; `ring_shared::notify::Wait`, whose fields a JSON payload carries at its
/// top level) and the text made for it. All text is data: each channel escapes it for its
/// medium (tmux formats, terminal control sequences, JSON, D-Bus markup).
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct Note {
    /// Who waits and where: the session, its agent, label, project, folder, kind, detail (remote
    /// channels get it only when configured) and its tmux/zellij place, for jumping there.
    #[serde(flatten)]
    pub wait: ring_shared::notify::Wait,
    /// One-line title, as the board says it: "ring: myproject needs permission".
    pub title: String,
    /// Body text: the detail the board shows, or "api, web" for a coalesced summary.
    pub body: String,
    /// The body without the detail ("Claude Code needs permission"), for a channel that
    /// leaves this machine without `notify_remote_detail`.
    #[serde(skip)]
    pub brief: String,
    /// How many sessions this note stands for (1, or N for a debounce/quiet summary).
    pub count: usize,
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
    /// Where tapping a remote note leads (`notify_click_url`); `None`: nowhere.
    pub click: Option<String>,
    /// An ntfy note of one session gets an "Answer" button to the board's page for it
    /// (`notify_answer_button`).
    pub answer_button: bool,
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
pub mod spool;
pub mod state;
pub mod webhook;

/// Title and body for a channel that leaves this machine: control characters removed, and
/// the detail left out unless the target may have it.
pub fn remote_text(note: &Note, target: &Target) -> (String, String) {
    let body = if target.send_detail || note.brief.is_empty() {
        &note.body
    } else {
        &note.brief
    };
    (
        ring_shared::format::sanitize(&note.title),
        ring_shared::format::sanitize(body),
    )
}

impl Note {
    /// The note a decision's output stands for (the first wait named).
    pub fn of(out: &ring_shared::notify::Out) -> Note {
        Note {
            wait: out.waits.first().cloned().unwrap_or_default(),
            title: out.title(),
            body: out.body(true),
            brief: out.body(false),
            count: out.count(),
        }
    }
}

/// Queues a ring for each remote session that began waiting (as the hook does for a local
/// one) and flushes, so the notification rules decide (after `gather::remote::cache::refresh`): debounce, quiet, reminders, one note
/// per wait. The cache is written first: the flush's board lists these sessions.
pub(crate) fn ring_remote(
    env: &crate::sys::env::Env,
    config: &ring_shared::config::Config,
    sessions: &[String],
) {
    if sessions.is_empty() || !self::dispatch::enabled(config) {
        return;
    }
    let now = env.now();
    for id in sessions {
        let _ = self::spool::push(&env.ring_home, id, now);
    }
    self::flush::flush(env, config);
}
