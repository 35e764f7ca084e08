//! `jump SESSION` and `jump --session ID` through the focus backends: every one the
//! session's row can use, innermost first (a Neovim buffer, the tmux pane or zellij tab,
//! then the terminal's window), wherever it is: the tmux backend decides by the row's server
//! whether to switch, say how to get there or attach. Sessions whose row names no way at all
//! (found without hooks in this tmux server) go through tmux as before.

use super::{Sys, reach};
use crate::gather::{RowFile, load_board, read_config};
use crate::sys::env::Env;
use ring_shared::Row;
use ring_shared::format::sanitize;
use ring_shared::view::Entry;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A person pressed a key or typed a command; some backends start a program each.
const BUDGET: Duration = Duration::from_secs(5);

/// The row file of session `id`, if it has a usable one.
pub(crate) fn read_row(env: &Env, id: &str) -> Option<Row> {
    let path = env
        .sessions_dir()
        .join(ring_shared::registry::file_name(id));
    match crate::gather::read_row_file(&path, &mut Vec::new()) {
        RowFile::Row(row) if row.session_id == id => Some(row),
        _ => None,
    }
}

/// The row the focus path works on for `entry`: its stored row (terminal variables, agent
/// pid) with the board's places, which know more (a session found without hooks on another
/// tmux server has that server from the board only).
pub(crate) fn row_for(env: &Env, entry: &Entry) -> Row {
    let mut row = read_row(env, &entry.session_id).unwrap_or_else(|| Row::new(&entry.session_id));
    row.tmux_socket.clone_from(&entry.tmux_socket);
    row.tmux_pane.clone_from(&entry.tmux_pane);
    row.tty.clone_from(&entry.tty);
    row.zellij_session.clone_from(&entry.zellij_session);
    row.zellij_pane.clone_from(&entry.zellij_pane);
    row
}

/// What the focus path needs of this machine for a jump from the tmux server `socket` and
/// its `client` (`None`: from outside tmux).
pub(crate) fn sys(socket: Option<String>, client: Option<String>) -> Sys {
    let mut sys = Sys::here(Instant::now() + BUDGET);
    sys.tmux_socket = socket;
    sys.tmux_client = client;
    sys
}

/// Runs the focus plan of `entry` (`socket` and `client`: the tmux server and client the
/// jump came from); `None` when its row names no way to reach it (then tmux's own jump,
/// which knows sessions found without hooks on this server, is the one to try).
pub(crate) fn reach_entry(
    env: &Env,
    config: &ring_shared::config::Config,
    entry: &Entry,
    sys: &Sys,
) -> Option<super::Outcome> {
    let row = row_for(env, entry);
    if ring_shared::focus::plan(&config.focus_order, &row).is_empty() {
        return None;
    }
    Some(reach(&row, &config.focus_order, sys))
}

/// Runs `jump` for a named session (`args.target` or `args.session`).
pub(crate) fn run(args: &crate::act::jump::Args) -> ExitCode {
    let env = Env::from_process();
    let config = read_config(&env.ring_home).0;
    let view = load_board(&env, &config, false).view;
    let id = match (&args.session, &args.target) {
        (Some(id), _) => id.clone(),
        (None, Some(query)) => match crate::gather::named::pick_session(query, &view.entries) {
            Ok(id) => id,
            Err(code) => return code,
        },
        (None, None) => return crate::act::jump::jump(args),
    };
    let Some(entry) = view.entries.iter().find(|e| e.session_id == id) else {
        return crate::act::jump::jump(args);
    };
    let socket = args
        .socket
        .clone()
        .or_else(crate::sys::run::socket_from_env);
    let mut sys = sys(socket, args.client.clone());
    // From a shell outside tmux, a session in tmux is reached by attaching this terminal.
    sys.attach = sys.tmux_socket.is_none();
    let Some(outcome) = reach_entry(&env, &config, entry, &sys) else {
        return crate::act::jump::jump(args);
    };
    let name = crate::gather::named::called(&id, &view.entries);
    if !outcome.reached() {
        let why = ring_shared::t!(
            "err-jump-unreached",
            session = name.as_str(),
            why = sanitize(&outcome.failed.join("; "))
        );
        // A key binding or a board: said to the client that asked, as tmux's jump says it.
        if let (Some(socket), Some(_)) = (&sys.tmux_socket, &args.client) {
            tell(socket, args.client.as_deref(), &why, sys.deadline);
            return ExitCode::SUCCESS;
        }
        return crate::sys::voice::fail(&why, &ring_shared::t!("err-jump-doctor"));
    }
    crate::act::jump::remember_last(&env.ring_home, &id);
    if args.client.is_none() {
        let then = format!(", {} ", ring_shared::t!("err-jump-then"));
        crate::gather::named::report(&ring_shared::t!(
            "err-jump-switched",
            session = name.as_str(),
            ways = sanitize(&outcome.done.join(&then))
        ));
        if !outcome.failed.is_empty() {
            crate::sys::voice::error(
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

/// Shows `text` to `client` of the server at `socket` (`display-message`, escaped).
pub(crate) fn tell(socket: &str, client: Option<&str>, text: &str, deadline: Instant) {
    let mut argv = vec!["display-message".to_owned()];
    argv.extend(crate::tmux::client_args(client));
    argv.push(ring_shared::format::escape_tmux(&format!("ring: {text}")));
    let _ = crate::sys::run::run(socket, &argv, deadline);
}

/// For a session in no tmux pane or zellij tab whose row names another way to reach it (a
/// Neovim buffer, a kitty window…): `ring_tmux jump --session ID` (the web page's "Go there").
pub(crate) fn elsewhere(
    id: &str,
    ring_tmux: &std::path::Path,
) -> Option<crate::act::focus::place::Jump> {
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
    Some(crate::act::focus::place::Jump::Command(vec![
        ring.into_os_string(),
        "jump".into(),
        "--session".into(),
        id.into(),
    ]))
}
