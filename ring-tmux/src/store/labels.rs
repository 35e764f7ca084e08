//! `labels.json` on disk: [`ring_shared::labels::set`] under an exclusive `flock` on
//! `labels.json.lock`, written 0600 via a temp file + rename. A file that does not parse is
//! set aside (`labels.json.corrupt-<time>`, 0600), never silently replaced: its labels stay
//! there for a person to recover.

use super::lock;
use std::io;
use std::path::Path;

/// The labels file in the ring folder (RiNG's name).
pub const LABELS_FILE: &str = "labels.json";
/// Its lock file.
pub const LABELS_LOCK: &str = "labels.json.lock";
const READ_CAP: u64 = 16 << 20;

/// What [`set`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Set {
    /// The label is written; `set_aside` when the old file did not parse.
    Written { set_aside: Option<SetAside> },
    /// The lock could not be had in time: nothing written.
    Locked,
}

/// A `labels.json` that did not parse, moved out of the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    /// Its new name in the ring folder.
    pub name: String,
    /// Why it did not parse.
    pub why: String,
}

impl SetAside {
    /// One sentence for a person: what was wrong, where the old labels are, what the new file
    /// holds.
    pub fn say(&self) -> String {
        ring_shared::t!(
            "err-labels-set-aside",
            file = LABELS_FILE,
            why = self.why.as_str(),
            aside = self.name.as_str()
        )
    }
}

/// Why `bytes` is not a labels file, if it is not (empty text is an empty file).
fn unreadable(bytes: &[u8]) -> Option<String> {
    if bytes.trim_ascii().is_empty() {
        return None;
    }
    serde_json::from_slice::<serde_json::Map<String, serde_json::Value>>(bytes)
        .err()
        .map(|e| e.to_string())
}

/// Names `session_id` `label` (an empty label removes the name) at `now`.
pub fn set(ring_home: &Path, session_id: &str, label: &str, now: f64) -> io::Result<Set> {
    super::ensure_dir(ring_home)?;
    let held = lock::acquire(
        &ring_home.join(LABELS_LOCK),
        lock::Mode::Exclusive,
        lock::LOCK_TIMEOUT,
        lock::open_lock_file,
    )?;
    if let lock::Lock::TimedOut = held {
        return Ok(Set::Locked);
    }
    let mut current = super::read_bounded(&ring_home.join(LABELS_FILE), READ_CAP)?;
    let mut set_aside = None;
    if let Some(why) = current.as_deref().and_then(unreadable) {
        let name = super::set_aside(ring_home, LABELS_FILE, now)?;
        current = None;
        set_aside = Some(SetAside { name, why });
    }
    let Some(text) = ring_shared::labels::set(current.as_deref(), session_id, label) else {
        return Ok(Set::Locked);
    };
    super::write_atomic(ring_home, LABELS_FILE, text.as_bytes())?;
    drop(held);
    Ok(Set::Written { set_aside })
}
