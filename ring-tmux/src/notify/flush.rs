//! The flush: read the board, decide under the state's lock, send after it.
//!
//! No daemon: whatever runs next flushes. The hook hands a ring (or a due timer) to its
//! detached child (`ring-tmux __push --notify-rang ID | --notify-flush`), the tmux status job
//! does the same when a timer is due or a Codex wait was promoted, and the zellij plugin runs
//! `ring-tmux notify --flush` from its timer. Nothing fires while nothing runs.

use crate::env::Env;
use crate::read::LoadedBoard;
use crate::store::ErrorLog;
use ring_shared::config::Config;
use ring_shared::notify::{self, Input, Settings};

/// What a flush did.
#[derive(Debug, Default)]
pub struct Flushed {
    /// Notes sent (through at least one channel).
    pub notes: usize,
    /// Each channel's result, per note.
    pub results: Vec<(String, anyhow::Result<()>)>,
}

/// Decides and sends: `rang` are the sessions the hook's §3.10 decision rang for.
/// Failures go to `ring.log`.
pub fn flush(env: &Env, config: &Config, rang: &[String]) -> Flushed {
    if !super::dispatch::enabled(config) {
        return Flushed::default();
    }
    let now = env.now();
    let log = ErrorLog::new(&env.ring_home);
    let loaded = crate::read::load_board(env, config, false);
    let waiting = notify::waits(&loaded.waiting, &loaded.labels);
    let settings = Settings::from_config(config);
    let decided = super::state::update(&env.ring_home, |state| {
        let input = Input {
            now,
            rang,
            waiting: &waiting,
        };
        let (outs, next) = notify::decide(&state, &input, &settings);
        (next, outs)
    });
    let outs = match decided {
        Ok(outs) => outs,
        Err(e) => {
            log.write(now, "notify", &format!("state: {e}"));
            return Flushed::default();
        }
    };
    crate::read::leave_to_exit(loaded);
    let notes: Vec<super::Note> = outs.iter().map(super::Note::of).collect();
    if notes.is_empty() {
        return Flushed::default();
    }
    let results = super::dispatch::send_all(&notes, config);
    for (channel, result) in &results {
        if let Err(e) = result {
            log.write(now, "notify", &format!("{channel}: {e:#}"));
        }
    }
    Flushed {
        notes: notes.len(),
        results,
    }
}

/// Whether a status read of `loaded` should hand a flush to a detached child: a timer is
/// due, or a Codex wait the read side promoted has not rung yet.
pub fn wanted_after_read(env: &Env, config: &Config, loaded: &LoadedBoard) -> bool {
    if loaded.view.counts.waiting == 0 || !super::dispatch::enabled(config) {
        return false;
    }
    let state = super::state::read(&env.ring_home);
    let now = env.now();
    if state.due.is_some_and(|due| due <= now) {
        return true;
    }
    loaded.waiting.sessions.iter().any(|s| {
        notify::promoted(s)
            && !state.tracked.contains_key(&s.row.session_id)
            && !state.promoted.contains_key(&s.row.session_id)
    })
}
