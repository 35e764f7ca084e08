//! Transcript tails (spec §3.7): records, `last_action`, `todo`, the last assistant text.

use serde_json::{Map, Value};

/// How many bytes of a transcript's end are read.
pub const TAIL_BYTES: u64 = 131_072;

/// One parsed transcript record (a JSON object).
pub type Record = Map<String, Value>;

/// Parses a tail read by the caller: `bytes` is the whole file, or its last [`TAIL_BYTES`]
/// when `cut` is true (then everything up to and including the first `\n` is discarded).
/// Lines that are not JSON objects are skipped.
pub fn parse_tail(bytes: &[u8], cut: bool) -> Vec<Record> {
    todo!("{} {cut}", bytes.len())
}

/// `last_action` from records, newest first; `None` when no record yields one... see spec §3.7.
pub fn last_action(records: &[Record]) -> String {
    todo!("{}", records.len())
}

/// `(done, total)` from the newest non-empty TodoWrite.
pub fn todo(records: &[Record]) -> Option<(i64, i64)> {
    todo!("{}", records.len())
}

/// Text of the newest assistant record with a truthy text block, blocks joined by `\n` (§3.3).
pub fn last_assistant_text(records: &[Record]) -> Option<String> {
    todo!("{}", records.len())
}
