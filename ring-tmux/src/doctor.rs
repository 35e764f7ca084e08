//! `ring-tmux doctor` (owner: install helper).
use std::process::ExitCode;

/// Not built yet.
pub fn run(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}
