//! Keeping `zeroconf.json` fresh from inside zellij.
//!
//! The plugin can neither list `~/.claude` nor scan processes, so the zero-config rows
//! (§4.4–4.5) reach it only through `zeroconf.json`, which the native `ring-tmux` writes when
//! one of its read commands lists the transcript folders again. When the layout names the
//! binary (`ring_tmux "/abs/path"`), the plugin runs `ring-tmux oneline --all` on its timer, at most
//! every `zero_config_refresh` seconds and never two at once. This module decides when and
//! with what; `plugin::runner` hands it to zellij's `run_command`.

use crate::cells;
use std::collections::BTreeMap;

/// The key of the `context` map zellij hands back with the result: marks ring's own runs.
pub const CONTEXT_KEY: &str = "ring";
/// Its value.
pub const CONTEXT_VALUE: &str = "zero_config";

/// The `context` value of the notification flush (`ring-tmux notify --flush`).
pub const NOTIFY_CONTEXT_VALUE: &str = "notify";

/// The `context` value of the board's runs (`ring-tmux name`, `hide`, `reply`).
pub const BOARD_CONTEXT_VALUE: &str = "board";

/// The notification flush runs at most this often: due timers (debounce, quiet, reminders)
/// and Codex waits the read side promoted go out from the plugin's tick when no hook runs.
pub const NOTIFY_FLUSH_SECONDS: u32 = 5;

/// A run whose result has not come back after this many seconds is taken as lost (zellij
/// dropped it, or it hangs): the next one may start.
pub const LOST_AFTER: f64 = 60.0;

/// How early a tick may come and still count: a timer of exactly `zero_config_refresh`
/// seconds must not skip every other run because it fired a hair early.
const SLACK: f64 = 0.25;

/// What to run: the command line and the variables added to zellij's own environment (the
/// environment of the zellij server, which holds the user's `HOME`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub argv: Vec<String>,
    pub env: BTreeMap<String, String>,
}

/// `ring-tmux oneline --all`, with `RING_HOME` set to `ring_home` when the plugin knows its
/// ring folder, so that the file lands where the plugin reads it whatever the server's
/// environment says. `--all` builds every row, ended ones included, which only such a read
/// publishes (a status bar's read skips the ended rows it would drop): it rewrites
/// `zeroconf.json` when the rows changed or the file is 20 s old.
pub fn command(ring_tmux: &str, ring_home: Option<&str>) -> Command {
    Command {
        argv: vec![
            ring_tmux.to_owned(),
            "oneline".to_owned(),
            "--all".to_owned(),
        ],
        env: ring_home
            .map(|home| ("RING_HOME".to_owned(), home.to_owned()))
            .into_iter()
            .collect(),
    }
}

/// `ring-tmux notify --flush`, with `RING_HOME` as for [`command`].
pub fn notify_command(ring_tmux: &str, ring_home: Option<&str>) -> Command {
    let mut command = command(ring_tmux, ring_home);
    command.argv.truncate(1);
    command
        .argv
        .extend(["notify".to_owned(), "--flush".to_owned()]);
    command
}

/// The ring folder to name in `RING_HOME`: the layout's `ring_home`, else the folder behind
/// `/host` (the plugin's `cwd`) when it is a ring folder (it has `sessions/`). Otherwise none:
/// `ring-tmux` then uses the server's `RING_HOME` or `~/.config/ring`, and never writes into
/// whatever folder zellij happened to start in.
pub fn ring_home(
    layout_ring_home: Option<&str>,
    host_folder: Option<&str>,
    host_is_ring_folder: bool,
) -> Option<String> {
    layout_ring_home
        .or(host_folder.filter(|dir| host_is_ring_folder && dir.starts_with('/')))
        .map(str::to_owned)
}

/// When the next run may start.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    every: f64,
    /// When the last run started.
    started_at: Option<f64>,
    /// Its result has not come back yet.
    running: bool,
}

impl Schedule {
    /// Runs at most every `every_seconds`.
    pub fn new(every_seconds: u32) -> Schedule {
        Schedule {
            every: f64::from(every_seconds),
            started_at: None,
            running: false,
        }
    }

    /// Whether a run starts at `now` (wall-clock seconds); if so it is recorded as running.
    /// The first call starts one; then one every `every` seconds once the previous result
    /// came back, or [`LOST_AFTER`] seconds after a run that never answered. A clock that
    /// went backwards starts one at once.
    pub fn start(&mut self, now: f64) -> bool {
        if let Some(at) = self.started_at {
            let elapsed = now - at;
            let wait = if self.running {
                LOST_AFTER
            } else {
                self.every - SLACK
            };
            if (0.0..wait).contains(&elapsed) {
                return false;
            }
        }
        self.started_at = Some(now);
        self.running = true;
        true
    }

    /// When [`Schedule::start`] next starts a run: the end of the period after the last one,
    /// or [`LOST_AFTER`] after a run still out. `None` before the first: that one starts on
    /// the next call. The plugin's timer wakes for it.
    pub fn next_start(&self) -> Option<f64> {
        let at = self.started_at?;
        Some(if self.running {
            at + LOST_AFTER
        } else {
            at + self.every
        })
    }

    /// The result of the running command came back.
    pub fn finished(&mut self) {
        self.running = false;
    }
}

/// What the bar says about a finished run: `None` when it succeeded, else the exit status and
/// the first line of its error output (zellij reports a command it could not start with exit
/// code 2 and the reason on stderr). `ring-tmux oneline` itself always exits 0.
pub fn failure(exit_code: Option<i32>, stderr: &[u8]) -> Option<String> {
    let status = match exit_code {
        Some(0) => return None,
        Some(code) => ring_shared::t!("zj-exit", code = code.to_string()),
        None => ring_shared::t!("zj-killed"),
    };
    let text = String::from_utf8_lossy(stderr);
    let reason = cells::sanitize(text.lines().find(|l| !l.trim().is_empty()).unwrap_or(""));
    let reason: String = reason.trim().chars().take(120).collect();
    Some(if reason.is_empty() {
        ring_shared::t!("zj-bar-failed", status = status)
    } else {
        ring_shared::t!("zj-bar-failed-because", status = status, reason = reason)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[test]
    fn the_notify_flush_names_the_ring_folder() {
        let c = notify_command("/bin/ring-tmux", Some("/r"));
        assert_eq!(c.argv, ["/bin/ring-tmux", "notify", "--flush"]);
        assert_eq!(c.env.get("RING_HOME").map(String::as_str), Some("/r"));
    }

    /// Calls `start` at each time (`Some(t)`) or reports a result (`None`); returns the times
    /// at which a run started.
    fn runs(every: u32, steps: &[Option<f64>]) -> Vec<f64> {
        let mut schedule = Schedule::new(every);
        let mut started = Vec::new();
        for step in steps {
            match step {
                Some(now) if schedule.start(*now) => started.push(*now),
                Some(_) => {}
                None => schedule.finished(),
            }
        }
        started
    }

    #[test]
    fn the_next_start_is_a_period_after_a_finished_run_or_a_minute_after_a_lost_one() {
        let mut schedule = Schedule::new(5);
        assert_eq!(schedule.next_start(), None);
        assert!(schedule.start(100.0));
        assert_eq!(schedule.next_start(), Some(100.0 + LOST_AFTER));
        schedule.finished();
        assert_eq!(schedule.next_start(), Some(105.0));
        assert!(!schedule.start(104.0));
        assert!(schedule.start(105.0));
    }

    #[rstest]
    #[case::first_tick_runs_at_once(5, &[Some(100.0)], &[100.0])]
    #[case::one_run_per_period_on_one_second_ticks(
        5,
        &[Some(100.0), None, Some(101.0), Some(102.0), Some(103.0), Some(104.0), Some(105.0), None, Some(106.0)],
        &[100.0, 105.0]
    )]
    #[case::tick_a_hair_early_still_runs(5, &[Some(100.0), None, Some(104.9)], &[100.0, 104.9])]
    #[case::never_two_at_once(2, &[Some(100.0), Some(103.0), Some(110.0)], &[100.0])]
    #[case::a_lost_run_is_replaced_after_a_minute(2, &[Some(100.0), Some(159.0), Some(160.0)], &[100.0, 160.0])]
    #[case::result_then_next_period(2, &[Some(100.0), Some(101.0), None, Some(102.0)], &[100.0, 102.0])]
    #[case::clock_going_back_runs(5, &[Some(100.0), None, Some(50.0)], &[100.0, 50.0])]
    fn schedule_runs_at_most_once_per_period(
        #[case] every: u32,
        #[case] steps: &[Option<f64>],
        #[case] want: &[f64],
    ) {
        assert_eq!(runs(every, steps), want);
    }

    #[rstest]
    #[case::with_ring_home(Some("/r"), &[("RING_HOME", "/r")])]
    #[case::inherits_the_environment(None, &[])]
    fn command_runs_oneline(#[case] ring_home: Option<&str>, #[case] env: &[(&str, &str)]) {
        let command = command("/bin/ring-tmux", ring_home);
        assert_eq!(command.argv, ["/bin/ring-tmux", "oneline", "--all"]);
        let want: BTreeMap<String, String> = env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        assert_eq!(command.env, want);
    }

    #[rstest]
    #[case::layout_ring_home_wins(Some("/set"), Some("/host/dir"), true, Some("/set"))]
    #[case::host_ring_folder(
        None,
        Some("/home/u/.config/ring"),
        true,
        Some("/home/u/.config/ring")
    )]
    #[case::host_not_a_ring_folder(None, Some("/home/u/project"), false, None)]
    #[case::host_unknown(None, None, true, None)]
    #[case::relative_host_ignored(None, Some("."), true, None)]
    fn ring_home_is_named_only_when_known(
        #[case] layout: Option<&str>,
        #[case] host: Option<&str>,
        #[case] is_ring: bool,
        #[case] want: Option<&str>,
    ) {
        assert_eq!(ring_home(layout, host, is_ring).as_deref(), want);
    }

    #[rstest]
    #[case::success(Some(0), "", None)]
    #[case::missing_binary(
        Some(2),
        "No such file or directory (os error 2)\n",
        Some("ring: ring_tmux failed (exit 2): No such file or directory (os error 2)")
    )]
    #[case::silent_failure(Some(1), "", Some("ring: ring_tmux failed (exit 1)"))]
    #[case::killed(
        None,
        "\n\nsegfault\n",
        Some("ring: ring_tmux failed (killed): segfault")
    )]
    #[case::escape_sequences_removed(
        Some(3),
        "\u{1b}[2Jboom",
        Some("ring: ring_tmux failed (exit 3): boom")
    )]
    fn failure_is_worded_for_the_bar(
        #[case] code: Option<i32>,
        #[case] stderr: &str,
        #[case] want: Option<&str>,
    ) {
        assert_eq!(failure(code, stderr.as_bytes()).as_deref(), want);
    }
}
