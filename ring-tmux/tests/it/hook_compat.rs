//! The write side against RiNG 0.17.2's recordings (`compat/`): every scenario made of hook
//! steps (and `hide` / `files` actions) is replayed through the real `ring-tmux hook` binary
//! with the recorded clock, and after each hook step the registry rows, the transitions
//! appended to `events.jsonl` and the number of "now waiting" notifications must equal
//! RiNG's. Then the payload log and the hidden list. Read steps are the read path's business
//! and are skipped (they change no file the later hook steps read in these scenarios);
//! scenarios with install/remove actions are skipped whole.
//!
//! Differences on purpose: the rules where ring follows the real agents
//! (`ring_shared::testing::ring_difference`: from such a step on, the fields it changes are
//! left out until they agree with RiNG's again, and everything else is still compared at
//! every step), ring's own row keys (`tmux_socket`, `zellij_*`, `agent_pid`) and RiNG
//! 0.17.6's per-owner keys (absent from the 0.17.2 recordings) are ignored, and steps where
//! RiNG crashed (exit ≠ 0) are not compared (ring does better).
//!
//! The same replay runs against RiNG 0.17.6's recording (`compat/expected-0.17.6.json`, issue
//! 29): there the per-owner keys are compared too (each wait's random `revision` and the
//! recorder's stand-in `agent_pid` left out; a documented difference of the status masks the
//! waits with it).

use crate::hook_support;

use hook_support::Home;
use ring_tmux::testing::hidden::epoch_to_iso;
use serde_json::{Map, Value, json};
use std::fs;
use std::path::Path;
use std::time::{Duration, UNIX_EPOCH};

const COMPAT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../compat");
const RING_KEYS: [&str; 9] = crate::compat::world::RING_ROW_KEYS;

fn load(name: &str) -> Value {
    let text = fs::read_to_string(Path::new(COMPAT).join(name)).expect("compat file");
    serde_json::from_str(&text).expect("compat JSON")
}

/// `$HOME` in scenario strings → the test's home, recursively.
fn expand(v: &Value, home: &str) -> Value {
    match v {
        Value::String(s) => Value::String(s.replace("$HOME", home)),
        Value::Array(a) => Value::Array(a.iter().map(|x| expand(x, home)).collect()),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), expand(x, home)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The test's home in our outputs → `$HOME`, as in the recordings.
fn contract(v: &Value, home: &str) -> Value {
    match v {
        Value::String(s) => Value::String(s.replace(home, "$HOME")),
        Value::Array(a) => Value::Array(a.iter().map(|x| contract(x, home)).collect()),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), contract(x, home)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn toml_value(v: &Value) -> String {
    match v {
        Value::String(s) => Value::String(s.clone()).to_string(),
        other => other.to_string(),
    }
}

fn write_files(files: &Value, home: &str, now: f64) {
    for f in files.as_array().into_iter().flatten() {
        let path = f["path"].as_str().expect("path").replace("$HOME", home);
        let path = Path::new(&path);
        if f.get("dir") == Some(&json!(true)) {
            fs::create_dir_all(path).expect("dir");
            continue;
        }
        fs::create_dir_all(path.parent().expect("parent")).expect("parent dir");
        let text = if let Some(t) = f.get("text") {
            t.as_str().expect("text").replace("$HOME", home)
        } else if let Some(j) = f.get("json") {
            expand(j, home).to_string()
        } else {
            let mut out = String::new();
            for line in f["lines"].as_array().expect("lines") {
                let (line, n) = match line.get("__repeat__") {
                    Some(n) => (&line["line"], n.as_u64().expect("count")),
                    None => (line, 1),
                };
                let text = match line {
                    Value::String(s) => s.clone(),
                    other => expand(other, home).to_string(),
                };
                for _ in 0..n {
                    out.push_str(&text);
                    out.push('\n');
                }
            }
            out
        };
        fs::write(path, text).expect("write file");
        if let Some(age) = f.get("age").and_then(Value::as_f64) {
            let mtime = UNIX_EPOCH + Duration::from_secs_f64(now - age);
            let file = fs::File::options().write(true).open(path).expect("open");
            file.set_modified(mtime).expect("mtime");
        }
    }
}

/// Keys of RiNG 0.17.6's rows that ring writes as 0.17.6 does, compared against its recording
/// (only ring's own keys are left out then, and each wait's `revision`: RiNG draws a random
/// one, ring derives it from the event).
const PER_OWNER: [&str; 5] = [
    "last_event_owner",
    "last_tool_use_id",
    "waiting_requests",
    "pending_permissions",
    "waiting_agent_id",
];

/// The rows with each wait's `revision` left out.
fn without_revisions(rows: &Value) -> Value {
    let mut rows = rows.clone();
    for row in rows
        .as_object_mut()
        .into_iter()
        .flat_map(|m| m.values_mut())
    {
        let waits = row
            .get_mut("waiting_requests")
            .and_then(Value::as_object_mut);
        for wait in waits.into_iter().flat_map(|m| m.values_mut()) {
            if let Some(w) = wait.as_object_mut() {
                w.remove("revision");
            }
        }
    }
    rows
}

fn rows(sessions: &Path, home_str: &str, per_owner: bool) -> Value {
    let mut out = Map::new();
    let Ok(entries) = fs::read_dir(sessions) else {
        return Value::Object(out);
    };
    let mut names: Vec<String> = entries
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    for name in names {
        let bytes = fs::read(sessions.join(&name)).expect("row");
        let mut row: Value =
            serde_json::from_slice(&bytes).unwrap_or(Value::String("<invalid>".into()));
        if let Some(m) = row.as_object_mut() {
            if m.get("hook_pid").is_some_and(Value::is_i64) {
                m.insert("hook_pid".into(), json!("<pid>"));
            }
            for k in RING_KEYS {
                if !(per_owner && PER_OWNER.contains(&k)) {
                    m.remove(k);
                }
            }
        }
        out.insert(name, contract(&row, home_str));
    }
    Value::Object(out)
}

fn hide(home: &Home, sid: &str, now: f64) {
    let path = home.home().join(".config/ring/deleted_sessions.json");
    let mut doc: Map<String, Value> = fs::read(&path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default();
    doc.insert(sid.into(), json!(epoch_to_iso(now).expect("iso")));
    fs::create_dir_all(path.parent().expect("parent")).expect("ring dir");
    fs::write(path, Value::Object(doc).to_string()).expect("hidden");
}

/// Replays one scenario; returns its mismatches.
/// `per_owner`: `expected` is RiNG 0.17.6's recording (its per-owner keys are compared).
fn replay(sc: &Value, expected: &Value, per_owner: bool) -> Vec<String> {
    let name = sc["name"].as_str().expect("name");
    let home = Home::new();
    let home_str = home.home().display().to_string();
    let ring = home.home().join(".config/ring");
    let mut now = sc
        .get("start_time")
        .and_then(Value::as_f64)
        .unwrap_or(hook_support::T0);
    let mut problems = Vec::new();
    // Fields a documented difference from RiNG (ring_shared::testing::ring_difference, checked
    // field by field in ring-shared's compat_write) lets differ, until they agree again.
    let mut masked: std::collections::BTreeSet<&'static str> = Default::default();
    if let Some(Value::Object(cfg)) = sc.get("config") {
        let text: String = cfg
            .iter()
            .map(|(k, v)| format!("{k} = {}\n", toml_value(v)))
            .collect();
        fs::create_dir_all(&ring).expect("ring");
        fs::write(ring.join("config.toml"), text).expect("config");
    }
    if let Some(text) = sc.get("config_text").and_then(Value::as_str) {
        fs::create_dir_all(&ring).expect("ring");
        fs::write(ring.join("config.toml"), text).expect("config");
    }
    if let Some(files) = sc.get("files") {
        write_files(files, &home_str, now);
    }
    let steps = sc["steps"].as_array().expect("steps");
    let want_steps = expected["steps"].as_array().expect("expected steps");
    for (i, (step, want)) in steps.iter().zip(want_steps).enumerate() {
        now += step
            .get("advance_seconds")
            .and_then(Value::as_f64)
            .unwrap_or(0.0);
        if let Some(files) = step.get("files") {
            write_files(files, &home_str, now);
        }
        match step.get("action").and_then(Value::as_str) {
            Some("hide") => {
                hide(&home, step["session_id"].as_str().expect("sid"), now);
                continue;
            }
            Some(_) => continue,
            None => {}
        }
        let mut args: Vec<String> = Vec::new();
        if let Some(p) = step.get("provider").and_then(Value::as_str) {
            args = vec!["--provider".into(), p.into()];
        }
        if let Some(a) = step.get("args").and_then(Value::as_array) {
            args = a
                .iter()
                .map(|v| v.as_str().expect("arg").to_owned())
                .collect();
        }
        let stdin = match (step.get("raw"), step.get("payload")) {
            (Some(Value::String(raw)), _) => raw.replace("$HOME", &home_str),
            (_, Some(p)) => expand(p, &home_str).to_string(),
            _ => String::new(),
        };
        let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut cmd = home.command(&arg_refs, now);
        cmd.env_remove("RING_HOME");
        for env in [sc.get("env"), step.get("env")].into_iter().flatten() {
            for (k, v) in env.as_object().expect("env") {
                match v.as_str() {
                    Some(v) => cmd.env(k, v),
                    None => cmd.env_remove(k),
                };
            }
        }
        if let Some(t) = step.get("process_tty").and_then(Value::as_str) {
            cmd.env("RING_AGENT_TTY", t);
        }
        if let Some(t) = step.get("controlling_tty").and_then(Value::as_str) {
            cmd.env("RING_STDIN_TTY", t);
        }
        let events_before = hook_support::read_lines(&ring.join("events.jsonl")).len();
        let notes_before = fs::read_to_string(ring.join("ring.log"))
            .unwrap_or_default()
            .matches(" now waiting (")
            .count();
        let out = cmd.write_stdin(stdin).output().expect("run hook");
        hook_support::assert_hook_contract(&out);
        if want["exit_code"] != json!(0) {
            continue;
        }
        let status_differed = masked.contains("status");
        let rang_differently = masked.contains("waiting_notified_at");
        if let Some(difference) = ring_shared::testing::ring_difference(step) {
            // A documented difference of the status is one of the wait too (0.17.6's keys).
            if per_owner && difference.fields.contains(&"status") {
                masked.insert("waiting_requests");
            }
            masked.extend(difference.fields);
        }
        let got_rows = without_revisions(&rows(&ring.join("sessions"), &home_str, per_owner));
        // The stand-in's `agent_pid` (compat/README.md) is one of ring's own keys.
        let want_rows = without_revisions(&crate::compat::without(&want["rows"], &["agent_pid"]));
        masked.extend(crate::compat::carried(&got_rows, &want_rows));
        let fields: Vec<&str> = masked.iter().copied().collect();
        let (ours, theirs) = (
            crate::compat::without(&got_rows, &fields),
            crate::compat::without(&want_rows, &fields),
        );
        if ours != theirs {
            problems.push(format!(
                "{name} step {i}: rows (without {fields:?})\n  got  {ours}\n  want {theirs}"
            ));
        }
        masked.retain(|field| !crate::compat::agrees(&got_rows, &want_rows, field));
        if status_differed || fields.contains(&"status") {
            // The status differs by a documented rule: so may its log and its notification.
            continue;
        }
        let events = hook_support::read_lines(&ring.join("events.jsonl"));
        let got_t = contract(&Value::Array(events[events_before..].to_vec()), &home_str);
        if got_t != want["transitions"] {
            problems.push(format!(
                "{name} step {i}: transitions\n  got  {got_t}\n  want {}",
                want["transitions"]
            ));
        }
        let notes = fs::read_to_string(ring.join("ring.log"))
            .unwrap_or_default()
            .matches(" now waiting (")
            .count();
        let want_notes = want["notified"].as_array().map_or(0, Vec::len);
        // After a documented rule rang at another step, the cooldown differs too.
        if !rang_differently && notes - notes_before != want_notes {
            problems.push(format!(
                "{name} step {i}: {} notifications, want {want_notes}",
                notes - notes_before
            ));
        }
    }
    if let Some(Value::Array(want_log)) = expected.get("payload_log") {
        let got = hook_support::read_lines(&ring.join("hook_payloads.jsonl"));
        if contract(&Value::Array(got.clone()), &home_str) != Value::Array(want_log.clone()) {
            problems.push(format!(
                "{name}: payload log\n  got  {got:?}\n  want {want_log:?}"
            ));
        }
    }
    if let Some(want_hidden) = expected.get("hidden").filter(|h| !h.is_null()) {
        let got: Value = fs::read(ring.join("deleted_sessions.json"))
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or(json!({}));
        if &got != want_hidden {
            problems.push(format!("{name}: hidden {got} want {want_hidden}"));
        }
    }
    problems
}

#[test]
fn hook_steps_match_rings_recordings() {
    replay_all("expected.json", false);
}

/// The same scenarios against RiNG 0.17.6's recording (`compat/expected-0.17.6.json`, see
/// compat/README.md), its per-owner keys compared too.
#[test]
fn hook_steps_match_ring_0_17_6s_recordings() {
    replay_all("expected-0.17.6.json", true);
}

fn replay_all(recording: &str, per_owner: bool) {
    let scenarios = load("scenarios.json");
    let expected = load(recording);
    let results = expected["results"].as_array().expect("results");
    let mut problems = Vec::new();
    let mut replayed = 0;
    for sc in scenarios.as_array().expect("scenarios") {
        let skip = sc["steps"].as_array().expect("steps").iter().any(|s| {
            matches!(
                s.get("action").and_then(Value::as_str),
                Some("install_hooks" | "remove_hooks")
            )
        });
        if skip {
            continue;
        }
        let want = results
            .iter()
            .find(|r| r["name"] == sc["name"])
            .expect("recorded result");
        problems.extend(replay(sc, want, per_owner));
        replayed += 1;
    }
    assert!(replayed > 80, "only {replayed} scenarios replayed");
    assert!(
        problems.is_empty(),
        "{} mismatches:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
