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
use super::safe::Dir;
use rustix::fs::OFlags;
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

/// Where a log is: a path (resolved from `/` at each open) or a name in a folder the caller
/// holds open (the hook's ring folder).
#[derive(Clone, Copy)]
pub(crate) enum Log<'a> {
    At(&'a Path),
    In(&'a Dir, &'a str),
}

/// How a log is opened: read (for halving) and appended to, as [`open_append`] does.
const APPEND: OFlags = OFlags::RDWR.union(OFlags::APPEND);

impl Log<'_> {
    fn open(self) -> io::Result<File> {
        match self {
            Log::At(path) => open_append(path),
            Log::In(dir, name) => dir.open_file(name, APPEND | OFlags::CREATE),
        }
    }

    fn lock(self, mode: Mode) -> io::Result<Lock> {
        match self {
            Log::At(path) => lock::acquire(path, mode, lock::LOCK_TIMEOUT, open_append),
            Log::In(dir, name) => {
                lock::acquire_in_with(dir, name, APPEND, mode, lock::LOCK_TIMEOUT)
            }
        }
    }

    fn size(self) -> u64 {
        match self {
            Log::At(path) => std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
            Log::In(dir, name) => dir.lstat(name).map_or(0, |s| s.st_size as u64),
        }
    }

    /// Rewrites the log (whose exclusive lock `locked` we hold) with its second half.
    fn halve(self, locked: &File) -> io::Result<()> {
        let mut text = Vec::new();
        let len = locked.metadata()?.len();
        if len <= HALVE_READ_CAP {
            // Appenders hold the shared lock, not this exclusive one: bound the read anyway.
            locked.take(HALVE_READ_CAP).read_to_end(&mut text)?;
        }
        match self {
            Log::At(path) => {
                let (dir, name) = super::safe::split(path)?;
                super::write_atomic(dir, name, &halve(&text))
            }
            Log::In(dir, name) => dir.write_atomic(name, &halve(&text)),
        }
    }
}

/// Appends `line` + `\n` to the log at `path`, halving it first if it is larger than `cap`.
/// Lock timeouts degrade to an unlocked append.
pub fn append_line(path: &Path, line: &str, cap: u64) -> io::Result<()> {
    append(Log::At(path), line, cap)
}

/// [`append_line`] to a [`Log`].
pub(crate) fn append(log: Log<'_>, line: &str, cap: u64) -> io::Result<()> {
    let mut buf = Vec::with_capacity(line.len() + 1);
    buf.extend_from_slice(line.as_bytes());
    buf.push(b'\n');
    let shared = log.lock(Mode::Shared)?;
    let size = match &shared {
        Lock::Held(f) => f.metadata()?.len(),
        Lock::TimedOut => log.size(),
    };
    let shared = if size > cap {
        drop(shared);
        let exclusive = log.lock(Mode::Exclusive)?;
        if let Lock::Held(f) = &exclusive
            && f.metadata()?.len() > cap
        {
            log.halve(f)?;
        }
        drop(exclusive);
        log.lock(Mode::Shared)?
    } else {
        shared
    };
    match shared.file() {
        Some(mut f) => f.write_all(&buf),
        None => log.open()?.write_all(&buf),
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

    #[rstest]
    #[case::at_a_path(false)]
    #[case::in_an_open_folder(true)]
    fn append_halves_a_log_past_its_cap(#[case] open: bool) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("events.jsonl");
        let folder = Dir::open(dir.path()).expect("open");
        for i in 0..10 {
            let log = if open {
                Log::In(&folder, "events.jsonl")
            } else {
                Log::At(&path)
            };
            append(log, &format!("line{i:02}"), 60).expect("append");
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
