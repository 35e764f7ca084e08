//! A pointer at `ring-tmux explain` when there are sessions: the first thing a bug report
//! about a state asks for.

use super::Finding;
use crate::sys::env::Env;
use ring_shared::t;

/// Information (never a problem): how to ask ring why a session shows what it shows, when
/// the ring folder holds session rows.
pub(super) fn pointer(env: &Env) -> Vec<Finding> {
    let rows = std::fs::read_dir(env.sessions_dir())
        .map(|dir| {
            dir.flatten()
                .filter(|e| e.file_name().to_string_lossy().ends_with(".json"))
                .count()
        })
        .unwrap_or(0);
    if rows == 0 {
        return Vec::new();
    }
    vec![Finding::info(t!("doctor-explain", rows = rows))]
}
