//! Conformance with RiNG 0.17.2: replays every scenario of `compat/scenarios.json` through the
//! real `ring-tmux` binary (hook steps, hide/unhide, file edits, board reads) and compares with
//! `compat/expected.json`, then every `compat/extra/*/` pair the same way. Scenarios that need a
//! stand-in we do not have (tmux, process tables, install) are skipped by name with the reason
//! printed; the tty probes go through ring's `RING_STDIN_TTY` / `RING_AGENT_TTY` seams. Where
//! RiNG crashed we check that ring does better instead.
//! Zero-config rows are compared too: transcripts come from the scenario's files, Codex
//! threads from a `state_5.sqlite` built here, processes from `RING_PROCS`.

mod compare;
pub(crate) mod world;

use serde_json::{Map, Value};
use world::World;

const SCENARIOS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../compat/scenarios.json");
const EXPECTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../compat/expected.json");
/// More recordings, one folder each (`scenarios.json` + `expected.json`).
const EXTRA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../compat/extra");

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(path).expect("compat file");
    serde_json::from_str(&text).expect("compat JSON")
}

fn array<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// Why a scenario cannot be replayed here, if it cannot.
fn skip_reason(scenario: &Value) -> Option<String> {
    let steps = array(scenario, "steps");
    let reads = array(scenario, "reads");
    let actions: Vec<&str> = steps.iter().filter_map(|s| s["action"].as_str()).collect();
    if actions
        .iter()
        .any(|a| matches!(*a, "install_hooks" | "remove_hooks"))
    {
        return Some("install-hooks / remove-hooks (tested by the install helper)".into());
    }
    if scenario.get("tmux_panes").is_some() || reads.iter().any(|r| r.get("tmux_panes").is_some()) {
        return Some("needs a tmux pane list stand-in".into());
    }
    if scenario.get("process_rows").is_some()
        || reads.iter().any(|r| r.get("process_rows").is_some())
    {
        return Some("needs a process table stand-in".into());
    }
    None
}

/// One scenario's replay: collects mismatches and notes instead of stopping at the first.
struct Replay<'a> {
    name: &'a str,
    world: World,
    failures: Vec<String>,
    notes: Vec<String>,
    /// Set after a step where RiNG crashed and we deliberately did better: later rows differ.
    diverged: bool,
    /// Row fields a documented difference (`ring_difference`) lets differ from RiNG's, from
    /// its step until they agree again; every other field is compared at every step.
    masked: std::collections::BTreeSet<&'static str>,
    /// A documented rule made the status differ at some step: the transition log differs.
    status_differed: bool,
}

impl Replay<'_> {
    fn fail(&mut self, what: String) {
        self.failures.push(format!("{}: {what}", self.name));
    }

    fn check(&mut self, path: &str, ours: &Value, want: &Value) {
        if let Some(d) = compare::diff(path, ours, want) {
            self.fail(d);
        }
    }

    fn advance(&mut self, step: &Value) {
        self.world.clock += step
            .get("advance_seconds")
            .and_then(Value::as_f64)
            .unwrap_or(0.0);
    }

    fn hook(&mut self, i: usize, step: &Value, want: &Value) {
        let mut args = vec!["hook".to_owned()];
        if let Some(p) = step.get("provider").and_then(Value::as_str) {
            args.extend(["--provider".to_owned(), p.to_owned()]);
        }
        args.extend(
            array(step, "args")
                .iter()
                .filter_map(|a| a.as_str().map(str::to_owned)),
        );
        let stdin = match step.get("raw").and_then(Value::as_str) {
            Some(raw) => raw.replace("$HOME", &self.world.home.to_string_lossy()),
            None => world::python_json(&self.world.sub(&step["payload"])),
        };
        let mut env = step
            .get("env")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        // The tty probes' stand-ins (ring's test seams); none given = no terminal, so the real
        // process tree the tests run in (e.g. under an agent) never leaks into a row.
        for (probe, seam) in [
            ("controlling_tty", "RING_STDIN_TTY"),
            ("process_tty", "RING_AGENT_TTY"),
        ] {
            let tty = step.get(probe).and_then(Value::as_str).unwrap_or("");
            env.entry(seam).or_insert_with(|| Value::from(tty));
        }
        let events_before = self.world.events().len();
        let out = self.world.run(&args, stdin.as_bytes(), &env);
        if out.status.code() != Some(0) {
            self.fail(format!(
                "step {i}: hook exit {:?}, stderr {}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        if want.get("stdout").is_some() {
            // RiNG printed its usage (`hook -h` / `--help`): ours prints its own usage.
            if out.stdout.is_empty() {
                self.fail(format!(
                    "step {i}: RiNG printed its usage, ours printed nothing"
                ));
            }
        } else if !out.stdout.is_empty() {
            self.fail(format!(
                "step {i}: hook printed {:?}",
                String::from_utf8_lossy(&out.stdout)
            ));
        }
        if want["exit_code"].as_i64().unwrap_or(0) != 0 {
            self.notes.push(format!(
                "step {i}: RiNG crashed ({}); ours exits 0",
                want["exception"]
            ));
            self.diverged = true;
            return;
        }
        if self.diverged {
            return;
        }
        let status_differed = self.masked.contains("status");
        if let Some(difference) = ring_shared::testing::ring_difference(step) {
            // Every other field is still compared, here and at every later step.
            self.notes.push(format!(
                "step {i}: {}; {} compared from here until they agree",
                difference.rules.join("; "),
                difference.fields.join(", ")
            ));
            self.masked.extend(difference.fields);
        }
        let rows = self.world.rows();
        for field in carried(&rows, &want["rows"]) {
            self.notes.push(format!(
                "step {i}: {CARRIED}: {field} not compared until it agrees"
            ));
            self.masked.insert(field);
        }
        let transitions = Value::Array(self.world.events().split_off(events_before));
        if status_differed || self.masked.contains("status") {
            self.status_differed = true;
            // The status may differ by a documented rule, so the changes logged do too.
            self.notes.push(format!(
                "step {i}: transitions not compared (status differs by a documented rule)"
            ));
        } else {
            self.check(
                &format!("step {i} transitions"),
                &transitions,
                &want["transitions"],
            );
        }
        let masked: Vec<&str> = self.masked.iter().copied().collect();
        let (theirs, purged) = phantoms_purged(&rows, &want["rows"]);
        if !purged.is_empty() {
            self.notes
                .push(format!("step {i}: {PURGED}: {}", purged.join(", ")));
        }
        let mut rows = rows;
        if let Value::Object(ours) = &mut rows {
            for name in &purged {
                ours.remove(name);
            }
        }
        self.check(
            &format!("step {i} rows"),
            &without(&rows, &masked),
            &without(&theirs, &masked),
        );
        // A field that agrees again is compared again from the next step on.
        self.masked
            .retain(|field| !agrees(&rows, &want["rows"], field));
    }

    fn read(&mut self, label: &str, read: &Value, want: &Value) {
        self.advance(read);
        let procs = self.world.procs_file(read);
        let env: Map<String, Value> = [(
            "RING_PROCS".to_owned(),
            Value::from(procs.to_string_lossy().into_owned()),
        )]
        .into_iter()
        .collect();
        if read.get("gc").is_some() {
            self.notes.push(format!(
                "{label}: gc candidates not compared (gc has its own tests)"
            ));
        }
        let mut outputs = Map::new();
        let mut stderrs = std::collections::HashMap::new();
        for (key, args) in [
            ("oneline", vec!["oneline"]),
            ("oneline_all", vec!["oneline", "--all"]),
            ("json", vec!["json"]),
            ("json_all", vec!["json", "--all"]),
        ] {
            let args: Vec<String> = args.into_iter().map(str::to_owned).collect();
            let out = self.world.run(&args, b"", &env);
            if out.status.code() != Some(0) {
                self.fail(format!(
                    "{label} {key}: exit {:?}, stderr {}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            stderrs.insert(key, String::from_utf8_lossy(&out.stderr).into_owned());
            outputs.insert(
                key.to_owned(),
                Value::from(String::from_utf8_lossy(&out.stdout).into_owned()),
            );
        }
        let mut boards = Map::new();
        for key in ["json", "json_all"] {
            let text = outputs[key].as_str().unwrap_or("");
            match serde_json::from_str::<Value>(text) {
                Ok(v) => boards.insert(key.to_owned(), self.world.unsub(&v)),
                Err(e) => {
                    self.fail(format!("{label} {key}: not JSON ({e}): {text:?}"));
                    return;
                }
            };
        }
        // Our oneline must agree with our own JSON counts, always.
        for (line, board) in [("oneline", "json"), ("oneline_all", "json_all")] {
            let want_line = format!("{}\n", compare::oneline_of(&boards[board]));
            if outputs[line] != want_line {
                self.fail(format!(
                    "{label} {line}: {:?} disagrees with our {board} counts ({want_line:?})",
                    outputs[line]
                ));
            }
        }
        if want["json"].get("error").is_some() {
            // The offending row is skipped and reported on stderr (never on stdout).
            if !crate::lang_support::said(&stderrs["json"], "list-skipped", &[]) {
                self.fail(format!(
                    "{label}: RiNG crashed here; ours should report the skipped row, stderr {:?}",
                    stderrs["json"]
                ));
            }
            self.notes.push(format!(
                "{label}: RiNG's read crashed; ours exits 0, skips and reports the bad row"
            ));
            return;
        }
        if self.diverged {
            return;
        }
        if !self.masked.is_empty() {
            self.notes.push(format!(
                "{label}: not compared ({} still differ by documented rules)",
                self.masked.iter().copied().collect::<Vec<_>>().join(", ")
            ));
            return;
        }
        for (line, key) in [("oneline", "json"), ("oneline_all", "json_all")] {
            let mut want_board = want[key].clone();
            let world = &self.world;
            let realpath = |p: &str| {
                let real = ring_tmux::testing::realpath(&p.replace("$HOME", &world.home_str()));
                real.replace(&world.home_str(), "$HOME")
            };
            let taken = ring_shared::testing::one_row_per_agent(&mut want_board, &realpath);
            if taken > 0 {
                self.notes.push(format!(
                    "{label} {key}: {taken} synthetic row(s) covered by a live hook row not shown \
                     (one row per agent; RiNG: spec §9 quirk 8)"
                ));
            }
            // ring's own rows for an unprompted Codex TUI: RiNG has none.
            let mut ours = boards[key].clone();
            let added = ring_shared::testing::without_codex_synthetic(&mut ours);
            if added > 0 {
                self.notes.push(format!(
                    "{label} {key}: {added} Codex TUI row(s) without a thread left out (RiNG has none)"
                ));
            }
            if let Some(d) = compare::board(
                &format!("{label} {key}"),
                &ours,
                &want_board,
                &mut self.notes,
            ) {
                self.fail(d);
            }
            let want_line = if taken > 0 {
                format!("{}\n", compare::oneline_of(&want_board))
            } else {
                format!("{}\n", want[line].as_str().unwrap_or(""))
            };
            let got_line = if added > 0 {
                Value::from(format!("{}\n", compare::oneline_of(&ours)))
            } else {
                outputs[line].clone()
            };
            self.check(
                &format!("{label} {line}"),
                &got_line,
                &Value::from(want_line),
            );
        }
        self.check(
            &format!("{label} rows_after_read"),
            &self.world.rows(),
            &want["rows_after_read"],
        );
        self.check(
            &format!("{label} hidden_after_read"),
            &self.world.hidden(),
            &want["hidden_after_read"],
        );
    }

    fn run(&mut self, scenario: &Value, expected: &Value) {
        let done = array(expected, "steps");
        for (i, step) in array(scenario, "steps").iter().enumerate() {
            let Some(want) = done.get(i) else {
                self.fail(format!("step {i}: no recorded outcome"));
                return;
            };
            if step.get("action").is_none() {
                self.advance(step);
                if let Some(Value::Array(files)) = step.get("files") {
                    self.world.write_files(files);
                }
                self.hook(i, step, want);
                continue;
            }
            match step["action"].as_str() {
                Some("read") => self.read(&format!("step {i} read"), step, want),
                Some(action @ ("hide" | "unhide" | "files")) => {
                    self.advance(step);
                    match action {
                        "files" => self.world.write_files(array(step, "files")),
                        _ => self.world.set_hidden(
                            step["session_id"].as_str().unwrap_or(""),
                            action == "hide",
                        ),
                    }
                    if !self.diverged {
                        let masked: Vec<&str> = self.masked.iter().copied().collect();
                        self.check(
                            &format!("step {i} {action} rows"),
                            &without(&self.world.rows(), &masked),
                            &without(&want["rows"], &masked),
                        );
                    }
                }
                other => self.fail(format!("step {i}: unknown action {other:?}")),
            }
        }
        if self.status_differed {
            self.notes
                .push("final events not compared (a status differed by a documented rule)".into());
        }
        if !self.diverged && !self.status_differed {
            self.check(
                "final events",
                &Value::Array(self.world.events()),
                &expected["events"],
            );
        }
        if !self.diverged {
            self.check("final hidden", &self.world.hidden(), &expected["hidden"]);
        }
        let reads: Vec<Value> = match scenario.get("reads") {
            Some(Value::Array(reads)) => reads.clone(),
            _ => vec![Value::Object(Map::new())],
        };
        for (i, read) in reads.iter().enumerate() {
            let want = array(expected, "reads")
                .get(i)
                .cloned()
                .unwrap_or(Value::Null);
            self.read(&format!("read {i}"), read, &want);
        }
    }
}

/// Every scenario file with its recorded outcomes: `compat/` itself, then each
/// `compat/extra/<dir>/` holding both `scenarios.json` and `expected.json` (name order), so
/// more recordings are picked up by adding files only.
fn suites() -> Vec<(String, String, String)> {
    let mut out = vec![(
        "compat".to_owned(),
        SCENARIOS.to_owned(),
        EXPECTED.to_owned(),
    )];
    let extra = std::path::Path::new(EXTRA);
    let mut dirs: Vec<_> = std::fs::read_dir(extra)
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    dirs.sort();
    for dir in dirs {
        let (s, e) = (dir.join("scenarios.json"), dir.join("expected.json"));
        if s.is_file() && e.is_file() {
            let label = format!(
                "compat/extra/{}",
                dir.file_name().unwrap_or_default().to_string_lossy()
            );
            out.push((
                label,
                s.to_string_lossy().into_owned(),
                e.to_string_lossy().into_owned(),
            ));
        }
    }
    out
}

/// Why a phantom row RiNG still had can be gone from ours between two hook steps.
const PURGED: &str = "a legacy SessionStart phantom row was purged by ring's read in the \
    detached notification child of a waiting step (every read deletes them, as RiNG's read \
    does; RiNG's notifier does not read)";

/// RiNG's rows without the legacy phantoms (`DecodeError::Phantom`) that ours no longer has,
/// and their file names.
fn phantoms_purged(ours: &Value, want: &Value) -> (Value, Vec<String>) {
    let mut theirs = want.clone();
    let mut purged = Vec::new();
    if let (Value::Object(ours), Value::Object(rows)) = (ours, &mut theirs) {
        rows.retain(|name, row| {
            let phantom = matches!(
                ring_shared::registry::decode_row(row.to_string().as_bytes()),
                Err(ring_shared::registry::DecodeError::Phantom)
            );
            // Gone, or caught half-deleted by the test's read (no `session_id` left).
            let gone = phantom && ours.get(name).is_none_or(|r| r.get("session_id").is_none());
            if gone {
                purged.push(name.clone());
            }
            !gone
        });
    }
    (theirs, purged)
}

/// ring follows RiNG 0.17.6 here, not the recorded 0.17.2 (docs/rules.md §3.16).
pub(crate) const CARRIED: &str = "the terminal (tty, tmux_pane) is carried over from the same \
    agent process when an event lacks it, as RiNG 0.17.6 does (0.17.2 dropped it)";

/// The terminal fields ours holds in a row where RiNG 0.17.2's lacks the key: carried over
/// from the same agent process (RiNG 0.17.6, §3.16).
pub(crate) fn carried(ours: &Value, want: &Value) -> Vec<&'static str> {
    let (Value::Object(ours), Value::Object(want)) = (ours, want) else {
        return Vec::new();
    };
    ["tty", "tmux_pane"]
        .into_iter()
        .filter(|field| {
            ours.iter().any(|(name, row)| {
                row.get(*field).is_some() && want.get(name).is_some_and(|w| w.get(*field).is_none())
            })
        })
        .collect()
}

/// `rows` (file name → row) with `fields` taken out of every row.
pub(crate) fn without(rows: &Value, fields: &[&str]) -> Value {
    let mut rows = rows.clone();
    if let Value::Object(rows) = &mut rows {
        for row in rows.values_mut() {
            if let Value::Object(row) = row {
                for field in fields {
                    row.remove(*field);
                }
            }
        }
    }
    rows
}

/// Whether every row of ours and RiNG's (the same files) holds the same `field`.
pub(crate) fn agrees(ours: &Value, want: &Value, field: &str) -> bool {
    let (Value::Object(ours), Value::Object(want)) = (ours, want) else {
        return false;
    };
    ours.len() == want.len()
        && want.iter().all(|(name, row)| {
            ours.get(name).is_some_and(|mine| {
                let get = |r: &Value| r.get(field).cloned().unwrap_or(Value::Null);
                compare::diff(field, &get(mine), &get(row)).is_none()
            })
        })
}

/// Replays one suite; returns (passed, skipped, failures) lines.
fn run_suite(scenarios: &str, expected: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
    let scenarios = load(scenarios);
    let expected = load(expected);
    let start = expected["fake_clock_start"]
        .as_f64()
        .unwrap_or(1_700_000_000.0);
    let results: Map<String, Value> = array(&expected, "results")
        .iter()
        .map(|r| (r["name"].as_str().unwrap_or("").to_owned(), r.clone()))
        .collect();
    let only = std::env::var("COMPAT_ONLY").ok();
    let (mut passed, mut skipped, mut failures) = (Vec::new(), Vec::new(), Vec::new());
    for scenario in scenarios.as_array().expect("scenario list") {
        let name = scenario["name"].as_str().unwrap_or("?");
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let Some(want) = results.get(name) else {
            failures.push(format!("{name}: no recorded result"));
            continue;
        };
        if let Some(reason) = skip_reason(scenario) {
            skipped.push(format!("{name}: {reason}"));
            continue;
        }
        let mut replay = Replay {
            name,
            world: World::new(scenario, start),
            failures: Vec::new(),
            notes: Vec::new(),
            diverged: false,
            masked: Default::default(),
            status_differed: false,
        };
        replay.run(scenario, want);
        for note in &replay.notes {
            println!("note {name}: {note}");
        }
        if replay.failures.is_empty() {
            passed.push(name.to_owned());
        } else {
            failures.extend(replay.failures);
        }
        let _ = replay.world.path();
    }
    (passed, skipped, failures)
}

#[test]
fn compat_scenarios_match_ring_0_17_2() {
    let mut all_failures = Vec::new();
    for (label, scenarios, expected) in suites() {
        let (passed, skipped, failures) = run_suite(&scenarios, &expected);
        for s in &skipped {
            println!("skipped {s}");
        }
        for f in &failures {
            println!("FAIL {f}");
        }
        let failed_names: std::collections::BTreeSet<&str> = failures
            .iter()
            .filter_map(|f| f.split(':').next())
            .collect();
        println!(
            "{label}: {} passed, {} failed, {} skipped",
            passed.len(),
            failed_names.len(),
            skipped.len()
        );
        all_failures.extend(failures);
    }
    assert!(
        all_failures.is_empty(),
        "{} compat mismatches (see FAIL lines above)",
        all_failures.len()
    );
}
