//! `labels.json` on disk: [`ring_shared::labels::set`] under an exclusive `flock` on
//! `labels.json.lock`, written 0600 via a temp file + rename.

use std::io;
use std::path::Path;

/// The labels file in the ring folder (RiNG's name).
pub const LABELS_FILE: &str = "labels.json";
/// Its lock file.
pub const LABELS_LOCK: &str = "labels.json.lock";
const READ_CAP: u64 = 16 << 20;

/// Names `session_id` `label` (an empty label removes the name). `Ok(false)`: the lock could
/// not be had in time, nothing written.
pub fn set(ring_home: &Path, session_id: &str, label: &str) -> io::Result<bool> {
    super::rewrite_locked(ring_home, LABELS_FILE, LABELS_LOCK, READ_CAP, |bytes| {
        ring_shared::labels::set(bytes, session_id, label)
    })
}
