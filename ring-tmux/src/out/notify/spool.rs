//! Rings not decided yet: `notify.spool/` in the ring folder (issue 23 item 7).
//!
//! The hook never waits for `notify.lock`: it queues its ring here (one small file, written
//! to a temp name and renamed into place, 0600 in a 0700 folder, never through a link) and
//! hands a flush to its detached child. Whoever holds `notify.lock` claims the queue, decides
//! every ring in it with the pure rules, records the decision in `notify.json` and releases
//! the lock; it then sends and removes what it claimed. A flush that finds the lock busy
//! leaves its ring queued: the holder looks at the queue again after it releases the lock,
//! and every later flush (hook, status job, plugin timer) drains it too.
//!
//! ```text
//! w.<nanos>.<pid>.<seq>          a ring waiting for a decision
//! c.<tag>.lock                   a sender's claim, flock'ed while it sends
//! c.<tag>.w.<nanos>.<pid>.<seq>  a ring decided and being sent by that sender
//! ```
//!
//! Exactly once: a ring leaves the queue only after its decision is in `notify.json`, and,
//! when it rang, after its note was sent. A sender that dies mid-send leaves its claim
//! unlocked; the next holder of `notify.lock` puts the claimed rings back and decides them
//! again, so the notes that sender had not confirmed go out (again, for any it had already
//! sent: the only duplicates, and only after a crash).
//!
//! Bounded: at most [`CAP`] rings wait; queueing past it drops the oldest, with a line in
//! `ring.log`.

use crate::store::{self, ErrorLog, safe};
use rustix::fs::OFlags;
use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// The queue folder in the ring folder.
pub const SPOOL_DIR: &str = "notify.spool";
/// Most rings that wait for a decision (a storm of waits past it loses its oldest).
pub const CAP: usize = 4096;
const RING: &str = "w.";
const CLAIM: &str = "c.";
/// Largest ring file read (a session id and a time).
const ITEM_CAP: u64 = 64 * 1024;

/// One queued ring.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ring {
    /// The session the hook's decision rang for.
    pub session_id: String,
    /// When the hook rang.
    pub at: f64,
}

fn open(ring_home: &Path) -> io::Result<safe::Dir> {
    safe::Dir::create(ring_home)?.sub(SPOOL_DIR, true)
}

/// The folder's entry names (the folder is listed by path: names only, every open and rename
/// goes through the checked folder).
fn names(dir: &safe::Dir) -> io::Result<Vec<String>> {
    let mut names: Vec<String> = std::fs::read_dir(dir.path())?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    Ok(names)
}

fn pending(names: &[String]) -> impl Iterator<Item = &String> {
    names.iter().filter(|n| n.starts_with(RING))
}

fn nanos() -> u128 {
    crate::sys::env::since_epoch().as_nanos()
}

/// Queues a ring for `session_id` (the hook, after its write; never takes `notify.lock`).
pub fn push(ring_home: &Path, session_id: &str, now: f64) -> io::Result<()> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static SEQ: AtomicU32 = AtomicU32::new(0);
    let dir = open(ring_home)?;
    let queued: Vec<String> = pending(&names(&dir)?).cloned().collect();
    if let Some(over) = (queued.len() + 1).checked_sub(CAP).filter(|n| *n > 0) {
        for name in &queued[..over] {
            dir.remove(name)?;
        }
        ErrorLog::new(ring_home).write(
            now,
            "notify",
            &format!("{SPOOL_DIR} holds {CAP} rings: dropped the {over} oldest"),
        );
    }
    let bytes = serde_json::to_vec(&Ring {
        session_id: session_id.to_owned(),
        at: now,
    })
    .map_err(io::Error::other)?;
    let (tmp, mut file) = dir.create_temp("ring")?;
    // Zero-padded nanoseconds first: names sort oldest first.
    let name = format!(
        "{RING}{:026}.{}.{}",
        nanos(),
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    );
    let done = file
        .write_all(&bytes)
        .and_then(|()| dir.rename(&tmp, &name));
    if done.is_err() {
        let _ = dir.remove(&tmp);
    }
    done
}

/// Whether rings wait for a decision (a missing folder: none). Rings a sender has claimed
/// are not counted: that sender is sending them, or died and the next decision (any ring,
/// any timer) puts them back.
pub fn waiting(ring_home: &Path) -> bool {
    std::fs::read_dir(ring_home.join(SPOOL_DIR)).is_ok_and(|mut entries| {
        entries.any(|e| e.is_ok_and(|e| e.file_name().to_string_lossy().starts_with(RING)))
    })
}

/// Rings a sender took from the queue: decided, not yet confirmed sent. Dropping it without
/// [`Claim::done`] (a crash) leaves them for the next holder of `notify.lock`.
#[derive(Debug)]
pub struct Claim {
    dir: safe::Dir,
    tag: String,
    /// Held while the claim lives: an unlocked claim is a dead sender's.
    lock: File,
    names: Vec<String>,
    /// The rings, oldest first.
    pub rings: Vec<Ring>,
}

impl Claim {
    fn lock_name(tag: &str) -> String {
        format!("{CLAIM}{tag}.lock")
    }

    /// Takes up to `most` queued rings (call with `notify.lock` held); `None` when none is
    /// queued. Claims of senders that died are put back in the queue first. Unreadable ring
    /// files are dropped and logged.
    pub fn take(
        ring_home: &Path,
        most: usize,
        log: &ErrorLog,
        now: f64,
    ) -> io::Result<Option<Claim>> {
        let dir = open(ring_home)?;
        let mut listed = names(&dir)?;
        if listed.iter().any(|n| n.starts_with(CLAIM)) {
            recover(&dir, &listed, log, now)?;
            listed = names(&dir)?;
        }
        if pending(&listed).next().is_none() {
            return Ok(None);
        }
        let tag = format!("{}-{}", std::process::id(), nanos());
        let lock = dir.open_file(
            &Claim::lock_name(&tag),
            OFlags::RDWR | OFlags::CREATE | OFlags::EXCL,
        )?;
        lock.try_lock().map_err(io::Error::other)?;
        let mut claim = Claim {
            dir,
            tag,
            lock,
            names: Vec::new(),
            rings: Vec::new(),
        };
        for name in pending(&listed).take(most) {
            let ring = store::read_owned(&claim.dir.path().join(name), ITEM_CAP)
                .ok()
                .flatten()
                .and_then(|bytes| serde_json::from_slice::<Ring>(&bytes).ok());
            let Some(ring) = ring else {
                log.write(
                    now,
                    "notify",
                    &format!("{SPOOL_DIR}/{name}: unreadable, dropped"),
                );
                claim.dir.remove(name)?;
                continue;
            };
            let claimed = format!("{CLAIM}{}.{name}", claim.tag);
            claim.dir.rename(name, &claimed)?;
            claim.names.push(claimed);
            claim.rings.push(ring);
        }
        Ok(Some(claim))
    }

    /// Removes the claimed rings of the sessions `keep` does not keep (their decision is
    /// recorded and nothing is left to send for them).
    pub fn settle(&mut self, keep: impl Fn(&Ring) -> bool) {
        let mut i = 0;
        while i < self.rings.len() {
            if keep(&self.rings[i]) || self.dir.remove(&self.names[i]).is_err() {
                i += 1;
            } else {
                self.rings.remove(i);
                self.names.remove(i);
            }
        }
    }

    /// The notes are sent: the claim and its rings go.
    pub fn done(self) {
        for name in &self.names {
            let _ = self.dir.remove(name);
        }
        let _ = self.dir.remove(&Claim::lock_name(&self.tag));
        drop(self.lock);
    }
}

/// Puts the rings of every claim whose sender died (its lock file is not locked, or gone)
/// back in the queue, under their first names.
fn recover(dir: &safe::Dir, names: &[String], log: &ErrorLog, now: f64) -> io::Result<()> {
    let mut tags: Vec<&str> = names
        .iter()
        .filter_map(|n| n.strip_prefix(CLAIM)?.split_once('.').map(|(tag, _)| tag))
        .collect();
    tags.dedup();
    for tag in tags {
        let lock_name = Claim::lock_name(tag);
        let alive = match dir.open_file(&lock_name, OFlags::RDWR) {
            Ok(file) => file.try_lock().is_err(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => false,
            // Not ours to judge (a link, a folder): leave it.
            Err(_) => true,
        };
        if alive {
            continue;
        }
        let prefix = format!("{CLAIM}{tag}.");
        let mut back = 0;
        for name in names {
            if let Some(first) = name.strip_prefix(&prefix)
                && first.starts_with(RING)
                && dir.rename(name, first).is_ok()
            {
                back += 1;
            }
        }
        dir.remove(&lock_name)?;
        if back > 0 {
            log.write(
                now,
                "notify",
                &format!("a sender stopped before confirming {back} note(s): queued again"),
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::symlink_metadata(path)
            .expect("metadata")
            .permissions()
            .mode()
            & 0o777
    }

    #[test]
    fn rings_are_private_files_claimed_oldest_first() {
        let home = tempfile::tempdir().expect("tempdir");
        let log = ErrorLog::new(home.path());
        for id in ["a", "b", "c"] {
            push(home.path(), id, 1.0).expect("push");
        }
        let dir = home.path().join(SPOOL_DIR);
        assert_eq!(mode(&dir), 0o700);
        for e in std::fs::read_dir(&dir).expect("list") {
            assert_eq!(mode(&e.expect("entry").path()), 0o600);
        }
        assert!(waiting(home.path()));
        let claim = Claim::take(home.path(), 2, &log, 1.0)
            .expect("claim")
            .expect("rings");
        let ids: Vec<&str> = claim.rings.iter().map(|r| r.session_id.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
        claim.done();
        let claim = Claim::take(home.path(), 10, &log, 1.0)
            .expect("claim")
            .expect("rings");
        assert_eq!(claim.rings.len(), 1);
        claim.done();
        assert!(!waiting(home.path()));
        // Nothing queued: no claim, no file left behind.
        assert!(
            Claim::take(home.path(), 10, &log, 1.0)
                .expect("claim")
                .is_none()
        );
        assert_eq!(std::fs::read_dir(&dir).expect("list").count(), 0);
    }

    #[test]
    fn a_dead_sender_s_claim_is_queued_again_and_a_live_one_is_not() {
        let home = tempfile::tempdir().expect("tempdir");
        let log = ErrorLog::new(home.path());
        push(home.path(), "a", 1.0).expect("push");
        let live = Claim::take(home.path(), 10, &log, 1.0)
            .expect("claim")
            .expect("rings");
        push(home.path(), "b", 1.0).expect("push");
        // A live claim is left alone.
        let second = Claim::take(home.path(), 10, &log, 1.0)
            .expect("claim")
            .expect("rings");
        let ids: Vec<&str> = second.rings.iter().map(|r| r.session_id.as_str()).collect();
        assert_eq!(ids, ["b"]);
        second.done();
        // The first sender dies: its lock goes with it, its rings come back.
        let Claim { lock, .. } = live;
        drop(lock);
        let again = Claim::take(home.path(), 10, &log, 1.0)
            .expect("claim")
            .expect("rings");
        let ids: Vec<&str> = again.rings.iter().map(|r| r.session_id.as_str()).collect();
        assert_eq!(ids, ["a"]);
    }

    #[test]
    fn settled_rings_leave_the_claim() {
        let home = tempfile::tempdir().expect("tempdir");
        let log = ErrorLog::new(home.path());
        for id in ["a", "b", "c"] {
            push(home.path(), id, 1.0).expect("push");
        }
        let mut claim = Claim::take(home.path(), 10, &log, 1.0)
            .expect("claim")
            .expect("rings");
        claim.settle(|r| r.session_id == "b");
        assert_eq!(claim.rings.len(), 1);
        let left = std::fs::read_dir(home.path().join(SPOOL_DIR))
            .expect("list")
            .count();
        // The lock and b's ring.
        assert_eq!(left, 2);
    }
}
