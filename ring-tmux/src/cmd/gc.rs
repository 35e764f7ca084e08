//! `ring-tmux gc` (§8).

use ring_shared::t;
use std::process::ExitCode;

/// Remove ended and unreadable rows and stale files (only ring's own files).
///
/// Also prunes the hidden list; prints every file it removes (or would).
#[derive(Debug, Clone, Default, PartialEq, clap::Args)]
pub struct Args {
    /// Print what would be removed and change nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Ended rows must be at least this old: a number with s, m, h or d (a bare number is
    /// minutes, as everywhere in ring).
    #[arg(
        long,
        value_name = "DURATION",
        default_value = "7d",
        allow_hyphen_values = true,
        value_parser = duration
    )]
    pub older_than: f64,
    /// Remove every ended row, whatever its age.
    #[arg(long)]
    pub all_ended: bool,
}

/// `--older-than`'s value in seconds.
fn duration(text: &str) -> Result<f64, String> {
    ring_shared::duration::parse(text).ok_or_else(|| t!("err-duration"))
}

pub fn run(args: Args) -> ExitCode {
    let opts = crate::admin::gc::Options {
        older_than: args.older_than,
        all_ended: args.all_ended,
    };
    crate::admin::gc::run(opts, args.dry_run)
}
