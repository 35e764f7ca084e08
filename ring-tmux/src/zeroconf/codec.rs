//! The binary form of the scan cache (`RING_HOME/cache/scan.bin`): read on every status-bar
//! refresh, so it is decoded by hand in one pass (a JSON parse of 500 entries cost more than
//! the rest of the board). Little-endian; strings are a `u32` length and UTF-8 bytes.
//!
//! ```text
//! magic "RZSC" | version u32 | home str | published_hash u64 | count u32
//! count × ( dir str | stem str | mtime f64 | size u64 | 0 | 1 facts )
//!          facts = last_cwd str | head_cwd str | last_action str | todo (0 | 1 i64 i64) | tail u8
//! projects (0 | 1 dirkey) | dir count u32 | dir count × ( name str | dirkey ) | old_checked_at f64
//! agents u64 | partial u8
//!          dirkey = mtime f64 | ino u64
//! codex_and_rollouts: len u32 | JSON of (Option<CodexEntry>, rollouts) (len 0: none)
//! ```
//!
//! Anything malformed decodes as `None`: the cache is rebuilt.

use super::cache::{Cache, CodexEntry, DirKey, FileKey, Rollouts, TranscriptEntry};
use ring_shared::scan::TailKind;

const MAGIC: &[u8; 4] = b"RZSC";

/// What the file holds, apart from the run-time flags of [`super::cache::Cache`].
pub struct Decoded {
    pub home: String,
    pub published_hash: u64,
    pub transcripts: Vec<TranscriptEntry>,
    pub projects: Option<DirKey>,
    pub dirs: Vec<(String, DirKey)>,
    pub old_checked_at: f64,
    pub agents: u64,
    pub partial: bool,
    pub codex: Option<CodexEntry>,
    pub rollouts: Rollouts,
}

/// Encodes the cache's persistent part.
pub fn encode(cache: &Cache) -> Option<Vec<u8>> {
    let transcripts = &cache.transcripts;
    let (codex, rollouts) = (&cache.codex, &cache.rollouts);
    let mut out = Vec::with_capacity(64 + transcripts.len() * 192);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&cache.version.to_le_bytes());
    put_str(&mut out, &cache.home)?;
    out.extend_from_slice(&cache.published_hash.to_le_bytes());
    out.extend_from_slice(&u32::try_from(transcripts.len()).ok()?.to_le_bytes());
    for e in transcripts {
        let f = &e.facts;
        put_str(&mut out, &f.dir_name)?;
        put_str(&mut out, &f.id)?;
        out.extend_from_slice(&f.mtime.to_le_bytes());
        out.extend_from_slice(&e.size.to_le_bytes());
        if !e.read {
            out.push(0);
            continue;
        }
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
        match &f.question {
            None => out.push(0),
            Some(q) => {
                out.push(1);
                put_str(&mut out, q)?;
            }
        }
    }
    match &cache.projects {
        None => out.push(0),
        Some(key) => {
            out.push(1);
            put_dir_key(&mut out, key);
        }
    }
    out.extend_from_slice(&u32::try_from(cache.dirs.len()).ok()?.to_le_bytes());
    for (name, key) in &cache.dirs {
        put_str(&mut out, name)?;
        put_dir_key(&mut out, key);
    }
    out.extend_from_slice(&cache.old_checked_at.to_le_bytes());
    out.extend_from_slice(&cache.agents.to_le_bytes());
    out.push(u8::from(cache.partial));
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
        let mut entry = TranscriptEntry::unread(dir_name, stem, FileKey { mtime, size });
        match r.u8()? {
            0 => {}
            1 => {
                let f = &mut entry.facts;
                f.last_cwd = r.string()?;
                f.head_cwd = r.string()?;
                f.last_action = r.string()?;
                f.todo = match r.u8()? {
                    0 => None,
                    1 => Some((r.u64()? as i64, r.u64()? as i64)),
                    _ => return None,
                };
                f.tail_kind = tail_kind(r.u8()?)?;
                f.question = match r.u8()? {
                    0 => None,
                    1 => Some(r.string()?),
                    _ => return None,
                };
                entry.read = true;
            }
            _ => return None,
        }
        transcripts.push(entry);
    }
    let projects = match r.u8()? {
        0 => None,
        1 => Some(r.dir_key()?),
        _ => return None,
    };
    let dir_count = r.u32()? as usize;
    let mut dirs = Vec::with_capacity(dir_count.min(r.remaining() / 20));
    for _ in 0..dir_count {
        dirs.push((r.string()?, r.dir_key()?));
    }
    let old_checked_at = f64::from_bits(r.u64()?);
    let agents = r.u64()?;
    let partial = match r.u8()? {
        0 => false,
        1 => true,
        _ => return None,
    };
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
        projects,
        dirs,
        old_checked_at,
        agents,
        partial,
        codex,
        rollouts,
    })
}

fn put_str(out: &mut Vec<u8>, s: &str) -> Option<()> {
    out.extend_from_slice(&u32::try_from(s.len()).ok()?.to_le_bytes());
    out.extend_from_slice(s.as_bytes());
    Some(())
}

fn put_dir_key(out: &mut Vec<u8>, key: &DirKey) {
    out.extend_from_slice(&key.mtime.to_le_bytes());
    out.extend_from_slice(&key.ino.to_le_bytes());
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

    fn dir_key(&mut self) -> Option<DirKey> {
        Some(DirKey {
            mtime: f64::from_bits(self.u64()?),
            ino: self.u64()?,
        })
    }

    fn string(&mut self) -> Option<String> {
        let len = self.u32()? as usize;
        std::str::from_utf8(self.take(len)?).ok().map(str::to_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_shared::scan::{RolloutFacts, TranscriptFacts};

    fn sample() -> (Vec<TranscriptEntry>, Rollouts) {
        let unread = TranscriptEntry::unread(
            "-a".into(),
            "s1".into(),
            FileKey {
                mtime: 1.5,
                size: 10,
            },
        );
        let read = TranscriptEntry {
            facts: TranscriptFacts {
                id: "s2".into(),
                dir_name: "-b".into(),
                mtime: 2.25,
                last_cwd: "/b".into(),
                head_cwd: "/héad".into(),
                last_action: "Edit m.rs".into(),
                todo: Some((1, -3)),
                tail_kind: TailKind::Interrupted,
                question: Some("Ship it?".into()),
            },
            size: 20,
            read: true,
        };
        let mut rollouts = Rollouts::new();
        rollouts.insert(
            "/r.jsonl".into(),
            (
                FileKey {
                    mtime: 3.0,
                    size: 4,
                },
                RolloutFacts::default(),
            ),
        );
        (vec![unread, read], rollouts)
    }

    #[test]
    fn what_is_encoded_decodes_to_the_same_entries() {
        let (entries, rollouts) = sample();
        let dirs = vec![(
            "-a".to_owned(),
            DirKey {
                mtime: f64::NAN,
                ino: 7,
            },
        )];
        let cache = Cache {
            version: 3,
            home: "/home/u".into(),
            published_hash: 42,
            transcripts: entries.clone(),
            projects: Some(DirKey { mtime: 1.0, ino: 2 }),
            dirs: dirs.clone(),
            old_checked_at: 9.5,
            rollouts: rollouts.clone(),
            ..Cache::default()
        };
        let d = decode(&encode(&cache).expect("encode"), 3).expect("decode");
        assert_eq!((d.home.as_str(), d.published_hash), ("/home/u", 42));
        assert_eq!(d.projects, Some(DirKey { mtime: 1.0, ino: 2 }));
        assert!(d.dirs.len() == 1 && d.dirs[0].0 == "-a" && d.dirs[0].1.bits() == dirs[0].1.bits());
        assert_eq!(d.old_checked_at, 9.5);
        assert_eq!(d.rollouts, rollouts);
        assert!(d.codex.is_none());
        let got: Vec<_> = d
            .transcripts
            .iter()
            .map(|e| (e.facts.clone(), e.size, e.read))
            .collect();
        let want: Vec<_> = entries
            .iter()
            .map(|e| (e.facts.clone(), e.size, e.read))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn another_version_a_cut_file_or_trailing_bytes_decode_as_nothing() {
        let (entries, rollouts) = sample();
        let cache = Cache {
            version: 3,
            home: "/h".into(),
            transcripts: entries,
            projects: Some(DirKey { mtime: 1.0, ino: 2 }),
            dirs: vec![("-a".to_owned(), DirKey { mtime: 3.0, ino: 4 })],
            rollouts,
            ..Cache::default()
        };
        let bytes = encode(&cache).expect("encode");
        assert!(decode(&bytes, 4).is_none(), "other version");
        for cut in 0..bytes.len() {
            assert!(decode(&bytes[..cut], 3).is_none(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode(&longer, 3).is_none(), "trailing byte");
    }
}
