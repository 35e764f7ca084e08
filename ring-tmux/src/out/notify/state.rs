//! The notification state on disk: `notify.json` in the ring folder (0600, written atomically
//! through [`crate::store::safe`], never through a link), changed only under `notify.lock`.
//! A missing or unreadable file is the empty state.

use crate::store::{self, lock, safe};
use ring_shared::notify::State;
use std::io;
use std::path::Path;
use std::time::Duration;

/// The state file.
pub const STATE_FILE: &str = "notify.json";
/// Its lock.
pub const LOCK_FILE: &str = "notify.lock";
/// Largest state read (a queue of a few hundred waits).
const CAP: u64 = 1 << 20;
/// How long a change waits for the lock.
const LOCK_WAIT: Duration = Duration::from_secs(2);

/// The state as it is on disk (empty when missing or unreadable).
pub fn read(ring_home: &Path) -> State {
    store::read_owned(&ring_home.join(STATE_FILE), CAP)
        .ok()
        .flatten()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Whether a timer of the state is due at `now` (what the hook and `status` check before
/// handing a flush to a detached child).
pub fn due(ring_home: &Path, now: f64) -> bool {
    read(ring_home).due.is_some_and(|due| due <= now)
}

/// Changes the state under its lock: `change` gets the current state and gives the next one
/// and a result. The lock is released before the caller sends anything. Waits up to 2 s for
/// the lock (for commands: `quiet`).
pub fn update<T>(ring_home: &Path, change: impl FnOnce(State) -> (State, T)) -> io::Result<T> {
    locked(ring_home, LOCK_WAIT, change)?
        .ok_or_else(|| io::Error::new(io::ErrorKind::TimedOut, ring_shared::t!("notify-lock-busy")))
}

/// [`update`] without waiting: `Ok(None)` when another process holds the lock (a flush then
/// leaves its queued rings to that holder, [`super::spool`]).
pub fn update_now<T>(
    ring_home: &Path,
    change: impl FnOnce(State) -> (State, T),
) -> io::Result<Option<T>> {
    locked(ring_home, Duration::ZERO, change)
}

fn locked<T>(
    ring_home: &Path,
    wait: Duration,
    change: impl FnOnce(State) -> (State, T),
) -> io::Result<Option<T>> {
    let dir = safe::Dir::create(ring_home)?;
    let held = lock::acquire(
        &ring_home.join(LOCK_FILE),
        lock::Mode::Exclusive,
        wait,
        lock::open_lock_file,
    )?;
    if matches!(held, lock::Lock::TimedOut) {
        return Ok(None);
    }
    let before = read(ring_home);
    let (next, out) = change(before.clone());
    // Most flushes change nothing: no write then (the plugin's tick flushes every few seconds).
    if next != before {
        let text = serde_json::to_vec(&next).map_err(io::Error::other)?;
        dir.write_atomic(STATE_FILE, &text)?;
    }
    drop(held);
    Ok(Some(out))
}
