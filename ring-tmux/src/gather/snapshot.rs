//! [`snapshot`]: the read inputs of the ring folder as one [`Snapshot`], for a reader that
//! derives the board itself (`ring-tmux serve`'s page, the npm package): rows, side files,
//! and what only this side can know (the process scan, the zero-config rows, the agents' own
//! states, transcript mtimes, realpaths, tmux targets). `ring_shared::view::view` of it at the
//! same clock is the board `ring-tmux json --all` prints (tested in `tests/it/read_snapshot.rs` and `read_gemini.rs`).

use super::files::read_side_file;
use super::mtime;
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::derive::ReadContext;
use ring_shared::scan::Published;
use ring_shared::view::snapshot::SNAPSHOT_VERSION;
use ring_shared::view::{self, Snapshot};
use std::collections::BTreeMap;

/// Reads the folder once and returns its snapshot, as of `env.now()`. Writes nothing (the
/// hidden list's un-hides and the caches are the interactive reads' business).
pub fn snapshot(env: &Env) -> Snapshot {
    let config_text = read_side_file(&env.ring_home, "config.toml")
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let (config, _) = Config::parse(&config_text);
    let gathered = super::inputs::gather(env, true);
    let now = gathered.now;
    let rows = &gathered.found.rows;
    let realpath = |dir: &str| gathered.realpaths.get(dir);
    let mtimes: BTreeMap<String, f64> = rows
        .iter()
        .filter(|row| !row.source_path.is_empty())
        .filter_map(|row| Some((row.source_path.clone(), mtime(&row.source_path)?)))
        .collect();
    let source_mtime = |path: &str| mtimes.get(path).copied();
    let ctx = ReadContext {
        now,
        config: &config,
        procs: &gathered.procs,
        hidden: &gathered.hidden.at,
        source_mtime: &source_mtime,
        realpath: &realpath,
    };
    let hook = view::hook_read(rows.clone(), &ctx, &gathered.own);
    // The zero-config rows the read lists (all of them: the reader may ask for ended ones).
    let zero = gathered.zero_config(env, &ctx, crate::gather::zeroconf::Need::AllRows);
    let mut sessions = view::merge_read(hook, zero.clone(), &ctx, &gathered.own).sessions;
    super::map_tmux_targets(env, &mut sessions, true);
    let tmux_targets = sessions
        .iter()
        .filter_map(|s| Some((s.row.session_id.clone(), s.tmux_target.clone()?)))
        .collect();
    let dirs = rows
        .iter()
        .flat_map(|r| [&r.cwd, &r.origin_cwd])
        .chain(zero.iter().map(|s| &s.session.row.cwd))
        .chain(gathered.own.iter().map(|s| &s.cwd))
        .map(String::as_str)
        .chain(super::proc_cwds(&gathered.procs));
    let mut resolved = BTreeMap::new();
    for dir in dirs.filter(|d| !d.is_empty()) {
        let real = realpath(dir);
        if real != dir {
            resolved.insert(dir.to_owned(), real);
        }
    }
    let super::inputs::Gathered {
        found,
        procs,
        hidden,
        labels,
        own,
        ..
    } = gathered;
    let mut published = Published::new(now, &zero);
    published.agents = own;
    Snapshot {
        version: SNAPSHOT_VERSION,
        generated_at: now,
        rows: found.rows,
        published: Some(published),
        hidden: hidden.at,
        labels,
        config: config_text,
        procs: Some(procs),
        mtimes,
        realpaths: resolved,
        tmux_targets,
        home: env.home.to_string_lossy().into_owned(),
    }
}
