//! The rows journal, `RING_HOME/cache/rows.journal`: ring's hook notes every change it makes
//! to `sessions/` (the row it wrote, or the row it removed), so that a reader holding the row
//! cache (`read::cache`) catches up by reading a few entries instead of `stat`ing every row
//! file after each agent event.
//!
//! Why a reader can trust it: every entry carries the folder's state (device, inode, exact
//! mtime) just before the change and just after it. "Just after" is a *signature*: the hook
//! sets the folder's mtime to one nanosecond before the time the kernel gave its change. The
//! kernel never produces that value again (its clock moves forward, so any later change in
//! the folder, in the same clock tick or later, leaves a different mtime), and the hook
//! reads the value back, so a file system that rounds timestamps is noticed. A reader that
//! finds an unbroken chain of entries from the state its cache describes to the folder's
//! state now knows that nothing but those entries changed the folder: a RiNG hook, `gc`, a
//! user's `rm` or any writer without the journal leaves a kernel mtime and breaks the chain,
//! and the reader then checks every file as before.
//!
//! What it cannot see: a foreign change inside one hook's critical section (between its
//! "before" `stat` and its signature, a few microseconds). Readers therefore check every file
//! at least every [`VERIFY_EVERY`] seconds while they rely on the journal.
//!
//! Writers append under an exclusive `flock` on the journal itself, held around the whole
//! change, so the entries are in the order of the changes; a hook that cannot have the lock
//! quickly, or finds the journal past [`JOURNAL_CAP`], changes the row without an entry (the
//! chain breaks, which is always safe). Readers empty the journal (a new epoch in its header)
//! when they rewrite the cache past [`ROTATE_AT`].

mod entry;

pub use entry::{Entry, FolderState, Op, entries};

use super::codec::{Reader, Writer};
use super::lock::{self, Lock, Mode};
use super::open_append;
use rustix::fs::OFlags;
use std::fs::{File, FileTimes};
use std::io::{self, Seek, SeekFrom, Write};
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// File name of the journal inside `RING_HOME/cache/`.
pub const JOURNAL: &str = "rows.journal";
/// Format 02: every entry ends with its checksum.
const MAGIC: &[u8; 8] = b"ringjl02";
/// The header: the magic and the epoch.
pub const HEADER_LEN: u64 = 16;
/// Past this size hooks stop appending (until a reader rotates the journal).
pub const JOURNAL_CAP: u64 = 4 << 20;
/// A reader that rewrites the row cache empties a journal larger than this.
pub const ROTATE_AT: u64 = 64 << 10;
/// How long the hook waits for the journal's lock before changing the row without an entry.
pub const LOCK_WAIT: Duration = Duration::from_millis(100);
/// Readers relying on the journal check every row file at least this often (seconds).
pub const VERIFY_EVERY: f64 = 30.0;

/// A row file's (inode, size, mtime), as the row cache keys files.
pub fn file_parts(meta: &std::fs::Metadata) -> (u64, u64, f64) {
    let mtime =
        meta.mtime() as f64 + f64::from(u32::try_from(meta.mtime_nsec()).unwrap_or(0)) * 1e-9;
    (meta.ino(), meta.len(), mtime)
}

/// Opens and locks the journal at `path` (creating it and `cache_dir` if needed), waiting at
/// most [`LOCK_WAIT`]. The journal is never deleted (rotation empties it in place), so the
/// uncontended case is one `open` and one `flock`.
fn lock_journal(path: &Path, cache_dir: &Path) -> Option<File> {
    let file = match super::open_append_with(path, false) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            super::ensure_dir(cache_dir).ok()?;
            open_append(path).ok()?
        }
        Err(_) => return None,
    };
    if file.try_lock().is_ok() {
        return Some(file);
    }
    match lock::acquire(path, Mode::Exclusive, LOCK_WAIT, open_append) {
        Ok(Lock::Held(file)) => Some(file),
        _ => None,
    }
}

/// Writes a fresh header (a new epoch) into the empty, locked journal `file`.
fn start_epoch(file: &mut File) -> io::Result<u64> {
    let nanos = crate::env::since_epoch().as_nanos() as u64;
    // Unique enough: two epochs of one journal never start in the same nanosecond and pid.
    let epoch = nanos ^ (u64::from(std::process::id()) << 40) | 1;
    let mut header = Writer::with_capacity(HEADER_LEN as usize);
    header.raw(MAGIC);
    header.u64(epoch);
    file.write_all(header.as_slice())?;
    Ok(epoch)
}

fn read_epoch(file: &File) -> Option<u64> {
    let mut header = [0u8; HEADER_LEN as usize];
    file.read_exact_at(&mut header, 0).ok()?;
    let mut r = Reader::new(&header);
    r.expect(MAGIC)?;
    r.u64()
}

/// One change of `sessions/` by the hook, journaled: [`Change::begin`] before touching the
/// folder, [`Change::commit`] after. Holds the journal's lock until dropped.
pub struct Change {
    file: File,
    sessions: PathBuf,
    before: FolderState,
}

impl Change {
    /// Locks the journal in `cache_dir` (waiting at most [`LOCK_WAIT`]) and notes the state of
    /// `sessions`; `None` when the change cannot be journaled (the caller changes the row
    /// anyway: readers then check every file).
    pub fn begin(cache_dir: &Path, sessions: &Path) -> Option<Change> {
        let mut file = lock_journal(&cache_dir.join(JOURNAL), cache_dir)?;
        let len = file.metadata().ok()?.len();
        if len > JOURNAL_CAP {
            return None;
        }
        if len < HEADER_LEN || read_epoch(&file).is_none() {
            // New, torn while its header was written, or of another format (an older ring):
            // start over. No reader relies on a journal whose header it cannot read.
            file.set_len(0).ok()?;
            file.seek(SeekFrom::Start(0)).ok()?;
            start_epoch(&mut file).ok()?;
        }
        Some(Change {
            file,
            sessions: sessions.to_path_buf(),
            before: FolderState::stat(sessions)?,
        })
    }

    /// Signs the folder's new state and appends the entry for `name`. Returns whether the
    /// entry was written (a failure leaves a broken chain, which readers handle).
    pub fn commit(mut self, name: &str, op: Op<'_>) -> bool {
        let Some(kernel) = FolderState::stat(&self.sessions) else {
            return false;
        };
        let signed = kernel.signed();
        // The folder is opened without following a link, as every writer opens it.
        let set = signed.system_time().is_some_and(|t| {
            super::safe::Dir::open(&self.sessions)
                .and_then(|dir| {
                    let dir = rustix::fs::openat(
                        dir.fd(),
                        ".",
                        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
                        rustix::fs::Mode::empty(),
                    )?;
                    File::from(dir).set_times(FileTimes::new().set_modified(t))
                })
                .is_ok()
        });
        // Read back: a file system that rounds timestamps cannot carry signatures. The entry
        // is written anyway (with the state as it is), so the journal grows and no reader
        // takes the folder for unchanged.
        let after = if set {
            FolderState::stat(&self.sessions).unwrap_or_default()
        } else {
            kernel
        };
        let exact = after == signed;
        let entry = Entry {
            before: self.before,
            after: if exact { after } else { FolderState::default() },
            name,
            op,
        };
        self.file.write_all(&entry.encode()).is_ok() && exact
    }
}

/// Notes a change of `sessions/` that was made without [`Change`] (the journal was busy, a
/// phantom purged, `gc`): appends an entry that breaks every chain through it, so the change
/// is never hidden, even inside another hook's critical section. Unlocked: one `O_APPEND`
/// write cannot interleave with another. Nothing to do without a journal.
pub fn note_unjournaled(cache_dir: &Path) {
    let Ok(mut file) = super::open_append_with(&cache_dir.join(JOURNAL), false) else {
        return;
    };
    if file.metadata().is_ok_and(|m| m.len() <= JOURNAL_CAP) {
        let breaker = Entry {
            before: FolderState::default(),
            after: FolderState::default(),
            name: "",
            op: Op::Remove,
        };
        let _ = file.write_all(&breaker.encode());
    }
}

/// The journal as a reader sees it.
#[derive(Debug)]
pub struct Journal {
    file: File,
    /// The epoch in its header (0 when it has none yet).
    pub epoch: u64,
    /// Its length in bytes.
    pub len: u64,
}

impl Journal {
    /// The journal in `cache_dir`; `None` when there is none (or it cannot be read).
    pub fn open(cache_dir: &Path) -> Option<Journal> {
        let (file, len) =
            super::open_for_read(&cache_dir.join(JOURNAL), super::Owner::Ring).ok()?;
        let epoch = if len >= HEADER_LEN {
            read_epoch(&file)?
        } else {
            0
        };
        Some(Journal { file, epoch, len })
    }

    /// The bytes from `offset` to the end as seen when opened (bounded by [`JOURNAL_CAP`]
    /// plus one entry); `None` when they cannot be read.
    pub fn read_from(&self, offset: u64) -> Option<Vec<u8>> {
        let want = self.len.checked_sub(offset)?;
        if want > JOURNAL_CAP + (1 << 20) {
            return None;
        }
        let mut buf = vec![0; usize::try_from(want).ok()?];
        self.file.read_exact_at(&mut buf, offset).ok()?;
        Some(buf)
    }
}

/// Empties the journal in `cache_dir` and starts a new epoch, if its lock can be had at once,
/// it is still `len` bytes long and `sessions` is still in the state `expected` (so no entry,
/// breakers included, is lost that the caller has not seen). Gives the new `(epoch, len)`;
/// `None` when it was left as it is.
pub fn rotate(
    cache_dir: &Path,
    sessions: &Path,
    expected: FolderState,
    len: u64,
) -> Option<(u64, u64)> {
    let mut file = open_append(&cache_dir.join(JOURNAL)).ok()?;
    file.try_lock().ok()?;
    if file.metadata().ok()?.len() != len || FolderState::stat(sessions)? != expected {
        return None;
    }
    file.set_len(0).ok()?;
    file.seek(SeekFrom::Start(0)).ok()?;
    let epoch = start_epoch(&mut file).ok()?;
    Some((epoch, HEADER_LEN))
}

#[cfg(test)]
mod tests;
