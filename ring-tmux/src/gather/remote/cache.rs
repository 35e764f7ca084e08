//! The last snapshot of each host, `RING_HOME/remote/HOST.json` (0600 in 0700 folders,
//! never written through a link), and the background refresher that writes it.
//!
//! ```text
//! status / list / boards: read HOST.json (bounded) ─▶ entries; older than
//!   remote_refresh_seconds and HOST.lock free ─▶ spawn `ring-tmux remote refresh HOST`
//!   (own process group, stdio /dev/null, not waited for)
//! refresh: HOST.lock (flock, no wait: one refresher per host) ─▶ ssh HOST ring-tmux json
//!   --snapshot (deadline) ─▶ HOST.json {attempted_at, ok_at, error, snapshot}
//! ```
//!
//! A failed fetch keeps the last snapshot (shown stale with its age once older than
//! `remote_stale_seconds`) and records why; a host that never answered is unreachable.

use super::ssh::{Ssh, reason};
use crate::store::lock::{self, Lock, Mode};
use crate::store::safe;
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::notify::remote::{Taken, new_waits};
use ring_shared::t;
use ring_shared::view::Snapshot;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// One host's cache file (its shape is ring-shared's: the zellij plugin reads it too).
pub(crate) use ring_shared::view::remote::HostCache as Cached;

fn folder(ring_home: &Path) -> PathBuf {
    ring_home.join(ring_shared::view::remote::CACHE_FOLDER)
}

/// The cache of `host` (a valid host name: no `/`), if any.
pub(crate) fn read(ring_home: &Path, host: &str) -> Option<Cached> {
    let path = folder(ring_home).join(format!("{host}.json"));
    let cap = u64::try_from(ring_shared::view::remote::CACHE_CAP).unwrap_or(u64::MAX);
    let text = crate::store::read_text(&path, cap, crate::store::Owner::Ring)?;
    serde_json::from_str(&text).ok()
}

fn write(ring_home: &Path, host: &str, cached: &Cached) -> std::io::Result<()> {
    // `open`, not `create`: a refresher that outlived its ring folder writes nothing.
    let dir = safe::Dir::open(ring_home)?.sub("remote", true)?;
    let text = serde_json::to_vec(cached).unwrap_or_default();
    dir.write_atomic(&format!("{host}.json"), &text).map(drop)
}

/// Removes a host's cache (after `remote remove`).
pub(crate) fn forget(ring_home: &Path, host: &str) {
    let dir = folder(ring_home);
    let _ = crate::store::remove_if_present(&dir.join(format!("{host}.json")));
    let _ = crate::store::remove_if_present(&dir.join(format!("{host}.lock")));
}

fn lock_host(ring_home: &Path, host: &str) -> Option<std::fs::File> {
    safe::Dir::open(ring_home)
        .and_then(|d| d.sub("remote", true))
        .ok()?;
    let path = folder(ring_home).join(format!("{host}.lock"));
    match lock::acquire(&path, Mode::Exclusive, Duration::ZERO, lock::open_lock_file) {
        Ok(Lock::Held(file)) => Some(file),
        _ => None,
    }
}

/// Fetches `host`'s snapshot now and writes its cache, unless another refresher holds the
/// host's lock (then `None`). The result is what the cache now says, and the sessions that
/// began waiting since the last snapshot (for the caller to ring: `out::notify::ring_remote`).
pub(crate) fn refresh(env: &Env, config: &Config, host: &str) -> Option<(Cached, Vec<String>)> {
    let _lock = lock_host(&env.ring_home, host)?;
    let mut cached = read(&env.ring_home, host).unwrap_or_default();
    let ssh = Ssh {
        config,
        ring_home: &env.ring_home,
    };
    cached.attempted_at = env.now();
    let fetched = ssh
        .run(host, &["ring-tmux", "json", "--snapshot"])
        .and_then(|out| {
            if !out.success {
                let why = reason(&out.stderr);
                return Err(if why.is_empty() {
                    t!("remote-ssh-failed")
                } else {
                    why
                });
            }
            let text = std::str::from_utf8(&out.stdout).map_err(|_| t!("remote-not-utf8"))?;
            Snapshot::from_json(text.trim())
                .map_err(|e| t!("remote-not-snapshot", error = e.to_string()))
        });
    let mut rings = Vec::new();
    match fetched {
        Ok(snapshot) => {
            let now = env.now();
            let before = cached.snapshot.as_ref().map(|snapshot| Taken {
                snapshot,
                at: cached.ok_at,
            });
            let after = Taken {
                snapshot: &snapshot,
                at: now,
            };
            rings = new_waits(host, before, after);
            cached.ok_at = now;
            cached.error = None;
            cached.snapshot = Some(snapshot);
        }
        Err(why) => {
            // Its own words, which may name users, paths and keys, are kept here too.
            if cached.error.as_ref() != Some(&why) {
                let log = crate::store::ErrorLog::new(&env.ring_home);
                log.write(env.now(), "remote", &format!("{host}: {why}"));
            }
            cached.error = Some(why);
        }
    }
    let _ = write(&env.ring_home, host, &cached);
    Some((cached, rings))
}

/// Starts a detached `ring-tmux remote refresh HOST` when the cache is older than
/// `remote_refresh_seconds` and no refresher holds the host's lock.
pub(crate) fn refresh_when_due(env: &Env, config: &Config, host: &str, cached: Option<&Cached>) {
    let due = cached.is_none_or(|c| {
        let since = env.now() - c.attempted_at;
        !(0.0..config.remote_refresh_seconds as f64).contains(&since)
    });
    // Held: a refresher is at it; free: we let go at once, the child takes it.
    if !due || lock_host(&env.ring_home, host).is_none() {
        return;
    }
    use std::os::unix::process::CommandExt;
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let child = Command::new(exe)
        .process_group(0)
        .args(["remote", "refresh", "--", host])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    // A long-lived reader (the live board) reaps it; a short one exits first and init does.
    if let Ok(mut child) = child {
        let _ = std::thread::Builder::new()
            .name("ring-remote-reap".into())
            .spawn(move || child.wait());
    }
}
