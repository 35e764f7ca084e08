//! Transcript tails (§3.7): records, `last_action`, `todo`, the last assistant text.
//!
//! Deliberately more robust than RiNG: lines that are JSON but not objects, lines that are
//! not UTF-8, and TodoWrite blocks whose `input` is not an object are skipped instead of
//! aborting the hook.

use crate::text::{basename, is_truthy, prefix_chars, py_str, splitlines, strip};
use serde_json::{Map, Value};

/// How many bytes of a transcript's end are read.
pub const TAIL_BYTES: u64 = 131_072;

/// One parsed transcript record (a JSON object).
pub type Record = Map<String, Value>;

/// `last_action` when nothing better is known (U+2014).
pub const NO_ACTION: &str = "\u{2014}";

/// Slash-command noise: text containing any of these is never an action.
const COMMAND_NOISE: &[&str] = &[
    "<local-command-stdout>",
    "<command-name>",
    "<command-message>",
    "<command-args>",
];

/// Parses a tail read by the caller: `bytes` is the whole file, or its last [`TAIL_BYTES`]
/// when `cut` is true (then everything up to and including the first `\n` is discarded).
/// Lines that are not JSON objects are skipped.
pub fn parse_tail(bytes: &[u8], cut: bool) -> Vec<Record> {
    let body = if cut {
        // The seek may land mid-line, or exactly on a line start: RiNG drops that line either way.
        match bytes.iter().position(|&b| b == b'\n') {
            Some(i) => &bytes[i + 1..],
            None => &[],
        }
    } else {
        bytes
    };
    byte_lines(body)
        .filter_map(|line| parse_line(trim_ascii(line)))
        .collect()
}

/// Python `bytes.splitlines()`: lines end at `\n`, `\r\n` or `\r`.
fn byte_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest.iter().position(|&b| b == b'\n' || b == b'\r');
        let Some(end) = end else {
            let line = rest;
            rest = &[];
            return Some(line);
        };
        let line = &rest[..end];
        let skip = if rest[end] == b'\r' && rest.get(end + 1) == Some(&b'\n') {
            2
        } else {
            1
        };
        rest = &rest[end + skip..];
        Some(line)
    })
}

/// Python `bytes.strip()`: ASCII whitespace including `\x0b` (which `trim_ascii` keeps).
fn trim_ascii(line: &[u8]) -> &[u8] {
    let ws = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c');
    let start = line.iter().position(|b| !ws(b)).unwrap_or(line.len());
    let end = line.iter().rposition(|b| !ws(b)).map_or(start, |i| i + 1);
    &line[start..end]
}

fn parse_line(line: &[u8]) -> Option<Record> {
    if line.is_empty() {
        return None;
    }
    // Python's `json.loads(bytes)` accepts a UTF-8 byte-order mark.
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    let text = std::str::from_utf8(line).ok()?;
    // Python's json: `NaN`, `Infinity`, huge numbers and lone surrogates still make a record.
    match crate::pyjson::loads(text)? {
        Value::Object(record) => Some(record),
        _ => None,
    }
}

/// `message.content` of a record, if `message` is an object.
fn content(record: &Record) -> Option<&Value> {
    record
        .get("message")
        .and_then(Value::as_object)
        .and_then(|m| m.get("content"))
}

/// Object blocks of a list `content` (a string `content` is handled by the text readers).
fn blocks(record: &Record) -> Vec<&Map<String, Value>> {
    match content(record) {
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_object).collect(),
        _ => Vec::new(),
    }
}

/// Texts of a record's `text` blocks, in order (a string `content` is one text block).
/// The value of `text` is "converted to text" as RiNG does: missing → `""`, else `str(v)`.
fn text_blocks(record: &Record) -> Vec<String> {
    if let Some(Value::String(s)) = content(record) {
        return vec![s.clone()];
    }
    blocks(record)
        .into_iter()
        .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
        .map(|b| b.get("text").map(py_str).unwrap_or_default())
        .collect()
}

fn tool_uses(record: &Record) -> impl Iterator<Item = &Map<String, Value>> {
    blocks(record)
        .into_iter()
        .filter(|b| b.get("type").and_then(Value::as_str) == Some("tool_use"))
}

fn is_assistant(record: &Record) -> bool {
    record.get("type").and_then(Value::as_str) == Some("assistant")
}

/// A one-line summary of a `tool_use` block (`→ Edit foo.py`, `→ Bash: git status`);
/// `None` when the block has no name.
fn tool_summary(block: &Map<String, Value>) -> Option<String> {
    let name = block
        .get("name")
        .filter(|v| is_truthy(v))
        .map(py_str)
        .unwrap_or_default();
    if name.is_empty() {
        return None;
    }
    let empty = Map::new();
    let input = block
        .get("input")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let truthy = |key: &str| input.get(key).filter(|v| is_truthy(v));
    let summary = match name.as_str() {
        "Edit" | "Write" | "Read" | "NotebookEdit" => truthy("file_path")
            .or_else(|| truthy("notebook_path"))
            .map(|p| format!("\u{2192} {name} {}", basename(&py_str(p)))),
        "Bash" => {
            let command = truthy("command").map(py_str).unwrap_or_default();
            let command = strip(&command).replace('\n', " ");
            (!command.is_empty()).then(|| format!("\u{2192} Bash: {}", prefix_chars(&command, 40)))
        }
        "Grep" | "Glob" => truthy("pattern").map(|p| format!("\u{2192} {name} {}", py_str(p))),
        _ => None,
    };
    Some(summary.unwrap_or_else(|| format!("\u{2192} {name}")))
}

/// Cleaned assistant text: trimmed; empty if it holds slash-command noise; else its first
/// line, trimmed.
fn clean_text(text: &str) -> String {
    let text = strip(text);
    if COMMAND_NOISE.iter().any(|m| text.contains(m)) {
        return String::new();
    }
    splitlines(text)
        .first()
        .map(|l| strip(l).to_owned())
        .unwrap_or_default()
}

/// What the payload itself says the agent is doing, in `last_action`'s words: the tool a
/// `PreToolUse` or `PermissionRequest` is about to run (as [`last_action`] names a tool_use),
/// or the text a `Stop` / `StopFailure` ends the turn with (its first cleaned line, 80 code
/// points). `None` for other events.
///
/// ring prefers it to the transcript's newest record: Claude Code appends to its transcript
/// asynchronously, and the hook often reads the tail before the very record its event is about
/// has landed (the "detail is the freshest" rule).
pub fn payload_action(
    event: &str,
    tool_name: &str,
    tool_input: Option<&Map<String, Value>>,
    last_assistant_message: Option<&str>,
) -> Option<String> {
    match event {
        "PreToolUse" | "PermissionRequest" if !tool_name.is_empty() => {
            let mut block = Map::new();
            block.insert("name".into(), Value::from(tool_name));
            block.insert(
                "input".into(),
                Value::Object(tool_input.cloned().unwrap_or_default()),
            );
            tool_summary(&block)
        }
        "Stop" | "StopFailure" => {
            let text = clean_text(last_assistant_message?);
            (!text.is_empty()).then(|| prefix_chars(&text, 80).to_owned())
        }
        _ => None,
    }
}

/// `last_action` from records (§3.7): newest first, a named `tool_use` of any record wins,
/// else an assistant record's first non-empty cleaned text (80 code points); else `—`.
pub fn last_action(records: &[Record]) -> String {
    for record in records.iter().rev() {
        if let Some(summary) = tool_uses(record).find_map(tool_summary) {
            return summary;
        }
        if is_assistant(record)
            && let Some(text) = text_blocks(record)
                .iter()
                .map(|t| clean_text(t))
                .find(|t| !t.is_empty())
        {
            return prefix_chars(&text, 80).to_owned();
        }
    }
    NO_ACTION.to_owned()
}

/// `(done, total)` from the newest non-empty TodoWrite.
pub fn todo(records: &[Record]) -> Option<(i64, i64)> {
    records.iter().rev().find_map(|record| {
        tool_uses(record)
            .filter(|b| b.get("name").and_then(Value::as_str) == Some("TodoWrite"))
            // RiNG crashes on a truthy non-object `input`; skipping it is the sane reading.
            .filter_map(|b| b.get("input").and_then(Value::as_object))
            .filter_map(|input| input.get("todos").and_then(Value::as_array))
            .find(|todos| !todos.is_empty())
            .map(|todos| {
                let done = todos
                    .iter()
                    .filter(|t| {
                        t.as_object()
                            .and_then(|t| t.get("status"))
                            .and_then(Value::as_str)
                            == Some("completed")
                    })
                    .count();
                (done as i64, todos.len() as i64)
            })
    })
}

/// Text of the newest assistant record with a truthy text block, blocks joined by `\n` (§3.3).
/// A truthy non-string `text` counts too, converted as Python's `str()` does (`42` → `"42"`,
/// `["Go?"]` → `"['Go?']"`): RiNG 0.17.2 does the same, so such a record hides older ones.
pub fn last_assistant_text(records: &[Record]) -> Option<String> {
    records
        .iter()
        .rev()
        .filter(|r| is_assistant(r))
        .find_map(|record| {
            let texts = assistant_texts(record);
            (!texts.is_empty()).then(|| texts.join("\n"))
        })
}

fn assistant_texts(record: &Record) -> Vec<String> {
    if let Some(Value::String(s)) = content(record) {
        return if s.is_empty() {
            Vec::new()
        } else {
            vec![s.clone()]
        };
    }
    blocks(record)
        .into_iter()
        .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
        .filter_map(|b| b.get("text").filter(|t| is_truthy(t)))
        .map(py_str)
        .collect()
}

/// Where a Claude Code 2.1 plan waiting for approval is (§11.12): the payload's
/// `ExitPlanMode` carries `tool_input: {}`, and the plan is in the session's transcript (the
/// model's own `ExitPlanMode` call, when it sent the plan there) or in the file Claude names
/// `<plans folder>/<slug>.md`, the slug being the one every transcript record carries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlanSource {
    /// `input.plan` of the last assistant `ExitPlanMode` call in the tail, if a string.
    pub sent: Option<String>,
    /// The session's slug (the last record's `slug`), only when it can name a file in the
    /// plans folder and nothing else: no `/`, no `\0`, not starting with `.`.
    pub slug: Option<String>,
}

/// Finds [`PlanSource`] in a transcript tail.
pub fn plan_source(records: &[Record]) -> PlanSource {
    let sent = records
        .iter()
        .filter(|r| is_assistant(r))
        .flat_map(tool_uses)
        .filter(|b| {
            b.get("name").and_then(Value::as_str) == Some(crate::provider::claude::PLAN_TOOL)
        })
        .last()
        .and_then(|b| b.get("input")?.get("plan")?.as_str().map(str::to_owned));
    let slug = records
        .iter()
        .rev()
        .find_map(|r| r.get("slug").and_then(Value::as_str))
        .filter(|s| is_file_stem(s))
        .map(str::to_owned);
    PlanSource { sent, slug }
}

fn is_file_stem(s: &str) -> bool {
    !s.is_empty() && s.len() <= 200 && !s.starts_with('.') && !s.contains(['/', '\\', '\0'])
}

#[cfg(test)]
mod tests;
