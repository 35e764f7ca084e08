//! `ring-tmux json [--all]`.

use std::process::ExitCode;

/// RiNG's `--format json` board, with ring's keys added.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Include ended sessions.
    #[arg(long)]
    pub all: bool,
}

/// Prints the board.
pub fn run(args: Args) -> ExitCode {
    crate::read::json(args.all)
}
