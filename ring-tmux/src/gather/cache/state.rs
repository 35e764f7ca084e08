//! What the row cache compares with the disk: a folder's exact state and a file's version.

use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// One exact state of a folder: which folder, and its mtime to the nanosecond.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FolderState {
    pub dev: u64,
    pub ino: u64,
    pub sec: i64,
    pub nsec: u32,
}

impl FolderState {
    /// The state of the folder `meta` describes.
    pub fn of(meta: &std::fs::Metadata) -> FolderState {
        FolderState {
            dev: meta.dev(),
            ino: meta.ino(),
            sec: meta.mtime(),
            nsec: u32::try_from(meta.mtime_nsec()).unwrap_or(0),
        }
    }

    /// The state of `dir` now; `None` when it cannot be `stat`ed.
    pub fn stat(dir: &Path) -> Option<FolderState> {
        std::fs::metadata(dir).ok().map(|m| FolderState::of(&m))
    }

    /// The mtime in Unix seconds (not exact: for comparing with clocks).
    pub fn mtime(&self) -> f64 {
        self.sec as f64 + f64::from(self.nsec) * 1e-9
    }
}

crate::store::codec::record!(FolderState {
    dev: u64,
    ino: u64,
    sec: i64,
    nsec: u32
});

/// A file's (inode, size, mtime), as the row cache keys files.
pub fn file_parts(meta: &std::fs::Metadata) -> (u64, u64, f64) {
    let mtime =
        meta.mtime() as f64 + f64::from(u32::try_from(meta.mtime_nsec()).unwrap_or(0)) * 1e-9;
    (meta.ino(), meta.len(), mtime)
}
