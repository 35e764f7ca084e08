//! One module per subcommand: its clap `Args` (every flag, for `--help`, completions and the
//! man page) and a thin `run` that hands typed values to the subsystem doing the work.
//! [`crate::cli`] lists them; a new command is a module here plus a variant there.

pub mod board;
pub mod completions;
pub mod digest;
pub mod doctor;
pub mod gc;
pub mod hide;
pub mod hook;
pub mod install_hooks;
pub mod install_zellij;
pub mod json;
pub mod jump;
pub mod list;
pub mod man;
pub mod menu;
pub mod name;
pub mod notify;
pub mod oneline;
pub mod quiet;
pub mod remove_hooks;
pub mod reply;
pub mod serve;
pub mod stats;
pub mod status;
pub mod unhide;
pub mod uninstall;

use ring_shared::format::sanitize;
use ring_shared::pick::{Pick, pick};
use ring_shared::view::Entry;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// The one session `query` (an id, id prefix or label, typed by a person) names among
/// `sessions`; otherwise says why on stderr (the candidates of an ambiguous prefix listed)
/// and gives exit code 1.
pub(crate) fn pick_session(query: &str, sessions: &[Entry]) -> Result<String, ExitCode> {
    let labels: BTreeMap<String, String> = sessions
        .iter()
        .filter(|e| !e.label.is_empty())
        .map(|e| (e.session_id.clone(), e.label.clone()))
        .collect();
    let labels = &labels;
    let ids = sessions.iter().map(|e| e.session_id.as_str());
    match pick(query, ids, labels) {
        Pick::One(id) => Ok(id),
        Pick::Ambiguous(ids) => {
            let listed: Vec<String> = ids
                .iter()
                .map(|id| describe(id, sessions, labels))
                .collect();
            Err(crate::voice::fail(
                &format!(
                    "`{}` matches {} sessions: {}",
                    sanitize(query),
                    ids.len(),
                    listed.join(", ")
                ),
                "give more of the id, or the whole label",
            ))
        }
        Pick::None => Err(crate::voice::fail(
            &format!("no session is called `{}`", sanitize(query)),
            "give an id, a prefix of one, or a label (see `ring-tmux list`)",
        )),
    }
}

/// The session a front end named by its exact id (`--session ID`: the row it showed), never
/// a label or id prefix of another one: a session that ended and went is not replaced by
/// whichever session a person's query would find. Says so on stderr, exit 1, when no
/// session has that id.
pub(crate) fn exact_session(id: &str, sessions: &[Entry]) -> Result<String, ExitCode> {
    if sessions.iter().any(|e| e.session_id == id) {
        return Ok(id.to_owned());
    }
    Err(crate::voice::fail(
        &format!(
            "no session has the id `{}` (it may have ended)",
            sanitize(id)
        ),
        "nothing was done; see `ring-tmux list --all` for the sessions there are",
    ))
}

/// `--session ID` exactly ([`exact_session`]) when given, else a person's query
/// ([`pick_session`]).
pub(crate) fn session_of(
    exact: Option<&str>,
    query: Option<&str>,
    sessions: &[Entry],
) -> Result<String, ExitCode> {
    match (exact, query) {
        (Some(id), _) => exact_session(id, sessions),
        (None, Some(query)) => pick_session(query, sessions),
        (None, None) => Err(crate::voice::usage(
            "no session given",
            "give SESSION (an id, a prefix of one, or a label) or --session ID",
        )),
    }
}

/// `id (label, project)` for a candidate list.
fn describe(id: &str, sessions: &[Entry], labels: &BTreeMap<String, String>) -> String {
    let project = sessions
        .iter()
        .find(|e| e.session_id == id)
        .map_or("", |e| e.project.as_str());
    let names: Vec<&str> = [labels.get(id).map(String::as_str), Some(project)]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect();
    if names.is_empty() {
        sanitize(id)
    } else {
        format!("{} ({})", sanitize(id), sanitize(&names.join(", ")))
    }
}

/// Every session on the board, ended ones too (with their labels): what `name` and `hide`
/// pick from.
pub(crate) fn every_session() -> (crate::env::Env, Vec<Entry>) {
    let env = crate::env::Env::from_process();
    let config = crate::read::read_config(&env.ring_home).0;
    let loaded = crate::read::load_board(&env, &config, true);
    (env, loaded.view.entries)
}
