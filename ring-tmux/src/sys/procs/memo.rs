//! What each process was at its last look (`RING_HOME/cache/procs.bin`), and which executable
//! it ran then, so a scan examines only new or `exec`ed processes.
//!
//! Format (`store::codec`): a count, then per process `pid u32, seen_at f64, confirmed bool,
//! exe, tag u8` (0 not an agent, 1 Claude, 2 Codex, 3 local LLM, 4 another agent of the
//! provider table); agents add `host bool, session id, tty` (Claude), `tty` (Codex), `runner
//! u8 (0 Ollama, 1 llama.cpp), model, start_ticks u64, tty` (local LLM) or `provider name,
//! tty`; the exe, session id, model and tty are optional strings. Anything unreadable is an
//! empty memo.

use super::local::Runner;
use super::{Kind, Seen};
use crate::store::codec::{Decode, Encode, Reader, Writer};
use crate::store::frame::{self, Frame};
use std::collections::HashMap;
use std::path::Path;

/// A process is examined again after this long even if its executable did not change (a
/// backstop for pid reuse by the same program).
pub const REVALIDATE_SECONDS: f64 = 60.0;
/// The memo's kind and format version in its frame (`store::frame`). Format 4: written with
/// `store::codec` (a count, no magic of its own).
const KIND: &[u8; 4] = b"proc";
const VERSION: u32 = 4;
const CAP: u64 = 16 << 20;

/// One remembered look at a process.
#[derive(Debug, Clone, PartialEq)]
pub struct Look {
    /// Wall clock of the look.
    pub at: f64,
    /// `/proc/<pid>/exe` then (`None` when unreadable).
    pub exe: Option<String>,
    /// What it was.
    pub seen: Seen,
    /// A later look at the same executable said the same (see `cached`).
    pub confirmed: bool,
}

/// pid → its last look.
pub type Memo = HashMap<u32, Look>;

/// Whether a look at `at` still holds at `wall` (a clock that went back invalidates it).
pub fn fresh(at: f64, wall: f64) -> bool {
    (0.0..REVALIDATE_SECONDS).contains(&(wall - at))
}

/// The memo in `file`; empty when missing, too large, or failing its frame's checksum.
pub fn load(file: &Path) -> Memo {
    frame::load(file, CAP)
        .and_then(|bytes| frame::open(KIND, VERSION, &bytes))
        .unwrap_or_default()
}

pub fn save(file: &Path, memo: &Memo) {
    let Some(dir) = file.parent() else { return };
    let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let _ = Frame::of(KIND, VERSION, memo).store(dir, name);
}

impl Encode for Look {
    fn encode(&self, w: &mut Writer) {
        let Look {
            at,
            exe,
            seen,
            confirmed,
        } = self;
        w.f64(*at);
        w.bool(*confirmed);
        w.put(exe);
        match seen {
            Seen::Agent(Kind::Claude { session_id, host }, tty) => {
                w.u8(1);
                w.bool(*host);
                w.put(session_id);
                w.put(tty);
            }
            Seen::Agent(Kind::Codex, tty) => {
                w.u8(2);
                w.put(tty);
            }
            Seen::Agent(
                Kind::LocalLlm {
                    runner,
                    model,
                    start_ticks,
                },
                tty,
            ) => {
                w.u8(3);
                w.u8(u8::from(*runner == Runner::LlamaCpp));
                w.put(model);
                w.u64(*start_ticks);
                w.put(tty);
            }
            Seen::Agent(Kind::Agent(name), tty) => {
                w.u8(4);
                w.str(name);
                w.put(tty);
            }
            // Only settled looks are remembered; anything else reads as "not an agent".
            Seen::NotAgent | Seen::Undecided | Seen::Gone => w.u8(0),
        }
    }
}

impl Decode<'_> for Look {
    fn decode(r: &mut Reader<'_>) -> Option<Look> {
        let at = r.f64()?;
        let confirmed = r.bool()?;
        let exe = r.get()?;
        let seen = match r.u8()? {
            0 => Seen::NotAgent,
            1 => {
                let host = r.bool()?;
                let session_id = r.get()?;
                Seen::Agent(Kind::Claude { session_id, host }, r.get()?)
            }
            2 => Seen::Agent(Kind::Codex, r.get()?),
            3 => {
                let runner = match r.u8()? {
                    0 => Runner::Ollama,
                    1 => Runner::LlamaCpp,
                    _ => return None,
                };
                let kind = Kind::LocalLlm {
                    runner,
                    model: r.get()?,
                    start_ticks: r.u64()?,
                };
                Seen::Agent(kind, r.get()?)
            }
            // A provider this binary does not know: the memo is another binary's.
            4 => {
                let provider = ring_shared::provider::find(r.str()?)?;
                Seen::Agent(Kind::Agent(provider.name), r.get()?)
            }
            _ => return None,
        };
        Some(Look {
            at,
            exe,
            seen,
            confirmed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::codec;

    fn look(at: f64, exe: Option<&str>, seen: Seen) -> Look {
        Look {
            at,
            exe: exe.map(str::to_owned),
            seen,
            confirmed: at > 11.0,
        }
    }

    fn sample() -> Memo {
        let claude = Kind::Claude {
            session_id: Some("s".into()),
            host: true,
        };
        [
            (1, look(10.0, None, Seen::NotAgent)),
            (
                2,
                look(
                    11.5,
                    Some("/bin/claude"),
                    Seen::Agent(claude, Some("/dev/pts/1".into())),
                ),
            ),
            (
                3,
                look(12.0, Some("/bin/codex"), Seen::Agent(Kind::Codex, None)),
            ),
            (
                4,
                look(
                    12.5,
                    Some("/bin/ollama"),
                    Seen::Agent(
                        Kind::LocalLlm {
                            runner: Runner::LlamaCpp,
                            model: Some("q4.gguf".into()),
                            start_ticks: 123_456,
                        },
                        Some("/dev/pts/7".into()),
                    ),
                ),
            ),
            (
                5,
                look(
                    13.0,
                    Some("/usr/bin/node"),
                    Seen::Agent(
                        Kind::Agent(ring_shared::provider::gemini::PROVIDER.name),
                        None,
                    ),
                ),
            ),
        ]
        .into()
    }

    /// A memo saved in `dir` and its file's bytes.
    fn saved(dir: &Path, memo: &Memo) -> Vec<u8> {
        save(&dir.join("procs.bin"), memo);
        std::fs::read(dir.join("procs.bin")).expect("procs.bin")
    }

    #[test]
    fn memo_round_trips_through_its_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        saved(dir.path(), &sample());
        assert_eq!(load(&dir.path().join("procs.bin")), sample());
    }

    #[test]
    fn a_cut_or_garbage_memo_file_is_no_memo() {
        let dir = tempfile::tempdir().expect("tempdir");
        let bytes = saved(dir.path(), &sample());
        codec::assert_every_cut_is_refused(&bytes, |b| frame::open::<Memo>(KIND, VERSION, b));
        // Inside a valid frame: every cut of the payload, and what is not a memo.
        let payload = codec::encode(&sample());
        codec::assert_every_cut_is_refused(&payload, |b| codec::decode::<Memo>(b));
        assert_eq!(codec::decode::<Memo>(b"nope"), None);
        // A provider this binary does not know.
        let mut unknown = codec::encode(&sample());
        let at = unknown
            .windows(6)
            .position(|w| w == b"gemini")
            .expect("the provider's name");
        unknown[at..at + 6].copy_from_slice(b"zzzzzz");
        assert_eq!(codec::decode::<Memo>(&unknown), None);
    }

    #[test]
    fn a_hostile_count_is_refused_without_reading_on() {
        let mut w = Writer::default();
        w.u32(u32::MAX);
        w.raw(&[0; 40]);
        assert_eq!(codec::decode::<Memo>(w.as_slice()), None);
    }

    #[test]
    fn a_memo_of_the_previous_format_is_dropped() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("procs.bin");
        let old = Frame::of(KIND, VERSION - 1, &sample()).seal();
        std::fs::write(&file, old).expect("old memo");
        assert_eq!(load(&file), Memo::new());
        save(&file, &sample());
        assert_eq!(load(&file), sample());
    }

    #[test]
    fn a_look_expires_and_a_clock_going_back_invalidates_it() {
        assert!(fresh(100.0, 100.0));
        assert!(fresh(100.0, 100.0 + REVALIDATE_SECONDS - 0.1));
        assert!(!fresh(100.0, 100.0 + REVALIDATE_SECONDS));
        assert!(!fresh(100.0, 99.0));
    }
}
