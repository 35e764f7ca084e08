//! The human text of an explanation: what is shown, the rule (as docs/rules.md names it),
//! what decided, every step, the evidence, and what would change it. Every string that came
//! from a payload or a file is sanitized (control sequences stripped) before it is printed.

use super::Report;
use ring_shared::explain::{Decider, Step};
use ring_shared::format::sanitize;
use std::fmt::Write;

/// Where the rules are written out.
const RULES_PAGE: &str = "docs/rules.md";

/// The report as text, ending with a newline.
pub(crate) fn text(report: &Report) -> String {
    let e = &report.explanation;
    let now = report.now;
    let mut out = String::new();
    let provider = if e.provider.is_empty() {
        String::new()
    } else {
        format!(" ({})", sanitize(&e.provider))
    };
    let _ = writeln!(out, "session {}{provider}", sanitize(&e.session_id));
    let kind = if e.kind.is_empty() {
        String::new()
    } else {
        format!(" ({})", sanitize(&e.kind))
    };
    let hidden = if e.shown { "" } else { ", not on the board" };
    let _ = writeln!(out, "shows:   {}{kind}{hidden}", e.status.as_str());
    let _ = writeln!(out, "rule:    {}: {}", e.rule.title(), e.rule.what());
    // The page and the anchor apart: ring-shared's rules_doc test reads every literal link.
    let _ = writeln!(out, "         {}#{}", RULES_PAGE, e.rule.anchor());
    let _ = writeln!(out, "by:      {}", decider(&e.decided_by, now));
    let _ = writeln!(out, "\nhow it got there:");
    for (n, step) in e.steps.iter().enumerate() {
        let _ = writeln!(out, "  {}. {}", n + 1, step_line(step, now));
    }
    let _ = writeln!(out, "\nevidence:");
    evidence(&mut out, report);
    let _ = writeln!(out, "\nwhat would change it:");
    for line in &e.would_change {
        let _ = writeln!(out, "  - {line}");
    }
    out
}

fn step_line(step: &Step, now: f64) -> String {
    let kind = if step.kind.is_empty() {
        String::new()
    } else {
        format!(" ({})", sanitize(&step.kind))
    };
    format!(
        "§{} {} → {}{kind}: {}",
        step.rule.section(),
        step.rule.what(),
        step.status.as_str(),
        decider(&step.decided_by, now)
    )
}

/// `5 s ago`, `3 min ago`, `in 4 s`.
fn ago(at: f64, now: f64) -> String {
    let secs = now - at;
    let (n, unit) = match secs.abs() {
        s if s < 120.0 => (s, "s"),
        s if s < 7200.0 => (s / 60.0, "min"),
        s => (s / 3600.0, "h"),
    };
    if secs >= 0.0 {
        format!("{n:.0} {unit} ago")
    } else {
        format!("in {n:.0} {unit}")
    }
}

fn decider(by: &Decider, now: f64) -> String {
    match by {
        Decider::HookEvent { event, owner, at } => {
            let owner = if owner.is_empty() {
                String::new()
            } else {
                format!(" from {}", sanitize(owner))
            };
            format!("hook event {}{owner}, {}", sanitize(event), ago(*at, now))
        }
        Decider::Clock { idle, after } => {
            format!("the clock: no event for {idle:.0} s, past {after:.0} s")
        }
        Decider::ProcessGone { pid, start } => {
            format!("its agent process (pid {pid}, start {start}) is gone")
        }
        Decider::NoProcessInFolder { cwd } => format!(
            "no live agent process in {} or a folder above it",
            sanitize(cwd)
        ),
        Decider::TerminalGone { tty } => format!(
            "its terminal {} is not one of the folder's live agents'",
            sanitize(tty)
        ),
        Decider::MoreRowsThanProcesses { processes } => format!(
            "more sessions in the folder than its {processes} live agent process(es); the \
             most recent keep them"
        ),
        Decider::OwnState {
            provider,
            status,
            waiting_for,
            updated_at,
            pid,
        } => {
            let status = serde_json::to_value(status)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let waiting = if waiting_for.is_empty() {
                String::new()
            } else {
                format!(" ({})", sanitize(waiting_for))
            };
            format!(
                "{}'s own state: {status}{waiting}, {} (pid {pid})",
                sanitize(provider),
                ago(*updated_at, now)
            )
        }
        Decider::NewerSession { pid, start } => {
            format!("a later session of the same agent process (pid {pid}, start {start})")
        }
        Decider::ZeroConfig { kind, last_active } => format!(
            "zero-config {} source, last active {}",
            kind.as_str(),
            ago(*last_active, now)
        ),
        Decider::ScanRow { last_active } => format!(
            "the transcript moved on after the wait ({})",
            ago(*last_active, now)
        ),
        Decider::HiddenSince { hidden_at } => {
            format!("hidden {} (deleted_sessions.json)", ago(*hidden_at, now))
        }
        Decider::BackgroundAgentId => "the process scan names it a background agent".into(),
    }
}

fn evidence(out: &mut String, report: &Report) {
    let now = report.now;
    match &report.row_file {
        Some(row) => {
            let _ = writeln!(out, "  row file:    {}", sanitize(&row.path));
            let _ = writeln!(
                out,
                "               status {}, last event {} from {}, {}",
                row.status,
                sanitize(&row.last_event),
                sanitize(if row.last_event_owner.is_empty() {
                    "?"
                } else {
                    &row.last_event_owner
                }),
                ago(row.last_active, now)
            );
            if !row.waiting_kind.is_empty() || !row.waiting_detail.is_empty() {
                let _ = writeln!(
                    out,
                    "               waits: {} {}",
                    sanitize(&row.waiting_kind),
                    sanitize(&row.waiting_detail)
                );
            }
            for (owner, kind, since) in &row.waits {
                let _ = writeln!(
                    out,
                    "               open wait: {} {} since {}",
                    sanitize(owner),
                    sanitize(kind),
                    ago(*since, now)
                );
            }
            if let Some(pane) = &row.tmux_pane {
                let _ = writeln!(out, "               tmux pane {}", sanitize(pane));
            }
        }
        None => {
            let _ = writeln!(out, "  row file:    none (no hook event wrote one)");
        }
    }
    if report.events.is_empty() {
        let _ = writeln!(out, "  events.jsonl: no status change logged for it");
    } else {
        let _ = writeln!(
            out,
            "  events.jsonl: its last status changes (the log has no owners):"
        );
        for change in &report.events {
            let _ = writeln!(
                out,
                "               {} {}",
                sanitize(&change.status),
                ago(change.ts, now)
            );
        }
    }
    match &report.own_state {
        Some(own) => {
            let status = serde_json::to_value(own.status)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let alive = match own.alive {
                Some(true) => "its process runs",
                Some(false) => "its process is gone",
                None => "ring cannot tell whether its process runs: not used",
            };
            let _ = writeln!(
                out,
                "  own state:   {}: {status}{}, updated {} ({alive})",
                sanitize(&own.path),
                if own.waiting_for.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", sanitize(&own.waiting_for))
                },
                ago(own.updated_at, now)
            );
        }
        None => {
            let _ = writeln!(out, "  own state:   none read for this session");
        }
    }
    match &report.process {
        Some(p) => {
            let alive = match p.alive {
                Some(true) => "alive",
                Some(false) => "gone",
                None => "unknown (no process scan for this agent)",
            };
            let _ = writeln!(
                out,
                "  process:     pid {}, start {} (clock ticks since boot): {alive}",
                p.pid, p.start
            );
        }
        None => {
            let _ = writeln!(
                out,
                "  process:     the row names none (liveness goes by its folder)"
            );
        }
    }
    if let Some(z) = &report.zero_config {
        let tail = serde_json::to_value(z.tail)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  zero-config: {} source, last active {}, tail {tail}, {} live process(es) in \
             its folder",
            z.source.as_str(),
            ago(z.last_active, now),
            z.processes_in_folder
        );
    }
    if let Some(at) = report.session_end_at {
        let _ = writeln!(out, "  SessionEnd:  its hooks ended it {}", ago(at, now));
    }
}
