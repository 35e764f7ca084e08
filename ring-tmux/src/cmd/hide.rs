//! `ring-tmux hide SESSION` (`--session ID`: by exact id): writes `deleted_sessions.json` (shared with RiNG). A hidden
//! session leaves every board until its agent's next event un-hides it.

use ring_shared::t;
use std::process::ExitCode;

/// Hide a session from every board until its agent's next event (deleted_sessions.json).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The session: its id, a prefix of the id, or its label.
    #[arg(
        value_name = "SESSION",
        required_unless_present = "exact",
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
}

pub fn run(args: Args) -> ExitCode {
    let (env, sessions) = super::every_session();
    let id = match super::session_of(args.exact.as_deref(), args.session.as_deref(), &sessions) {
        Ok(id) => id,
        Err(code) => return code,
    };
    use crate::store::hidden::Hide;
    match crate::store::hidden::hide(&env.ring_home, &id, env.now()) {
        Ok(hid @ Hide::Hidden { .. }) => {
            if matches!(&hid, Hide::Hidden { set_aside: Some(_) }) {
                crate::sys::voice::warn(&crate::sys::printable::printable(&hid.say()));
            }
            crate::zellij::refresh_current_session();
            let short =
                ring_shared::pick::short_ids(sessions.iter().map(|e| e.session_id.as_str()));
            super::report(&t!(
                "err-hide-done",
                session = super::called(&id, &sessions),
                short = ring_shared::format::sanitize(short.get(&id).map_or(&id, |s| s))
            ));
            ExitCode::SUCCESS
        }
        Ok(Hide::Locked) => super::file_locked("deleted_sessions.json"),
        Err(e) => super::file_unwritable("deleted_sessions.json", &e),
    }
}
