//! §4.10 rule 2: tmux process-tree evidence. A row without `tmux_pane` belongs to a pane when
//! a process below the pane's shell names the row: its command line contains the session id
//! (and the pane's cwd is the row's, by realpath), or, for ids `<provider>:pid-<N>`, pid N is
//! itself below the pane's shell. This is evidence by identity, not a guess from a directory:
//! the cwd fallbacks of rules 3–4 stay unimplemented (DESIGN.md).
//!
//! The same evidence orders the zero-config scan rows of an ambiguous cwd group (§4.4: live
//! slots go first to the transcripts a pane's processes name).

use super::Session;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// One pane of the tmux server ring runs in, as `tmux list-panes -a` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pane {
    /// The pane id, `%N`.
    pub id: String,
    /// `pane_current_path`.
    pub cwd: String,
    /// `session:window.pane`.
    pub target: String,
    /// The pid of the pane's first process (its shell); `None` when tmux gave none.
    pub pid: Option<u32>,
}

/// One process, as `ps -Ao pid=,ppid=,args=` shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProcRow {
    /// Process id.
    pub pid: u32,
    /// Parent process id.
    pub ppid: u32,
    /// The command line, arguments joined by spaces.
    pub args: String,
}

/// The panes, each with the processes below its shell: what rule 2 looks at. Built once per
/// read; [`PaneTree::target`] is then cheap.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaneTree {
    panes: Vec<PaneProcs>,
}

/// One pane with its descendants.
#[derive(Debug, Clone, PartialEq)]
struct PaneProcs {
    target: String,
    /// realpath of `pane_current_path` (`""` stays `""`).
    real_cwd: String,
    /// Every process below the pane's shell (the shell itself excluded, as RiNG does).
    pids: HashSet<u32>,
    /// Their command lines.
    args: Vec<String>,
}

impl PaneTree {
    /// The evidence of `panes` (in tmux's order) over the process table `procs` (a pid listed
    /// twice: the last row wins). `realpath` resolves the panes' cwds.
    pub fn new(panes: &[Pane], procs: &[ProcRow], realpath: &dyn Fn(&str) -> String) -> PaneTree {
        let mut rows: HashMap<u32, (u32, &str)> = HashMap::with_capacity(procs.len());
        for p in procs {
            rows.insert(p.pid, (p.ppid, p.args.as_str()));
        }
        let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
        for (&pid, &(ppid, _)) in &rows {
            children.entry(ppid).or_default().push(pid);
        }
        let panes = panes
            .iter()
            .filter_map(|pane| {
                let pids = descendants(pane.pid?, &children);
                if pids.is_empty() {
                    return None;
                }
                let args = pids
                    .iter()
                    .filter_map(|pid| rows.get(pid))
                    .map(|(_, args)| (*args).to_owned())
                    .filter(|args| !args.is_empty())
                    .collect();
                Some(PaneProcs {
                    target: pane.target.clone(),
                    real_cwd: real(&pane.cwd, realpath),
                    pids,
                    args,
                })
            })
            .collect();
        PaneTree { panes }
    }

    /// Whether no pane has a process below its shell (no evidence can come from it).
    pub fn is_empty(&self) -> bool {
        self.panes.is_empty()
    }

    /// The target of the first pane whose processes name session `id` of `provider` with
    /// working directory `cwd` (§4.10 rule 2), `None` without evidence. An empty id never
    /// matches.
    pub fn target(
        &self,
        id: &str,
        provider: &str,
        cwd: &str,
        realpath: &dyn Fn(&str) -> String,
    ) -> Option<&str> {
        if id.is_empty() {
            return None;
        }
        let pid = pid_of(id, provider);
        let mut real_cwd: Option<String> = None;
        for pane in &self.panes {
            if pid.is_some_and(|pid| pane.pids.contains(&pid)) {
                return Some(&pane.target);
            }
            if pane.args.is_empty() {
                continue;
            }
            let row_real = real_cwd.get_or_insert_with(|| real(cwd, realpath));
            if *row_real == pane.real_cwd && pane.args.iter().any(|args| args.contains(id)) {
                return Some(&pane.target);
            }
        }
        None
    }
}

/// §4.10 rule 2 for the sessions without `tmux_pane` and without a target yet: the target of
/// the pane whose processes name them. `socket` is the server the panes come from; a row that
/// names another server is left alone (pids and panes belong to one server's world).
pub fn map_process_tree_targets(
    sessions: &mut [Session],
    socket: Option<&str>,
    tree: &PaneTree,
    realpath: &dyn Fn(&str) -> String,
) {
    if tree.is_empty() {
        return;
    }
    for session in sessions {
        let row = &session.row;
        if row.tmux_pane.is_some() || session.tmux_target.is_some() {
            continue;
        }
        if let (Some(row_socket), Some(socket)) = (row.tmux_socket.as_deref(), socket)
            && row_socket != socket
        {
            continue;
        }
        let target = tree
            .target(&row.session_id, &row.provider, &row.cwd, realpath)
            .map(str::to_owned);
        session.tmux_target = target;
    }
}

/// N of an id `<provider>:pid-<N>` (Python's `int()`: surrounding whitespace and a sign
/// allowed).
fn pid_of(id: &str, provider: &str) -> Option<u32> {
    let rest = id.strip_prefix(provider)?.strip_prefix(":pid-")?;
    rest.trim().parse::<i64>().ok()?.try_into().ok()
}

/// Every pid below `root` (not `root` itself), cycles tolerated.
fn descendants(root: u32, children: &HashMap<u32, Vec<u32>>) -> HashSet<u32> {
    let mut found = HashSet::new();
    let mut stack: Vec<u32> = children.get(&root).cloned().unwrap_or_default();
    while let Some(pid) = stack.pop() {
        if found.insert(pid)
            && let Some(kids) = children.get(&pid)
        {
            stack.extend(kids);
        }
    }
    found
}

/// realpath as RiNG's `_real`: an empty path stays empty.
fn real(path: &str, realpath: &dyn Fn(&str) -> String) -> String {
    if path.is_empty() {
        String::new()
    } else {
        realpath(path)
    }
}

#[cfg(test)]
#[path = "tests/tmux.rs"]
mod tests;
