//! Other machines on one board (issue 27): each host of `remote_hosts` is read over the
//! user's own ssh (`ssh HOST ring-tmux json --snapshot`) by a background refresher
//! (`remote::cache`); every reader adds the last snapshot's sessions to its view, named
//! `host:project` ([`ring_shared::view::remote`]), and never runs ssh itself. `jump` and
//! `reply` reach a remote session through ssh too (`remote::act`).
//!
//! ```text
//! read::build_view ─ add_to ─▶ cache::read(HOST) ─▶ view::remote::entries ─▶ merge
//!                            └▶ cache::refresh_when_due ─▶ `ring-tmux remote refresh HOST`
//! ```
//!
//! Nothing a host sends acts here: its entries carry no local pane, socket or terminal, and
//! the only way to its dialogs is the remote `ring-tmux reply` with the same whole-dialog
//! check.
pub(crate) mod cache;
pub(crate) mod config_file;
pub(crate) mod ssh;

use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::format::relative_time;
use ring_shared::t;
use ring_shared::view::remote::{Fetched, entries, merge, valid_host};
use ring_shared::view::{Entry, View};

/// A session on another host as ring names it here, `host:session_id`: the one rule for
/// "does this id name a host" (serve, explain, the answer's log line).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct RemoteId {
    pub host: String,
    pub session_id: String,
}

impl RemoteId {
    /// `id`'s `host:` form: a valid host name before the first `:`, something after it.
    /// `None`: no host form (a local id).
    pub(crate) fn parse(id: &str) -> Option<RemoteId> {
        let (host, session_id) = id.split_once(':')?;
        (valid_host(host) && !session_id.is_empty()).then(|| RemoteId {
            host: host.to_owned(),
            session_id: session_id.to_owned(),
        })
    }

    /// The remote session `id` names among `sessions`: a listed entry's own host and id (a
    /// listed local one is `None`, a colon in its id or not), else [`RemoteId::parse`] for
    /// one not listed here (a host's hidden or ended session, a host not read yet).
    pub(crate) fn named(id: &str, sessions: &[Entry]) -> Option<RemoteId> {
        match sessions.iter().find(|e| e.session_id == id) {
            Some(entry) => RemoteId::of(entry),
            None => RemoteId::parse(id),
        }
    }

    /// The host of `entry` and its id there, when it is another host's session.
    pub(crate) fn of(entry: &Entry) -> Option<RemoteId> {
        entry.remote.as_ref().map(|r| RemoteId {
            host: r.host.clone(),
            session_id: r.session_id.clone(),
        })
    }

    /// Whether its host is one of `remote_hosts`: only those are ever asked.
    pub(crate) fn configured(&self, config: &Config) -> bool {
        config.remote_hosts.contains(&self.host)
    }
}

/// How a host stands, for the segment and `remote list`.
#[derive(Debug, Clone, PartialEq)]
pub struct HostState {
    pub host: String,
    /// Seconds since its last snapshot arrived (`None`: none ever did).
    pub age: Option<f64>,
    /// Its snapshot is older than `remote_stale_seconds`.
    pub stale: bool,
    /// Why the last fetch failed, if it did.
    pub error: Option<String>,
}

impl HostState {
    /// Never answered, and the last try failed.
    pub fn unreachable(&self) -> bool {
        self.age.is_none() && self.error.is_some()
    }

    /// One line about it: `dev1  ok 4s`, `dev2  stale 3m (no answer within 10s)`,
    /// `dev3  unreachable (Connection refused)`, `dev4  not read yet`. Sanitized.
    pub fn describe(&self) -> String {
        let why = self
            .error
            .as_deref()
            .map(|e| {
                format!(
                    " {}",
                    t!("remote-why", why = ring_shared::format::sanitize(e))
                )
            })
            .unwrap_or_default();
        let state = match self.age {
            None if self.error.is_some() => format!("{}{why}", t!("remote-unreachable")),
            None => t!("remote-unread"),
            Some(age) if self.stale => {
                format!("{}{why}", t!("remote-stale", age = relative_time(age)))
            }
            Some(age) => format!("{}{why}", t!("remote-ok", age = relative_time(age))),
        };
        format!("{}  {state}", self.host)
    }
}

/// Adds every configured host's last sessions to `view` and, with `refresh`, starts the
/// refreshers that are due; gives each host's state. Reads files only.
pub(crate) fn add_to(
    env: &Env,
    config: &Config,
    view: &mut View,
    all: bool,
    refresh: bool,
) -> Vec<HostState> {
    let now = view.generated_at;
    let mut states = Vec::new();
    let mut remote = Vec::new();
    for host in &config.remote_hosts {
        let cached = cache::read(&env.ring_home, host);
        if refresh {
            cache::refresh_when_due(env, config, host, cached.as_ref());
        }
        let stale_after = config.remote_stale_seconds as f64;
        let mut state = HostState {
            host: host.clone(),
            age: None,
            stale: false,
            error: cached.as_ref().and_then(|c| c.error.clone()),
        };
        if let Some(c) = &cached
            && let Some(snapshot) = &c.snapshot
        {
            let fetched = Fetched {
                host,
                snapshot,
                fetched_at: c.ok_at,
                stale_after,
            };
            remote.extend(entries(fetched, now, all));
            let age = (now - c.ok_at).max(0.0);
            state.age = Some(age);
            state.stale = age > stale_after;
        }
        states.push(state);
    }
    merge(view, remote);
    states
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
        let view = View::of_board(board, &Default::default(), "/home/u");
        let mut entry = view.entries.into_iter().next().expect("one entry");
        entry.remote = remote;
        entry
    }

    fn id(host: &str, session_id: &str) -> RemoteId {
        RemoteId {
            host: host.into(),
            session_id: session_id.into(),
        }
    }

    #[test]
    fn a_listed_remote_entry_names_its_host_and_its_id_there() {
        let remote = Remote {
            host: "devbox".into(),
            session_id: "s-1".into(),
            ..Default::default()
        };
        let sessions = vec![entry("devbox:s-1", Some(remote))];
        assert_eq!(
            RemoteId::named("devbox:s-1", &sessions),
            Some(id("devbox", "s-1"))
        );
    }

    #[test]
    fn a_local_session_or_a_name_without_a_host_is_not_remote() {
        let local = entry("a:b", None);
        assert_eq!(
            RemoteId::named("a:b", &[local]),
            None,
            "a local id, a colon"
        );
        assert_eq!(RemoteId::named("plain", &[]), None);
        assert_eq!(RemoteId::parse("-oProxy=x:id"), None, "an ssh option");
        assert_eq!(RemoteId::parse("host:"), None);
        assert_eq!(RemoteId::named("other:s-9", &[]), Some(id("other", "s-9")));
    }

    #[test]
    fn only_a_host_of_remote_hosts_is_configured() {
        let config = Config {
            remote_hosts: vec!["devbox".into()],
            ..Config::default()
        };
        assert!(id("devbox", "s").configured(&config));
        assert!(!id("evil", "s").configured(&config));
    }
}
