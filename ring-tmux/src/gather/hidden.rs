//! Hidden sessions at read time (§3.13, §4.8): parse `deleted_sessions.json`, and write
//! back what the read decided (un-hides, the legacy-list migration) in RiNG's format, under
//! RiNG's lock. The hook's un-hide lives in [`crate::store::hidden`]; this reuses it. The
//! migration's rule and format are [`ring_shared::hidden::migrate`]'s.

use crate::store::hidden::{HIDDEN_FILE, HIDDEN_LOCK, unhide};
use crate::store::lock::{self, Mode};
use crate::store::write_atomic;
use ring_shared::derive::{Hidden, parse_hidden};
use serde_json::Value;
use std::path::Path;

use super::files::read_side_file;

/// Reads the hidden list; nothing hidden when the file is missing or unreadable.
pub fn load(ring_home: &Path, now: f64) -> Hidden {
    match read_side_file(ring_home, HIDDEN_FILE) {
        Some(bytes) => parse_hidden(&bytes, now, local_offset_seconds(&bytes)),
        None => Hidden::default(),
    }
}

/// The local UTC offset, needed only for ISO strings without an offset (RiNG reads those as
/// local time); skipped when the file has none, which is the usual case.
fn local_offset_seconds(bytes: &[u8]) -> i64 {
    let has_naive = serde_json::from_slice::<Value>(bytes)
        .ok()
        .and_then(|v| match v {
            Value::Object(map) => Some(map.values().any(|v| {
                v.as_str().is_some_and(|s| {
                    let time = s.get(10..).unwrap_or("");
                    !time.contains(['+', 'Z']) && !time.get(1..).unwrap_or("").contains('-')
                })
            })),
            _ => None,
        })
        .unwrap_or(false);
    if !has_naive {
        return 0;
    }
    i64::from(chrono::Local::now().offset().local_minus_utc())
}

/// Writes back what the read decided: a legacy list becomes `{id: now}` (RiNG migrates it on
/// first read), and ids with newer activity are un-hidden. Errors are ignored: the board is
/// shown either way, and the next read tries again. A read for a person (`json`, `list`:
/// [`crate::store::read_only`]) writes nothing: the rule is applied on every read anyway,
/// and the status bar's next refresh, or the session's next event, writes it.
pub fn write_back(ring_home: &Path, hidden: &Hidden, unhide_ids: &[String], now: f64) {
    if !crate::store::keeps_caches() {
        return;
    }
    if hidden.migrated {
        migrate_legacy_list(ring_home, now);
    }
    for id in unhide_ids {
        let _ = unhide(ring_home, id, now);
    }
}

/// Rewrites a legacy list of ids as RiNG's object, every id hidden `now`. Re-reads under the
/// lock: another process may have migrated or changed it meanwhile.
fn migrate_legacy_list(ring_home: &Path, now: f64) {
    let lock_path = ring_home.join(HIDDEN_LOCK);
    let Ok(_held) = lock::acquire(
        &lock_path,
        Mode::Exclusive,
        lock::LOCK_TIMEOUT,
        lock::open_lock_file,
    ) else {
        return;
    };
    let Some(bytes) = read_side_file(ring_home, HIDDEN_FILE) else {
        return;
    };
    if let Some(text) = ring_shared::hidden::migrate(&bytes, now) {
        let _ = write_atomic(ring_home, HIDDEN_FILE, text.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn legacy_list_is_migrated_to_an_object_hidden_now() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(dir.path().join(HIDDEN_FILE), r#"["b", "a", 3]"#).expect("write");
        let hidden = load(dir.path(), 1700000005.0);
        assert!(hidden.migrated);
        write_back(dir.path(), &hidden, &[], 1700000005.0);
        let text = fs::read_to_string(dir.path().join(HIDDEN_FILE)).expect("read");
        assert_eq!(
            text,
            r#"{"a": "2023-11-14T22:13:25+00:00", "b": "2023-11-14T22:13:25+00:00"}"#
        );
    }

    #[test]
    fn list_migrated_meanwhile_by_another_process_is_left_alone() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(dir.path().join(HIDDEN_FILE), r#"["a"]"#).expect("write");
        let hidden = load(dir.path(), 1700000005.0);
        let now_an_object = r#"{"a": 1700000000, "b": "not a date"}"#;
        fs::write(dir.path().join(HIDDEN_FILE), now_an_object).expect("write");
        write_back(dir.path(), &hidden, &[], 1700000005.0);
        let text = fs::read_to_string(dir.path().join(HIDDEN_FILE)).expect("read");
        assert_eq!(text, now_an_object);
    }

    #[test]
    fn unhide_removes_only_the_named_ids() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(
            dir.path().join(HIDDEN_FILE),
            r#"{"a": "2023-11-14T22:13:25+00:00", "b": 1700000000}"#,
        )
        .expect("write");
        let hidden = load(dir.path(), 0.0);
        assert_eq!(hidden.at.len(), 2);
        write_back(dir.path(), &hidden, &["b".to_owned()], 0.0);
        let text = fs::read_to_string(dir.path().join(HIDDEN_FILE)).expect("read");
        assert_eq!(text, r#"{"a": "2023-11-14T22:13:25+00:00"}"#);
    }

    #[test]
    fn missing_file_hides_nothing_and_writes_nothing() {
        let dir = tempfile::tempdir().expect("tempdir");
        let hidden = load(dir.path(), 0.0);
        assert!(hidden.at.is_empty());
        write_back(dir.path(), &hidden, &[], 0.0);
        assert!(!dir.path().join(HIDDEN_FILE).exists());
    }
}
