//! `ring-tmux hook`: the writer every agent event runs (owner: hook helper).
use std::process::ExitCode;

/// Not built yet.
pub fn run(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}
