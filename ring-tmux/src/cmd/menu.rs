//! `ring-tmux menu`: ring.tmux binds it to `prefix A` with `--client #{client_name}
//! --socket #{socket_path} --height #{client_height} --width #{client_width}
//! --tmux-version=#{version} --style=#{@ring-menu-style}`. On tmux 3.2 and later it opens
//! the live board in a popup ([`crate::tmux::popup`]); before, or with `--style menu`, a
//! tmux menu.

use super::jump::given;
use crate::tmux::popup::{self, Style};
use std::process::ExitCode;

/// Open the live board in a tmux popup (tmux 3.2+), else a tmux menu of all sessions;
/// choosing one jumps to it.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// The tmux server (default: $TMUX's).
    #[arg(long, value_name = "PATH", allow_hyphen_values = true)]
    pub socket: Option<String>,
    /// The client to show the menu on (ring.tmux passes #{client_name}).
    #[arg(long, value_name = "NAME", allow_hyphen_values = true)]
    pub client: Option<String>,
    /// That client's height in rows (#{client_height}): the menu is cut to fit (not a number:
    /// no limit).
    #[arg(long, value_name = "ROWS", allow_hyphen_values = true)]
    pub height: Option<String>,
    /// That client's width in columns (#{client_width}), likewise.
    #[arg(long, value_name = "COLUMNS", allow_hyphen_values = true)]
    pub width: Option<String>,
    /// What to open: `board` (the live board in a popup where tmux has popups, else the
    /// menu; the default) or `menu` (always the plain menu). ring.tmux passes the tmux
    /// option @ring-menu-style.
    #[arg(
        long,
        value_name = "STYLE",
        allow_hyphen_values = true,
        add = super::completions::words(&["board", "menu"])
    )]
    pub style: Option<String>,
    /// The server's version (#{version}); asked of the server when not given.
    #[arg(long, value_name = "VERSION", allow_hyphen_values = true)]
    pub tmux_version: Option<String>,
}

/// Opens the board popup or the menu.
pub fn run(args: Args) -> ExitCode {
    let socket = given(args.socket.clone()).or_else(crate::sys::run::socket_from_env);
    let client = given(args.client.clone());
    if let (Style::Board, Some(socket)) = (Style::parse(args.style.as_deref()), &socket) {
        let version = given(args.tmux_version.clone()).or_else(|| popup::server_version(socket));
        let version = version.as_deref().and_then(popup::parse_version);
        if popup::opens_board(Style::Board, version) {
            return popup::open_board(socket, client.as_deref());
        }
    }
    crate::act::jump::menu(&crate::act::jump::Args {
        socket: given(args.socket),
        client,
        pane: None,
        height: args.height.and_then(|v| v.parse().ok()),
        width: args.width.and_then(|v| v.parse().ok()),
        session: None,
        target: None,
    })
}
