//! One module per subcommand: its clap `Args` (every flag, for `--help`, completions and the
//! man page) and a thin `run` that hands typed values to the subsystem doing the work.
//! [`crate::cli`] lists them; a new command is a module here plus a variant there.

pub mod board;
pub mod completions;
pub mod digest;
pub mod doctor;
pub mod explain;
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
pub mod remote;
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

/// The one session `query` (an id, id prefix, label or project, typed by a person) names
/// among `sessions`; otherwise says why on stderr (every session a name or prefix matches
/// listed by the id `ring-tmux list` shows) and gives exit code 1.
pub(crate) fn pick_session(query: &str, sessions: &[Entry]) -> Result<String, ExitCode> {
    let names = |of: fn(&Entry) -> &str| -> BTreeMap<String, String> {
        sessions
            .iter()
            .filter(|e| !of(e).is_empty())
            .map(|e| (e.session_id.clone(), of(e).to_owned()))
            .collect()
    };
    let labels = names(|e| &e.label);
    let projects = names(|e| &e.project);
    let ids = sessions.iter().map(|e| e.session_id.as_str());
    match pick(query, ids, &labels, &projects) {
        Pick::One(id) => Ok(id),
        Pick::Ambiguous(ids) => {
            let short =
                ring_shared::pick::short_ids(sessions.iter().map(|e| e.session_id.as_str()));
            let listed: Vec<String> = ids
                .iter()
                .filter_map(|id| sessions.iter().find(|e| &e.session_id == id))
                .map(|e| describe(e, &short))
                .collect();
            Err(crate::voice::fail(
                &ring_shared::t!(
                    "err-session-ambiguous",
                    query = sanitize(query),
                    count = ids.len(),
                    listed = listed.join(", ")
                ),
                &ring_shared::t!("err-session-ambiguous-fix"),
            ))
        }
        Pick::None => Err(crate::voice::fail(
            &ring_shared::t!("err-session-none", query = sanitize(query)),
            &ring_shared::t!("err-session-none-fix"),
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
        &ring_shared::t!("err-session-no-id", id = sanitize(id)),
        &ring_shared::t!("err-session-no-id-fix"),
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
            &ring_shared::t!("err-session-missing"),
            &ring_shared::t!("err-session-missing-fix"),
        )),
    }
}

/// `ID (label, project, state)` for a candidate list, with the id as `list` shows it.
fn describe(entry: &Entry, short: &BTreeMap<String, String>) -> String {
    let id = short.get(&entry.session_id).unwrap_or(&entry.session_id);
    let state = ring_shared::format::status_label(entry.status);
    let names: Vec<String> = [entry.label.as_str(), entry.project.as_str(), &state]
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(sanitize)
        .collect();
    format!("{} ({})", sanitize(id), names.join(", "))
}

/// How a confirmation names the session `id`: `ID (name)`, with the id as `list` shows it.
pub(crate) fn called(id: &str, sessions: &[Entry]) -> String {
    let short = ring_shared::pick::short_ids(sessions.iter().map(|e| e.session_id.as_str()));
    let shown = sanitize(short.get(id).map_or(id, String::as_str));
    match sessions
        .iter()
        .find(|e| e.session_id == id)
        .map(Entry::name)
    {
        Some(name) if !name.is_empty() => format!("{shown} ({})", sanitize(name)),
        _ => shown,
    }
}

/// Prints a command's one-line report of what it did on stdout (a closed stdout is fine).
pub(crate) fn report(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// Every session on the board, ended ones too (with their labels): what `name` and `hide`
/// pick from.
pub(crate) fn every_session() -> (crate::env::Env, Vec<Entry>) {
    let env = crate::env::Env::from_process();
    let config = crate::read::read_config(&env.ring_home).0;
    let loaded = crate::read::load_board(&env, &config, true);
    (env, loaded.view.entries)
}
