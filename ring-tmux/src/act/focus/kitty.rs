//! A kitty window: `$KITTY_WINDOW_ID` over kitty's remote control socket (`$KITTY_LISTEN_ON`,
//! set when kitty runs with `listen_on unix:…` and `allow_remote_control`).

use super::{Focus, Sys, own_socket, recorded};
use ring_shared::Row;
use ring_shared::focus::{Backend, number};

pub(crate) struct Kitty;

impl Focus for Kitty {
    fn backend(&self) -> Backend {
        Backend::Kitty
    }

    fn programs(&self) -> &'static [&'static str] {
        &["kitten", "kitty"]
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        let id = recorded(row, "KITTY_WINDOW_ID")
            .and_then(number)
            .ok_or_else(|| ring_shared::t!("focus-kitty-id"))?;
        let listen = recorded(row, "KITTY_LISTEN_ON").unwrap_or_default();
        let path = listen
            .strip_prefix("unix:")
            .ok_or_else(|| ring_shared::t!("focus-kitty-socket"))?;
        own_socket(path, sys.uid)?;
        let to = format!("unix:{path}");
        let matcher = format!("id:{id}");
        let args = ["@", "--to", &to, "focus-window", "--match", &matcher];
        let program = if sys.which("kitten").is_some() {
            "kitten"
        } else {
            "kitty"
        };
        sys.run(program, &args, &[])?;
        Ok(ring_shared::t!("focus-kitty-window", id = id.to_string()))
    }
}
