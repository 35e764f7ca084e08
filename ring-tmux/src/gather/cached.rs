//! [`read_rows_cached`]: `sessions/*.json` through the row cache (the `cache` module).
//!
//! Two ways, cheapest first:
//! * the folder level: `sessions/` unchanged since the cache (one `stat`, one read);
//! * the file level: the listing and the cached slots (both in file-name order) are walked
//!   side by side: an unchanged file's row is decoded from the cache, a changed one read.
//!
//! The cache file is not rewritten on every change (at 1,000 rows that is 400 KiB written
//! and as much memory touched on each status refresh while agents work): only once the
//! folder level can hold, or when [`REWRITE_AFTER`] files differ from it. Until then each
//! read re-reads the few files that changed since it was written.
//!
//! Until session 11 ring's hook also kept a journal of its own changes, so a reader could
//! skip the `stat` of every row after a hook event. It saved about 0.2 ms at 100 rows and
//! cost 560 lines and a lock in every hook (issue 24): the file level is fast enough.

use super::cache::{self, FileKey, Key, Loaded, Meta, Slot};
use super::files::{self, ROW_CAP, RowFile, RowFiles, read_rows};
use crate::sys::env::Env;
use std::borrow::Cow;
use std::path::Path;

/// File name of the row cache inside `RING_HOME/cache/`.
const ROWS_CACHE: &str = "rows.bin";

/// Files read again (or gone) since the cache was written, past which it is rewritten even
/// while the folder level cannot hold yet.
pub const REWRITE_AFTER: usize = 8;

/// [`read_rows`] (phantoms purged) through the row cache: one `stat` and one read while
/// `sessions/` is unchanged; after a change, a `stat` per file and a read of the files that
/// differ from the cache only.
pub fn read_rows_cached(env: &Env) -> RowFiles {
    let sessions = env.sessions_dir();
    let cache_dir = env.ring_home.join("cache");
    let Some(key) = Key::of(&sessions) else {
        return read_rows(&sessions, true);
    };
    let bytes = cache::read(&cache_dir.join(ROWS_CACHE)).unwrap_or_default();
    let slots = match cache::decode_for(&bytes, key, &sessions) {
        Loaded::Holds(found) => return found,
        Loaded::Stale(slots) => Some(slots),
        Loaded::None => None,
    };
    let (found, kept, differ) = merge(&sessions, slots.as_deref());
    // Rewrite even an unchanged cache once the folder's change is old enough for the folder
    // level to hold: the next reads then take the fast path.
    let wall = crate::sys::env::wall_clock();
    let would_hold = wall - key.mtime() >= cache::RACY_SECONDS;
    if slots.is_none() || would_hold || differ >= REWRITE_AFTER {
        store(&cache_dir, key, &Meta { built_at: wall }, &kept);
    }
    found
}

fn store(cache_dir: &Path, key: Key, meta: &Meta, kept: &[Kept<'_>]) {
    let size = kept.iter().map(|k| k.name.len() + k.body.len() + 40).sum();
    let mut writer = cache::Writer::new(key, meta, size);
    for k in kept {
        writer.push(&k.name, k.file, &k.body);
    }
    writer.store(cache_dir, ROWS_CACHE);
}

/// One file as the cache would hold it now.
struct Kept<'a> {
    name: String,
    file: FileKey,
    body: Cow<'a, [u8]>,
}

/// The rows of `sessions/` now, what a rewritten cache would hold, and how many files differ
/// from `slots` (read again, gone, or not stat'able).
fn merge<'a>(sessions: &Path, slots: Option<&[Slot<'a>]>) -> (RowFiles, Vec<Kept<'a>>, usize) {
    let slots = slots.unwrap_or_default();
    let mut found = RowFiles::default();
    found.rows.reserve(slots.len());
    let mut kept = Vec::with_capacity(slots.len());
    let mut differ = 0;
    let mut next = 0;
    let mut buf = Vec::new();
    for (name, dir_entry) in files::list_row_entries(sessions).unwrap_or_default() {
        // Slots before this name are files gone since the cache was written.
        while slots.get(next).is_some_and(|s| s.name < name.as_str()) {
            differ += 1;
            next += 1;
        }
        let slot = slots.get(next).filter(|s| s.name == name);
        if slot.is_some() {
            next += 1;
        }
        // Joined only when needed: most files are neither read nor skipped.
        let path = || sessions.join(&name);
        // Relative to the open folder; a symlinked row is followed, as reading it does.
        let meta = match dir_entry.metadata() {
            Ok(meta) if meta.file_type().is_symlink() => std::fs::metadata(path()),
            other => other,
        };
        let meta = match meta {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                differ += usize::from(slot.is_some());
                continue;
            }
            Err(e) => {
                differ += 1;
                let content = RowFile::Skipped(e.to_string());
                let body = cache::encode_body(&content).unwrap_or_default();
                found.skipped.push((path(), e.to_string()));
                kept.push(Kept {
                    name,
                    file: FileKey::default(),
                    body: Cow::Owned(body),
                });
                continue;
            }
        };
        let file = FileKey::of(&meta);
        let cached = slot
            .filter(|s| s.file == file)
            .and_then(|s| Some((s.body, s.content()?)));
        let (content, body) = match cached {
            Some((body, content)) => (content, Cow::Borrowed(body)),
            None => {
                differ += 1;
                let content = if !meta.is_file() {
                    RowFile::Skipped(ring_shared::registry::skip::NOT_REGULAR.into())
                } else if meta.len() > ROW_CAP as u64 {
                    RowFile::Skipped(files::TOO_BIG.into())
                } else {
                    files::read_row_file(&path(), &mut buf)
                };
                let Some(body) = cache::encode_body(&content) else {
                    if content == RowFile::Phantom {
                        let path = path();
                        let _ = std::fs::remove_file(&path);
                        found.phantoms.push(path);
                    }
                    continue;
                };
                (content, Cow::Owned(body))
            }
        };
        match content {
            RowFile::Row(row) => found.rows.push(row),
            RowFile::Skipped(why) => found.skipped.push((path(), why)),
            RowFile::Phantom | RowFile::Gone => {}
        }
        kept.push(Kept { name, file, body });
    }
    differ += slots.len() - next;
    (found, kept, differ)
}
