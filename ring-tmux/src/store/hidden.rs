//! Hidden sessions, `deleted_sessions.json` (spec §3.13): the hook's un-hide.
//!
//! RiNG's format is kept: an object `{session_id: hidden_at}` with ISO-8601 UTC strings
//! (`2023-11-14T22:13:25+00:00`), keys sorted, written via a temp file + rename under an
//! exclusive `flock` on `deleted_sessions.json.lock`. A legacy list of ids is migrated to
//! `{id: now}`. The file is rewritten only when the id is actually in it.
//!
//! On rewrite RiNG re-encodes every entry from its parsed time; we keep string values as they
//! are (they are RiNG's own ISO strings; re-encoding a naive local time would need the time
//! zone), convert numbers (epoch seconds) to ISO strings, and drop anything else, as RiNG does.

use super::lock::{self, Lock, Mode};
use super::{jsonl::to_python_json, read_bounded, write_atomic};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io;
use std::path::Path;

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
    /// Removed, but the lock could not be had in time.
    RemovedUnlocked,
}

/// `datetime.fromtimestamp(ts, UTC).isoformat()`: `YYYY-MM-DDTHH:MM:SS[.ffffff]+00:00`.
/// `None` outside years 1–9999 or for non-finite input.
pub fn epoch_to_iso(ts: f64) -> Option<String> {
    if !ts.is_finite() {
        return None;
    }
    let mut secs = ts.floor();
    let mut micros = ((ts - secs) * 1e6).round_ties_even();
    if micros >= 1e6 {
        secs += 1.0;
        micros = 0.0;
    }
    // Years 1..=9999 (Python's datetime range).
    if !(-62_135_596_800.0..253_402_300_800.0).contains(&secs) {
        return None;
    }
    let secs = secs as i64;
    let days = secs.div_euclid(86_400);
    let sod = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    let time = format!("{:02}:{:02}:{:02}", sod / 3600, sod % 3600 / 60, sod % 60);
    let frac = if micros > 0.0 {
        format!(".{:06}", micros as u32)
    } else {
        String::new()
    };
    Some(format!("{y:04}-{m:02}-{d:02}T{time}{frac}+00:00"))
}

/// Days since 1970-01-01 → (year, month, day) in the proleptic Gregorian calendar
/// (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Whether a stored value reads as an ISO date-time (`YYYY-MM-DD…`), as RiNG's reader needs.
fn looks_iso(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 10
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4] == b'-'
        && b[5..7].iter().all(u8::is_ascii_digit)
        && b[7] == b'-'
        && b[8..10].iter().all(u8::is_ascii_digit)
}

/// Whether `session_id` is hidden in this document (object key or legacy list item).
fn contains(doc: &Value, session_id: &str) -> bool {
    match doc {
        Value::Object(map) => map.contains_key(session_id),
        Value::Array(ids) => ids.iter().any(|v| v.as_str() == Some(session_id)),
        _ => false,
    }
}

/// The document without `session_id`, in RiNG's on-disk form.
fn without(doc: &Value, session_id: &str, now: f64) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    match doc {
        Value::Object(map) => {
            for (id, value) in map {
                let iso = match value {
                    Value::String(s) if looks_iso(s) => Some(s.clone()),
                    Value::Number(n) => n.as_f64().and_then(epoch_to_iso),
                    _ => None,
                };
                if let Some(iso) = iso.filter(|_| !id.is_empty()) {
                    out.insert(id.clone(), iso);
                }
            }
        }
        Value::Array(ids) => {
            let stamp = epoch_to_iso(now).unwrap_or_default();
            for id in ids
                .iter()
                .filter_map(Value::as_str)
                .filter(|s| !s.is_empty())
            {
                out.insert(id.to_owned(), stamp.clone());
            }
        }
        _ => {}
    }
    out.remove(session_id);
    out
}

fn read_doc(path: &Path) -> io::Result<Option<Value>> {
    Ok(read_bounded(path, READ_CAP)?.and_then(|b| serde_json::from_slice(&b).ok()))
}

/// Removes `session_id` from the hidden list in `ring_home`, if it is there.
pub fn unhide(ring_home: &Path, session_id: &str, now: f64) -> io::Result<Unhide> {
    let path = ring_home.join(HIDDEN_FILE);
    // Fast path, no lock: almost always the file is missing or the id is not in it.
    match read_doc(&path)? {
        Some(doc) if contains(&doc, session_id) => {}
        _ => return Ok(Unhide::NotHidden),
    }
    let lock_path = ring_home.join(HIDDEN_LOCK);
    let held = lock::acquire(
        &lock_path,
        Mode::Exclusive,
        lock::LOCK_TIMEOUT,
        lock::open_lock_file,
    )?;
    let Some(doc) = read_doc(&path)? else {
        return Ok(Unhide::NotHidden);
    };
    if !contains(&doc, session_id) {
        return Ok(Unhide::NotHidden);
    }
    let text = to_python_json(&without(&doc, session_id, now));
    write_atomic(ring_home, HIDDEN_FILE, text.as_bytes())?;
    Ok(match held {
        Lock::Held(_) => Unhide::Removed,
        Lock::TimedOut => Unhide::RemovedUnlocked,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::whole_second(1700000005.0, "2023-11-14T22:13:25+00:00")]
    #[case::micros(1700000005.25, "2023-11-14T22:13:25.250000+00:00")]
    #[case::epoch(0.0, "1970-01-01T00:00:00+00:00")]
    #[case::before_epoch(-1.5, "1969-12-31T23:59:58.500000+00:00")]
    #[case::leap_day(951782400.0, "2000-02-29T00:00:00+00:00")]
    fn epoch_to_iso_matches_python(#[case] ts: f64, #[case] want: &str) {
        assert_eq!(epoch_to_iso(ts).as_deref(), Some(want));
    }

    #[test]
    fn epoch_to_iso_rejects_out_of_range() {
        assert_eq!(epoch_to_iso(f64::NAN), None);
        assert_eq!(epoch_to_iso(1e300), None);
    }

    fn run(initial: &str, id: &str) -> (Unhide, Option<String>) {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join(HIDDEN_FILE), initial).expect("write");
        let out = unhide(dir.path(), id, 1700000000.0).expect("unhide");
        (
            out,
            std::fs::read_to_string(dir.path().join(HIDDEN_FILE)).ok(),
        )
    }

    #[rstest]
    #[case::removes_and_sorts(
        r#"{"z": "2023-11-14T22:13:25+00:00", "s1": "2023-11-14T22:13:26+00:00", "a": 1700000005}"#,
        "s1",
        Unhide::Removed,
        r#"{"a": "2023-11-14T22:13:25+00:00", "z": "2023-11-14T22:13:25+00:00"}"#
    )]
    #[case::last_entry_leaves_empty_object(
        r#"{"s1": "2023-11-14T22:13:25+00:00"}"#,
        "s1",
        Unhide::Removed,
        "{}"
    )]
    #[case::drops_invalid_values(
        r#"{"s1": 1, "b": null, "c": "junk", "d": true}"#,
        "s1",
        Unhide::Removed,
        "{}"
    )]
    #[case::legacy_list_migrated(
        r#"["s1", "s2", 3, ""]"#,
        "s1",
        Unhide::Removed,
        r#"{"s2": "2023-11-14T22:13:20+00:00"}"#
    )]
    #[case::absent_id_untouched(r#"{"s2": 5}"#, "s1", Unhide::NotHidden, r#"{"s2": 5}"#)]
    #[case::invalid_file_untouched("nope", "s1", Unhide::NotHidden, "nope")]
    fn unhide_rewrites_only_when_hidden(
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
}
