//! The zellij glue: events in, pure modules, one `print!` out. Every zellij call of the plugin
//! is in this module (this file and `plugin/`); everything it decides with is in the pure
//! modules.

use crate::bar::{self, Hit};
use crate::board::{self, Board};
use crate::cue::Cues;
use crate::model::{Panes, ReadInputs, View};
use crate::pace::Pace;
use crate::settings::{Mode, Settings};
use crate::source::Registry;
use crate::tab_badge::{Tab, TabBadges};
use crate::theme::Theme;
use crate::zero_config::{self, Schedule};
use events::wakes;
use ring_shared::Status;
use std::collections::{BTreeMap, BTreeSet};
use std::time::{SystemTime, UNIX_EPOCH};
use zellij_tile::prelude::*;

mod convert;
mod events;
mod read;
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

impl State {
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

/// Wall-clock seconds (WASI's clock is the host's).
fn wall_clock() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}
