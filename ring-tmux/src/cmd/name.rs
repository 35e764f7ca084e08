//! `ring-tmux name SESSION LABEL`: writes `labels.json` (shared with RiNG), which every front
//! end shows in place of the project.

use std::process::ExitCode;

/// Give a session a name (`labels.json`, shared with RiNG); an empty LABEL removes it.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The session: its id, a prefix of the id, or its current label.
    #[arg(value_name = "SESSION", add = super::completions::session_completer())]
    pub session: String,
    /// The name to show for it ("" removes the name).
    #[arg(value_name = "LABEL", allow_hyphen_values = true)]
    pub label: String,
}

/// Names the session.
pub fn run(args: Args) -> ExitCode {
    let (env, sessions) = super::every_session();
    let id = match super::pick_session(&args.session, &sessions) {
        Ok(id) => id,
        Err(code) => return code,
    };
    use crate::store::labels::Set;
    match crate::store::labels::set(&env.ring_home, &id, &args.label, env.now()) {
        Ok(Set::Written { set_aside }) => {
            if let Some(aside) = set_aside {
                crate::voice::warn(&crate::printable::printable(&aside.say()));
            }
            crate::zellij::refresh_current_session();
            ExitCode::SUCCESS
        }
        Ok(Set::Locked) => crate::voice::fail(
            "labels.json is locked by another ring process",
            "try again in a moment",
        ),
        Err(e) => crate::voice::fail(
            &format!("could not write labels.json: {e}"),
            "check that the ring folder is yours and writable (`ring-tmux doctor`)",
        ),
    }
}
