//! Codex threads from `~/.codex/state_5.sqlite` (§4.5), read-only, never waiting long
//! for a lock: a missing or unexpected database gives no threads; one that cannot be read
//! (Codex holding its write lock: "database is locked") keeps the last threads read, and
//! says it failed (RiNG 0.17.5+: unknown is not empty, its rows must not blink out).

use super::cache::{Cache, CodexEntry, FileKey};
use ring_shared::scan::{CodexThread, order_threads};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags, Row};
use std::path::Path;
use std::time::Duration;

/// How long a read waits for Codex's write lock before giving up (a status bar must not hang).
const BUSY_TIMEOUT: Duration = Duration::from_millis(50);

/// What [`threads`] found.
#[derive(Debug, Default)]
pub struct Threads {
    pub threads: Vec<CodexThread>,
    /// The database is there but could not be read now: `threads` are the last ones read.
    pub failed: bool,
}

impl Threads {
    fn read(threads: Vec<CodexThread>) -> Threads {
        Threads {
            threads,
            failed: false,
        }
    }
}

/// The newest non-archived threads, from the cache while the database (and its WAL) did not
/// change. With `relist` false the cached threads are trusted without a `stat`.
pub fn threads(home: &Path, cache: &mut Cache, relist: bool) -> Threads {
    if !relist && let Some(entry) = &cache.codex {
        return Threads::read(entry.threads.clone());
    }
    let db = home.join(ring_shared::provider::codex::STATE_DB);
    // SQLite opens the file itself (blocking): only a regular file is handed to it, so a
    // FIFO in the database's place cannot hang a status bar.
    let stat = |p: &Path| {
        std::fs::metadata(p)
            .ok()
            .filter(std::fs::Metadata::is_file)
            .map(|m| FileKey::of(&m))
    };
    let Some(db_key) = stat(&db) else {
        if cache.codex.take().is_some() {
            cache.dirty = true;
        }
        return Threads::default();
    };
    let key = vec![Some(db_key), stat(&db.with_extension("sqlite-wal"))];
    if let Some(entry) = cache.codex.as_ref().filter(|e| e.key == key) {
        return Threads::read(entry.threads.clone());
    }
    // A failed read keeps the last snapshot and its key: the next read tries again.
    let Ok(threads) = read_threads(&db) else {
        return Threads {
            threads: cache
                .codex
                .as_ref()
                .map(|e| e.threads.clone())
                .unwrap_or_default(),
            failed: true,
        };
    };
    cache.codex = Some(CodexEntry {
        key,
        threads: threads.clone(),
    });
    cache.dirty = true;
    Threads::read(threads)
}

/// RiNG's query, tolerant of older schemas: a missing `preview`, `title`, `rollout_path` or
/// `updated_at_ms` column reads as null, a missing `archived` as "not archived".
pub fn read_threads(db: &Path) -> rusqlite::Result<Vec<CodexThread>> {
    let conn = Connection::open_with_flags(
        db,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let mut columns = Vec::new();
    {
        let mut info = conn.prepare("select name from pragma_table_info('threads')")?;
        let mut rows = info.query([])?;
        while let Some(row) = rows.next()? {
            columns.push(row.get::<_, String>(0)?);
        }
    }
    let has = |c: &str| columns.iter().any(|name| name == c);
    if !has("id") || !has("cwd") {
        return Ok(Vec::new());
    }
    let col = |c: &str, fallback: &str| {
        if has(c) {
            c.to_owned()
        } else {
            fallback.to_owned()
        }
    };
    let filter = if has("archived") {
        "where archived = 0"
    } else {
        ""
    };
    let sql = format!(
        "select id, cwd, {title}, {rollout}, {preview}, {at}, {at_ms} from threads {filter} \
         order by coalesce(nullif({at_ms}, 0), {at} * 1000) desc limit 200",
        title = col("title", "null"),
        rollout = col("rollout_path", "null"),
        preview = col("preview", "null"),
        at = col("updated_at", "0"),
        at_ms = col("updated_at_ms", "0"),
    );
    let mut stmt = conn.prepare(&sql)?;
    let mut rows = stmt.query([])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        out.push(CodexThread {
            id: text(row, 0),
            cwd: text(row, 1),
            title: text(row, 2),
            rollout_path: text(row, 3),
            preview: text(row, 4),
            updated_at: number(row, 5),
            updated_at_ms: number(row, 6) as i64,
        });
    }
    // Already in this order; keeps ties and the limit identical to the pure path.
    order_threads(&mut out);
    Ok(out)
}

/// A column as text (`str(value or "")`): null → `""`.
fn text(row: &Row<'_>, i: usize) -> String {
    match row.get_ref(i) {
        Ok(ValueRef::Text(t)) => String::from_utf8_lossy(t).into_owned(),
        Ok(ValueRef::Integer(n)) if n != 0 => n.to_string(),
        Ok(ValueRef::Real(f)) if f != 0.0 => f.to_string(),
        _ => String::new(),
    }
}

/// A column as a number; null, text that is not a number and blobs are 0.
fn number(row: &Row<'_>, i: usize) -> f64 {
    match row.get_ref(i) {
        Ok(ValueRef::Integer(n)) => n as f64,
        Ok(ValueRef::Real(f)) => f,
        Ok(ValueRef::Text(t)) => std::str::from_utf8(t)
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(0.0),
        _ => 0.0,
    }
}
