//! `ring-tmux board`: the live board. The menu key opens it in a tmux popup (`ring-tmux
//! menu`, tmux 3.2 and later); it also runs in any terminal.

use super::jump::given;
use std::process::ExitCode;

/// A live full-screen board of every session: jump, reply, name and hide from it.
///
/// Keys: ↑/↓ or j/k move, g/G first/last, Enter or Space jump to the session (the popup
/// closes), p answer its permission dialog, n name it, dd hide it, a show ended sessions,
/// r read again, q or Esc quit.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// The tmux server to jump and reply in (default: $TMUX's).
    #[arg(long, value_name = "PATH", allow_hyphen_values = true)]
    pub socket: Option<String>,
    /// The client Enter switches (the menu key passes #{client_name}).
    #[arg(long, value_name = "NAME", allow_hyphen_values = true)]
    pub client: Option<String>,
    /// Start with ended sessions shown (`a` toggles them).
    #[arg(long)]
    pub all: bool,
}

/// Runs the board until a jump or q.
pub fn run(args: Args) -> ExitCode {
    crate::out::board::run(crate::out::board::Options {
        socket: given(args.socket),
        client: given(args.client),
        all: args.all,
    })
}
