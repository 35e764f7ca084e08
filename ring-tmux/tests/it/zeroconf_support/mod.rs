//! Zero-config reads through the library against real files: the clock, file times and the
//! read itself, shared by the tests that drive `ring_tmux::testing::zeroconf` directly.
#![allow(dead_code)] // Shared by several test crates; each uses part of it.

use ring_shared::config::Config;
use ring_shared::derive::{Procs, ReadContext};
use ring_shared::scan::ScanSession;
use ring_tmux::testing::env::Env;
use ring_tmux::testing::zeroconf::{self, Need};
use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The wall clock in whole seconds: the board's "now" of a test (the scan cache keeps to
/// the real clock, so the board's cannot be far from it).
pub fn wall_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock")
        .as_secs_f64()
        .floor()
}

/// Sets the mtime of a file or folder to `epoch` seconds.
pub fn set_mtime(path: &Path, epoch: f64) {
    File::options()
        .read(true)
        .open(path)
        .and_then(|f| f.set_modified(UNIX_EPOCH + Duration::from_secs_f64(epoch)))
        .unwrap_or_else(|e| panic!("set mtime of {}: {e}", path.display()));
}

/// The environment of a read: `home`, the ring folder `ring_home`, the board clock `now`,
/// processes passed to [`rows`] instead of read from a file.
pub fn env(home: PathBuf, ring_home: PathBuf, now: f64) -> Env {
    Env {
        ring_home,
        home,
        fixed_now: Some(now),
        procs_file: None,
    }
}

/// The zero-config rows of a read at board time `now`, with default config, no hidden
/// sessions, no tmux evidence and realpath as the identity.
pub fn rows(env: &Env, procs: &Procs, now: f64, ttl: Duration, need: Need<'_>) -> Vec<ScanSession> {
    let config = Config::default();
    let hidden = BTreeMap::new();
    let ctx = ReadContext {
        now,
        config: &config,
        procs,
        hidden: &hidden,
        source_mtime: &|_| None,
        realpath: &|p| p.to_owned(),
    };
    zeroconf::scan(env, &ctx, &|_, _| false, ttl, need, &[]).rows
}

/// A temporary `$HOME` with an empty ring folder (`~/.config/ring`): the folder (keep it
/// alive), the home, the ring folder.
pub fn temp_home() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let home = dir.path().join("home");
    let ring = home.join(".config").join("ring");
    std::fs::create_dir_all(&ring).expect("ring folder");
    (dir, home, ring)
}

/// The real `ring-tmux` with nothing of this process's environment but `HOME`, the ring
/// folder, the board clock `now`, the processes in `procs` (a `RING_PROCS` file) and a
/// listing of the transcript folders on every read.
pub fn ring_tmux(home: &Path, ring: &Path, procs: &Path, now: f64) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("ring-tmux").expect("binary");
    cmd.env_clear()
        .env("HOME", home)
        .env("RING_HOME", ring)
        .env("RING_NOW", now.to_string())
        .env("RING_PROCS", procs)
        .env("RING_SCAN_TTL", "0");
    cmd
}

/// A temporary `$HOME` with a ring folder and a `RING_PROCS` file holding `procs`, for runs of
/// the real binary ([`ring_tmux`]).
pub struct World {
    _dir: tempfile::TempDir,
    pub home: PathBuf,
    pub ring: PathBuf,
    pub procs: PathBuf,
}

impl World {
    pub fn new(procs: &serde_json::Value) -> World {
        let (dir, home, ring) = temp_home();
        let procs_file = dir.path().join("procs.json");
        std::fs::write(&procs_file, procs.to_string()).expect("procs");
        World {
            _dir: dir,
            home,
            ring,
            procs: procs_file,
        }
    }

    /// [`ring_tmux`] on this world at board time `now`.
    pub fn ring_tmux(&self, now: f64) -> assert_cmd::Command {
        ring_tmux(&self.home, &self.ring, &self.procs, now)
    }
}
