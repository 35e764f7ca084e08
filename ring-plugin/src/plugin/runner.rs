//! Running `ring_tmux` (zellij's `run_command`): on a schedule so that `zeroconf.json` stays
//! fresh (what and when: the pure [`crate::zero_config`]), and for the board's acts (name,
//! hide, reply: the pure [`crate::board::act`]).

use super::{Host, Permission, State, wall_clock};
use crate::board::act::{self, Commands, Run as BoardRun};
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
        let (Some(ring_tmux), Some(schedule)) = (self.settings.ring_tmux.clone(), schedule) else {
            return;
        };
        if !schedule.start(wall_clock()) {
            return;
        }
        let ring_home = self.ring_home_for_runs();
        let (command, context_value) = match run {
            Run::ZeroConfig => (
                zero_config::command(&ring_tmux, ring_home.as_deref()),
                zero_config::CONTEXT_VALUE,
            ),
            Run::NotifyFlush => (
                zero_config::notify_command(&ring_tmux, ring_home.as_deref()),
                zero_config::NOTIFY_CONTEXT_VALUE,
            ),
        };
        let context = BTreeMap::from([(
            zero_config::CONTEXT_KEY.to_owned(),
            context_value.to_owned(),
        )]);
        start(&command, context);
    }

    /// The `RING_HOME` runs name: the layout's `ring_home`, else the plugin's `cwd` when it
    /// is a ring folder.
    fn ring_home_for_runs(&mut self) -> Option<String> {
        let host = self
            .host_folder
            .get_or_insert_with(|| get_plugin_ids().initial_cwd.to_string_lossy().into_owned());
        zero_config::ring_home(
            self.settings.ring_home.as_deref(),
            Some(host.as_str()),
            self.host == Host::Ready && !self.no_sessions_folder,
        )
    }

    /// Enter on a remote session: a floating pane running `ring-tmux jump --session ID`
    /// (with the plugin's `RING_HOME`), whose ssh attaches to the session's tmux pane on its
    /// host; the board closes. Without `ring_tmux`, the board says what to add. True: redraw.
    pub(super) fn open_remote(&mut self, session: &str) -> bool {
        let Some(ring_tmux) = self.settings.ring_tmux.clone() else {
            self.board.say(&ring_shared::t!("zj-no-ring-tmux-jump"));
            return true;
        };
        let ring_home = self.ring_home_for_runs();
        let command = act::jump_remote(&ring_tmux, ring_home.as_deref(), session);
        let mut run = CommandToRun::new(&command[0]);
        run.args = command[1..].to_vec();
        open_command_pane_floating(run, None, BTreeMap::new());
        close_self();
        false
    }

    /// Whether the board can run `ring-tmux`: the layout names it and zellij granted the
    /// permissions (`RunCommands` among them); else what to add.
    pub(super) fn board_commands(&self) -> Commands {
        if self.settings.ring_tmux.is_none() {
            return Commands::Missing(act::NO_RING_TMUX.to_owned());
        }
        match self.permission {
            Permission::Granted => Commands::Ready,
            Permission::Denied => Commands::Missing(act::NO_RUN_COMMANDS.to_owned()),
            Permission::Pending => Commands::Missing(act::PERMISSION_PENDING.to_owned()),
        }
    }

    /// Starts one of the board's runs; its result comes back with `seq` in the context.
    pub(super) fn run_for_board(&mut self, run: &BoardRun) {
        let Some(ring_tmux) = self.settings.ring_tmux.clone() else {
            return;
        };
        let ring_home = self.ring_home_for_runs();
        let mut command = zero_config::command(&ring_tmux, ring_home.as_deref());
        command.argv.truncate(1);
        command.argv.extend(run.command.args());
        let context = BTreeMap::from([
            (
                zero_config::CONTEXT_KEY.to_owned(),
                zero_config::BOARD_CONTEXT_VALUE.to_owned(),
            ),
            (BOARD_SEQ_KEY.to_owned(), run.seq.to_string()),
        ]);
        start(&command, context);
    }

    /// A board run came back: its outcome to the board, and the folder read at once (a new
    /// label, a hidden session show without waiting for the next tick).
    pub(super) fn board_run_finished(
        &mut self,
        exit_code: Option<i32>,
        stdout: &[u8],
        stderr: &[u8],
        context: &BTreeMap<String, String>,
    ) -> bool {
        let Some(seq) = context.get(BOARD_SEQ_KEY).and_then(|s| s.parse().ok()) else {
            return false;
        };
        let action = self.board.finished(seq, exit_code, stdout, stderr);
        let refreshed = self.refresh();
        self.act(action) || refreshed
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

/// The context key holding a board run's sequence number.
const BOARD_SEQ_KEY: &str = "seq";

fn start(command: &zero_config::Command, context: BTreeMap<String, String>) {
    let argv: Vec<&str> = command.argv.iter().map(String::as_str).collect();
    // `/`: a folder that always exists; ring-tmux finds everything through HOME and
    // RING_HOME, never through its working directory.
    run_command_with_env_variables_and_cwd(&argv, command.env.clone(), PathBuf::from("/"), context);
}
