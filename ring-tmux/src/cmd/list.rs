//! `ring-tmux list [--all]`.

use std::process::ExitCode;

/// A readable board: state, kind and detail, project, idle time, location.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Include ended sessions.
    #[arg(long)]
    pub all: bool,
}

/// Prints the board.
pub fn run(args: Args) -> ExitCode {
    crate::out::text::list(args.all, &crate::admin::install::state::hook_states)
}
