//! `ring-tmux completions SHELL`: the shell completion script, generated from the clap
//! definition ([`crate::cli`]) so it always knows every subcommand and flag.

use std::process::ExitCode;

/// Print the completion script for a shell.
///
/// bash: `ring-tmux completions bash > ~/.local/share/bash-completion/completions/ring-tmux`;
/// zsh: `ring-tmux completions zsh > "${fpath[1]}/_ring-tmux"`;
/// fish: `ring-tmux completions fish > ~/.config/fish/completions/ring-tmux.fish`.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Writes the script to stdout.
pub fn run(args: Args) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(
        args.shell,
        &mut crate::cli::command(),
        "ring-tmux",
        &mut script,
    );
    if args.shell == clap_complete::Shell::Bash {
        script = fix_bash(&String::from_utf8_lossy(&script)).into_bytes();
    }
    super::man::print(&script)
}

/// clap_complete 4.6 spells a hyphenated binary's subcommand states two ways in bash: the
/// loop that reads the words arrives at `ring__tmux__subcmd__gc`, the `case` arms are named
/// `ring__subcmd__tmux__subcmd__gc`, so no subcommand's flags ever complete
/// (clap-rs/clap#6421). Names the arms the way the loop does; a no-op once clap is fixed.
fn fix_bash(script: &str) -> String {
    script.replace("ring__subcmd__tmux", "ring__tmux")
}
