//! How a person names a session (an id, id prefix, label or project) and how ring names it
//! back in a confirmation: shared by every command that acts on one session.

use ring_shared::format::sanitize;
use ring_shared::pick::{Pick, pick};
use ring_shared::view::Entry;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// The one session `query` (an id, id prefix, label or project, typed by a person) names
/// among `sessions`; otherwise says why on stderr (every session a name or prefix matches
/// listed by the id `ring-tmux list` shows) and gives exit code 1.
pub(crate) fn pick_session(query: &str, sessions: &[Entry]) -> Result<String, ExitCode> {
    match pick_among(query, sessions) {
        Pick::One(id) => Ok(id),
        Pick::Ambiguous(ids) => {
            let short =
                ring_shared::pick::short_ids(sessions.iter().map(|e| e.session_id.as_str()));
            let listed: Vec<String> = ids
                .iter()
                .filter_map(|id| sessions.iter().find(|e| &e.session_id == id))
                .map(|e| describe(e, &short))
                .collect();
            Err(crate::sys::voice::fail(
                &ring_shared::t!(
                    "err-session-ambiguous",
                    query = sanitize(query),
                    count = ids.len(),
                    listed = listed.join(", ")
                ),
                &ring_shared::t!("err-session-ambiguous-fix"),
            ))
        }
        Pick::None => Err(crate::sys::voice::fail(
            &ring_shared::t!("err-session-none", query = sanitize(query)),
            &ring_shared::t!("err-session-none-fix"),
        )),
    }
}

/// What `query` (an id, id prefix, label or project) names among `sessions`, saying nothing.
pub(crate) fn pick_among(query: &str, sessions: &[Entry]) -> Pick {
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
    pick(query, ids, &labels, &projects)
}

/// The session a front end named by its exact id (`--session ID`: the row it showed), never
/// a label or id prefix of another one: a session that ended and went is not replaced by
/// whichever session a person's query would find. Says so on stderr, exit 1, when no
/// session has that id.
pub(crate) fn exact_session(id: &str, sessions: &[Entry]) -> Result<String, ExitCode> {
    if sessions.iter().any(|e| e.session_id == id) {
        return Ok(id.to_owned());
    }
    Err(crate::sys::voice::fail(
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
        (None, None) => Err(crate::sys::voice::usage(
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
pub(crate) fn every_session() -> (crate::sys::env::Env, Vec<Entry>) {
    let env = crate::sys::env::Env::from_process();
    let config = crate::gather::read_config(&env.ring_home).0;
    let loaded = crate::gather::load_board(&env, &config, true);
    (env, loaded.view.entries)
}
