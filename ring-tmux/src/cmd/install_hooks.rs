//! `ring-tmux install-hooks`.

use ring_shared::t;
use std::path::PathBuf;
use std::process::ExitCode;

/// Install ring's hook into each coding agent found on this machine: Claude Code, Codex,
/// Gemini CLI, GitHub Copilot CLI, opencode and Cursor.
///
/// An agent is found by its folder in HOME (~/.claude, ~/.codex, ~/.gemini, …) or its
/// program on PATH; the others are named and skipped. Shows the change and asks first
/// (--yes for scripts: without a terminal and without --yes, nothing is written).
/// Idempotent; a timestamped backup precedes every write; every other hook and setting is
/// kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Print the exact change and write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Write without asking (for scripts).
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Install for this agent only, found or not (claude, codex, gemini, opencode, copilot,
    /// cursor); repeat for several.
    #[arg(long, value_name = "NAME")]
    pub agent: Vec<String>,
    /// Replace RiNG's `ring hook` entries by ring-tmux's (both write the same rows).
    #[arg(long)]
    pub replace_ring: bool,
    /// The ring-tmux binary the hooks run (default: this binary).
    #[arg(long, value_name = "PATH")]
    pub binary: Option<PathBuf>,
}

/// Installs the hooks (not with a `--binary` that is no file: every agent event would run
/// a command that is not there).
pub fn run(args: Args) -> ExitCode {
    if let Some(binary) = &args.binary
        && !binary.is_file()
    {
        return crate::sys::voice::usage(
            &t!(
                "err-binary-not-a-file",
                path = crate::sys::printable::path(binary)
            ),
            &t!("err-binary-not-a-file-fix"),
        );
    }
    crate::admin::install::install_hooks(&crate::admin::install::InstallArgs {
        dry_run: args.dry_run,
        yes: args.yes,
        agent: args.agent,
        replace_ring: args.replace_ring,
        binary: args.binary,
    })
}
