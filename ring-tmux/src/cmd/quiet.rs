//! `ring-tmux quiet` (issue 14).

use std::process::ExitCode;

/// Hold notifications back: on, off, or for a while; one summary when quiet ends.
///
/// Without an argument, says whether quiet is on and how many notes it holds.
#[derive(Debug, Clone, Default, PartialEq, clap::Args)]
pub struct Args {
    /// `on` (until `off`), `off` (the summary goes out now), or how long: 30m, 2h, 90s, 45 (minutes).
    #[arg(
        value_name = "on|off|DURATION",
        add = super::completions::words(&["on", "off", "30m", "1h"])
    )]
    pub when: Option<String>,
}

pub fn run(args: Args) -> ExitCode {
    crate::out::notify::cli::quiet(args.when.as_deref())
}
