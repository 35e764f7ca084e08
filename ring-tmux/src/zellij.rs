//! `install-zellij` and the `ring::refresh` pipe (owner: zellij helper).
use std::process::ExitCode;

/// Not built yet.
pub fn install_zellij(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}

/// Called by the hook after a write inside zellij (`$ZELLIJ_SESSION_NAME` set): sends
/// `zellij pipe --name ring::refresh` in the background with a short timeout. Never waits for it.
pub fn refresh_after_hook(_row: Option<&ring_shared::Row>) {}
