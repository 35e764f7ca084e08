//! `jump SESSION` and `jump --session ID` through the focus backends: every one the
//! session's row can use, innermost first (a Neovim buffer, the tmux pane or zellij tab,
//! then the terminal's window). Sessions whose row names no way at all (found without hooks)
//! go through tmux as before.

use super::{Sys, reach};
use crate::env::Env;
use crate::read::{RowFile, load_board, read_config};
use ring_shared::Row;
use ring_shared::format::sanitize;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A person pressed a key or typed a command; some backends start a program each.
const BUDGET: Duration = Duration::from_secs(5);

/// The row file of session `id`, if it has a usable one.
pub(crate) fn read_row(env: &Env, id: &str) -> Option<Row> {
    let path = env
        .sessions_dir()
        .join(ring_shared::registry::file_name(id));
    match crate::read::read_row_file(&path, &mut Vec::new()) {
        RowFile::Row(row) if row.session_id == id => Some(row),
        _ => None,
    }
}

/// Runs session `id`'s focus plan (`socket` and `client`: the tmux server and client the
/// jump came from); `None` when its row names no way to reach it (then tmux's own jump,
/// which knows sessions found without hooks, is the one to try).
pub(crate) fn reach_id(
    env: &Env,
    config: &ring_shared::config::Config,
    id: &str,
    socket: Option<String>,
    client: Option<String>,
) -> Option<super::Outcome> {
    let row = read_row(env, id)?;
    if ring_shared::focus::plan(&config.focus_order, &row).is_empty() {
        return None;
    }
    let mut sys = Sys::here(Instant::now() + BUDGET);
    sys.tmux_socket = socket.or_else(crate::tmux::run::socket_from_env);
    sys.tmux_client = client;
    Some(reach(&row, &config.focus_order, &sys))
}

/// Runs `jump` for a named session (`args.target` or `args.session`).
pub(crate) fn run(args: &crate::tmux::jump::Args) -> ExitCode {
    let env = Env::from_process();
    let config = read_config(&env.ring_home).0;
    let view = load_board(&env, &config, false).view;
    let id = match (&args.session, &args.target) {
        (Some(id), _) => id.clone(),
        (None, Some(query)) => match crate::cmd::pick_session(query, &view.entries) {
            Ok(id) => id,
            Err(code) => return code,
        },
        (None, None) => return crate::tmux::jump(args),
    };
    let entry = view.entries.iter().find(|e| e.session_id == id);
    // A session in another tmux server of the user, or in tmux while this runs outside tmux
    // (no `--socket`, no `$TMUX`): tmux's jump checks that server is the user's, then says
    // how to get there or attaches (issue 26 item 6).
    let current = args
        .socket
        .clone()
        .or_else(crate::tmux::run::socket_from_env);
    let other_server = |socket: &str| current.as_deref() != Some(socket);
    if entry.is_some_and(|e| {
        e.tmux_socket
            .as_deref()
            .is_some_and(|s| !s.is_empty() && other_server(s))
    }) {
        return crate::tmux::jump(args);
    }
    let on_board = entry.is_some();
    let outcome = on_board
        .then(|| reach_id(&env, &config, &id, args.socket.clone(), args.client.clone()))
        .flatten();
    let Some(outcome) = outcome else {
        return crate::tmux::jump(args);
    };
    let name = crate::cmd::called(&id, &view.entries);
    if !outcome.reached() {
        return crate::voice::fail(
            &ring_shared::t!(
                "err-jump-unreached",
                session = name,
                why = sanitize(&outcome.failed.join("; "))
            ),
            &ring_shared::t!("err-jump-doctor"),
        );
    }
    crate::tmux::jump::remember_last(&env.ring_home, &id);
    if args.client.is_none() {
        let then = format!(", {} ", ring_shared::t!("err-jump-then"));
        crate::cmd::report(&ring_shared::t!(
            "err-jump-switched",
            session = name.as_str(),
            ways = sanitize(&outcome.done.join(&then))
        ));
        if !outcome.failed.is_empty() {
            crate::voice::error(
                &ring_shared::t!(
                    "err-jump-partly",
                    why = sanitize(&outcome.failed.join("; "))
                ),
                &ring_shared::t!("err-jump-doctor"),
            );
        }
    }
    ExitCode::SUCCESS
}

/// For a session in no tmux pane or zellij tab whose row names another way to reach it (a
/// Neovim buffer, a kitty window…): `ring_tmux jump --session ID` (the web page's "Go there").
pub(crate) fn elsewhere(
    id: &str,
    ring_tmux: &std::path::Path,
) -> Option<crate::notify::desktop::Jump> {
    let env = Env::from_process();
    let config = read_config(&env.ring_home).0;
    let row = read_row(&env, id)?;
    if id.starts_with('-') || ring_shared::focus::plan(&config.focus_order, &row).is_empty() {
        return None;
    }
    let ring = if ring_tmux.as_os_str().is_empty() {
        std::env::current_exe().ok()?
    } else {
        ring_tmux.to_path_buf()
    };
    Some(crate::notify::desktop::Jump::Command(vec![
        ring.into_os_string(),
        "jump".into(),
        "--session".into(),
        id.into(),
    ]))
}
