//! `ring-tmux jump`: ring.tmux binds it to `prefix a` with
//! `--client #{client_name} --pane #{pane_id} --socket #{socket_path}`. From a shell,
//! `ring-tmux jump SESSION` goes to one session by id, id prefix or label.

use std::process::ExitCode;

/// Switch the tmux client to the session that has waited longest (again: the next one).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// Go to this session instead of the next waiting one: its id, a prefix of the id, or
    /// its label (`ring-tmux name`). A prefix several sessions share lists them, exit 1.
    #[arg(
        value_name = "SESSION",
        conflicts_with = "session",
        add = super::completions::session_completer()
    )]
    pub target: Option<String>,
    /// The tmux server (default: $TMUX's).
    #[arg(long, value_name = "PATH", allow_hyphen_values = true)]
    pub socket: Option<String>,
    /// The client to switch (ring.tmux passes #{client_name}).
    #[arg(long, value_name = "NAME", allow_hyphen_values = true)]
    pub client: Option<String>,
    /// The pane that client is on (#{pane_id}): jumping again from the pane jump took you to
    /// goes on to the next waiting session.
    #[arg(long, value_name = "%N", allow_hyphen_values = true)]
    pub pane: Option<String>,
    /// Go to this session's pane (waiting or not) instead of the next waiting one; a
    /// notification's "go to session" action runs this.
    #[arg(
        long,
        value_name = "ID",
        allow_hyphen_values = true,
        add = super::completions::session_completer()
    )]
    pub session: Option<String>,
}

/// An empty value (an unset tmux format) is no value.
pub(crate) fn given(value: Option<String>) -> Option<String> {
    value.filter(|v| !v.is_empty())
}

/// Switches the client.
pub fn run(args: Args) -> ExitCode {
    let (session, target) = (given(args.session.clone()), given(args.target.clone()));
    if session.is_some() || target.is_some() {
        let (_, sessions) = super::every_session();
        if let Some(entry) = remote_entry(session.as_deref(), target.as_deref(), &sessions) {
            let socket = given(args.socket).or_else(crate::sys::run::socket_from_env);
            let client = given(args.client);
            return crate::act::remote::jump(entry, socket.as_deref(), client.as_deref());
        }
    }
    let args = crate::act::jump::Args {
        socket: given(args.socket),
        client: given(args.client),
        pane: given(args.pane),
        height: None,
        width: None,
        session: given(args.session),
        target: given(args.target),
    };
    // A named session may run anywhere (Neovim, kitty, a desktop window…): the focus
    // backends reach it; the next waiting one is a tmux key's business.
    if args.session.is_some() || args.target.is_some() {
        crate::act::focus::jump::run(&args)
    } else {
        crate::act::jump::jump(&args)
    }
}

/// The remote session `--session ID` or `SESSION` names, if it names exactly one and that
/// one is on another host ([`crate::gather::remote`]); local sessions go the tmux way.
fn remote_entry<'a>(
    session: Option<&str>,
    target: Option<&str>,
    sessions: &'a [ring_shared::view::Entry],
) -> Option<&'a ring_shared::view::Entry> {
    let id = match (session, target) {
        (Some(id), _) => id.to_owned(),
        (None, Some(query)) => {
            let names = |of: fn(&ring_shared::view::Entry) -> &str| {
                sessions
                    .iter()
                    .filter(|e| !of(e).is_empty())
                    .map(|e| (e.session_id.clone(), of(e).to_owned()))
                    .collect()
            };
            let ids = sessions.iter().map(|e| e.session_id.as_str());
            match ring_shared::pick::pick(query, ids, &names(|e| &e.label), &names(|e| &e.project))
            {
                ring_shared::pick::Pick::One(id) => id,
                _ => return None,
            }
        }
        (None, None) => return None,
    };
    sessions
        .iter()
        .find(|e| e.session_id == id)
        .filter(|e| e.remote.is_some())
}
