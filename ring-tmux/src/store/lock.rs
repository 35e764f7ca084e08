//! Advisory `flock` locks with a bounded wait.
//!
//! The hook must never block its agent: a lock that cannot be had within the timeout is given
//! up (the caller drops what it meant to write, and logs it). Lock files may be deleted by their holder
//! (SessionEnd removes a session's lock file), so after locking we check that the path still
//! names the inode we locked, and start over if it does not.

use super::safe;
use std::fs::{File, TryLockError};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long the hook waits for a lock before giving up its event.
pub const LOCK_TIMEOUT: Duration = Duration::from_secs(2);

/// Shared (readers/appenders) or exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Shared,
    Exclusive,
}

/// The result of [`acquire`].
#[derive(Debug)]
pub enum Lock {
    /// Locked; the lock is released when this is dropped (or the process exits).
    Held(File),
    /// Not locked within the timeout: the caller must not write.
    TimedOut,
}

impl Lock {
    /// The locked file, if the lock is held.
    pub fn file(&self) -> Option<&File> {
        match self {
            Lock::Held(f) => Some(f),
            Lock::TimedOut => None,
        }
    }
}

/// The session's next push stamp, kept in its lock file (called with the lock held): `now_ms`,
/// or one more than the last stamp when that is not older. Stamps thus increase in lock
/// order even when clocks tie or a hook stamped earlier got the lock later, and the pane
/// guard (a compare-and-set on the stamp inside tmux) keeps the newest push whatever order
/// the pushes arrive in. A lock file that cannot be read or written gives `now_ms`.
pub fn next_stamp(file: &File, now_ms: i64) -> i64 {
    use std::os::unix::fs::FileExt;
    let mut buf = [0u8; 24];
    let len = file.read_at(&mut buf, 0).unwrap_or(0);
    let last = std::str::from_utf8(&buf[..len])
        .ok()
        .and_then(|t| t.trim().parse::<i64>().ok());
    let stamp = match last {
        Some(last) if last >= now_ms => last.saturating_add(1),
        _ => now_ms,
    };
    let text = stamp.to_string();
    if file.write_at(text.as_bytes(), 0).is_ok() {
        let _ = file.set_len(text.len() as u64);
    }
    stamp
}

/// Opens (creating, mode 0600) a dedicated lock file: never through a symlink (a planted
/// link would have its target created or chmod'ed), never anything but a regular file.
pub fn open_lock_file(path: &Path) -> io::Result<File> {
    use rustix::fs::OFlags;
    safe::open_file(path, OFlags::RDWR | OFlags::CREATE)
}

fn same_file(file: &File, path: &Path) -> bool {
    match (file.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

fn try_lock(file: &File, mode: Mode) -> Result<(), TryLockError> {
    match mode {
        Mode::Shared => file.try_lock_shared(),
        Mode::Exclusive => file.try_lock(),
    }
}

/// Blocks on the lock in a helper thread so the wait can be bounded; on timeout the thread is
/// left behind (it unlocks as soon as it gets the lock, or when the process exits).
fn wait_lock(file: File, mode: Mode, timeout: Duration) -> Option<File> {
    let (tx, rx) = mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("ring-lock".into())
        .spawn(move || {
            let locked = match mode {
                Mode::Shared => file.lock_shared(),
                Mode::Exclusive => file.lock(),
            };
            if locked.is_ok() {
                // A send error means the waiter gave up: dropping the file unlocks it.
                let _ = tx.send(file);
            }
        })
        .ok()?;
    rx.recv_timeout(timeout).ok()
}

/// Locks the file at `path`, opened by `open` (which creates it if needed), waiting at most
/// `timeout`. Errors are open/lock failures other than contention.
pub fn acquire(
    path: &Path,
    mode: Mode,
    timeout: Duration,
    open: impl Fn(&Path) -> io::Result<File>,
) -> io::Result<Lock> {
    acquire_with(mode, timeout, || open(path), |file| same_file(file, path))
}

/// [`acquire`] on the lock file `name` of the folder `dir` (created 0600, never through a
/// link: [`safe::Dir::open_file`]), the inode checked relative to the same folder: no path
/// is resolved from `/` again.
pub(crate) fn acquire_in(
    dir: &safe::Dir,
    name: &str,
    mode: Mode,
    timeout: Duration,
) -> io::Result<Lock> {
    acquire_in_with(dir, name, rustix::fs::OFlags::RDWR, mode, timeout)
}

/// [`acquire_in`] on a file opened with `flags` (`APPEND` for a log locked while appended to),
/// created when missing.
pub(crate) fn acquire_in_with(
    dir: &safe::Dir,
    name: &str,
    flags: rustix::fs::OFlags,
    mode: Mode,
    timeout: Duration,
) -> io::Result<Lock> {
    acquire_with(
        mode,
        timeout,
        || dir.open_file(name, flags | rustix::fs::OFlags::CREATE),
        |file| match (file.metadata(), dir.lstat(name)) {
            (Ok(a), Some(b)) => a.dev() == b.st_dev && a.ino() == b.st_ino,
            _ => false,
        },
    )
}

fn acquire_with(
    mode: Mode,
    timeout: Duration,
    open: impl Fn() -> io::Result<File>,
    same: impl Fn(&File) -> bool,
) -> io::Result<Lock> {
    let deadline = Instant::now() + timeout;
    // A handful of retries covers a lock file deleted and recreated while we waited.
    for _ in 0..8 {
        let file = open()?;
        let file = match try_lock(&file, mode) {
            Ok(()) => file,
            // No wait asked: no waiting thread either.
            Err(TryLockError::WouldBlock) if timeout.is_zero() => return Ok(Lock::TimedOut),
            Err(TryLockError::WouldBlock) => {
                let left = deadline.saturating_duration_since(Instant::now());
                match wait_lock(file, mode, left) {
                    Some(f) => f,
                    None => return Ok(Lock::TimedOut),
                }
            }
            Err(TryLockError::Error(e)) => return Err(e),
        };
        if same(&file) {
            return Ok(Lock::Held(file));
        }
        if Instant::now() >= deadline {
            return Ok(Lock::TimedOut);
        }
    }
    Ok(Lock::TimedOut)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_exclusive_lock_times_out_while_first_is_held() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.lock");
        let first = acquire(&path, Mode::Exclusive, LOCK_TIMEOUT, open_lock_file).expect("lock");
        assert!(matches!(first, Lock::Held(_)));
        let second = acquire(
            &path,
            Mode::Exclusive,
            Duration::from_millis(50),
            open_lock_file,
        )
        .expect("lock attempt");
        assert!(matches!(second, Lock::TimedOut));
        drop(first);
        let third = acquire(&path, Mode::Exclusive, LOCK_TIMEOUT, open_lock_file).expect("lock");
        assert!(matches!(third, Lock::Held(_)));
    }

    #[test]
    fn push_stamps_increase_in_lock_order_even_when_the_clock_does_not() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = open_lock_file(&dir.path().join("e.lock")).expect("open");
        assert_eq!(next_stamp(&file, 1_000), 1_000);
        assert_eq!(next_stamp(&file, 1_000), 1_001);
        assert_eq!(next_stamp(&file, 900), 1_002);
        assert_eq!(next_stamp(&file, 5_000), 5_000);
    }

    #[test]
    fn shared_locks_coexist() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("b.lock");
        let a = acquire(&path, Mode::Shared, LOCK_TIMEOUT, open_lock_file).expect("lock");
        let b = acquire(
            &path,
            Mode::Shared,
            Duration::from_millis(50),
            open_lock_file,
        )
        .expect("lock");
        assert!(matches!((a, b), (Lock::Held(_), Lock::Held(_))));
    }

    #[test]
    fn waiter_gets_the_lock_when_the_holder_releases_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("c.lock");
        let held = acquire(&path, Mode::Exclusive, LOCK_TIMEOUT, open_lock_file).expect("lock");
        let p2 = path.clone();
        let waiter = std::thread::spawn(move || {
            acquire(
                &p2,
                Mode::Exclusive,
                Duration::from_secs(30),
                open_lock_file,
            )
            .map(|l| matches!(l, Lock::Held(_)))
        });
        std::thread::sleep(Duration::from_millis(20));
        drop(held);
        assert!(waiter.join().expect("join").expect("lock"));
    }

    #[test]
    fn lock_on_a_deleted_lock_file_is_retaken_on_the_new_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("d.lock");
        let held = acquire(&path, Mode::Exclusive, LOCK_TIMEOUT, open_lock_file).expect("lock");
        let p2 = path.clone();
        let waiter = std::thread::spawn(move || {
            match acquire(
                &p2,
                Mode::Exclusive,
                Duration::from_secs(30),
                open_lock_file,
            ) {
                Ok(Lock::Held(f)) => same_file(&f, &p2),
                _ => false,
            }
        });
        std::thread::sleep(Duration::from_millis(20));
        // The holder deletes the lock file (as SessionEnd does) and releases it.
        std::fs::remove_file(&path).expect("remove");
        drop(held);
        assert!(waiter.join().expect("join"));
    }

    #[test]
    fn a_lock_in_an_open_folder_is_retaken_on_a_recreated_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let folder = safe::Dir::open(dir.path()).expect("open");
        let held = acquire_in(&folder, "e.lock", Mode::Exclusive, LOCK_TIMEOUT).expect("lock");
        let path = dir.path().join("e.lock");
        let waiter = std::thread::spawn(move || {
            let folder = safe::Dir::open(path.parent().expect("parent")).expect("open");
            match acquire_in(&folder, "e.lock", Mode::Exclusive, Duration::from_secs(30)) {
                Ok(Lock::Held(f)) => same_file(&f, &path),
                _ => false,
            }
        });
        std::thread::sleep(Duration::from_millis(20));
        // The holder deletes the lock file (as SessionEnd does) and releases it.
        std::fs::remove_file(dir.path().join("e.lock")).expect("remove");
        drop(held);
        assert!(waiter.join().expect("join"));
    }
}
