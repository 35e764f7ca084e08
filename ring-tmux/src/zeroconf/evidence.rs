//! tmux process-tree evidence (spec §4.10 rule 2) for one command: the panes of the tmux
//! server ring runs in (`$TMUX`; one bounded `tmux list-panes -a`) and the processes below
//! their shells (a `/proc` walk, see `procs::tree`). Both can be injected for tests
//! (`RING_TMUX_PANES`, `RING_PROC_TREE`, see the `env` module).
//!
//! Gathered only when first asked, at most once per process: the zero-config scan asks only
//! for a cwd group with more transcripts than live Claude processes (§4.4), and only `json` /
//! `list` map rows to panes. Outside tmux (and without the seams) nothing is gathered.

use crate::env::Env;
use crate::tmux::run;
use ring_shared::derive::{Pane, PaneTree, ProcRow};
use std::sync::OnceLock;
use std::time::Instant;

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
        self.tree.target(id, "claude-code", cwd, realpath).is_some()
    }
}

/// The evidence of this process, gathered on the first call (`None`: not inside tmux, or
/// tmux did not answer).
pub fn shared(env: &Env, realpath: &dyn Fn(&str) -> String) -> Option<&'static Gathered> {
    static GATHERED: OnceLock<Option<Gathered>> = OnceLock::new();
    GATHERED.get_or_init(|| gather(env, realpath)).as_ref()
}

/// Lists the panes and walks the processes below them.
pub fn gather(_env: &Env, realpath: &dyn Fn(&str) -> String) -> Option<Gathered> {
    let socket = run::socket_from_env();
    let panes = match crate::env::seam_file("RING_TMUX_PANES") {
        Some(path) => crate::env::parse_tmux_panes(&std::fs::read_to_string(path).ok()?),
        None => list_panes(socket.as_deref()?)?,
    };
    let procs: Vec<ProcRow> = match crate::env::seam_file("RING_PROC_TREE") {
        Some(path) => std::fs::read_to_string(path)
            .map(|text| crate::env::parse_proc_tree(&text))
            .unwrap_or_default(),
        None => {
            let roots: Vec<u32> = panes.iter().filter_map(|p| p.pid).collect();
            crate::procs::tree::below(&roots)
        }
    };
    let tree = PaneTree::new(&panes, &procs, realpath);
    Some(Gathered {
        socket,
        panes,
        tree,
    })
}

/// The format of one `list-panes` line: id, cwd, target, shell pid, tab-separated.
const FORMAT: &str =
    "#{pane_id}\t#{pane_current_path}\t#{session_name}:#{window_index}.#{pane_index}\t#{pane_pid}";

/// `tmux list-panes -a` of the server at `socket`, within the push budget; `None` when tmux
/// fails or is too slow.
fn list_panes(socket: &str) -> Option<Vec<Pane>> {
    let args = ["list-panes", "-a", "-F", FORMAT].map(str::to_owned);
    let deadline = Instant::now() + run::PUSH_BUDGET;
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
