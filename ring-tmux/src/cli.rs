//! Command-line definitions.

use clap::{Parser, Subcommand};

/// ring: which AI coding-agent sessions need you, in tmux and zellij.
#[derive(Debug, Parser)]
#[command(name = "ring-tmux", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Record one agent hook event read from stdin (always exits 0, prints nothing).
    Hook {
        /// `PROVIDER`, `--provider PROVIDER` or `--provider=PROVIDER` (RiNG's rules).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// RiNG's `--format oneline`: counts per state, e.g. `🔴2 🟢1 🟡3`.
    Oneline {
        /// Include ended sessions.
        #[arg(long)]
        all: bool,
    },
    /// RiNG's `--format json` board, with ring's keys added.
    Json {
        /// Include ended sessions.
        #[arg(long)]
        all: bool,
    },
    /// A readable board: state, kind and detail, project, idle time, location.
    List {
        /// Include ended sessions.
        #[arg(long)]
        all: bool,
    },
    /// The tmux status segment (for `status-right`).
    Status {
        /// Options passed by ring.tmux (see `ring-tmux status --help`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Switch the tmux client to the session that has waited longest (again: the next one).
    Jump {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Open a tmux menu of all sessions; selecting one jumps to it.
    Menu {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Install ring's hook into Claude Code (and Codex when ~/.codex exists).
    InstallHooks {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Remove ring's hook entries, keeping every other hook.
    RemoveHooks {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Install the zellij plugin, a layout and its permissions.
    InstallZellij {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Check the installation; says how to fix each problem.
    Doctor {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Remove ended and unreadable rows (only ring's own files).
    Gc {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    // Notifications (issue 14): ring_tmux::notify::cli.
    /// Notifications: `--test` sends one through each configured channel and reports each.
    Notify {
        /// Send a test notification through each configured channel.
        #[arg(long)]
        test: bool,
        /// Send what is due (debounce, quiet, reminders, Codex waits); prints nothing.
        #[arg(long)]
        flush: bool,
    },
    /// Quiet mode: `on`, `off` or a duration (`30m`); notifications wait, then one summary.
    Quiet {
        /// `on`, `off`, or how long (`30m`, `2h`, `90s`); none: show whether quiet is on.
        when: Option<String>,
    },
}
