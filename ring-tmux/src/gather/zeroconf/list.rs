//! Listing `~/.claude/projects/<dir>/*.jsonl` again (at most every [`super::rescan_ttl`]),
//! with as few system calls as the cache allows:
//!
//! * a folder is read again only when its mtime (or inode) changed since the last listing
//!   (creating, removing or renaming a transcript changes it); a folder changed less than
//!   [`RACY`] before it was listed is read again next time (a change in the same clock tick
//!   would not move its mtime);
//! * a transcript inside the active window is `stat`ed at every listing (appending changes its
//!   size and mtime, not its folder's);
//! * a transcript outside the window is `stat`ed only every [`OLD_FILES_EVERY`]: it only
//!   matters when its session is resumed, which then shows up at most that much later.
//!
//! Every `stat` and `open` is relative to the open projects folder or a project folder
//! (`fstatat`, `openat`); an unchanged project folder is `stat`ed, never opened.

use super::cache::{Cache, DirKey, FileKey, TranscriptEntry};
use rustix::fd::{AsFd, OwnedFd};
use rustix::fs::{AtFlags, Dir, FileType, Mode, OFlags, Stat};
use std::cmp::Ordering;
use std::path::Path;

/// How long a folder's mtime must be older than its listing to be trusted later.
const RACY: f64 = 1.0;
/// Seconds between two `stat`s of the transcripts outside the active window.
pub const OLD_FILES_EVERY: f64 = 30.0;

/// What a listing changed.
pub struct Relisted {
    /// Recent transcripts that kept their old key un-`stat`ed (`defer`).
    pub deferred: usize,
    /// Whether a folder or a transcript entry changed (the cache must be saved).
    pub changed: bool,
}

/// Lists `<projects>/<dir>/*.jsonl` regular files again into `cache.transcripts`, folders and
/// files in name order (RiNG lists in directory order; name order is stable), and records
/// the folder keys in the cache. An entry whose file kept its key keeps its facts; a new or
/// changed file gets an unread entry. `recent(mtime)`: whether a transcript is inside the
/// active window; `stat_old`: `stat` the others too; `defer[i]`: cache entry `i` may keep
/// its key even if recent (the `defer` module; ignored with `stat_old`).
///
/// Entries are moved, never copied, and matched to folders and names by merging sorted
/// lists, not through maps: a status bar re-lists hundreds of transcripts every few seconds.
pub fn transcripts(
    projects: &Path,
    cache: &mut Cache,
    wall: f64,
    stat_old: bool,
    recent: &dyn Fn(f64) -> bool,
    defer: &[bool],
) -> Relisted {
    let mut old: Vec<Option<TranscriptEntry>> = std::mem::take(&mut cache.transcripts)
        .into_iter()
        .map(Some)
        .collect();
    let old_dirs = std::mem::take(&mut cache.dirs);
    let old_projects = cache.projects.take();
    let mut deferred = 0;
    let Ok(root) = open_dir(rustix::fs::CWD, projects) else {
        return Relisted {
            deferred,
            changed: !old.is_empty() || !old_dirs.is_empty() || old_projects.is_some(),
        };
    };
    let root_key = rustix::fs::fstat(&root).ok().map(|st| dir_key(&st, wall));
    // Every OLD_FILES_EVERY the names are read anyway: a symlinked folder whose target
    // appears does not change the projects folder's mtime.
    let mut dir_names: Vec<String> = if !stat_old && root_key.is_some() && root_key == old_projects
    {
        old_dirs.iter().map(|(name, _)| name.clone()).collect()
    } else {
        // Symlinked project folders count, as RiNG's `is_dir()` follows them: kept if
        // they open as folders below.
        sorted_names(&root, |_| true)
    };
    if !dir_names.is_sorted() {
        dir_names.sort_unstable();
    }
    // The old entries by folder: contiguous runs in folder-name order (as listed), sorted
    // here if a cache was not.
    let mut order: Vec<usize> = (0..old.len()).collect();
    let folder = |i: usize| old[i].as_ref().map_or("", |e| e.facts.dir_name.as_str());
    if !order.is_sorted_by(|&a, &b| folder(a) <= folder(b)) {
        order.sort_by(|&a, &b| folder(a).cmp(folder(b)));
    }
    let mut runs: Vec<(String, std::ops::Range<usize>)> = Vec::new();
    for (at, &i) in order.iter().enumerate() {
        match runs.last_mut() {
            Some((name, range)) if name == folder(i) => range.end = at + 1,
            _ => runs.push((folder(i).to_owned(), at..at + 1)),
        }
    }
    let mut runs = runs.into_iter().peekable();
    let mut old_keys = old_dirs.iter().peekable();
    let dirs_sorted = old_dirs.is_sorted_by(|a, b| a.0 < b.0);
    let mut listed = Vec::with_capacity(old.len());
    let mut dirs = Vec::with_capacity(dir_names.len());
    let mut reused = 0;
    let mut path = String::new();
    for dir_name in dir_names {
        let previous =
            advance_to(&mut runs, |(name, _)| name.as_str(), &dir_name).map(|(_, range)| range);
        let old_key = advance_to(&mut old_keys, |(name, _)| name.as_str(), &dir_name)
            .filter(|_| dirs_sorted)
            .map(|(_, key)| *key);
        // A `stat` relative to the projects folder first: an unchanged folder is never
        // opened (its transcripts are `stat`ed by a two-component path instead).
        let Some(key) = dir_at(&root, &dir_name, wall) else {
            continue;
        };
        match previous.clone().filter(|_| old_key == Some(key)) {
            Some(range) => {
                for &i in &order[range] {
                    let Some(entry) = old[i].take() else {
                        continue;
                    };
                    let is_recent = recent(entry.facts.mtime);
                    let wait = !stat_old && defer.get(i).copied().unwrap_or(false);
                    deferred += usize::from(is_recent && wait);
                    if !(stat_old || (is_recent && !wait)) {
                        listed.push(entry);
                        reused += 1;
                        continue;
                    }
                    path.clear();
                    path.push_str(&dir_name);
                    path.push('/');
                    path.push_str(&entry.facts.id);
                    path.push_str(".jsonl");
                    match file_at(&root, &path) {
                        Some(file_key) => reused += keep(&mut listed, entry, file_key),
                        None => continue,
                    }
                }
            }
            None => {
                let Ok(dir) = open_dir(&root, &dir_name) else {
                    continue;
                };
                // The key of the folder actually read (it may have changed since the stat).
                let Some(key) = rustix::fs::fstat(&dir).ok().map(|st| dir_key(&st, wall)) else {
                    continue;
                };
                let mut before = previous.map_or(&[][..], |range| &order[range]).iter();
                let mut next_before = before.next();
                for name in sorted_names(&dir, |n| n.ends_with(".jsonl")) {
                    let stem = name.strip_suffix(".jsonl").unwrap_or_default();
                    if stem.is_empty() {
                        continue;
                    }
                    let Some(file_key) = file_at(&dir, &name) else {
                        continue;
                    };
                    // The old entry of this name, if any (both lists in name order).
                    let mut same = None;
                    while let Some(&i) = next_before {
                        let Some(e) = old[i].as_ref() else {
                            next_before = before.next();
                            continue;
                        };
                        match jsonl_name_cmp(&e.facts.id, &name) {
                            Ordering::Less => next_before = before.next(),
                            Ordering::Equal => {
                                same = old[i].take();
                                next_before = before.next();
                                break;
                            }
                            Ordering::Greater => break,
                        }
                    }
                    match same {
                        Some(entry) => reused += keep(&mut listed, entry, file_key),
                        None => listed.push(TranscriptEntry::unread(
                            dir_name.clone(),
                            stem.to_owned(),
                            file_key,
                        )),
                    }
                }
                dirs.push((dir_name, key));
                continue;
            }
        }
        dirs.push((dir_name, key));
    }
    let changed = reused != old.len()
        || reused != listed.len()
        || old_projects.map(|k| k.bits()) != root_key.map(|k| k.bits())
        || old_dirs.len() != dirs.len()
        || old_dirs
            .iter()
            .zip(&dirs)
            .any(|(a, b)| a.0 != b.0 || a.1.bits() != b.1.bits());
    cache.transcripts = listed;
    cache.projects = root_key;
    cache.dirs = dirs;
    Relisted { deferred, changed }
}

/// Pushes `entry` with the file's current key: as it is (returns 1: reused) if the key is
/// the one its facts are about, else as an unread entry of the same names (returns 0).
fn keep(listed: &mut Vec<TranscriptEntry>, entry: TranscriptEntry, key: FileKey) -> usize {
    if entry.key() == key {
        listed.push(entry);
        return 1;
    }
    let facts = entry.facts;
    listed.push(TranscriptEntry::unread(facts.dir_name, facts.id, key));
    0
}

/// Skips the items of a name-ordered list before `name`; the item named `name`, if next.
fn advance_to<I: Iterator>(
    items: &mut std::iter::Peekable<I>,
    name_of: impl Fn(&I::Item) -> &str,
    name: &str,
) -> Option<I::Item> {
    while let Some(item) = items.peek() {
        match name_of(item).cmp(name) {
            Ordering::Less => {
                items.next();
            }
            Ordering::Equal => return items.next(),
            Ordering::Greater => return None,
        }
    }
    None
}

/// Orders `<stem>.jsonl` against a file name as the names themselves sort (`sorted_names`).
fn jsonl_name_cmp(stem: &str, name: &str) -> Ordering {
    stem.bytes().chain(*b".jsonl").cmp(name.bytes())
}

/// A folder's key; a folder changed within [`RACY`] of `wall` gets a key that never matches.
fn dir_key(st: &Stat, wall: f64) -> DirKey {
    let mtime = st.st_mtime as f64 + st.st_mtime_nsec as f64 / 1e9;
    DirKey {
        mtime: if wall - mtime < RACY { f64::NAN } else { mtime },
        ino: st.st_ino,
    }
}

/// The key of a folder in `root` (symlinks followed), `None` if it is not one.
fn dir_at(root: &OwnedFd, name: &str, wall: f64) -> Option<DirKey> {
    let st = rustix::fs::statat(root, name, AtFlags::empty()).ok()?;
    (FileType::from_raw_mode(st.st_mode) == FileType::Directory).then(|| dir_key(&st, wall))
}

/// Opens a folder (following symlinks) for reading and `*at` calls.
fn open_dir(at: impl AsFd, path: impl rustix::path::Arg) -> rustix::io::Result<OwnedFd> {
    rustix::fs::openat(
        at,
        path,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
}

/// The key of a regular file at `name` (relative to `dir`; symlinks followed), `None` if it
/// is not one.
fn file_at(dir: &OwnedFd, name: &str) -> Option<FileKey> {
    let st = rustix::fs::statat(dir, name, AtFlags::empty()).ok()?;
    (FileType::from_raw_mode(st.st_mode) == FileType::RegularFile).then(|| FileKey {
        mtime: st.st_mtime as f64 + st.st_mtime_nsec as f64 / 1e9,
        size: st.st_size as u64,
    })
}

/// UTF-8 names (not `.`, `..`) in an open folder that pass `keep`, sorted. The directory
/// stream owns a duplicate of the fd (the original stays usable for `*at` calls).
fn sorted_names(dir: &OwnedFd, keep: impl Fn(&str) -> bool) -> Vec<String> {
    let Ok(dup) = rustix::io::dup(dir) else {
        return Vec::new();
    };
    let Ok(stream) = Dir::new(dup) else {
        return Vec::new();
    };
    let mut names: Vec<String> = stream
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str().ok().map(str::to_owned))
        .filter(|n| n != "." && n != ".." && keep(n))
        .collect();
    names.sort_unstable();
    names
}
