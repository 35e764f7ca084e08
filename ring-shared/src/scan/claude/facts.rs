//! What one Claude transcript says, independent of the clock and of processes: its cwds, its
//! last action, and the kind of its tail (a question, a tool call in flight, a turn's end).

use crate::scan::TailKind;
use crate::text;
use crate::transcript::{self, Record};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::borrow::Cow;

/// What one transcript file says, independent of the clock and of processes: cacheable by
/// (path, mtime, size).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TranscriptFacts {
    /// File stem (the session id).
    pub id: String,
    /// Name of the project folder (for the dash fallback cwd).
    pub dir_name: String,
    /// File mtime, epoch seconds.
    pub mtime: f64,
    /// `cwd` of the last tail record, `""` if it had none.
    pub last_cwd: String,
    /// First non-empty string `cwd` in the first 128 KiB, `""` if none.
    pub head_cwd: String,
    /// §3.7 `last_action` of the tail (`—` when nothing qualifies).
    pub last_action: String,
    /// §3.7 todo of the tail.
    pub todo: Option<(i64, i64)>,
    /// What the newest conversation record says.
    pub tail_kind: TailKind,
    /// The question the last assistant text ends with, when the turn ended (§3.3).
    pub question: Option<String>,
}

impl TranscriptFacts {
    /// Facts from the tail records (§3.7 reader) and the first 128 KiB of the file.
    pub fn from_records(
        id: impl Into<String>,
        dir_name: impl Into<String>,
        mtime: f64,
        records: &[Record],
        head: &[u8],
    ) -> TranscriptFacts {
        let last_cwd = records
            .last()
            .and_then(|r| r.get("cwd"))
            .filter(|v| text::is_truthy(v))
            .map(text::py_str)
            .unwrap_or_default();
        let (last_action, todo) = if records.is_empty() {
            ("\u{2014}".to_owned(), None)
        } else {
            (transcript::last_action(records), transcript::todo(records))
        };
        TranscriptFacts {
            id: id.into(),
            dir_name: dir_name.into(),
            mtime,
            last_cwd,
            head_cwd: head_cwd(head),
            last_action,
            todo,
            question: question_of(records),
            tail_kind: tail_kind(records),
        }
    }

    /// The row's cwd (the first of [`TranscriptFacts::cwds`]), borrowed when it can be.
    pub fn cwd(&self) -> Cow<'_, str> {
        if !self.last_cwd.is_empty() {
            Cow::Borrowed(&self.last_cwd)
        } else if !self.head_cwd.is_empty() {
            Cow::Borrowed(&self.head_cwd)
        } else {
            Cow::Owned(self.cwds().0)
        }
    }

    /// (cwd, origin_cwd) with the fallbacks of §4.4: each takes the other's value when empty,
    /// and both come from the folder name when both are empty.
    pub fn cwds(&self) -> (String, String) {
        match (self.last_cwd.is_empty(), self.head_cwd.is_empty()) {
            (true, true) => {
                let path = format!(
                    "/{}",
                    self.dir_name.trim_start_matches('-').replace('-', "/")
                );
                (path.clone(), path)
            }
            (true, false) => (self.head_cwd.clone(), self.head_cwd.clone()),
            (false, true) => (self.last_cwd.clone(), self.last_cwd.clone()),
            (false, false) => (self.last_cwd.clone(), self.head_cwd.clone()),
        }
    }
}

/// The first non-empty string `cwd` among the JSON lines of `head` (the first 128 KiB of a
/// transcript; a line cut at the end is simply not JSON). Lines split at `\n`, `\r\n`, `\r`.
pub fn head_cwd(head: &[u8]) -> String {
    head.split(|&b| b == b'\n' || b == b'\r')
        .map(|line| line.trim_ascii())
        .filter(|line| !line.is_empty() && line.first() == Some(&b'{'))
        .filter_map(|line| {
            std::str::from_utf8(line)
                .ok()
                .and_then(crate::pyjson::loads)
        })
        .find_map(|record| match record.get("cwd") {
            Some(Value::String(cwd)) if !cwd.is_empty() => Some(cwd.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The tail kind of Claude records (§4.4): the newest `user`/`assistant` record that is
/// neither meta nor sidechain (nor slash-command noise) decides.
pub fn tail_kind(records: &[Record]) -> TailKind {
    for record in records.iter().rev() {
        let kind = record.get("type").and_then(Value::as_str);
        if !matches!(kind, Some("user" | "assistant")) {
            continue;
        }
        if record.get("isMeta") == Some(&Value::Bool(true))
            || record.get("isSidechain") == Some(&Value::Bool(true))
        {
            continue;
        }
        let blocks = blocks(record);
        let has_block = |t: &str| blocks.iter().any(|b| b.kind == Some(t));
        if kind == Some("assistant") {
            if has_block("tool_use") {
                return TailKind::Interrupted;
            }
            let stop_reason = record
                .get("message")
                .and_then(Value::as_object)
                .and_then(|m| m.get("stop_reason"));
            if stop_reason.and_then(Value::as_str) == Some("end_turn") {
                return TailKind::Waiting;
            }
            return TailKind::Interrupted;
        }
        if record.get("toolUseResult").is_some_and(|v| !v.is_null()) || has_block("tool_result") {
            return TailKind::Interrupted;
        }
        let mut texts = blocks.iter().filter(|b| b.kind == Some("text")).peekable();
        // Slash-command output is written as a user record: not a prompt, look further back.
        if texts.peek().is_some() && texts.all(|b| is_noise(b.text)) {
            continue;
        }
        return TailKind::Working;
    }
    TailKind::None
}

/// The parts of a content block the tail kind looks at.
struct Block<'a> {
    kind: Option<&'a str>,
    text: Option<&'a Value>,
}

/// The object blocks of a record (§3.7): `message.content` if a list, one text block if a
/// string; non-object list items are ignored.
fn blocks(record: &Record) -> Vec<Block<'_>> {
    let content = record
        .get("message")
        .and_then(Value::as_object)
        .and_then(|m| m.get("content"));
    match content {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_object)
            .map(|b| Block {
                kind: b.get("type").and_then(Value::as_str),
                text: b.get("text"),
            })
            .collect(),
        Some(text @ Value::String(_)) => vec![Block {
            kind: Some("text"),
            text: Some(text),
        }],
        _ => Vec::new(),
    }
}

/// Whether a text block's text cleans to empty (§3.7 "cleaned text"): blank, or holding a
/// slash-command marker. A missing text is `""`; any other non-string is non-empty.
fn is_noise(text_value: Option<&Value>) -> bool {
    let owned;
    let raw = match text_value {
        None => "",
        Some(Value::String(s)) => s.as_str(),
        Some(other) => {
            owned = text::py_str(other);
            owned.as_str()
        }
    };
    clean_text(raw).is_empty()
}

/// §3.7 cleaned text: trimmed; empty if it holds a slash-command marker; else its first line.
fn clean_text(raw: &str) -> &str {
    const NOISE: [&str; 4] = [
        "<local-command-stdout>",
        "<command-name>",
        "<command-message>",
        "<command-args>",
    ];
    let s = text::strip(raw);
    if NOISE.iter().any(|marker| s.contains(marker)) {
        return "";
    }
    text::splitlines(s)
        .first()
        .map_or("", |line| text::strip(line))
}

/// The trailing question of a transcript whose turn ended (§3.3 on the tail).
fn question_of(records: &[Record]) -> Option<String> {
    if tail_kind(records) != TailKind::Waiting {
        return None;
    }
    crate::question::trailing_question(&transcript::last_assistant_text(records)?)
}
