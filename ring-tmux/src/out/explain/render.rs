//! The human text of an explanation: what is shown, the rule (as docs/rules.md names it),
//! what decided, every step, the evidence, and what would change it, in the user's language
//! (`explain-*` in the catalogue; rule ids, anchors, event names, paths and the values quoted
//! from rows stay as they are). Every string that came from a payload or a file is sanitized
//! (control sequences stripped) before it is printed.

use super::Report;
use ring_shared::explain::{Decider, Step};
use ring_shared::format::{display_width, sanitize, status_label};
use ring_shared::i18n::lang;
use ring_shared::t;
use ring_shared::view::Kind;
use std::fmt::Write;

/// Where the rules are written out.
const RULES_PAGE: &str = "docs/rules.md";
/// The column the explanation's values start at (`shows:   `).
const HEAD: usize = 9;
/// The column the evidence's values start at, after its two-space indent (`row file:    `).
const EVIDENCE: usize = 13;
/// The indent of the evidence's continuation lines.
const MORE: &str = "               ";

/// `label:` padded with spaces to `width` columns, and at least one space after it.
fn label(text: &str, width: usize) -> String {
    let head = format!("{text}:");
    let pad = width.saturating_sub(display_width(&head)).max(1);
    format!("{head}{}", " ".repeat(pad))
}

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
    let session = t!("explain-session");
    let _ = writeln!(out, "{session} {}{provider}", sanitize(&e.session_id));
    // The kind's label, as the boards show it (`--json` keeps the `waiting_kind` value).
    let kind = if e.kind.is_empty() {
        String::new()
    } else {
        let label = Kind::label_of(&e.kind);
        format!(" ({label})")
    };
    let shown = format!("{}{kind}", status_label(e.status));
    let shown = if e.shown {
        shown
    } else {
        t!("explain-shows-hidden", shown = shown)
    };
    let _ = writeln!(out, "{}{shown}", label(&t!("explain-shows"), HEAD));
    let here = lang();
    let _ = writeln!(
        out,
        "{}{}: {}",
        label(&t!("explain-rule"), HEAD),
        e.rule.title(here),
        e.rule.what(here)
    );
    // The page and the anchor apart: ring-shared's rules_doc test reads every literal link.
    let _ = writeln!(
        out,
        "{}{}#{}",
        " ".repeat(HEAD),
        RULES_PAGE,
        e.rule.anchor()
    );
    let by = decider(&e.decided_by, now);
    let _ = writeln!(out, "{}{by}", label(&t!("explain-by"), HEAD));
    let _ = writeln!(out, "\n{}", t!("explain-steps"));
    for (n, step) in e.steps.iter().enumerate() {
        let _ = writeln!(out, "  {}. {}", n + 1, step_line(step, now));
    }
    let _ = writeln!(out, "\n{}", t!("explain-evidence"));
    evidence(&mut out, report);
    let _ = writeln!(out, "\n{}", t!("explain-would"));
    for would in &e.would_change {
        let _ = writeln!(out, "  - {}", would.text_in(here));
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
        step.rule.what(lang()),
        status_label(step.status),
        decider(&step.decided_by, now)
    )
}

/// `5 s ago`, `3 min ago`, `in 4 s`.
fn ago(at: f64, now: f64) -> String {
    let secs = now - at;
    let (n, unit) = match secs.abs() {
        s if s < 120.0 => (s, t!("explain-unit-s")),
        s if s < 7200.0 => (s / 60.0, t!("explain-unit-min")),
        s => (s / 3600.0, t!("explain-unit-h")),
    };
    let n = format!("{n:.0}");
    if secs >= 0.0 {
        t!("explain-ago", n = n, unit = unit)
    } else {
        t!("explain-in", n = n, unit = unit)
    }
}

/// A serde enum's name as its JSON says it (`waiting`, `transcript`).
fn json_name(value: impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// ` (detail)`, or nothing when `detail` is empty.
fn aside(detail: &str) -> String {
    if detail.is_empty() {
        String::new()
    } else {
        format!(" ({})", sanitize(detail))
    }
}

fn decider(by: &Decider, now: f64) -> String {
    match by {
        Decider::HookEvent { event, owner, at } => {
            let (event, ago) = (sanitize(event), ago(*at, now));
            if owner.is_empty() {
                t!("explain-by-hook", event = event, ago = ago)
            } else {
                let owner = sanitize(owner);
                t!(
                    "explain-by-hook-from",
                    event = event,
                    owner = owner,
                    ago = ago
                )
            }
        }
        Decider::Clock { idle, after } => t!(
            "explain-by-clock",
            idle = format!("{idle:.0}"),
            after = format!("{after:.0}")
        ),
        Decider::ProcessGone { pid, start } => t!(
            "explain-by-process-gone",
            pid = pid.to_string(),
            start = start.to_string()
        ),
        Decider::NoProcessInFolder { cwd } => t!("explain-by-no-process", cwd = sanitize(cwd)),
        Decider::TerminalGone { tty } => t!("explain-by-terminal-gone", tty = sanitize(tty)),
        Decider::MoreRowsThanProcesses { processes } => {
            t!("explain-by-more-rows", processes = processes.to_string())
        }
        Decider::OwnState {
            provider,
            status,
            waiting_for,
            updated_at,
            pid,
        } => t!(
            "explain-by-own-state",
            provider = sanitize(provider),
            status = json_name(status),
            waiting = aside(waiting_for),
            ago = ago(*updated_at, now),
            pid = pid.to_string()
        ),
        Decider::NewerSession { pid, start } => t!(
            "explain-by-newer-session",
            pid = pid.to_string(),
            start = start.to_string()
        ),
        Decider::ZeroConfig { kind, last_active } => t!(
            "explain-by-zero-config",
            source = kind.as_str(),
            ago = ago(*last_active, now)
        ),
        Decider::ScanRow { last_active } => t!("explain-by-scan-row", ago = ago(*last_active, now)),
        Decider::HiddenSince { hidden_at } => t!("explain-by-hidden", ago = ago(*hidden_at, now)),
        Decider::BackgroundAgentId => t!("explain-by-background"),
    }
}

/// One evidence line: `  label:  text`.
fn line(out: &mut String, name: &str, text: &str) {
    let _ = writeln!(out, "  {}{text}", label(name, EVIDENCE));
}

fn evidence(out: &mut String, report: &Report) {
    let now = report.now;
    let row_file = t!("explain-ev-row-file");
    match &report.row_file {
        Some(row) => {
            line(out, &row_file, &sanitize(&row.path));
            let owner = if row.last_event_owner.is_empty() {
                "?"
            } else {
                &row.last_event_owner
            };
            let said = t!(
                "explain-ev-row",
                status = row.status.as_str(),
                event = sanitize(&row.last_event),
                owner = sanitize(owner),
                ago = ago(row.last_active, now)
            );
            let _ = writeln!(out, "{MORE}{said}");
            if !row.waiting_kind.is_empty() || !row.waiting_detail.is_empty() {
                let waits = t!(
                    "explain-ev-waits",
                    kind = sanitize(&row.waiting_kind),
                    detail = sanitize(&row.waiting_detail)
                );
                let _ = writeln!(out, "{MORE}{waits}");
            }
            for (owner, kind, since) in &row.waits {
                let open = t!(
                    "explain-ev-open-wait",
                    owner = sanitize(owner),
                    kind = sanitize(kind),
                    ago = ago(*since, now)
                );
                let _ = writeln!(out, "{MORE}{open}");
            }
            if let Some(pane) = &row.tmux_pane {
                let pane = t!("explain-ev-pane", pane = sanitize(pane));
                let _ = writeln!(out, "{MORE}{pane}");
            }
        }
        None => line(out, &row_file, &t!("explain-ev-no-row")),
    }
    if report.events.is_empty() {
        line(out, "events.jsonl", &t!("explain-ev-no-events"));
    } else {
        line(out, "events.jsonl", &t!("explain-ev-events"));
        for change in &report.events {
            let at = ago(change.ts, now);
            let _ = writeln!(out, "{MORE}{} {at}", sanitize(&change.status));
        }
    }
    let own_state = t!("explain-ev-own-state");
    match &report.own_state {
        Some(own) => {
            let alive = match own.alive {
                Some(true) => t!("explain-ev-own-runs"),
                Some(false) => t!("explain-ev-own-gone"),
                None => t!("explain-ev-own-unknown"),
            };
            let said = t!(
                "explain-ev-own",
                path = sanitize(&own.path),
                status = json_name(own.status),
                waiting = aside(&own.waiting_for),
                ago = ago(own.updated_at, now),
                alive = alive
            );
            line(out, &own_state, &said);
        }
        None => line(out, &own_state, &t!("explain-ev-no-own")),
    }
    let process = t!("explain-ev-process");
    match &report.process {
        Some(p) => {
            let alive = match p.alive {
                Some(true) => t!("explain-ev-alive"),
                Some(false) => t!("explain-ev-gone"),
                None => t!("explain-ev-unknown"),
            };
            let said = t!(
                "explain-ev-proc",
                pid = p.pid.to_string(),
                start = p.start.to_string(),
                alive = alive
            );
            line(out, &process, &said);
        }
        None => line(out, &process, &t!("explain-ev-no-process")),
    }
    if let Some(z) = &report.zero_config {
        let said = t!(
            "explain-ev-zero",
            source = z.source.as_str(),
            ago = ago(z.last_active, now),
            tail = json_name(z.tail),
            processes = z.processes_in_folder.to_string()
        );
        line(out, "zero-config", &said);
    }
    if let Some(at) = report.session_end_at {
        line(
            out,
            "SessionEnd",
            &t!("explain-ev-session-end", ago = ago(at, now)),
        );
    }
}
