//! An X11 window: `$WINDOWID` when the terminal set it (xterm, urxvt, alacritty…), else the
//! window whose process is an ancestor of the agent (`wmctrl -lp`); activated with
//! `wmctrl -i -a` (through the window manager), else `xdotool windowactivate`. Only a local
//! display (`:N`) is ever opened.

use super::{Focus, Sys, ancestors, recorded};
use ring_shared::Row;
use ring_shared::focus::{Backend, local_display, x_window};

pub(crate) struct X11;

/// The window of the nearest of `pids` in `wmctrl -lp` output (`ID DESKTOP PID HOST TITLE`).
pub(crate) fn window_of(listing: &str, pids: &[i64]) -> Option<u64> {
    let windows: Vec<(i64, u64)> = listing
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let id = x_window(words.next()?)?;
            let pid = words.nth(1)?.parse().ok()?;
            Some((pid, id))
        })
        .collect();
    pids.iter()
        .find_map(|p| windows.iter().find(|(pid, _)| pid == p).map(|&(_, id)| id))
}

impl Focus for X11 {
    fn backend(&self) -> Backend {
        Backend::X11
    }

    fn programs(&self) -> &'static [&'static str] {
        &["wmctrl", "xdotool"]
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        let display = recorded(row, "DISPLAY")
            .filter(|d| local_display(d))
            .ok_or_else(|| ring_shared::t!("focus-x11-display"))?;
        let env = [("DISPLAY", display)];
        let wmctrl = sys.which("wmctrl").is_some();
        let id = match recorded(row, "WINDOWID") {
            Some(text) => x_window(text).ok_or_else(|| ring_shared::t!("focus-x11-windowid"))?,
            None if wmctrl => {
                let listing = sys.run("wmctrl", &["-lp"], &env)?;
                window_of(&listing, &ancestors(row))
                    .ok_or_else(|| ring_shared::t!("focus-x11-none"))?
            }
            None => return Err(ring_shared::t!("focus-x11-needs-wmctrl")),
        };
        if wmctrl {
            sys.run("wmctrl", &["-i", "-a", &format!("0x{id:08x}")], &env)?;
        } else {
            sys.run("xdotool", &["windowactivate", &id.to_string()], &env)?;
        }
        Ok(ring_shared::t!(
            "focus-x11-window",
            id = format!("0x{id:x}")
        ))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_nearest_ancestor_with_a_window_wins() {
        let listing = "0x00a00003  0 200 host xterm\n0x00c00001  0 100 host outer\nbad line\n";
        assert_eq!(
            super::window_of(listing, &[300, 200, 100]),
            Some(0x00a0_0003)
        );
        assert_eq!(super::window_of(listing, &[300]), None);
    }
}
