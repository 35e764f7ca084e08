//! [`gather`](inputs::gather): what a read takes from disk and `/proc`, gathered in one place for every
//! reading command: the board commands (`status`, `oneline`, `json`, `list`, the boards, the
//! menu, notifications) through [`super::build_view`], and the page's [`super::snapshot`].
//! Whatever one of them knows, the other knows too: an agent's own word (Claude's session
//! files, a Gemini cancel its chat file shows, a Copilot answer its event log shows) reaches the bars and the web page alike.

use super::files::RowFiles;
use super::{RealPaths, hidden, own, read_labels, read_rows_cached, realpaths_for, scan_processes};
use crate::gather::zeroconf::Need;
use crate::sys::env::Env;
use ring_shared::agent::OwnState;
use ring_shared::derive::{Hidden, Procs, ReadContext};
use ring_shared::scan::ScanSession;
use std::collections::BTreeMap;

/// The inputs of one read, as found at `now`.
pub(crate) struct Gathered {
    pub now: f64,
    /// `sessions/*.json`, decoded (cached while the folder is unchanged).
    pub found: RowFiles,
    /// The process scan (empty when the read needs none: no rows and no zero-config).
    pub procs: Procs,
    /// `deleted_sessions.json` as read.
    pub hidden: Hidden,
    /// `labels.json`: id → label.
    pub labels: BTreeMap<String, String>,
    /// Realpaths of the read, seeded with the scanned processes' cwds.
    pub realpaths: RealPaths,
    /// The agents' own states: Claude Code's session files, and Gemini CLI's cancels and
    /// Copilot CLI's answers for their waiting rows.
    pub own: Vec<OwnState>,
}

/// Reads everything a board is derived from. `scan`: scan processes even without rows (the
/// zero-config sources need them).
pub(crate) fn gather(env: &Env, scan: bool) -> Gathered {
    let now = env.now();
    let found = read_rows_cached(env);
    let procs = if found.rows.is_empty() && !scan {
        Procs::default()
    } else {
        scan_processes(env)
    };
    let hidden = hidden::load(&env.ring_home, now);
    let labels = read_labels(env);
    let realpaths = realpaths_for(env, &procs);
    let mut own = own::states(env, &procs);
    own.extend(own::gemini_states(&found.rows));
    own.extend(super::copilot::states(env, &found.rows));
    // The sessions live Claudes name, and those their hooks ended: who may take a slot.
    let procs = own::claim_slots(env, procs, &own, &found.rows);
    Gathered {
        now,
        found,
        procs,
        hidden,
        labels,
        realpaths,
        own,
    }
}

impl Gathered {
    /// The zero-config rows of this read (§4.4–4.7): `need` says whether ended ones count.
    /// tmux process-tree evidence (§4.10 rule 2) is gathered only if a cwd group has more
    /// transcripts than live processes (and only inside tmux).
    pub fn zero_config(
        &self,
        env: &Env,
        ctx: &ReadContext<'_>,
        need: Need<'_>,
    ) -> Vec<ScanSession> {
        let realpath = |dir: &str| self.realpaths.get(dir);
        let evidence = |id: &str, cwd: &str| {
            crate::gather::zeroconf::evidence::shared(env, &realpath)
                .is_some_and(|g| g.names(id, cwd, &realpath))
        };
        let ttl = crate::gather::zeroconf::rescan_ttl();
        crate::gather::zeroconf::scan(env, ctx, &evidence, ttl, need, &self.own).rows
    }
}
