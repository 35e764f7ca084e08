//! `install-hooks` / `remove-hooks` (owner: install helper).
use std::process::ExitCode;

/// Not built yet.
pub fn install_hooks(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}

/// Not built yet.
pub fn remove_hooks(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}
