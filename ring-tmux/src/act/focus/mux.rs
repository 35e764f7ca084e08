//! The multiplexers as focus backends: a tmux pane (`switch-client` to the pane the row
//! provably runs in, as `jump` always did) and a zellij tab (`go-to-tab-by-id`).

use super::{Focus, Sys};
use crate::sys::run;
use crate::tmux::drift::{self, LIST_FORMAT};
use crate::tmux::jump::client_args;
use ring_shared::Row;
use ring_shared::focus::Backend;

pub(crate) struct Tmux;
pub(crate) struct Zellij;

impl Focus for Tmux {
    fn backend(&self) -> Backend {
        Backend::Tmux
    }

    fn programs(&self) -> &'static [&'static str] {
        &["tmux"]
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        let socket = sys
            .tmux_socket
            .clone()
            .or_else(|| row.tmux_socket.clone())
            .ok_or("no tmux server")?;
        let mut row = row.clone();
        // In a Neovim terminal the tty is Neovim's pty, not the pane's: the pane is known
        // by its id alone (tmux never gives an id twice in one server's life).
        if row.term_env.contains_key("NVIM") {
            row.tty = None;
        }
        let entry = ring_shared::view::Entry::of(
            ring_shared::derive::Session::from_hook(row),
            0.0,
            &Default::default(),
            "",
        );
        let list = ["list-panes", "-a", "-F", LIST_FORMAT].map(str::to_owned);
        let listing = run::run(&socket, &list, sys.deadline)
            .filter(|o| o.success)
            .ok_or("the tmux server does not answer")?;
        let panes = drift::parse_panes(&listing.stdout);
        let pane = drift::pane_of(&entry, &socket, &panes)
            .ok_or("the session is not in this tmux server any more")?;
        let mut argv = vec!["switch-client".to_owned()];
        argv.extend(client_args(sys.tmux_client.as_deref()));
        argv.extend(["-t".to_owned(), pane.id.clone()]);
        run::run(&socket, &argv, sys.deadline)
            .filter(|o| o.success)
            .ok_or("tmux switch-client failed")?;
        Ok(format!("pane {}", pane.id))
    }
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
        let place = crate::out::notify::desktop::Place {
            session_id: &row.session_id,
            tmux_socket: None,
            zellij_session: row.zellij_session.as_deref(),
            zellij_pane: row.zellij_pane.as_deref(),
        };
        let jump = crate::out::notify::desktop::jump_to(&place, std::path::Path::new(""))
            .ok_or("the recorded zellij session or pane is not a plain name")?;
        let left = sys
            .deadline
            .saturating_duration_since(std::time::Instant::now());
        crate::out::notify::desktop::run_jump_within(jump, left).map_err(|e| e.to_string())?;
        Ok(format!(
            "zellij tab of pane {}",
            row.zellij_pane.as_deref().unwrap_or_default()
        ))
    }
}
