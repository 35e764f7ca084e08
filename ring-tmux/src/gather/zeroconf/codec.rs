//! The scan cache's payload (`RING_HOME/cache/scan.bin`, `store::codec` inside the frame):
//! read on every status-bar refresh, so it is decoded in one pass without field names (a
//! JSON parse of 500 entries cost more than the rest of the board).
//!
//! ```text
//! home str | published_hash u64 | transcripts: count × ( dir str | stem str | mtime f64 |
//!     size u64 | facts Option ) facts = last_cwd str | head_cwd str | last_action str |
//!     todo Option<(i64, i64)> | tail u8 | question Option<str>
//! projects Option<dirkey> | dirs: count × ( name str | dirkey ) | old_checked_at f64 |
//! agents u64 | partial bool | codex Option<( keys: count × Option<filekey> | threads )> |
//! rollouts: count × ( path str | filekey | last_action Option<str> | tail u8 | question )
//!     dirkey = mtime f64 | ino u64; filekey = mtime f64 | size u64
//! ```
//!
//! Anything malformed decodes as `None`: the cache is rebuilt.

use super::cache::{Cache, CodexEntry, DirKey, FileKey, TranscriptEntry};
use crate::store::codec::{Decode, Encode, Reader, Writer};
use ring_shared::scan::{CodexThread, RolloutFacts, TailKind, TranscriptFacts};

/// The cache's persistent part (its run-time flags are not saved), in the order above.
impl Encode for Cache {
    fn encode(&self, w: &mut Writer) {
        w.str(&self.home);
        w.u64(self.published_hash);
        w.put(&self.transcripts);
        w.put(&self.projects);
        w.put(&self.dirs);
        w.f64(self.old_checked_at);
        w.u64(self.agents);
        w.bool(self.partial);
        w.put(&self.codex);
        w.put(&self.rollouts);
    }
}

/// The persistent part, the run-time flags as a fresh cache has them.
impl Decode<'_> for Cache {
    fn decode(r: &mut Reader<'_>) -> Option<Cache> {
        Some(Cache {
            home: r.get()?,
            published_hash: r.u64()?,
            transcripts: r.get()?,
            projects: r.get()?,
            dirs: r.get()?,
            old_checked_at: r.f64()?,
            agents: r.u64()?,
            partial: r.bool()?,
            codex: r.get()?,
            rollouts: r.get()?,
            ..Cache::default()
        })
    }
}

/// A transcript's names, mtime and size, then its facts when it was read.
impl Encode for TranscriptEntry {
    fn encode(&self, w: &mut Writer) {
        let TranscriptFacts {
            id,
            dir_name,
            mtime,
            last_cwd,
            head_cwd,
            last_action,
            todo,
            tail_kind,
            question,
        } = &self.facts;
        w.str(dir_name);
        w.str(id);
        w.f64(*mtime);
        w.u64(self.size);
        w.bool(self.read);
        if self.read {
            w.str(last_cwd);
            w.str(head_cwd);
            w.str(last_action);
            w.put(todo);
            w.put(tail_kind);
            w.put(question);
        }
    }
}

impl Decode<'_> for TranscriptEntry {
    /// Two names, the mtime, the size and the flag.
    const MIN_LEN: usize = 4 + 4 + 8 + 8 + 1;

    fn decode(r: &mut Reader<'_>) -> Option<TranscriptEntry> {
        let dir_name = r.string()?;
        let stem = r.string()?;
        let key = FileKey {
            mtime: r.f64()?,
            size: r.u64()?,
        };
        let mut entry = TranscriptEntry::unread(dir_name, stem, key);
        if r.bool()? {
            let f = &mut entry.facts;
            f.last_cwd = r.string()?;
            f.head_cwd = r.string()?;
            f.last_action = r.string()?;
            f.todo = r.get()?;
            f.tail_kind = r.get()?;
            f.question = r.get()?;
            entry.read = true;
        }
        Some(entry)
    }
}

crate::store::codec::record!(DirKey {
    mtime: f64,
    ino: u64
});

crate::store::codec::record!(FileKey {
    mtime: f64,
    size: u64
});

impl Encode for TailKind {
    fn encode(&self, w: &mut Writer) {
        w.u8(match self {
            TailKind::None => 0,
            TailKind::Waiting => 1,
            TailKind::Working => 2,
            TailKind::Interrupted => 3,
        });
    }
}

impl Decode<'_> for TailKind {
    fn decode(r: &mut Reader<'_>) -> Option<TailKind> {
        Some(match r.u8()? {
            0 => TailKind::None,
            1 => TailKind::Waiting,
            2 => TailKind::Working,
            3 => TailKind::Interrupted,
            _ => return None,
        })
    }
}

crate::store::codec::record!(CodexEntry { key: Vec<Option<FileKey>>, threads: Vec<CodexThread> });

crate::store::codec::record!(CodexThread {
    id: String,
    cwd: String,
    title: String,
    preview: String,
    updated_at: f64,
    updated_at_ms: i64,
    rollout_path: String,
});

crate::store::codec::record!(RolloutFacts { last_action: Option<String>, tail_kind: TailKind, question: Option<String> });

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gather::zeroconf::cache::{KIND, Rollouts, VERSION};
    use crate::store::codec;
    use std::path::Path;

    fn sample() -> Cache {
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
                RolloutFacts {
                    last_action: Some("→ shell".into()),
                    tail_kind: TailKind::Waiting,
                    question: Some("Go on?".into()),
                },
            ),
        );
        rollouts.insert(
            "/q.jsonl".into(),
            (
                FileKey {
                    mtime: 5.0,
                    size: 6,
                },
                RolloutFacts::default(),
            ),
        );
        let codex = CodexEntry {
            key: vec![
                Some(FileKey {
                    mtime: 7.5,
                    size: 4096,
                }),
                None,
            ],
            threads: vec![CodexThread {
                id: "t1".into(),
                cwd: "/c".into(),
                title: "Fix it".into(),
                preview: "".into(),
                updated_at: 8.0,
                updated_at_ms: 8_000,
                rollout_path: "/r.jsonl".into(),
            }],
        };
        Cache {
            home: "/home/u".into(),
            published_hash: 42,
            transcripts: vec![unread, read],
            projects: Some(DirKey { mtime: 1.0, ino: 2 }),
            dirs: vec![(
                "-a".to_owned(),
                DirKey {
                    mtime: f64::NAN,
                    ino: 7,
                },
            )],
            old_checked_at: 9.5,
            agents: 11,
            partial: true,
            codex: Some(codex),
            rollouts,
            ..Cache::default()
        }
    }

    fn entries(transcripts: &[TranscriptEntry]) -> Vec<(TranscriptFacts, u64, bool)> {
        transcripts
            .iter()
            .map(|e| (e.facts.clone(), e.size, e.read))
            .collect()
    }

    #[test]
    fn what_is_saved_loads_as_the_same_cache() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut cache = sample();
        cache.dirty = true;
        cache.save(dir.path());
        let want = sample();
        let d = Cache::load(dir.path(), Path::new("/home/u"));
        assert_eq!((d.home.as_str(), d.published_hash), ("/home/u", 42));
        assert_eq!(d.projects, want.projects);
        assert!(
            d.dirs.len() == 1 && d.dirs[0].0 == "-a" && d.dirs[0].1.bits() == want.dirs[0].1.bits()
        );
        assert_eq!((d.old_checked_at, d.agents, d.partial), (9.5, 11, true));
        assert_eq!(d.rollouts, want.rollouts);
        assert_eq!(d.codex, want.codex);
        assert_eq!(entries(&d.transcripts), entries(&want.transcripts));
        // Another home's cache is no cache.
        assert!(
            Cache::load(dir.path(), Path::new("/home/v"))
                .transcripts
                .is_empty()
        );
    }

    #[test]
    fn a_cut_file_or_trailing_bytes_decode_as_nothing() {
        let payload = codec::encode(&sample());
        codec::assert_every_cut_is_refused(&payload, |b| codec::decode::<Cache>(b));
        let dir = tempfile::tempdir().expect("tempdir");
        let mut cache = sample();
        cache.dirty = true;
        cache.save(dir.path());
        let file = std::fs::read(dir.path().join("scan.bin")).expect("scan.bin");
        codec::assert_every_cut_is_refused(&file, |b| {
            crate::store::frame::open::<Cache>(KIND, VERSION, b)
        });
    }

    #[test]
    fn a_hostile_transcript_count_is_refused_without_reading_on() {
        let mut w = Writer::default();
        w.str("/home/u");
        w.u64(0);
        w.u32(u32::MAX);
        w.raw(&[0; 100]);
        assert!(codec::decode::<Cache>(w.as_slice()).is_none());
    }

    #[test]
    fn a_cache_of_the_previous_format_is_dropped_and_rewritten() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("scan.bin");
        let old = crate::store::frame::Frame::of(KIND, VERSION - 1, &sample()).seal();
        std::fs::write(&file, &old).expect("old cache");
        std::fs::write(dir.path().join("listed"), "").expect("stamp");
        let mut loaded = Cache::load(dir.path(), Path::new("/home/u"));
        assert!(loaded.transcripts.is_empty() && loaded.published_hash == 0);
        assert_eq!(loaded.listed_at, f64::NEG_INFINITY, "lists again");
        loaded.transcripts = sample().transcripts;
        loaded.dirty = true;
        loaded.save(dir.path());
        let again = Cache::load(dir.path(), Path::new("/home/u"));
        assert_eq!(entries(&again.transcripts), entries(&sample().transcripts));
    }
}
