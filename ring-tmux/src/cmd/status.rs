//! `ring-tmux status`: the tmux status segment (`status-right`), and `--print` for ring.tmux.
//!
//! tmux runs it every status refresh, so `main` hands it to [`crate::out::status::parse_args`]
//! without clap (unknown arguments are ignored there: a status bar is no place for usage
//! errors). This definition is what `--help`, the completions and the man page show; the
//! tests below hold the two parsers to the same result.

use crate::out::status::{self, Repair};
use std::process::ExitCode;

/// The tmux status segment (for `status-right`): coloured counts per state.
///
/// Prints nothing when there are no sessions or anything fails, and exits 0; every few
/// seconds it also repairs pane options that drifted.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// The tmux server whose panes to repair (default: $TMUX's).
    #[arg(long, value_name = "PATH", allow_hyphen_values = true)]
    pub socket: Option<String>,
    /// Name the longest-waiting session's project: on or off (empty or other: config.toml's
    /// status_show_project).
    #[arg(
        long,
        value_name = "on|off",
        allow_hyphen_values = true,
        overrides_with = "no_project",
        add = super::completions::words(&["on", "off"])
    )]
    pub project: Option<String>,
    /// The same as --project off.
    #[arg(long, overrides_with = "project")]
    pub no_project: bool,
    /// Never repair pane options.
    #[arg(long, overrides_with = "repair_now")]
    pub no_repair: bool,
    /// Repair pane options now, however recently they were (ring.tmux's attach hook).
    #[arg(long, overrides_with = "no_repair")]
    pub repair_now: bool,
    /// Print a format for ring.tmux instead: window-badge, pane-badge or defaults.
    #[arg(
        long,
        value_name = "WHAT",
        allow_hyphen_values = true,
        add = super::completions::words(&["window-badge", "pane-badge", "defaults"])
    )]
    pub print: Option<String>,
    /// The server's @ring_gen: ring.tmux passes --gen=#{@ring_gen} so tmux runs the job again
    /// after every push, and the drift repair knows a push changed panes since its last run.
    #[arg(long = "gen", value_name = "N", allow_hyphen_values = true)]
    pub generation: Option<String>,
}

impl From<Args> for status::Args {
    fn from(args: Args) -> status::Args {
        let project = match (args.project, args.no_project) {
            (_, true) => Some(false),
            (Some(value), false) => status::project_value(&value),
            (None, false) => None,
        };
        let repair = if args.no_repair {
            Repair::Never
        } else if args.repair_now {
            Repair::Now
        } else {
            Repair::Throttled
        };
        status::Args {
            socket: args.socket.filter(|s| !s.is_empty()),
            project,
            repair,
            print: args.print,
            generation: args.generation.filter(|g| !g.is_empty()),
        }
    }
}

/// Prints the segment (or the `--print` text).
pub fn run(args: Args) -> ExitCode {
    status::run_parsed(&args.into())
}

#[cfg(test)]
mod tests {
    use crate::cmd::cli::{Cli, Command};
    use clap::Parser;

    fn by_clap(args: &[&str]) -> crate::out::status::Args {
        let argv = ["ring-tmux", "status"].iter().chain(args);
        match Cli::try_parse_from(argv).map(|cli| cli.command) {
            Ok(Command::Status(args)) => args.into(),
            other => panic!("clap: {other:?}"),
        }
    }

    fn by_hand(args: &[&str]) -> crate::out::status::Args {
        let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        crate::out::status::parse_args(&args)
    }

    /// Every flag clap declares, in each spelling the fast path must read the same way.
    const CASES: &[&[&str]] = &[
        &[],
        &["--socket", "/tmp/s"],
        &["--socket=/tmp/s", "--project=off"],
        &["--socket", ""],
        &["--socket", "/a", "--socket", "/b"],
        &["--project", ""],
        &["--project", "on"],
        &["--project", "yes"],
        &["--project", "1"],
        &["--project", "no"],
        &["--project", "maybe"],
        &["--no-project"],
        &["--no-project", "--project", "on"],
        &["--project", "on", "--no-project"],
        &["--no-repair"],
        &["--repair-now"],
        &["--no-repair", "--repair-now"],
        &["--repair-now", "--no-repair"],
        &["--repair-now", "--project", "on"],
        &["--print", "window-badge"],
        &["--print=pane-badge"],
        &["--print", "defaults", "--socket", "/s"],
        &["--gen=", "--socket", "/tmp/s"],
        &["--gen=12", "--project", "on"],
        &["--gen", "12", "--no-repair"],
        &[
            "--socket",
            "/s",
            "--project",
            "off",
            "--gen=3",
            "--repair-now",
        ],
    ];

    #[test]
    fn fast_path_and_clap_agree() {
        for case in CASES {
            assert_eq!(by_clap(case), by_hand(case), "status {case:?}");
        }
    }

    #[test]
    fn cases_cover_every_flag_clap_knows() {
        let command = crate::cmd::cli::command();
        let status = command
            .find_subcommand("status")
            .expect("status is a subcommand");
        for arg in status.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if long == "help" {
                continue;
            }
            let flag = format!("--{long}");
            assert!(
                CASES
                    .iter()
                    .flat_map(|c| c.iter())
                    .any(|a| *a == flag || a.starts_with(&format!("{flag}="))),
                "no case for {flag}"
            );
        }
    }
}
