//! Hidden sessions, `deleted_sessions.json` (§3.13): the hook's un-hide, on disk.
//!
//! The rule and RiNG's format (what is kept, the legacy-list migration, keys sorted, ISO-8601
//! UTC strings) are [`ring_shared::hidden`]'s; this module only adds the I/O: the file is
//! read, and rewritten via a temp file + rename under an exclusive `flock` on
//! `deleted_sessions.json.lock`, only when the id is actually in it.

use super::lock::{self, Lock, Mode};
use super::safe::Dir;
use super::{Owner, read_bounded, read_in, write_atomic};
use ring_shared::hidden;
use std::io;
use std::path::Path;

pub use ring_shared::hidden::epoch_to_iso;

/// The hidden-sessions file in the ring folder.
pub const HIDDEN_FILE: &str = "deleted_sessions.json";
/// Its lock file (RiNG's name).
pub const HIDDEN_LOCK: &str = "deleted_sessions.json.lock";
const READ_CAP: u64 = 16 << 20;

/// What [`unhide`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unhide {
    /// The id was not hidden (or there is no file): nothing written.
    NotHidden,
    /// Removed under the lock.
    Removed,
    /// Hidden, but the lock could not be had in time: nothing written (never write unlocked:
    /// a concurrent rewrite would be lost).
    LockTimedOut,
}

/// Removes `session_id` from the hidden list in `ring_home`, if it is there.
pub fn unhide(ring_home: &Path, session_id: &str, now: f64) -> io::Result<Unhide> {
    let path = ring_home.join(HIDDEN_FILE);
    unhide_with(
        session_id,
        now,
        || read_bounded(&path, READ_CAP),
        || {
            lock::acquire(
                &ring_home.join(HIDDEN_LOCK),
                Mode::Exclusive,
                lock::LOCK_TIMEOUT,
                lock::open_lock_file,
            )
        },
        |text| write_atomic(ring_home, HIDDEN_FILE, text),
    )
}

/// [`unhide`] in the open ring folder `home` (the hook's: no path resolved from `/` again).
pub(crate) fn unhide_in(home: &Dir, session_id: &str, now: f64) -> io::Result<Unhide> {
    unhide_with(
        session_id,
        now,
        || read_in(home, HIDDEN_FILE, READ_CAP, Owner::Anyone),
        || lock::acquire_in(home, HIDDEN_LOCK, Mode::Exclusive, lock::LOCK_TIMEOUT),
        |text| home.write_atomic(HIDDEN_FILE, text),
    )
}

fn unhide_with(
    session_id: &str,
    now: f64,
    read: impl Fn() -> io::Result<Option<Vec<u8>>>,
    lock: impl FnOnce() -> io::Result<Lock>,
    write: impl FnOnce(&[u8]) -> io::Result<()>,
) -> io::Result<Unhide> {
    // Fast path, no lock: almost always the file is missing or the id is not in it.
    match read()? {
        Some(bytes) if hidden::is_hidden(&bytes, session_id) => {}
        _ => return Ok(Unhide::NotHidden),
    }
    let held = lock()?;
    if let Lock::TimedOut = held {
        return Ok(Unhide::LockTimedOut);
    }
    // Again under the lock: another process may have changed the file meanwhile.
    let Some(text) = read()?.and_then(|bytes| hidden::unhide(&bytes, session_id, now)) else {
        return Ok(Unhide::NotHidden);
    };
    write(text.as_bytes())?;
    drop(held);
    Ok(Unhide::Removed)
}

/// What [`hide`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hide {
    /// Hidden; `set_aside` names the old file when it did not parse (RiNG 0.17.5+ keeps such
    /// a file as `deleted_sessions.json.corrupt-<time>` too, never overwrites it).
    Hidden { set_aside: Option<String> },
    /// The lock could not be had in time: nothing written.
    Locked,
}

impl Hide {
    /// One sentence for a person.
    pub fn say(&self) -> String {
        match self {
            Hide::Hidden { set_aside: None } => ring_shared::t!("err-hide-hidden"),
            Hide::Hidden {
                set_aside: Some(name),
            } => ring_shared::t!(
                "err-hide-set-aside",
                file = HIDDEN_FILE,
                aside = name.as_str()
            ),
            Hide::Locked => format!(
                "{}; {}",
                ring_shared::t!("err-file-locked", file = HIDDEN_FILE),
                ring_shared::t!("err-file-locked-fix")
            ),
        }
    }
}

/// Hides `session_id` in `ring_home` (`ring-tmux hide`, RiNG's `dd`): [`hidden::hide`] under
/// the lock. A file that does not parse (neither RiNG's object nor a legacy list) is set
/// aside first ([`super::set_aside`]); an empty one counts as an empty list.
pub fn hide(ring_home: &Path, session_id: &str, now: f64) -> io::Result<Hide> {
    super::ensure_dir(ring_home)?;
    let held = lock::acquire(
        &ring_home.join(HIDDEN_LOCK),
        Mode::Exclusive,
        lock::LOCK_TIMEOUT,
        lock::open_lock_file,
    )?;
    if let Lock::TimedOut = held {
        return Ok(Hide::Locked);
    }
    let mut current = read_bounded(&ring_home.join(HIDDEN_FILE), READ_CAP)?;
    let mut set_aside = None;
    if current
        .as_deref()
        .is_some_and(|b| !b.trim_ascii().is_empty() && hidden::decode(b, now).is_none())
    {
        set_aside = Some(super::set_aside(ring_home, HIDDEN_FILE, now)?);
        current = None;
    }
    let Some(text) = hidden::hide(current.as_deref(), session_id, now) else {
        return Ok(Hide::Hidden { set_aside });
    };
    write_atomic(ring_home, HIDDEN_FILE, text.as_bytes())?;
    drop(held);
    Ok(Hide::Hidden { set_aside })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    /// Un-hides by path and through the open folder (the hook's way): both must agree.
    fn run(initial: &str, id: &str) -> (Unhide, Option<String>) {
        let [by_path, in_dir] = [false, true].map(|open| {
            let dir = tempfile::tempdir().expect("tempdir");
            std::fs::write(dir.path().join(HIDDEN_FILE), initial).expect("write");
            let out = if open {
                unhide_in(&Dir::open(dir.path()).expect("open"), id, 1700000000.0)
            } else {
                unhide(dir.path(), id, 1700000000.0)
            };
            (
                out.expect("unhide"),
                std::fs::read_to_string(dir.path().join(HIDDEN_FILE)).ok(),
            )
        });
        assert_eq!(by_path, in_dir);
        by_path
    }

    // The rule's cases are `ring_shared::hidden`'s tests; these check what reaches the disk.
    #[rstest]
    #[case::removes_and_sorts(
        r#"{"z": "2023-11-14T22:13:25+00:00", "s1": "2023-11-14T22:13:26+00:00", "a": 1700000005}"#,
        "s1",
        Unhide::Removed,
        r#"{"a": "2023-11-14T22:13:25+00:00", "z": "2023-11-14T22:13:25+00:00"}"#
    )]
    #[case::legacy_list_migrated(
        r#"["s1", "s2", 3, ""]"#,
        "s1",
        Unhide::Removed,
        r#"{"s2": "2023-11-14T22:13:20+00:00"}"#
    )]
    #[case::absent_id_untouched(r#"{"s2": 5}"#, "s1", Unhide::NotHidden, r#"{"s2": 5}"#)]
    #[case::invalid_file_untouched("nope", "s1", Unhide::NotHidden, "nope")]
    fn unhide_rewrites_the_file_only_when_hidden(
        #[case] initial: &str,
        #[case] id: &str,
        #[case] want: Unhide,
        #[case] after: &str,
    ) {
        assert_eq!(run(initial, id), (want, Some(after.to_owned())));
    }

    #[test]
    fn unhide_without_file_writes_nothing() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert_eq!(
            unhide(dir.path(), "s1", 1.0).expect("unhide"),
            Unhide::NotHidden
        );
        assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 0);
    }

    #[test]
    fn unhide_leaves_no_temp_file_behind() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join(HIDDEN_FILE), r#"{"s1": 5}"#).expect("write");
        assert_eq!(
            unhide(dir.path(), "s1", 1.0).expect("unhide"),
            Unhide::Removed
        );
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, [HIDDEN_FILE, HIDDEN_LOCK]);
    }
}
