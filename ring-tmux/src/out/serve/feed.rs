//! What the page is fed: the board read by a short-lived child, and the change feed.
//!
//! Every read is a `ring-tmux serve --print WHAT` child of the server: a read command's
//! process-wide memos (the tmux evidence, the scanned pids) are right for one short command
//! and would go stale in a server that runs for days, and a read that panics or hangs takes
//! only its child down (it is killed at `READ_TIMEOUT`).
//!
//! [`Hub`] holds the latest snapshot (a tokio `watch` channel the event streams wait on); a
//! watcher thread ([`watch`]) polls the `stat` of the
//! files a read starts from every [`POLL`] while a page listens, and reads again only when
//! one changed (a row write is a rename in `sessions/`, which changes the folder's mtime), or
//! every [`RESCAN`] for what no `stat` of ours shows (a transcript-only session that
//! appeared) and to keep the published zero-config rows fresh. Listeners wake only when the
//! snapshot, its clock aside, differs.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How often the watcher looks at the files (a `stat` each, nothing read).
pub const POLL: Duration = Duration::from_millis(200);
/// How often the board is read again though no file of ours changed: sessions no file of
/// ring's shows (zero-config transcripts) appear, and the page keeps fresh zero-config rows
/// and agents' own states (it ignores published ones older than
/// `ring_shared::view::snapshot::PUBLISHED_MAX_AGE`, 60 s).
pub const RESCAN: Duration = Duration::from_secs(10);
/// The longest a read child may take.
const READ_TIMEOUT: Duration = Duration::from_secs(20);

/// How to read the board: this executable, and whether details are kept.
#[derive(Debug, Clone)]
pub struct Reader {
    pub exe: PathBuf,
    /// The listener is not on loopback: details go only with `serve_detail = true`.
    pub remote: bool,
    /// The key a remote read disguises folder names with (`RING_SERVE_KEY` of the child):
    /// one per server, so the same folder reads the same in every snapshot it sends.
    pub key: String,
}

impl Reader {
    /// `ring-tmux serve --print WHAT` (`snapshot` or `view`), its JSON; `None` when it failed.
    pub fn read(&self, what: &str) -> Option<String> {
        self.read_with(what, self.remote)
    }

    /// [`Reader::read`] with the details kept whatever the listener (the server's own use).
    pub fn read_private(&self, what: &str) -> Option<String> {
        self.read_with(what, false)
    }

    fn read_with(&self, what: &str, remote: bool) -> Option<String> {
        let mut command = Command::new(&self.exe);
        command.args(["serve", "--print", what]);
        if remote {
            command
                .arg("--remote")
                .env(super::snapshot::KEY_ENV, &self.key);
        }
        let output = crate::sys::run::bounded_large(command, Instant::now() + READ_TIMEOUT)?;
        output.success.then_some(output.stdout)
    }
}

/// The latest snapshot and who listens for the next one.
#[derive(Debug)]
pub struct Hub {
    latest: tokio::sync::watch::Sender<Option<Arc<String>>>,
    listeners: AtomicUsize,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            latest: tokio::sync::watch::Sender::new(None),
            listeners: AtomicUsize::new(0),
        }
    }
}

/// A listener of the hub: the watcher reads while one exists.
#[derive(Debug)]
pub struct Listener<'a> {
    hub: &'a Hub,
    /// Wakes for each snapshot published after the listener came.
    pub changes: tokio::sync::watch::Receiver<Option<Arc<String>>>,
}

impl Drop for Listener<'_> {
    fn drop(&mut self) {
        self.hub.listeners.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Hub {
    /// A listener arrives. What is published from now on wakes it: the listener reads the
    /// board itself first, so at worst it is sent once more than needed.
    pub fn join(&self) -> Listener<'_> {
        self.listeners.fetch_add(1, Ordering::SeqCst);
        Listener {
            hub: self,
            changes: self.latest.subscribe(),
        }
    }

    fn listeners(&self) -> usize {
        self.listeners.load(Ordering::SeqCst)
    }

    /// Publishes `snapshot` when it differs from the latest (its clock aside).
    pub fn offer(&self, snapshot: String) -> bool {
        self.latest.send_if_modified(|latest| {
            if latest
                .as_deref()
                .is_some_and(|latest| same_board(latest, &snapshot))
            {
                return false;
            }
            *latest = Some(Arc::new(snapshot));
            true
        })
    }
}

/// Two snapshots say the same but for the time they were read at.
pub fn same_board(a: &str, b: &str) -> bool {
    let strip = |text: &str| {
        let mut value: serde_json::Value = serde_json::from_str(text).ok()?;
        if let Some(object) = value.as_object_mut() {
            object.remove("generated_at");
        }
        Some(value)
    };
    match (strip(a), strip(b)) {
        (Some(a), Some(b)) => a == b,
        _ => a == b,
    }
}

/// What a `stat` says of one input: changes when it is written, replaced or removed.
type Stamp = Option<(i64, i64, u64, u64)>;

/// The stamps of the files and folders a read starts from.
pub fn fingerprint(ring_home: &Path) -> Vec<Stamp> {
    const INPUTS: &[&str] = &[
        "sessions",
        "sessions/.ended",
        "labels.json",
        "deleted_sessions.json",
        "config.toml",
        // A host's cache is replaced by a rename there when its refresher wrote it.
        ring_shared::view::remote::CACHE_FOLDER,
    ];
    INPUTS
        .iter()
        .map(|name| {
            std::fs::metadata(ring_home.join(name))
                .ok()
                .map(|m| (m.mtime(), m.mtime_nsec(), m.ino(), m.len()))
        })
        .collect()
}

/// The watcher: while anyone listens, reads the board when an input changed or
/// [`RESCAN`] passed, and offers it to the hub. Runs for the life of the server.
pub fn watch(hub: &Hub, reader: &Reader, ring_home: &Path) {
    let mut seen: Option<Vec<Stamp>> = None;
    let mut last_read = Instant::now();
    loop {
        std::thread::sleep(POLL);
        if hub.listeners() == 0 {
            // Nobody to tell: read nothing; the next listener starts from a fresh read.
            seen = None;
            continue;
        }
        let now = fingerprint(ring_home);
        if seen.as_ref() == Some(&now) && last_read.elapsed() < RESCAN {
            continue;
        }
        seen = Some(now);
        last_read = Instant::now();
        if let Some(snapshot) = reader.read("snapshot") {
            hub.offer(snapshot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_read_at_another_time_are_the_same_board() {
        assert!(same_board(
            r#"{"generated_at":1,"rows":[1]}"#,
            r#"{"generated_at":2,"rows":[1]}"#
        ));
        assert!(!same_board(
            r#"{"generated_at":1,"rows":[1]}"#,
            r#"{"generated_at":1,"rows":[2]}"#
        ));
    }

    #[test]
    fn hub_wakes_listeners_only_for_a_different_board() {
        let hub = Hub::default();
        let mut listener = hub.join();
        assert_eq!(hub.listeners(), 1);
        assert!(hub.offer(r#"{"generated_at":1,"rows":[]}"#.into()));
        assert!(listener.changes.has_changed().expect("open"));
        listener.changes.mark_unchanged();
        assert!(!hub.offer(r#"{"generated_at":2,"rows":[]}"#.into()));
        assert!(!listener.changes.has_changed().expect("open"));
        assert!(hub.offer(r#"{"generated_at":3,"rows":[{}]}"#.into()));
        assert!(listener.changes.has_changed().expect("open"));
        drop(listener);
        assert_eq!(hub.listeners(), 0);
    }

    #[test]
    fn a_row_write_changes_the_fingerprint() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("sessions")).expect("mkdir");
        let before = fingerprint(dir.path());
        assert_eq!(before, fingerprint(dir.path()));
        std::thread::sleep(Duration::from_millis(20));
        std::fs::write(dir.path().join("sessions").join(".tmp"), "{}").expect("write");
        std::fs::rename(
            dir.path().join("sessions").join(".tmp"),
            dir.path().join("sessions").join("a.json"),
        )
        .expect("rename");
        assert_ne!(before, fingerprint(dir.path()));
    }
}
