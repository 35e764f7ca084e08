//! A [`Snapshot`]: the read inputs of one ring folder as one serializable document, and
//! [`view`], the board it shows at any `now`. What the zellij plugin reads (rows, `zeroconf.json`,
//! hidden sessions, labels, config), plus what only a native reader knows (the process scan,
//! transcript mtimes, realpaths, tmux targets, `$HOME`) when the writer had it.
//!
//! ```text
//!  ring folder ── (ring-tmux serve, the zellij plugin) ──▶ Snapshot ──JSON──▶ page, Node
//!  Snapshot + now ── Snapshot::sessions (view::sessions) ──▶ View::build ──▶ View (JSON)
//! ```
//!
//! The time rules (the Codex permission wait, the bare SessionStart, idle times) run at the
//! `now` given, not at the snapshot's time, so a page ticks them without asking its server.
//! Missing keys take their defaults (an older writer), unknown keys are ignored (a newer one),
//! and a row that does not decode is skipped while the rest still show.

use crate::agent::OwnState;
use crate::config::Config;
use crate::derive::{Procs, ReadContext, Session};
use crate::registry::{Row, decode_row, encode_row};
use crate::scan::{Published, ScanSession};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How old the published zero-config rows and agents' states may be (at `now`) before they
/// are ignored: their statuses are as of when `ring-tmux` last read, and in a zellij-only setup
/// nothing refreshes them. A reader that holds a snapshot longer must ask for a fresh one.
pub const PUBLISHED_MAX_AGE: f64 = 60.0;

/// The version of the snapshot document ([`Snapshot::version`]); raised only on a change an
/// older reader would misread (new keys are added without one).
pub const SNAPSHOT_VERSION: u32 = 1;

/// The read inputs of one ring folder. Keys are stable (the page and the npm package parse
/// them); new keys are only ever added.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Snapshot {
    /// [`SNAPSHOT_VERSION`] of the writer.
    pub version: u32,
    /// When the inputs were read (epoch seconds). Display only: the view is built at the `now`
    /// passed to [`view`].
    pub generated_at: f64,
    /// The hook rows, in file-name order, each as its row file's JSON object (§3 keys).
    #[serde(with = "row_objects")]
    pub rows: Vec<Row>,
    /// `zeroconf.json`: the zero-config rows and the agents' own states `ring-tmux` found,
    /// with the SessionEnd tombstones newer than it already applied
    /// ([`Published::end_sessions`]).
    pub published: Option<Published>,
    /// `deleted_sessions.json`, parsed: id → hidden_at.
    pub hidden: BTreeMap<String, f64>,
    /// `labels.json`, parsed: id → label.
    pub labels: BTreeMap<String, String>,
    /// The text of `config.toml` (`""`: defaults).
    pub config: String,
    /// The process scan, when the writer could run one; `null`: the scan `published` carries
    /// while fresh (what the zellij plugin knows), else every detector unknown, so liveness
    /// keeps rows.
    pub procs: Option<Procs>,
    /// Transcript path → mtime (epoch seconds), for `hook_stale` (§4.2 c); missing: no mtime.
    pub mtimes: BTreeMap<String, f64>,
    /// Directory → realpath, for liveness; missing: the path as written.
    pub realpaths: BTreeMap<String, String>,
    /// Session id → tmux `session:window.pane` (§4.10), display only.
    pub tmux_targets: BTreeMap<String, String>,
    /// `$HOME`, shown as `~` in `location` (`""`: never).
    pub home: String,
}

/// What [`view`] needs besides the snapshot and the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewOptions {
    /// Keep ended sessions (as `--all`; `show_all` in the config keeps them too).
    pub all: bool,
}

/// The board a snapshot shows at `now`: [`Snapshot::sessions`], then [`super::View::build`].
/// Exactly the read the zellij plugin runs, so a page, the plugin and the terminal agree.
pub fn view(snapshot: &Snapshot, now: f64, options: &ViewOptions) -> super::View {
    let config = snapshot.parsed_config();
    let sessions = snapshot.sessions(now, &config);
    let procs = snapshot.procs.as_ref().map_or(0, Procs::agent_processes);
    super::View::build(
        sessions,
        &super::Options {
            now,
            all: options.all || config.show_all,
            agent_processes: procs,
            labels: &snapshot.labels,
            home: &snapshot.home,
        },
    )
}

impl Snapshot {
    /// `config.toml` parsed; its warnings are the writer's to report.
    pub fn parsed_config(&self) -> Config {
        Config::parse(&self.config).0
    }

    /// The published document, unless older than [`PUBLISHED_MAX_AGE`] at `now`.
    pub fn fresh_published(&self, now: f64) -> Option<&Published> {
        self.published
            .as_ref()
            .filter(|p| now - p.generated_at <= PUBLISHED_MAX_AGE)
    }

    /// The agents' own states published, while fresh at `now`.
    pub fn agent_states(&self, now: f64) -> &[OwnState] {
        self.fresh_published(now).map_or(&[], |p| &p.agents)
    }

    /// The zero-config rows published, while fresh at `now`.
    pub fn zero_config_rows(&self, now: f64) -> Vec<ScanSession> {
        self.fresh_published(now)
            .map(Published::rows)
            .unwrap_or_default()
    }

    /// The read-side rules (§4, [`super::sessions`]) at `now` under `config` (the caller's:
    /// the zellij plugin adds its layout's keys to `config.toml`), with the tmux targets
    /// placed. Sessions in merge order, before board order.
    pub fn read(&self, now: f64, config: &Config) -> super::Read {
        let unknown;
        let published = self.fresh_published(now).and_then(|p| p.procs.as_ref());
        let procs = match self.procs.as_ref().or(published) {
            Some(procs) => procs,
            None => {
                unknown = Procs {
                    by_provider: crate::provider::scanned()
                        .map(|p| (p.name.to_owned(), None))
                        .collect(),
                    ..Procs::default()
                };
                &unknown
            }
        };
        let mtime = |path: &str| self.mtimes.get(path).copied();
        let realpath = |dir: &str| {
            self.realpaths
                .get(dir)
                .cloned()
                .unwrap_or_else(|| dir.to_owned())
        };
        let mut read = super::sessions(super::Inputs {
            ctx: ReadContext {
                now,
                config,
                procs,
                hidden: &self.hidden,
                source_mtime: &mtime,
                realpath: &realpath,
            },
            rows: self.rows.clone(),
            zero_config: super::ZeroConfig::Rows(self.zero_config_rows(now)),
            agents: self.agent_states(now),
        });
        if !self.tmux_targets.is_empty() {
            for session in &mut read.sessions {
                if let Some(target) = self.tmux_targets.get(&session.row.session_id) {
                    session.tmux_target = Some(target.clone());
                }
            }
        }
        read
    }

    /// The sessions of [`Snapshot::read`].
    pub fn sessions(&self, now: f64, config: &Config) -> Vec<Session> {
        self.read(now, config).sessions
    }

    /// When the published rows and states go stale ([`PUBLISHED_MAX_AGE`]), if they are still
    /// used at `now`: a deadline of the read like [`super::Read::next_change_at`].
    pub fn published_expires_at(&self, now: f64) -> Option<f64> {
        self.published
            .as_ref()
            .map(|p| p.generated_at + PUBLISHED_MAX_AGE)
            .filter(|&at| now <= at)
    }

    /// The snapshot as JSON.
    pub fn to_json(&self) -> String {
        // Plain strings, numbers and maps with string keys: serializing cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A snapshot from JSON.
    pub fn from_json(text: &str) -> Result<Snapshot, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// `rows` as the row files' JSON objects ([`encode_row`] / [`decode_row`]): the same keys
/// and the same lenient decoding as the files, and a row that does not decode is skipped.
mod row_objects {
    use super::{Row, decode_row, encode_row};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use serde_json::Value;

    pub fn serialize<S: Serializer>(rows: &[Row], serializer: S) -> Result<S::Ok, S::Error> {
        let objects: Vec<Value> = rows
            .iter()
            .filter_map(|row| serde_json::from_str(&encode_row(row)).ok())
            .collect();
        objects.serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Row>, D::Error> {
        let values = Vec::<Value>::deserialize(deserializer)?;
        Ok(values
            .iter()
            .filter_map(|value| decode_row(value.to_string().as_bytes()).ok())
            .collect())
    }
}

#[cfg(test)]
mod tests;
