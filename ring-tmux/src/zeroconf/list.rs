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

use super::cache::{Cache, DirKey, FileKey};
use rustix::fd::{AsFd, OwnedFd};
use rustix::fs::{AtFlags, Dir, FileType, Mode, OFlags, Stat};
use std::collections::HashMap;
use std::path::Path;

/// How long a folder's mtime must be older than its listing to be trusted later.
const RACY: f64 = 1.0;
/// Seconds between two `stat`s of the transcripts outside the active window.
pub const OLD_FILES_EVERY: f64 = 30.0;

/// `(project folder name, file stem, key)` of every `<projects>/<dir>/*.jsonl` regular file,
/// in name order (RiNG lists in directory order; name order is stable), and how many recent
/// transcripts kept their old key un-`stat`ed. Records the folder keys in the cache.
/// `recent(mtime)`: whether a transcript is inside the active window; `stat_old`: `stat` the
/// others too; `defer[i]`: cache entry `i` may keep its key even if recent (the `defer`
/// module; ignored with `stat_old`).
pub fn transcripts(
    projects: &Path,
    cache: &mut Cache,
    wall: f64,
    stat_old: bool,
    recent: &dyn Fn(f64) -> bool,
    defer: &[bool],
) -> (Vec<(String, String, FileKey)>, usize) {
    let mut out = Vec::new();
    let mut deferred = 0;
    let Ok(root) = open_dir(rustix::fs::CWD, projects) else {
        cache.projects = None;
        cache.dirs.clear();
        return (out, deferred);
    };
    let root_key = rustix::fs::fstat(&root).ok().map(|st| dir_key(&st, wall));
    // Every OLD_FILES_EVERY the names are read anyway: a symlinked folder whose target
    // appears does not change the projects folder's mtime.
    let dir_names: Vec<String> = if !stat_old && root_key.is_some() && root_key == cache.projects {
        cache.dirs.iter().map(|(name, _)| name.clone()).collect()
    } else {
        // Symlinked project folders count, as RiNG's `is_dir()` follows them: kept if they
        // open as folders below.
        sorted_names(&root, |_| true)
    };
    // What the last listing saw, per folder: (stem, key) in name order.
    let mut known: HashMap<&str, Vec<(&str, FileKey, bool)>> = HashMap::new();
    for (i, e) in cache.transcripts.iter().enumerate() {
        let wait = !stat_old && defer.get(i).copied().unwrap_or(false);
        known.entry(e.facts.dir_name.as_str()).or_default().push((
            e.facts.id.as_str(),
            e.key(),
            wait,
        ));
    }
    let old_keys: HashMap<&str, DirKey> =
        cache.dirs.iter().map(|(n, k)| (n.as_str(), *k)).collect();
    let mut dirs = Vec::with_capacity(dir_names.len());
    for dir_name in dir_names {
        // A `stat` relative to the projects folder first: an unchanged folder is never
        // opened (its transcripts are `stat`ed by a two-component path instead).
        let Some(key) = dir_at(&root, &dir_name, wall) else {
            continue;
        };
        let unchanged = old_keys.get(dir_name.as_str()) == Some(&key);
        let previous = known.get(dir_name.as_str());
        match previous.filter(|_| unchanged) {
            Some(files) => {
                let mut path = String::with_capacity(dir_name.len() + 64);
                for &(stem, old, wait) in files {
                    let is_recent = recent(old.mtime);
                    deferred += usize::from(is_recent && wait);
                    let file_key = if stat_old || (is_recent && !wait) {
                        path.clear();
                        path.push_str(&dir_name);
                        path.push('/');
                        path.push_str(stem);
                        path.push_str(".jsonl");
                        match file_at(&root, &path) {
                            Some(k) => k,
                            None => continue,
                        }
                    } else {
                        old
                    };
                    out.push((dir_name.clone(), stem.to_owned(), file_key));
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
                for name in sorted_names(&dir, |n| n.ends_with(".jsonl")) {
                    let stem = name.strip_suffix(".jsonl").unwrap_or_default();
                    if stem.is_empty() {
                        continue;
                    }
                    if let Some(file_key) = file_at(&dir, &name) {
                        out.push((dir_name.clone(), stem.to_owned(), file_key));
                    }
                }
                dirs.push((dir_name, key));
                continue;
            }
        }
        dirs.push((dir_name, key));
    }
    drop(known);
    drop(old_keys);
    cache.projects = root_key;
    cache.dirs = dirs;
    (out, deferred)
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
