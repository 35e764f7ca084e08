//! The reads where RiNG crashed (`read_registry_null_last_active_crash`,
//! `read_registry_nondict_crash`): there is no RiNG output to compare with, so ours is checked
//! against the recorded row files instead. DESIGN: a corrupt row (non-object JSON, wrong types,
//! `null` times) is skipped and every other row is shown.

use super::Tally;
use super::fixture::Home;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

/// The recorded row files RiNG reads as rows (file name → session id): JSON objects with a
/// `session_id`, times absent or numeric, provider not a SessionStart phantom. Every other
/// `.json` file is unreadable (RiNG skipped it, deleted it or crashed on it).
pub fn readable(home: &Home) -> BTreeMap<String, String> {
    let time_ok = |v: Option<&Value>| match v {
        None => true,
        Some(Value::Number(_)) => true,
        Some(Value::String(s)) => s.trim().parse::<f64>().is_ok_and(f64::is_finite),
        Some(_) => false,
    };
    home.rows
        .iter()
        .filter(|(name, _)| name.ends_with(".json"))
        .filter_map(|(name, value)| {
            let row = value.as_object().filter(|o| !o.contains_key("__raw__"))?;
            let id = match row.get("session_id")? {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                _ => return None,
            };
            let provider = row.get("provider").and_then(Value::as_str).unwrap_or("");
            let phantom = ["startup", "resume", "clear", "compact"].contains(&provider);
            let times = time_ok(row.get("last_active")) && time_ok(row.get("heartbeat_at"));
            (times && !phantom).then(|| (name.clone(), id))
        })
        .collect()
}

/// The files our decoder refused are exactly the recorded unreadable ones.
pub fn check_skipped(what: &str, home: &Home, failed: &[String], tally: &mut Tally) {
    let readable = readable(home);
    let unreadable: BTreeSet<&String> = home
        .rows
        .keys()
        .filter(|name| name.ends_with(".json") && !readable.contains_key(*name))
        .collect();
    let failed: BTreeSet<&String> = failed.iter().collect();
    tally.check(
        format!("{what} bad files skipped"),
        &json!(failed),
        &json!(unreadable),
    );
}

/// `oneline` from a JSON board's counts: `<marker><count>` per non-zero state, board order.
pub fn oneline_of_counts(counts: &Value) -> String {
    [
        ("waiting", "🔴"),
        ("working", "🟢"),
        ("idle", "🟡"),
        ("ended", "⚫"),
    ]
    .iter()
    .filter_map(|(k, m)| {
        let n = counts[*k].as_u64().unwrap_or(0);
        (n != 0).then(|| format!("{m}{n}"))
    })
    .collect::<Vec<_>>()
    .join(" ")
}

/// Our board where RiNG's crashed: it shows exactly the readable rows (`--all`; without it,
/// a subset: ended ones are dropped), its counts are those of its sessions, and `oneline`
/// follows the counts.
pub fn check_board(
    what: &str,
    all: bool,
    ours: &Value,
    our_oneline: &str,
    readable: &BTreeMap<String, String>,
    tally: &mut Tally,
) {
    let sessions = ours["sessions"].as_array().cloned().unwrap_or_default();
    let ids: BTreeSet<&str> = sessions
        .iter()
        .filter_map(|s| s["session_id"].as_str())
        .collect();
    let readable: BTreeSet<&str> = readable.values().map(String::as_str).collect();
    let want: BTreeSet<&str> = if all {
        readable
    } else {
        ids.intersection(&readable).copied().collect()
    };
    tally.check(
        format!("{what} shows the readable rows"),
        &json!(ids),
        &json!(want),
    );
    let mut counts = json!({"waiting": 0, "working": 0, "idle": 0, "ended": 0});
    for s in &sessions {
        let status = s["status"].as_str().unwrap_or("?");
        counts[status] = json!(counts[status].as_u64().unwrap_or(0) + 1);
    }
    tally.check(
        format!("{what} counts follow the sessions"),
        &ours["counts"],
        &counts,
    );
    tally.check(
        format!("{what} oneline follows the counts"),
        &json!(our_oneline),
        &json!(oneline_of_counts(&counts)),
    );
}
