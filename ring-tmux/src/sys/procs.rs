//! Live agent processes from `/proc` (Appendix B), for the liveness rules (§4.3).
//!
//! RiNG runs `ps` and `lsof`; on Linux the same facts are in `/proc/<pid>/{stat,cmdline,cwd}`.
//! The filters are pure ([`classify`], [`assemble`], [`may_be_agent`]) and tested with tables;
//! [`scan`] is the thin part that reads `/proc`: one `read` of `cmdline` per process, then
//! `stat` (comm, terminal) and the `cwd` link only for the few whose command line names an
//! agent. A process whose cwd cannot be read is dropped, as `lsof` drops it.
//!
//! Local LLM chats (`ollama run`, `llama-cli`; §4.6, the `local` module) are found by the
//! same scan: they need a terminal, not a cwd, and travel in `Procs::local_llm`.

use ring_shared::derive::Procs;
use ring_shared::provider;
use std::io::Read;
use std::path::Path;

use classify::basename;
pub use classify::{Found, Kind, assemble, classify, interpreted_script};

/// Shell names whose command line never makes a process Claude by a path match (Appendix B).
pub(crate) const SHELLS: [&str; 8] = ["sh", "bash", "zsh", "dash", "ksh", "csh", "tcsh", "fish"];

/// The fields of `/proc/<pid>/stat` ring needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stat {
    pub comm: String,
    pub ppid: i64,
    pub tty_nr: u32,
    /// Kernel threads have no command line, cwd or terminal.
    pub kernel_thread: bool,
    /// Field 22, starttime: clock ticks after boot (0 when the line stops short).
    pub start_ticks: u64,
}

/// Parses `/proc/<pid>/stat`. The comm is between the first `(` and the last `)`: it may hold
/// spaces and parentheses itself.
pub fn parse_stat(text: &str) -> Option<Stat> {
    let open = text.find('(')?;
    let close = text.rfind(')')?;
    let comm = text.get(open + 1..close)?.to_owned();
    // After ") ": state ppid pgrp session tty_nr tpgid flags …
    let mut fields = text.get(close + 1..)?.split_ascii_whitespace();
    let _state = fields.next()?;
    let ppid: i64 = fields.next()?.parse().ok()?;
    let tty_nr: i64 = fields.nth(2)?.parse().ok()?;
    // flags is field 9 (0 when the line stops short); starttime is field 22.
    let flags: u64 = fields.nth(1).and_then(|v| v.parse().ok()).unwrap_or(0);
    let start_ticks = fields.nth(12).and_then(|v| v.parse().ok()).unwrap_or(0);
    const PF_KTHREAD: u64 = 0x0020_0000;
    Some(Stat {
        comm,
        ppid,
        tty_nr: u32::try_from(tty_nr).unwrap_or(0),
        kernel_thread: flags & PF_KTHREAD != 0,
        start_ticks,
    })
}

/// The terminal device of a `tty_nr` (`/dev/pts/N`, `/dev/ttyN`, `/dev/ttySN`), `None` for no
/// terminal or a device ring does not know.
pub fn tty_name(tty_nr: u32) -> Option<String> {
    if tty_nr == 0 {
        return None;
    }
    // Linux dev_t encoding: major in bits 8..20, minor in bits 0..8 and 20..32.
    let major = (tty_nr >> 8) & 0xfff;
    let minor = (tty_nr & 0xff) | ((tty_nr >> 12) & 0xfff00);
    match major {
        136..=143 => Some(format!("/dev/pts/{}", (major - 136) * 256 + minor)),
        4 if minor < 64 => Some(format!("/dev/tty{minor}")),
        4 => Some(format!("/dev/ttyS{}", minor - 64)),
        _ => None,
    }
}

/// Whether a command line can belong to an agent at all: every rule of [`classify`] needs
/// one of the providers' [`needles`](ring_shared::provider::Provider::needles) in it
/// (`claude`, `Claude`, `codex`, `ollama`, `llama`), in practice (an agent's comm is the
/// basename of its `argv[0]`, or a title that libuv also writes into the command line). Lets
/// the scan skip `stat` for every other process.
///
/// Every new process's command line goes through here (twice: a look is confirmed by a
/// second one), and a compiler's runs to kilobytes: comparing each needle at every offset
/// (`windows`) cost about 0.1 M instructions per KB, most of a `status` refresh while builds
/// run beside the agents. `memmem` finds each needle with SIMD.
pub fn may_be_agent(cmdline: &[u8]) -> bool {
    provider::PROVIDERS
        .iter()
        .flat_map(|p| p.needles)
        .any(|needle| memchr::memmem::find(cmdline, needle.as_bytes()).is_some())
}

/// Reads `/proc` for live Claude and Codex processes. When `/proc` cannot be listed, both
/// providers are unknown (rows are then kept as they are).
pub fn scan() -> Procs {
    scan_root(Path::new("/proc"), None, 0.0)
}

/// [`scan`], remembering in `cache_file` what each process was, so a scan examines only
/// new processes and those that may have `exec`ed an agent (see the `cached` module). An agent's cwd
/// is always read fresh. `wall` is the wall clock.
pub fn scan_cached(cache_file: &Path, wall: f64) -> Procs {
    scan_root(Path::new("/proc"), Some(cache_file), wall)
}

/// The agent pids the first `/proc` scan of this process found (sorted).
static SCANNED_PIDS: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();

/// The pids of the agent processes (Claude, Codex, local LLM chats) the first `/proc` scan of
/// this process found, sorted; `None` when none ran (`RING_PROCS`). A cheap fingerprint of
/// the agents: the tmux evidence cache is dropped when it changes.
pub fn scanned_agent_pids() -> Option<&'static [u32]> {
    SCANNED_PIDS.get().map(Vec::as_slice)
}

fn scan_root(root: &Path, cache_file: Option<&Path>, wall: f64) -> Procs {
    let Ok(dir) = std::fs::read_dir(root) else {
        return Procs::default();
    };
    let pids = dir.flatten().filter_map(|entry| {
        let name = entry.file_name();
        let pid = name.to_str()?.parse::<u32>().ok()?;
        Some((pid, root.join(name)))
    });
    let mut buf = Vec::new();
    let mut found = Vec::new();
    match cache_file {
        Some(file) => cached::scan(pids, file, wall, &mut buf, &mut found),
        None => {
            for (pid, path) in pids {
                if let Seen::Agent(kind, tty) = examine(&path, &mut buf) {
                    found.push(found_agent(pid, &path, kind, tty, &mut buf));
                }
            }
        }
    }
    found.sort_by_key(|f| f.pid);
    let _ = SCANNED_PIDS.set(found.iter().map(|f| f.pid).collect());
    // `/proc/stat` is read only when a local LLM runs.
    let has_local = found
        .iter()
        .any(|f| matches!(f.kind, Kind::LocalLlm { .. }));
    let local_llm = local::collect(&found, if has_local { local::btime(root) } else { 0.0 });
    let mut procs = assemble(found);
    procs.local_llm = local_llm;
    procs
}

/// An agent process with its cwd and start time, read now (a cwd can change; `None` when
/// unreadable). The start time tells a hook row's agent from a later process given the same
/// pid (ring's pid liveness).
fn found_agent(pid: u32, path: &Path, kind: Kind, tty: Option<String>, buf: &mut Vec<u8>) -> Found {
    let cwd = std::fs::read_link(path.join("cwd"))
        .ok()
        .map(|p| p.to_string_lossy().into_owned());
    // One read into the scan's buffer: `std::fs::read` sizes by `fstat`, which says 0 for
    // `/proc` files, and then grows from 32 bytes (six reads for one `stat`, per agent, per
    // status refresh).
    let start_ticks = read_proc_file(&path.join("stat"), buf)
        .and_then(|n| parse_stat(&String::from_utf8_lossy(&buf[..n])))
        .map(|s| s.start_ticks);
    Found {
        pid,
        kind,
        cwd,
        tty,
        start_ticks,
    }
}

/// Command lines are cut here; the flags that matter come first.
const CMDLINE_CAP: usize = 64 << 10;

/// Reads a `/proc` file (they are produced whole: a short read is the end) into `buf`, which
/// keeps its size between calls; the data is `buf[..n]`.
fn read_proc_file(path: &Path, buf: &mut Vec<u8>) -> Option<usize> {
    let (mut file, _) = crate::store::open_for_read(path, crate::store::Owner::Anyone).ok()?;
    if buf.is_empty() {
        buf.resize(4 << 10, 0);
    }
    let mut len = 0;
    loop {
        let n = file.read(&mut buf[len..]).ok()?;
        len += n;
        if len < buf.len() || buf.len() >= CMDLINE_CAP {
            return Some(len);
        }
        buf.resize((buf.len() * 2).min(CMDLINE_CAP), 0);
    }
}

/// What one look at a process found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seen {
    /// Gone, unreadable, or a kernel thread / zombie.
    Gone,
    /// Its command line names no agent.
    NotAgent,
    /// Its command line names an agent but the rules say no (for now).
    Undecided,
    /// An agent, with its terminal.
    Agent(Kind, Option<String>),
}

fn examine(path: &Path, buf: &mut Vec<u8>) -> Seen {
    // Kernel threads and zombies have an empty command line.
    let cmdline = match read_proc_file(&path.join("cmdline"), buf) {
        Some(n) if n > 0 => &buf[..n],
        _ => return Seen::Gone,
    };
    if !may_be_agent(cmdline) {
        return Seen::NotAgent;
    }
    let args = join_cmdline(cmdline);
    let Some(stat) = read_proc_file(&path.join("stat"), buf)
        .and_then(|n| parse_stat(&String::from_utf8_lossy(&buf[..n])))
    else {
        return Seen::Gone;
    };
    if stat.kernel_thread {
        return Seen::Gone;
    }
    match classify(&stat.comm, &args) {
        Some(Kind::LocalLlm { runner, model, .. }) => Seen::Agent(
            Kind::LocalLlm {
                runner,
                model,
                start_ticks: stat.start_ticks,
            },
            tty_name(stat.tty_nr),
        ),
        Some(kind) => Seen::Agent(kind, tty_name(stat.tty_nr)),
        None => Seen::Undecided,
    }
}

/// `ps -o args`: the NUL-separated command line joined by spaces.
fn join_cmdline(bytes: &[u8]) -> String {
    let trimmed = bytes.strip_suffix(b"\0").unwrap_or(bytes);
    String::from_utf8_lossy(trimmed).replace('\0', " ")
}

mod cached;
mod classify;
pub mod local;
mod memo;
pub mod tree;

#[cfg(test)]
mod tests;
