//! The command line: one clap definition that knows every subcommand and every flag, so
//! each `--help`, the shell completions (`ring-tmux completions SHELL`) and the man page
//! (`ring-tmux man`) come from the same place. Each subcommand is one module of
//! [`crate::cmd`] (its `Args` and its `run`).
//!
//! `main` skips clap for `hook`, `oneline [--all]` and `status` (they run every event or
//! every status refresh, and building the parser costs more than the work); those fast
//! paths parse the same flags this definition declares, and tests hold the two together.
//!
//! A new command: a module in `cmd/` and a line in `commands!` below.

use crate::cmd;
use crate::sys::voice;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::ffi::OsString;
use std::process::ExitCode;

/// Which AI coding-agent sessions wait for you, in tmux and zellij.
#[derive(Debug, Parser)]
#[command(
    name = "ring-tmux",
    version,
    after_help = "Without a command: the board (the live board inside tmux, else `list`).\n\
                  Exit status: 0 ok, 1 failure, 2 usage error. Errors read \
                  `ring-tmux: <what>; <what to do>` on stderr."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands, each a variant holding its module's `Args` and run by its `run`.
macro_rules! commands {
    ($($variant:ident => $module:ident,)*) => {
        #[derive(Debug, Subcommand)]
        pub enum Command {
            $($variant(cmd::$module::Args),)*
        }

        impl Command {
            /// Runs the command.
            pub fn run(self) -> ExitCode {
                match self {
                    $(Command::$variant(args) => cmd::$module::run(args),)*
                }
            }
        }
    };
}

commands! {
    Hook => hook,
    Oneline => oneline,
    Json => json,
    List => list,
    Status => status,
    Jump => jump,
    Menu => menu,
    Board => board,
    Reply => reply,
    Name => name,
    Hide => hide,
    Explain => explain,
    Unhide => unhide,
    Stats => stats,
    Digest => digest,
    InstallHooks => install_hooks,
    RemoveHooks => remove_hooks,
    Uninstall => uninstall,
    InstallZellij => install_zellij,
    Doctor => doctor,
    Gc => gc,
    Completions => completions,
    Notify => notify,
    Quiet => quiet,
    Serve => serve,
    Man => man,
    Remote => remote,
}

/// The whole definition, built (every subcommand knows its `ring-tmux SUB` name).
pub fn command() -> clap::Command {
    let mut command = Cli::command();
    command.build();
    command
}

/// [`command`] speaking the process's language (`--help`, usage errors); completions and man
/// pages use [`command`], in English.
pub fn localized() -> clap::Command {
    crate::cmd::cli_lang::localize(Cli::command())
}

/// The long help of one subcommand (`hook --help` on the hook's own fast path).
pub fn help(subcommand: &str) -> String {
    let mut command = localized();
    match command.find_subcommand_mut(subcommand) {
        Some(sub) => sub.render_long_help().to_string(),
        None => command.render_long_help().to_string(),
    }
}

/// Parses `argv` (program name first) and runs the command. A usage error is printed in
/// ring's voice (`ring-tmux: <what>; see `ring-tmux SUB --help``) and exits 2.
pub fn main(argv: Vec<OsString>) -> ExitCode {
    cmd::completions::complete_if_asked();
    if argv.len() == 1 {
        return bare();
    }
    let first = argv.get(1).and_then(|a| a.to_str()).map(str::to_owned);
    let parsed = localized()
        .try_get_matches_from(argv)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    match parsed {
        Ok(cli) => cli.command.run(),
        Err(err) => {
            let subcommand = first.filter(|a| command().find_subcommand(a).is_some());
            usage_error(&err, subcommand.as_deref())
        }
    }
}

/// A bare `ring-tmux` shows the board, as RiNG's bare `ring` does: the live board inside
/// tmux on a terminal (what the menu key opens), else the table of `ring-tmux list`.
fn bare() -> ExitCode {
    use std::io::IsTerminal;
    let in_tmux = std::env::var_os("TMUX").is_some_and(|t| !t.is_empty());
    if in_tmux && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        Command::Board(cmd::board::Args::default()).run()
    } else {
        Command::List(cmd::list::Args::default()).run()
    }
}

/// Help and version go to stdout with 0; everything else is one line in ring's voice
/// with 2.
fn usage_error(err: &clap::Error, subcommand: Option<&str>) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(voice::USAGE))
        }
        _ => {
            let (what, fix) = crate::cmd::cli_lang::usage_error(err, subcommand)
                .unwrap_or_else(|| usage_message(&err.render().to_string(), subcommand));
            voice::usage(&what, &fix)
        }
    }
}

/// Splits clap's rendered error (`error: …`, `tip: …`, `Usage: …`) into ring's
/// `<what>` and `<what to do>`.
pub fn usage_message(rendered: &str, subcommand: Option<&str>) -> (String, String) {
    let mut what = String::new();
    let mut tips = Vec::new();
    // clap lists what is missing on the lines after `error: … not provided:`.
    let mut missing = Vec::new();
    let mut listing = false;
    for line in rendered.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("error: ") {
            what = rest.trim_end_matches(':').to_owned();
            listing = rest.ends_with(':');
        } else if listing && !line.is_empty() {
            missing.push(line.to_owned());
        } else {
            listing = false;
            if let Some(tip) = line.strip_prefix("tip: ") {
                tips.push(tip.to_owned());
            }
        }
    }
    if !missing.is_empty() {
        what = format!("{what}: {}", missing.join(", "));
    }
    if what.is_empty() {
        what = rendered
            .lines()
            .next()
            .unwrap_or("bad usage")
            .trim()
            .to_owned();
    }
    let help = match subcommand {
        Some(sub) => format!("see `ring-tmux {sub} --help`"),
        None => "see `ring-tmux --help`".to_owned(),
    };
    tips.push(help);
    (what, tips.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn usage_message_keeps_clap_s_error_and_tip() {
        let rendered = "error: unexpected argument '--dry' found\n\n  tip: a similar argument exists: '--dry-run'\n\nUsage: ring-tmux gc --dry-run\n\nFor more information, try '--help'.\n";
        let (what, fix) = usage_message(rendered, Some("gc"));
        assert_eq!(what, "unexpected argument '--dry' found");
        assert_eq!(
            fix,
            "a similar argument exists: '--dry-run'; see `ring-tmux gc --help`"
        );
    }

    #[test]
    fn usage_message_names_the_missing_arguments() {
        let rendered = "error: the following required arguments were not provided:\n  <SESSION>\n  <LABEL>\n\nUsage: ring-tmux name <SESSION> <LABEL>\n\nFor more information, try '--help'.\n";
        let (what, fix) = usage_message(rendered, Some("name"));
        assert_eq!(
            what,
            "the following required arguments were not provided: <SESSION>, <LABEL>"
        );
        assert_eq!(fix, "see `ring-tmux name --help`");
    }
}
