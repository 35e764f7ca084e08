//! What `gc` would remove (§8), judged without changing anything.
//!
//! Only ring's own files are ever candidates: rows in `sessions/`, temp files, per-session
//! locks, the TUI's IPC files and entries of the hidden list. Symlinks are never followed or
//! removed (ring never creates one; one pointing outside the ring folder could lead gc to a
//! transcript), and a `sessions/` folder that resolves outside the ring folder is left alone.
//! Files are judged (and, in `gc::apply`, removed) only directly inside folders checked to be
//! real folders of the ring folder, reached without any link (`store::safe::Dir::open`), and
//! only with ring's names: `*.json` rows, `*.tmp` temp files, `*.lock` in `sessions/.locks`.

use crate::store;
use crate::sys::env::Env;
use ring_shared::Status;
use ring_shared::config::Config;
use ring_shared::derive::{self, Procs, ReadContext};
use ring_shared::registry::{DecodeError, Row, decode_row};
use ring_shared::t;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

mod judge;
use judge::{judge_hidden, judge_ipc, judge_locks, judge_rows, judge_temps, judge_tombstones};

/// Temp files younger than this may still be in use by a writer.
pub const TEMP_GRACE_SECONDS: f64 = 60.0;
/// RiNG's TUI IPC files and how old they may get (§8).
pub const IPC_FILES: [(&str, f64); 2] = [("focus-request", 30.0), ("tui-presence", 300.0)];

/// Why a file is collected.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// Not a usable row (invalid JSON, not an object, wrong types…).
    Unreadable(String),
    /// `provider` is a SessionStart source (startup/resume/clear/compact).
    Phantom,
    /// The read path marks it ended; `idle` seconds since its last activity.
    Ended { idle: f64 },
    /// A temp file left by an interrupted write.
    StaleTemp,
    /// A lock file of a session that has no row any more.
    OrphanLock,
    /// A TUI IPC file that is too old or has no numeric `ts`.
    StaleIpc,
    /// A SessionEnd tombstone older than [`store::ended::KEEP_SECONDS`].
    StaleTombstone,
}

impl Reason {
    /// The reason in plain words.
    pub fn describe(&self) -> String {
        match self {
            Reason::Unreadable(why) => t!("gc-reason-unreadable", why = why.as_str()),
            Reason::Phantom => t!("doctor-row-phantom"),
            Reason::Ended { idle } => t!("gc-reason-ended", age = ring_shared::stats::human(*idle)),
            Reason::StaleTemp => t!("gc-reason-temp"),
            Reason::OrphanLock => t!("gc-reason-lock"),
            Reason::StaleIpc => t!("gc-reason-ipc"),
            Reason::StaleTombstone => t!("gc-reason-tombstone"),
        }
    }
}

/// One file to remove.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub path: PathBuf,
    pub reason: Reason,
    /// Size and mtime when judged: a file that changed since is left alone.
    pub seen: Option<(u64, SystemTime)>,
}

/// One hidden-list entry to drop.
#[derive(Debug, Clone, PartialEq)]
pub struct Unhide {
    pub session_id: String,
    /// `true`: no source reports the id any more; `false`: hidden for longer than the limit.
    pub gone: bool,
}

/// Everything `gc` would do.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub files: Vec<Candidate>,
    pub unhide: Vec<Unhide>,
    /// Files deliberately left alone, with why (printed so nothing is silently ignored).
    pub skipped: Vec<(PathBuf, String)>,
}

/// `gc`'s options.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub older_than: f64,
    pub all_ended: bool,
}

fn seen(path: &Path) -> Option<(u64, SystemTime)> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

fn age(path: &Path, now: f64) -> Option<f64> {
    let mtime = std::fs::symlink_metadata(path).ok()?.modified().ok()?;
    let secs = mtime
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs_f64();
    Some(now - secs)
}

/// Lists a folder's regular files sorted by name; symlinks whose name `notable` accepts go to
/// `plan.skipped` (others, e.g. a dotfile-managed `config.toml`, are none of gc's business).
fn list(
    dir: &Path,
    root: &Path,
    notable: impl Fn(&str) -> bool,
    plan: &mut Plan,
) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<(String, PathBuf)> = Vec::new();
    let mut links: Vec<(PathBuf, String)> = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        if kind.is_symlink() {
            if !notable(&name) {
                continue;
            }
            let outside = std::fs::canonicalize(&path)
                .map(|p| !p.starts_with(root))
                .unwrap_or(true);
            let why = if outside {
                t!("gc-link-outside")
            } else {
                t!("gc-link")
            };
            links.push((path, why));
        } else if kind.is_file() {
            out.push((name, path));
        }
    }
    out.sort();
    links.sort();
    plan.skipped.extend(links);
    out
}

/// Whether gc may remove files directly inside `dir`: it is a real folder, reached without
/// any link, ours and writable by nobody else (`store::safe::Dir::open`). A folder that is
/// missing is simply empty; one that is not safe goes to `plan.skipped`.
fn checked_folder(dir: &Path, plan: &mut Plan) -> bool {
    match store::safe::Dir::open(dir) {
        Ok(_) => true,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => {
            plan.skipped
                .push((dir.to_path_buf(), t!("gc-unsafe", error = e.to_string())));
            false
        }
    }
}

/// Judges everything in the ring folder of `env`.
pub fn collect(env: &Env, config: &Config, procs: &Procs, now: f64, opts: Options) -> Plan {
    let mut plan = Plan::default();
    let Ok(root) = std::fs::canonicalize(&env.ring_home) else {
        return plan;
    };
    if !checked_folder(&env.ring_home, &mut plan) {
        return plan;
    }
    let sessions_dir = env.sessions_dir();
    let sessions_inside = std::fs::canonicalize(&sessions_dir).is_ok_and(|p| p.starts_with(&root))
        && !std::fs::symlink_metadata(&sessions_dir).is_ok_and(|m| m.file_type().is_symlink())
        && store::safe::Dir::open(&sessions_dir).is_ok();
    let mut reported = BTreeSet::new();
    if sessions_inside {
        reported = judge_rows(&sessions_dir, &root, (config, procs, now), opts, &mut plan);
        judge_temps(&sessions_dir, &root, now, &mut plan);
        judge_locks(&sessions_dir, &root, now, &mut plan);
        judge_tombstones(&sessions_dir, &root, now, &mut plan);
    } else if std::fs::symlink_metadata(&sessions_dir).is_ok() {
        plan.skipped
            .push((sessions_dir.clone(), t!("gc-sessions-unsafe")));
    }
    judge_temps(&env.ring_home, &root, now, &mut plan);
    judge_ipc(&env.ring_home, now, &mut plan);
    // Rows that gc removes now still count as reported: RiNG judges the hidden list against
    // the sources as they were when gc started.
    judge_hidden(env, (config, procs, now), &reported, opts, &mut plan);
    plan
}
