//! `ring-tmux unhide SESSION`: `hide`'s undo. Removes the session from
//! `deleted_sessions.json` (shared with RiNG), so every board shows it again at once instead of
//! at its agent's next event.

use crate::store::hidden::Unhide;
use ring_shared::format::sanitize;
use ring_shared::pick::{Pick, pick};
use ring_shared::t;
use std::process::ExitCode;

/// Show a hidden session on every board again (hide's undo).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The hidden session: its id, a prefix of the id, or its label.
    #[arg(value_name = "SESSION", add = super::completions::hidden_completer())]
    pub session: String,
}

/// Un-hides the session. Picks among the hidden ids only: the board, which `hide` picks
/// from, leaves hidden sessions out.
pub fn run(args: Args) -> ExitCode {
    let env = crate::sys::env::Env::from_process();
    let hidden = crate::gather::hidden_ids(&env);
    let labels = crate::gather::read_labels(&env);
    let id = match pick(
        &args.session,
        hidden.iter().map(String::as_str),
        &labels,
        &Default::default(),
    ) {
        Pick::One(id) => id,
        Pick::Ambiguous(ids) => {
            let ids: Vec<String> = ids.iter().map(|id| sanitize(id)).collect();
            return crate::sys::voice::fail(
                &t!(
                    "err-hidden-ambiguous",
                    query = sanitize(&args.session),
                    count = ids.len(),
                    listed = ids.join(", ")
                ),
                &t!("err-hidden-ambiguous-fix"),
            );
        }
        Pick::None => {
            return crate::sys::voice::fail(
                &t!("err-hidden-none", query = sanitize(&args.session)),
                &t!("err-hidden-none-fix"),
            );
        }
    };
    match crate::store::hidden::unhide(&env.ring_home, &id, env.now()) {
        Ok(Unhide::Removed | Unhide::NotHidden) => {
            crate::zellij::refresh_current_session();
            ExitCode::SUCCESS
        }
        Ok(Unhide::LockTimedOut) => super::file_locked("deleted_sessions.json"),
        Err(e) => super::file_unwritable("deleted_sessions.json", &e),
    }
}
