//! Reading and deriving the view: the files re-read when they changed, the view rebuilt when
//! they did or a clock rule is due, and when what is drawn can next change.

use super::{Host, State, wall_clock};
use crate::model::{self, Inputs, ReadInputs, View};
use crate::settings::{Mode, Settings};
use ring_shared::Status;
use std::path::Path;

impl State {
    /// Re-reads changed files, then rebuilds the view. True when something on screen changes.
    pub(super) fn refresh(&mut self) -> bool {
        if self.host == Host::Ready {
            let scan = self.registry.scan(Path::new("/host"));
            self.no_sessions_folder = scan.no_sessions_folder;
            self.inputs_stale |= scan.changed;
            if scan.changed {
                self.pace.wake(wall_clock());
            }
        }
        self.recompute()
    }

    /// The timer's wake: the scan when it is due (`scan_due`), then the view only when a file
    /// changed or a clock rule is due. A quiet scan is one `stat` of `sessions/` and one per
    /// side file, and counts towards a longer interval (`Pace`).
    pub(super) fn tick(&mut self, scan_due: bool) -> bool {
        let now = wall_clock();
        let was_missing = self.no_sessions_folder;
        let mut listed = false;
        if scan_due && self.host == Host::Ready {
            let scan = self.registry.scan(Path::new("/host"));
            self.no_sessions_folder = scan.no_sessions_folder;
            self.inputs_stale |= scan.changed;
            // A folder listed is one that changed, or too recently to be trusted yet.
            listed = scan.listed;
        }
        let same_inputs = !self.inputs_stale && was_missing == self.no_sessions_folder;
        let changed = if same_inputs && !is_due(self.due, now) {
            false
        } else {
            self.recompute()
        };
        // The snapshot after the grant is tried once per scan until it is taken.
        let snapshot_pending =
            self.snapshot_tries > 0 && !(self.session_name.is_some() && self.panes.known);
        if scan_due {
            let quiet = same_inputs && !listed && !changed && !snapshot_pending;
            self.pace.scanned(now, quiet);
        } else if changed {
            self.pace.wake(now);
        }
        changed
    }

    /// Rebuilds the view from what is known; true when it differs from what is drawn.
    pub(super) fn recompute(&mut self) -> bool {
        let now = wall_clock();
        if self.inputs_stale {
            self.inputs = ReadInputs::decode(&self.registry, &self.settings, now);
            self.inputs_stale = false;
        }
        // The board's `a`: ended and hidden sessions too, the hidden ones marked.
        let all = self.settings.mode == Mode::Board && self.board.all();
        let read = if all {
            self.inputs.read_showing_hidden(now)
        } else {
            self.inputs.read(now)
        };
        let inputs = &self.inputs;
        let config = &inputs.config;
        let shown = if all {
            Status::ALL.to_vec()
        } else {
            Settings::shown_states(config)
        };
        let rules_due = read.next_change_at;
        let remote = inputs.remote(now, all);
        let hosts_due = remote.changes_at;
        let (mut view, idle_text_due) = model::build_with_remote(
            read.sessions,
            remote,
            &Inputs {
                now,
                session_name: self.session_name.as_deref(),
                panes: &self.panes,
                labels: &inputs.snapshot.labels,
                label: self.settings.label,
                shown: &shown,
                elsewhere: config.status_elsewhere,
            },
        );
        if all {
            for entry in &mut view.entries {
                entry.hidden = inputs.is_hidden(&entry.session_id);
            }
        }
        self.due = next_change_at(
            self.settings.mode,
            rules_due,
            // A host's snapshot turning stale changes the bar as a published row does.
            earliest(self.inputs.published_expires_at(now), hosts_due),
            idle_text_due,
        );
        self.apply_cue(&view);
        self.apply_tab_badges(&view);
        let notices = self.notices();
        let changed =
            redraw_needed(self.settings.mode, &self.view, &view) || notices != self.notices;
        self.view = view;
        self.notices = notices;
        self.feed_zjstatus();
        changed
    }
}

/// Whether `next` draws differently from `drawn` in `mode`. The bar draws only the counts and
/// the badges: an entry's idle time moving on (every minute for each row) is no reason to
/// redraw it, and each redraw costs the zellij server far more than the tick itself.
pub(super) fn redraw_needed(mode: Mode, drawn: &View, next: &View) -> bool {
    match mode {
        Mode::Bar => drawn.counts != next.counts || drawn.badges != next.badges,
        Mode::Board => drawn != next,
    }
}

/// When what `mode` draws of `view` can next change with nothing read: the first of the
/// clock rules' deadline (`rules`, [`ring_shared::view::Read::next_change_at`]), the
/// published zero-config rows going stale (`published`), and on the board (which shows idle
/// times) the first idle text moving on (`idle_text`). The bar draws no idle time.
pub(super) fn next_change_at(
    mode: Mode,
    rules: Option<f64>,
    published: Option<f64>,
    idle_text: Option<f64>,
) -> Option<f64> {
    let idle = match mode {
        Mode::Bar => None,
        Mode::Board => idle_text,
    };
    [rules, published, idle]
        .into_iter()
        .flatten()
        .reduce(f64::min)
}

/// The earlier of two deadlines.
fn earliest(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Whether a quiet tick at `now` must derive the view again (`due` from [`next_change_at`]).
/// A deadline is passed once the clock is at it: the rules change strictly after it, so the
/// tick after that sees the change.
pub(super) fn is_due(due: Option<f64>, now: f64) -> bool {
    due.is_some_and(|at| at.is_nan() || now >= at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Panes;
    use ring_shared::Status;
    use std::collections::BTreeMap;

    fn view(counts: &[(Status, usize)], entries: usize) -> View {
        let mut view = View {
            counts: counts.to_vec(),
            ..View::default()
        };
        let entry = crate::model::Entry {
            session_id: "s".to_owned(),
            status: Status::Working,
            kind: String::new(),
            project: "app".to_owned(),
            label: String::new(),
            detail: String::new(),
            idle: "1m".to_owned(),
            location: String::new(),
            target: None,
            hidden: false,
            remote: false,
        };
        view.entries = vec![entry; entries];
        view
    }

    const NOW: f64 = 1_700_000_000.0;

    /// The view the plugin builds at `now` from hook rows, and when it next changes.
    fn read(rows: &[ring_shared::Row], mode: Mode, now: f64) -> (View, Option<f64>) {
        let inputs = model::ReadInputs {
            snapshot: ring_shared::view::Snapshot {
                rows: rows.to_vec(),
                ..ring_shared::view::Snapshot::default()
            },
            ..model::ReadInputs::default()
        };
        let read = inputs.read(now);
        let due = read.next_change_at;
        let (view, idle_text_due) = model::build_timed(
            read.sessions,
            &Inputs {
                now,
                session_name: None,
                panes: &Panes::default(),
                labels: &BTreeMap::new(),
                label: crate::settings::Label::Project,
                shown: &Status::ALL,
                elsewhere: true,
            },
        );
        let next = next_change_at(mode, due, None, idle_text_due);
        (view, next)
    }

    fn codex_asking(idle: f64) -> ring_shared::Row {
        let mut row = ring_shared::Row::new("codex:t");
        row.provider = "codex".into();
        row.status = Status::Working;
        row.last_event = Some("PermissionRequest".into());
        row.last_active = NOW - idle;
        row
    }

    #[test]
    fn a_quiet_bar_derives_again_only_when_a_rule_is_due() {
        // Codex asks for permission 10 s after its last activity (the default threshold).
        let rows = [codex_asking(3.0)];
        let (view, due) = read(&rows, Mode::Bar, NOW);
        assert_eq!(view.counts, [(Status::Working, 1)]);
        assert_eq!(due, Some(NOW + 7.0));
        for tick in 1..7 {
            let now = NOW + f64::from(tick);
            assert!(!is_due(due, now), "tick {tick}");
            assert!(!redraw_needed(
                Mode::Bar,
                &view,
                &read(&rows, Mode::Bar, now).0
            ));
        }
        // The tick at the deadline derives again; the one after it shows the wait.
        assert!(is_due(due, NOW + 7.0));
        let (after, due_after) = read(&rows, Mode::Bar, NOW + 8.0);
        assert_eq!(after.counts, [(Status::Waiting, 1)]);
        assert_eq!(due_after, None);
        assert!(!is_due(due_after, NOW + 1e6));
    }

    #[test]
    fn the_board_derives_again_when_an_idle_text_moves_on() {
        let rows = [codex_asking(100.0)];
        let (_, bar) = read(&rows, Mode::Bar, NOW);
        assert_eq!(bar, None);
        // `1m` until 120 s.
        let (view, board) = read(&rows, Mode::Board, NOW);
        assert_eq!(view.entries[0].idle, "1m");
        assert_eq!(board, Some(NOW + 20.0));
        assert_eq!(read(&rows, Mode::Board, NOW + 19.5).0.entries[0].idle, "1m");
        assert_eq!(read(&rows, Mode::Board, NOW + 20.0).0.entries[0].idle, "2m");
    }

    #[test]
    fn published_rows_going_stale_are_a_deadline() {
        assert_eq!(
            next_change_at(Mode::Bar, None, Some(NOW + 60.0), None),
            Some(NOW + 60.0)
        );
        assert_eq!(
            next_change_at(
                Mode::Bar,
                Some(NOW + 5.0),
                Some(NOW + 60.0),
                Some(NOW + 1.0)
            ),
            Some(NOW + 5.0)
        );
        let published = model::ReadInputs {
            snapshot: ring_shared::view::Snapshot {
                published: Some(ring_shared::scan::Published::new(NOW, &[])),
                ..ring_shared::view::Snapshot::default()
            },
            ..model::ReadInputs::default()
        };
        assert_eq!(published.published_expires_at(NOW + 1.0), Some(NOW + 60.0));
        assert_eq!(published.published_expires_at(NOW + 61.0), None);
    }

    #[test]
    fn the_bar_redraws_only_for_what_it_draws() {
        let drawn = view(&[(Status::Working, 2)], 2);
        let mut aged = drawn.clone();
        aged.entries[0].idle = "2m".to_owned();
        assert!(!redraw_needed(Mode::Bar, &drawn, &aged));
        assert!(redraw_needed(Mode::Board, &drawn, &aged));
        let counted = view(&[(Status::Working, 1), (Status::Idle, 1)], 2);
        assert!(redraw_needed(Mode::Bar, &drawn, &counted));
    }
}
