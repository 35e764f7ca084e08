//! `ring-tmux stats` and `ring-tmux digest`, from `events.jsonl` (spec §3.11: one line per
//! status change, `{"ts", "session_id", "provider", "cwd", "status"}`, RiNG's and ring's).
//!
//! A wait is a `waiting` line until the next line of the same session (RiNG's `ring stats`);
//! one with no next line is still going and lasts until `now`. Pure: the caller reads the file.

use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// One line of `events.jsonl`.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub ts: f64,
    pub session_id: String,
    pub provider: String,
    pub cwd: String,
    pub status: String,
}

/// The lines that parse (an object with a numeric `ts`, a non-empty `session_id` and a
/// `status`), in file order; anything else (a torn last line, garbage) is skipped.
pub fn parse_events(text: &str) -> Vec<Event> {
    let s = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
    text.lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|v| {
            let event = Event {
                ts: v.get("ts").and_then(Value::as_f64)?,
                session_id: s(&v, "session_id"),
                provider: s(&v, "provider"),
                cwd: s(&v, "cwd"),
                status: s(&v, "status"),
            };
            (!event.session_id.is_empty() && !event.status.is_empty()).then_some(event)
        })
        .collect()
}

/// The project of a cwd (§4.12): its last path component, else the path itself.
pub fn project(cwd: &str) -> String {
    match cwd.rsplit('/').find(|p| !p.is_empty() && *p != ".") {
        Some(name) => name.to_owned(),
        None if cwd.is_empty() => "(no folder)".to_owned(),
        None => cwd.to_owned(),
    }
}

/// One wait: when it began, how long it lasted, whether it is still going.
#[derive(Debug, Clone, PartialEq)]
struct Wait<'a> {
    event: &'a Event,
    seconds: f64,
    open: bool,
}

fn waits(events: &[Event], now: f64) -> Vec<Wait<'_>> {
    events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.status == "waiting")
        .map(|(i, e)| {
            let next = events[i + 1..]
                .iter()
                .find(|n| n.session_id == e.session_id);
            let end = next.map_or(now, |n| n.ts);
            Wait {
                event: e,
                seconds: (end - e.ts).max(0.0),
                open: next.is_none(),
            }
        })
        .collect()
}

/// `stats` for one project.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProjectStats {
    pub project: String,
    /// Waits that began in the period.
    pub waits: usize,
    /// Of those, still waiting now.
    pub open: usize,
    pub average_seconds: f64,
    pub longest_seconds: f64,
    pub total_seconds: f64,
}

/// Per project, the waits that began at or after `since`; most total waiting first.
pub fn stats(events: &[Event], since: f64, now: f64) -> Vec<ProjectStats> {
    stats_live(events, since, now, |_| true)
}

/// [`stats`], where an unfinished wait counts as waiting now only when `waiting_now` says
/// its session still waits (the board's liveness: an agent killed without SessionEnd left
/// its last line `waiting` forever).
pub fn stats_live(
    events: &[Event],
    since: f64,
    now: f64,
    waiting_now: impl Fn(&str) -> bool,
) -> Vec<ProjectStats> {
    let mut by: BTreeMap<String, ProjectStats> = BTreeMap::new();
    for wait in waits(events, now)
        .into_iter()
        .filter(|w| w.event.ts >= since)
    {
        let name = project(&wait.event.cwd);
        let p = by.entry(name.clone()).or_insert_with(|| ProjectStats {
            project: name,
            waits: 0,
            open: 0,
            average_seconds: 0.0,
            longest_seconds: 0.0,
            total_seconds: 0.0,
        });
        p.waits += 1;
        p.open += usize::from(wait.open && waiting_now(&wait.event.session_id));
        p.total_seconds += wait.seconds;
        p.longest_seconds = p.longest_seconds.max(wait.seconds);
    }
    let mut out: Vec<ProjectStats> = by
        .into_values()
        .map(|mut p| {
            p.average_seconds = p.total_seconds / p.waits as f64;
            p
        })
        .collect();
    out.sort_by(|a, b| b.total_seconds.total_cmp(&a.total_seconds));
    out
}

/// `digest` for one session: what it did since `since`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionDigest {
    pub session_id: String,
    pub provider: String,
    pub project: String,
    /// Times it started waiting for you.
    pub waits: usize,
    /// How long it waited in all (an open wait until now).
    pub waited_seconds: f64,
    /// Its status at its last line (`waiting`: still waiting for you).
    pub status: String,
    /// When that last line was written.
    pub since_ts: f64,
}

/// Every session with a line at or after `since`, still-waiting ones first, then the most
/// recent.
pub fn digest(events: &[Event], since: f64, now: f64) -> Vec<SessionDigest> {
    let mut by: BTreeMap<&str, SessionDigest> = BTreeMap::new();
    for e in events.iter().filter(|e| e.ts >= since) {
        let d = by.entry(&e.session_id).or_insert_with(|| SessionDigest {
            session_id: e.session_id.clone(),
            provider: e.provider.clone(),
            project: project(&e.cwd),
            waits: 0,
            waited_seconds: 0.0,
            status: String::new(),
            since_ts: e.ts,
        });
        d.status.clone_from(&e.status);
        d.since_ts = e.ts;
    }
    for wait in waits(events, now)
        .into_iter()
        .filter(|w| w.event.ts >= since)
    {
        if let Some(d) = by.get_mut(wait.event.session_id.as_str()) {
            d.waits += 1;
            d.waited_seconds += wait.seconds;
        }
    }
    let mut out: Vec<SessionDigest> = by.into_values().collect();
    out.sort_by(|a, b| {
        (b.status == "waiting")
            .cmp(&(a.status == "waiting"))
            .then(b.since_ts.total_cmp(&a.since_ts))
    });
    out
}

/// Seconds as people read them, in the process's language (the catalogue's `duration-*`):
/// `45s`, `3m 20s`, `2h 05m`, `3d 4h` in English, `3分20秒` in Chinese. JSON keeps seconds.
pub fn human(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    let two = |n: u64| format!("{n:02}");
    match s {
        0..60 => crate::t!("duration-s", s = s.to_string()),
        60..3600 => crate::t!("duration-m-s", m = (s / 60).to_string(), s = two(s % 60)),
        3600..86400 => crate::t!(
            "duration-h-m",
            h = (s / 3600).to_string(),
            m = two(s % 3600 / 60)
        ),
        _ => crate::t!(
            "duration-d-h",
            d = (s / 86400).to_string(),
            h = (s % 86400 / 3600).to_string()
        ),
    }
}

#[cfg(test)]
mod tests;
