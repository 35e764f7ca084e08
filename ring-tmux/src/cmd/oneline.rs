//! `ring-tmux oneline [--all]`.
//!
//! `main` answers `oneline` and `oneline --all` without clap (status bars run them every few
//! seconds); this definition is what `--help`, the completions and the man page show.

use std::process::ExitCode;

/// RiNG's `--format oneline`: counts per state, e.g. `🔴2 🟢1 🟡3`.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Include ended sessions.
    #[arg(long)]
    pub all: bool,
}

/// Prints the board.
pub fn run(args: Args) -> ExitCode {
    crate::out::text::oneline(args.all)
}
