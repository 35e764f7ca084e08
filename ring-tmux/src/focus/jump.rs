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
    let row = read_row(&env, &id)
        .filter(|row| view.entries.iter().any(|e| e.session_id == row.session_id));
    let Some(row) = row.filter(|r| !ring_shared::focus::plan(&config.focus_order, r).is_empty())
    else {
        return crate::tmux::jump(args);
    };
    let mut sys = Sys::here(Instant::now() + BUDGET);
    sys.tmux_socket = args
        .socket
        .clone()
        .or_else(crate::tmux::run::socket_from_env);
    sys.tmux_client.clone_from(&args.client);
    let outcome = reach(&row, &config.focus_order, &sys);
    let name = crate::cmd::called(&id, &view.entries);
    if !outcome.reached() {
        return crate::voice::fail(
            &format!(
                "could not reach {name}: {}",
                sanitize(&outcome.failed.join("; "))
            ),
            "`ring-tmux doctor` says which ways to jump this machine offers",
        );
    }
    crate::tmux::jump::remember_last(&env.ring_home, &id);
    if args.client.is_none() {
        crate::cmd::report(&format!(
            "went to {name}: {}",
            sanitize(&outcome.done.join(", "))
        ));
        if !outcome.failed.is_empty() {
            crate::voice::error(
                &format!(
                    "not everything moved: {}",
                    sanitize(&outcome.failed.join("; "))
                ),
                "`ring-tmux doctor` says which ways to jump this machine offers",
            );
        }
    }
    ExitCode::SUCCESS
}
