//! The snapshot a native read gives the page: [`ring_shared::view::snapshot::Snapshot`] filled
//! with what [`crate::read::load_kept`] started from, so the page's wasm derives the very
//! board `ring-tmux json` shows (the process scan, mtimes, realpaths and tmux targets
//! included, which the page cannot look up).

use crate::env::Env;
use crate::read::Kept;
use ring_shared::scan::Published;
use ring_shared::view::snapshot::{SNAPSHOT_VERSION, Snapshot};

/// The snapshot of one read.
pub fn of(kept: Kept, env: &Env) -> Snapshot {
    let config = crate::read::read_side_file(&env.ring_home, "config.toml")
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let mut published = Published::new(kept.now, &kept.zero_config);
    published.agents = kept.own;
    Snapshot {
        version: SNAPSHOT_VERSION,
        generated_at: kept.now,
        rows: kept.rows,
        published: Some(published),
        hidden: kept.hidden,
        labels: kept.labels,
        config,
        procs: Some(kept.procs),
        mtimes: kept.mtimes,
        realpaths: kept.realpaths,
        tmux_targets: kept.tmux_targets,
        home: env.home.to_string_lossy().into_owned(),
    }
}

/// The details left out: what each session waits on and what it did last (a remote
/// listener without `serve_detail = true`). Statuses and kinds stay.
pub fn redact(snapshot: &mut Snapshot) {
    for row in &mut snapshot.rows {
        row.last_action.clear();
        row.waiting_detail.clear();
        row.waiting_for.clear();
        row.pending_permission_detail = None;
    }
    if let Some(published) = &mut snapshot.published {
        for row in &mut published.sessions {
            row.last_action.clear();
        }
    }
}
