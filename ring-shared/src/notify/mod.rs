//! The notification decision (issue 14): given what the hook decided (§3.10), the waiting
//! sessions on the board, the remembered [`State`] and the clock → the notes to send now and
//! the next state. Pure: the caller reads and writes the state, sends the notes.
//!
//! ```text
//! rang (ids the hook's §3.10 decision rang for) ─┐
//! waiting sessions on the board (Wait, in order) ├─ decide ─▶ notes to send now
//! State (last sent, queue, quiet, reminders) ────┤            next State (with `due`)
//! now, Settings (debounce, repeats, cooldown) ───┘
//! ```
//!
//! * **Debounce** (`notify_debounce_seconds` = d > 0): a ring goes out at once unless a note
//!   went out less than d seconds ago; then it is queued, and the first flush d seconds after
//!   the last note sends one "N more waiting" for the queue.
//! * **Quiet** (`ring-tmux quiet`): every ring is queued; the first flush after quiet ends
//!   sends one summary of the queue ("N waited while quiet"). No reminders while quiet.
//! * **Reminders** (`notify_repeat_seconds`, `notify_repeat_max`): a wait that was notified and
//!   is still waiting gets its n-th reminder `notify_repeat_seconds[n]` seconds after the note
//!   before it (the last gap repeats), at most `notify_repeat_max` of them.
//! * **Codex promoted waits** (§4.2 a): the read side turns a silent Codex permission request
//!   into a wait and no hook fires; a flush that sees one not yet notified rings for it (once
//!   per `waiting_cooldown_seconds`, as the hook would).
//! * A wait that ended is forgotten: its queued note and reminders are dropped.
//!
//! ```
//! use ring_shared::notify::{decide, Input, Settings, State, Wait};
//! let wait = Wait {
//!     session_id: "s1".into(),
//!     provider: "claude-code".into(),
//!     project: "app".into(),
//!     ..Wait::default()
//! };
//! let input = Input { now: 100.0, rang: &["s1".to_owned()], waiting: &[wait] };
//! let (notes, next) = decide(&State::default(), &input, &Settings::default());
//! assert_eq!(notes[0].title(), "ring: app waits");
//! assert_eq!(notes[0].body(false), "Claude Code waits");
//! assert_eq!(next.last_sent, Some(100.0));
//! ```

use crate::config::Config;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod note;
pub mod remote;
#[cfg(test)]
mod tests;
mod wait;

pub use note::{Kind, Out};
pub use wait::{Wait, promoted, waits};

/// Quiet mode: on since `since`, until `until` (`None`: until turned off).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Quiet {
    pub since: f64,
    pub until: Option<f64>,
}

/// A notified wait that is still waiting: its reminders.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Tracked {
    /// When the wait rang.
    pub rang_at: f64,
    /// When its last note (the ring, a summary naming it, or a reminder) went out.
    pub last: f64,
    /// Reminders sent.
    pub repeats: u32,
}

/// What the decision remembers between runs (`notify.json` in the ring folder).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct State {
    /// When the last note went out (the debounce window starts there).
    pub last_sent: Option<f64>,
    /// Waits held back by debounce or quiet, oldest first, one per session.
    pub queue: Vec<Wait>,
    /// Quiet mode, if on.
    pub quiet: Option<Quiet>,
    /// Notified waits still waiting, by session id.
    pub tracked: BTreeMap<String, Tracked>,
    /// Codex promoted waits: when each last rang (for the cooldown), by session id.
    pub promoted: BTreeMap<String, f64>,
    /// The earliest time a flush has something to do (quiet ends, a debounce window closes,
    /// a reminder is due); `None`: nothing is timed.
    pub due: Option<f64>,
}

impl State {
    /// Whether quiet mode holds at `now`.
    pub fn quiet_at(&self, now: f64) -> bool {
        self.quiet
            .is_some_and(|q| q.until.is_none_or(|until| now < until))
    }
}

/// The settings the decision uses, from the configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// `notify_debounce_seconds`.
    pub debounce: f64,
    /// `notify_repeat_seconds`.
    pub gaps: Vec<f64>,
    /// `notify_repeat_max`.
    pub repeat_max: u32,
    /// `waiting_cooldown_seconds` (for the Codex promoted waits).
    pub cooldown: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings::from_config(&Config::default())
    }
}

impl Settings {
    /// The decision's settings from the configuration.
    pub fn from_config(config: &Config) -> Settings {
        Settings {
            debounce: config.notify_debounce_seconds.max(0) as f64,
            gaps: config
                .notify_repeat_seconds
                .iter()
                .filter(|g| **g > 0)
                .map(|g| *g as f64)
                .collect(),
            repeat_max: u32::try_from(config.notify_repeat_max.max(0)).unwrap_or(u32::MAX),
            cooldown: config.waiting_cooldown_seconds.max(0) as f64,
        }
    }

    /// The gap before reminder number `n` (0-based), if reminders are on.
    fn gap(&self, n: u32) -> Option<f64> {
        if n >= self.repeat_max {
            return None;
        }
        let last = self.gaps.len().checked_sub(1)?;
        Some(self.gaps[usize::try_from(n).map_or(last, |n| n.min(last))])
    }
}

/// One run's inputs.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// The clock, float Unix seconds.
    pub now: f64,
    /// Sessions the hook's §3.10 decision rang for in this run.
    pub rang: &'a [String],
    /// Every waiting session on the board, in board order.
    pub waiting: &'a [Wait],
}

/// The decision: notes to send now and the next state (see the module docs).
pub fn decide(state: &State, input: &Input<'_>, settings: &Settings) -> (Vec<Out>, State) {
    let now = input.now;
    let mut next = state.clone();
    let mut notes = Vec::new();
    let waiting = |id: &str| input.waiting.iter().find(|w| w.session_id == id);
    // Waits that ended need no note and no reminder.
    next.tracked.retain(|id, _| waiting(id).is_some());
    next.queue.retain(|w| waiting(&w.session_id).is_some());
    for queued in &mut next.queue {
        if let Some(now_waiting) = waiting(&queued.session_id) {
            queued.clone_from(now_waiting);
        }
    }
    next.promoted.retain(|_, at| now - *at < settings.cooldown);

    let quiet = next.quiet_at(now);
    let quiet_ended = next.quiet.is_some() && !quiet;
    if quiet_ended {
        next.quiet = None;
        // Reminders start again from the end of quiet.
        for tracked in next.tracked.values_mut() {
            tracked.last = tracked.last.max(now);
        }
    }

    // New rings: the hook's, then Codex waits no hook rang for.
    let mut fresh: Vec<&Wait> = Vec::new();
    for id in input.rang {
        if let Some(w) = waiting(id)
            && !fresh.iter().any(|f| f.session_id == w.session_id)
        {
            fresh.push(w);
        }
    }
    for w in input.waiting.iter().filter(|w| w.promoted) {
        let known = next.tracked.contains_key(&w.session_id)
            || next.promoted.contains_key(&w.session_id)
            || fresh.iter().any(|f| f.session_id == w.session_id);
        if !known {
            fresh.push(w);
        }
    }
    for w in fresh {
        next.tracked.insert(
            w.session_id.clone(),
            Tracked {
                rang_at: now,
                last: now,
                repeats: 0,
            },
        );
        if w.promoted {
            next.promoted.insert(w.session_id.clone(), now);
        }
        let in_window = settings.debounce > 0.0
            && next
                .last_sent
                .is_some_and(|at| now - at < settings.debounce);
        if quiet || in_window {
            next.queue.retain(|q| q.session_id != w.session_id);
            next.queue.push(w.clone());
        } else {
            notes.push(Out {
                kind: Kind::Waiting,
                waits: vec![w.clone()],
            });
            next.last_sent = Some(now);
        }
    }

    // The summary of what was held back.
    let window_closed = next
        .last_sent
        .is_none_or(|at| now - at >= settings.debounce);
    if !quiet && !next.queue.is_empty() && (quiet_ended || window_closed) {
        let waits = std::mem::take(&mut next.queue);
        for w in &waits {
            if let Some(t) = next.tracked.get_mut(&w.session_id) {
                t.last = now;
            }
        }
        notes.push(Out {
            kind: if quiet_ended { Kind::Quiet } else { Kind::More },
            waits,
        });
        next.last_sent = Some(now);
    }

    // Reminders, in board order.
    if !quiet {
        for w in input.waiting {
            let Some(t) = next.tracked.get_mut(&w.session_id) else {
                continue;
            };
            if t.last >= now || next.queue.iter().any(|q| q.session_id == w.session_id) {
                continue;
            }
            if let Some(gap) = settings.gap(t.repeats)
                && now - t.last >= gap
            {
                t.repeats += 1;
                t.last = now;
                notes.push(Out {
                    kind: Kind::Repeat(t.repeats),
                    waits: vec![w.clone()],
                });
            }
        }
    }

    next.due = due(&next, settings, now);
    (notes, next)
}

/// The earliest time a flush of `state` has something to do.
fn due(state: &State, settings: &Settings, now: f64) -> Option<f64> {
    let mut times: Vec<f64> = Vec::new();
    if state.quiet_at(now) {
        times.extend(state.quiet.and_then(|q| q.until));
    } else {
        if !state.queue.is_empty() {
            times.push(state.last_sent.map_or(now, |at| at + settings.debounce));
        }
        for (id, t) in &state.tracked {
            if state.queue.iter().any(|q| &q.session_id == id) {
                continue;
            }
            times.extend(settings.gap(t.repeats).map(|gap| t.last + gap));
        }
    }
    times.into_iter().reduce(f64::min)
}

/// Turns quiet mode on at `now` for `seconds` (`None`: until turned off).
pub fn quiet_on(state: &State, now: f64, seconds: Option<f64>) -> State {
    let mut next = state.clone();
    next.quiet = Some(Quiet {
        since: next.quiet.map_or(now, |q| q.since.min(now)),
        until: seconds.map(|s| now + s),
    });
    next
}

/// Ends quiet mode at `now`: the next [`decide`] sends the summary.
pub fn quiet_off(state: &State, now: f64) -> State {
    let mut next = state.clone();
    if let Some(q) = &mut next.quiet {
        q.until = Some(now);
    }
    next
}

/// Reads a quiet duration ([`crate::duration::parse`]: `30m`, `2h`, `90s`, `45` minutes,
/// `1h30m`); zero is no duration here.
pub fn parse_duration(text: &str) -> Option<f64> {
    crate::duration::parse(text).filter(|s| *s > 0.0)
}
