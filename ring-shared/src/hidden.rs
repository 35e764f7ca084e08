//! Hidden sessions, `deleted_sessions.json` (§3.13): the hook's un-hide rule and RiNG's
//! on-disk format, from the file's bytes. The caller owns the lock, the read and the atomic
//! write; the read path's view of the same file (id → epoch seconds) is
//! [`crate::derive::parse_hidden`].
//!
//! RiNG's format: an object `{session_id: hidden_at}` with ISO-8601 UTC strings
//! (`2023-11-14T22:13:25+00:00`), keys sorted, Python's `json.dumps` spacing. A legacy list of
//! ids is migrated to `{id: now}` (by the first read: [`migrate`]; by any rewrite). Every event
//! un-hides its session ([`unhide`]; `gc` un-hides the same way, one id at a time), and the file
//! is rewritten only when the id is actually in it.
//!
//! On rewrite RiNG re-encodes every entry from its parsed time; we keep string values that read
//! as dates as they are (they are RiNG's own ISO strings, and re-encoding a naive local time
//! would need the time zone, which this crate never looks up), convert numbers (epoch seconds)
//! to ISO strings, and drop anything else, as RiNG does.
//!
//! ```
//! use ring_shared::hidden::unhide;
//! let file = br#"{"s2": 1700000005, "s1": "2023-11-14T22:13:26+00:00"}"#;
//! assert_eq!(
//!     unhide(file, "s1", 0.0).as_deref(),
//!     Some(r#"{"s2": "2023-11-14T22:13:25+00:00"}"#)
//! );
//! assert_eq!(unhide(file, "s3", 0.0), None);
//! ```

use serde_json::Value;
use std::collections::BTreeMap;

/// The hidden list in RiNG's on-disk form: id → `hidden_at` as the ISO-8601 string to store.
/// A `BTreeMap`, so the keys come out sorted as RiNG writes them.
pub type Stored = BTreeMap<String, String>;

/// `datetime.fromtimestamp(ts, UTC).isoformat()`: `YYYY-MM-DDTHH:MM:SS[.ffffff]+00:00`
/// (microseconds rounded half to even, as Python does). `None` outside years 1–9999 or for
/// non-finite input.
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
    // In range, so the casts are exact.
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

fn parse(bytes: &[u8]) -> Option<Value> {
    serde_json::from_slice(bytes).ok()
}

/// Whether `session_id` is in this document (object key or legacy-list item).
fn contains(doc: &Value, session_id: &str) -> bool {
    match doc {
        Value::Object(map) => map.contains_key(session_id),
        Value::Array(ids) => ids.iter().any(|v| v.as_str() == Some(session_id)),
        _ => false,
    }
}

/// Whether the file's bytes hide `session_id` (an object key or, in RiNG's legacy list, an
/// item), whatever its value: exactly when [`unhide`] would rewrite. Unreadable bytes hide
/// nothing. Meant for the lock-free check before taking the lock.
pub fn is_hidden(bytes: &[u8], session_id: &str) -> bool {
    parse(bytes).is_some_and(|doc| contains(&doc, session_id))
}

/// The document in RiNG's on-disk form: date strings kept, numbers (epoch seconds) as ISO
/// strings, other values and empty ids dropped; a legacy list becomes `{id: now}`.
fn stored(doc: &Value, now: f64) -> Stored {
    match doc {
        Value::Object(map) => map
            .iter()
            .filter(|(id, _)| !id.is_empty())
            .filter_map(|(id, value)| {
                let iso = match value {
                    Value::String(s) if looks_iso(s) => Some(s.clone()),
                    Value::Number(n) => n.as_f64().and_then(epoch_to_iso),
                    _ => None,
                };
                iso.map(|iso| (id.clone(), iso))
            })
            .collect(),
        Value::Array(ids) => {
            let stamp = epoch_to_iso(now).unwrap_or_default();
            ids.iter()
                .filter_map(Value::as_str)
                .filter(|id| !id.is_empty())
                .map(|id| (id.to_owned(), stamp.clone()))
                .collect()
        }
        _ => Stored::new(),
    }
}

/// Reads the file's bytes as RiNG would write them back (see the module notes): `None` when
/// they are not JSON, or neither an object nor a list (such a file is left alone).
pub fn decode(bytes: &[u8], now: f64) -> Option<Stored> {
    parse(bytes)
        .filter(|doc| doc.is_object() || doc.is_array())
        .map(|doc| stored(&doc, now))
}

/// RiNG's read-time migration (§3.13): when the bytes still hold a legacy list of ids,
/// the object that replaces it, every id hidden `now` (`encode(&decode(bytes, now)?)` for a
/// list); `None` for anything else, which is not rewritten. The caller re-reads under the lock,
/// so a list another process already migrated is left alone.
pub fn migrate(bytes: &[u8], now: f64) -> Option<String> {
    parse(bytes)
        .filter(Value::is_array)
        .map(|doc| encode(&stored(&doc, now)))
}

/// Encodes the hidden list as RiNG writes it: keys sorted, Python's `json.dumps` separators
/// (`{"a": "…", "b": "…"}`), non-ASCII written literally, no trailing newline.
pub fn encode(entries: &Stored) -> String {
    let mut out = String::from("{");
    for (i, (id, at)) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&quote(id));
        out.push_str(": ");
        out.push_str(&quote(at));
    }
    out.push('}');
    out
}

/// A JSON string literal, escaped as `json.dumps(…, ensure_ascii=False)` escapes it.
fn quote(s: &str) -> String {
    serde_json::to_string(s).expect("a string always serializes")
}

/// The un-hide rule (§3.13): the file's new text without `session_id`, or `None` when it
/// is not hidden there (or the bytes are unreadable): then nothing is rewritten. `now` stamps
/// the ids of a legacy list, which the rewrite migrates to RiNG's object.
pub fn unhide(bytes: &[u8], session_id: &str, now: f64) -> Option<String> {
    let doc = parse(bytes).filter(|doc| contains(doc, session_id))?;
    let mut entries = stored(&doc, now);
    entries.remove(session_id);
    Some(encode(&entries))
}

/// The hide rule (`ring-tmux hide`, RiNG's TUI `dd`): the file's new text with `session_id`
/// hidden at `now` (an earlier stamp is kept). `bytes` is the current file, `None` when there
/// is none; unreadable bytes start an empty list (RiNG's reader drops them too). A legacy list
/// is migrated on the way. `None` for an empty id.
pub fn hide(bytes: Option<&[u8]>, session_id: &str, now: f64) -> Option<String> {
    if session_id.is_empty() {
        return None;
    }
    let mut entries = bytes.and_then(|b| decode(b, now)).unwrap_or_default();
    if !entries.contains_key(session_id) {
        entries.insert(session_id.to_owned(), epoch_to_iso(now)?);
    }
    Some(encode(&entries))
}

#[cfg(test)]
mod tests;
