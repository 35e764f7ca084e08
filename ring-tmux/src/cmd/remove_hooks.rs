//! `ring-tmux remove-hooks`.

use std::process::ExitCode;

/// Remove ring-tmux's hook entries, keeping every other hook.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Print the exact change and write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Never ask a question (accepted for symmetry; removal never asks).
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Remove RiNG's `ring hook` entries too.
    #[arg(long)]
    pub include_ring: bool,
}

pub fn run(args: Args) -> ExitCode {
    crate::admin::install::remove_hooks(&crate::admin::install::RemoveArgs {
        dry_run: args.dry_run,
        yes: args.yes,
        include_ring: args.include_ring,
    })
}
