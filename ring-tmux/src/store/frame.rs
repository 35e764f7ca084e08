//! The one framing every cache file ring keeps under `RING_HOME/cache/` goes through
//! (`rows.bin`, `scan.bin`, `evidence.bin`, `procs.bin`): a kind, a format version and a
//! checksum of the payload, so that a file edited, torn or written by another format is
//! dropped (and rebuilt by its owner) instead of trusted.
//!
//! ```text
//! "ring" | kind [4] | version u32 | payload length u64 | checksum u64 | payload
//! ```
//!
//! The header and every payload are written with `store::codec`; [`Frame`] writes a payload
//! in place after its header, [`open`] decodes one.
//!
//! The checksum is a fixed-seed foldhash of the payload: caches are ring's own files, the
//! checksum guards against accidents (a same-length edit, a torn write, a bit flip), not
//! against an attacker who can write the ring folder anyway; a fast 64-bit hash keeps the
//! status path's read of a large row cache at a few microseconds.

use super::codec::{Decode, Encode, Reader, Writer};
use std::hash::Hasher;
use std::path::Path;

const MAGIC: &[u8; 4] = b"ring";
/// Bytes before the payload.
pub const HEADER_LEN: usize = 4 + 4 + 4 + 8 + 8;
/// Where the payload length and the checksum sit in the header.
const LEN_AT: usize = 12;
const SUM_AT: usize = 20;

/// The payload's 64-bit checksum.
pub fn checksum(payload: &[u8]) -> u64 {
    let mut h = ring_shared::fasthash::hasher();
    h.write(payload);
    h.write_usize(payload.len());
    h.finish()
}

/// A `kind` file of format `version` being written: the payload goes into [`Frame::w`]
/// after the header, which [`Frame::seal`] completes (no copy of the payload).
pub struct Frame {
    pub w: Writer,
}

impl Frame {
    /// A frame for about `bytes` of payload.
    pub fn new(kind: &[u8; 4], version: u32, bytes: usize) -> Frame {
        let mut w = Writer::with_capacity(HEADER_LEN + bytes);
        w.raw(MAGIC);
        w.raw(kind);
        w.u32(version);
        w.u64(0);
        w.u64(0);
        Frame { w }
    }

    /// A frame holding `value`.
    pub fn of<T: Encode + ?Sized>(kind: &[u8; 4], version: u32, value: &T) -> Frame {
        let mut frame = Frame::new(kind, version, 0);
        frame.w.put(value);
        frame
    }

    /// The file's bytes.
    pub fn seal(mut self) -> Vec<u8> {
        let payload = &self.w.as_slice()[HEADER_LEN..];
        let (len, sum) = (payload.len() as u64, checksum(payload));
        self.w.patch_u64(LEN_AT, len);
        self.w.patch_u64(SUM_AT, sum);
        self.w.into_vec()
    }

    /// Writes the frame as `dir/name`, atomically (creating `dir`, mode 0700); nothing in a
    /// read-only process (`super::read_only`).
    pub fn store(self, dir: &Path, name: &str) -> std::io::Result<()> {
        if !super::keeps_caches() {
            return Ok(());
        }
        super::ensure_dir(dir)?;
        super::write_atomic(dir, name, &self.seal())
    }
}

#[cfg(test)]
/// The payload framed as a `kind` file of format `version`.
pub fn seal(kind: &[u8; 4], version: u32, payload: &[u8]) -> Vec<u8> {
    let mut frame = Frame::new(kind, version, payload.len());
    frame.w.raw(payload);
    frame.seal()
}

/// The payload of a `kind` file of format `version`; `None` when `bytes` is anything else:
/// another kind or version, torn, longer, or not matching its checksum.
pub fn unseal<'a>(kind: &[u8; 4], version: u32, bytes: &'a [u8]) -> Option<&'a [u8]> {
    let mut r = Reader::new(bytes);
    r.expect(MAGIC)?;
    r.expect(kind)?;
    let ok = r.u32()? == version;
    let (len, sum) = (r.u64()?, r.u64()?);
    let payload = r.take(r.remaining())?;
    (ok && len == payload.len() as u64 && sum == checksum(payload)).then_some(payload)
}

/// The value a `kind` file of format `version` holds, the whole payload of it; `None` as
/// for [`unseal`], or when the payload is not one such value.
pub fn open<'a, T: Decode<'a>>(kind: &[u8; 4], version: u32, bytes: &'a [u8]) -> Option<T> {
    super::codec::decode(unseal(kind, version, bytes)?)
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
