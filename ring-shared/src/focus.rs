//! Focus: where a session's agent runs, and which ways `jump` has to reach it.
//!
//! The hook records a few variables of the agent's own environment ([`RECORDED`](crate::registry::term_env::RECORDED), values
//! passed in: nothing here reads the environment) as the row's `term_env`, ring's own key
//! that RiNG ignores. `jump` then asks [`plan`] which focus backends that row can use, in
//! the configured order (`focus_order`, innermost first by default: a Neovim `:terminal`
//! buffer, then the tmux pane or zellij tab, then the terminal's window).
//!
//! ```
//! use ring_shared::focus::{Backend, plan};
//! use ring_shared::registry::term_env::record;
//! let mut row = ring_shared::Row::new("s");
//! row.tty = Some("/dev/pts/4".into());
//! row.term_env = record(|k| (k == "NVIM").then(|| "/run/user/1000/nvim.1.0".into()));
//! assert_eq!(plan(&Backend::ALL, &row), [Backend::Neovim]);
//! ```

use crate::registry::Row;

/// One way to bring a session in front of its user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backend {
    /// The Neovim `:terminal` buffer the agent runs in (`$NVIM`, matched by the row's tty).
    Neovim,
    /// The row's tmux pane.
    Tmux,
    /// The row's zellij tab.
    Zellij,
    /// A kitty window (`$KITTY_WINDOW_ID` over `$KITTY_LISTEN_ON`).
    Kitty,
    /// A WezTerm pane (`$WEZTERM_PANE`, `wezterm cli`).
    Wezterm,
    /// An iTerm2 session (macOS, AppleScript by tty).
    Iterm2,
    /// A Terminal.app tab (macOS, AppleScript by tty).
    TerminalApp,
    /// A Hyprland window (`hyprctl`, by the agent's terminal process).
    Hyprland,
    /// A sway window (`swaymsg`, by the agent's terminal process).
    Sway,
    /// An X11 window (`$WINDOWID`, else the agent's terminal process; `wmctrl`/`xdotool`).
    X11,
}

impl Backend {
    /// Every backend, in the default order: innermost first.
    pub const ALL: [Backend; 10] = [
        Backend::Neovim,
        Backend::Tmux,
        Backend::Zellij,
        Backend::Kitty,
        Backend::Wezterm,
        Backend::Iterm2,
        Backend::TerminalApp,
        Backend::Hyprland,
        Backend::Sway,
        Backend::X11,
    ];

    /// The name `focus_order` and `doctor` use.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Neovim => "neovim",
            Backend::Tmux => "tmux",
            Backend::Zellij => "zellij",
            Backend::Kitty => "kitty",
            Backend::Wezterm => "wezterm",
            Backend::Iterm2 => "iterm2",
            Backend::TerminalApp => "terminal-app",
            Backend::Hyprland => "hyprland",
            Backend::Sway => "sway",
            Backend::X11 => "x11",
        }
    }

    /// The backend called `name`.
    pub fn parse(name: &str) -> Option<Backend> {
        Backend::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Whether it selects something inside a terminal (a buffer, a pane, a tab): `jump` goes
    /// on outwards after it. The first terminal backend that succeeds ends the jump.
    pub fn inner(self) -> bool {
        matches!(self, Backend::Neovim | Backend::Tmux | Backend::Zellij)
    }

    /// Whether `row` recorded what this backend needs (values are checked again, by the
    /// backend, before any use).
    pub fn usable(self, row: &Row) -> bool {
        let has = |key: &str| row.term_env.contains_key(key);
        let program = row.term_env.get("TERM_PROGRAM").map(String::as_str);
        match self {
            Backend::Neovim => has("NVIM") && row.tty.is_some(),
            // A session found without hooks on another server has its socket and tty only.
            Backend::Tmux => {
                row.tmux_socket.is_some() && (row.tmux_pane.is_some() || row.tty.is_some())
            }
            Backend::Zellij => row.zellij_session.is_some() && row.zellij_pane.is_some(),
            Backend::Kitty => has("KITTY_WINDOW_ID") && has("KITTY_LISTEN_ON"),
            Backend::Wezterm => has("WEZTERM_PANE"),
            Backend::Iterm2 => program == Some("iTerm.app") && row.tty.is_some(),
            Backend::TerminalApp => program == Some("Apple_Terminal") && row.tty.is_some(),
            Backend::Hyprland => has("HYPRLAND_INSTANCE_SIGNATURE") && row.agent_pid.is_some(),
            Backend::Sway => has("SWAYSOCK") && row.agent_pid.is_some(),
            Backend::X11 => has("DISPLAY") && (has("WINDOWID") || row.agent_pid.is_some()),
        }
    }
}

/// The tty of the tmux or zellij pane holding `row`'s agent, as far as the row knows: its
/// recorded tty, except in a Neovim `:terminal` (`NVIM` recorded), where that tty is
/// Neovim's own pty and the pane is known by its id alone.
pub fn pane_tty(row: &Row) -> Option<&str> {
    row.tty
        .as_deref()
        .filter(|_| !row.term_env.contains_key("NVIM"))
}

/// The backends `row` can use, in `order`.
pub fn plan(order: &[Backend], row: &Row) -> Vec<Backend> {
    order.iter().copied().filter(|b| b.usable(row)).collect()
}

/// A window or pane number (kitty window id, WezTerm pane id): ASCII digits only.
pub fn number(text: &str) -> Option<u64> {
    (!text.is_empty() && text.len() <= 20 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// An X11 window id, decimal (`$WINDOWID`) or `0x` hex (`wmctrl -l`); never 0.
pub fn x_window(text: &str) -> Option<u64> {
    let id = match text.strip_prefix("0x") {
        Some(hex) if !hex.is_empty() && hex.len() <= 16 => hex
            .bytes()
            .all(|b| b.is_ascii_hexdigit())
            .then(|| u64::from_str_radix(hex, 16))?,
        Some(_) => return None,
        None => number(text).map(Ok)?,
    };
    id.ok().filter(|&id| id != 0)
}

/// A local X display (`:0`, `:12.0`): ring never opens a display over the network.
pub fn local_display(text: &str) -> bool {
    let Some(rest) = text.strip_prefix(':') else {
        return false;
    };
    let mut parts = rest.splitn(2, '.');
    let digits = |s: &str| !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
    parts.next().is_some_and(digits) && parts.next().is_none_or(digits)
}

/// A terminal device path: `/dev/pts/N`, `/dev/ttysN` (macOS) or `/dev/ttyN`.
pub fn tty_path(text: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
    ["/dev/pts/", "/dev/ttys", "/dev/tty"]
        .iter()
        .any(|p| text.strip_prefix(p).is_some_and(digits))
}

/// The `focus_order` default: every backend, innermost first.
pub fn default_order() -> Vec<Backend> {
    Backend::ALL.to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::term_env::record;
    use rstest::rstest;

    fn row_with(env: &[(&str, &str)]) -> Row {
        let mut row = Row::new("s");
        row.term_env = record(|k| {
            env.iter()
                .find(|(name, _)| *name == k)
                .map(|(_, v)| (*v).to_owned())
        });
        row
    }

    #[test]
    fn the_plan_follows_the_configured_order_innermost_first_by_default() {
        let mut row = row_with(&[
            ("NVIM", "/tmp/n"),
            ("KITTY_WINDOW_ID", "3"),
            ("KITTY_LISTEN_ON", "unix:/tmp/k"),
            ("DISPLAY", ":0"),
            ("WINDOWID", "4194317"),
        ]);
        row.tty = Some("/dev/pts/3".into());
        row.tmux_socket = Some("/tmp/tmux-0/default".into());
        row.tmux_pane = Some("%1".into());
        assert_eq!(
            plan(&default_order(), &row),
            [Backend::Neovim, Backend::Tmux, Backend::Kitty, Backend::X11]
        );
        assert_eq!(
            plan(&[Backend::X11, Backend::Tmux, Backend::Sway], &row),
            [Backend::X11, Backend::Tmux]
        );
    }

    #[rstest]
    #[case::neovim_needs_the_tty(&[("NVIM", "/tmp/n")], None, None)]
    #[case::neovim(&[("NVIM", "/tmp/n")], Some("/dev/pts/1"), Some(Backend::Neovim))]
    #[case::kitty_needs_its_socket(&[("KITTY_WINDOW_ID", "1")], None, None)]
    #[case::wezterm(&[("WEZTERM_PANE", "0")], None, Some(Backend::Wezterm))]
    #[case::iterm(&[("TERM_PROGRAM", "iTerm.app")], Some("/dev/ttys003"), Some(Backend::Iterm2))]
    #[case::terminal_app(&[("TERM_PROGRAM", "Apple_Terminal")], Some("/dev/ttys003"), Some(Backend::TerminalApp))]
    #[case::other_program(&[("TERM_PROGRAM", "vscode")], Some("/dev/ttys003"), None)]
    #[case::x11_window(&[("DISPLAY", ":1"), ("WINDOWID", "5")], None, Some(Backend::X11))]
    #[case::x11_without_window_or_pid(&[("DISPLAY", ":1")], None, None)]
    #[case::sway_needs_a_pid(&[("SWAYSOCK", "/run/s")], None, None)]
    fn each_backend_needs_what_it_uses(
        #[case] env: &[(&str, &str)],
        #[case] tty: Option<&str>,
        #[case] want: Option<Backend>,
    ) {
        let mut row = row_with(env);
        row.tty = tty.map(str::to_owned);
        assert_eq!(
            plan(&Backend::ALL, &row),
            want.into_iter().collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_pane_in_neovim_is_known_by_its_id_not_by_the_agents_tty() {
        let mut row = row_with(&[]);
        row.tty = Some("/dev/pts/9".into());
        assert_eq!(pane_tty(&row), Some("/dev/pts/9"));
        row.term_env = record(|k| (k == "NVIM").then(|| "/tmp/n".into()));
        assert_eq!(pane_tty(&row), None);
    }

    #[rstest]
    #[case::recorded_pane(Some("%1"), None, true)]
    #[case::found_by_its_tty(None, Some("/dev/pts/2"), true)]
    #[case::neither(None, None, false)]
    fn tmux_needs_a_server_and_a_pane_or_tty(
        #[case] pane: Option<&str>,
        #[case] tty: Option<&str>,
        #[case] usable: bool,
    ) {
        let mut row = row_with(&[]);
        row.tmux_socket = Some("/tmp/tmux-0/work".into());
        row.tmux_pane = pane.map(str::to_owned);
        row.tty = tty.map(str::to_owned);
        assert_eq!(Backend::Tmux.usable(&row), usable);
        row.tmux_socket = None;
        assert!(!Backend::Tmux.usable(&row));
    }

    #[test]
    fn names_round_trip() {
        for b in Backend::ALL {
            assert_eq!(Backend::parse(b.name()), Some(b));
        }
        assert_eq!(Backend::parse("Neovim"), None);
    }

    #[rstest]
    #[case("12", Some(12))]
    #[case("0x1a", Some(26))]
    #[case("0x", None)]
    #[case("0", None)]
    #[case("12;rm", None)]
    #[case("-1", None)]
    #[case("", None)]
    fn x_window_ids_are_digits_or_hex(#[case] text: &str, #[case] want: Option<u64>) {
        assert_eq!(x_window(text), want);
    }

    #[rstest]
    #[case(":0", true)]
    #[case(":12.1", true)]
    #[case("evil.example:0", false)]
    #[case(":0;x", false)]
    #[case("", false)]
    fn only_local_displays(#[case] text: &str, #[case] ok: bool) {
        assert_eq!(local_display(text), ok);
    }

    #[rstest]
    #[case("/dev/pts/7", true)]
    #[case("/dev/ttys003", true)]
    #[case("/dev/pts/7\" & do shell script \"x", false)]
    #[case("/dev/pts/", false)]
    #[case("/tmp/x", false)]
    fn tty_paths_are_plain_device_names(#[case] text: &str, #[case] ok: bool) {
        assert_eq!(tty_path(text), ok);
    }

    #[test]
    fn numbers_are_digits_only() {
        assert_eq!(number("42"), Some(42));
        assert_eq!(number("4 2"), None);
        assert_eq!(number("+4"), None);
    }
}
