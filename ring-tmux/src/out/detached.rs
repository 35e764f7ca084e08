//! The hook's detached child, `ring-tmux __push …`: what the hook must tell tmux and zellij
//! after a write, done after the hook has exited, so the agent never waits on either.
//!
//! ```text
//! hook: write row → next stamp → unlock → spawn `ring-tmux __push [--tmux PLAN…] [--zellij S]`
//!       (stdin/stdout/stderr /dev/null, not waited for) → exit 0
//! child: setsid → tmux calls (≤ PUSH_BUDGET) → zellij pipe (≤ 2 s)
//!        → notification flush (never waits for notify.lock; decides ≤ 20 s, sends within
//!          each channel's timeout) → exit
//! ```
//!
//! Every call the child makes is [`crate::sys::run::bounded`]: killed with `SIGKILL` past its
//! deadline, reaped. The child's whole life is thus bounded (about 2.3 s), so children never
//! pile up; the hook exits at once and init reaps it.

use crate::tmux::push::Plan;
use std::process::{Command, ExitCode, Stdio};

/// The hidden subcommand (matched in `main` before clap, like `hook`).
pub const SUBCOMMAND: &str = "__push";

/// What is left to do after the hook's write.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deferred {
    /// The tmux push.
    pub tmux: Option<Plan>,
    /// The zellij session to refresh.
    pub zellij: Option<String>,
    /// Notifications to decide and send (after the tmux push and the zellij refresh).
    pub notify: Option<Notify>,
}

/// The notification work of the child.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notify {
    /// Decide what is queued ([`crate::out::notify::spool`]: the hook queued its ring before
    /// handing this over) and what timer is due.
    Flush,
}

impl Deferred {
    /// Nothing to do.
    pub fn is_empty(&self) -> bool {
        self.tmux.is_none() && self.zellij.is_none() && self.notify.is_none()
    }

    /// The child's arguments after [`SUBCOMMAND`].
    pub fn to_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(plan) = &self.tmux {
            args.push("--tmux".to_owned());
            args.extend(plan.to_args());
        }
        if let Some(session) = &self.zellij {
            args.push("--zellij".to_owned());
            args.push(session.clone());
        }
        match &self.notify {
            Some(Notify::Flush) => args.push("--notify-flush".to_owned()),
            None => {}
        }
        args
    }

    /// Parses [`Deferred::to_args`]; anything else gives `None` (nothing is done).
    pub fn from_args(args: &[String]) -> Option<Deferred> {
        let mut out = Deferred::default();
        let mut rest = args;
        loop {
            match rest {
                [] => return Some(out),
                [flag, tail @ ..] if flag == "--tmux" && out.tmux.is_none() => {
                    let (plan, tail) = tail.split_at_checked(6)?;
                    out.tmux = Some(Plan::from_args(plan)?);
                    rest = tail;
                }
                [flag, session, tail @ ..] if flag == "--zellij" && out.zellij.is_none() => {
                    out.zellij = Some(session.clone());
                    rest = tail;
                }
                [flag, tail @ ..] if flag == "--notify-flush" && out.notify.is_none() => {
                    out.notify = Some(Notify::Flush);
                    rest = tail;
                }
                _ => return None,
            }
        }
    }

    /// Hands the work to a detached child: stdin, stdout and stderr on `/dev/null`, not
    /// waited for, in a process group of its own from the start: an agent that signals its
    /// hook's group as it exits (Claude Code after `SessionEnd`, real-agent suite claude
    /// basic/exit) must not kill the push that clears the badge before its `setsid`.
    pub fn spawn(&self) -> std::io::Result<()> {
        use std::os::unix::process::CommandExt;
        Command::new(std::env::current_exe()?)
            .process_group(0)
            .arg(SUBCOMMAND)
            .args(self.to_args())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map(drop)
    }

    fn run(&self) {
        if let Some(plan) = &self.tmux {
            crate::tmux::push::execute(plan);
            if plan.pane.is_some() || plan.tty.is_some() {
                let env = crate::sys::env::Env::from_process();
                crate::tmux::drift::mark_pushed(&env.ring_home, &plan.socket);
            }
        }
        if let Some(session) = &self.zellij {
            crate::zellij::refresh(session);
        }
        if let Some(Notify::Flush) = &self.notify {
            let env = crate::sys::env::Env::from_process();
            let config = crate::gather::read_config(&env.ring_home).0;
            crate::out::notify::flush::flush(&env, &config);
        }
    }
}

/// `ring-tmux __push ARGS…`: leaves the agent's session (its terminal's hangup or Ctrl-C must
/// not reach the child, and the child must not hold the terminal), then does the work.
/// Prints nothing; exits 0.
///
/// It also steps aside for the agent: a lower priority and a millisecond's pause before the
/// tmux call, so on a small machine the agent (and the hook's own exit) get the CPU first
/// and the push runs while the agent works, not while it waits for its hook. A badge that
/// lands a millisecond later is not one a person can see.
pub fn run(args: &[String]) -> ExitCode {
    let _ = rustix::process::setsid();
    let _ = rustix::process::nice(10);
    std::thread::sleep(std::time::Duration::from_millis(1));
    if let Some(work) = Deferred::from_args(args) {
        work.run();
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tmux::pane::Visible;
    use ring_shared::Status;

    fn plan() -> Plan {
        Plan {
            socket: "/tmp/s".into(),
            pane: Some("%1".into()),
            tty: None,
            visible: Visible::of(Status::Idle, ""),
            stamp: 7,
        }
    }

    #[test]
    fn work_survives_the_trip_to_the_child() {
        for work in [
            Deferred {
                tmux: Some(plan()),
                zellij: Some("my session".into()),
                notify: Some(Notify::Flush),
            },
            Deferred {
                tmux: Some(plan()),
                zellij: None,
                notify: None,
            },
            Deferred {
                tmux: None,
                zellij: Some("--tmux".into()),
                notify: Some(Notify::Flush),
            },
        ] {
            assert_eq!(Deferred::from_args(&work.to_args()), Some(work));
        }
    }

    #[test]
    fn the_child_refuses_arguments_the_hook_never_sends() {
        for args in [
            vec!["--zellij"],
            vec!["--tmux", "/s", "%1"],
            vec!["--zellij", "a", "--zellij", "b"],
            vec!["--notify-rang", "s"],
            vec!["--notify-flush", "--notify-flush"],
            vec!["other"],
        ] {
            let args: Vec<String> = args.into_iter().map(str::to_owned).collect();
            assert_eq!(Deferred::from_args(&args), None, "{args:?}");
        }
    }
}
