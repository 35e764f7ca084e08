//! What each process was at its last look (`RING_HOME/cache/procs.bin`), and which executable
//! it ran then, so a scan examines only new or `exec`ed processes.
//!
//! Format: magic, then per process `pid u32, seen_at f64, confirmed u8, exe, tag u8` (0 not an
//! agent, 1 Claude, 2 Codex, 3 local LLM); agents add `host u8, session id, tty` (Claude),
//! `tty` (Codex) or `runner u8 (0 Ollama, 1 llama.cpp), model, start_ticks u64, tty` (local LLM).
//! Optional strings are a flag byte, a `u32` length and the bytes. Anything unreadable is an
//! empty memo.

use super::local::Runner;
use super::{Kind, Seen};
use std::collections::HashMap;
use std::path::Path;

/// A process is examined again after this long even if its executable did not change (a
/// backstop for pid reuse by the same program).
pub const REVALIDATE_SECONDS: f64 = 60.0;
const MAGIC: &[u8; 8] = b"ringpr03";
/// The memo's kind and format version in its frame (`store::frame`).
const KIND: &[u8; 4] = b"proc";
const VERSION: u32 = 3;
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
    crate::store::frame::load(file, CAP)
        .and_then(|bytes| decode(crate::store::frame::unseal(KIND, VERSION, &bytes)?))
        .unwrap_or_default()
}

pub fn save(file: &Path, memo: &Memo) {
    let Some(dir) = file.parent() else { return };
    let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let _ = crate::store::frame::store(dir, name, KIND, VERSION, &encode(memo));
}

fn put_opt(w: &mut Vec<u8>, s: &Option<String>) {
    match s {
        Some(s) => {
            w.push(1);
            w.extend_from_slice(&u32::try_from(s.len()).unwrap_or(0).to_le_bytes());
            w.extend_from_slice(s.as_bytes());
        }
        None => w.push(0),
    }
}

pub fn encode(memo: &Memo) -> Vec<u8> {
    let mut w = Vec::with_capacity(16 + memo.len() * 16);
    w.extend_from_slice(MAGIC);
    for (
        pid,
        Look {
            at,
            exe,
            seen,
            confirmed,
        },
    ) in memo
    {
        w.extend_from_slice(&pid.to_le_bytes());
        w.extend_from_slice(&at.to_le_bytes());
        w.push(u8::from(*confirmed));
        put_opt(&mut w, exe);
        match seen {
            Seen::Agent(Kind::Claude { session_id, host }, tty) => {
                w.push(1);
                w.push(u8::from(*host));
                put_opt(&mut w, session_id);
                put_opt(&mut w, tty);
            }
            Seen::Agent(Kind::Codex, tty) => {
                w.push(2);
                put_opt(&mut w, tty);
            }
            Seen::Agent(
                Kind::LocalLlm {
                    runner,
                    model,
                    start_ticks,
                },
                tty,
            ) => {
                w.push(3);
                w.push(u8::from(*runner == Runner::LlamaCpp));
                put_opt(&mut w, model);
                w.extend_from_slice(&start_ticks.to_le_bytes());
                put_opt(&mut w, tty);
            }
            Seen::Agent(Kind::Agent(name), tty) => {
                w.push(4);
                put_opt(&mut w, &Some((*name).to_owned()));
                put_opt(&mut w, tty);
            }
            // Only settled looks are remembered; anything else reads as "not an agent".
            Seen::NotAgent | Seen::Undecided | Seen::Gone => w.push(0),
        }
    }
    w
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        (self.0.len() >= n).then(|| {
            let (head, rest) = self.0.split_at(n);
            self.0 = rest;
            head
        })
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn opt(&mut self) -> Option<Option<String>> {
        match self.u8()? {
            0 => Some(None),
            1 => {
                let n = u32::from_le_bytes(self.take(4)?.try_into().ok()?);
                let bytes = self.take(usize::try_from(n).ok()?)?;
                Some(Some(String::from_utf8(bytes.to_vec()).ok()?))
            }
            _ => None,
        }
    }
}

pub fn decode(bytes: &[u8]) -> Option<Memo> {
    let mut r = Reader(bytes);
    if r.take(MAGIC.len())? != MAGIC {
        return None;
    }
    let mut memo = Memo::default();
    while !r.0.is_empty() {
        let pid = u32::from_le_bytes(r.take(4)?.try_into().ok()?);
        let at = f64::from_le_bytes(r.take(8)?.try_into().ok()?);
        let confirmed = r.u8()? == 1;
        let exe = r.opt()?;
        let seen = match r.u8()? {
            0 => Seen::NotAgent,
            1 => {
                let host = r.u8()? == 1;
                let session_id = r.opt()?;
                Seen::Agent(Kind::Claude { session_id, host }, r.opt()?)
            }
            2 => Seen::Agent(Kind::Codex, r.opt()?),
            3 => {
                let runner = match r.u8()? {
                    0 => Runner::Ollama,
                    1 => Runner::LlamaCpp,
                    _ => return None,
                };
                let model = r.opt()?;
                let start_ticks = u64::from_le_bytes(r.take(8)?.try_into().ok()?);
                let kind = Kind::LocalLlm {
                    runner,
                    model,
                    start_ticks,
                };
                Seen::Agent(kind, r.opt()?)
            }
            4 => {
                // A provider this binary does not know: the memo is another binary's.
                let name = r.opt()??;
                let provider = ring_shared::provider::find(&name)?;
                Seen::Agent(Kind::Agent(provider.name), r.opt()?)
            }
            _ => return None,
        };
        memo.insert(
            pid,
            Look {
                at,
                exe,
                seen,
                confirmed,
            },
        );
    }
    Some(memo)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look(at: f64, exe: Option<&str>, seen: Seen) -> Look {
        Look {
            at,
            exe: exe.map(str::to_owned),
            seen,
            confirmed: at > 11.0,
        }
    }

    #[test]
    fn memo_round_trips() {
        let claude = Kind::Claude {
            session_id: Some("s".into()),
            host: true,
        };
        let memo: Memo = [
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
        ]
        .into();
        assert_eq!(decode(&encode(&memo)), Some(memo));
    }

    #[test]
    fn garbage_is_no_memo() {
        assert_eq!(decode(b"nope"), None);
        let mut bytes = encode(&[(1, look(1.0, Some("/bin/sh"), Seen::NotAgent))].into());
        bytes.pop();
        assert_eq!(decode(&bytes), None);
    }

    #[test]
    fn a_look_expires_and_a_clock_going_back_invalidates_it() {
        assert!(fresh(100.0, 100.0));
        assert!(fresh(100.0, 100.0 + REVALIDATE_SECONDS - 0.1));
        assert!(!fresh(100.0, 100.0 + REVALIDATE_SECONDS));
        assert!(!fresh(100.0, 99.0));
    }
}
