//! `explain` for a session on another host: the host's own `ring-tmux explain --session ID`
//! over the one ssh path ([`crate::gather::remote::ssh::Ssh`]: BatchMode, ControlMaster, a
//! deadline), its text relayed sanitized. Only a host of `remote_hosts` is asked: a name
//! typed or sent by anyone else runs no ssh.

use crate::act::remote::{Refused, host_reason};
use crate::gather::remote::RemoteId;
use crate::gather::remote::ssh::Ssh;
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::format::sanitize;
use ring_shared::view::remote::valid_session_id;

/// Runs the host's `ring-tmux explain --session ID [--json]` and gives its output, each line
/// sanitized (the host's words are data). Refused without ssh when the host is not one of
/// `remote_hosts` or the id is not one ring passes on.
pub(crate) fn call(target: &RemoteId, json: bool) -> Result<String, Refused> {
    let env = Env::from_process();
    let config: Config = crate::gather::read_config(&env.ring_home).0;
    if !target.configured(&config) {
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
