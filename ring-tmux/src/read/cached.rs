//! [`read_rows_cached`]: `sessions/*.json` through the row cache (the `cache` module).
//!
//! Three ways, cheapest first:
//! * the folder level: `sessions/` unchanged since the cache (one `stat`, one read);
//! * the journal: only ring's hook changed the folder since (an unbroken chain of entries in
//!   `store::journal`): the entries are applied to the cached rows, no row file is touched;
//! * the file level: the listing and the cached slots (both in file-name order) are walked
//!   side by side: an unchanged file's row is decoded from the cache, a changed one read.
//!
//! The cache file is not rewritten on every change (at 1,000 rows that is 400 KiB written
//! and as much memory touched on each status refresh while agents work): only once the
//! folder level can hold, or when [`REWRITE_AFTER`] files differ from it. Until then each
//! read applies the entries, or re-reads the few files, that changed since it was written.

use super::cache::{self, FileKey, Key, Loaded, Meta, Slot};
use super::files::{self, ROW_CAP, RowFile, RowFiles, read_rows};
use crate::env::Env;
use crate::store::journal::{self, FolderState, Journal, Op};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;

/// File name of the row cache inside `RING_HOME/cache/`.
const ROWS_CACHE: &str = "rows.bin";

/// Files read again (or gone) since the cache was written, past which it is rewritten even
/// while the folder level cannot hold yet; also journal entries applied.
pub const REWRITE_AFTER: usize = 8;

/// [`read_rows`] (phantoms purged) through the row cache: one `stat` and one read while
/// `sessions/` is unchanged; after changes by ring's hook, the journal's entries; after any
/// other change, a `stat` per file and a read of the files that differ from the cache only.
pub fn read_rows_cached(env: &Env) -> RowFiles {
    let sessions = env.sessions_dir();
    let cache_dir = env.ring_home.join("cache");
    let wall = crate::env::wall_clock();
    let Some(key) = Key::of(&sessions) else {
        return read_rows(&sessions, true);
    };
    let journal = Journal::open(&cache_dir);
    let position = journal.as_ref().map_or((0, 0), |j| (j.epoch, j.len));
    let bytes = cache::read(&cache_dir.join(ROWS_CACHE)).unwrap_or_default();
    let (cached, slots) = match cache::decode_for(&bytes, key, position, wall, &sessions) {
        Loaded::Holds(found) => return found,
        Loaded::Stale(cached_key, meta, slots) => (Some((cached_key, meta)), Some(slots)),
        Loaded::None => (None, None),
    };
    if let (Some((cached_key, meta)), Some(slots), Some(journal)) = (cached, &slots, &journal)
        && let Some(found) = catch_up(
            &sessions,
            &cache_dir,
            (cached_key, meta),
            slots,
            journal,
            (key, wall),
        )
    {
        return found;
    }
    let (found, kept, differ) = merge(&sessions, slots.as_deref());
    // Rewrite even an unchanged cache once the folder's change is old enough for the folder
    // level to hold: the next reads then take the fast path.
    let exact = journal.as_ref().is_some_and(|j| ends_at(j, key.dir()));
    let would_hold = exact || wall - key.mtime() >= cache::RACY_SECONDS;
    if slots.is_none() || would_hold || differ >= REWRITE_AFTER {
        let mut meta = Meta {
            built_at: wall,
            epoch: position.0,
            offset: position.1,
            exact,
            verified_at: wall,
        };
        rotate_if_long(&cache_dir, &sessions, key, &mut meta);
        store(&cache_dir, key, &meta, &kept);
    }
    found
}

/// Empties a long journal (a new epoch) when the cache about to be written, for the folder
/// state `key`, covers all of it. A signed state stays exact: no kernel ever gives it again.
fn rotate_if_long(cache_dir: &Path, sessions: &Path, key: Key, meta: &mut Meta) {
    // Only a process that writes the cache rotates (`store::keeps_caches`).
    if meta.offset > journal::ROTATE_AT
        && crate::store::keeps_caches()
        && let Some((epoch, len)) = journal::rotate(cache_dir, sessions, key.dir(), meta.offset)
    {
        (meta.epoch, meta.offset) = (epoch, len);
    }
}

fn store(cache_dir: &Path, key: Key, meta: &Meta, kept: &[Kept<'_>]) {
    let size = kept.iter().map(|k| k.name.len() + k.body.len() + 40).sum();
    let mut writer = cache::Writer::new(key, meta, size);
    for k in kept {
        writer.push(&k.name, k.file, &k.body);
    }
    writer.store(cache_dir, ROWS_CACHE);
}

/// Whether the journal's last entry signed the folder state `dir` (so `dir` is exact).
fn ends_at(journal: &Journal, dir: FolderState) -> bool {
    let Some(bytes) = journal.read_from(journal::HEADER_LEN) else {
        return false;
    };
    journal::entries(&bytes)
        .and_then(|entries| entries.last().map(|e| e.after == dir))
        .unwrap_or(false)
}

/// The journal level: the rows now, when the journal's entries since the cache lead, one
/// after the other, from the cache's folder state to the folder's state `now` (read at `wall`). `None` when
/// they do not (or the cache must be verified): the caller checks every file.
fn catch_up(
    sessions: &Path,
    cache_dir: &Path,
    (cached_key, meta): (Key, Meta),
    slots: &[Slot<'_>],
    journal: &Journal,
    (now, wall): (Key, f64),
) -> Option<RowFiles> {
    // A state that is neither signed nor old enough may hide a change made in its tick.
    let start_known = meta.exact || meta.built_at - cached_key.mtime() >= cache::RACY_SECONDS;
    // A cache built before there was any journal: every entry came after its listing (the
    // hook creates the journal before it changes the folder).
    let offset = if meta.epoch == 0 {
        journal::HEADER_LEN
    } else {
        meta.offset
    };
    let same_journal = meta.epoch == journal.epoch || meta.epoch == 0;
    if !same_journal || !start_known || !meta.fresh(wall) {
        return None;
    }
    let bytes = journal.read_from(offset)?;
    let entries = journal::entries(&bytes)?;
    let mut state = cached_key.dir();
    // The last change of each file wins.
    let mut changed: BTreeMap<&str, &Op<'_>> = BTreeMap::new();
    for entry in &entries {
        if entry.before != state || entry.after == FolderState::default() {
            return None;
        }
        state = entry.after;
        changed.insert(entry.name, &entry.op);
    }
    if state != now.dir() {
        return None;
    }
    let mut found = RowFiles::default();
    found.rows.reserve(slots.len() + changed.len());
    let mut kept = Vec::with_capacity(slots.len() + changed.len());
    let mut slots = slots.iter().peekable();
    let mut changed = changed.into_iter().peekable();
    loop {
        // The next name in order, from the cache or the journal (the journal wins a tie).
        let from_journal = match (slots.peek(), changed.peek()) {
            (None, None) => break,
            (Some(_), None) => false,
            (None, Some(_)) => true,
            (Some(slot), Some((name, _))) => *name <= slot.name,
        };
        let (name, file, content, body) = if from_journal {
            let (name, op) = changed.next()?;
            if slots.peek().is_some_and(|s| s.name == name) {
                slots.next();
            }
            let Op::Write { file, json } = op else {
                continue;
            };
            let content = files::row_file_from_bytes(json);
            // Phantoms are purged by the file level.
            let body = cache::encode_body(&content)?;
            (name, FileKey::from_parts(*file), content, Cow::Owned(body))
        } else {
            let slot = slots.next()?;
            (
                slot.name,
                slot.file,
                slot.content()?,
                Cow::Borrowed(slot.body),
            )
        };
        match content {
            RowFile::Row(row) => found.rows.push(row),
            RowFile::Skipped(why) => found.skipped.push((sessions.join(name), why)),
            RowFile::Phantom | RowFile::Gone => return None,
        }
        kept.push(Kept {
            name: name.to_owned(),
            file,
            body,
        });
    }
    if entries.len() >= REWRITE_AFTER {
        let mut meta = Meta {
            built_at: wall,
            epoch: journal.epoch,
            offset: journal.len,
            exact: true,
            verified_at: meta.verified_at,
        };
        rotate_if_long(cache_dir, sessions, now, &mut meta);
        store(cache_dir, now, &meta, &kept);
    }
    Some(found)
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
                    RowFile::Skipped("not a regular file".into())
                } else if meta.len() > ROW_CAP as u64 {
                    RowFile::Skipped(files::TOO_BIG.into())
                } else {
                    files::read_row_file(&path(), &mut buf)
                };
                let Some(body) = cache::encode_body(&content) else {
                    if content == RowFile::Phantom {
                        let path = path();
                        if std::fs::remove_file(&path).is_ok() {
                            files::note_unjournaled(sessions);
                        }
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
