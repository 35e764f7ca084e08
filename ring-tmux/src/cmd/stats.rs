//! `ring-tmux stats [--since 7d] [--json]` and, sharing its reading of `events.jsonl`,
//! `ring-tmux digest`. The computation is [`ring_shared::stats`]'s.

use ring_shared::format::{display_width, sanitize};
use ring_shared::stats::{self, human};
use ring_shared::t;
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
    ring_shared::duration::parse(text).ok_or_else(|| t!("err-duration"))
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
        println!("{}", t!("stats-none", since = human(args.since)));
        return ExitCode::SUCCESS;
    }
    let headers = [
        t!("stats-project"),
        t!("stats-waits"),
        t!("stats-average"),
        t!("stats-longest"),
        t!("stats-total"),
    ];
    let cells: Vec<[String; 5]> = rows
        .iter()
        .map(|r| {
            [
                sanitize(&r.project),
                r.waits.to_string(),
                human(r.average_seconds),
                human(r.longest_seconds),
                human(r.total_seconds),
            ]
        })
        .collect();
    // Each column as wide as its widest cell or header, the number columns at least 5, then
    // 8 (CJK counts two: `10小時00分` is 10).
    let widths: Vec<usize> = [0, 5, 8, 8, 8]
        .into_iter()
        .enumerate()
        .map(|(i, least)| {
            cells
                .iter()
                .map(|c| display_width(&c[i]))
                .chain([least, display_width(&headers[i])])
                .max()
                .unwrap_or(least)
        })
        .collect();
    let line = |cells: [String; 5]| {
        let mut out = pad(&cells[0], widths[0], false);
        for (cell, width) in cells.iter().zip(&widths).skip(1) {
            out.push_str("  ");
            out.push_str(&pad(cell, *width, true));
        }
        out
    };
    println!("{}", line(headers.clone()));
    for (r, cells) in rows.iter().zip(cells) {
        let open = if r.open > 0 {
            format!("  {}", t!("stats-still-waiting", count = r.open))
        } else {
            String::new()
        };
        println!("{}{open}", line(cells));
    }
    ExitCode::SUCCESS
}

/// `text` padded with spaces to `width` terminal columns (CJK counts two), on the left when
/// `right` aligns it right.
fn pad(text: &str, width: usize, right: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(display_width(text)));
    if right {
        fill + text
    } else {
        format!("{text}{fill}")
    }
}
