//! The desktop channel: a freedesktop notification over the D-Bus session bus (zbus, blocking),
//! with a "go to session" action that jumps to the session's pane; on macOS without a session
//! bus, `terminal-notifier` when installed, else `osascript` (see [`macos`]).
//!
//! Every D-Bus call has a timeout ([`CALL_TIMEOUT`]) and the whole exchange up to the
//! notification's id is bounded by [`SEND_TIMEOUT`]: a missing bus, a bus without a
//! notification server or a server that never answers is an error within that bound, never a
//! hang. The exchange runs on a thread of its own, so even a connect that stalls (a bus
//! stopped mid-handshake) cannot hold the caller past it.
//!
//! After the server took the notification, [`send`] stays until the user clicks it, it is
//! closed, or the action wait ends (the `desktop` setting in seconds, default
//! [`DEFAULT_ACTION_WAIT`]; `0` = do not wait). It runs in the hook's detached child; a
//! dispatcher that must not hold its other channels back calls [`notify`] first and
//! [`Pending::wait`] after them. A click runs `ring-tmux jump --socket S --session ID` (tmux),
//! or switches the zellij session to the pane's tab (`zellij action list-panes` then
//! `go-to-tab-by-id`; `$RING_ZELLIJ` names the binary, else `zellij`), bounded like every
//! child ring starts.
//!
//! Text is data: the title and body are stripped of control characters and escape sequences,
//! and the body's `<`, `>`, `&` are escaped when the server interprets markup (`body-markup`).

use super::{Note, Target};
use crate::act::focus::place::{Jump, Place, jump_to, run_jump};
use anyhow::{Result, anyhow, bail};
use dbus::{Event, Request, call, connect, exchange};
use ring_shared::format::{sanitize, truncate};
use ring_shared::t;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The well-known name, object path and interface of a freedesktop notification server.
pub const NAME: &str = "org.freedesktop.Notifications";
pub const PATH: &str = "/org/freedesktop/Notifications";
/// How long one D-Bus method call may take.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(2);
/// How long connecting, asking the capabilities and `Notify` may take together.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(3);
/// How long the "go to session" action stays answerable by default (also the expiry asked of
/// the server).
pub const DEFAULT_ACTION_WAIT: Duration = Duration::from_secs(60);
/// The longest action wait a setting may ask for.
pub const MAX_ACTION_WAIT: Duration = Duration::from_secs(3600);
/// The action key: `default` is what servers invoke on a click on the notification itself.
pub const ACTION: &str = "default";
/// The action's label, for servers that show actions as buttons.
pub fn action_label() -> String {
    t!("notify-action")
}
/// The freedesktop sound theme name asked for when `notify_sound` is on.
pub const SOUND_NAME: &str = "message-new-instant";
/// Longest title and body sent (characters); servers cut anyway.
const TITLE_WIDTH: usize = 120;
const BODY_WIDTH: usize = 400;

/// Sends `note` as a desktop notification on the session bus of this process
/// (`$DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`); on macOS without one, through
/// [`macos::send`].
pub fn send(note: &Note, target: &Target) -> Result<()> {
    notify(note, target)?.wait()
}

/// Doctor's probe: which notification server answers on the session bus, or why none does.
pub fn check(_target: &Target) -> Result<String, String> {
    match session_bus() {
        Some(address) => check_on(&address),
        None if cfg!(target_os = "macos") => macos::check(),
        None => Err(t!("notify-no-bus")),
    }
}

/// The session bus address from the environment.
pub fn session_bus() -> Option<String> {
    if let Some(a) = std::env::var("DBUS_SESSION_BUS_ADDRESS")
        .ok()
        .filter(|a| !a.trim().is_empty())
    {
        return Some(a);
    }
    let runtime = std::env::var_os("XDG_RUNTIME_DIR")?;
    let bus = std::path::Path::new(&runtime).join("bus");
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(&bus)
        .is_ok_and(|m| m.file_type().is_socket())
        .then(|| format!("unix:path={}", bus.display()))
}

/// [`check`] against the bus at `address`.
pub fn check_on(address: &str) -> Result<String, String> {
    let address = address.to_owned();
    let info = bounded(SEND_TIMEOUT, move || {
        let conn = connect(&address)?;
        let (name, vendor, version, spec): (String, String, String, String) =
            call(&conn, "GetServerInformation", &())?;
        let caps: Vec<String> = call(&conn, "GetCapabilities", &())?;
        Ok((name, vendor, version, spec, caps))
    })
    .map_err(|e| format!("{e:#}"))?;
    let (name, vendor, version, spec, caps) = info;
    let actions = if caps.iter().any(|c| c == "actions") {
        t!("notify-desktop-clicks")
    } else {
        t!("notify-desktop-no-actions")
    };
    Ok(t!(
        "notify-desktop-server",
        name = sanitize(&name),
        version = sanitize(&version),
        vendor = sanitize(&vendor),
        spec = sanitize(&spec),
        actions = actions
    ))
}

/// [`send`] on the bus at `address` (tests pass a private bus).
pub fn send_on(address: &str, note: &Note, target: &Target) -> Result<()> {
    notify_on(address, note, target)?.wait()
}

/// The first half of [`send`]: the notification is shown (or this failed, within
/// [`SEND_TIMEOUT`]); the click is not waited for yet. A dispatcher that runs several
/// channels can send them all, then [`Pending::wait`] for the click.
pub fn notify(note: &Note, target: &Target) -> Result<Pending> {
    match session_bus() {
        Some(address) => notify_on(&address, note, target),
        None if cfg!(target_os = "macos") => macos::send(note, target).map(|()| Pending::done()),
        None => bail!("{}", t!("notify-no-bus")),
    }
}

/// [`notify`] on the bus at `address`.
pub fn notify_on(address: &str, note: &Note, target: &Target) -> Result<Pending> {
    let wait = action_wait(target.setting.as_deref());
    let jump = jump_command(note, target);
    let listen = jump.is_some() && !wait.is_zero();
    let request = Request {
        address: address.to_owned(),
        summary: title_text(note),
        body: sanitize_text(&note.body, BODY_WIDTH),
        listen,
        sound: target.sound,
        expire_ms: if wait.is_zero() {
            -1
        } else {
            i32::try_from(wait.as_millis()).unwrap_or(i32::MAX)
        },
    };
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || exchange(request, &tx));
    match rx.recv_timeout(SEND_TIMEOUT) {
        Ok(Event::Sent { actions: true }) => {}
        Ok(Event::Sent { actions: false } | Event::Invoked(_) | Event::Closed) => {
            return Ok(Pending::done());
        }
        Ok(Event::Failed(e)) => return Err(e),
        Err(_) => bail!(
            "{}",
            t!("notify-desktop-silent", seconds = SEND_TIMEOUT.as_secs())
        ),
    }
    Ok(match jump.filter(|_| listen) {
        Some(jump) => Pending {
            click: Some((rx, jump)),
            deadline: Instant::now() + wait,
        },
        None => Pending::done(),
    })
}

/// A shown notification whose "go to session" click may still come.
pub struct Pending {
    click: Option<(mpsc::Receiver<Event>, Jump)>,
    /// When the wait ends (counted from when the server took the notification).
    deadline: Instant,
}

impl Pending {
    fn done() -> Pending {
        Pending {
            click: None,
            deadline: Instant::now(),
        }
    }

    /// Whether a click can still come.
    pub fn waits(&self) -> bool {
        self.click.is_some()
    }

    /// Waits until the user clicks the notification (then runs the jump), it is closed, or
    /// the action wait is over.
    pub fn wait(self) -> Result<()> {
        let Some((rx, jump)) = self.click else {
            return Ok(());
        };
        loop {
            let left = self.deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(Event::Invoked(key)) if key == ACTION => return run_jump(jump),
                Ok(Event::Invoked(_)) => {}
                // Closed, the connection gone, or the wait over: nobody will click any more.
                _ => return Ok(()),
            }
        }
    }
}

/// The action wait of a `desktop` setting: seconds (fractions allowed), default
/// [`DEFAULT_ACTION_WAIT`], at most [`MAX_ACTION_WAIT`].
pub fn action_wait(setting: Option<&str>) -> Duration {
    setting
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map_or(DEFAULT_ACTION_WAIT, |s| {
            Duration::from_secs_f64(s.min(MAX_ACTION_WAIT.as_secs_f64()))
        })
}

/// The jump a click runs: to the note's pane (tmux) or its tab (zellij).
pub fn jump_command(note: &Note, target: &Target) -> Option<Jump> {
    jump_to(
        &Place {
            session_id: &note.wait.session_id,
            tmux_socket: note.wait.tmux_socket.as_deref(),
            zellij_session: note.wait.zellij_session.as_deref(),
            zellij_pane: note.wait.zellij_pane.as_deref(),
        },
        &target.ring_tmux,
    )
}

/// The notification's title: the note's, cleaned (servers show the summary as plain text).
fn title_text(note: &Note) -> String {
    let title = sanitize_text(&note.title, TITLE_WIDTH);
    if title.is_empty() {
        "ring".to_owned()
    } else {
        title
    }
}

/// `text` without control characters or escape sequences, trimmed, cut to `width` columns.
pub fn sanitize_text(text: &str, width: usize) -> String {
    truncate(sanitize(text).trim(), width)
}

/// Escapes the markup characters of a notification body (`<`, `>`, `&`): servers with
/// `body-markup` read a subset of HTML there.
pub fn escape_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c => out.push(c),
        }
    }
    out
}

/// Runs `f` on a thread of its own and waits for it at most `limit`.
fn bounded<T: Send + 'static>(
    limit: Duration,
    f: impl FnOnce() -> Result<T> + Send + 'static,
) -> Result<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| Err(anyhow!(t!("notify-bus-silent", seconds = limit.as_secs()))))
}

mod dbus;
pub mod macos;

#[cfg(test)]
mod tests;
