//! A WezTerm pane: `wezterm cli activate-pane --pane-id $WEZTERM_PANE` (over the recorded
//! `$WEZTERM_UNIX_SOCKET` when there is one, so the right WezTerm answers).

use super::{Focus, Sys, own_socket, recorded};
use ring_shared::Row;
use ring_shared::focus::{Backend, number};

pub(crate) struct Wezterm;

impl Focus for Wezterm {
    fn backend(&self) -> Backend {
        Backend::Wezterm
    }

    fn programs(&self) -> &'static [&'static str] {
        &["wezterm"]
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        let pane = recorded(row, "WEZTERM_PANE")
            .and_then(number)
            .ok_or_else(|| ring_shared::t!("focus-wezterm-id"))?
            .to_string();
        let socket = match recorded(row, "WEZTERM_UNIX_SOCKET") {
            Some(path) => Some(
                own_socket(path, sys.uid)?
                    .to_str()
                    .ok_or_else(|| ring_shared::t!("focus-not-utf8"))?,
            ),
            None => None,
        };
        let env: Vec<(&str, &str)> = socket
            .map(|s| ("WEZTERM_UNIX_SOCKET", s))
            .into_iter()
            .collect();
        sys.run(
            "wezterm",
            &["cli", "activate-pane", "--pane-id", &pane],
            &env,
        )?;
        Ok(ring_shared::t!(
            "focus-wezterm-pane",
            pane = pane.to_string()
        ))
    }
}
