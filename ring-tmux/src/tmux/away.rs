//! `jump` to a session on another tmux server of the user (the tmux focus backend,
//! `crate::act::focus::mux`, decides by the row's socket when to come here).
//!
//! A tmux client belongs to one server: `switch-client` cannot take it to a pane of another.
//! Inside tmux, `jump` says so and gives the command that gets there (detach, then
//! `tmux -L work attach -t dev`); from a shell outside tmux it selects the session's window
//! and pane on that server and becomes `tmux -S SOCKET attach -t %N`. The socket is the one
//! the session's row recorded, and ring talks to it only after [`servers::usable`] and
//! [`servers::answers`] (a socket of another account, or behind a symlinked folder, is
//! refused); the pane must be the row's pane (its tty checked when known), else the one pane
//! on the row's tty.

use crate::gather::servers::{self, Place};
use crate::sys::run;
use ring_shared::format::sanitize;
use ring_shared::servers::{attach_command, display_name};
use ring_shared::view::Entry;
use std::process::ExitCode;
use std::time::Instant;

/// A session's pane on a server other than the current one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Away {
    pub socket: String,
    pub place: Place,
}

/// Where `entry` is when it is on one of the user's servers other than `current` (`None`:
/// no current server, any server of the user will do).
pub(crate) fn find(entry: &Entry, current: Option<&str>, deadline: Instant) -> Option<Away> {
    let socket = entry.tmux_socket.as_deref().filter(|s| !s.is_empty())?;
    if Some(socket) == current {
        return None;
    }
    let panes = servers::list_panes(socket, deadline)?;
    let tty = entry.tty.as_deref().filter(|t| !t.is_empty());
    let by_id = entry
        .tmux_pane
        .as_deref()
        .and_then(|id| panes.iter().find(|p| p.id == id))
        .filter(|p| tty.is_none_or(|t| p.tty == t));
    let place = match by_id {
        Some(p) => p.clone(),
        None => {
            let mut on_tty = panes.iter().filter(|p| Some(p.tty.as_str()) == tty);
            match (on_tty.next(), on_tty.next()) {
                (Some(p), None) => p.clone(),
                _ => return None,
            }
        }
    };
    Some(Away {
        socket: socket.to_owned(),
        place,
    })
}

impl Away {
    /// The server's name as people call it (`-L`'s argument).
    pub fn server(&self) -> String {
        sanitize(display_name(&self.socket))
    }

    /// The shell command that attaches to the session's tmux session on its server.
    pub fn command(&self) -> String {
        let dir = servers::tmux_dir();
        let line = attach_command(&self.socket, &dir.to_string_lossy(), &self.place.session);
        sanitize(&line)
    }

    /// What to tell a person inside tmux: where the session is, that a client cannot cross
    /// servers, and the command that gets there.
    pub fn how_to(&self, called: &str) -> String {
        ring_shared::t!(
            "err-jump-away",
            session = called,
            server = self.server(),
            pane = sanitize(&self.place.target),
            command = self.command()
        )
    }

    /// Outside tmux: select the session's window and pane on its server, then become
    /// `tmux -S SOCKET attach-session -t %N`. Returns only when tmux cannot be run.
    pub fn attach(&self, deadline: Instant) -> ExitCode {
        let id = &self.place.id;
        let select: Vec<String> = ["select-window", "-t", id, ";", "select-pane", "-t", id]
            .map(str::to_owned)
            .to_vec();
        let _ = run::run(&self.socket, &select, deadline);
        let attach = ["attach-session", "-t", id].map(str::to_owned);
        run::hand_over(&self.socket, &attach)
    }
}
