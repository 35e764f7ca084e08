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
use ring_shared::view::View;
use ring_shared::view::remote::{Fetched, entries, merge};

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
