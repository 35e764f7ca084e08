//! The flush: read the board, decide under the state's lock, send after it.
//!
//! No daemon: whatever runs next flushes. The hook queues its ring ([`super::spool`]) and
//! hands a flush to its detached child (`ring-tmux __push --notify-flush`, also when a timer
//! is due), the tmux status job does the same when a timer is due, a ring is queued or a Codex
//! wait was promoted, and the zellij plugin runs `ring-tmux notify --flush` from its timer.
//! Nothing fires while nothing runs.
//!
//! ```text
//! try notify.lock ─busy─▶ return (the holder decides our queued ring)
//!   └ held: claim queued rings → load board → decide → notify.json → unlock
//!           → queue not empty? again (within BUDGET) → send → rings leave the queue
//! ```

use crate::gather::LoadedBoard;
use crate::store::ErrorLog;
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::notify::{self, Input, Settings};
use std::time::{Duration, Instant};

/// Most rings one decision takes from the queue.
const BATCH: usize = 512;
/// How long one flush keeps deciding rings that arrive while it works; what is left stays
/// queued for the next flush.
const BUDGET: Duration = Duration::from_secs(20);

/// Decides the queued rings and due timers, and sends the notes. Never waits for
/// `notify.lock`: when another flush holds it, that one decides what is queued (see
/// [`super::spool`]). Failures go to `ring.log`.
pub fn flush(env: &Env, config: &Config) {
    if !super::dispatch::enabled(config) {
        return;
    }
    let log = ErrorLog::new(&env.ring_home);
    let start = Instant::now();
    let mut notes: Vec<super::Note> = Vec::new();
    let mut claims = Vec::new();
    // Decide while rings keep coming: a flush that found the lock busy left its ring queued
    // for us, and we look again after each release.
    loop {
        match decide_once(env, config, &log) {
            Decided::Busy | Decided::Failed => break,
            Decided::Done(more, claim) => {
                notes.extend(more);
                claims.extend(claim);
            }
        }
        if !super::spool::waiting(&env.ring_home) {
            break;
        }
        if start.elapsed() > BUDGET {
            log.write(
                env.now(),
                "notify",
                "rings still queued after this flush's budget: left for the next flush",
            );
            break;
        }
    }
    if notes.is_empty() {
        claims.into_iter().for_each(super::spool::Claim::done);
        return;
    }
    let results = super::dispatch::send_all(&notes, config);
    let now = env.now();
    for (channel, result) in &results {
        if let Err(e) = result {
            log.write(now, "notify", &format!("{channel}: {e:#}"));
        }
    }
    // Sent (or failed for good, and logged): the rings leave the queue.
    claims.into_iter().for_each(super::spool::Claim::done);
}

/// One decision under `notify.lock`.
enum Decided {
    /// Another flush holds the lock (and will see what is queued).
    Busy,
    /// Logged.
    Failed,
    /// The notes to send and the rings they stand for.
    Done(Vec<super::Note>, Option<super::spool::Claim>),
}

fn decide_once(env: &Env, config: &Config, log: &ErrorLog) -> Decided {
    let now = env.now();
    let mut claimed = None;
    let mut loaded = None;
    let decided = super::state::update_now(&env.ring_home, |state| {
        let claim = match super::spool::Claim::take(&env.ring_home, BATCH, log, now) {
            Ok(claim) => claim,
            Err(e) => {
                log.write(now, "notify", &format!("{}: {e}", super::spool::SPOOL_DIR));
                return (state, None);
            }
        };
        let board = crate::gather::load_board(env, config, false);
        let waiting = notify::waits(&board.view, &board.waiting);
        let rang: Vec<String> = claim
            .iter()
            .flat_map(|c| c.rings.iter().map(|r| r.session_id.clone()))
            .collect();
        let settings = Settings::from_config(config);
        let input = Input {
            now,
            rang: &rang,
            waiting: &waiting,
        };
        let (outs, next) = notify::decide(&state, &input, &settings);
        claimed = claim;
        loaded = Some(board);
        (next, Some(outs))
    });
    if let Some(board) = loaded {
        crate::gather::leave_to_exit(board);
    }
    let outs = match decided {
        Ok(Some(Some(outs))) => outs,
        // The queue could not be read (logged): trying again in this flush would not help.
        Ok(Some(None)) => return Decided::Failed,
        Ok(None) => return Decided::Busy,
        Err(e) => {
            // The claim was not recorded: dropping it leaves its rings for the next flush.
            log.write(now, "notify", &format!("state: {e}"));
            return Decided::Failed;
        }
    };
    // The decision is recorded: rings that sent nothing (held back, or no longer waiting)
    // are done; the others wait for their note.
    let rang_now: Vec<&str> = outs
        .iter()
        .filter(|o| o.kind == notify::Kind::Waiting)
        .flat_map(|o| o.waits.iter().map(|w| w.session_id.as_str()))
        .collect();
    let claim = claimed.map(|mut claim| {
        claim.settle(|ring| rang_now.contains(&ring.session_id.as_str()));
        claim
    });
    Decided::Done(outs.iter().map(super::Note::of).collect(), claim)
}

/// Whether a status read of `loaded` should hand a flush to a detached child: a timer is
/// due, a ring is queued, or a Codex wait the read side promoted has not rung yet.
pub fn wanted_after_read(env: &Env, config: &Config, loaded: &LoadedBoard) -> bool {
    if loaded.view.counts.waiting == 0 || !super::dispatch::enabled(config) {
        return false;
    }
    let state = super::state::read(&env.ring_home);
    let now = env.now();
    if state.due.is_some_and(|due| due <= now) || super::spool::waiting(&env.ring_home) {
        return true;
    }
    loaded.waiting.sessions.iter().any(|s| {
        notify::promoted(s)
            && !state.tracked.contains_key(&s.row.session_id)
            && !state.promoted.contains_key(&s.row.session_id)
    })
}
