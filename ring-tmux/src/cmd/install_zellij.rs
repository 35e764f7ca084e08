//! `ring-tmux install-zellij`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Install ring's zellij plugin, a layout with its bar, its permissions, and the board's key
/// (`Alt r` in zellij's config.kdl).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The plugin to install (default: next to this binary, else the workspace build).
    #[arg(long, value_name = "PATH")]
    pub plugin: Option<PathBuf>,
    /// Print what would be written and write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(args: Args) -> ExitCode {
    crate::admin::zellij::install_zellij(&crate::admin::zellij::InstallArgs {
        plugin: args.plugin,
        dry_run: args.dry_run,
    })
}
