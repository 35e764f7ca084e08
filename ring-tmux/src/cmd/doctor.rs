//! `ring-tmux doctor`.

use std::process::ExitCode;

/// Check the installation (read-only); says how to fix each problem.
///
/// Exits 1 when it found a problem.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {}

pub fn run(args: Args) -> ExitCode {
    let Args {} = args;
    crate::admin::doctor::run()
}
