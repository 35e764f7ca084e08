//! zellij's events: what each one changes in the plugin's state, and which ones wake the
//! timer back to its interval.

use super::convert::{board_key, palette, panes};
use super::{Host, Permission, SNAPSHOT_TRIES, State, wall_clock};
use crate::bar;
use crate::settings::Mode;
use crate::tab_badge::{self, Tab};
use crate::theme::Theme;
use crate::zero_config;
use ring_shared::Status;
use std::path::PathBuf;
use zellij_tile::prelude::*;

/// Whether `event` is something happening, which brings the timer back to the configured
/// interval (`Pace::wake`). Not the timer, not a hidden plugin, and not the results of the
/// plugin's own scheduled `ring-tmux` runs: those come every few seconds whatever happens
/// (a new `zeroconf.json` is seen by the scan, which wakes it then).
pub(super) fn wakes(event: &Event) -> bool {
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
    pub(super) fn handle(&mut self, event: Event) -> bool {
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

    pub(super) fn request_permissions(&self) {
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
}
