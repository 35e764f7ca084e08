//! tmux process-tree evidence (§4.10 rule 2) for one command: the panes of the tmux
//! server ring runs in (`$TMUX`; one bounded `tmux list-panes -a`) and the processes below
//! their shells (a `/proc` walk, see `procs::tree`). Both can be injected for tests
//! (`RING_TMUX_PANES`, `RING_PROC_TREE`, see the `env` module).
//!
//! Gathered only when first asked, at most once per process: the zero-config scan asks only
//! for a cwd group with more transcripts than live Claude processes (§4.4), and only `json` /
//! `list` map rows to panes. Outside tmux (and without the seams) nothing is gathered.
//!
//! Starting a tmux client costs more than a whole `status` run (~2.4 ms against ~1 ms
//! here), so what was gathered is kept in `RING_HOME/cache/evidence.bin` for [`ttl`]
//! (`RING_EVIDENCE_TTL`, default 30 s) and reused by `status` / `oneline` while the tmux
//! socket and the set of agent pids (`procs::scanned_agent_pids`) are the same: an agent
//! started or ended (say `claude --resume X` in place of another) gathers again at once.
//! The evidence names a session only through an agent's own arguments, so while the agents
//! are the same it can change only if a pane's directory does (a pane opened, closed or
//! moved without any agent starting or ending): that shows up at most [`ttl`] later. tmux
//! runs `status` every 5 s, so a shorter lifetime would ask tmux on almost every run.
//! `json` and `list` always gather afresh (and refresh the file).

use crate::store::frame::{self, Frame};
use crate::sys::env::Env;
use crate::sys::run;
use ring_shared::derive::{Pane, PaneTree, ProcRow};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The cache file, inside `RING_HOME/cache/`.
const FILE: &str = "evidence.bin";
/// The file of format 1 (JSON inside the frame), removed when the new one is written.
const OLD_FILE: &str = "evidence.json";
/// Its kind and format version in its frame (`store::frame`); format 2: `store::codec`.
const KIND: &[u8; 4] = b"evid";
const VERSION: u32 = 2;
/// Largest evidence file read.
const FILE_CAP: u64 = 16 << 20;
/// Default seconds a gathered evidence is reused by `status` / `oneline`.
const DEFAULT_TTL: f64 = 30.0;

/// What was gathered: the server's socket (`None` for injected panes outside tmux), its
/// panes in tmux's order, and the evidence over them.
#[derive(Debug, Default)]
pub struct Gathered {
    /// The socket path from `$TMUX`.
    pub socket: Option<String>,
    /// The panes, as listed.
    pub panes: Vec<Pane>,
    /// The processes below the panes' shells.
    pub tree: PaneTree,
}

impl Gathered {
    /// Whether a pane's processes name Claude session `id` in `cwd` (§4.4's use of rule 2).
    pub fn names(&self, id: &str, cwd: &str, realpath: &dyn Fn(&str) -> String) -> bool {
        self.tree
            .target(
                id,
                ring_shared::provider::claude::PROVIDER.name,
                cwd,
                realpath,
            )
            .is_some()
    }
}

/// What `evidence.bin` holds: the raw inputs of a [`PaneTree`] and when, for which server
/// and which agents they were gathered.
#[derive(Debug, PartialEq)]
struct Stored {
    socket: String,
    /// Wall-clock seconds.
    at: f64,
    agents: Option<Vec<u32>>,
    panes: Vec<Pane>,
    procs: Vec<ProcRow>,
}

crate::store::codec::record!(Stored {
    socket: String,
    at: f64,
    agents: Option<Vec<u32>>,
    panes: Vec<Pane>,
    procs: Vec<ProcRow>,
});

crate::store::codec::record!(Pane { id: String, cwd: String, target: String, pid: Option<u32> });

crate::store::codec::record!(ProcRow {
    pid: u32,
    ppid: u32,
    args: String
});

static FRESH: AtomicBool = AtomicBool::new(false);

/// Makes this process gather afresh instead of reusing `evidence.bin` (`json`, `list`:
/// a person reads them, and they need exact pane targets). Call before the first read.
pub fn want_fresh() {
    FRESH.store(true, Ordering::Relaxed);
}

/// Seconds a gathered evidence is reused: `RING_EVIDENCE_TTL` (float seconds, `0` = never),
/// else 30 s.
pub fn ttl() -> Duration {
    crate::sys::env::seconds_var("RING_EVIDENCE_TTL", DEFAULT_TTL)
}

/// The evidence of this process, gathered (or loaded) on the first call (`None`: not
/// inside tmux, or tmux did not answer).
pub fn shared(env: &Env, realpath: &dyn Fn(&str) -> String) -> Option<&'static Gathered> {
    static GATHERED: OnceLock<Option<Gathered>> = OnceLock::new();
    GATHERED
        .get_or_init(|| {
            let fresh = FRESH.load(Ordering::Relaxed);
            match crate::sys::env::seam_file("RING_TMUX_PANES") {
                Some(_) => gather(realpath),
                None => cached(env, realpath, fresh, ttl()),
            }
        })
        .as_ref()
}

/// The evidence from `evidence.bin` when it is still valid, else gathered and stored.
fn cached(
    env: &Env,
    realpath: &dyn Fn(&str) -> String,
    fresh: bool,
    ttl: Duration,
) -> Option<Gathered> {
    let socket = run::socket_from_env()?;
    let dir = env.ring_home.join("cache");
    let wall = crate::sys::env::wall_clock();
    let agents = crate::sys::procs::scanned_agent_pids().map(<[u32]>::to_vec);
    if !fresh && !ttl.is_zero() {
        let stored = load(&dir).filter(|s| {
            s.socket == socket
                && s.agents == agents
                && (0.0..ttl.as_secs_f64()).contains(&(wall - s.at))
        });
        if let Some(stored) = stored {
            let tree = PaneTree::new(&stored.panes, &stored.procs, realpath);
            return Some(Gathered {
                socket: Some(socket),
                panes: stored.panes,
                tree,
            });
        }
    }
    let panes = list_panes(&socket)?;
    let procs = procs_below(&panes);
    let tree = PaneTree::new(&panes, &procs, realpath);
    let stored = Stored {
        socket,
        at: wall,
        agents,
        panes,
        procs,
    };
    if crate::store::keeps_caches()
        && super::cache::create_private_dir(&dir).is_ok()
        && Frame::of(KIND, VERSION, &stored).store(&dir, FILE).is_ok()
    {
        let _ = std::fs::remove_file(dir.join(OLD_FILE));
    }
    Some(Gathered {
        socket: Some(stored.socket),
        panes: stored.panes,
        tree,
    })
}

/// What `dir`'s `evidence.bin` holds; `None` when missing, unusable or of another format.
fn load(dir: &std::path::Path) -> Option<Stored> {
    frame::load(&dir.join(FILE), FILE_CAP).and_then(|bytes| frame::open(KIND, VERSION, &bytes))
}

/// Gathers with the seams: the panes from `RING_TMUX_PANES` (the server of `$TMUX`, if any).
fn gather(realpath: &dyn Fn(&str) -> String) -> Option<Gathered> {
    let path = crate::sys::env::seam_file("RING_TMUX_PANES")?;
    let text = crate::store::read_text(&path, crate::store::SIDE_CAP, crate::store::Owner::Anyone)?;
    let panes = crate::sys::env::parse_tmux_panes(&text);
    let procs = procs_below(&panes);
    let tree = PaneTree::new(&panes, &procs, realpath);
    Some(Gathered {
        socket: run::socket_from_env(),
        panes,
        tree,
    })
}

/// The processes below the panes' shells: `RING_PROC_TREE` if set, else `/proc`.
fn procs_below(panes: &[Pane]) -> Vec<ProcRow> {
    match crate::sys::env::seam_file("RING_PROC_TREE") {
        Some(path) => {
            crate::store::read_text(&path, crate::store::SIDE_CAP, crate::store::Owner::Anyone)
                .map(|text| crate::sys::env::parse_proc_tree(&text))
                .unwrap_or_default()
        }
        None => {
            let roots: Vec<u32> = panes.iter().filter_map(|p| p.pid).collect();
            crate::sys::procs::tree::below(&roots)
        }
    }
}

/// The format of one `list-panes` line: id, cwd, target, shell pid, tab-separated.
const FORMAT: &str =
    "#{pane_id}\t#{pane_current_path}\t#{session_name}:#{window_index}.#{pane_index}\t#{pane_pid}";

/// `tmux list-panes -a` of the server at `socket`, within the push budget; `None` when tmux
/// fails or is too slow.
fn list_panes(socket: &str) -> Option<Vec<Pane>> {
    let args = ["list-panes", "-a", "-F", FORMAT].map(str::to_owned);
    let deadline = Instant::now() + run::REPAIR_BUDGET;
    let out = run::run(socket, &args, deadline).filter(|o| o.success)?;
    Some(parse_list(&out.stdout))
}

/// Lines of [`FORMAT`]; a line without exactly four fields is skipped (as RiNG does).
fn parse_list(stdout: &str) -> Vec<Pane> {
    stdout
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [id, cwd, target, pid] = fields[..] else {
                return None;
            };
            Some(Pane {
                id: id.to_owned(),
                cwd: cwd.to_owned(),
                target: target.to_owned(),
                pid: pid.parse().ok(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::codec::{self, Writer};

    fn sample() -> Stored {
        Stored {
            socket: "/tmp/tmux-0/default".into(),
            at: 1700000000.5,
            agents: Some(vec![42, 7]),
            panes: vec![
                Pane {
                    id: "%1".into(),
                    cwd: "/r/重構".into(),
                    target: "m:1.0".into(),
                    pid: Some(100),
                },
                Pane {
                    id: "%2".into(),
                    cwd: "/b".into(),
                    target: "m:1.1".into(),
                    pid: None,
                },
            ],
            procs: vec![ProcRow {
                pid: 101,
                ppid: 100,
                args: "claude --resume s1".into(),
            }],
        }
    }

    /// `stored` written in `dir` as ring writes it (kind and format `version`).
    fn store(dir: &std::path::Path, version: u32, stored: &Stored) -> Vec<u8> {
        let sealed = Frame::of(KIND, version, stored).seal();
        std::fs::write(dir.join(FILE), &sealed).expect("evidence.bin");
        sealed
    }

    #[test]
    fn stored_evidence_round_trips_through_its_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        store(dir.path(), VERSION, &sample());
        assert_eq!(load(dir.path()), Some(sample()));
        let none = Stored {
            agents: None,
            panes: Vec::new(),
            procs: Vec::new(),
            ..sample()
        };
        store(dir.path(), VERSION, &none);
        assert_eq!(load(dir.path()), Some(none));
    }

    #[test]
    fn a_cut_or_hostile_evidence_file_is_no_evidence() {
        let sealed = Frame::of(KIND, VERSION, &sample()).seal();
        codec::assert_every_cut_is_refused(&sealed, |b| frame::open::<Stored>(KIND, VERSION, b));
        codec::assert_every_cut_is_refused(&codec::encode(&sample()), |b| {
            codec::decode::<Stored>(b)
        });
        let mut hostile = Writer::default();
        hostile.str("/tmp/tmux-0/default");
        hostile.f64(1.0);
        hostile.put(&Some(Vec::<u32>::new()));
        hostile.u32(u32::MAX);
        hostile.raw(&[0; 64]);
        assert_eq!(codec::decode::<Stored>(hostile.as_slice()), None);
    }

    #[test]
    fn evidence_of_the_previous_format_is_not_used() {
        let dir = tempfile::tempdir().expect("tempdir");
        store(dir.path(), VERSION - 1, &sample());
        assert_eq!(load(dir.path()), None);
    }

    #[test]
    fn list_lines_need_four_fields_and_a_bad_pid_is_none() {
        let panes =
            parse_list("%1\t/a\tm:1.0\t42\n%2\t/b\tm:1.1\t\nbroken line\n%3\t/c\td\te\tf\n");
        let got: Vec<(&str, &str, &str, Option<u32>)> = panes
            .iter()
            .map(|p| (p.id.as_str(), p.cwd.as_str(), p.target.as_str(), p.pid))
            .collect();
        assert_eq!(
            got,
            [("%1", "/a", "m:1.0", Some(42)), ("%2", "/b", "m:1.1", None)]
        );
    }
}
