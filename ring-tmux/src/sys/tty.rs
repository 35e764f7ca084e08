//! tty discovery for the hook (§3.9) from `/proc` (owner: hook helper).
//!
//! The payload's own `tty` wins (the reducer applies that). Otherwise: the controlling
//! terminal of the hook's stdin when stdin is a terminal, else the terminal of the agent
//! process found by walking up from the hook's parent (at most 12 steps), for providers that
//! have a process name (`claude`, `codex`). The walk also yields the agent's pid, which the row
//! records as `agent_pid`.
//!
//! The walk is pure over an injected process table so it is tested on fake tables; the real
//! table reads `/proc/<pid>/stat` and `/proc/<pid>/cmdline`.
//!
//! Test seams (like `RING_NOW`), so tests never depend on the real process tree the test runner
//! happens to live in (e.g. a test suite run from inside Claude Code):
//! * `RING_STDIN_TTY`: when set, replaces the stdin probe (empty = no terminal);
//! * `RING_AGENT_TTY`: when set, replaces the walk (empty = no terminal; no agent pid).

use std::io::IsTerminal;
use std::path::Path;

/// How many processes the walk visits at most (RiNG's bound).
pub const MAX_STEPS: usize = 12;

/// The fields of `/proc/<pid>/stat` the walk needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProcStat {
    /// The task name (`comm`, at most 15 bytes, no path).
    pub comm: String,
    pub ppid: i64,
    /// Encoded controlling terminal device (`tty_nr`); 0 = none.
    pub tty_nr: i64,
    /// starttime: clock ticks since boot.
    pub start_ticks: u64,
}

/// The agent process found by the walk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agent {
    pub pid: i64,
    /// Its start time (clock ticks since boot).
    pub start_ticks: u64,
    /// Its controlling terminal, if it has one.
    pub tty: Option<String>,
}

/// What discovery found: the terminal to store (if the payload has none) and the agent pid.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Discovered {
    pub tty: Option<String>,
    pub agent_pid: Option<i64>,
    /// The agent's start time (clock ticks since boot), with its pid.
    pub agent_start: Option<i64>,
    /// Set when the hook ran inside a process that hosts many sessions (Codex's shared
    /// `app-server --managed-daemon`): the session's own place, from its TUI. The hook's
    /// `$TMUX_PANE`, `$TMUX`, `$ZELLIJ_*` and parent tty are the daemon's, frozen from
    /// whichever TUI started it, and must not be used.
    pub hosted: Option<Place>,
}

/// Where a session's TUI runs, from its own environment (all `None` when no single TUI could
/// be told apart: then the session gets no badge rather than another session's pane).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Place {
    pub tmux_socket: Option<String>,
    pub tmux_pane: Option<String>,
    pub zellij_session: Option<String>,
    pub zellij_pane: Option<String>,
    /// Its terminal's variables ([`ring_shared::registry::term_env::RECORDED`]).
    pub term_env: ring_shared::registry::term_env::TermEnv,
}

impl Place {
    /// The place an environment block (`/proc/<pid>/environ`: `KEY=VALUE` separated by NULs)
    /// names.
    pub fn from_environ(environ: &[u8]) -> Place {
        let mut place = Place::default();
        for var in environ.split(|&b| b == 0) {
            let text = String::from_utf8_lossy(var);
            let Some((key, value)) = text.split_once('=') else {
                continue;
            };
            let value = value.trim();
            if value.is_empty() {
                continue;
            }
            let slot = match key {
                "TMUX" => {
                    place.tmux_socket = value
                        .split(',')
                        .next()
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned);
                    continue;
                }
                "TMUX_PANE" => &mut place.tmux_pane,
                "ZELLIJ_SESSION_NAME" => &mut place.zellij_session,
                "ZELLIJ_PANE_ID" => &mut place.zellij_pane,
                _ => {
                    if ring_shared::registry::term_env::RECORDED.contains(&key)
                        && let Some(value) = ring_shared::registry::term_env::kept(value)
                    {
                        place.term_env.insert(key.to_owned(), value);
                    }
                    continue;
                }
            };
            *slot = Some(value.to_owned());
        }
        place
    }
}

/// Whether a command line is a process that hosts the hooks of many sessions: Codex's
/// `codex app-server …` (its TUIs are clients of one shared daemon).
pub fn hosts_sessions(cmdline: &[u8]) -> bool {
    let mut args = cmdline.split(|&b| b == 0).filter(|a| !a.is_empty());
    args.next().is_some_and(|first| {
        Some(basename(&String::from_utf8_lossy(first)))
            == ring_shared::provider::codex::PROVIDER.process
    }) && args.next() == Some(ring_shared::provider::codex::HOOK_HOST_SUBCOMMAND.as_bytes())
}

/// The live TUI of `provider` that runs the session, among `procs`: its pid, start time, tty
/// and place. First the session's own TUI, `known` (the pid and start time its row already
/// names), while it lives: a tool event's `cwd` is the command's working folder, which may be
/// a subfolder (real-agent suite, codex subdir). Else the one TUI whose folder is `cwd` (by
/// realpath). `None` when neither finds exactly one.
pub fn session_tui(
    procs: &ring_shared::derive::Procs,
    provider: &str,
    cwd: &str,
    known: Option<(i64, i64)>,
    realpath: &dyn Fn(&str) -> String,
    environ: &dyn Fn(i64) -> Option<Vec<u8>>,
) -> Option<(Agent, Place)> {
    let live = procs.by_provider.get(provider)?.as_deref()?;
    let own = known.and_then(|(pid, start)| {
        live.iter()
            .find(|p| p.pid == Some(pid) && p.start == Some(start))
    });
    let tui = match own {
        Some(tui) => tui,
        None => {
            let real = realpath(cwd);
            let mut here = live
                .iter()
                .filter(|p| !p.cwd.is_empty() && realpath(&p.cwd) == real);
            let tui = here.next()?;
            if here.next().is_some() {
                return None;
            }
            tui
        }
    };
    let pid = tui.pid?;
    let place = Place::from_environ(&environ(pid).unwrap_or_default());
    Some((
        Agent {
            pid,
            start_ticks: tui.start.and_then(|s| u64::try_from(s).ok()).unwrap_or(0),
            tty: tui.tty.clone(),
        },
        place,
    ))
}

/// The walk's view of `/proc/<pid>/stat` ([`crate::sys::procs::parse_stat`], which finds the fields
/// after `comm` from its *last* `)`: a comm may hold spaces and parentheses).
pub fn parse_stat(text: &str) -> Option<ProcStat> {
    let stat = crate::sys::procs::parse_stat(text)?;
    Some(ProcStat {
        comm: stat.comm,
        ppid: stat.ppid,
        tty_nr: i64::from(stat.tty_nr),
        start_ticks: stat.start_ticks,
    })
}

/// The device path of an encoded `tty_nr` ([`crate::sys::procs::tty_name`]); 0, negative or an
/// unknown device → none.
pub fn tty_name(tty_nr: i64) -> Option<String> {
    crate::sys::procs::tty_name(u32::try_from(tty_nr).ok()?)
}

fn basename(s: &str) -> &str {
    let s = s.trim();
    s.rsplit('/').next().unwrap_or(s)
}

/// Shell names (with an optional login `-`), as RiNG's process scan lists them (Appendix B).
fn is_shell(comm: &str) -> bool {
    matches!(
        comm.strip_prefix('-').unwrap_or(comm),
        "sh" | "bash" | "zsh" | "dash" | "ksh" | "csh" | "tcsh" | "fish"
    )
}

/// Walks up from `start` (the hook's parent) to the first process whose `comm` — or whose
/// `argv[0]`, or for an interpreter such as node the script it runs (`read_argv0`) — has
/// the basename `name`.
/// Gives up when a stat cannot be read, at a parent pid ≤ 1, or after [`MAX_STEPS`] processes.
pub fn walk_to_agent(
    start: i64,
    name: &str,
    mut stat: impl FnMut(i64) -> Option<ProcStat>,
    mut argv0: impl FnMut(i64) -> Option<String>,
) -> Option<Agent> {
    let mut pid = start;
    for _ in 0..MAX_STEPS {
        if pid <= 0 {
            return None;
        }
        let st = stat(pid)?;
        let comm = basename(&st.comm);
        // A shell's argv[0] is never the agent: skip the extra /proc read for the shells that
        // usually sit between the agent and its hook.
        let matches = comm == name
            || !is_shell(comm) && argv0(pid).is_some_and(|a| !a.is_empty() && basename(&a) == name);
        if matches {
            return Some(Agent {
                pid,
                start_ticks: st.start_ticks,
                tty: tty_name(st.tty_nr),
            });
        }
        if st.ppid <= 1 {
            return None;
        }
        pid = st.ppid;
    }
    None
}

/// Largest `/proc` file read (a command line can be long; the kernel caps it, this caps us).
const PROC_CAP: u64 = 1 << 20;

/// `/proc/<pid>/stat` of a real process.
pub(crate) fn read_stat(pid: i64) -> Option<ProcStat> {
    let bytes =
        crate::store::read_bounded(Path::new(&format!("/proc/{pid}/stat")), PROC_CAP).ok()??;
    parse_stat(&String::from_utf8_lossy(&bytes))
}

/// `argv[0]` of a real process (`/proc/<pid>/cmdline` up to the first NUL), or for an
/// interpreter (`node …/bin/gemini`) the script it runs ([`crate::sys::procs::interpreted_script`]).
fn read_argv0(pid: i64) -> Option<String> {
    let bytes =
        crate::store::read_bounded(Path::new(&format!("/proc/{pid}/cmdline")), PROC_CAP).ok()??;
    let text = String::from_utf8_lossy(&bytes);
    let argv: Vec<&str> = text.split('\0').filter(|a| !a.is_empty()).collect();
    crate::sys::procs::interpreted_script(&argv)
        .or_else(|| argv.first().copied())
        .map(str::to_owned)
}

/// The terminal of the hook's own stdin, if stdin is one (usually a pipe: none).
pub fn stdin_tty() -> Option<String> {
    if !std::io::stdin().is_terminal() {
        return None;
    }
    let target = std::fs::read_link("/proc/self/fd/0").ok()?;
    let path = target.to_str()?;
    path.starts_with("/dev/").then(|| path.to_owned())
}

/// Walks the real process tree from the hook's parent to the agent named `name`.
pub fn find_agent(name: &str) -> Option<Agent> {
    let parent = i64::from(std::os::unix::process::parent_id());
    walk_to_agent(parent, name, read_stat, read_argv0)
}

fn read_proc(pid: i64, file: &str) -> Option<Vec<u8>> {
    crate::store::read_bounded(Path::new(&format!("/proc/{pid}/{file}")), PROC_CAP).ok()?
}

fn seam(name: &str) -> Option<Option<String>> {
    std::env::var_os(name).map(|v| {
        let v = v.to_string_lossy().into_owned();
        (!v.is_empty()).then_some(v)
    })
}

/// §3.9 steps 2–3 for one hook call. `process_name` is the provider's process name (none for
/// providers without one: then only the stdin probe runs).
///
/// A hook that runs inside a session host (Codex's app-server daemon, [`hosts_sessions`]) takes
/// its session's place from its TUI ([`session_tui`]: the one its row names by `known` pid and
/// start time while that process lives, else the one TUI of the provider in the payload's
/// folder): that TUI's pid, start time and tty, and the tmux or zellij pane of its own
/// environment (real-agent suite, codex second: every TUI's hooks run in the first TUI's
/// daemon, with its `$TMUX_PANE`).
pub fn discover(
    process_name: Option<&str>,
    provider: &str,
    cwd: &str,
    known: Option<(i64, i64)>,
) -> Discovered {
    let stdin = seam("RING_STDIN_TTY").unwrap_or_else(stdin_tty);
    let (agent_tty, agent) = match (process_name, seam("RING_AGENT_TTY")) {
        (None, _) => (None, None),
        (Some(_), Some(fixed)) => (fixed, None),
        (Some(name), None) => match find_agent(name) {
            Some(agent) => (agent.tty.clone(), Some(agent)),
            None => (None, None),
        },
    };
    if let Some(host) = &agent
        && read_proc(host.pid, "cmdline").is_some_and(|c| hosts_sessions(&c))
    {
        let procs = crate::sys::procs::scan();
        let realpaths = crate::sys::paths::RealPaths::default();
        let found = session_tui(
            &procs,
            provider,
            cwd,
            known,
            &|p| realpaths.get(p),
            &|pid| read_proc(pid, "environ"),
        );
        let (tui, place) = found.unzip();
        return Discovered {
            tty: stdin.or_else(|| tui.as_ref().and_then(|t| t.tty.clone())),
            agent_pid: tui.as_ref().map(|t| t.pid),
            agent_start: tui.and_then(|t| i64::try_from(t.start_ticks).ok()),
            hosted: Some(place.unwrap_or_default()),
        };
    }
    Discovered {
        tty: stdin.or(agent_tty),
        agent_pid: agent.as_ref().map(|a| a.pid),
        agent_start: agent.and_then(|a| i64::try_from(a.start_ticks).ok()),
        hosted: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;
    use std::collections::HashMap;

    /// A fake process table: pid → (comm, ppid, tty_nr, argv0).
    fn table(rows: &[(i64, &str, i64, i64, &str)]) -> HashMap<i64, (ProcStat, String)> {
        rows.iter()
            .map(|&(pid, comm, ppid, tty_nr, argv0)| {
                let st = ProcStat {
                    comm: comm.into(),
                    ppid,
                    tty_nr,
                    start_ticks: 0,
                };
                (pid, (st, argv0.to_owned()))
            })
            .collect()
    }

    fn walk(rows: &[(i64, &str, i64, i64, &str)], start: i64, name: &str) -> Option<Agent> {
        let t = table(rows);
        walk_to_agent(
            start,
            name,
            |pid| t.get(&pid).map(|r| r.0.clone()),
            |pid| t.get(&pid).map(|r| r.1.clone()),
        )
    }

    const PTS3: i64 = (136 << 8) | 3;

    #[rstest]
    #[case::parent_is_claude(&[(10, "claude", 5, PTS3, "claude")], 10, Some((10, Some("/dev/pts/3"))))]
    #[case::through_a_shell(&[(20, "sh", 10, 0, "/bin/sh"), (10, "claude", 5, PTS3, "claude")], 20, Some((10, Some("/dev/pts/3"))))]
    #[case::node_with_claude_argv0(&[(20, "bash", 10, 0, "bash"), (10, "node", 5, PTS3, "/usr/local/bin/claude")], 20, Some((10, Some("/dev/pts/3"))))]
    #[case::agent_without_terminal(&[(10, "claude", 5, 0, "claude")], 10, Some((10, None)))]
    #[case::stops_at_init(&[(20, "sh", 1, PTS3, "sh")], 20, None)]
    #[case::missing_process_gives_up(&[(20, "sh", 10, PTS3, "sh")], 20, None)]
    #[case::other_agent_not_matched(&[(20, "codex", 10, PTS3, "codex"), (10, "zsh", 1, PTS3, "zsh")], 20, None)]
    #[case::comm_with_spaces_not_basename(&[(20, "claude x", 1, PTS3, "")], 20, None)]
    fn walk_finds_the_named_agent(
        #[case] rows: &[(i64, &str, i64, i64, &str)],
        #[case] start: i64,
        #[case] want: Option<(i64, Option<&str>)>,
    ) {
        let got = walk(rows, start, "claude").map(|a| (a.pid, a.tty));
        let want = want.map(|(p, t)| (p, t.map(str::to_owned)));
        assert_eq!(got, want);
    }

    #[test]
    fn walk_visits_at_most_twelve_processes() {
        // A chain of 20 shells with the agent at depth 12 (13th process): not found.
        let mut rows: Vec<(i64, &str, i64, i64, &str)> =
            (0..20).map(|i| (100 + i, "sh", 101 + i, 0, "sh")).collect();
        rows[12] = (112, "codex", 113, PTS3, "codex");
        assert_eq!(walk(&rows, 100, "codex"), None);
        rows[11] = (111, "codex", 112, PTS3, "codex");
        assert_eq!(walk(&rows, 100, "codex").map(|a| a.pid), Some(111));
    }

    #[test]
    fn walk_reads_no_argv0_of_shells() {
        let rows = [(20, "bash", 10, 0, "claude"), (10, "-zsh", 1, 0, "claude")];
        assert_eq!(walk(&rows, 20, "claude"), None);
    }

    #[test]
    fn walk_survives_a_cycle() {
        let rows = [(10, "sh", 11, 0, "sh"), (11, "sh", 10, 0, "sh")];
        assert_eq!(walk(&rows, 10, "claude"), None);
    }

    #[rstest]
    #[case::pts("1 (claude) S 7 1 1 34819 1 4194560", Some(("claude", 7, 34819)))]
    #[case::comm_with_paren_and_space("5 (a) b(c) R 3 5 5 0 -1", Some(("a) b(c", 3, 0)))]
    #[case::truncated("5 (x) R 3", None)]
    #[case::garbage("nonsense", None)]
    fn parse_stat_reads_comm_ppid_tty(#[case] text: &str, #[case] want: Option<(&str, i64, i64)>) {
        let got = parse_stat(text).map(|s| (s.comm, s.ppid, s.tty_nr));
        assert_eq!(got, want.map(|(c, p, t)| (c.to_owned(), p, t)));
    }

    #[rstest]
    #[case::none(0, None)]
    #[case::pts0(136 << 8, Some("/dev/pts/0"))]
    #[case::pts300((137 << 8) | 44, Some("/dev/pts/300"))]
    #[case::pts_wide_minor((136 << 8) | (1 << 20), Some("/dev/pts/256"))]
    #[case::console(1025, Some("/dev/tty1"))]
    #[case::serial((4 << 8) | 64, Some("/dev/ttyS0"))]
    #[case::unknown_major(5 << 8, None)]
    fn tty_name_decodes_the_device(#[case] tty_nr: i64, #[case] want: Option<&str>) {
        assert_eq!(tty_name(tty_nr).as_deref(), want);
    }

    #[test]
    fn real_self_stat_parses() {
        let st = read_stat(i64::from(std::process::id())).expect("own stat readable");
        assert!(st.ppid >= 0);
        assert!(!st.comm.is_empty());
    }

    #[rstest]
    #[case::codex_daemon(b"/h/.codex/packages/bin/codex\0app-server\0--listen\0unix://\0--managed-daemon\0".as_slice(), true)]
    #[case::codex_tui(b"/x/vendor/bin/codex\0".as_slice(), false)]
    #[case::codex_exec(b"/x/bin/codex\0exec\0say done\0".as_slice(), false)]
    #[case::node_wrapper(b"node\0/x/.bin/codex\0app-server\0".as_slice(), false)]
    #[case::claude(b"claude\0--permission-mode\0default\0".as_slice(), false)]
    fn only_codexs_app_server_hosts_sessions(#[case] cmdline: &[u8], #[case] want: bool) {
        assert_eq!(hosts_sessions(cmdline), want);
    }

    #[test]
    fn a_place_comes_from_the_tuis_own_environment() {
        let place = Place::from_environ(
            b"HOME=/h\0TMUX=/tmp/tmux-0/default,123,0\0TMUX_PANE=%3\0ZELLIJ_PANE_ID=\0X==y\0NVIM=/tmp/n\0",
        );
        assert_eq!(
            place,
            Place {
                tmux_socket: Some("/tmp/tmux-0/default".into()),
                tmux_pane: Some("%3".into()),
                zellij_session: None,
                zellij_pane: None,
                term_env: [("NVIM".to_owned(), "/tmp/n".to_owned())].into(),
            }
        );
    }

    fn codex_procs(tuis: &[(&str, i64, &str)]) -> ring_shared::derive::Procs {
        let mut procs = ring_shared::derive::Procs::default();
        let list = tuis
            .iter()
            .map(|&(cwd, pid, tty)| ring_shared::derive::Proc {
                cwd: cwd.into(),
                tty: Some(tty.into()),
                pid: Some(pid),
                start: Some(pid * 10),
            })
            .collect();
        procs.by_provider.insert("codex".into(), Some(list));
        procs
    }

    /// Real-agent suite, codex second: two TUIs in two folders share one daemon; each hook
    /// finds its own TUI by the payload's folder, and two TUIs in one folder give no place.
    #[rstest]
    #[case::the_second_tui(&[("/w", 10, "/dev/pts/2"), ("/w2", 20, "/dev/pts/3")], "/w2", None, Some((20, "/dev/pts/3", "%20")))]
    #[case::through_a_symlink(&[("/w", 10, "/dev/pts/2")], "/link-to-w", None, Some((10, "/dev/pts/2", "%10")))]
    #[case::two_in_one_folder(&[("/w", 10, "/dev/pts/2"), ("/w", 11, "/dev/pts/4")], "/w", None, None)]
    #[case::none_there(&[("/w", 10, "/dev/pts/2")], "/elsewhere", None, None)]
    // Real-agent suite, codex subdir: a tool event's cwd is the command's workdir.
    #[case::own_tui_from_a_subfolder(&[("/w", 10, "/dev/pts/2"), ("/w2", 20, "/dev/pts/3")], "/w/sub", Some((10, 100)), Some((10, "/dev/pts/2", "%10")))]
    #[case::own_tui_before_the_folders(&[("/w", 10, "/dev/pts/2"), ("/w/sub", 20, "/dev/pts/3")], "/w/sub", Some((10, 100)), Some((10, "/dev/pts/2", "%10")))]
    #[case::own_tui_gone_then_the_folder(&[("/w", 10, "/dev/pts/2")], "/w", Some((30, 300)), Some((10, "/dev/pts/2", "%10")))]
    #[case::pid_reused_by_another_tui(&[("/w2", 10, "/dev/pts/2")], "/w/sub", Some((10, 999)), None)]
    fn a_hosted_hook_finds_its_own_tui(
        #[case] tuis: &[(&str, i64, &str)],
        #[case] cwd: &str,
        #[case] known: Option<(i64, i64)>,
        #[case] want: Option<(i64, &str, &str)>,
    ) {
        let procs = codex_procs(tuis);
        let realpath = |p: &str| {
            if p == "/link-to-w" {
                "/w".to_owned()
            } else {
                p.to_owned()
            }
        };
        let environ = |pid: i64| Some(format!("TMUX=/tmp/t,1,0\0TMUX_PANE=%{pid}\0").into_bytes());
        let got = session_tui(&procs, "codex", cwd, known, &realpath, &environ);
        let got = got.as_ref().map(|(agent, place)| {
            (
                agent.pid,
                agent.tty.as_deref().unwrap_or(""),
                place.tmux_pane.as_deref().unwrap_or(""),
            )
        });
        assert_eq!(got, want);
    }
}
