//! The binary form of the scan cache (`RING_HOME/cache/scan.bin`): read on every status-bar
//! refresh, so it is decoded by hand in one pass (a JSON parse of 500 entries cost more than
//! the rest of the board). Little-endian; strings are a `u32` length and UTF-8 bytes.
//!
//! ```text
//! magic "RZSC" | version u32 | home str | published_hash u64 | count u32
//! count × ( dir str | stem str | mtime f64 | size u64 | 0 | 1 facts )
//!          facts = last_cwd str | head_cwd str | last_action str | todo (0 | 1 i64 i64) | tail u8
//! codex_and_rollouts: len u32 | JSON of (Option<CodexEntry>, rollouts) (len 0: none)
//! ```
//!
//! Anything malformed decodes as `None`: the cache is rebuilt.

use super::cache::{CodexEntry, FileKey, Rollouts, TranscriptEntry};
use ring_shared::scan::{TailKind, TranscriptFacts};

const MAGIC: &[u8; 4] = b"RZSC";

/// What the file holds, apart from the run-time flags of [`super::cache::Cache`].
pub struct Decoded {
    pub home: String,
    pub published_hash: u64,
    pub transcripts: Vec<TranscriptEntry>,
    pub codex: Option<CodexEntry>,
    pub rollouts: Rollouts,
}

/// Encodes the cache's persistent part.
pub fn encode(
    version: u32,
    home: &str,
    published_hash: u64,
    transcripts: &[TranscriptEntry],
    codex: &Option<CodexEntry>,
    rollouts: &Rollouts,
) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(64 + transcripts.len() * 192);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    put_str(&mut out, home)?;
    out.extend_from_slice(&published_hash.to_le_bytes());
    out.extend_from_slice(&u32::try_from(transcripts.len()).ok()?.to_le_bytes());
    for e in transcripts {
        put_str(&mut out, &e.dir_name)?;
        put_str(&mut out, &e.stem)?;
        out.extend_from_slice(&e.key.mtime.to_le_bytes());
        out.extend_from_slice(&e.key.size.to_le_bytes());
        match &e.facts {
            None => out.push(0),
            Some(f) => {
                out.push(1);
                put_str(&mut out, &f.last_cwd)?;
                put_str(&mut out, &f.head_cwd)?;
                put_str(&mut out, &f.last_action)?;
                match f.todo {
                    None => out.push(0),
                    Some((done, total)) => {
                        out.push(1);
                        out.extend_from_slice(&done.to_le_bytes());
                        out.extend_from_slice(&total.to_le_bytes());
                    }
                }
                out.push(tail_code(f.tail_kind));
            }
        }
    }
    if codex.is_none() && rollouts.is_empty() {
        out.extend_from_slice(&0u32.to_le_bytes());
    } else {
        let json = serde_json::to_vec(&(codex, rollouts)).ok()?;
        out.extend_from_slice(&u32::try_from(json.len()).ok()?.to_le_bytes());
        out.extend_from_slice(&json);
    }
    Some(out)
}

/// Decodes a cache of `version`; `None` if it is of another version or malformed.
pub fn decode(bytes: &[u8], version: u32) -> Option<Decoded> {
    let mut r = Reader { bytes, at: 0 };
    if r.take(4)? != MAGIC || r.u32()? != version {
        return None;
    }
    let home = r.string()?;
    let published_hash = r.u64()?;
    let count = r.u32()? as usize;
    // Each entry takes at least 25 bytes: a corrupt count cannot make us allocate much.
    let mut transcripts = Vec::with_capacity(count.min(r.remaining() / 25));
    for _ in 0..count {
        let dir_name = r.string()?;
        let stem = r.string()?;
        let mtime = f64::from_bits(r.u64()?);
        let size = r.u64()?;
        let facts = match r.u8()? {
            0 => None,
            1 => {
                let last_cwd = r.string()?;
                let head_cwd = r.string()?;
                let last_action = r.string()?;
                let todo = match r.u8()? {
                    0 => None,
                    1 => Some((r.u64()? as i64, r.u64()? as i64)),
                    _ => return None,
                };
                let tail_kind = tail_kind(r.u8()?)?;
                Some(TranscriptFacts {
                    id: stem.clone(),
                    dir_name: dir_name.clone(),
                    mtime,
                    last_cwd,
                    head_cwd,
                    last_action,
                    todo,
                    tail_kind,
                })
            }
            _ => return None,
        };
        transcripts.push(TranscriptEntry {
            dir_name,
            stem,
            key: FileKey { mtime, size },
            facts,
        });
    }
    let json_len = r.u32()? as usize;
    let (codex, rollouts) = if json_len == 0 {
        (None, Rollouts::new())
    } else {
        serde_json::from_slice(r.take(json_len)?).ok()?
    };
    (r.remaining() == 0).then_some(Decoded {
        home,
        published_hash,
        transcripts,
        codex,
        rollouts,
    })
}

fn put_str(out: &mut Vec<u8>, s: &str) -> Option<()> {
    out.extend_from_slice(&u32::try_from(s.len()).ok()?.to_le_bytes());
    out.extend_from_slice(s.as_bytes());
    Some(())
}

fn tail_code(kind: TailKind) -> u8 {
    match kind {
        TailKind::None => 0,
        TailKind::Waiting => 1,
        TailKind::Working => 2,
        TailKind::Interrupted => 3,
    }
}

fn tail_kind(code: u8) -> Option<TailKind> {
    Some(match code {
        0 => TailKind::None,
        1 => TailKind::Waiting,
        2 => TailKind::Working,
        3 => TailKind::Interrupted,
        _ => return None,
    })
}

/// A bounds-checked cursor.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(n)?;
        let slice = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(slice)
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    fn string(&mut self) -> Option<String> {
        let len = self.u32()? as usize;
        std::str::from_utf8(self.take(len)?).ok().map(str::to_owned)
    }
}
