//! The menu key on tmux 3.2 and later: `display-popup -E` running `ring-tmux board`, which
//! closes with the board. On older tmux (no popups), or with `@ring-menu-style menu`, the
//! key keeps opening the `display-menu` ([`super::jump::menu_argv`]).
//!
//! The version is the server's (`#{version}`, which ring.tmux's binding passes, else asked
//! of the server): a newer `tmux` client talking to an older server must not ask it for a
//! popup it does not have.

use super::client_args;
use crate::sys::run;
use crate::sys::run::shell_quote;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The first tmux with `display-popup`.
pub const POPUP_SINCE: (u32, u32) = (3, 2);

/// What the menu key opens (`@ring-menu-style`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The live board in a popup where tmux has popups, else the menu (the default).
    Board,
    /// Always the plain `display-menu`.
    Menu,
}

impl Style {
    /// `menu` is [`Style::Menu`]; anything else (unset, `board`, a typo) the default.
    pub fn parse(value: Option<&str>) -> Style {
        match value.map(str::trim) {
            Some("menu") => Style::Menu,
            _ => Style::Board,
        }
    }
}

/// `major.minor` of a version as `tmux -V` or `#{version}` gives it (`3.3a`, `tmux 3.3a`,
/// `next-3.4`, `3.2-rc3`); a build from git (`master`) is newer than any release. `None`
/// when it cannot be read (such a tmux gets the menu, which every version has).
pub fn parse_version(text: &str) -> Option<(u32, u32)> {
    let text = text.trim();
    let text = text.strip_prefix("tmux ").unwrap_or(text).trim();
    if text == "master" {
        return Some((u32::MAX, 0));
    }
    let text = text.strip_prefix("next-").unwrap_or(text);
    let (major, rest) = text.split_once('.')?;
    let minor: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((major.parse().ok()?, minor.parse().ok()?))
}

/// Whether the menu key opens the board popup.
pub fn opens_board(style: Style, version: Option<(u32, u32)>) -> bool {
    style == Style::Board && version.is_some_and(|v| v >= POPUP_SINCE)
}

/// The server's version (`#{version}`), or the `tmux` client's (`tmux -V`) when the server
/// will not say.
pub fn server_version(socket: &str) -> Option<String> {
    let deadline = Instant::now() + Duration::from_secs(2);
    let argv: Vec<String> = ["display-message", "-p", "#{version}"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let asked = run::run(socket, &argv, deadline)
        .filter(|o| o.success)
        .map(|o| o.stdout.trim().to_owned())
        .filter(|v| !v.is_empty());
    asked.or_else(|| {
        let out = std::process::Command::new(run::tmux_program())
            .arg("-V")
            .output()
            .ok()?;
        Some(String::from_utf8_lossy(&out.stdout).trim().to_owned())
    })
}

/// The `display-popup` argv that runs `bin board` for `client` of the server at `socket`.
/// tmux 3.3 gives a popup's command to `sh -c` without expanding formats in it.
pub fn popup_argv(bin: &str, socket: &str, client: Option<&str>) -> Vec<String> {
    let mut command = format!(
        "{} board --socket {}",
        shell_quote(bin),
        shell_quote(socket)
    );
    let client_flag = client_args(client);
    if let Some(name) = client_flag.get(1) {
        command.push_str(&format!(" --client {}", shell_quote(name)));
    }
    let mut argv = vec!["display-popup".to_owned(), "-E".to_owned()];
    argv.extend(client_flag);
    argv.extend(["-w", "90%", "-h", "80%"].map(str::to_owned));
    argv.push(command);
    argv
}

/// Opens the board popup: this process becomes `tmux display-popup`, which returns when
/// the popup closes (as `menu` hands itself to `display-menu`).
pub fn open_board(socket: &str, client: Option<&str>) -> ExitCode {
    let bin = std::env::current_exe()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|_| "ring-tmux".to_owned());
    run::hand_over(socket, &popup_argv(&bin, socket, client))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::release("3.3a", Some((3, 3)))]
    #[case::client_output("tmux 3.2", Some((3, 2)))]
    #[case::old("3.1c", Some((3, 1)))]
    #[case::ubuntu_20_04("tmux 3.0a", Some((3, 0)))]
    #[case::next("next-3.4", Some((3, 4)))]
    #[case::rc("3.2-rc3", Some((3, 2)))]
    #[case::git("master", Some((u32::MAX, 0)))]
    #[case::openbsd("openbsd-7.4", None)]
    #[case::empty("", None)]
    fn versions_read_as_tmux_writes_them(#[case] text: &str, #[case] want: Option<(u32, u32)>) {
        assert_eq!(parse_version(text), want);
    }

    #[rstest]
    #[case::new_tmux("3.3a", Style::Board, true)]
    #[case::first_with_popups("3.2", Style::Board, true)]
    #[case::before_popups("3.1c", Style::Board, false)]
    #[case::tmux_3_0("3.0a", Style::Board, false)]
    #[case::unknown("openbsd-7.4", Style::Board, false)]
    #[case::menu_asked_for("3.3a", Style::Menu, false)]
    fn the_menu_key_opens_the_board_only_where_tmux_has_popups(
        #[case] version: &str,
        #[case] style: Style,
        #[case] board: bool,
    ) {
        assert_eq!(opens_board(style, parse_version(version)), board);
    }

    #[rstest]
    #[case::unset(None, Style::Board)]
    #[case::empty(Some(""), Style::Board)]
    #[case::board(Some("board"), Style::Board)]
    #[case::menu(Some("menu"), Style::Menu)]
    fn the_style_option_falls_back_to_the_board(#[case] value: Option<&str>, #[case] want: Style) {
        assert_eq!(Style::parse(value), want);
    }

    #[test]
    fn the_popup_runs_the_board_for_that_client_with_every_word_quoted() {
        let argv = popup_argv("/o'b/ring tmux", "/tmp/tmux-0/default", Some("/dev/pts/3"));
        assert_eq!(&argv[..4], ["display-popup", "-E", "-c", "/dev/pts/3"]);
        assert_eq!(
            argv.last().map(String::as_str),
            Some("'/o'\\''b/ring tmux' board --socket /tmp/tmux-0/default --client /dev/pts/3")
        );
        // A client name that could break out of the command is left out altogether.
        let argv = popup_argv("ring-tmux", "/s", Some("x'; kill-server; '"));
        assert!(!argv.iter().any(|a| a.contains("kill-server")), "{argv:?}");
    }
}
