//! `ring-tmux digest [--since 4h] [--json]`: what happened while you were away.

use super::stats::duration;
use crate::gather::events::read as events;
use ring_shared::format::{sanitize, status_label};
use ring_shared::registry::Status;
use ring_shared::stats::{self, human};
use ring_shared::t;
use std::process::ExitCode;

/// What happened while you were away: each session's waits and where it is now.
#[derive(Debug, Clone, Default, PartialEq, clap::Args)]
pub struct Args {
    /// How far back to look: a number with s, m, h or d (a bare number is minutes).
    #[arg(long, value_name = "DURATION", default_value = "4h", value_parser = duration)]
    pub since: f64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> ExitCode {
    let (events, now) = events();
    let rows = stats::digest(&events, now - args.since, now);
    if args.json {
        let doc = serde_json::json!({ "since_seconds": args.since, "sessions": rows });
        println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        return ExitCode::SUCCESS;
    }
    if rows.is_empty() {
        println!("{}", t!("digest-none", since = human(args.since)));
        return ExitCode::SUCCESS;
    }
    let waiting = rows.iter().filter(|r| r.status == "waiting").count();
    let waits: usize = rows.iter().map(|r| r.waits).sum();
    println!(
        "{}",
        t!(
            "digest-summary",
            since = human(args.since),
            sessions = rows.len(),
            waits = waits,
            waiting = waiting
        )
    );
    for r in &rows {
        let state = match r.status.as_str() {
            "waiting" => t!("digest-waiting", wait = human(now - r.since_ts)),
            other => t!(
                "digest-since",
                state = Status::parse(other).map_or_else(|| sanitize(other), status_label),
                ago = human(now - r.since_ts)
            ),
        };
        let waited = if r.waits > 0 {
            t!(
                "digest-waited",
                count = r.waits,
                total = human(r.waited_seconds)
            )
        } else {
            String::new()
        };
        println!(
            "  {}  {}  {state}{waited}",
            sanitize(&r.project),
            sanitize(&r.session_id)
        );
    }
    ExitCode::SUCCESS
}
