//! Whether anything the board shows may have changed on disk, by `stat` alone.
//!
//! Every writer of rows (ring's hook, RiNG, gc) creates, renames or deletes files in
//! `sessions/`, which changes the folder's mtime (the same fact the row cache rests on, see
//! `read::cache`); `labels.json`, `deleted_sessions.json` and `config.toml` are replaced by
//! a rename in the ring folder; SessionEnd tombstones go to `sessions/.ended/`. A
//! [`Stamp`] of those few paths is taken every tick; the board is read again only when it
//! differs.

use crate::gather::file_parts;
use crate::sys::env::Env;
use std::path::PathBuf;

/// The paths a [`Stamp`] covers.
pub fn paths(env: &Env) -> Vec<PathBuf> {
    let sessions = env.ring_home.join("sessions");
    let mut paths = vec![
        sessions.join(".ended"),
        sessions,
        env.ring_home.join("labels.json"),
        env.ring_home.join("deleted_sessions.json"),
        env.ring_home.join("config.toml"),
        env.ring_home.clone(),
    ];
    // A test's process list stands for /proc: a change to it is a change of liveness.
    paths.extend(env.procs_file.clone());
    paths
}

/// `(inode, size, mtime)` of each path, `None` where it cannot be stat'ed.
#[derive(Debug, Clone, PartialEq)]
pub struct Stamp(Vec<Option<(u64, u64, f64)>>);

impl Stamp {
    pub fn of(paths: &[PathBuf]) -> Stamp {
        Stamp(
            paths
                .iter()
                .map(|p| std::fs::metadata(p).ok().map(|m| file_parts(&m)))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_renamed_into_the_folder_or_a_label_written_changes_the_stamp() {
        let dir = tempfile::tempdir().expect("temp dir");
        let sessions = dir.path().join("sessions");
        std::fs::create_dir_all(&sessions).expect("sessions");
        let paths = vec![sessions.clone(), dir.path().join("labels.json")];
        let before = Stamp::of(&paths);
        assert_eq!(Stamp::of(&paths), before, "nothing changed");
        std::fs::write(dir.path().join("tmp"), b"{}").expect("temp row");
        std::fs::rename(dir.path().join("tmp"), sessions.join("s1.json")).expect("rename");
        let after_row = Stamp::of(&paths);
        assert_ne!(after_row, before);
        std::fs::write(dir.path().join("labels.json"), b"{\"s1\": \"x\"}").expect("labels");
        assert_ne!(Stamp::of(&paths), after_row);
    }
}
