//! Where the sessions on the user's other tmux servers are: one bounded `list-panes -a` per
//! other server that holds a session to place (never one for a server nobody's session is
//! on, never one for a socket [`servers::usable`] refuses), for `list`, `json` and the boards.
//!
//! A row the hook wrote names its server and pane: the pane is looked up on that server
//! (its tty checked when the row knows it). A session found without hooks names only its
//! terminal: the one pane on that tty, on any server of the user, is its place, and that
//! server becomes the session's (a tty is one device on this machine).

use super::servers::{self, Place};
use crate::sys::run::{REPAIR_BUDGET, is_tty_path};
use ring_shared::derive::Session;
use std::collections::BTreeMap;
use std::time::Instant;

/// Sets `tmux_target` of the sessions that live on a server of the user other than
/// `current`.
pub(crate) fn map_other_servers(sessions: &mut [Session], current: Option<&str>) {
    let other = |s: &str| Some(s) != current;
    let by_pane = |s: &Session| {
        s.tmux_target.is_none()
            && s.row.tmux_pane.is_some()
            && s.row.tmux_socket.as_deref().is_some_and(other)
    };
    let by_tty = |s: &Session| {
        s.tmux_target.is_none()
            && s.row.tmux_pane.is_none()
            && s.row.tmux_socket.is_none()
            && s.row.zellij_session.is_none()
            && s.row.tty.as_deref().is_some_and(is_tty_path)
    };
    let recorded: Vec<&str> = sessions
        .iter()
        .filter(|s| by_pane(s))
        .filter_map(|s| s.row.tmux_socket.as_deref())
        .collect();
    let any_tty = sessions.iter().any(by_tty);
    if recorded.is_empty() && !any_tty {
        return;
    }
    let sockets: Vec<String> = if any_tty {
        servers::discover(recorded)
    } else {
        let mut own = recorded.into_iter().map(str::to_owned).collect::<Vec<_>>();
        own.sort();
        own.dedup();
        own
    };
    let deadline = Instant::now() + REPAIR_BUDGET;
    let mut panes: BTreeMap<String, Vec<Place>> = BTreeMap::new();
    for socket in sockets.into_iter().filter(|s| other(s)) {
        if let Some(list) = servers::list_panes(&socket, deadline) {
            panes.insert(socket, list);
        }
    }
    for session in sessions.iter_mut() {
        if by_pane(session) {
            let socket = session.row.tmux_socket.as_deref().unwrap_or_default();
            let pane = session.row.tmux_pane.as_deref().unwrap_or_default();
            let tty = session.row.tty.as_deref().filter(|t| !t.is_empty());
            let place = panes
                .get(socket)
                .and_then(|list| list.iter().find(|p| p.id == pane))
                .filter(|p| tty.is_none_or(|t| p.tty == t));
            session.tmux_target = place.map(|p| p.target.clone());
        } else if by_tty(session) {
            let tty = session.row.tty.as_deref().unwrap_or_default();
            let mut on_tty = panes
                .iter()
                .flat_map(|(socket, list)| list.iter().map(move |p| (socket, p)))
                .filter(|(_, p)| p.tty == tty);
            if let (Some((socket, place)), None) = (on_tty.next(), on_tty.next()) {
                session.tmux_target = Some(place.target.clone());
                session.row.tmux_socket = Some(socket.clone());
            }
        }
    }
}
