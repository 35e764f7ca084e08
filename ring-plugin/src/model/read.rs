//! The ring folder decoded once per change: rows, side files, the layout's config and each
//! remote host's snapshot, read by ring-shared's rules at a clock.

use super::Remote;
use crate::cells;
use crate::settings::Settings;
use crate::source::Registry;
use ring_shared::config::{Config, RemoteCounts};
use ring_shared::derive::{Session, parse_hidden, parse_labels};
use ring_shared::scan::Published;
use ring_shared::view::remote::{HostCache, read_host};
use ring_shared::view::snapshot::{PUBLISHED_MAX_AGE, SNAPSHOT_VERSION};
use ring_shared::view::{self, Snapshot};

/// Everything decoded from the ring folder, kept until a scan reports a change, so that a
/// quiet tick decodes nothing (the time rules still run: they depend on the clock). The read
/// itself is ring-shared's [`Snapshot::sessions`], the one a page and the npm package run on
/// the snapshot `ring-tmux json --snapshot` prints: here with what a plugin can know (no
/// process scan of its own: the one `ring-tmux` published with `zeroconf.json` ends rows
/// whose agent process is gone while it is fresh, and otherwise liveness keeps rows; no
/// transcript mtimes; paths as written).
#[derive(Debug, Default)]
pub struct ReadInputs {
    /// `config.toml` with the layout's `ring_*` keys applied ([`Settings::config`]).
    pub config: Config,
    /// Rows, hidden sessions, labels, `zeroconf.json` (SessionEnd tombstones applied) and the
    /// `config.toml` text.
    pub snapshot: Snapshot,
    /// Each configured host's last snapshot (`remote/HOST.json`), when there is one.
    pub hosts: Vec<(String, Option<HostCache>)>,
}

impl ReadInputs {
    /// Decodes the registry's side files. `now` only dates a legacy hidden list.
    pub fn decode(registry: &Registry, settings: &Settings, now: f64) -> ReadInputs {
        let snapshot = Snapshot {
            version: SNAPSHOT_VERSION,
            generated_at: now,
            rows: registry.rows().cloned().collect(),
            // RiNG writes hidden times in UTC with an offset; the plugin cannot know the
            // local offset for the rare naive string, and reads it as UTC.
            hidden: registry
                .side("deleted_sessions.json")
                .map(|bytes| parse_hidden(bytes, now, 0).at)
                .unwrap_or_default(),
            labels: registry
                .side("labels.json")
                .map(parse_labels)
                .unwrap_or_default(),
            published: registry
                .side("zeroconf.json")
                .and_then(|bytes| serde_json::from_slice::<Published>(bytes).ok())
                .map(|mut published| {
                    published.end_sessions(|name| registry.ended_at(name));
                    published
                }),
            config: registry.config_toml().unwrap_or_default().to_owned(),
            ..Snapshot::default()
        };
        ReadInputs {
            config: settings.config(registry.config_toml()),
            snapshot,
            hosts: registry
                .hosts()
                .map(|(host, cache)| (host.to_owned(), cache))
                .collect(),
        }
    }

    /// The read-side rules at `now` ([`Snapshot::read`]): published zero-config rows and
    /// agents' states count while younger than [`ZERO_CONFIG_MAX_AGE`]; with when the clock
    /// rules can next change the read ([`view::Read::next_change_at`]).
    pub fn read(&self, now: f64) -> view::Read {
        self.snapshot.read(now, &self.config)
    }

    /// [`ReadInputs::read`] with the hidden sessions kept (the board's `a`), as
    /// `ring-tmux board` reads them.
    pub fn read_showing_hidden(&mut self, now: f64) -> view::Read {
        let hidden = std::mem::take(&mut self.snapshot.hidden);
        let read = self.read(now);
        self.snapshot.hidden = hidden;
        read
    }

    /// Whether `deleted_sessions.json` hides this session.
    pub fn is_hidden(&self, session_id: &str) -> bool {
        self.snapshot.hidden.contains_key(session_id)
    }

    /// The remote hosts' entries at `now` (named `host:project`, no local pane) and marks.
    pub fn remote(&self, now: f64, all: bool) -> Remote {
        let stale_after = self.config.remote_stale_seconds as f64;
        let mut out = Remote {
            apart: self.config.remote_counts == RemoteCounts::Apart,
            ..Remote::default()
        };
        for (host, cache) in &self.hosts {
            let read = read_host(host, cache.as_ref(), now, stale_after, all);
            out.entries.extend(read.entries);
            out.marks.extend(read.mark.map(|m| cells::sanitize(&m)));
            if let Some(at) = read.changes_at.filter(|at| *at > now) {
                out.changes_at = Some(out.changes_at.map_or(at, |o: f64| o.min(at)));
            }
        }
        out
    }

    /// The sessions of [`ReadInputs::read`].
    pub fn sessions(&self, now: f64) -> Vec<Session> {
        self.read(now).sessions
    }

    /// When the published rows and states go stale ([`ZERO_CONFIG_MAX_AGE`]), if they are
    /// still used at `now`.
    pub fn published_expires_at(&self, now: f64) -> Option<f64> {
        self.snapshot.published_expires_at(now)
    }
}

/// How old `zeroconf.json` may be before its rows are ignored: its statuses are as of when
/// `ring-tmux` last read, and nothing refreshes them in a zellij-only setup.
pub const ZERO_CONFIG_MAX_AGE: f64 = PUBLISHED_MAX_AGE;
