//! `ring-tmux name SESSION LABEL` (`name --session ID LABEL`: by exact id): writes `labels.json` (shared with RiNG), which every front
//! end shows in place of the project.

use ring_shared::t;
use std::process::ExitCode;

/// Give a session a name (`labels.json`, shared with RiNG); an empty LABEL removes it.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The session: its id, a prefix of the id, or its current label (with --session, the
    /// one word given is the LABEL).
    #[arg(
        value_name = "SESSION",
        allow_hyphen_values = true,
        add = super::completions::session_completer()
    )]
    pub session: Option<String>,
    /// The name to show for it ("" removes the name).
    #[arg(value_name = "LABEL", allow_hyphen_values = true)]
    pub label: Option<String>,
    /// The session by its exact id, never a label or prefix (what the boards pass).
    #[arg(long = "session", value_name = "ID", allow_hyphen_values = true)]
    pub exact: Option<String>,
}

pub fn run(args: Args) -> ExitCode {
    let (query, label) = match (&args.exact, args.session, args.label) {
        (Some(_), Some(label), None) => (None, label),
        (None, Some(query), Some(label)) => (Some(query), label),
        _ => {
            return crate::sys::voice::usage(
                &t!("err-name-usage"),
                &t!("err-see-help", command = "name"),
            );
        }
    };
    let (env, sessions) = super::every_session();
    let id = match super::session_of(args.exact.as_deref(), query.as_deref(), &sessions) {
        Ok(id) => id,
        Err(code) => return code,
    };
    use crate::store::labels::Set;
    match crate::store::labels::set(&env.ring_home, &id, &label, env.now()) {
        Ok(Set::Written { set_aside }) => {
            if let Some(aside) = set_aside {
                crate::sys::voice::warn(&crate::sys::printable::printable(&aside.say()));
            }
            crate::zellij::refresh_current_session();
            let was = super::called(&id, &sessions);
            if label.is_empty() {
                super::report(&t!("err-name-removed", session = was));
            } else {
                super::report(&t!(
                    "err-name-set",
                    session = was,
                    label = ring_shared::format::sanitize(&label)
                ));
            }
            ExitCode::SUCCESS
        }
        Ok(Set::Locked) => super::file_locked("labels.json"),
        Err(e) => super::file_unwritable("labels.json", &e),
    }
}
