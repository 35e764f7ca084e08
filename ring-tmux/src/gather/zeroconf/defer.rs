//! Which transcripts inside the active window a listing may leave un-`stat`ed until the next
//! sweep of old files (every `list::OLD_FILES_EVERY`), for reads that drop ended rows
//! (`status`, `oneline` / `json` / `list` without `--all` and with `show_all` off).
//!
//! A transcript's row can only be live if some live Claude process shares its cwd (§4.4), and
//! a transcript only changes while a Claude process writes it. So its `stat` may wait when
//! nothing live can be writing it or shares its cwd, and nothing else reads its time:
//!
//! * its cwd (realpath) has no live Claude process: its row is ended whatever its mtime, and
//!   its cwd covers no live process (synthetic rows, §4.4, only look at live cwds);
//! * no live Claude process can be its writer: Claude keeps a session in the project folder
//!   named after the directory it was started in, so neither the folder name (compared with
//!   every character that is not an ASCII letter or digit taken as a separator) nor the
//!   session's opening cwd (realpath) may match a live Claude's cwd. A folder name of 100 or
//!   more characters (Claude shortens long ones) or an unknown opening cwd never qualifies;
//! * its id is not a background agent's (their processes are not in the live list), not a
//!   hidden one (a newer time un-hides it, §4.8), not a hook row's (a newer transcript can
//!   replace a waiting hook row, §4.7);
//! * the live agents are the ones of the previous listing ([`fingerprint`]: pids, cwds and
//!   terminals): an agent that started, ended or moved (it may have written the file just
//!   before) makes the next listing `stat` everything.
//!
//! A read that shows ended rows lists again in full when the last listing was partial.

use super::cache::Cache;
use ring_shared::derive::ReadContext;
use ring_shared::fasthash::{self, Map, Set};
use std::hash::{Hash, Hasher};

/// Folder names this long may have been shortened by Claude: never matched by name.
const LONG_FOLDER: usize = 100;

/// What a read needs of the zero-config rows.
#[derive(Clone, Copy)]
pub enum Need<'a> {
    /// Every row with its current time (`--all`, `show_all`, `gc`, the published rows).
    AllRows,
    /// Only rows that are not ended; `hook_id(id)`: a hook row has this id.
    LiveRows {
        /// Whether a hook row of the read has this id.
        hook_id: &'a dyn Fn(&str) -> bool,
    },
}

/// A fingerprint of the live agents: the Claude processes (cwd, terminal) in scan order, the
/// background-agent ids and, after a `/proc` scan, every agent pid.
pub fn fingerprint(ctx: &ReadContext<'_>) -> u64 {
    let mut hasher = ring_shared::fasthash::hasher();
    for (provider, procs) in &ctx.procs.by_provider {
        provider.hash(&mut hasher);
        for p in procs.iter().flatten() {
            (&p.cwd, &p.tty).hash(&mut hasher);
        }
        procs.is_some().hash(&mut hasher);
    }
    ctx.procs.background_agent_ids.hash(&mut hasher);
    crate::sys::procs::scanned_agent_pids().hash(&mut hasher);
    hasher.finish()
}

/// For every cache entry (in cache order): whether its `stat` may wait (see the module doc).
pub fn deferrable<'a>(
    cache: &'a Cache,
    ctx: &ReadContext<'_>,
    hook_id: &dyn Fn(&str) -> bool,
) -> Vec<bool> {
    let Some(procs) =
        ring_shared::scan::known_procs(ctx, ring_shared::provider::claude::PROVIDER.name)
    else {
        return vec![false; cache.transcripts.len()];
    };
    let mut live: Set<String> = fasthash::set_with_capacity(procs.len());
    let mut names: Set<String> = fasthash::set_with_capacity(2 * procs.len());
    for p in procs.iter().filter(|p| !p.cwd.is_empty()) {
        let real = (ctx.realpath)(&p.cwd);
        names.insert(folder_key(&p.cwd));
        names.insert(folder_key(&real));
        live.insert(real);
    }
    // Memos: most entries share their cwd with the previous one, and every entry of a folder
    // (they are listed together) its folder name.
    let mut live_cwd: Map<String, bool> = fasthash::map_with_capacity(16);
    let mut is_live = |cwd: &str| {
        if let Some(&known) = live_cwd.get(cwd) {
            return known;
        }
        let known = !cwd.is_empty() && live.contains(&(ctx.realpath)(cwd));
        live_cwd.insert(cwd.to_owned(), known);
        known
    };
    let mut folder: Option<(&str, bool)> = None;
    let mut named = |dir_name: &'a str| match folder {
        Some((name, known)) if name == dir_name => known,
        _ => {
            let known = names.contains(&folder_key(dir_name));
            folder = Some((dir_name, known));
            known
        }
    };
    cache
        .transcripts
        .iter()
        .map(|entry| {
            let f = &entry.facts;
            entry.read
                && !f.head_cwd.is_empty()
                && f.dir_name.len() < LONG_FOLDER
                && !ctx.procs.background_agent_ids.contains(&f.id)
                && !ctx.hidden.contains_key(&f.id)
                && !hook_id(&f.id)
                && !named(&f.dir_name)
                && !is_live(&f.cwd())
                && !is_live(&f.head_cwd)
        })
        .collect()
}

/// A project folder name or a path reduced so that Claude's naming of a folder after a path
/// maps both to the same key: every character that is not an ASCII letter or digit is a
/// separator, runs of separators count as one.
fn folder_key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::slashes("/home/u/proj", "-home-u-proj")]
    #[case::dots_and_spaces("/home/u/my.app v2", "-home-u-my-app-v2")]
    #[case::runs_collapse("/a//b/.c", "-a-b-c")]
    #[case::non_ascii_is_a_separator("/tmp/caf\u{e9}/x", "-tmp-caf-x")]
    fn folder_keys_match_claudes_folder_names(#[case] path: &str, #[case] key: &str) {
        assert_eq!(folder_key(path), key);
        // Claude's own folder name (each such character a dash) has the same key.
        let claude: String = path
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        assert_eq!(folder_key(&claude), key);
    }
}
