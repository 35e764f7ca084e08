//! zellij at run time: the `ring::refresh` pipe the hook (and the status line) sends after a
//! write that changes what zellij's bar shows, and the zellij program ring runs. Installing
//! the plugin is `crate::admin::zellij`.

use ring_shared::Row;
use std::process::Command;

/// The pipe the plugin listens to for an immediate re-read.
pub const REFRESH_PIPE: &str = "ring::refresh";

/// Called by the hook after a write with the row before and after it: the zellij session to
/// refresh, only when something the plugin shows changed (state, kind, detail, place,
/// project), so a run of tool calls in one working session costs no process. The plugin's own
/// timed poll catches everything else (every second while things happen, at most every 4 s
/// while nothing does: `ring-plugin/src/pace.rs`).
pub fn refresh_after_change(before: Option<&Row>, after: Option<&Row>) -> Option<String> {
    if !visible_change(before, after) {
        return None;
    }
    std::env::var("ZELLIJ_SESSION_NAME")
        .ok()
        .filter(|s| !s.trim().is_empty())
}

/// After a command that changes what every board shows (`name`, `hide`): the zellij session
/// it runs in (a board's `n` or `dd`, or a shell pane) re-reads at once instead of at its next
/// quiet scan, up to 4 s later.
pub fn refresh_current_session() {
    if let Some(session) = std::env::var("ZELLIJ_SESSION_NAME")
        .ok()
        .filter(|s| !s.trim().is_empty())
    {
        refresh(&session);
    }
}

/// Whether the bar or the board would draw `after` differently from `before`.
pub fn visible_change(before: Option<&Row>, after: Option<&Row>) -> bool {
    let key = |r: &Row| {
        (
            r.status,
            r.waiting_kind.clone(),
            r.waiting_detail.clone(),
            r.zellij_session.clone(),
            r.zellij_pane.clone(),
            r.cwd.clone(),
            r.origin_cwd.clone(),
        )
    };
    match (before, after) {
        (Some(b), Some(a)) => key(b) != key(a),
        (None, None) => false,
        _ => true,
    }
}

/// The zellij binary: `$RING_ZELLIJ` (the one ring's tests and CI pin), else `zellij` on PATH.
pub fn program() -> std::ffi::OsString {
    std::env::var_os("RING_ZELLIJ")
        .filter(|z| !z.is_empty())
        .unwrap_or_else(|| "zellij".into())
}

/// How long `zellij pipe` may take: a pipe to a dying session can hang.
pub const REFRESH_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// `zellij --session NAME pipe --name ring::refresh`, killed (`SIGKILL`, with anything it
/// started) past [`REFRESH_TIMEOUT`]: a zellij that ignores `SIGTERM` cannot linger. Run by
/// the hook's detached child, never by the hook itself.
pub fn refresh(session: &str) {
    let mut command = Command::new(program());
    command.args(["--session", session, "pipe", "--name", REFRESH_PIPE]);
    let _ = crate::sys::run::bounded(command, std::time::Instant::now() + REFRESH_TIMEOUT);
}
