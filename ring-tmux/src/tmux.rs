//! tmux integration: pane-option push, drift repair, `jump`, `menu` (owner: tmux helper).
use std::process::ExitCode;

/// Not built yet.
pub fn jump(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}

/// Not built yet.
pub fn menu(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}

/// Called by the hook after it wrote (`after` = the new row) or deleted (`after` = `None`) a
/// row; `before` is the previous row if there was one. Pushes `@ring_state` / `@ring_kind`
/// into the agent's pane when the visible state changed and the pane is validated.
/// Bounded in time; never prints; errors are ignored (the status path repairs drift).
pub fn push_after_hook(
    _env: &crate::env::Env,
    _before: Option<&ring_shared::Row>,
    _after: Option<&ring_shared::Row>,
) {
}
