//! `ring-tmux notify` (issue 14).

use std::process::ExitCode;

/// Send a test notification through each configured channel, or what is due.
///
/// `--test` reports each channel's result (exit 1 if one failed); `--flush` sends what is due
/// (debounce, quiet's end, reminders, Codex waits) and prints nothing: the zellij plugin's
/// timer runs it.
#[derive(Debug, Clone, Default, PartialEq, clap::Args)]
pub struct Args {
    /// Send one test note through each configured channel and report each result.
    #[arg(long)]
    pub test: bool,
    /// Send what is due; prints nothing.
    #[arg(long, conflicts_with = "test")]
    pub flush: bool,
}

/// Tests or flushes.
pub fn run(args: Args) -> ExitCode {
    crate::out::notify::cli::notify(args.test, args.flush)
}
