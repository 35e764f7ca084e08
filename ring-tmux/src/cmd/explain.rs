//! `ring-tmux explain SESSION [--json]` (`--session ID`: by exact id): which source and rule
//! decided what ring shows for a session, with the evidence (the `explain` module).

use crate::act::explain_remote;
use ring_shared::t;
use std::process::ExitCode;

/// Say why ring shows a session as it does: the rule (docs/rules.md), its source, the evidence.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The session: its id, a prefix of the id, its label or its project.
    #[arg(
        value_name = "SESSION",
        required_unless_present = "exact",
        allow_hyphen_values = true,
        add = super::completions::session_completer()
    )]
    pub session: Option<String>,
    /// The session by its exact id, never a label or prefix (what the boards pass).
    #[arg(
        long = "session",
        value_name = "ID",
        conflicts_with = "session",
        allow_hyphen_values = true,
        add = super::completions::session_completer()
    )]
    pub exact: Option<String>,
    /// Print the explanation and its evidence as JSON (for a bug report).
    #[arg(long)]
    pub json: bool,
}

/// Explains the session.
pub fn run(args: Args) -> ExitCode {
    let env = crate::sys::env::Env::from_process();
    let config = crate::gather::read_config(&env.ring_home).0;
    let asked = args.exact.as_deref().or(args.session.as_deref());
    // A session the board leaves out (hidden, or ended by SessionEnd) is still explained
    // when it is named by its whole id.
    let id = match asked.filter(|id| known_off_board(&env, id)) {
        Some(id) => id.to_owned(),
        None => {
            let (_, sessions) = super::every_session();
            if let Some(target) =
                remote_target(args.exact.as_deref(), args.session.as_deref(), &sessions)
            {
                return explain_remote(&target, args.json);
            }
            match super::session_of(args.exact.as_deref(), args.session.as_deref(), &sessions) {
                Ok(id) => id,
                Err(code) => return code,
            }
        }
    };
    let Some(report) = crate::out::explain::report(&env, &config, &id) else {
        return crate::sys::voice::fail(
            &t!(
                "err-explain-unknown",
                id = ring_shared::format::sanitize(&id)
            ),
            &t!("err-explain-unknown-fix"),
        );
    };
    let text = if args.json {
        let mut json = serde_json::to_string_pretty(&report).unwrap_or_default();
        json.push('\n');
        json
    } else {
        crate::out::explain::text(&report)
    };
    super::man::print(text.as_bytes())
}

/// The session on another host that `--session ID` or `SESSION` names: a listed remote
/// entry, or `host:id` that names no session here (one the host hides, or a host not read
/// yet). Local sessions, and a query naming several, go the local way.
fn remote_target(
    exact: Option<&str>,
    query: Option<&str>,
    sessions: &[ring_shared::view::Entry],
) -> Option<crate::gather::remote::RemoteId> {
    use ring_shared::pick::Pick;
    let id = match (exact, query) {
        (Some(id), _) => id.to_owned(),
        (None, Some(query)) => match crate::gather::named::pick_among(query, sessions) {
            Pick::One(id) => id,
            Pick::Ambiguous(_) => return None,
            Pick::None => query.to_owned(),
        },
        (None, None) => return None,
    };
    crate::gather::remote::RemoteId::named(&id, sessions)
}

/// The host's own explanation, relayed; why not, when it gives none.
fn explain_remote(target: &crate::gather::remote::RemoteId, json: bool) -> ExitCode {
    match explain_remote::call(target, json) {
        Ok(text) => super::man::print(text.as_bytes()),
        Err(refused) => crate::sys::voice::fail(&refused.what, &refused.fix),
    }
}

/// Whether `id` is the whole id of a session that has a row file, is hidden, or was ended by
/// its hooks.
fn known_off_board(env: &crate::sys::env::Env, id: &str) -> bool {
    let name = ring_shared::registry::file_name(id);
    env.sessions_dir().join(&name).is_file()
        || crate::gather::hidden_ids(env).iter().any(|h| h == id)
        || crate::store::ended::ended_at(&env.sessions_dir(), &name).is_some()
}
