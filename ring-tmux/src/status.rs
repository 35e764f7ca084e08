//! `ring-tmux status`: the styled tmux status segment and drift repair (owner: tmux helper).
use std::process::ExitCode;

/// Not built yet.
pub fn run(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}
