//! A cache of the decoded rows (`RING_HOME/cache/rows.bin`), so a status bar does not read
//! and parse every row file every few seconds.
//!
//! Two levels:
//! * the whole folder: while `sessions/` is unchanged (every writer — ring's hook, RiNG, gc —
//!   adds, replaces and removes rows by creating, renaming or deleting files, which changes
//!   the folder's mtime) the cached rows are used as they are: one `stat`, one read;
//! * each file: after a change, the folder is listed and each file `stat`ed; a file with the
//!   same inode, size and mtime as cached is not read again. A row replaced by a rename
//!   always has a new inode (the new file exists before the old one is freed). The cache
//!   file is then rewritten only now and then (see the `cached` module): until it is, the
//!   files that changed since are read again on each read.
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
use crate::store::codec::Reader;
use crate::store::frame::{self, Frame};
pub use state::{FolderState, file_parts};
use std::path::Path;

/// The folder level is not trusted less than this long after the folder's last change.
pub const RACY_SECONDS: f64 = 2.0;
/// The cache file's kind and format version in its frame (`store::frame`). Format 10: rows
/// carry `term_env`, and the meta is the build time alone (format 8 also placed the cache in
/// the rows journal).
const KIND: &[u8; 4] = b"rows";
const VERSION: u32 = 10;
/// Largest cache file read (1,000 rows take about 400 KiB).
///
/// Layout (`store::codec`): the folder's [`Key`], the [`Meta`], the entry count, then per
/// file its name, [`FileKey`] and length-prefixed body (so a slot is found without decoding
/// its row).
const CACHE_CAP: usize = 64 << 20;

/// What identifies one state of `sessions/` (and of the decoder).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Key {
    dir: FolderState,
    exe_mtime: f64,
}

impl Key {
    /// The folder's mtime (Unix seconds).
    pub fn mtime(&self) -> f64 {
        self.dir.mtime()
    }

    /// The key of `sessions/` now; `None` when it cannot be stat'ed (no cache then).
    pub fn of(sessions: &Path) -> Option<Key> {
        let dir = FolderState::stat(sessions)?;
        // `/proc/self/exe` followed by one `statx` (no separate readlink).
        let exe_mtime = std::fs::metadata("/proc/self/exe")
            .map(|m| file_parts(&m).2)
            .unwrap_or(0.0);
        Some(Key { dir, exe_mtime })
    }
}

crate::store::codec::record!(Key {
    dir: FolderState,
    exe_mtime: f64
});

/// When the cache was built.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Meta {
    /// When the cache was built (wall clock): the racy rule's reference.
    pub built_at: f64,
}

crate::store::codec::record!(Meta { built_at: f64 });

/// What identifies one version of a row file (all zero: could not be stat'ed).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FileKey {
    ino: u64,
    size: u64,
    mtime: f64,
}

impl FileKey {
    pub fn of(meta: &std::fs::Metadata) -> FileKey {
        FileKey::from_parts(file_parts(meta))
    }

    /// From `(inode, size, mtime)` ([`file_parts`]).
    pub fn from_parts((ino, size, mtime): (u64, u64, f64)) -> FileKey {
        FileKey { ino, size, mtime }
    }

    /// Its encoded size (skipped by the folder level, which needs no file keys): every value
    /// takes exactly its fields' fixed widths.
    const LEN: usize = <FileKey as crate::store::codec::Decode<'static>>::MIN_LEN;
}

crate::store::codec::record!(FileKey {
    ino: u64,
    size: u64,
    mtime: f64
});

/// One row file as the cache file holds it: borrowed from the file's bytes, its content
/// still encoded (decoded only when the file is unchanged, copied as it is when rewritten).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slot<'a> {
    pub name: &'a str,
    pub file: FileKey,
    /// The encoded [`RowFile::Row`] or [`RowFile::Skipped`].
    pub body: &'a [u8],
}

impl Slot<'_> {
    /// The decoded content; `None` when the body is corrupt.
    pub fn content(&self) -> Option<RowFile> {
        decode_body(self.body)
    }
}

/// What the cache file gave for the folder's state now.
pub enum Loaded<'a> {
    /// The folder level holds: the rows, ready (no per-entry bookkeeping kept).
    Holds(RowFiles),
    /// Only the file level can be used: every file, in file-name order.
    Stale(Vec<Slot<'a>>),
    /// No usable cache.
    None,
}

/// The cache file's bytes, still framed (one `fstat` and one exact-size read); `None` when
/// missing, not a regular file or larger than [`CACHE_CAP`].
pub fn read(file: &Path) -> Option<Vec<u8>> {
    frame::load(file, CACHE_CAP as u64)
}

/// Decodes the cache file's `bytes` for the folder's `key` now (`sessions` names skipped
/// files): when the folder level holds, the rows straight away; otherwise the slots, whose
/// rows are decoded only when asked for.
pub fn decode_for<'a>(bytes: &'a [u8], now: Key, sessions: &Path) -> Loaded<'a> {
    decode(bytes, now, sessions).unwrap_or(Loaded::None)
}

/// Whether a cache of the folder state `cached` built as `meta` says holds for the folder
/// state `now`: the same state, old enough when the cache was built not to be racy.
pub fn holds(cached: Key, meta: &Meta, now: Key) -> bool {
    cached == now && meta.built_at - now.mtime() >= RACY_SECONDS
}

fn decode<'a>(bytes: &'a [u8], now: Key, sessions: &Path) -> Option<Loaded<'a>> {
    // A cache that fails its checksum (edited, torn) is no cache: the folder is read again.
    let mut r = Reader::new(frame::unseal(KIND, VERSION, bytes)?);
    let key: Key = r.get()?;
    let meta: Meta = r.get()?;
    // Another binary's decoding is used at neither level (its slots are carried over as
    // they are when the cache is rewritten).
    if key.exe_mtime != now.exe_mtime {
        return None;
    }
    // A name, a file key and a body each.
    let count = r.count(4 + FileKey::LEN + 4)?;
    if holds(key, &meta, now) {
        let mut found = RowFiles::default();
        found.rows.reserve(count);
        for _ in 0..count {
            let name = r.str()?;
            r.skip(FileKey::LEN)?;
            match decode_body(r.bytes()?)? {
                RowFile::Row(row) => found.rows.push(row),
                RowFile::Skipped(why) => found.skipped.push((sessions.join(name), why)),
                RowFile::Phantom | RowFile::Gone => return None,
            }
        }
        return r.finish(Loaded::Holds(found));
    }
    let mut slots = Vec::with_capacity(count);
    for _ in 0..count {
        slots.push(Slot {
            name: r.str()?,
            file: r.get()?,
            body: r.bytes()?,
        });
    }
    r.finish(Loaded::Stale(slots))
}

fn decode_body(body: &[u8]) -> Option<RowFile> {
    let mut r = Reader::new(body);
    let content = match r.u8()? {
        0 => RowFile::Row(r.get()?),
        1 => RowFile::Skipped(r.string()?),
        _ => return None,
    };
    r.finish(content)
}

/// The encoded body of a row or skipped file; `None` for what is never stored (phantoms are
/// deleted, gone files gone).
pub fn encode_body(content: &RowFile) -> Option<Vec<u8>> {
    let mut w = crate::store::codec::Writer::with_capacity(512);
    match content {
        RowFile::Row(row) => {
            w.u8(0);
            w.put(row);
        }
        RowFile::Skipped(why) => {
            w.u8(1);
            w.str(why);
        }
        RowFile::Phantom | RowFile::Gone => return None,
    }
    Some(w.into_vec())
}

/// Builds a cache file entry by entry (in file-name order), then writes it.
pub struct Writer {
    frame: Frame,
    /// Where the entry count sits, and the count.
    count_at: usize,
    count: u32,
}

impl Writer {
    /// A cache of the folder state `key` reached as `meta` says; `bytes` sizes the buffer.
    pub fn new(key: Key, meta: &Meta, bytes: usize) -> Writer {
        let mut frame = Frame::new(KIND, VERSION, 80 + bytes);
        frame.w.put(&key);
        frame.w.put(meta);
        let count_at = frame.w.len();
        frame.w.u32(0);
        Writer {
            frame,
            count_at,
            count: 0,
        }
    }

    /// Adds one file with its encoded body (from [`encode_body`] or a [`Slot`]).
    pub fn push(&mut self, name: &str, file: FileKey, body: &[u8]) {
        let w = &mut self.frame.w;
        w.str(name);
        w.put(&file);
        w.bytes(body);
        self.count = self.count.saturating_add(1);
    }

    /// Writes the cache as `dir/name` (atomically). Errors are ignored: the cache is only a
    /// speed-up.
    pub fn store(mut self, dir: &Path, name: &str) {
        self.frame.w.patch_u32(self.count_at, self.count);
        let _ = self.frame.store(dir, name);
    }
}

mod codec;
mod state;

#[cfg(test)]
mod tests;
