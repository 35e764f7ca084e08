//! A cache of the decoded rows (`RING_HOME/cache/rows.bin`), so a status bar does not read
//! and parse every row file every few seconds.
//!
//! Two levels:
//! * the whole folder: while `sessions/` is unchanged (every writer — ring's hook, RiNG, gc —
//!   adds, replaces and removes rows by creating, renaming or deleting files, which changes
//!   the folder's mtime) the cached rows are used as they are: one `stat`, one read;
//! * each file: after a change, the folder is listed and each file `stat`ed; a file with the
//!   same inode, size and mtime as cached is not read again. A row replaced by a rename
//!   always has a new inode (the new file exists before the old one is freed).
//!
//! Racy changes: file-system timestamps are coarse (a clock tick), so a rename in the same
//! tick as the listing could leave the folder's mtime as it was. As git does for its index,
//! the folder level is trusted only when the folder's mtime is at least [`RACY_SECONDS`]
//! older than the moment the cache was built; until then each read uses the file level.
//!
//! Not detected: a row file rewritten in place within one clock tick at the same size (no
//! writer does that). The key includes the binary's own mtime, so a new ring never reads an
//! old ring's decoding. Time and liveness rules are never cached.

use super::files::{RowFile, RowFiles};
use codec::{Reader, put_f64, put_len, put_row, put_str};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// The folder level is not trusted less than this long after the folder's last change.
pub const RACY_SECONDS: f64 = 2.0;
const MAGIC: &[u8; 8] = b"ringrw02";
/// Largest cache file read (1,000 rows take about 400 KiB).
const CACHE_CAP: usize = 64 << 20;

fn mtime_of(meta: &std::fs::Metadata) -> f64 {
    meta.mtime() as f64 + f64::from(meta.mtime_nsec() as u32) * 1e-9
}

/// What identifies one state of `sessions/` (and of the decoder).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Key {
    dev: u64,
    ino: u64,
    mtime: f64,
    exe_mtime: f64,
}

impl Key {
    /// The folder's mtime (Unix seconds).
    pub fn mtime(&self) -> f64 {
        self.mtime
    }

    /// The key of `sessions/` now; `None` when it cannot be stat'ed (no cache then).
    pub fn of(sessions: &Path) -> Option<Key> {
        let meta = std::fs::metadata(sessions).ok()?;
        // `/proc/self/exe` followed by one `statx` (no separate readlink).
        let exe_mtime = std::fs::metadata("/proc/self/exe")
            .map(|m| mtime_of(&m))
            .unwrap_or(0.0);
        Some(Key {
            dev: meta.dev(),
            ino: meta.ino(),
            mtime: mtime_of(&meta),
            exe_mtime,
        })
    }
}

/// What identifies one version of a row file (all zero: could not be stat'ed).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FileKey {
    ino: u64,
    size: u64,
    mtime: f64,
}

impl FileKey {
    pub fn of(meta: &std::fs::Metadata) -> FileKey {
        FileKey {
            ino: meta.ino(),
            size: meta.len(),
            mtime: mtime_of(meta),
        }
    }
}

/// One row file as last read: a row, or why it was skipped.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub name: String,
    pub file: FileKey,
    /// [`RowFile::Row`] or [`RowFile::Skipped`] (nothing else is remembered).
    pub content: RowFile,
}

/// The cache file's content.
#[derive(Debug, Clone, PartialEq)]
pub struct Cached {
    pub key: Key,
    /// Wall clock taken before the folder was listed.
    pub built_at: f64,
    /// In file-name order.
    pub entries: Vec<Entry>,
}

impl Cached {
    /// Whether the folder level holds for the folder's `key` now.
    pub fn holds_for(&self, key: Key) -> bool {
        self.key == key && self.built_at - key.mtime >= RACY_SECONDS
    }

    /// The rows and skipped files, in file-name order.
    pub fn into_row_files(self, sessions: &Path) -> RowFiles {
        let mut found = RowFiles::default();
        found.rows.reserve(self.entries.len());
        for entry in self.entries {
            match entry.content {
                RowFile::Row(row) => found.rows.push(row),
                RowFile::Skipped(why) => found.skipped.push((sessions.join(entry.name), why)),
                RowFile::Phantom | RowFile::Gone => {}
            }
        }
        found
    }
}

/// What the cache file gave for the folder's state now.
pub enum Loaded {
    /// The folder level holds: the rows, ready (no per-entry bookkeeping kept).
    Holds(RowFiles),
    /// Only the file level can be used.
    Stale(Cached),
    /// No usable cache.
    None,
}

/// Reads the cache for the folder's `key` now (`sessions` names skipped files): one pass,
/// and when the folder level holds, no per-entry names or keys are kept.
pub fn load_for(file: &Path, key: Key, sessions: &Path) -> Loaded {
    // One `statx` and one exact-size read: the cache can be large.
    let Some(bytes) = std::fs::read(file).ok().filter(|b| b.len() <= CACHE_CAP) else {
        return Loaded::None;
    };
    decode(&bytes, key, sessions).unwrap_or(Loaded::None)
}

/// The cache file's content, whatever the folder's state.
#[cfg(test)]
pub fn load(file: &Path) -> Option<Cached> {
    let bytes = std::fs::read(file).ok().filter(|b| b.len() <= CACHE_CAP)?;
    match decode(&bytes, Key::default(), Path::new(""))? {
        Loaded::Stale(cached) => Some(cached),
        Loaded::Holds(_) | Loaded::None => None,
    }
}

fn decode(bytes: &[u8], now: Key, sessions: &Path) -> Option<Loaded> {
    let mut r = Reader { bytes };
    if r.take(MAGIC.len())? != MAGIC {
        return None;
    }
    let key = Key {
        dev: r.u64()?,
        ino: r.u64()?,
        mtime: r.f64()?,
        exe_mtime: r.f64()?,
    };
    let built_at = r.f64()?;
    let count = usize::try_from(r.u32()?).ok()?;
    // Bounded by the file: every entry takes well over one byte.
    let capacity = count.min(r.bytes.len());
    let mut cached = Cached {
        key,
        built_at,
        entries: Vec::new(),
    };
    if cached.holds_for(now) {
        let mut found = RowFiles::default();
        found.rows.reserve(capacity);
        for _ in 0..count {
            let name = r.str()?;
            r.take(24)?;
            match r.u8()? {
                0 => found.rows.push(r.row()?),
                1 => found.skipped.push((sessions.join(name), r.string()?)),
                _ => return None,
            }
        }
        return r.bytes.is_empty().then_some(Loaded::Holds(found));
    }
    cached.entries.reserve(capacity);
    for _ in 0..count {
        let name = r.string()?;
        let file = FileKey {
            ino: r.u64()?,
            size: r.u64()?,
            mtime: r.f64()?,
        };
        let content = match r.u8()? {
            0 => RowFile::Row(r.row()?),
            1 => RowFile::Skipped(r.string()?),
            _ => return None,
        };
        cached.entries.push(Entry {
            name,
            file,
            content,
        });
    }
    r.bytes.is_empty().then_some(Loaded::Stale(cached))
}

/// Writes the cache (atomically). Errors are ignored: the cache is only a speed-up.
pub fn store(dir: &Path, name: &str, cached: &Cached) {
    let mut w = Vec::with_capacity(64 + cached.entries.len() * 400);
    w.extend_from_slice(MAGIC);
    let key = &cached.key;
    w.extend_from_slice(&key.dev.to_le_bytes());
    w.extend_from_slice(&key.ino.to_le_bytes());
    put_f64(&mut w, key.mtime);
    put_f64(&mut w, key.exe_mtime);
    put_f64(&mut w, cached.built_at);
    // Only rows and skipped files are remembered (phantoms are deleted, gone files gone).
    let kept: Vec<&Entry> = cached
        .entries
        .iter()
        .filter(|e| matches!(e.content, RowFile::Row(_) | RowFile::Skipped(_)))
        .collect();
    put_len(&mut w, kept.len());
    for entry in kept {
        put_str(&mut w, &entry.name);
        w.extend_from_slice(&entry.file.ino.to_le_bytes());
        w.extend_from_slice(&entry.file.size.to_le_bytes());
        put_f64(&mut w, entry.file.mtime);
        match &entry.content {
            RowFile::Row(row) => {
                w.push(0);
                put_row(&mut w, row);
            }
            RowFile::Skipped(why) => {
                w.push(1);
                put_str(&mut w, why);
            }
            RowFile::Phantom | RowFile::Gone => {}
        }
    }
    if crate::store::ensure_dir(dir).is_ok() {
        let _ = crate::store::write_atomic(dir, name, &w);
    }
}

mod codec;

#[cfg(test)]
mod tests;
