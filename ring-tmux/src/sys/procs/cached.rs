//! The scan with a memory of past looks (`RING_HOME/cache/procs.bin`): a status bar scans
//! every few seconds, and almost every process is the same as last time.
//!
//! A look at a process is reused without any system call once a second look has confirmed
//! it (a process caught between `fork` and `exec` is looked at again), unless the process
//! is an agent or runs a program that may `exec` an agent in place (a shell, `env`, `sudo`,
//! …): those cost one `readlink` of `/proc/<pid>/exe`, and a changed executable means a new
//! look. Every
//! look expires after [`memo::REVALIDATE_SECONDS`] (a pid reused by the same program). A
//! process whose command line names an agent without passing the rules yet (a Node Claude
//! before it sets its title) is looked at on every scan.

use super::memo::{self, Look};
use super::{Found, SHELLS, Seen, examine, found_agent};
use std::path::{Path, PathBuf};

/// Programs that may replace themselves with an agent (`exec claude`): checked every scan.
const LAUNCHERS: [&str; 12] = [
    "env", "sudo", "doas", "su", "nohup", "nice", "setsid", "timeout", "script", "stdbuf", "time",
    "xargs",
];

/// Whether a look at a process running `exe` can be reused without checking `exe` again.
/// Agents are always checked (they are few, and a pid reused after an agent exits must not
/// keep its sessions alive).
pub fn trusted_blind(look: &Look) -> bool {
    if matches!(look.seen, Seen::Agent(..)) {
        return false;
    }
    let Some(exe) = &look.exe else {
        // No executable: a kernel thread (or, without root, another user's process).
        return look.confirmed;
    };
    let name = exe.rsplit('/').next().unwrap_or(exe);
    look.confirmed && !SHELLS.contains(&name) && !LAUNCHERS.contains(&name)
}

pub fn scan(
    pids: impl Iterator<Item = (u32, PathBuf)>,
    file: &Path,
    wall: f64,
    buf: &mut Vec<u8>,
    found: &mut Vec<Found>,
) {
    let mut known = memo::load(file);
    let mut next = memo::Memo::default();
    let mut changed = false;
    let own_pid = std::process::id();
    for (pid, path) in pids {
        // This very process is not an agent (and is new on every run: not worth a write).
        if pid == own_pid {
            continue;
        }
        let previous = known.remove(&pid).filter(|look| memo::fresh(look.at, wall));
        let look = match previous {
            Some(look) if trusted_blind(&look) => Some(look),
            previous => {
                let exe = read_exe(&path);
                match previous {
                    Some(look) if look.confirmed && look.exe == exe => Some(look),
                    previous => {
                        changed = true;
                        let seen = examine(&path, buf);
                        if let Seen::Agent(kind, tty) = &seen {
                            found.push(found_agent(pid, &path, kind.clone(), tty.clone(), buf));
                        }
                        if let Some(look) = settle(seen, exe, previous, wall) {
                            next.insert(pid, look);
                        }
                        continue;
                    }
                }
            }
        };
        if let Some(look) = look {
            if let Seen::Agent(kind, tty) = &look.seen {
                found.push(found_agent(pid, &path, kind.clone(), tty.clone(), buf));
            }
            next.insert(pid, look);
        }
    }
    if changed || !known.is_empty() {
        memo::save(file, &next);
    }
}

fn read_exe(path: &Path) -> Option<String> {
    std::fs::read_link(path.join("exe"))
        .ok()
        .map(|p| p.to_string_lossy().into_owned())
}

/// The look to remember after examining a process, if any: settled verdicts only, confirmed
/// when an earlier look at the same executable said the same.
pub fn settle(seen: Seen, exe: Option<String>, previous: Option<Look>, wall: f64) -> Option<Look> {
    let seen = match seen {
        Seen::NotAgent | Seen::Agent(..) => seen,
        // No executable and no command line: stays so (a kernel thread).
        Seen::Gone if exe.is_none() => Seen::NotAgent,
        Seen::Gone | Seen::Undecided => return None,
    };
    let confirmed = previous.is_some_and(|p| p.exe == exe && p.seen == seen);
    Some(Look {
        at: wall,
        exe,
        seen,
        confirmed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn look(exe: Option<&str>, confirmed: bool) -> Look {
        Look {
            at: 0.0,
            exe: exe.map(str::to_owned),
            seen: Seen::NotAgent,
            confirmed,
        }
    }

    #[rstest]
    #[case::confirmed_program(look(Some("/usr/bin/cargo"), true), true)]
    #[case::unconfirmed_program(look(Some("/usr/bin/cargo"), false), false)]
    #[case::shell_checked_every_scan(look(Some("/bin/bash"), true), false)]
    #[case::launcher_checked_every_scan(look(Some("/usr/bin/env"), true), false)]
    #[case::kernel_thread(look(None, true), true)]
    #[case::agent_checked_every_scan(Look { seen: Seen::Agent(crate::sys::procs::Kind::Codex, None), ..look(Some("/usr/bin/codex"), true) }, false)]
    fn which_looks_are_reused_without_a_syscall(#[case] look: Look, #[case] want: bool) {
        assert_eq!(trusted_blind(&look), want);
    }

    #[test]
    fn a_second_agreeing_look_confirms() {
        let first = settle(Seen::NotAgent, Some("/bin/x".into()), None, 1.0).expect("settled");
        assert!(!first.confirmed);
        let second = settle(
            Seen::NotAgent,
            Some("/bin/x".into()),
            Some(first.clone()),
            2.0,
        )
        .expect("settled");
        assert!(second.confirmed);
        let other =
            settle(Seen::NotAgent, Some("/bin/y".into()), Some(first), 3.0).expect("settled");
        assert!(!other.confirmed);
    }

    #[test]
    fn undecided_and_vanished_processes_are_not_remembered() {
        assert_eq!(
            settle(Seen::Undecided, Some("/bin/node".into()), None, 1.0),
            None
        );
        assert_eq!(settle(Seen::Gone, Some("/bin/x".into()), None, 1.0), None);
        let kthread = settle(Seen::Gone, None, None, 1.0).expect("kernel thread");
        assert_eq!(kthread.seen, Seen::NotAgent);
    }
}
