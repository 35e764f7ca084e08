//! A sway window: the one whose process is the agent or one of its ancestors (the terminal
//! emulator), from `swaymsg -t get_tree` on the recorded `$SWAYSOCK`; focused by `con_id`.

use super::{Focus, Sys, ancestors, own_socket, recorded};
use ring_shared::Row;
use ring_shared::focus::Backend;
use serde_json::Value;

pub(crate) struct Sway;

/// The `id` of the first node (depth first) whose `pid` is in `pids`, nearest pid first.
pub(crate) fn window_of(tree: &Value, pids: &[i64]) -> Option<u64> {
    let mut nodes = Vec::new();
    let mut stack = vec![tree];
    while let Some(node) = stack.pop() {
        if let (Some(pid), Some(id)) = (
            node.get("pid").and_then(Value::as_i64),
            node.get("id").and_then(Value::as_u64),
        ) {
            nodes.push((pid, id));
        }
        for key in ["nodes", "floating_nodes"] {
            if let Some(Value::Array(kids)) = node.get(key) {
                stack.extend(kids.iter().rev());
            }
        }
    }
    pids.iter()
        .find_map(|p| nodes.iter().find(|(pid, _)| pid == p).map(|&(_, id)| id))
}

impl Focus for Sway {
    fn backend(&self) -> Backend {
        Backend::Sway
    }

    fn programs(&self) -> &'static [&'static str] {
        &["swaymsg"]
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        let sock = own_socket(recorded(row, "SWAYSOCK").unwrap_or_default(), sys.uid)?;
        let sock = sock
            .to_str()
            .ok_or_else(|| ring_shared::t!("focus-not-utf8"))?;
        let tree = sys.run("swaymsg", &["-s", sock, "-t", "get_tree"], &[])?;
        let tree: Value =
            serde_json::from_str(&tree).map_err(|_| ring_shared::t!("focus-sway-no-tree"))?;
        let id =
            window_of(&tree, &ancestors(row)).ok_or_else(|| ring_shared::t!("focus-sway-none"))?;
        sys.run(
            "swaymsg",
            &["-s", sock, &format!("[con_id={id}]"), "focus"],
            &[],
        )?;
        Ok(ring_shared::t!("focus-sway-window", id = id.to_string()))
    }
}
