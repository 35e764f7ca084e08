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
    let args = crate::tmux::jump::Args {
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
        crate::focus::jump::run(&args)
    } else {
        crate::tmux::jump(&args)
    }
}
