//! Reading the ring folder (through `/host` in zellij, any folder in tests) with change
//! detection, in two levels:
//! * the folder: every writer (ring's hook, RiNG, `gc`) adds, replaces and removes rows by
//!   creating, renaming or deleting files in `sessions/`, which sets the folder's mtime to the
//!   kernel's time of the change. While the folder's stamp is the one of the last listing, the
//!   rows are as they were: a tick costs one `stat` of `sessions/` (and one per side file).
//! * each file: after a change, the folder is listed and each row file stat'ed; only a file
//!   whose size or mtime changed is read and decoded again.
//!
//! Racy changes: mtimes have the granularity of a clock tick, so a rename in the same tick as
//! the listing could leave the folder's stamp as it was. As git does for its index, the
//! folder level is trusted only once the folder's last change is [`RACY_SECONDS`] older than
//! the listing; until then each tick lists it again. Not detected: a row rewritten in place
//! (no writer does that) while the folder level holds.
//! The ring folder is read-only to the plugin: it never deletes or rewrites a file.

use ring_shared::Row;
use ring_shared::config::Config;
use ring_shared::registry::{ROW_FILE_CAP, SIDE_FILE_CAP, decode_row};
use ring_shared::view::remote;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::time::SystemTime;

/// What identifies one version of a file without reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
}

impl Stamp {
    fn of(meta: &fs::Metadata) -> Stamp {
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }

    /// A folder's stamp can be trusted to show its next change once its last change is
    /// [`RACY_SECONDS`] old: no change can then hide in the same clock tick.
    fn settled(&self) -> bool {
        self.modified.is_some_and(|m| {
            SystemTime::now()
                .duration_since(m)
                .is_ok_and(|age| age.as_secs_f64() >= RACY_SECONDS)
        })
    }
}

/// The folder level is not trusted less than this long after the folder's last change.
pub const RACY_SECONDS: f64 = 2.0;

#[derive(Debug)]
struct Cached {
    stamp: Stamp,
    /// `None`: the file could not be read or decoded (skipped, counted).
    row: Option<Row>,
}

/// The outcome of one [`Registry::scan`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Scan {
    /// Some row or side file was added, changed or removed.
    pub changed: bool,
    /// Files read and decoded in this scan (0 on a quiet tick).
    pub parsed: usize,
    /// `sessions/` was listed (its stamp changed, or it changed too recently to be trusted).
    pub listed: bool,
    /// The folder has no `sessions/` (no agent has run yet, or `/host` is not the ring folder).
    pub no_sessions_folder: bool,
}

/// The rows of `sessions/*.json` and the side files, kept between ticks.
#[derive(Debug, Default)]
pub struct Registry {
    files: BTreeMap<String, Cached>,
    side: BTreeMap<&'static str, (Stamp, Vec<u8>)>,
    /// The stamp of `sessions/` at the last listing, once old enough to be trusted.
    folder: Option<Stamp>,
    /// SessionEnd tombstones (`sessions/.ended/<row file name>`: the end's time), as of the
    /// stamp of `.ended/` they were read at.
    ended: (Option<Stamp>, BTreeMap<String, f64>),
    /// `remote/HOST.json` of each host `config.toml` names (what `ring-tmux remote refresh`
    /// last fetched over ssh): read like a side file, only when its stamp changes.
    hosts: BTreeMap<String, (Stamp, Vec<u8>)>,
    /// `remote_hosts`, as of the stamp of `config.toml` it was parsed at.
    host_names: (Option<Stamp>, Vec<String>),
}

/// The tombstones `ring-tmux` writes on a SessionEnd, inside `sessions/`.
pub const ENDED_DIR: &str = ".ended";
/// At most this many tombstones are read (gc removes them after ten minutes), each of at most
/// [`TOMBSTONE_BYTES`].
const MAX_TOMBSTONES: usize = 4096;
const TOMBSTONE_BYTES: u64 = 64;
/// Largest `zeroconf.json` read: ring-tmux publishes every session it found without hooks
/// there, more than a hand-written side file holds.
const ZEROCONF_CAP: usize = 16 << 20;

/// The cap of a side file ([`SIDE_FILES`]).
fn side_cap(name: &str) -> usize {
    if name == "zeroconf.json" {
        ZEROCONF_CAP
    } else {
        SIDE_FILE_CAP
    }
}

/// A file's bytes when it holds at most `cap` of them; `None` when it is bigger (a huge or
/// endless file, planted or corrupt, costs one bounded read) or cannot be read.
fn read_capped(path: &Path, cap: usize) -> Option<Vec<u8>> {
    use std::io::Read;
    let file = fs::File::open(path).ok()?;
    let mut bytes = Vec::new();
    file.take(cap as u64 + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() <= cap).then_some(bytes)
}

/// The files next to `sessions/` that the read path uses: ring's configuration, RiNG's hidden
/// sessions (§3.13), labels (§5.2) and the zero-config rows `ring-tmux` publishes
/// for the plugin (which can neither read `~/.claude` nor scan processes).
pub const SIDE_FILES: [&str; 4] = [
    "config.toml",
    "deleted_sessions.json",
    "labels.json",
    "zeroconf.json",
];

impl Registry {
    /// Brings the cache up to date with `root` (the ring folder).
    pub fn scan(&mut self, root: &Path) -> Scan {
        let mut scan = Scan::default();
        for name in SIDE_FILES {
            self.scan_side(root, name, &mut scan);
        }
        self.scan_hosts(root, &mut scan);
        let sessions = root.join("sessions");
        let folder = fs::metadata(&sessions)
            .ok()
            .filter(fs::Metadata::is_dir)
            .map(|meta| Stamp::of(&meta));
        if folder.is_some() && folder == self.folder {
            return scan;
        }
        let entries = match folder.and_then(|_| fs::read_dir(&sessions).ok()) {
            Some(entries) => entries,
            None => {
                scan.no_sessions_folder = true;
                self.folder = None;
                if !self.files.is_empty() {
                    self.files.clear();
                    scan.changed = true;
                }
                return scan;
            }
        };
        scan.listed = true;
        // Trusted from the next tick on only if no change can hide in the stamp's clock tick.
        self.folder = folder.filter(Stamp::settled);
        let mut seen: Vec<String> = Vec::new();
        for entry in entries.flatten() {
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            // Only `.json`: writers' temp files and other names are not rows (§4.2).
            if !name.ends_with(".json") {
                continue;
            }
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            let stamp = Stamp::of(&meta);
            seen.push(name.clone());
            if self.files.get(&name).is_some_and(|c| c.stamp == stamp) {
                continue;
            }
            scan.parsed += 1;
            let row =
                read_capped(&entry.path(), ROW_FILE_CAP).and_then(|bytes| decode_row(&bytes).ok());
            // A rewrite with the same content (a heartbeat of an unchanged state still moves
            // `heartbeat_at`, so this is rare) changes nothing on screen.
            if self.files.get(&name).is_none_or(|old| old.row != row) {
                scan.changed = true;
            }
            self.files.insert(name, Cached { stamp, row });
        }
        self.scan_ended(&sessions, &mut scan);
        let before = self.files.len();
        seen.sort();
        self.files
            .retain(|name, _| seen.binary_search(name).is_ok());
        if self.files.len() != before {
            scan.changed = true;
        }
        scan
    }

    /// Tombstones, read again when `.ended/` changed. Only looked at when `sessions/` is
    /// listed: a SessionEnd writes its tombstone before it removes the row file, so the
    /// folder's change that shows the row gone shows the tombstone too.
    fn scan_ended(&mut self, sessions: &Path, scan: &mut Scan) {
        let dir = sessions.join(ENDED_DIR);
        let stamp = fs::metadata(&dir)
            .ok()
            .filter(fs::Metadata::is_dir)
            .map(|meta| Stamp::of(&meta));
        if stamp.is_some() && stamp == self.ended.0 {
            return;
        }
        let mut ended = BTreeMap::new();
        for entry in fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .take(MAX_TOMBSTONES)
        {
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            if !name.ends_with(".json") {
                continue;
            }
            let at = fs::File::open(entry.path()).ok().and_then(|file| {
                let mut text = String::new();
                std::io::Read::read_to_string(
                    &mut std::io::Read::take(file, TOMBSTONE_BYTES),
                    &mut text,
                )
                .ok()?;
                text.trim().parse::<f64>().ok().filter(|t| t.is_finite())
            });
            if let Some(at) = at {
                ended.insert(name, at);
            }
        }
        if ended != self.ended.1 {
            scan.changed = true;
        }
        self.ended = (stamp.filter(Stamp::settled), ended);
    }

    /// Side files are small and read whole, only when their stamp changes; one over its cap
    /// reads as empty.
    fn scan_side(&mut self, root: &Path, name: &'static str, scan: &mut Scan) {
        let path = root.join(name);
        let stamp = fs::metadata(&path).ok().map(|m| Stamp::of(&m));
        match (stamp, self.side.get(name)) {
            (None, None) => {}
            (None, Some(_)) => {
                self.side.remove(name);
                scan.changed = true;
            }
            (Some(stamp), Some((old, _))) if *old == stamp => {}
            (Some(stamp), _) => {
                scan.parsed += 1;
                let bytes = read_capped(&path, side_cap(name)).unwrap_or_default();
                if self.side.get(name).is_none_or(|(_, old)| *old != bytes) {
                    scan.changed = true;
                }
                self.side.insert(name, (stamp, bytes));
            }
        }
    }

    /// The host caches of the hosts `config.toml` names (`remote_hosts`): the plugin never
    /// runs ssh; the `ring-tmux` it runs on its timer starts the refreshers that write them.
    fn scan_hosts(&mut self, root: &Path, scan: &mut Scan) {
        let config = self.side.get("config.toml").map(|(stamp, _)| *stamp);
        if config != self.host_names.0 {
            let hosts = self
                .config_toml()
                .map(|text| Config::parse(text).0.remote_hosts)
                .unwrap_or_default();
            self.host_names = (config, hosts);
        }
        let hosts = self.host_names.1.clone();
        let before = self.hosts.len();
        self.hosts.retain(|host, _| hosts.contains(host));
        scan.changed |= self.hosts.len() != before;
        let folder = root.join(remote::CACHE_FOLDER);
        for host in hosts {
            // `remote_hosts` keeps valid host names only: no `/`, no leading `.`.
            let path = folder.join(format!("{host}.json"));
            let stamp = fs::metadata(&path).ok().map(|m| Stamp::of(&m));
            match (stamp, self.hosts.get(&host)) {
                (None, None) => {}
                (None, Some(_)) => {
                    self.hosts.remove(&host);
                    scan.changed = true;
                }
                (Some(stamp), Some((old, _))) if *old == stamp => {}
                (Some(stamp), _) => {
                    scan.parsed += 1;
                    let bytes = read_capped(&path, remote::CACHE_CAP).unwrap_or_default();
                    scan.changed = true;
                    self.hosts.insert(host, (stamp, bytes));
                }
            }
        }
    }

    /// Each configured host with its cache, when the file is there and decodes.
    pub fn hosts(&self) -> impl Iterator<Item = (&str, Option<remote::HostCache>)> {
        self.hosts
            .iter()
            .map(|(host, (_, bytes))| (host.as_str(), serde_json::from_slice(bytes).ok()))
    }

    /// The decoded rows, in file-name order (the order RiNG's reader merges them in).
    pub fn rows(&self) -> impl Iterator<Item = &Row> {
        self.files.values().filter_map(|c| c.row.as_ref())
    }

    /// The time of the last SessionEnd of the row file `name`, when its tombstone is there.
    pub fn ended_at(&self, name: &str) -> Option<f64> {
        self.ended.1.get(name).copied()
    }

    /// Files skipped because they could not be read or decoded.
    pub fn skipped(&self) -> usize {
        self.files.values().filter(|c| c.row.is_none()).count()
    }

    /// The bytes of a side file (one of [`SIDE_FILES`]), when it exists.
    pub fn side(&self, name: &str) -> Option<&[u8]> {
        self.side.get(name).map(|(_, bytes)| bytes.as_slice())
    }

    /// The text of `config.toml`, when there is one and it is UTF-8.
    pub fn config_toml(&self) -> Option<&str> {
        self.side("config.toml")
            .and_then(|bytes| std::str::from_utf8(bytes).ok())
    }

    /// Forgets everything (the folder behind `/host` changed).
    pub fn clear(&mut self) {
        *self = Registry::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn row_json(id: &str, status: &str) -> String {
        format!(
            r#"{{"session_id": "{id}", "status": "{status}", "cwd": "/repo/{id}", "last_active": 100.0}}"#
        )
    }

    fn folder() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().expect("temp dir");
        let sessions = dir.path().join("sessions");
        fs::create_dir(&sessions).expect("sessions folder");
        (dir, sessions)
    }

    #[test]
    fn first_scan_parses_every_row_and_a_quiet_tick_parses_none() {
        let (dir, sessions) = folder();
        fs::write(sessions.join("a.json"), row_json("a", "waiting")).expect("write");
        fs::write(sessions.join("b.json"), row_json("b", "idle")).expect("write");
        let mut registry = Registry::default();
        let first = registry.scan(dir.path());
        assert_eq!((first.changed, first.parsed), (true, 2));
        let ids: Vec<_> = registry.rows().map(|r| r.session_id.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
        let quiet = registry.scan(dir.path());
        assert_eq!((quiet.changed, quiet.parsed), (false, 0));
    }

    #[test]
    fn only_the_changed_file_is_parsed_again() {
        let (dir, sessions) = folder();
        fs::write(sessions.join("a.json"), row_json("a", "waiting")).expect("write");
        fs::write(sessions.join("b.json"), row_json("b", "idle")).expect("write");
        let mut registry = Registry::default();
        registry.scan(dir.path());
        // A different length is a different stamp even within one mtime tick.
        fs::write(sessions.join("b.json"), row_json("b", "working")).expect("write");
        let scan = registry.scan(dir.path());
        assert_eq!((scan.changed, scan.parsed), (true, 1));
        let b = registry.rows().find(|r| r.session_id == "b").expect("b");
        assert_eq!(b.status, ring_shared::Status::Working);
    }

    #[test]
    fn removed_row_disappears() {
        let (dir, sessions) = folder();
        fs::write(sessions.join("a.json"), row_json("a", "waiting")).expect("write");
        let mut registry = Registry::default();
        registry.scan(dir.path());
        fs::remove_file(sessions.join("a.json")).expect("remove");
        let scan = registry.scan(dir.path());
        assert!(scan.changed);
        assert_eq!(registry.rows().count(), 0);
    }

    #[test]
    fn corrupt_rows_and_other_names_are_skipped_not_fatal() {
        let (dir, sessions) = folder();
        fs::write(sessions.join("a.json"), row_json("a", "waiting")).expect("write");
        fs::write(sessions.join("bad.json"), "[1, 2").expect("write");
        fs::write(sessions.join("c.json.tmp"), row_json("c", "idle")).expect("write");
        let mut registry = Registry::default();
        registry.scan(dir.path());
        assert_eq!(registry.rows().count(), 1);
        assert_eq!(registry.skipped(), 1);
    }

    #[test]
    fn files_over_their_cap_are_skipped_and_the_rest_still_show() {
        let (dir, sessions) = folder();
        fs::write(sessions.join("a.json"), row_json("a", "waiting")).expect("write");
        // A valid row padded past the cap: JSON allows the trailing spaces.
        let mut big = row_json("b", "idle").into_bytes();
        big.resize(ROW_FILE_CAP + 1, b' ');
        fs::write(sessions.join("b.json"), &big).expect("write");
        let mut labels = br#"{"a": "mine"}"#.to_vec();
        labels.resize(SIDE_FILE_CAP + 1, b' ');
        fs::write(dir.path().join("labels.json"), &labels).expect("write");
        let mut registry = Registry::default();
        registry.scan(dir.path());
        let ids: Vec<&str> = registry.rows().map(|r| r.session_id.as_str()).collect();
        assert_eq!(ids, ["a"]);
        assert_eq!(registry.skipped(), 1);
        assert_eq!(registry.side("labels.json"), Some(&[][..]));
        // At the cap itself, both are read.
        big.truncate(ROW_FILE_CAP);
        fs::write(sessions.join("b.json"), &big).expect("write");
        labels.truncate(SIDE_FILE_CAP);
        fs::write(dir.path().join("labels.json"), &labels).expect("write");
        let mut registry = Registry::default();
        registry.scan(dir.path());
        assert_eq!(registry.rows().count(), 2);
        assert_eq!(
            registry.side("labels.json").map(<[u8]>::len),
            Some(SIDE_FILE_CAP)
        );
    }

    /// Sets a file's or folder's mtime `seconds` in the past.
    fn age(path: &Path, seconds: u64) {
        let when = SystemTime::now() - std::time::Duration::from_secs(seconds);
        fs::File::open(path)
            .and_then(|f| f.set_modified(when))
            .expect("set mtime");
    }

    #[test]
    fn a_quiet_tick_on_an_old_folder_lists_nothing_and_a_rename_is_seen() {
        let (dir, sessions) = folder();
        fs::write(sessions.join("a.json"), row_json("a", "waiting")).expect("write");
        age(&sessions, 60);
        let mut registry = Registry::default();
        assert!(registry.scan(dir.path()).listed);
        // An in-place rewrite (no writer does that) leaves the folder as it was: the folder
        // level holds, the file is not even stat'ed.
        fs::write(sessions.join("a.json"), row_json("a", "idle")).expect("rewrite");
        let quiet = registry.scan(dir.path());
        assert_eq!(quiet, Scan::default());
        assert_eq!(
            registry.rows().next().map(|r| r.status),
            Some(ring_shared::Status::Waiting)
        );
        // What every writer does: a temp file renamed over the row moves the folder's mtime.
        fs::write(sessions.join(".b.tmp"), row_json("b", "working")).expect("tmp");
        fs::rename(sessions.join(".b.tmp"), sessions.join("b.json")).expect("rename");
        let scan = registry.scan(dir.path());
        assert!(scan.listed && scan.changed);
        let ids: Vec<_> = registry.rows().map(|r| r.session_id.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
    }

    #[test]
    fn a_folder_changed_within_the_racy_window_is_listed_on_every_tick() {
        let (dir, sessions) = folder();
        fs::write(sessions.join("a.json"), row_json("a", "waiting")).expect("write");
        let mut registry = Registry::default();
        registry.scan(dir.path());
        // Just changed: a rename in the same clock tick could hide behind the same stamp.
        assert!(registry.scan(dir.path()).listed);
        age(&sessions, 60);
        assert!(registry.scan(dir.path()).listed);
        assert!(!registry.scan(dir.path()).listed);
    }

    #[test]
    fn missing_sessions_folder_is_reported() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut registry = Registry::default();
        assert!(registry.scan(dir.path()).no_sessions_folder);
    }

    #[test]
    fn config_toml_is_read_and_change_detected() {
        let (dir, _) = folder();
        let mut registry = Registry::default();
        registry.scan(dir.path());
        assert_eq!(registry.config_toml(), None);
        fs::write(dir.path().join("config.toml"), "show_all = true\n").expect("write");
        assert!(registry.scan(dir.path()).changed);
        assert_eq!(registry.config_toml(), Some("show_all = true\n"));
        assert!(!registry.scan(dir.path()).changed);
    }
}
