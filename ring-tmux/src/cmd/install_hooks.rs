//! `ring-tmux install-hooks`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Install ring's hook into Claude Code (and Codex when ~/.codex exists).
///
/// Idempotent; a timestamped backup precedes every write; every other hook and setting is
/// kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Print the exact change and write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Never ask a question (for scripts).
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Replace RiNG's `ring hook` entries by ring-tmux's (both write the same rows).
    #[arg(long)]
    pub replace_ring: bool,
    /// The ring-tmux binary the hooks run (default: this binary).
    #[arg(long, value_name = "PATH")]
    pub binary: Option<PathBuf>,
}

/// Installs the hooks.
pub fn run(args: Args) -> ExitCode {
    crate::install::install_hooks(&args)
}
