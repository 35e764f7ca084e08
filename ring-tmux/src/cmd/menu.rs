//! `ring-tmux menu`: ring.tmux binds it to `prefix A` with `--client #{client_name}
//! --socket #{socket_path} --height #{client_height} --width #{client_width}`.

use super::jump::given;
use std::process::ExitCode;

/// Open a tmux menu of all sessions; selecting one jumps to it.
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
}

/// Opens the menu.
pub fn run(args: Args) -> ExitCode {
    crate::tmux::menu(&crate::tmux::jump::Args {
        socket: given(args.socket),
        client: given(args.client),
        pane: None,
        height: args.height.and_then(|v| v.parse().ok()),
        width: args.width.and_then(|v| v.parse().ok()),
        session: None,
    })
}
