//! Append-only JSON-lines logs shared with RiNG: `events.jsonl` (status transitions,
//! §3.11) and `hook_payloads.jsonl` (raw payloads, §3.12).
//!
//! Lines are written as Python's `json.dumps(…, ensure_ascii=False)` writes them
//! (`", "` and `": "` separators, non-ASCII literal). A log past its cap is rewritten keeping
//! the second half of its lines (`lines[n//2:]`) before the append.
//!
//! Concurrency: appenders hold a shared `flock` on the log itself while appending (one
//! `write` with `O_APPEND`, so lines never interleave); the halving holds it exclusively and
//! replaces the file by rename, after which waiting appenders notice the new inode and reopen.

use super::lock::{self, Lock, Mode};
use super::open_append;
use serde::Serialize;
use serde_json::Value;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

/// `events.jsonl` is halved past 5 MiB.
pub const EVENTS_CAP: u64 = 5 * 1024 * 1024;
/// `hook_payloads.jsonl` is halved past 20 MiB.
pub const PAYLOADS_CAP: u64 = 20 * 1024 * 1024;
/// A log this large is not read back for halving; it is emptied instead.
const HALVE_READ_CAP: u64 = 256 * 1024 * 1024;

/// `serde_json` formatter with Python's default separators.
struct PyFormatter;

impl serde_json::ser::Formatter for PyFormatter {
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
}

/// Serializes `value` as Python's `json.dumps(value, ensure_ascii=False)` would.
pub fn to_python_json<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::with_capacity(256);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, PyFormatter);
    if value.serialize(&mut ser).is_err() {
        return String::new();
    }
    // serde_json writes valid UTF-8 only.
    String::from_utf8(out).unwrap_or_default()
}

/// One `events.jsonl` line (without the newline).
pub fn transition_line(
    ts: f64,
    session_id: &str,
    provider: &str,
    cwd: &str,
    status: &str,
) -> String {
    #[derive(Serialize)]
    struct Line<'a> {
        ts: f64,
        session_id: &'a str,
        provider: &'a str,
        cwd: &'a str,
        status: &'a str,
    }
    to_python_json(&Line {
        ts,
        session_id,
        provider,
        cwd,
        status,
    })
}

/// One `hook_payloads.jsonl` line (without the newline).
pub fn payload_line(ts: f64, provider: &str, event: &str, payload: &Value) -> String {
    #[derive(Serialize)]
    struct Line<'a> {
        ts: f64,
        provider: &'a str,
        event: &'a str,
        payload: &'a Value,
    }
    to_python_json(&Line {
        ts,
        provider,
        event,
        payload,
    })
}

/// Keeps the second half of the lines of `text` (`lines[n//2:]`), newline-terminated.
pub fn halve(text: &[u8]) -> Vec<u8> {
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    if body.is_empty() {
        return Vec::new();
    }
    let lines: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    let mut out = lines[lines.len() / 2..].join(&b'\n');
    out.push(b'\n');
    out
}

/// Rewrites the log at `path` (whose exclusive lock `locked` we hold) with its second half.
fn halve_file(path: &Path, locked: &File) -> io::Result<()> {
    let mut text = Vec::new();
    let len = locked.metadata()?.len();
    if len <= HALVE_READ_CAP {
        // Appenders hold the shared lock, not this exclusive one: bound the read anyway.
        locked.take(HALVE_READ_CAP).read_to_end(&mut text)?;
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let stem = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    super::write_atomic(dir, &stem, &halve(&text))
}

/// Appends `line` + `\n` to the log at `path`, halving it first if it is larger than `cap`.
/// Lock timeouts degrade to an unlocked append.
pub fn append_line(path: &Path, line: &str, cap: u64) -> io::Result<()> {
    let mut buf = Vec::with_capacity(line.len() + 1);
    buf.extend_from_slice(line.as_bytes());
    buf.push(b'\n');
    let shared = lock::acquire(path, Mode::Shared, lock::LOCK_TIMEOUT, open_append)?;
    let size = match &shared {
        Lock::Held(f) => f.metadata()?.len(),
        Lock::TimedOut => std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
    };
    let shared = if size > cap {
        drop(shared);
        let exclusive = lock::acquire(path, Mode::Exclusive, lock::LOCK_TIMEOUT, open_append)?;
        if let Lock::Held(f) = &exclusive
            && f.metadata()?.len() > cap
        {
            halve_file(path, f)?;
        }
        drop(exclusive);
        lock::acquire(path, Mode::Shared, lock::LOCK_TIMEOUT, open_append)?
    } else {
        shared
    };
    match shared.file() {
        Some(mut f) => f.write_all(&buf),
        None => open_append(path)?.write_all(&buf),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[test]
    fn transition_line_matches_python_json_dumps() {
        let line = transition_line(
            1700000000.0,
            "s1",
            "claude-code",
            "/tmp/會 \"q\"",
            "waiting",
        );
        assert_eq!(
            line,
            r#"{"ts": 1700000000.0, "session_id": "s1", "provider": "claude-code", "cwd": "/tmp/會 \"q\"", "status": "waiting"}"#
        );
    }

    #[test]
    fn payload_line_keeps_payload_key_order() {
        let payload: Value =
            serde_json::from_str(r#"{"z": [1, {"b": null}], "a": "\u0001é"}"#).expect("json");
        let line = payload_line(1.5, "codex", "Stop", &payload);
        assert_eq!(
            line,
            r#"{"ts": 1.5, "provider": "codex", "event": "Stop", "payload": {"z": [1, {"b": null}], "a": "\u0001é"}}"#
        );
    }

    #[rstest]
    #[case::empty(b"", b"")]
    #[case::one_line(b"a\n", b"a\n")]
    #[case::two_lines(b"a\nb\n", b"b\n")]
    #[case::odd_count_keeps_more(b"a\nb\nc\n", b"b\nc\n")]
    #[case::no_final_newline(b"a\nb\nc\nd", b"c\nd\n")]
    fn halve_keeps_the_newer_half(#[case] text: &[u8], #[case] want: &[u8]) {
        assert_eq!(halve(text), want);
    }

    #[test]
    fn append_halves_a_log_past_its_cap() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("events.jsonl");
        for i in 0..10 {
            append_line(&path, &format!("line{i:02}"), 60).expect("append");
        }
        let text = std::fs::read_to_string(&path).expect("read");
        let lines: Vec<&str> = text.lines().collect();
        // 7 bytes per line: the file passes 60 bytes at 9 lines, is halved to 5, then line09.
        assert_eq!(
            lines,
            ["line04", "line05", "line06", "line07", "line08", "line09"]
        );
        let leftovers = std::fs::read_dir(dir.path()).expect("list").count();
        assert_eq!(leftovers, 1, "no temp file left");
    }
}
