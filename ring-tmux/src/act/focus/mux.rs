//! The multiplexers as focus backends: a tmux pane (`switch-client` to the pane the row
//! provably runs in, as `jump` always did, on whichever of the user's servers the row names)
//! and a zellij tab (`go-to-tab-by-id`).

use super::{Focus, Sys};
use crate::gather::servers;
use crate::sys::run;
use crate::tmux::away;
use crate::tmux::client_args;
use crate::tmux::drift::{self, LIST_FORMAT, Pane};
use ring_shared::Row;
use ring_shared::derive::Session;
use ring_shared::focus::Backend;
use ring_shared::t;
use ring_shared::view::Entry;

pub(crate) struct Tmux;
pub(crate) struct Zellij;

impl Focus for Tmux {
    fn backend(&self) -> Backend {
        Backend::Tmux
    }

    fn programs(&self) -> &'static [&'static str] {
        &["tmux"]
    }

    /// The row's server decides: the current one (`--socket`, `$TMUX`) switches the client
    /// to the pane; another one says how to get there (a client cannot cross servers); with
    /// no current server, `jump` from a shell attaches this terminal to it ([`Sys::attach`]),
    /// anything else switches a client of that server once it is proven the user's.
    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        let recorded = row
            .tmux_socket
            .clone()
            .filter(|s| !s.is_empty())
            .ok_or_else(|| t!("focus-tmux-none"))?;
        let entry = place_entry(row);
        match sys.tmux_socket.as_deref() {
            Some(current) if current == recorded => switch(&entry, current, sys),
            Some(current) => Err(match away::find(&entry, Some(current), sys.deadline) {
                Some(away) => away.how_to(&t!("err-jump-it")),
                None => t!("focus-tmux-foreign"),
            }),
            None if sys.attach => match away::find(&entry, None, sys.deadline) {
                // Becomes `tmux attach`: returns only when tmux cannot run.
                Some(away) => {
                    away.attach(sys.deadline);
                    Err(t!("focus-tmux-no-attach"))
                }
                None => Err(t!("focus-tmux-not-found")),
            },
            None if servers::usable(std::path::Path::new(&recorded)) => {
                switch(&entry, &recorded, sys)
            }
            None => Err(t!("focus-tmux-not-usable")),
        }
    }
}

/// The row as a board entry that places it in a tmux pane: in a Neovim terminal the tty is
/// Neovim's pty, not the pane's ([`ring_shared::focus::pane_tty`]).
fn place_entry(row: &Row) -> Entry {
    let mut row = row.clone();
    row.tty = ring_shared::focus::pane_tty(&row).map(str::to_owned);
    Entry::of(Session::from_hook(row), 0.0, &Default::default(), "")
}

/// The pane of the server at `socket` that the session of `entry` runs in, as [`drift::pane_of`]
/// finds it; `in_neovim`: its agent is in a Neovim terminal, whose pane is known by its id.
pub(crate) fn pane_of<'p>(
    entry: &Entry,
    in_neovim: bool,
    socket: &str,
    panes: &'p [Pane],
) -> Option<&'p Pane> {
    if !in_neovim {
        return drift::pane_of(entry, socket, panes);
    }
    let mut entry = entry.clone();
    entry.tty = None;
    drift::pane_of(&entry, socket, panes)
}

/// Switches the client (`sys.tmux_client`, else tmux's choice) of the server at `socket` to
/// the entry's pane there.
fn switch(entry: &Entry, socket: &str, sys: &Sys) -> Result<String, String> {
    let list = ["list-panes", "-a", "-F", LIST_FORMAT].map(str::to_owned);
    let listing = run::run(socket, &list, sys.deadline)
        .filter(|o| o.success)
        .ok_or_else(|| t!("focus-tmux-silent"))?;
    let panes = drift::parse_panes(&listing.stdout);
    let pane = drift::pane_of(entry, socket, &panes).ok_or_else(|| t!("focus-tmux-gone"))?;
    let mut argv = vec!["switch-client".to_owned()];
    argv.extend(client_args(sys.tmux_client.as_deref()));
    argv.extend(["-t".to_owned(), pane.id.clone()]);
    run::run(socket, &argv, sys.deadline)
        .filter(|o| o.success)
        .ok_or_else(|| t!("focus-tmux-switch-failed"))?;
    Ok(t!("focus-tmux-pane", pane = pane.id.as_str()))
}

impl Focus for Zellij {
    fn backend(&self) -> Backend {
        Backend::Zellij
    }

    fn programs(&self) -> &'static [&'static str] {
        &["zellij"]
    }

    fn available(&self, sys: &Sys) -> bool {
        // `crate::zellij::program()` may name a zellij off PATH (tests, RING_ZELLIJ).
        std::env::var_os("RING_ZELLIJ").is_some_and(|z| !z.is_empty())
            || sys.which("zellij").is_some()
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        let place = crate::act::focus::place::Place {
            session_id: &row.session_id,
            tmux_socket: None,
            zellij_session: row.zellij_session.as_deref(),
            zellij_pane: row.zellij_pane.as_deref(),
        };
        let jump = crate::act::focus::place::jump_to(&place, std::path::Path::new(""))
            .ok_or_else(|| t!("focus-zellij-bad-name"))?;
        let left = sys
            .deadline
            .saturating_duration_since(std::time::Instant::now());
        crate::act::focus::place::run_jump_within(jump, left).map_err(|e| e.to_string())?;
        Ok(t!(
            "focus-zellij-tab",
            pane = row.zellij_pane.as_deref().unwrap_or_default()
        ))
    }
}
