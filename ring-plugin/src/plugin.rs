//! The zellij glue: events in, pure modules, one `print!` out. Every zellij call of the plugin
//! is in this module (this file and `plugin/`); everything it decides with is in the pure
//! modules.

use crate::bar::{self, Hit};
use crate::board::{self, Board};
use crate::cue::Cues;
use crate::model::{self, Inputs, Panes, ReadInputs, View};
use crate::pace::Pace;
use crate::settings::{Mode, Settings};
use crate::source::Registry;
use crate::tab_badge::{self, Tab, TabBadges};
use crate::theme::Theme;
use crate::zero_config::{self, Schedule};
use convert::{board_key, palette, panes};
use ring_shared::Status;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};
use zellij_tile::prelude::*;

mod convert;
mod runner;
mod session;

/// The cells the text sent to zjstatus may take.
const ZJSTATUS_WIDTH: usize = 120;

/// The pipe name the hook sends (`zellij pipe --name ring::refresh`): re-read now.
pub const REFRESH_PIPE: &str = "ring::refresh";

/// What a user can do about a refused permission, in the bar's words.
pub fn permission_notice() -> String {
    ring_shared::t!("zellij-permission")
}

/// Where the plugin's `/host` is mapped.
#[derive(Debug, Default, PartialEq, Eq)]
enum Host {
    /// `/host` is the ring folder (the plugin's `cwd`).
    #[default]
    Ready,
    /// Waiting for `change_host_folder(ring_home)`.
    Changing,
    /// `change_host_folder` failed.
    Failed(String),
}

#[derive(Debug, Default, PartialEq, Eq, Clone, Copy)]
enum Permission {
    #[default]
    Pending,
    Granted,
    Denied,
}

/// The plugin's state between events.
#[derive(Default)]
pub struct State {
    settings: Settings,
    registry: Registry,
    host: Host,
    permission: Permission,
    session_name: Option<String>,
    panes: Panes,
    /// Tab position → name without ring's badge.
    tab_names: BTreeMap<usize, String>,
    /// The tabs as zellij names them (badges included), for [`tab_badge`].
    tabs: Vec<Tab>,
    tab_badges: TabBadges,
    theme: Theme,
    view: View,
    notices: Vec<String>,
    no_sessions_folder: bool,
    visible: bool,
    /// The last payload sent to zjstatus.
    zjstatus_sent: Option<String>,
    /// When the timer wakes the plugin and whether the wake scans (`pace`).
    pace: Pace,
    hits: Vec<Hit>,
    rows: usize,
    cols: usize,
    /// The board: selection, prompts, the outcome of its acts.
    board: Board,
    cues: Cues,
    /// What the ring folder said, decoded; rebuilt only when a scan saw a change.
    inputs: ReadInputs,
    inputs_stale: bool,
    /// When the view can next change with nothing read ([`next_change_at`]); a quiet tick
    /// before then derives nothing.
    due: Option<f64>,
    /// Session snapshots still allowed after the grant.
    snapshot_tries: u8,
    /// When to run `ring_tmux` (only when the layout names it).
    zero_config: Option<Schedule>,
    /// When to run `ring_tmux notify --flush` (only when the layout names it).
    notify_flush: Option<Schedule>,
    /// Why the last run of `ring_tmux` failed, for the bar.
    zero_config_error: Option<String>,
    /// The host folder zellij started the plugin in (its `cwd`), asked once.
    host_folder: Option<String>,
}

/// Session snapshots a grant may take (one now, then one per tick).
const SNAPSHOT_TRIES: u8 = 5;

impl ZellijPlugin for State {
    fn load(&mut self, configuration: BTreeMap<String, String>) {
        self.settings = Settings::parse(&configuration);
        ring_shared::i18n::set_lang(self.settings.lang);
        self.inputs = ReadInputs::decode(&self.registry, &self.settings, 0.0);
        self.visible = true;
        self.theme = Theme::new(None, &self.settings.colors);
        if self.settings.ring_home.is_some() {
            self.host = Host::Changing;
        }
        self.request_permissions();
        if self.settings.ring_tmux.is_some() {
            self.zero_config = Some(Schedule::new(self.settings.zero_config_refresh));
            self.notify_flush = Some(Schedule::new(zero_config::NOTIFY_FLUSH_SECONDS));
            subscribe(&[EventType::RunCommandResult]);
        }
        self.board.set_commands(self.board_commands());
        subscribe(&[
            EventType::ModeUpdate,
            EventType::PaneUpdate,
            EventType::TabUpdate,
            EventType::Mouse,
            EventType::Key,
            EventType::Timer,
            EventType::Visible,
            EventType::PermissionRequestResult,
            EventType::HostFolderChanged,
            EventType::FailedToChangeHostFolder,
        ]);
        self.pace = Pace::new(self.inputs.config.zellij_refresh_seconds);
        self.pace.wake(wall_clock());
        self.refresh();
        self.arm_timer();
    }

    fn update(&mut self, event: Event) -> bool {
        let now = wall_clock();
        let timer = matches!(event, Event::Timer(_));
        if wakes(&event) {
            self.pace.wake(now);
        }
        let changed = self.handle(event);
        if changed && !timer {
            self.pace.wake(now);
        }
        // Cheap when one armed comes soon enough (`Pace::arm`): an event may have brought
        // the next scan or a deadline closer.
        self.arm_timer();
        changed
    }

    fn pipe(&mut self, message: PipeMessage) -> bool {
        if message.name != REFRESH_PIPE {
            return false;
        }
        // The hook wrote: the seconds after it keep the configured pace.
        self.pace.wake(wall_clock());
        let changed = self.refresh();
        self.arm_timer();
        changed
    }

    fn render(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        let icons = &self.settings.icons;
        match self.settings.mode {
            Mode::Bar => {
                let line = bar::layout(&self.view, &self.notices, icons, &self.theme, cols);
                self.hits = line.hits;
                print!("{}", line.text);
            }
            Mode::Board => {
                // The board has room: the first notice replaces its help line.
                let text = board::render(
                    &self.view,
                    &self.board,
                    icons,
                    &self.theme,
                    rows,
                    cols,
                    self.notices.first().map(String::as_str),
                );
                print!("{text}");
            }
        }
    }
}

/// Whether `event` is something happening, which brings the timer back to the configured
/// interval (`Pace::wake`). Not the timer, not a hidden plugin, and not the results of the
/// plugin's own scheduled `ring-tmux` runs: those come every few seconds whatever happens
/// (a new `zeroconf.json` is seen by the scan, which wakes it then).
fn wakes(event: &Event) -> bool {
    match event {
        Event::Timer(_) | Event::Visible(false) => false,
        Event::RunCommandResult(_, _, _, context) => {
            context.get(zero_config::CONTEXT_KEY).map(String::as_str)
                == Some(zero_config::BOARD_CONTEXT_VALUE)
        }
        _ => true,
    }
}

impl State {
    fn handle(&mut self, event: Event) -> bool {
        match event {
            Event::Timer(_) => {
                let scan_due = self.pace.fired(wall_clock());
                self.adopt_session_snapshot();
                self.run_zero_config();
                self.run_notify_flush();
                self.visible && self.tick(scan_due)
            }
            Event::Visible(visible) => {
                self.visible = visible;
                if visible {
                    self.run_zero_config();
                }
                visible && self.refresh()
            }
            Event::PermissionRequestResult(status) => {
                self.permission = match status {
                    PermissionStatus::Granted => Permission::Granted,
                    PermissionStatus::Denied => Permission::Denied,
                };
                self.board.set_commands(self.board_commands());
                if self.permission == Permission::Granted {
                    // Only now: an unselectable pane cannot show zellij's permission prompt.
                    if self.settings.mode == Mode::Bar {
                        set_selectable(false);
                    }
                    // Mode and pane events that came before the grant were dropped (a
                    // board opened later gets its one ModeUpdate before the grant).
                    self.snapshot_tries = SNAPSHOT_TRIES;
                    self.adopt_session_snapshot();
                    if self.settings.mode == Mode::Board {
                        // The frame would otherwise show the plugin's file path.
                        rename_plugin_pane(get_plugin_ids().plugin_id, "ring");
                    }
                    if let Some(home) = &self.settings.ring_home {
                        change_host_folder(PathBuf::from(home));
                    }
                    self.run_zero_config();
                }
                self.recompute()
            }
            Event::HostFolderChanged(_) => {
                self.host = Host::Ready;
                self.registry.clear();
                self.refresh()
            }
            Event::FailedToChangeHostFolder(error) => {
                self.host = Host::Failed(error.unwrap_or_default());
                self.recompute()
            }
            Event::ModeUpdate(mode_info) => {
                let theme = Theme::new(
                    Some(&palette(&mode_info.style.colors)),
                    &self.settings.colors,
                );
                let themed = theme != self.theme;
                self.theme = theme;
                self.session_name = mode_info.session_name;
                self.recompute() || themed
            }
            Event::TabUpdate(tabs) => {
                let marker = self.settings.icons.marker(Status::Waiting).to_owned();
                self.tabs = tabs
                    .into_iter()
                    .map(|t| Tab {
                        id: t.tab_id,
                        position: t.position,
                        name: t.name,
                    })
                    .collect();
                self.tab_names = self
                    .tabs
                    .iter()
                    .map(|t| (t.position, tab_badge::base(&t.name, &marker).to_owned()))
                    .collect();
                for pane in self.panes.terminals.values_mut() {
                    pane.tab_name = self
                        .tab_names
                        .get(&pane.tab_position)
                        .cloned()
                        .unwrap_or_default();
                }
                self.recompute()
            }
            Event::PaneUpdate(manifest) => {
                self.panes = panes(&manifest, &self.tab_names);
                self.recompute()
            }
            Event::Mouse(Mouse::LeftClick(line, col)) => match self.settings.mode {
                Mode::Bar => {
                    if self.permission == Permission::Denied {
                        // Ask again: zellij shows its prompt in this pane, now focused.
                        self.request_permissions();
                    } else if let Some(pane) = bar::hit(&self.hits, col) {
                        focus_terminal_pane(pane, false, false);
                    }
                    false
                }
                Mode::Board => {
                    let line = usize::try_from(line).unwrap_or(0);
                    let action = self
                        .board
                        .click(line, self.rows, self.cols, &self.view.entries);
                    self.act(action)
                }
            },
            Event::RunCommandResult(exit_code, _stdout, stderr, context)
                if context.get(zero_config::CONTEXT_KEY).map(String::as_str)
                    == Some(zero_config::CONTEXT_VALUE) =>
            {
                self.zero_config_finished(exit_code, &stderr)
            }
            Event::RunCommandResult(_, _, _, context)
                if context.get(zero_config::CONTEXT_KEY).map(String::as_str)
                    == Some(zero_config::NOTIFY_CONTEXT_VALUE) =>
            {
                if let Some(schedule) = self.notify_flush.as_mut() {
                    schedule.finished();
                }
                false
            }
            Event::RunCommandResult(exit_code, stdout, stderr, context)
                if context.get(zero_config::CONTEXT_KEY).map(String::as_str)
                    == Some(zero_config::BOARD_CONTEXT_VALUE) =>
            {
                self.board_run_finished(exit_code, &stdout, &stderr, &context)
            }
            Event::Key(key) if self.settings.mode == Mode::Board => {
                self.board.set_size(self.rows, self.cols);
                let action = self.board.handle(board_key(&key), &self.view.entries);
                self.act(action)
            }
            _ => false,
        }
    }

    fn request_permissions(&self) {
        let permissions: Vec<PermissionType> = self
            .settings
            .permission_names()
            .into_iter()
            .filter_map(|name| match name {
                "ReadApplicationState" => Some(PermissionType::ReadApplicationState),
                "ChangeApplicationState" => Some(PermissionType::ChangeApplicationState),
                "RunCommands" => Some(PermissionType::RunCommands),
                "FullHdAccess" => Some(PermissionType::FullHdAccess),
                "MessageAndLaunchOtherPlugins" => {
                    Some(PermissionType::MessageAndLaunchOtherPlugins)
                }
                _ => None,
            })
            .collect();
        request_permission(&permissions);
    }

    /// Arms the timer for the next scan or the first deadline (a clock rule, a `ring-tmux`
    /// run), unless one armed comes soon enough. Hidden, the plugin lets its timer run out.
    fn arm_timer(&mut self) {
        if !self.visible {
            return;
        }
        self.pace
            .configure(self.inputs.config.zellij_refresh_seconds);
        let deadlines = [
            self.due,
            self.zero_config.as_ref().and_then(Schedule::next_start),
            self.notify_flush.as_ref().and_then(Schedule::next_start),
        ];
        if let Some(wait) = self.pace.arm(wall_clock(), &deadlines) {
            set_timeout(wait);
        }
    }

    /// Re-reads changed files, then rebuilds the view. True when something on screen changes.
    fn refresh(&mut self) -> bool {
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
    fn tick(&mut self, scan_due: bool) -> bool {
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
    fn recompute(&mut self) -> bool {
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

    /// With `zjstatus "NAME"`: the bar's text to zjstatus's `pipe_NAME`, when it changed.
    fn feed_zjstatus(&mut self) {
        let Some(name) = &self.settings.zjstatus else {
            return;
        };
        if self.permission != Permission::Granted {
            return;
        }
        let line = bar::layout(
            &self.view,
            &self.notices,
            &self.settings.icons,
            &Theme::default(),
            ZJSTATUS_WIDTH,
        );
        let payload = crate::zjstatus::payload(name, &line.plain);
        if self.zjstatus_sent.as_deref() != Some(payload.as_str()) {
            pipe_message_to_plugin(MessageToPlugin::new("pipe").with_payload(payload.clone()));
            self.zjstatus_sent = Some(payload);
        }
    }

    /// The waiting marker on the name of each tab where a pane waits (`tab_badge`), off
    /// again when none does. The bar does it (one per tab in ring's layout), not the board.
    fn apply_tab_badges(&mut self, view: &View) {
        if self.settings.mode != Mode::Bar
            || self.permission != Permission::Granted
            || !self.panes.known
            || self.tabs.is_empty()
        {
            return;
        }
        let waiting: BTreeSet<usize> = if self.settings.tab_badge {
            view.badges
                .iter()
                .filter_map(|b| self.panes.terminals.get(&b.pane))
                .map(|p| p.tab_position)
                .collect()
        } else {
            BTreeSet::new()
        };
        let marker = self.settings.icons.marker(Status::Waiting).to_owned();
        for rename in self.tab_badges.plan(&self.tabs, &waiting, &marker) {
            rename_tab_with_id(rename.tab_id as u64, &rename.name);
        }
    }

    fn apply_cue(&mut self, view: &View) {
        if self.settings.mode != Mode::Bar
            || self.permission != Permission::Granted
            || !self.panes.known
        {
            return;
        }
        let waiting: BTreeSet<u32> = if self.settings.cue {
            view.badges.iter().map(|b| b.pane).collect()
        } else {
            BTreeSet::new()
        };
        let tint = self.settings.cue_color.hex().unwrap_or_default();
        for paint in self.cues.plan(&self.panes, &waiting, &tint) {
            set_pane_color(PaneId::Terminal(paint.pane), paint.fg, paint.bg);
        }
    }

    fn notices(&self) -> Vec<String> {
        // What blocks ring comes first; layout mistakes after.
        let mut notices = Vec::new();
        if self.permission == Permission::Denied {
            notices.push(permission_notice());
        }
        match &self.host {
            Host::Failed(error) => notices.push(ring_shared::t!(
                "zellij-no-home",
                error = crate::cells::sanitize(error)
            )),
            Host::Ready if self.no_sessions_folder => {
                notices.push(ring_shared::t!("zellij-no-sessions"))
            }
            _ => {}
        }
        notices.extend(self.zero_config_error.clone());
        notices.extend(
            self.settings
                .errors
                .iter()
                .map(|e| ring_shared::t!("zellij-config", error = e.as_str())),
        );
        notices
    }
}

/// Whether `next` draws differently from `drawn` in `mode`. The bar draws only the counts and
/// the badges: an entry's idle time moving on (every minute for each row) is no reason to
/// redraw it, and each redraw costs the zellij server far more than the tick itself.
pub fn redraw_needed(mode: Mode, drawn: &View, next: &View) -> bool {
    match mode {
        Mode::Bar => drawn.counts != next.counts || drawn.badges != next.badges,
        Mode::Board => drawn != next,
    }
}

/// When what `mode` draws of `view` can next change with nothing read: the first of the
/// clock rules' deadline (`rules`, [`ring_shared::view::Read::next_change_at`]), the
/// published zero-config rows going stale (`published`), and on the board (which shows idle
/// times) the first idle text moving on (`idle_text`). The bar draws no idle time.
pub fn next_change_at(
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
pub fn is_due(due: Option<f64>, now: f64) -> bool {
    due.is_some_and(|at| at.is_nan() || now >= at)
}

/// Wall-clock seconds (WASI's clock is the host's).
fn wall_clock() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_shared::Status;

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
