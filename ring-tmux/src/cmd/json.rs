//! `ring-tmux json [--all] [--snapshot]`.

use std::process::ExitCode;

/// RiNG's `--format json` board, with ring's keys added.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Include ended sessions.
    #[arg(long)]
    pub all: bool,
    /// Print the read inputs instead of the board: one JSON document (rows, side files, the
    /// process scan, zero-config rows) from which `ring_shared::view::view` (and the
    /// `@ring-status/view` npm package) derive the board at any later time.
    #[arg(long, conflicts_with = "all")]
    pub snapshot: bool,
}

/// Prints the board, or the snapshot.
pub fn run(args: Args) -> ExitCode {
    if args.snapshot {
        crate::out::text::print_snapshot()
    } else {
        crate::out::text::json(args.all)
    }
}
