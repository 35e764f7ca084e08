//! `ring-tmux explain`: why ring shows a session as it does. The decision is
//! [`ring_shared::explain`]'s, made by the same read every board runs (traced for that one
//! session); this module gathers the evidence around it from disk and `/proc` (the row file,
//! `events.jsonl`, the agent's own file, its process, the zero-config source) and prints it
//! ([`render`]).

mod evidence;
mod render;

pub(crate) use evidence::Report;
pub(crate) use render::text;

use crate::gather::inputs;
use crate::gather::zeroconf::Need;
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::derive::ReadContext;
use ring_shared::explain::{Trail, ended_by_session_end, explanation};
use ring_shared::view;

/// Explains session `id` (exact), with its evidence; `None` when no row, source or tombstone
/// knows it.
pub(crate) fn report(env: &Env, config: &Config, id: &str) -> Option<Report> {
    let mut gathered = inputs::gather(env, true);
    let now = gathered.now;
    let rows = std::mem::take(&mut gathered.found.rows);
    let stored = rows.iter().find(|r| r.session_id == id).cloned();
    let realpath = |dir: &str| gathered.realpaths.get(dir);
    let ctx = ReadContext {
        now,
        config,
        procs: &gathered.procs,
        hidden: &gathered.hidden.at,
        source_mtime: &crate::gather::mtime,
        realpath: &realpath,
    };
    let mut trail = Trail::watching(id);
    let hook = view::hook_read_traced(rows, &ctx, &gathered.own, &mut trail);
    let zero_rows = gathered.zero_config(env, &ctx, Need::AllRows);
    let zero = zero_rows
        .iter()
        .find(|z| z.session.row.session_id == id)
        .cloned();
    let read = view::merge_read_traced(hook, zero_rows, &ctx, &gathered.own, &mut trail);
    let shown = read.sessions.iter().find(|s| s.row.session_id == id);
    let ended_at =
        crate::store::ended::ended_at(&env.sessions_dir(), &ring_shared::registry::file_name(id));
    let explanation = match explanation(
        stored.as_ref(),
        zero.as_ref().map(|z| &z.session),
        shown,
        &trail,
        &ctx,
    ) {
        Some(e) => e,
        None => ended_by_session_end(id, ended_at?),
    };
    Some(evidence::collect(
        env,
        explanation,
        stored.as_ref(),
        zero.as_ref(),
        &gathered,
        ended_at,
    ))
}
