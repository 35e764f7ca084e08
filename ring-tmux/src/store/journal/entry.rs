//! The journal's entries and the folder states they chain: their encoding (little-endian
//! numbers, `u32`-length blocks, each entry a block of its own so a torn one is noticed).

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

    fn put(&self, w: &mut Vec<u8>) {
        w.extend_from_slice(&self.dev.to_le_bytes());
        w.extend_from_slice(&self.ino.to_le_bytes());
        w.extend_from_slice(&self.sec.to_le_bytes());
        w.extend_from_slice(&self.nsec.to_le_bytes());
    }

    fn take(r: &mut &[u8]) -> Option<FolderState> {
        Some(FolderState {
            dev: u64::from_le_bytes(take(r)?),
            ino: u64::from_le_bytes(take(r)?),
            sec: i64::from_le_bytes(take(r)?),
            nsec: u32::from_le_bytes(take(r)?),
        })
    }
}

fn take<const N: usize>(r: &mut &[u8]) -> Option<[u8; N]> {
    let (head, rest) = r.split_first_chunk::<N>()?;
    *r = rest;
    Some(*head)
}

fn take_block<'a>(r: &mut &'a [u8]) -> Option<&'a [u8]> {
    let len = usize::try_from(u32::from_le_bytes(take(r)?)).ok()?;
    let block = r.get(..len)?;
    *r = &r[len..];
    Some(block)
}

fn put_block(w: &mut Vec<u8>, block: &[u8]) {
    w.extend_from_slice(&u32::try_from(block.len()).unwrap_or(u32::MAX).to_le_bytes());
    w.extend_from_slice(block);
}

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

impl Entry<'_> {
    pub(super) fn encode(&self) -> Vec<u8> {
        let mut w = Vec::with_capacity(96 + self.name.len());
        w.extend_from_slice(&[0; 4]);
        self.before.put(&mut w);
        self.after.put(&mut w);
        put_block(&mut w, self.name.as_bytes());
        match &self.op {
            Op::Write { file, json } => {
                w.push(0);
                w.extend_from_slice(&file.0.to_le_bytes());
                w.extend_from_slice(&file.1.to_le_bytes());
                w.extend_from_slice(&file.2.to_le_bytes());
                put_block(&mut w, json);
            }
            Op::Remove => w.push(1),
        }
        // Each entry checks itself: a torn or edited entry breaks the chain (store::frame).
        let sum = crate::store::frame::checksum(&w[4..]);
        w.extend_from_slice(&sum.to_le_bytes());
        let len = u32::try_from(w.len() - 4).unwrap_or(u32::MAX);
        w[..4].copy_from_slice(&len.to_le_bytes());
        w
    }

    fn decode(block: &[u8]) -> Option<Entry<'_>> {
        let (mut r, sum) = block.split_last_chunk::<8>()?;
        if crate::store::frame::checksum(r) != u64::from_le_bytes(*sum) {
            return None;
        }
        let before = FolderState::take(&mut r)?;
        let after = FolderState::take(&mut r)?;
        let name = std::str::from_utf8(take_block(&mut r)?).ok()?;
        let op = match take::<1>(&mut r)? {
            [0] => {
                let file = (
                    u64::from_le_bytes(take(&mut r)?),
                    u64::from_le_bytes(take(&mut r)?),
                    f64::from_le_bytes(take(&mut r)?),
                );
                Op::Write {
                    file,
                    json: take_block(&mut r)?,
                }
            }
            [1] => Op::Remove,
            _ => return None,
        };
        r.is_empty().then_some(Entry {
            before,
            after,
            name,
            op,
        })
    }
}

/// The entries in `bytes` (the journal from some entry boundary to its end); `None` when
/// any of them is torn or corrupt.
pub fn entries(mut bytes: &[u8]) -> Option<Vec<Entry<'_>>> {
    let mut found = Vec::new();
    while !bytes.is_empty() {
        found.push(Entry::decode(take_block(&mut bytes)?)?);
    }
    Some(found)
}
