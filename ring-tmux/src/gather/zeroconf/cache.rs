//! `RING_HOME/cache/scan.bin` (binary, see the `codec` module): what each transcript,
//! rollout and the Codex database said, keyed by (mtime, size); `RING_HOME/cache/listed`: an empty file whose mtime is the last
//! listing of the folders (so a listing that changed nothing costs no rewrite). Only a
//! speed-up: a missing, corrupt or foreign cache is simply rebuilt.

use crate::store::frame::{self, Frame};
use ring_shared::scan::{CodexThread, RolloutFacts, TranscriptFacts};
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::time::{Duration, UNIX_EPOCH};

/// Bumped whenever the cached facts change meaning or encoding (7: `store::codec`, with the
/// Codex threads and rollouts inside instead of JSON).
pub(super) const VERSION: u32 = 7;
/// The cache file, inside `RING_HOME/cache/`.
const FILE: &str = "scan.bin";
/// Its kind in its frame (`store::frame`; the version is [`VERSION`], the payload is in the
/// `codec` module).
pub(super) const KIND: &[u8; 4] = b"scan";
/// Largest `scan.bin` read.
const FILE_CAP: u64 = 256 << 20;
/// A cache file of an older version, removed when the new one is written.
const OLD_FILE: &str = "scan.json";

/// Cached rollout facts by path.
pub type Rollouts = BTreeMap<String, (FileKey, RolloutFacts)>;
/// The listing stamp, inside `RING_HOME/cache/`.
const STAMP: &str = "listed";

/// What identifies a version of a file.
#[derive(Debug, Clone, Copy, PartialEq)]
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

/// What identifies a version of a folder's entries.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DirKey {
    /// mtime, epoch seconds; NaN (never equal) when it was too recent to trust.
    pub mtime: f64,
    pub ino: u64,
}

impl DirKey {
    /// The key's bits (NaN equals NaN): equal bits need no rewrite of the cache.
    pub fn bits(&self) -> (u64, u64) {
        (self.mtime.to_bits(), self.ino)
    }
}

/// One listed transcript. Its names and mtime live in `facts` (`id` = file stem), so each is
/// stored once; the rest of `facts` is empty until the file is read (`read`), and files
/// outside the active window never are.
#[derive(Debug, Clone)]
pub struct TranscriptEntry {
    pub facts: TranscriptFacts,
    pub size: u64,
    pub read: bool,
}

impl TranscriptEntry {
    /// A listed, not yet read transcript.
    pub fn unread(dir_name: String, stem: String, key: FileKey) -> TranscriptEntry {
        TranscriptEntry {
            facts: TranscriptFacts {
                id: stem,
                dir_name,
                mtime: key.mtime,
                ..TranscriptFacts::default()
            },
            size: key.size,
            read: false,
        }
    }

    /// What identifies the version of the file the facts are about.
    pub fn key(&self) -> FileKey {
        FileKey {
            mtime: self.facts.mtime,
            size: self.size,
        }
    }

    /// The transcript's path under `projects`.
    pub fn path(&self, projects: &Path) -> std::path::PathBuf {
        projects
            .join(&self.facts.dir_name)
            .join(format!("{}.jsonl", self.facts.id))
    }
}

/// The Codex threads as read for one version of the database (and its WAL).
#[derive(Debug, Clone, PartialEq)]
pub struct CodexEntry {
    pub key: Vec<Option<FileKey>>,
    pub threads: Vec<CodexThread>,
}

#[derive(Debug, Default)]
pub struct Cache {
    /// `$HOME` the cache was built for (tests and `sudo` switch homes).
    pub(super) home: String,
    /// Hash of the last published rows (0: none): publish only what changed.
    pub published_hash: u64,
    /// Wall-clock time of the last listing (the stamp's mtime).
    pub listed_at: f64,
    /// In listing order.
    pub transcripts: Vec<TranscriptEntry>,
    /// `~/.claude/projects` at the last listing.
    pub projects: Option<DirKey>,
    /// The project folders at the last listing, in name order.
    pub dirs: Vec<(String, DirKey)>,
    /// Wall-clock time the transcripts outside the window were last `stat`ed.
    pub old_checked_at: f64,
    /// Fingerprint of the live agents at the last listing (see `super::agents_fingerprint`).
    pub agents: u64,
    /// The last listing left some transcripts inside the window un-`stat`ed (their rows were
    /// ended whatever their mtime): a read that shows ended rows must list again.
    pub partial: bool,
    pub codex: Option<CodexEntry>,
    pub(super) rollouts: Rollouts,
    /// Something changed since loading: save.
    pub dirty: bool,
    pub(super) relisted: bool,
    pub(super) used_rollouts: HashSet<String>,
}

impl Cache {
    /// The cache for `home`, or an empty one.
    pub fn load(dir: &Path, home: &Path) -> Cache {
        let home = home.to_string_lossy().into_owned();
        let loaded = frame::load(&dir.join(FILE), FILE_CAP)
            .and_then(|bytes| frame::open::<Cache>(KIND, VERSION, &bytes))
            .filter(|c| c.home == home);
        let loaded_ok = loaded.is_some();
        let mut cache = loaded.unwrap_or_else(|| Cache {
            home,
            old_checked_at: f64::NEG_INFINITY,
            ..Cache::default()
        });
        // Without a usable cache the stamp means nothing: list again.
        cache.listed_at = std::fs::metadata(dir.join(STAMP))
            .ok()
            .filter(|_| loaded_ok)
            .map_or(f64::NEG_INFINITY, |m| FileKey::of(&m).mtime);
        cache
    }

    /// Whether the folders must be listed again: the last listing is older than `ttl`, or
    /// in the future (a clock change).
    pub fn is_stale(&self, wall: f64, ttl: Duration) -> bool {
        let age = wall - self.listed_at;
        !(0.0..ttl.as_secs_f64()).contains(&age)
    }

    /// Records a listing made at `wall`.
    pub fn listed(&mut self, wall: f64) {
        self.listed_at = wall;
        self.relisted = true;
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

    /// Whether [`Cache::save`] would write anything.
    pub fn needs_save(&self) -> bool {
        self.dirty || self.relisted
    }

    /// Writes the cache if anything changed, and the listing stamp after a listing (errors
    /// ignored: it is only a speed-up). After a listing, rollouts no thread asked for are
    /// forgotten.
    pub fn save(&mut self, dir: &Path) {
        if !crate::store::keeps_caches() {
            return;
        }
        if self.relisted {
            let used = std::mem::take(&mut self.used_rollouts);
            let before = self.rollouts.len();
            self.rollouts.retain(|path, _| used.contains(path));
            self.dirty |= self.rollouts.len() != before;
        }
        if !self.dirty && !self.relisted {
            return;
        }
        // The common listing: nothing changed but the time. Moving the stamp's mtime is one
        // `utimensat`, no open/truncate/close, no folder check.
        if !self.dirty && touch(&dir.join(STAMP), self.listed_at) {
            return;
        }
        if create_private_dir(dir).is_err() {
            return;
        }
        if self.dirty {
            let mut frame = Frame::new(KIND, VERSION, 64 + self.transcripts.len() * 192);
            frame.w.put(&*self);
            if frame.store(dir, FILE).is_err() {
                return;
            }
            let _ = std::fs::remove_file(dir.join(OLD_FILE));
        }
        if self.relisted {
            let stamp = dir.join(STAMP);
            if !touch(&stamp, self.listed_at) {
                let when = UNIX_EPOCH + Duration::from_secs_f64(self.listed_at.max(0.0));
                let _ = crate::store::safe::open_file(
                    &stamp,
                    rustix::fs::OFlags::WRONLY | rustix::fs::OFlags::CREATE,
                )
                .and_then(|f| f.set_modified(when));
            }
        }
    }
}

/// Sets an existing file's mtime (and atime) to `at`; false if it does not exist or cannot
/// be changed.
fn touch(path: &Path, at: f64) -> bool {
    use rustix::fs::{AtFlags, CWD, Timespec, Timestamps, utimensat};
    let at = at.max(0.0);
    let time = Timespec {
        tv_sec: at.trunc() as i64,
        tv_nsec: ((at.fract() * 1e9) as i64).clamp(0, 999_999_999) as _,
    };
    let times = Timestamps {
        last_access: time,
        last_modification: time,
    };
    // Never through a link: a planted `listed` must not move another file's times.
    utimensat(CWD, path, &times, AtFlags::SYMLINK_NOFOLLOW).is_ok()
}

/// A private folder (0700, like the ring folder: these files name projects and sessions),
/// never through a link ([`crate::store::ensure_dir`]).
pub(super) fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    crate::store::ensure_dir(dir)
}
