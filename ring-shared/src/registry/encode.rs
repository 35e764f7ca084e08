//! Encoding rows (spec §3.6) and their file names (spec §3.2).

use super::Row;

/// File name of a session's row: percent-encoded id + `.json` (spec §3.2), bounded for
/// ids whose encoding would exceed the file-system limit.
pub fn file_name(session_id: &str) -> String {
    todo!("{session_id}")
}

/// Encodes a row with RiNG's keys in RiNG's order, times as JSON floats.
pub fn encode_row(row: &Row) -> String {
    todo!("{row:?}")
}
