//! The processes below some roots (tmux panes' shells), with their parents and command lines:
//! what `ps -Ao pid=,ppid=,args=` gives RiNG for §4.10 rule 2, read from `/proc`.
//!
//! Only the subtrees are read: `/proc/<pid>/task/<tid>/children` names each thread's children,
//! so a walk from a few pane shells opens a few dozen files instead of two per process on the
//! machine. On a kernel without those files (`CONFIG_PROC_CHILDREN` off) every process's `stat`
//! is read instead.

use super::{join_cmdline, parse_stat, read_proc_file};
use ring_shared::derive::ProcRow;
use std::collections::HashSet;
use std::path::Path;

/// How many processes a walk reads at most (a fork bomb in a pane must not stall a status bar).
const CAP: usize = 4096;

/// The processes below `roots` (the roots themselves not included), in walk order.
pub fn below(roots: &[u32]) -> Vec<ProcRow> {
    below_in(Path::new("/proc"), roots)
}

fn below_in(proc_root: &Path, roots: &[u32]) -> Vec<ProcRow> {
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut seen: HashSet<u32> = roots.iter().copied().collect();
    let mut stack: Vec<u32> = roots.to_vec();
    while let Some(pid) = stack.pop() {
        let Some(children) = children_of(proc_root, pid, &mut buf) else {
            return everything_below(proc_root, roots, &mut buf);
        };
        for child in children {
            if out.len() >= CAP || !seen.insert(child) {
                continue;
            }
            let args = args_of(&proc_root.join(child.to_string()), &mut buf);
            out.push(ProcRow {
                pid: child,
                ppid: pid,
                args,
            });
            stack.push(child);
        }
    }
    out
}

/// The children of every thread of `pid`; `Some(empty)` when the process is gone, `None` when
/// the kernel has no `children` files.
fn children_of(proc_root: &Path, pid: u32, buf: &mut Vec<u8>) -> Option<Vec<u32>> {
    let tasks = proc_root.join(pid.to_string()).join("task");
    let Ok(entries) = std::fs::read_dir(&tasks) else {
        return Some(Vec::new());
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let children = entry.path().join("children");
        match read_proc_file(&children, buf) {
            Some(n) => out.extend(
                String::from_utf8_lossy(&buf[..n])
                    .split_ascii_whitespace()
                    .filter_map(|p| p.parse::<u32>().ok()),
            ),
            // The thread may have just exited; the file missing for the main thread of a live
            // process means the kernel lacks it.
            None if entry.file_name().to_str() == Some(&pid.to_string())
                && !children.exists()
                && entry.path().exists() =>
            {
                return None;
            }
            None => {}
        }
    }
    Some(out)
}

/// The command line as `ps -o args` shows it (a kernel thread's or zombie's is empty).
fn args_of(path: &Path, buf: &mut Vec<u8>) -> String {
    match read_proc_file(&path.join("cmdline"), buf) {
        Some(n) if n > 0 => join_cmdline(&buf[..n]),
        _ => String::new(),
    }
}

/// The slow way: every process's parent from its `stat`, then the walk over that table.
fn everything_below(proc_root: &Path, roots: &[u32], buf: &mut Vec<u8>) -> Vec<ProcRow> {
    let Ok(dir) = std::fs::read_dir(proc_root) else {
        return Vec::new();
    };
    let mut parents: Vec<(u32, u32)> = Vec::new();
    for entry in dir.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let ppid = read_proc_file(&entry.path().join("stat"), buf)
            .and_then(|n| parse_stat(&String::from_utf8_lossy(&buf[..n])))
            .and_then(|stat| u32::try_from(stat.ppid).ok());
        if let Some(ppid) = ppid {
            parents.push((pid, ppid));
        }
    }
    let mut out = Vec::new();
    let mut seen: HashSet<u32> = roots.iter().copied().collect();
    let mut stack: Vec<u32> = roots.to_vec();
    while let Some(parent) = stack.pop() {
        for &(pid, _) in parents.iter().filter(|(_, ppid)| *ppid == parent) {
            if out.len() >= CAP || !seen.insert(pid) {
                continue;
            }
            let args = args_of(&proc_root.join(pid.to_string()), buf);
            out.push(ProcRow {
                pid,
                ppid: parent,
                args,
            });
            stack.push(pid);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    /// A fake `/proc`: (pid, ppid, cmdline with NULs, children of the main thread).
    fn fake(with_children: bool) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp dir");
        let procs: [(u32, u32, &str, &str); 4] = [
            (10, 1, "-bash\0", "11 12"),
            (11, 10, "claude\0--resume\0abc\0", "13"),
            (12, 10, "sleep\x001\0", ""),
            (13, 11, "bash\0-c\0make\0", ""),
        ];
        for (pid, ppid, cmdline, children) in procs {
            let p = dir.path().join(pid.to_string());
            fs::create_dir_all(p.join("task").join(pid.to_string())).expect("task dir");
            fs::write(p.join("cmdline"), cmdline).expect("cmdline");
            fs::write(
                p.join("stat"),
                format!("{pid} (x) S {ppid} 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"),
            )
            .expect("stat");
            if with_children {
                let file = p.join("task").join(pid.to_string()).join("children");
                fs::write(file, children).expect("children");
            }
        }
        dir
    }

    #[test]
    fn the_walk_and_the_slow_scan_find_the_same_subtree() {
        for with_children in [true, false] {
            let proc_root = fake(with_children);
            let mut rows = below_in(proc_root.path(), &[10]);
            rows.sort_by_key(|r| r.pid);
            let got: Vec<(u32, u32, &str)> = rows
                .iter()
                .map(|r| (r.pid, r.ppid, r.args.as_str()))
                .collect();
            assert_eq!(
                got,
                [
                    (11, 10, "claude --resume abc"),
                    (12, 10, "sleep 1"),
                    (13, 11, "bash -c make"),
                ],
                "children files: {with_children}"
            );
        }
    }

    #[test]
    fn a_gone_root_has_no_processes_below() {
        let proc_root = fake(true);
        assert!(below_in(proc_root.path(), &[99]).is_empty());
    }
}
