//! A cache of the decoded rows (`RING_HOME/cache/rows.bin`), valid while `sessions/` is
//! unchanged: every writer (ring's hook, RiNG, gc) adds, replaces and removes rows by
//! creating, renaming or deleting files, which changes the folder's mtime.
//!
//! Reading 1,000 row files costs 3,000 system calls and 1,000 JSON parses; the cache costs
//! one `stat` and one file read. Time and liveness rules are never cached: they are applied
//! to the rows on every read.
//!
//! Racy changes: file-system timestamps are coarse (a clock tick), so a change in the same
//! tick as the listing could leave the mtime as it was. As git does for its index, a cache is
//! trusted only when the folder's mtime is at least [`RACY_SECONDS`] older than the moment
//! the cache was built; until then every read lists the folder again.
//!
//! Not detected: a row file rewritten in place (no writer does that). The key includes the
//! binary's own mtime, so a new ring never reads an old ring's decoding.

use super::files::RowFiles;
use ring_shared::Row;
use ring_shared::registry::Status;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// A cache built less than this long after the folder's last change is not trusted.
pub const RACY_SECONDS: f64 = 2.0;
const MAGIC: &[u8; 8] = b"ringrw01";
/// Largest cache file read (1,000 rows take about 300 KiB).
const CACHE_CAP: usize = 64 << 20;

/// What identifies one state of `sessions/` (and of the decoder).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Key {
    dev: u64,
    ino: u64,
    mtime: f64,
    exe_mtime: f64,
}

impl Key {
    /// The folder's mtime (Unix seconds).
    pub fn mtime(&self) -> f64 {
        self.mtime
    }

    /// The key of `sessions/` now; `None` when it cannot be stat'ed (no cache then).
    pub fn of(sessions: &Path) -> Option<Key> {
        let meta = std::fs::metadata(sessions).ok()?;
        // `/proc/self/exe` followed by one `statx` (no separate readlink).
        let exe_mtime = std::fs::metadata("/proc/self/exe")
            .map(|m| m.mtime() as f64 + f64::from(m.mtime_nsec() as u32) * 1e-9)
            .unwrap_or(0.0);
        Some(Key {
            dev: meta.dev(),
            ino: meta.ino(),
            mtime: meta.mtime() as f64 + f64::from(meta.mtime_nsec() as u32) * 1e-9,
            exe_mtime,
        })
    }
}

/// The rows cached for `key`, if the cache is for that exact state and not racy.
pub fn load(file: &Path, key: Key) -> Option<RowFiles> {
    // One `statx` and one exact-size read: the cache can be large.
    let bytes = std::fs::read(file).ok().filter(|b| b.len() <= CACHE_CAP)?;
    let mut r = Reader { bytes: &bytes };
    if r.take(MAGIC.len())? != MAGIC {
        return None;
    }
    let stored = Key {
        dev: r.u64()?,
        ino: r.u64()?,
        mtime: r.f64()?,
        exe_mtime: r.f64()?,
    };
    let built_at = r.f64()?;
    if stored != key || built_at - key.mtime < RACY_SECONDS {
        return None;
    }
    let mut found = RowFiles::default();
    let count = r.u32()?;
    // Bounded by the file: every row takes well over one byte.
    found
        .rows
        .reserve(usize::try_from(count).ok()?.min(r.bytes.len()));
    for _ in 0..count {
        found.rows.push(r.row()?);
    }
    for _ in 0..r.u32()? {
        found
            .skipped
            .push((PathBuf::from(r.string()?), r.string()?));
    }
    r.bytes.is_empty().then_some(found)
}

/// Stores `found` for `key`; `built_at` is the wall clock taken before the folder was listed.
/// Errors are ignored: the cache is only a speed-up.
pub fn store(dir: &Path, name: &str, key: Key, built_at: f64, found: &RowFiles) {
    let mut w = Vec::with_capacity(64 + found.rows.len() * 320);
    w.extend_from_slice(MAGIC);
    w.extend_from_slice(&key.dev.to_le_bytes());
    w.extend_from_slice(&key.ino.to_le_bytes());
    put_f64(&mut w, key.mtime);
    put_f64(&mut w, key.exe_mtime);
    put_f64(&mut w, built_at);
    put_len(&mut w, found.rows.len());
    for row in &found.rows {
        put_row(&mut w, row);
    }
    put_len(&mut w, found.skipped.len());
    for (path, why) in &found.skipped {
        put_str(&mut w, &path.to_string_lossy());
        put_str(&mut w, why);
    }
    if crate::store::ensure_dir(dir).is_ok() {
        let _ = crate::store::write_atomic(dir, name, &w);
    }
}

fn put_len(w: &mut Vec<u8>, n: usize) {
    w.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
}

fn put_f64(w: &mut Vec<u8>, f: f64) {
    w.extend_from_slice(&f.to_le_bytes());
}

fn put_str(w: &mut Vec<u8>, s: &str) {
    put_len(w, s.len());
    w.extend_from_slice(s.as_bytes());
}

fn put_opt_str(w: &mut Vec<u8>, s: &Option<String>) {
    match s {
        Some(s) => {
            w.push(1);
            put_str(w, s);
        }
        None => w.push(0),
    }
}

fn put_opt_f64(w: &mut Vec<u8>, f: Option<f64>) {
    match f {
        Some(f) => {
            w.push(1);
            put_f64(w, f);
        }
        None => w.push(0),
    }
}

fn put_opt_i64(w: &mut Vec<u8>, n: Option<i64>) {
    match n {
        Some(n) => {
            w.push(1);
            w.extend_from_slice(&n.to_le_bytes());
        }
        None => w.push(0),
    }
}

/// Every field, in declaration order. Destructured so a new field of `Row` fails to compile
/// here until the cache stores it.
fn put_row(w: &mut Vec<u8>, row: &Row) {
    let Row {
        session_id,
        provider,
        cwd,
        origin_cwd,
        status,
        last_event,
        last_active,
        heartbeat_at,
        last_action,
        hook_pid,
        source_path,
        tmux_pane,
        todo,
        waiting_for,
        pending_permission_detail,
        pending_permission_detail_at,
        waiting_kind,
        waiting_detail,
        tty,
        waiting_notified_at,
        tmux_socket,
        zellij_session,
        zellij_pane,
        agent_pid,
    } = row;
    put_str(w, session_id);
    put_str(w, provider);
    put_str(w, cwd);
    put_str(w, origin_cwd);
    w.push(status.rank());
    put_opt_str(w, last_event);
    put_f64(w, *last_active);
    put_f64(w, *heartbeat_at);
    put_str(w, last_action);
    put_opt_i64(w, *hook_pid);
    put_str(w, source_path);
    put_opt_str(w, tmux_pane);
    put_opt_i64(w, todo.map(|(done, _)| done));
    put_opt_i64(w, todo.map(|(_, total)| total));
    put_str(w, waiting_for);
    put_opt_str(w, pending_permission_detail);
    put_opt_f64(w, *pending_permission_detail_at);
    put_str(w, waiting_kind);
    put_str(w, waiting_detail);
    put_opt_str(w, tty);
    put_opt_f64(w, *waiting_notified_at);
    put_opt_str(w, tmux_socket);
    put_opt_str(w, zellij_session);
    put_opt_str(w, zellij_pane);
    put_opt_i64(w, *agent_pid);
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        if self.bytes.len() < n {
            return None;
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(head)
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.array::<1>()?[0])
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.array()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.array()?))
    }

    fn f64(&mut self) -> Option<f64> {
        Some(f64::from_le_bytes(self.array()?))
    }

    fn i64(&mut self) -> Option<i64> {
        Some(i64::from_le_bytes(self.array()?))
    }

    fn string(&mut self) -> Option<String> {
        let n = usize::try_from(self.u32()?).ok()?;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }

    fn flag(&mut self) -> Option<bool> {
        match self.u8()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    fn opt_string(&mut self) -> Option<Option<String>> {
        Some(if self.flag()? {
            Some(self.string()?)
        } else {
            None
        })
    }

    fn opt_f64(&mut self) -> Option<Option<f64>> {
        Some(if self.flag()? {
            Some(self.f64()?)
        } else {
            None
        })
    }

    fn opt_i64(&mut self) -> Option<Option<i64>> {
        Some(if self.flag()? {
            Some(self.i64()?)
        } else {
            None
        })
    }

    fn row(&mut self) -> Option<Row> {
        Some(Row {
            session_id: self.string()?,
            provider: self.string()?,
            cwd: self.string()?,
            origin_cwd: self.string()?,
            status: *Status::ALL.get(usize::from(self.u8()?))?,
            last_event: self.opt_string()?,
            last_active: self.f64()?,
            heartbeat_at: self.f64()?,
            last_action: self.string()?,
            hook_pid: self.opt_i64()?,
            source_path: self.string()?,
            tmux_pane: self.opt_string()?,
            todo: match (self.opt_i64()?, self.opt_i64()?) {
                (Some(done), Some(total)) => Some((done, total)),
                _ => None,
            },
            waiting_for: self.string()?,
            pending_permission_detail: self.opt_string()?,
            pending_permission_detail_at: self.opt_f64()?,
            waiting_kind: self.string()?,
            waiting_detail: self.string()?,
            tty: self.opt_string()?,
            waiting_notified_at: self.opt_f64()?,
            tmux_socket: self.opt_string()?,
            zellij_session: self.opt_string()?,
            zellij_pane: self.opt_string()?,
            agent_pid: self.opt_i64()?,
        })
    }
}

#[cfg(test)]
mod tests;
