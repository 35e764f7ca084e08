//! Conformance of the zero-config rows with RiNG 0.17.2: replays the `scan_*`, `merge_*`,
//! `codex_*`, `live_*`, `read_counts_follow_filter` and `config_active_window_and_threshold`
//! scenarios of `compat/` through the pure functions of `ring_shared::scan`, with injected
//! files, mtimes, Codex threads and processes, and compares the board with RiNG's `json`,
//! `json_all`, `oneline` and `oneline_all`.
//!
//! The hook rows are taken from the recorded `hook_sessions` of each read (the hook rows after
//! RiNG's read-side rules §4.2–§4.3, tested elsewhere); everything else is computed here:
//! scan rows, synthetic rows, Codex rows, the merge (§4.7), hidden sessions and background
//! agents (§4.8–§4.9), the sort and the filter (§4.11). A scenario's `tmux_panes` and
//! `process_rows` feed §4.10 rules 1–2 (the live-slot evidence of §4.4 and the targets); the
//! cwd fallbacks (rules 3–4) do not exist in ring, so a row left unmapped while some pane has
//! its cwd is not compared on `location`.

use ring_shared::config::Config;
use ring_shared::derive::{
    self, Pane, PaneTree, Proc, ProcRow, Procs, ReadContext, Session, Source,
};
use ring_shared::registry::{Row, Status};
use ring_shared::scan::{
    self, CodexThread, RolloutFacts, TranscriptFacts, finish, merge_sources, order_threads,
};
use ring_shared::transcript::{TAIL_BYTES, parse_tail};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

use crate::compat_read::{fakefs, suites};

const SCENARIOS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../compat/scenarios.json");
const EXPECTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../compat/expected.json");
const PREFIXES: [&str; 4] = ["scan_", "merge_", "codex_", "live_"];
const SINGLES: [&str; 2] = [
    "read_counts_follow_filter",
    "config_active_window_and_threshold",
];
const HOME: &str = "$HOME";
const HEAD_BYTES: usize = 128 * 1024;

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(path).expect("compat file");
    serde_json::from_str(&text).expect("compat JSON")
}

fn list<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// A file of the scenario's fake home: path (with `$HOME`), bytes, mtime.
struct FakeFile {
    path: String,
    bytes: Vec<u8>,
    mtime: f64,
}

fn file_bytes(spec: &Value) -> Vec<u8> {
    if let Some(text) = spec.get("text").and_then(Value::as_str) {
        return text.as_bytes().to_vec();
    }
    if let Some(value) = spec.get("json") {
        return value.to_string().into_bytes();
    }
    let mut out = String::new();
    for line in list(spec, "lines") {
        let (count, line) = match line.get("__repeat__").and_then(Value::as_u64) {
            Some(n) => (n, &line["line"]),
            None => (1, line),
        };
        let text = match line {
            Value::String(raw) => raw.clone(),
            other => other.to_string(),
        };
        for _ in 0..count {
            out.push_str(&text);
            out.push('\n');
        }
    }
    out.into_bytes()
}

fn add_files(files: &mut Vec<FakeFile>, specs: &[Value], clock: f64) {
    for spec in specs {
        let path = spec["path"].as_str().expect("file path").to_owned();
        let mtime = clock - spec.get("age").and_then(Value::as_f64).unwrap_or(0.0);
        files.retain(|f| f.path != path);
        files.push(FakeFile {
            path,
            bytes: file_bytes(spec),
            mtime,
        });
    }
}

/// The tail records of a file, as RiNG's reader sees them (§3.7).
fn tail(bytes: &[u8]) -> Vec<ring_shared::transcript::Record> {
    let limit = TAIL_BYTES as usize;
    if bytes.len() > limit {
        parse_tail(&bytes[bytes.len() - limit..], true)
    } else {
        parse_tail(bytes, false)
    }
}

fn transcripts(files: &[FakeFile]) -> Vec<TranscriptFacts> {
    let prefix = format!("{HOME}/.claude/projects/");
    let mut found: Vec<&FakeFile> = files
        .iter()
        .filter(|f| f.path.starts_with(&prefix) && f.path.ends_with(".jsonl"))
        .collect();
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
        .into_iter()
        .filter_map(|f| {
            let (dir, name) = f.path[prefix.len()..].split_once('/')?;
            let id = name.strip_suffix(".jsonl")?;
            let head = &f.bytes[..f.bytes.len().min(HEAD_BYTES)];
            Some(TranscriptFacts::from_records(
                id,
                dir,
                f.mtime,
                &tail(&f.bytes),
                head,
            ))
        })
        .collect()
}

fn threads(scenario: &Value, start: f64) -> Vec<CodexThread> {
    let text = |t: &Value, k: &str| t.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
    let mut out: Vec<CodexThread> = list(scenario, "codex_threads")
        .iter()
        .filter(|t| t.get("archived").and_then(Value::as_i64).unwrap_or(0) == 0)
        .map(|t| {
            let updated = start - t.get("age").and_then(Value::as_f64).unwrap_or(0.0);
            CodexThread {
                id: text(t, "id"),
                cwd: text(t, "cwd"),
                title: text(t, "title"),
                preview: text(t, "preview"),
                updated_at: t
                    .get("updated_at")
                    .and_then(Value::as_f64)
                    .unwrap_or(updated),
                updated_at_ms: t
                    .get("updated_at_ms")
                    .and_then(Value::as_i64)
                    .unwrap_or((updated * 1000.0) as i64),
                rollout_path: text(t, "rollout_path"),
            }
        })
        .collect();
    order_threads(&mut out);
    out
}

fn procs(read: &Value) -> Procs {
    let mut procs = Procs::default();
    if let Some(Value::Object(by)) = read.get("procs") {
        for (provider, value) in by {
            let live = value.as_array().map(|items| {
                items
                    .iter()
                    .map(|pair| Proc {
                        cwd: pair[0].as_str().unwrap_or("").to_owned(),
                        tty: pair[1]
                            .as_str()
                            .filter(|t| !t.is_empty())
                            .map(str::to_owned),
                        ..Default::default()
                    })
                    .collect()
            });
            procs.by_provider.insert(provider.clone(), live);
        }
    }
    procs.background_agent_ids = list(read, "background_agent_ids")
        .iter()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    procs
}

fn config(scenario: &Value) -> Config {
    if let Some(text) = scenario.get("config_text").and_then(Value::as_str) {
        return Config::parse(text).0;
    }
    match scenario.get("config") {
        Some(value) => {
            let table = toml::Value::try_from(value).expect("config as TOML");
            Config::parse(&toml::to_string(&table).expect("TOML text")).0
        }
        None => Config::default(),
    }
}

/// A recorded `hook_sessions` entry back as a hook session.
fn hook_session(v: &Value) -> Session {
    let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    let mut row = Row::new(text("session_id").expect("session_id"));
    row.provider = text("provider").unwrap_or_default();
    row.status = Status::parse(v["status"].as_str().expect("status")).expect("status name");
    row.waiting_kind = text("waiting_kind").unwrap_or_default();
    row.waiting_detail = text("waiting_detail").unwrap_or_default();
    row.cwd = text("cwd").unwrap_or_default();
    row.origin_cwd = text("origin_cwd").unwrap_or_default();
    row.tty = text("tty");
    row.tmux_pane = text("tmux_pane");
    row.last_active = v["last_active"].as_f64().expect("last_active");
    row.heartbeat_at = v["heartbeat_at"].as_f64().unwrap_or(row.last_active);
    row.last_action = text("last_action").unwrap_or_default();
    row.source_path = text("source_path").unwrap_or_default();
    row.todo = v["todo"].as_array().map(|t| {
        (
            t[0].as_i64().expect("todo done"),
            t[1].as_i64().expect("todo total"),
        )
    });
    let mut session = Session::from_hook(row);
    session.hook_stale = v["hook_stale"].as_bool().unwrap_or(false);
    session
}

/// Python `round(x, 1)` for the idle seconds of these scenarios (whole or .5 values).
fn round1(x: f64) -> f64 {
    (x * 10.0).round_ties_even() / 10.0
}

fn project(row: &Row) -> String {
    let base = if row.origin_cwd.is_empty() {
        &row.cwd
    } else {
        &row.origin_cwd
    };
    let name = ring_shared::text::basename(base);
    if name.is_empty() {
        base.clone()
    } else {
        name.to_owned()
    }
}

/// The JSON fields our rows decide, in RiNG's key names.
fn view(s: &Session, now: f64) -> Value {
    let row = &s.row;
    let location = s.tmux_target.clone().unwrap_or_else(|| {
        row.cwd
            .strip_prefix(HOME)
            .map_or_else(|| row.cwd.clone(), |rest| format!("~{rest}"))
    });
    json!({
        "session_id": row.session_id,
        "provider": row.provider,
        "project": project(row),
        "status": row.status.as_str(),
        "waiting_kind": row.waiting_kind,
        "hook_stale": s.hook_stale,
        "heartbeat_at": if s.source == Source::Hook { row.heartbeat_at } else { 0.0 },
        "cwd": row.cwd,
        "location": location,
        "tty": row.tty,
        "idle_seconds": round1(s.idle_seconds(now)),
        "last_active": row.last_active,
        "last_action": row.last_action,
        "waiting_detail": row.waiting_detail,
        "todo": row.todo.map(|(d, t)| json!({"done": d, "total": t})),
        "source": s.source.as_str(),
    })
}

fn expected_view(s: &Value) -> Value {
    let keys = [
        "session_id",
        "provider",
        "project",
        "status",
        "waiting_kind",
        "hook_stale",
        "heartbeat_at",
        "cwd",
        "location",
        "tty",
        "idle_seconds",
        "last_active",
        "last_action",
        "waiting_detail",
        "todo",
        "source",
    ];
    let map: Map<String, Value> = keys
        .iter()
        .map(|k| ((*k).to_owned(), s.get(*k).cloned().unwrap_or(Value::Null)))
        .collect();
    Value::Object(map)
}

fn oneline(sessions: &[Session]) -> String {
    // Through the View every front end renders (the sessions are already the shown ones).
    let options = ring_shared::view::Options {
        now: 0.0,
        all: true,
        agent_processes: 0,
        labels: &BTreeMap::new(),
        home: "",
    };
    ring_shared::format::oneline(&ring_shared::view::View::build(sessions.to_vec(), &options))
}

/// Marks a row ours leaves unmapped where RiNG's cwd fallbacks may map it (not compared).
const CWD_FALLBACK: &str = "<cwd fallback: not compared>";

/// The panes and process rows of a read (its own `tmux_panes` / `process_rows` win over the
/// scenario's), as pure inputs of §4.10 rules 1–2.
fn tmux_of(scenario: &Value, read: &Value) -> (Vec<Pane>, PaneTree) {
    let pick = |key: &str| read.get(key).or_else(|| scenario.get(key)).cloned();
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
    let panes: Vec<Pane> = pick("tmux_panes")
        .as_ref()
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|p| Pane {
            id: text(p, "pane_id"),
            cwd: text(p, "cwd"),
            target: text(p, "target"),
            pid: p
                .get("pane_pid")
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok()),
        })
        .collect();
    let procs: Vec<ProcRow> = pick("process_rows")
        .as_ref()
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(pid, entry)| ProcRow {
            pid: pid.parse().expect("process_rows pid"),
            ppid: u32::try_from(entry[0].as_u64().expect("ppid")).expect("ppid fits"),
            args: entry[1].as_str().expect("args").to_owned(),
        })
        .collect();
    let tree = PaneTree::new(&panes, &procs, &|p: &str| p.to_owned());
    (panes, tree)
}

/// One board read: hook sessions (recorded) + zero-config rows → merge → finish → sort.
fn board(
    scenario: &Value,
    files: &[FakeFile],
    read: &Value,
    recorded: &Value,
    hidden: &BTreeMap<String, f64>,
) -> Vec<Session> {
    let now = recorded["clock"].as_f64().expect("read clock");
    let start = scenario
        .get("start_time")
        .and_then(Value::as_f64)
        .unwrap_or(1_700_000_000.0);
    let config = config(scenario);
    let procs = procs(read);
    let links = fakefs::symlinks(scenario, HOME);
    let ctx = ReadContext {
        now,
        config: &config,
        procs: &procs,
        hidden,
        source_mtime: &|_| None,
        realpath: &|p| fakefs::realpath(p, &links),
    };
    let mut rollout = |path: &str| {
        files
            .iter()
            .find(|f| f.path == path)
            .map(|f| RolloutFacts::from_records(&tail(&f.bytes)))
            .unwrap_or_default()
    };
    let (panes, tree) = tmux_of(scenario, read);
    let identity = |p: &str| p.to_owned();
    let evidence = |id: &str, cwd: &str| tree.target(id, "claude-code", cwd, &identity).is_some();
    let zero = scan::zero_config_rows(
        &transcripts(files),
        &threads(scenario, start),
        &mut rollout,
        &ctx,
        &evidence,
        scan::EndedRows::All,
    );
    let hook = list(recorded, "hook_sessions")
        .iter()
        .map(hook_session)
        .collect();
    let mut sessions = merge_sources(hook, zero);
    finish(&mut sessions, &ctx);
    // ring's own rows for an unprompted Codex TUI: RiNG has none (tested in `scan`).
    sessions.retain(|s| {
        !s.row
            .session_id
            .starts_with(ring_shared::testing::CODEX_SYNTHETIC)
    });
    let pane_targets: Vec<(String, String)> = panes
        .iter()
        .map(|p| (p.id.clone(), p.target.clone()))
        .collect();
    derive::map_tmux_targets(&mut sessions, None, &pane_targets);
    derive::map_process_tree_targets(&mut sessions, None, &tree, &identity);
    // Rules 3-4 would have given these rows a pane by cwd in RiNG: shown by cwd instead.
    for s in &mut sessions {
        if s.tmux_target.is_none() && panes.iter().any(|p| p.cwd == s.row.cwd) {
            s.tmux_target = Some(CWD_FALLBACK.to_owned());
        }
    }
    sessions.sort_by(|a, b| {
        (a.row.status.rank(), a.idle_seconds(now))
            .partial_cmp(&(b.row.status.rank(), b.idle_seconds(now)))
            .expect("idle seconds are numbers")
    });
    sessions
}

/// Replays one scenario; returns the mismatches.
fn replay(scenario: &Value, expected: &Value) -> Vec<String> {
    let name = scenario["name"].as_str().unwrap_or("?");
    let mut clock = scenario
        .get("start_time")
        .and_then(Value::as_f64)
        .unwrap_or(1_700_000_000.0);
    let mut files = Vec::new();
    add_files(&mut files, list(scenario, "files"), clock);
    for step in list(scenario, "steps") {
        clock += step
            .get("advance_seconds")
            .and_then(Value::as_f64)
            .unwrap_or(0.0);
        add_files(&mut files, list(step, "files"), clock);
    }
    let reads = list(scenario, "reads");
    let default_read = [json!({})];
    let reads = if reads.is_empty() {
        &default_read[..]
    } else {
        reads
    };
    let mut problems = Vec::new();
    // The hidden list before each read: RiNG's after the steps, then after each read.
    let hidden_of = |v: &Value| {
        let bytes = serde_json::to_vec(v).expect("hidden serializes");
        ring_shared::derive::parse_hidden(&bytes, clock, 0).at
    };
    let mut hidden = hidden_of(&expected["hidden"]);
    for (i, (read, recorded)) in reads.iter().zip(list(expected, "reads")).enumerate() {
        let sessions = board(scenario, &files, read, recorded, &hidden);
        if let Some(after) = recorded.get("hidden_after_read") {
            hidden = hidden_of(after);
        }
        let now = recorded["clock"].as_f64().expect("read clock");
        let shown: Vec<Session> = sessions
            .iter()
            .filter(|s| s.row.status != Status::Ended)
            .cloned()
            .collect();
        let mut lines = BTreeMap::new();
        for (key, ours, line) in [
            ("json_all", &sessions, "oneline_all"),
            ("json", &shown, "oneline"),
        ] {
            // ring shows one row per agent (`scan::finish`): RiNG's synthetic rows beside a
            // live hook row of their folder are not expected (§9 quirk 8).
            let mut board = recorded[key].clone();
            let links = fakefs::symlinks(scenario, HOME);
            let realpath = |p: &str| fakefs::realpath(p, &links);
            let taken = ring_shared::testing::one_row_per_agent(&mut board, &realpath);
            lines.insert(
                line,
                if taken > 0 {
                    ring_shared::testing::oneline_of_counts(&board)
                } else {
                    recorded[line].as_str().unwrap_or("").to_owned()
                },
            );
            let mut want: Vec<Value> = list(&board, "sessions").iter().map(expected_view).collect();
            let got: Vec<Value> = ours.iter().map(|s| view(s, now)).collect();
            for (w, g) in want.iter_mut().zip(&got) {
                if g["location"] == CWD_FALLBACK {
                    w["location"] = json!(CWD_FALLBACK);
                }
            }
            if want != got {
                problems.push(format!(
                    "{name} read {i} {key}:\n  want {}\n  got  {}",
                    Value::Array(want),
                    Value::Array(got)
                ));
            }
        }
        for (key, ours) in [("oneline_all", &sessions), ("oneline", &shown)] {
            let want = lines[key].as_str();
            let got = oneline(ours);
            if want != got {
                problems.push(format!("{name} read {i} {key}: want {want:?} got {got:?}"));
            }
        }
    }
    problems
}

/// Replays the zero-config scenarios of one suite: (names replayed, problems).
fn replay_suite(scenarios: &Value, expected: &Value) -> (Vec<String>, Vec<String>) {
    let results: BTreeMap<&str, &Value> = list(expected, "results")
        .iter()
        .filter_map(|r| Some((r["name"].as_str()?, r)))
        .collect();
    let mut replayed = Vec::new();
    let mut problems = Vec::new();
    for scenario in scenarios.as_array().expect("scenario list") {
        let name = scenario["name"].as_str().expect("scenario name");
        if !PREFIXES.iter().any(|p| name.starts_with(p)) && !SINGLES.contains(&name) {
            continue;
        }
        let recorded = results.get(name).expect("recorded result");
        replayed.push(name.to_owned());
        problems.extend(replay(scenario, recorded));
    }
    (replayed, problems)
}

#[test]
fn zero_config_scenarios_match_ring() {
    let (replayed, problems) = replay_suite(&load(SCENARIOS), &load(EXPECTED));
    eprintln!("replayed {} scenarios: {replayed:?}", replayed.len());
    assert!(replayed.len() >= 12, "scenarios went missing: {replayed:?}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn extra_zero_config_scenarios_match_ring() {
    let mut problems = Vec::new();
    for (label, scenarios, expected) in suites::extra_suites() {
        let (replayed, p) = replay_suite(&scenarios, &expected);
        eprintln!(
            "{label}: replayed {} scenarios: {replayed:?}",
            replayed.len()
        );
        problems.extend(p.into_iter().map(|p| format!("{label}: {p}")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
