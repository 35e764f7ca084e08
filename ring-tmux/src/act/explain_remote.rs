//! `explain` for a session on another host: the host's own `ring-tmux explain --session ID`
//! over the one ssh path ([`crate::gather::remote::ssh::Ssh`]: BatchMode, ControlMaster, a
//! deadline), its text relayed sanitized. Only a host of `remote_hosts` is asked: a name
//! typed or sent by anyone else runs no ssh.

use crate::act::remote::{Refused, host_reason};
use crate::gather::remote::ssh::Ssh;
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::format::sanitize;
use ring_shared::view::Entry;
use ring_shared::view::remote::{valid_host, valid_session_id};

/// A session on another host: the host, and the session's id there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Target {
    pub host: String,
    pub session_id: String,
}

/// The remote session `id` names among `sessions`: a listed remote entry, else `host:id`
/// for a session this machine does not list (a host's hidden or ended one, or a host not
/// read yet). `None`: a local session, or no `host:` form.
pub(crate) fn target_of(id: &str, sessions: &[Entry]) -> Option<Target> {
    if let Some(entry) = sessions.iter().find(|e| e.session_id == id) {
        let remote = entry.remote.as_ref()?;
        return Some(Target {
            host: remote.host.clone(),
            session_id: remote.session_id.clone(),
        });
    }
    let (host, session_id) = id.split_once(':')?;
    (valid_host(host) && !session_id.is_empty()).then(|| Target {
        host: host.to_owned(),
        session_id: session_id.to_owned(),
    })
}

/// Runs the host's `ring-tmux explain --session ID [--json]` and gives its output, each line
/// sanitized (the host's words are data). Refused without ssh when the host is not one of
/// `remote_hosts` or the id is not one ring passes on.
pub(crate) fn call(target: &Target, json: bool) -> Result<String, Refused> {
    let env = Env::from_process();
    let config: Config = crate::gather::read_config(&env.ring_home).0;
    if !config.remote_hosts.contains(&target.host) {
        return Err(Refused {
            what: ring_shared::t!("err-remote-unknown", host = sanitize(&target.host)),
            fix: ring_shared::t!("err-remote-unknown-add"),
        });
    }
    if !valid_session_id(&target.session_id) {
        return Err(Refused {
            what: ring_shared::t!("err-explain-remote-id", id = sanitize(&target.session_id)),
            fix: ring_shared::t!("err-explain-remote-id-fix"),
        });
    }
    let mut words = vec!["ring-tmux", "explain", "--session", &target.session_id];
    if json {
        words.push("--json");
    }
    let ssh = Ssh {
        config: &config,
        ring_home: &env.ring_home,
    };
    let on_host = || {
        ring_shared::t!(
            "err-explain-remote-fix",
            host = target.host.as_str(),
            id = sanitize(&target.session_id)
        )
    };
    let out = ssh.run(&target.host, &words).map_err(|why| Refused {
        what: ring_shared::t!(
            "err-explain-remote-silent",
            host = target.host.as_str(),
            why = sanitize(&why)
        ),
        fix: on_host(),
    })?;
    if !out.success {
        return Err(Refused {
            what: ring_shared::t!(
                "err-explain-remote-failed",
                host = target.host.as_str(),
                why = host_reason(&out)
            ),
            fix: on_host(),
        });
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Ok(text.lines().map(|l| sanitize(l) + "\n").collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_shared::view::remote::Remote;

    fn entry(id: &str, remote: Option<Remote>) -> Entry {
        let mut row = ring_shared::Row::new(id);
        row.status = ring_shared::Status::Idle;
        let board = ring_shared::board::Board::build(
            vec![ring_shared::derive::Session::from_hook(row)],
            0,
            10.0,
            true,
        );
        let view = ring_shared::view::View::of_board(board, &Default::default(), "/home/u");
        let mut entry = view.entries.into_iter().next().expect("one entry");
        entry.remote = remote;
        entry
    }

    fn remote_entry(host: &str, id: &str) -> Entry {
        entry(
            &format!("{host}:{id}"),
            Some(Remote {
                host: host.into(),
                session_id: id.into(),
                ..Default::default()
            }),
        )
    }

    #[test]
    fn a_listed_remote_entry_names_its_host_and_its_id_there() {
        let sessions = vec![remote_entry("devbox", "s-1")];
        let t = target_of("devbox:s-1", &sessions).expect("remote");
        assert_eq!((t.host.as_str(), t.session_id.as_str()), ("devbox", "s-1"));
    }

    #[test]
    fn a_local_session_or_a_name_without_a_host_is_not_remote() {
        let local = entry("a:b", None);
        assert_eq!(target_of("a:b", &[local]), None, "a local id with a colon");
        assert_eq!(target_of("plain", &[]), None);
        assert_eq!(
            target_of("-oProxy=x:id", &[]),
            None,
            "an ssh option is no host"
        );
        assert_eq!(target_of("host:", &[]), None);
        assert_eq!(
            target_of("other:s-9", &[]),
            Some(Target {
                host: "other".into(),
                session_id: "s-9".into()
            })
        );
    }
}
