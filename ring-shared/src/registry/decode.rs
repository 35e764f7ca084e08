//! Lenient decoding of rows (spec §4.2), reporting instead of crashing.

use super::{DecodeError, Row};

/// Decodes a row leniently, as RiNG's reader does (spec §4.2), but reports instead of crashing.
pub fn decode_row(bytes: &[u8]) -> Result<Row, DecodeError> {
    todo!("{}", bytes.len())
}
