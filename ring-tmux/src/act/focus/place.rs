//! Going to a place ring knows (a tmux pane, a zellij pane): the command that gets there and
//! running it with a deadline. A notification's click and the focus backends both use it.

use anyhow::{Context, Result, bail};
use std::ffi::OsString;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long the jump after a click may take.
pub(crate) const JUMP_TIMEOUT: Duration = Duration::from_secs(3);

/// What a click does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Jump {
    /// Run this command (`ring-tmux jump --socket S --session ID`).
    Command(Vec<OsString>),
    /// Switch the zellij session's clients to the tab holding terminal pane `pane`: zellij
    /// 0.45's `action focus-pane-id` from outside a client focuses nothing (it applies to the
    /// CLI's own client), while `go-to-tab-by-id` moves the attached clients.
    ZellijTab { session: String, pane: u64 },
}

/// Where a session lives, as its row says: what a jump to it needs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Place<'a> {
    pub session_id: &'a str,
    pub tmux_socket: Option<&'a str>,
    pub zellij_session: Option<&'a str>,
    pub zellij_pane: Option<&'a str>,
}

/// The jump to a session's pane (tmux: `ring_tmux jump --socket S --session ID`, the
/// current executable when `ring_tmux` is empty) or its tab (zellij); `None` when the row
/// names neither, or names them with values that cannot be passed on safely.
pub fn jump_to(place: &Place<'_>, ring_tmux: &std::path::Path) -> Option<Jump> {
    let session = Some(place.session_id).filter(|s| !s.is_empty() && !s.starts_with('-'));
    if let (Some(socket), Some(id)) = (place.tmux_socket, session)
        && !socket.is_empty()
    {
        let ring = if ring_tmux.as_os_str().is_empty() {
            std::env::current_exe().ok()?
        } else {
            ring_tmux.to_path_buf()
        };
        return Some(Jump::Command(vec![
            ring.into_os_string(),
            "jump".into(),
            "--socket".into(),
            socket.into(),
            "--session".into(),
            id.into(),
        ]));
    }
    let zellij = place.zellij_session.filter(|s| {
        !s.is_empty()
            && !s.starts_with('-')
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
    })?;
    let pane = place
        .zellij_pane
        .map(|p| p.strip_prefix("terminal_").unwrap_or(p))
        .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))?
        .parse()
        .ok()?;
    Some(Jump::ZellijTab {
        session: zellij.to_owned(),
        pane,
    })
}

/// The tab id of terminal pane `pane` in `zellij action list-panes --tab --json` output.
pub fn tab_of(list_panes_json: &str, pane: u64) -> Option<u64> {
    let panes: Vec<serde_json::Value> = serde_json::from_str(list_panes_json).ok()?;
    panes
        .iter()
        .find(|p| {
            p.get("is_plugin").and_then(serde_json::Value::as_bool) == Some(false)
                && p.get("id").and_then(serde_json::Value::as_u64) == Some(pane)
        })?
        .get("tab_id")?
        .as_u64()
}

/// Runs a jump, bounded (a few seconds).
pub fn run_jump(jump: Jump) -> Result<()> {
    run_jump_within(jump, JUMP_TIMEOUT)
}

/// [`run_jump`] with its own bound.
pub fn run_jump_within(jump: Jump, timeout: Duration) -> Result<()> {
    let deadline = Instant::now() + timeout;
    let run = |argv: &[OsString]| -> Result<String> {
        let (program, args) = argv
            .split_first()
            .with_context(|| ring_shared::t!("focus-jump-empty"))?;
        let mut command = Command::new(program);
        command.args(args);
        match crate::sys::run::bounded(command, deadline) {
            Some(out) if out.success => Ok(out.stdout),
            Some(_) => bail!(ring_shared::t!("focus-jump-failed")),
            None => bail!(ring_shared::t!("focus-jump-unfinished")),
        }
    };
    match jump {
        Jump::Command(argv) => run(&argv).map(drop),
        Jump::ZellijTab { session, pane } => {
            let zellij = crate::zellij::program();
            let base = [zellij, "--session".into(), session.into(), "action".into()];
            let mut list = base.to_vec();
            list.extend(["list-panes", "--tab", "--json"].map(OsString::from));
            let tab = tab_of(&run(&list)?, pane).with_context(|| {
                ring_shared::t!("focus-zellij-no-pane", pane = pane.to_string())
            })?;
            let mut go = base.to_vec();
            go.extend(["go-to-tab-by-id".into(), tab.to_string().into()]);
            run(&go).map(drop)
        }
    }
}
