//! Conformance of the read side with RiNG 0.17.2: every recorded board read in
//! `compat/expected.json` is rebuilt from the rows RiNG wrote (decode → derive → board →
//! format) with the recorded clock, processes, hidden list, labels and file times, and compared.
//!
//! Deliberate differences (§10), applied to the expected side and printed:
//! * `null` in a row is absent: RiNG shows `"None"` for a null `tty`, `tmux_pane` or
//!   `last_action`; we show null / null / `—`.
//! * where RiNG crashed on a bad row, we skip that file and show the rest: there is no RiNG
//!   output to compare with, so ours is checked against the recorded row files (the files we
//!   skip are exactly the unreadable ones, the board shows exactly the readable rows; see
//!   `compat_read/crash.rs`).
//! * zero-config rows (scan, Codex threads, synthetic rows of live processes) are another
//!   module's work: whole zero-config scenarios are skipped by name, and elsewhere rows whose
//!   `source` is not `hook` are left out of the comparison (counts and `oneline` recomputed).
//! * tmux targets: rule 1 (the row's own pane id) and rule 2 (process-tree evidence, from the
//!   scenario's `tmux_panes` and `process_rows`) are compared; the cwd fallbacks (rules 3–4)
//!   never will exist: a row ours leaves unmapped while some pane has its cwd is not compared
//!   on `tmux_target` / `location`.
//!
//! Recorded outputs not compared here (I/O of ring-tmux, not of this pure read), printed as
//! notes:
//! * `gc_candidates` (the `gc_candidates` scenario): `ring-tmux gc`'s work. It is compared in
//!   ring-tmux/tests/it/gc_collect.rs (`dry_run_lists_ring_gc_candidates_and_changes_nothing`, on
//!   the same recorded registry); ring-tmux/tests/it/compat.rs skips it too, and says so.
//! * `rows_after_read` (the files a read deletes: SessionStart phantoms): used here as the
//!   next read's input only; ring-tmux/tests/it/compat.rs compares it after every read RiNG did
//!   not crash on.

use ring_shared::board::Board;
use ring_shared::config::Config;
use ring_shared::derive::{self, ReadContext, Session};
use ring_shared::format;
use ring_shared::registry::{DecodeError, Row, decode_row};
use ring_shared::view::{self, View};
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};

mod crash;
pub mod fakefs;
mod fixture;
pub mod suites;

use fixture::{
    Home, add_files, config_of, hidden_of, labels_of, panes_of, procs_of, replace_strings,
    row_files,
};

const COMPAT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../compat/");
/// The fake home: its last component is `home`, as in RiNG's recording (project of `$HOME`).
const HOME: &str = "/tmp/ring-compat/home";
const SESSIONS: &str = "$HOME/.config/ring/sessions/";

/// Scenario groups that are all zero-config rows (another module's work).
const SKIP_PREFIXES: [&str; 3] = ["scan_", "merge_", "codex_"];
const SKIP_NAMES: [(&str, &str); 1] = [(
    "config_active_window_and_threshold",
    "zero-config scan rows only",
)];

#[derive(Default)]
struct Tally {
    reads: usize,
    checks: usize,
    failures: Vec<String>,
    notes: BTreeSet<String>,
}

impl Tally {
    fn check(&mut self, what: String, ours: &Value, expected: &Value) {
        self.checks += 1;
        if ours != expected {
            self.failures.push(format!(
                "{what}\n  ours:     {ours}\n  expected: {expected}"
            ));
        }
    }
}

fn load(name: &str) -> Value {
    let text = std::fs::read_to_string(format!("{COMPAT}{name}")).expect("compat file readable");
    serde_json::from_str(&text).expect("compat file is JSON")
}

/// Replays the reads of one suite; returns the names skipped (with why).
fn replay_suite(scenarios: &Value, expected: &Value, tally: &mut Tally) -> Vec<String> {
    let by_name: BTreeMap<&str, &Value> = scenarios
        .as_array()
        .expect("scenario list")
        .iter()
        .map(|s| (s["name"].as_str().expect("name"), s))
        .collect();
    let mut skipped = Vec::new();
    for result in expected["results"].as_array().expect("results") {
        let name = result["name"].as_str().expect("name");
        let scenario = by_name[name];
        if let Some(prefix) = SKIP_PREFIXES.iter().find(|p| name.starts_with(*p)) {
            skipped.push(format!("{name}: zero-config group `{prefix}*`"));
            continue;
        }
        if let Some((_, why)) = SKIP_NAMES.iter().find(|(n, _)| *n == name) {
            skipped.push(format!("{name}: {why}"));
            continue;
        }
        replay(name, scenario, result, tally);
    }
    skipped
}

fn report(label: &str, tally: &Tally, skipped: &[String]) {
    for line in skipped {
        println!("skipped {line}");
    }
    for note in &tally.notes {
        println!("note: {note}");
    }
    println!(
        "{label}: {} reads, {} checks, {} failed, {} scenarios skipped",
        tally.reads,
        tally.checks,
        tally.failures.len(),
        skipped.len()
    );
}

#[test]
fn recorded_reads_match_ring() {
    let mut tally = Tally::default();
    let skipped = replay_suite(&load("scenarios.json"), &load("expected.json"), &mut tally);
    report("compat_read", &tally, &skipped);
    assert!(tally.reads > 80, "too few reads compared: {}", tally.reads);
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
}

#[test]
fn extra_recorded_reads_match_ring() {
    let mut failures = Vec::new();
    for (label, scenarios, expected) in suites::extra_suites() {
        let mut tally = Tally::default();
        let skipped = replay_suite(&scenarios, &expected, &mut tally);
        report(&label, &tally, &skipped);
        failures.extend(tally.failures.into_iter().map(|f| format!("{label}: {f}")));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn replay(name: &str, scenario: &Value, result: &Value, tally: &mut Tally) {
    let start = scenario["start_time"].as_f64().unwrap_or(1_700_000_000.0);
    let mut home = Home {
        rows: Map::new(),
        mtimes: BTreeMap::new(),
        hidden: BTreeMap::new(),
        original_pids: BTreeMap::new(),
    };
    add_files(&mut home, &scenario["files"], start);
    let config = config_of(scenario);
    let labels = labels_of(scenario);
    let steps = scenario["steps"].as_array().cloned().unwrap_or_default();
    let outcomes = result["steps"].as_array().cloned().unwrap_or_default();
    for (index, (step, outcome)) in steps.iter().zip(&outcomes).enumerate() {
        let clock = outcome["clock"].as_f64().unwrap_or(start);
        add_files(&mut home, &step["files"], clock);
        match step["action"].as_str() {
            Some("hide") => {
                let id = step["session_id"].as_str().expect("hide id");
                home.hidden.insert(id.to_owned(), clock);
            }
            Some("read") => {
                let what = format!("{name} step {index}");
                compare_read(
                    &what, scenario, step, outcome, &home, &config, &labels, tally,
                );
                if let Some(after) = outcome.get("hidden_after_read") {
                    home.hidden = hidden_of(after, clock);
                }
            }
            None => {
                // The hook un-hides its (qualified) id.
                if let Some(sid) = step["payload"]["session_id"].as_str() {
                    home.hidden
                        .retain(|id, _| id != sid && !id.ends_with(&format!(":{sid}")));
                }
            }
            Some(_) => {}
        }
        if let Some(rows) = outcome["rows"].as_object() {
            home.rows = rows.clone();
        }
    }
    home.rows = result["final_rows"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    home.hidden = hidden_of(&result["hidden"], start);
    let specs = scenario["reads"].as_array().cloned().unwrap_or_default();
    for (index, expected) in result["reads"].as_array().into_iter().flatten().enumerate() {
        let spec = specs.get(index).cloned().unwrap_or(Value::Null);
        let what = format!("{name} read {index}");
        if expected.get("gc_candidates").is_some() {
            tally.notes.insert(format!(
                "{what}: gc_candidates not compared (ring-tmux gc: ring-tmux/tests/it/gc_collect.rs)"
            ));
        }
        compare_read(
            &what, scenario, &spec, expected, &home, &config, &labels, tally,
        );
        if let Some(after) = expected["rows_after_read"].as_object() {
            home.rows = after.clone();
        }
        if let Some(after) = expected.get("hidden_after_read") {
            home.hidden = hidden_of(after, 0.0);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn compare_read(
    what: &str,
    scenario: &Value,
    spec: &Value,
    expected: &Value,
    home: &Home,
    config: &Config,
    labels: &BTreeMap<String, String>,
    tally: &mut Tally,
) {
    tally.reads += 1;
    tally.notes.insert(
        "rows_after_read not compared (the read's file deletions: ring-tmux/tests/it/compat.rs)"
            .to_owned(),
    );
    let clock = expected["clock"].as_f64().expect("read clock");
    let procs = procs_of(spec);
    let mut rows: Vec<Row> = Vec::new();
    let mut errors: Vec<(String, DecodeError)> = Vec::new();
    for (name, bytes) in row_files(home) {
        match decode_row(&bytes) {
            Ok(row) => rows.push(row),
            Err(err) => errors.push((name, err)),
        }
    }
    let links = fakefs::symlinks(scenario, HOME);
    let mtimes = &home.mtimes;
    let source_mtime = |path: &str| mtimes.get(path).copied();
    let ctx = ReadContext {
        now: clock,
        config,
        procs: &procs,
        hidden: &home.hidden,
        source_mtime: &source_mtime,
        realpath: &|path: &str| fakefs::realpath(path, &links),
    };
    if expected.get("hook_sessions_error").is_some() {
        tally.notes.insert(format!(
            "{what}: RiNG crashed; we skip the bad file(s) instead"
        ));
        let failed: Vec<String> = errors.iter().map(|(name, _)| name.clone()).collect();
        crash::check_skipped(what, home, &failed, tally);
    } else {
        let mut hook = derive::hook_sessions(rows.clone(), &ctx);
        hook.sort_by(|a, b| a.row.session_id.cmp(&b.row.session_id));
        let ours: Vec<Value> = hook.iter().map(hook_session_value).collect();
        let mut theirs = expected["hook_sessions"].clone();
        undo_none_quirk(&mut theirs, what, tally);
        tally.check(
            format!("{what} hook_sessions"),
            &Value::Array(ours),
            &theirs,
        );
    }
    // The read the front ends run: ring_shared::view::sessions (no zero-config rows here).
    let mut derived = view::sessions(view::Inputs {
        ctx,
        rows,
        zero_config: view::ZeroConfig::None,
        agents: &[],
    });
    derive::map_tmux_targets(&mut derived.sessions, None, &panes_of(scenario, spec));
    let (panes, tree) = tree_of(scenario, spec);
    let readable = crash::readable(home);
    derive::map_process_tree_targets(&mut derived.sessions, None, &tree, &|p: &str| p.to_owned());
    for (key, all) in [("oneline", config.show_all), ("oneline_all", true)] {
        let board = Board::build(
            derived.sessions.clone(),
            procs.agent_processes(),
            clock,
            all,
        );
        let json_key = key.replace("oneline", "json");
        let view = View::of_board(board, labels, HOME);
        compare_board(
            what,
            (&json_key, key, all),
            &view,
            &panes,
            (&expected[&json_key], &expected[key]),
            &readable,
            tally,
        );
    }
}

/// Compares one board (`json_key` / `oneline_key`, with or without `all`) with RiNG's.
#[allow(clippy::too_many_arguments)]
fn compare_board(
    what: &str,
    (json_key, oneline_key, all): (&str, &str, bool),
    view: &View,
    panes: &[derive::Pane],
    (expected_json, expected_oneline): (&Value, &Value),
    readable: &BTreeMap<String, String>,
    tally: &mut Tally,
) {
    let mut ours = format::json_value(view);
    replace_strings(&mut ours, HOME, "$HOME");
    ours.as_object_mut()
        .expect("board object")
        .remove("generated_at");
    let ring_keys = [
        "kind",
        "tmux_pane",
        "tmux_socket",
        "zellij_session",
        "zellij_pane",
    ];
    for session in ours["sessions"].as_array_mut().expect("sessions") {
        let map = session.as_object_mut().expect("session object");
        // RiNG 0.17.6's key (after `waiting_detail`), not in the 0.17.2 recordings.
        map.shift_remove("waiting_requests");
        let tail: Vec<&String> = map.keys().skip(map.len() - ring_keys.len()).collect();
        assert_eq!(tail, ring_keys, "{what}: ring's keys come after RiNG's");
        ring_keys.iter().for_each(|k| {
            map.shift_remove(*k);
        });
    }
    if expected_json.get("error").is_some() {
        tally.notes.insert(format!(
            "{what}: RiNG's {json_key} crashed; checked against the readable recorded rows"
        ));
        let what = format!("{what} {json_key}");
        crash::check_board(&what, all, &ours, &format::oneline(view), readable, tally);
        return;
    }
    let mut theirs = expected_json.clone();
    let mut their_oneline = expected_oneline.clone();
    let sessions = theirs["sessions"].as_array_mut().expect("sessions");
    let before = sessions.len();
    sessions.retain(|s| s["source"] == "hook");
    if sessions.len() != before {
        tally
            .notes
            .insert(format!("{what}: non-hook rows left out (zero-config)"));
        let mut counts = json!({"waiting": 0, "working": 0, "idle": 0, "ended": 0});
        for s in sessions.iter() {
            let status = s["status"].as_str().expect("status");
            counts[status] = json!(counts[status].as_u64().expect("count") + 1);
        }
        their_oneline = json!(crash::oneline_of_counts(&counts));
        theirs["counts"] = counts;
    }
    undo_none_quirk(&mut theirs["sessions"], what, tally);
    // Rules 3–4 (cwd fallbacks) do not exist here: a row we left unmapped while a pane has
    // its cwd may have been mapped by them in RiNG; its target and location are not compared.
    let unmapped: BTreeSet<String> = ours["sessions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|s| s["tmux_target"].is_null())
        .filter(|s| {
            panes
                .iter()
                .any(|p| Some(p.cwd.as_str()) == s["cwd"].as_str())
        })
        .filter_map(|s| s["session_id"].as_str().map(str::to_owned))
        .collect();
    if !unmapped.is_empty() {
        tally.notes.insert(format!(
            "{what}: cwd fallbacks (§4.10 rules 3-4) not compared for {unmapped:?}"
        ));
        for s in theirs["sessions"]
            .as_array_mut()
            .into_iter()
            .flatten()
            .chain(ours["sessions"].as_array_mut().into_iter().flatten())
        {
            let id = s["session_id"].as_str().unwrap_or_default().to_owned();
            let map = s.as_object_mut().expect("session");
            if unmapped.contains(&id) {
                map.remove("tmux_target");
                map.remove("location");
            }
        }
    }
    tally.check(format!("{what} {json_key}"), &ours, &theirs);
    tally.check(
        format!("{what} {oneline_key}"),
        &json!(format::oneline(view)),
        &their_oneline,
    );
}

/// RiNG shows a null `tty` / `tmux_pane` / `last_action` as the string `"None"`; we treat
/// null as absent (§10).
fn undo_none_quirk(sessions: &mut Value, what: &str, tally: &mut Tally) {
    for s in sessions.as_array_mut().into_iter().flatten() {
        for (key, ours) in [
            ("tty", Value::Null),
            ("tmux_pane", Value::Null),
            ("last_action", json!("—")),
        ] {
            if s.get(key) == Some(&json!("None")) {
                s[key] = ours;
                tally
                    .notes
                    .insert(format!("{what}: null {key} is absent, not \"None\""));
            }
        }
    }
}

/// The scenario's panes (with shell pids) and the process-tree evidence over its
/// `process_rows` (`{pid: [ppid, args]}`); a read's own `tmux_panes` / `process_rows` win.
fn tree_of(scenario: &Value, spec: &Value) -> (Vec<derive::Pane>, derive::PaneTree) {
    let pick = |key: &str| {
        if spec[key].is_null() {
            scenario[key].clone()
        } else {
            spec[key].clone()
        }
    };
    let text = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_owned();
    let panes: Vec<derive::Pane> = pick("tmux_panes")
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| derive::Pane {
            id: text(p, "pane_id"),
            cwd: text(p, "cwd"),
            target: text(p, "target"),
            pid: p["pane_pid"].as_u64().and_then(|n| u32::try_from(n).ok()),
        })
        .collect();
    let procs: Vec<derive::ProcRow> = pick("process_rows")
        .as_object()
        .into_iter()
        .flatten()
        .map(|(pid, entry)| derive::ProcRow {
            pid: pid.parse().expect("process_rows pid"),
            ppid: u32::try_from(entry[0].as_u64().expect("ppid")).expect("ppid fits"),
            args: entry[1].as_str().expect("args").to_owned(),
        })
        .collect();
    let tree = derive::PaneTree::new(&panes, &procs, &|p: &str| p.to_owned());
    (panes, tree)
}

fn hook_session_value(session: &Session) -> Value {
    let row = &session.row;
    let mut value = json!({
        "session_id": row.session_id,
        "provider": row.provider,
        "status": row.status.as_str(),
        "waiting_kind": row.waiting_kind,
        "waiting_detail": row.waiting_detail,
        "hook_stale": session.hook_stale,
        "cwd": row.cwd,
        "origin_cwd": row.origin_cwd,
        "tty": row.tty,
        "tmux_pane": row.tmux_pane,
        "last_active": row.last_active,
        "heartbeat_at": row.heartbeat_at,
        "last_action": row.last_action,
        "todo": row.todo.map(|(d, t)| json!([d, t])),
        "source_path": row.source_path,
        "hook_pid": row.hook_pid.map(|_| "<pid>"),
    });
    replace_strings(&mut value, HOME, "$HOME");
    value
}
