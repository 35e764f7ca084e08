//! `ring-tmux stats [--since 7d] [--json]` and, sharing its reading of `events.jsonl`,
//! `ring-tmux digest`. The computation is [`ring_shared::stats`]'s.

use ring_shared::format::sanitize;
use ring_shared::stats::{self, human};
use std::process::ExitCode;

/// Per project: how many times sessions waited for you and how long (from events.jsonl).
#[derive(Debug, Clone, Default, PartialEq, clap::Args)]
pub struct Args {
    /// Only waits that began this long ago or later: a number with s, m, h or d (a bare number
    /// is minutes).
    #[arg(long, value_name = "DURATION", default_value = "7d", value_parser = duration)]
    pub since: f64,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `--since`'s value in seconds.
pub(crate) fn duration(text: &str) -> Result<f64, String> {
    ring_shared::duration::parse(text).ok_or_else(|| {
        "not a duration: use a number with s, m, h or d, e.g. 90s, 30m, 12h, 7d (a bare number is minutes)".to_owned()
    })
}

/// The sessions the board shows waiting now: the log's last `waiting` line outlives an agent
/// killed without SessionEnd, the board's liveness rules (process scan, `RING_PROCS` in
/// tests) do not.
pub(crate) fn waiting_now() -> std::collections::BTreeSet<String> {
    let env = crate::sys::env::Env::from_process();
    let config = crate::gather::read_config(&env.ring_home).0;
    crate::gather::load_board(&env, &config, false)
        .view
        .entries
        .into_iter()
        .filter(|e| e.status == ring_shared::registry::Status::Waiting)
        .map(|e| e.session_id)
        .collect()
}

pub fn run(args: Args) -> ExitCode {
    let (events, now) = crate::gather::events::read();
    let waiting = waiting_now();
    let rows = stats::stats_live(&events, now - args.since, now, |id| waiting.contains(id));
    if args.json {
        let doc = serde_json::json!({ "since_seconds": args.since, "projects": rows });
        println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        return ExitCode::SUCCESS;
    }
    if rows.is_empty() {
        println!("No waits in the last {}.", human(args.since));
        return ExitCode::SUCCESS;
    }
    let width = rows
        .iter()
        .map(|r| sanitize(&r.project).chars().count())
        .max()
        .unwrap_or(0)
        .max("PROJECT".len());
    println!(
        "{:<width$}  {:>5}  {:>8}  {:>8}  {:>8}",
        "PROJECT", "WAITS", "AVERAGE", "LONGEST", "TOTAL"
    );
    for r in &rows {
        let open = if r.open > 0 {
            format!("  ({} still waiting)", r.open)
        } else {
            String::new()
        };
        println!(
            "{:<width$}  {:>5}  {:>8}  {:>8}  {:>8}{open}",
            sanitize(&r.project),
            r.waits,
            human(r.average_seconds),
            human(r.longest_seconds),
            human(r.total_seconds),
        );
    }
    ExitCode::SUCCESS
}
