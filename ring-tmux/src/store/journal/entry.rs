//! The journal's entries and the folder states they chain: their encoding (`store::codec`;
//! each entry a length-prefixed block ending with its checksum, so a torn one is noticed).

use crate::store::codec::{Reader, Writer};
use crate::store::frame::checksum;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

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

    /// The signature after a change the kernel stamped with this key: one nanosecond earlier.
    pub(super) fn signed(self) -> FolderState {
        match self.nsec {
            0 => FolderState {
                sec: self.sec - 1,
                nsec: 999_999_999,
                ..self
            },
            n => FolderState {
                nsec: n - 1,
                ..self
            },
        }
    }

    pub(super) fn system_time(&self) -> Option<SystemTime> {
        let sec = u64::try_from(self.sec).ok()?;
        UNIX_EPOCH.checked_add(Duration::new(sec, self.nsec))
    }
}

crate::store::codec::record!(FolderState {
    dev: u64,
    ino: u64,
    sec: i64,
    nsec: u32
});

/// What one change did to a row file.
#[derive(Debug, Clone, PartialEq)]
pub enum Op<'a> {
    /// The row file `name` now holds `json`; `file` is its (inode, size, mtime).
    Write {
        file: (u64, u64, f64),
        json: &'a [u8],
    },
    /// The row file `name` was removed.
    Remove,
}

/// One journal entry: the folder's state before and after the change of the row file `name`.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry<'a> {
    pub before: FolderState,
    pub after: FolderState,
    pub name: &'a str,
    pub op: Op<'a>,
}

/// The checksum that ends each entry's block.
const SUM_LEN: usize = 8;

impl Entry<'_> {
    pub(super) fn encode(&self) -> Vec<u8> {
        let mut w = Writer::with_capacity(96 + self.name.len());
        w.u32(0);
        w.put(&self.before);
        w.put(&self.after);
        w.str(self.name);
        match &self.op {
            Op::Write { file, json } => {
                w.u8(0);
                w.put(file);
                w.bytes(json);
            }
            Op::Remove => w.u8(1),
        }
        // Each entry checks itself: a torn or edited entry breaks the chain (store::frame).
        let sum = checksum(&w.as_slice()[4..]);
        w.u64(sum);
        let len = u32::try_from(w.len() - 4).unwrap_or(u32::MAX);
        w.patch_u32(0, len);
        w.into_vec()
    }

    fn decode(block: &[u8]) -> Option<Entry<'_>> {
        let mut r = Reader::new(block);
        let body = r.take(block.len().checked_sub(SUM_LEN)?)?;
        if checksum(body) != r.u64()? {
            return None;
        }
        let mut r = Reader::new(body);
        let before = r.get()?;
        let after = r.get()?;
        let name = r.str()?;
        let op = match r.u8()? {
            0 => Op::Write {
                file: r.get()?,
                json: r.bytes()?,
            },
            1 => Op::Remove,
            _ => return None,
        };
        r.finish(Entry {
            before,
            after,
            name,
            op,
        })
    }
}

/// The entries in `bytes` (the journal from some entry boundary to its end); `None` when
/// any of them is torn or corrupt.
pub fn entries(bytes: &[u8]) -> Option<Vec<Entry<'_>>> {
    let mut r = Reader::new(bytes);
    let mut found = Vec::new();
    while !r.is_empty() {
        found.push(Entry::decode(r.bytes()?)?);
    }
    Some(found)
}
