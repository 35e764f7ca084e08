//! SessionEnd tombstones, `sessions/.ended/<row file name>`: the time of a session's last
//! SessionEnd, so that an event of that session stamped earlier (its hook started before the
//! end but got the lock after it) is dropped instead of bringing the row back.
//!
//! RiNG 0.17.2 lists `sessions/*.json` only, so the folder is invisible to it (as `.locks`
//! is); gc removes tombstones past [`KEEP_SECONDS`].

use super::{Owner, read_bounded, read_in, safe::Dir};
use std::io;
use std::path::Path;

/// Folder of tombstones inside `sessions/`.
pub const ENDED_DIR: &str = ".ended";
/// How long a tombstone is kept: far longer than any hook can wait (stdin 5 s, lock 2 s).
pub const KEEP_SECONDS: f64 = 600.0;
const CAP: u64 = 64;

/// The time of the last SessionEnd of the row file `name`, if one is recorded.
pub fn ended_at(sessions: &Path, name: &str) -> Option<f64> {
    parse(&read_bounded(&sessions.join(ENDED_DIR).join(name), CAP).ok()??)
}

/// [`ended_at`] in the open `sessions` folder (the hook's, without resolving its path again).
pub(crate) fn ended_at_in(sessions: &Dir, name: &str) -> Option<f64> {
    parse(&read_in(sessions, &format!("{ENDED_DIR}/{name}"), CAP, Owner::Anyone).ok()??)
}

fn parse(bytes: &[u8]) -> Option<f64> {
    std::str::from_utf8(bytes)
        .ok()?
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|t| t.is_finite())
}

/// Records a SessionEnd of the row file `name` at `at` in the open `sessions` folder (keeping
/// a later one already there). Called under the session's lock.
pub fn mark_ended(sessions: &Dir, name: &str, at: f64) -> io::Result<()> {
    if ended_at_in(sessions, name).is_some_and(|t| t >= at) {
        return Ok(());
    }
    sessions
        .sub(ENDED_DIR, true)?
        .write_atomic(name, format!("{at}").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tombstone_keeps_the_latest_end() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sessions = Dir::open(dir.path()).expect("open");
        assert_eq!(ended_at(dir.path(), "s.json"), None);
        mark_ended(&sessions, "s.json", 10.5).expect("mark");
        mark_ended(&sessions, "s.json", 3.0).expect("mark");
        assert_eq!(ended_at(dir.path(), "s.json"), Some(10.5));
        mark_ended(&sessions, "s.json", 11.0).expect("mark");
        assert_eq!(ended_at(dir.path(), "s.json"), Some(11.0));
        assert_eq!(ended_at_in(&sessions, "s.json"), Some(11.0));
    }
}
