//! The one framing every cache file ring keeps under `RING_HOME/cache/` goes through
//! (`rows.bin`, `scan.bin`, `evidence.json`, `procs.bin`; `rows.journal` checks each entry
//! with [`checksum`]): a kind, a format version and a checksum of the payload, so that a file
//! edited, torn or written by another format is dropped (and rebuilt by its owner) instead of
//! trusted.
//!
//! ```text
//! "ring" | kind [4] | version u32 | payload length u64 | checksum u64 | payload
//! ```
//!
//! The checksum is a fixed-seed foldhash of the payload: caches are ring's own files, the
//! checksum guards against accidents (a same-length edit, a torn write, a bit flip), not
//! against an attacker who can write the ring folder anyway; a fast 64-bit hash keeps the
//! status path's read of a large row cache at a few microseconds.

use std::hash::Hasher;
use std::path::Path;

const MAGIC: &[u8; 4] = b"ring";
/// Bytes before the payload.
pub const HEADER_LEN: usize = 4 + 4 + 4 + 8 + 8;

/// The payload's 64-bit checksum.
pub fn checksum(payload: &[u8]) -> u64 {
    let mut h = ring_shared::fasthash::hasher();
    h.write(payload);
    h.write_usize(payload.len());
    h.finish()
}

/// The payload framed as a `kind` file of format `version`.
pub fn seal(kind: &[u8; 4], version: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(kind);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// The payload of a `kind` file of format `version`; `None` when `bytes` is anything else:
/// another kind or version, torn, longer, or not matching its checksum.
pub fn unseal<'a>(kind: &[u8; 4], version: u32, bytes: &'a [u8]) -> Option<&'a [u8]> {
    let (header, payload) = bytes.split_at_checked(HEADER_LEN)?;
    let field = |at: usize| -> Option<u64> {
        Some(u64::from_le_bytes(header.get(at..at + 8)?.try_into().ok()?))
    };
    let ok = &header[..4] == MAGIC
        && &header[4..8] == kind
        && header[8..12] == version.to_le_bytes()
        && field(12)? == payload.len() as u64
        && field(20)? == checksum(payload);
    ok.then_some(payload)
}

/// Writes `payload` sealed as `dir/name`, atomically (creating `dir`, mode 0700); nothing
/// in a read-only process (`super::read_only`).
pub fn store(
    dir: &Path,
    name: &str,
    kind: &[u8; 4],
    version: u32,
    payload: &[u8],
) -> std::io::Result<()> {
    if !super::keeps_caches() {
        return Ok(());
    }
    super::ensure_dir(dir)?;
    super::write_atomic(dir, name, &seal(kind, version, payload))
}

/// The whole of a cache file ring owns (at most `cap` bytes, regular, not through a
/// symlink), for [`unseal`]; `None` when missing, unusable or larger.
pub fn load(path: &Path, cap: u64) -> Option<Vec<u8>> {
    super::read_owned(path, cap).ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_payload_opens_only_as_itself() {
        let sealed = seal(b"test", 3, b"payload");
        assert_eq!(unseal(b"test", 3, &sealed), Some(&b"payload"[..]));
        assert_eq!(unseal(b"tesT", 3, &sealed), None);
        assert_eq!(unseal(b"test", 4, &sealed), None);
        assert_eq!(unseal(b"test", 3, &sealed[..sealed.len() - 1]), None);
        let mut longer = sealed.clone();
        longer.push(0);
        assert_eq!(unseal(b"test", 3, &longer), None);
        assert_eq!(unseal(b"test", 3, b"ring"), None);
    }

    #[test]
    fn every_same_length_edit_of_the_payload_is_caught() {
        let sealed = seal(b"test", 1, b"working /repo/app");
        for at in HEADER_LEN..sealed.len() {
            let mut edited = sealed.clone();
            edited[at] ^= 0x20;
            assert_eq!(unseal(b"test", 1, &edited), None, "byte {at}");
        }
    }
}
