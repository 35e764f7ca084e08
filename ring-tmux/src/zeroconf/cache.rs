//! `RING_HOME/cache/scan.json`: what each transcript, rollout and the Codex database said,
//! keyed by (mtime, size), and when the folders were last listed. Only a speed-up: a missing,
//! corrupt or foreign cache is simply rebuilt.

use ring_shared::scan::{CodexThread, RolloutFacts, TranscriptFacts};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::time::{Duration, UNIX_EPOCH};

/// Bumped whenever the cached facts change meaning.
const VERSION: u32 = 1;
/// The cache file, inside `RING_HOME/cache/`.
const FILE: &str = "scan.json";

/// What identifies a version of a file.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FileKey {
    /// mtime, epoch seconds.
    pub mtime: f64,
    pub size: u64,
}

impl FileKey {
    pub fn of(meta: &std::fs::Metadata) -> FileKey {
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0.0, |d| d.as_secs_f64());
        FileKey {
            mtime,
            size: meta.len(),
        }
    }
}

/// One listed transcript; `facts` is `None` until it is read (files outside the active
/// window never are).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TranscriptEntry {
    pub path: String,
    pub dir_name: String,
    pub key: FileKey,
    pub facts: Option<TranscriptFacts>,
}

/// The Codex threads as read for one version of the database (and its WAL).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CodexEntry {
    pub key: Vec<Option<FileKey>>,
    pub threads: Vec<CodexThread>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Cache {
    version: u32,
    /// `$HOME` the cache was built for (tests and `sudo` switch homes).
    home: String,
    /// Wall-clock time of the last listing.
    pub listed_at: f64,
    /// In listing order.
    pub transcripts: Vec<TranscriptEntry>,
    pub codex: Option<CodexEntry>,
    rollouts: BTreeMap<String, (FileKey, RolloutFacts)>,
    /// Something changed since loading: save.
    #[serde(skip)]
    pub dirty: bool,
    #[serde(skip)]
    loaded_listed_at: f64,
    #[serde(skip)]
    used_rollouts: HashSet<String>,
}

impl Cache {
    /// The cache for `home`, or an empty one.
    pub fn load(dir: &Path, home: &Path) -> Cache {
        let home = home.to_string_lossy().into_owned();
        let loaded = std::fs::read(dir.join(FILE))
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Cache>(&bytes).ok())
            .filter(|c| c.version == VERSION && c.home == home);
        let mut cache = loaded.unwrap_or_else(|| Cache {
            version: VERSION,
            home,
            listed_at: f64::NEG_INFINITY,
            ..Cache::default()
        });
        cache.loaded_listed_at = cache.listed_at;
        cache
    }

    /// Whether the folders must be listed again: the last listing is older than `ttl`, or
    /// in the future (a clock change).
    pub fn is_stale(&self, wall: f64, ttl: Duration) -> bool {
        let age = wall - self.listed_at;
        !(0.0..ttl.as_secs_f64()).contains(&age)
    }

    /// Replaces the listing, keeping the facts of files whose (mtime, size) did not change.
    pub fn relist_transcripts(&mut self, listed: Vec<(String, String, FileKey)>) {
        let mut old: HashMap<String, TranscriptEntry> = self
            .transcripts
            .drain(..)
            .map(|e| (e.path.clone(), e))
            .collect();
        let mut changed = old.len() != listed.len();
        for (path, dir_name, key) in listed {
            let facts = match old.remove(&path) {
                Some(entry) if entry.key == key => entry.facts,
                _ => {
                    changed = true;
                    None
                }
            };
            self.transcripts.push(TranscriptEntry {
                path,
                dir_name,
                key,
                facts,
            });
        }
        self.dirty |= changed;
    }

    /// Cached rollout facts, if the file is unchanged.
    pub fn rollout(&mut self, path: &str, key: FileKey) -> Option<&RolloutFacts> {
        self.used_rollouts.insert(path.to_owned());
        self.rollouts
            .get(path)
            .filter(|(k, _)| *k == key)
            .map(|(_, facts)| facts)
    }

    pub fn note_rollout(&mut self, path: &str, key: FileKey, facts: RolloutFacts) {
        self.used_rollouts.insert(path.to_owned());
        self.rollouts.insert(path.to_owned(), (key, facts));
        self.dirty = true;
    }

    /// Writes the cache if anything changed (errors ignored: it is only a speed-up). After a
    /// listing, rollouts no thread asked for are forgotten.
    pub fn save(mut self, dir: &Path) {
        if self.listed_at != self.loaded_listed_at {
            let used = std::mem::take(&mut self.used_rollouts);
            self.rollouts.retain(|path, _| used.contains(path));
            self.dirty = true;
        }
        if !self.dirty {
            return;
        }
        let Ok(bytes) = serde_json::to_vec(&self) else {
            return;
        };
        if std::fs::create_dir_all(dir).is_ok() {
            let _ = crate::store::write_atomic(dir, FILE, &bytes);
        }
    }
}
