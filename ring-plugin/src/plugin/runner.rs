//! Running `ring_tmux` (zellij's `run_command`) so that `zeroconf.json` stays fresh; what to
//! run and when is decided by the pure [`crate::zero_config`].

use super::{Host, Permission, State, wall_clock};
use crate::zero_config;
use std::collections::BTreeMap;
use std::path::PathBuf;
use zellij_tile::prelude::*;

/// The `ring-tmux` runs the plugin starts.
#[derive(Clone, Copy)]
enum Run {
    ZeroConfig,
    NotifyFlush,
}

impl State {
    /// Starts `ring-tmux oneline --all` when the layout names it, `RunCommands` is granted and the
    /// schedule says it is time. Costs nothing otherwise (no host call at all).
    pub(super) fn run_zero_config(&mut self) {
        self.run_on_schedule(Run::ZeroConfig);
    }

    /// Starts `ring-tmux notify --flush` (due notification timers, Codex waits promoted by
    /// the read side) on its own schedule, under the same conditions as the zero-config run.
    pub(super) fn run_notify_flush(&mut self) {
        self.run_on_schedule(Run::NotifyFlush);
    }

    /// One of the plugin's `ring-tmux` runs, when its schedule says it is time.
    fn run_on_schedule(&mut self, run: Run) {
        if self.permission != Permission::Granted {
            return;
        }
        let schedule = match run {
            Run::ZeroConfig => self.zero_config.as_mut(),
            Run::NotifyFlush => self.notify_flush.as_mut(),
        };
        let (Some(ring_tmux), Some(schedule)) = (self.settings.ring_tmux.as_deref(), schedule)
        else {
            return;
        };
        if !schedule.start(wall_clock()) {
            return;
        }
        let host = self
            .host_folder
            .get_or_insert_with(|| get_plugin_ids().initial_cwd.to_string_lossy().into_owned());
        let ring_home = zero_config::ring_home(
            self.settings.ring_home.as_deref(),
            Some(host.as_str()),
            self.host == Host::Ready && !self.no_sessions_folder,
        );
        let (command, context_value) = match run {
            Run::ZeroConfig => (
                zero_config::command(ring_tmux, ring_home.as_deref()),
                zero_config::CONTEXT_VALUE,
            ),
            Run::NotifyFlush => (
                zero_config::notify_command(ring_tmux, ring_home.as_deref()),
                zero_config::NOTIFY_CONTEXT_VALUE,
            ),
        };
        let argv: Vec<&str> = command.argv.iter().map(String::as_str).collect();
        let context = BTreeMap::from([(
            zero_config::CONTEXT_KEY.to_owned(),
            context_value.to_owned(),
        )]);
        // `/`: a folder that always exists; ring-tmux finds everything through HOME and
        // RING_HOME, never through its working directory.
        run_command_with_env_variables_and_cwd(&argv, command.env, PathBuf::from("/"), context);
    }

    /// A run came back: note a failure for the bar, and read the folder at once (the new
    /// `zeroconf.json` shows without waiting for the next tick; unchanged files cost a stat).
    pub(super) fn zero_config_finished(&mut self, exit_code: Option<i32>, stderr: &[u8]) -> bool {
        if let Some(schedule) = self.zero_config.as_mut() {
            schedule.finished();
        }
        self.zero_config_error = zero_config::failure(exit_code, stderr);
        self.refresh()
    }
}
