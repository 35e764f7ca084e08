//! When the plugin's timer wakes it: the configured interval while things happen, longer while
//! nothing does, and never past a deadline.
//!
//! At rest most of the plugin's cost to the zellij server is the timer itself: delivering one
//! timer event (waking the plugin's thread, entering the wasm instance, `set_timeout`) costs
//! the server more than the quiet tick it runs (one `stat` of `sessions/`, BENCHMARKS.md,
//! "zellij at rest"). So after a run of quiet scans the interval between two scans doubles, up
//! to [`Pace::max_interval`]; anything seen happening (a scan that changed, the hook's
//! `ring::refresh` pipe, a key, a click, a pane, tab or mode event, a redraw) brings it back to
//! the configured one. Agents inside zellij are seen at once anyway (their hook pipes); rows
//! written by anything that does not pipe (RiNG's hook, a hook in a terminal outside zellij)
//! reach the bar within the longest interval.
//!
//! Deadlines (a clock rule, a `ring-tmux` run) cut a wait short, without counting as a scan:
//! the timer fires at the first of them or the next scan. zellij's timers cannot be cancelled,
//! so [`Pace`] keeps the deadlines of those still armed and arms a new one only when none of
//! them comes soon enough; a reset while a long timer is armed costs one extra wake when that
//! timer fires later.

/// The longest wait between two scans with the default interval, in seconds. 4 s is a
/// quarter of the 1 s timer's wake-ups (BENCHMARKS.md measured those at most of the bar's
/// cost) while a row written outside zellij still shows within a few seconds.
pub const QUIET_CAP: f64 = 4.0;

/// Quiet scans at the configured interval before the interval starts to grow: writes come in
/// bursts (a tool call, then its result), so the seconds after a change keep the short pace.
pub const QUIET_RUN: u32 = 2;

/// A timer armed to fire this much after a wanted time still counts as soon enough; a timer
/// firing this early still counts as the one wanted (zellij's timers fire a hair early or
/// late).
pub const SLACK: f64 = 0.25;

/// The shortest timer armed: a deadline already passed is checked again this soon, never in
/// a loop of zero-length timers.
pub const MIN_WAIT: f64 = 0.1;

/// How long after a deadline the timer fires: the clock rules change strictly after theirs.
const AFTER_DEADLINE: f64 = 0.05;

/// The timer's schedule. Times are wall-clock seconds, passed in.
#[derive(Debug, Clone, PartialEq)]
pub struct Pace {
    /// The configured interval (`zellij_refresh_seconds`), at least 1.
    base: f64,
    /// Quiet scans in a row.
    quiet: u32,
    /// When the next scan is due; `None`: at the next wake.
    next_scan: Option<f64>,
    /// When the timers armed and not yet fired are due.
    armed: Vec<f64>,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace::new(1)
    }
}

impl Pace {
    /// Scans every `configured_seconds` (at least 1) while things happen.
    pub fn new(configured_seconds: i64) -> Pace {
        let mut pace = Pace {
            base: 1.0,
            quiet: 0,
            next_scan: None,
            armed: Vec::new(),
        };
        pace.configure(configured_seconds);
        pace
    }

    /// Takes a new configured interval (`config.toml` can change while zellij runs).
    pub fn configure(&mut self, configured_seconds: i64) {
        self.base = configured_seconds.max(1) as f64;
    }

    /// The longest wait between two scans: the configured interval when it is longer than
    /// [`QUIET_CAP`] (a user who asked for 10 s gets 10 s, never more), else the cap.
    pub fn max_interval(&self) -> f64 {
        self.base.max(QUIET_CAP)
    }

    /// The wait between the last scan and the next: the configured interval, doubled for each
    /// quiet scan past the first [`QUIET_RUN`], up to [`Pace::max_interval`].
    pub fn interval(&self) -> f64 {
        let doublings = self.quiet.saturating_sub(QUIET_RUN).min(16);
        (self.base * f64::from(1u32 << doublings)).min(self.max_interval())
    }

    /// A timer fired at `now`: forgets the timers due by then (this one, and any zellij lost)
    /// and says whether the scan is due.
    pub fn fired(&mut self, now: f64) -> bool {
        self.armed.retain(|&at| at > now + SLACK);
        self.scan_due(now)
    }

    /// Whether the scan is due at `now`.
    pub fn scan_due(&self, now: f64) -> bool {
        self.next_scan.is_none_or(|at| now >= at - SLACK)
    }

    /// The timer's scan ran at `now`; `quiet`: it saw nothing happen (no file changed, the
    /// folder settled, nothing redrawn). The next one is an [`Pace::interval`] away.
    pub fn scanned(&mut self, now: f64, quiet: bool) {
        self.quiet = if quiet {
            self.quiet.saturating_add(1)
        } else {
            0
        };
        self.next_scan = Some(now + self.interval());
    }

    /// Something happened at `now`: back to the configured interval, the next scan at most
    /// that far away.
    pub fn wake(&mut self, now: f64) {
        self.quiet = 0;
        let soon = now + self.base;
        self.next_scan = Some(self.next_scan.map_or(soon, |at| at.min(soon)));
    }

    /// The timer to arm at `now` (seconds for `set_timeout`), or `None` when one already armed
    /// fires soon enough. It fires at the next scan or just after the first of `deadlines`
    /// (clock rules, `ring-tmux` runs), whichever comes first; a deadline already passed is
    /// looked at again [`MIN_WAIT`] from now. The timer returned is taken as armed.
    pub fn arm(&mut self, now: f64, deadlines: &[Option<f64>]) -> Option<f64> {
        let scan = self.next_scan.unwrap_or(now);
        let wanted = deadlines
            .iter()
            .flatten()
            .filter(|at| at.is_finite())
            .map(|at| at + AFTER_DEADLINE)
            .fold(scan, f64::min)
            .max(now + MIN_WAIT);
        // Only a timer still to come counts: one already due was delivered or lost.
        if self
            .armed
            .iter()
            .any(|&at| at > now && at <= wanted + SLACK)
        {
            return None;
        }
        self.armed.push(wanted);
        Some(wanted - now)
    }

    /// Timers armed and not yet fired.
    pub fn armed(&self) -> usize {
        self.armed.len()
    }
}

#[cfg(test)]
mod tests;
