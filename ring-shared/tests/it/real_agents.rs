//! The write side on the real agents' payloads: every hook payload Claude Code 2.1.332,
//! Codex CLI 0.171.0 and Gemini CLI 0.61.0 sent in the real-agent suite (`scripts/agents/*_scenarios.py`, fixtures
//! in `tests/fixtures/agents/`), replayed in order through `event::normalize` and
//! `reduce::reduce` the way `ring-tmux hook` does (previous row = the last row written, read
//! back from `encode_row`'s bytes; a clock that advances 1 s per payload), and compared at
//! each recorded step with what the agent's screen showed (the truth).
//!
//! Only the events ring installs reach the reducer: the agent calls no ring hook for the
//! others (Claude's `PostToolBatch`, …), so they are skipped here too.
//!
//! A step is checked when the hooks alone decide it. The steps whose truth ring learns from
//! elsewhere are listed in [`CLAUDE_ELSEWHERE`] / [`CODEX_ELSEWHERE`] with the source that
//! decides them; for those the test asserts that the hooks indeed do *not* give the truth
//! (else the entry is stale and must go) and that the named source does.

use ring_shared::config::Config;
use ring_shared::derive::{self, Procs, ReadContext};
use ring_shared::event::normalize;
use ring_shared::reduce::{Context, Outcome, reduce};
use ring_shared::registry::{Row, decode_row, encode_row};
use rstest::rstest;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/agents");

/// `ring-tmux install-hooks`' events for Claude Code (`install::merge::CLAUDE_EVENTS`).
const CLAUDE_INSTALLED: [&str; 9] = [
    "SessionStart",
    "UserPromptSubmit",
    "Notification",
    "PermissionRequest",
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "StopFailure",
    "SessionEnd",
];

/// `ring-tmux install-hooks`' events for Codex (`install::merge::CODEX_EVENTS`).
const CODEX_INSTALLED: [&str; 8] = [
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "Stop",
    "SessionStart",
    "UserPromptSubmit",
    "Interrupt",
    "SessionEnd",
];

/// `ring-tmux install-hooks`' events for Gemini CLI (`provider::gemini::HOOK_EVENTS`).
const GEMINI_INSTALLED: [&str; 7] = [
    "SessionStart",
    "BeforeAgent",
    "BeforeTool",
    "AfterTool",
    "Notification",
    "AfterAgent",
    "SessionEnd",
];

/// `codex_permission_wait_seconds` of the suite's `~/.config/ring/config.toml`.
const CODEX_PERMISSION_WAIT_SECONDS: i64 = 2;

/// The clock of the first payload (about when the fixtures were recorded).
const T0: f64 = 1_796_162_679.0;

/// Where the truth of a step comes from when it is not the hooks'.
#[derive(Debug, Clone, Copy, PartialEq)]
enum DecidedBy {
    /// No hook fires (Esc while thinking, Esc on a dialog); Claude's own
    /// `~/.claude/sessions/<pid>.json` turns `idle` at once.
    ClaudeSessionFile,
    /// The agent process is gone without a `SessionEnd` (kill -9; Codex `/quit`, whose thread
    /// stays loaded in the app-server daemon): the read side's process liveness ends the row.
    ProcessLiveness,
    /// A Codex `PermissionRequest` is working when written (Codex sends it before its own
    /// auto-approvals too); the read side promotes it to waiting/permission after
    /// `codex_permission_wait_seconds`.
    CodexPermissionDelay,
    /// A Codex TUI sends no event before its first prompt (nor while its hook-review dialog is
    /// up): the zero-config read shows the unprompted TUI.
    CodexNotPromptedYet,
    /// No hook fires (Gemini CLI: Esc on its approval dialog); its chat file ends with the
    /// "Request cancelled." notice, which the read side reads (`agent::gemini_cancelled_at`).
    GeminiChatFile,
    /// No ring hooks installed at all: the zero-config read (Claude's session file, its
    /// transcript, the process scan) decides everything.
    NoHooksInstalled,
}

/// Claude steps decided elsewhere: (scenario, step, by what).
const CLAUDE_ELSEWHERE: &[(&str, &str, DecidedBy)] = &[
    ("esc_thinking", "esc", DecidedBy::ClaudeSessionFile),
    ("esc_permission", "esc-deny", DecidedBy::ClaudeSessionFile),
    // "No" on the Bash dialog, answered by `ring-tmux reply`, sends no hook event either.
    ("reply", "reply-no", DecidedBy::ClaudeSessionFile),
    ("kill9", "kill-9", DecidedBy::ProcessLiveness),
    ("nohooks", "start", DecidedBy::NoHooksInstalled),
    ("nohooks", "prompt", DecidedBy::NoHooksInstalled),
    ("nohooks", "prompt-done", DecidedBy::NoHooksInstalled),
    ("nohooks", "bash-dialog", DecidedBy::NoHooksInstalled),
    ("nohooks", "approve-done", DecidedBy::NoHooksInstalled),
    ("nohooks", "text-question", DecidedBy::NoHooksInstalled),
    ("nohooks", "exit", DecidedBy::NoHooksInstalled),
];

/// Codex steps decided elsewhere: (scenario, step, by what).
const CODEX_ELSEWHERE: &[(&str, &str, DecidedBy)] = &[
    ("trust", "review-dialog", DecidedBy::CodexNotPromptedYet),
    ("trust", "trusted", DecidedBy::CodexNotPromptedYet),
    ("approve", "start", DecidedBy::CodexNotPromptedYet),
    (
        "approve",
        "approval-dialog",
        DecidedBy::CodexPermissionDelay,
    ),
    (
        "approve",
        "past-permission-wait",
        DecidedBy::CodexPermissionDelay,
    ),
    ("esc", "approval-dialog", DecidedBy::CodexPermissionDelay),
    ("quit", "quit-ended", DecidedBy::ProcessLiveness),
    (
        "second",
        "b-approval-dialog",
        DecidedBy::CodexPermissionDelay,
    ),
    ("second", "a-quit-ended", DecidedBy::ProcessLiveness),
    (
        "second",
        "b-approval-after-a-quit",
        DecidedBy::CodexPermissionDelay,
    ),
    ("second", "a-no-badge", DecidedBy::ProcessLiveness),
    ("reply", "start", DecidedBy::CodexNotPromptedYet),
    ("reply", "approval-dialog", DecidedBy::CodexPermissionDelay),
    ("reply", "second-dialog", DecidedBy::CodexPermissionDelay),
    (
        "subdir",
        "sub-approval-dialog",
        DecidedBy::CodexPermissionDelay,
    ),
];

/// Gemini steps decided elsewhere: (scenario, step, by what).
const GEMINI_ELSEWHERE: &[(&str, &str, DecidedBy)] = &[
    ("kill9", "kill-9", DecidedBy::ProcessLiveness),
    ("esc_permission", "esc-deny", DecidedBy::GeminiChatFile),
];

#[derive(Debug, Clone, Copy, PartialEq)]
enum Agent {
    Claude,
    Codex,
    Gemini,
}

impl Agent {
    fn dir(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Codex => "codex",
            Agent::Gemini => "gemini",
        }
    }

    /// The `--provider` of the hook command ring installs.
    fn cli_provider(self) -> &'static str {
        match self {
            Agent::Claude => "claude-code",
            Agent::Codex => "codex",
            Agent::Gemini => "gemini",
        }
    }

    fn installed(self) -> &'static [&'static str] {
        match self {
            Agent::Claude => &CLAUDE_INSTALLED,
            Agent::Codex => &CODEX_INSTALLED,
            Agent::Gemini => &GEMINI_INSTALLED,
        }
    }

    fn elsewhere(self) -> &'static [(&'static str, &'static str, DecidedBy)] {
        match self {
            Agent::Claude => CLAUDE_ELSEWHERE,
            Agent::Codex => CODEX_ELSEWHERE,
            Agent::Gemini => GEMINI_ELSEWHERE,
        }
    }

    fn config(self) -> Config {
        let mut config = Config::default();
        if self == Agent::Codex {
            config.codex_permission_wait_seconds = CODEX_PERMISSION_WAIT_SECONDS;
        }
        config
    }
}

/// A board state: `status` and `waiting_kind` (`""` unless waiting).
type State = (String, String);

fn state(status: &str, kind: &str) -> State {
    (status.to_owned(), kind.to_owned())
}

fn show(state: Option<&State>) -> String {
    match state {
        None => "no row".into(),
        Some((status, kind)) if kind.is_empty() => status.clone(),
        Some((status, kind)) => format!("{status}/{kind}"),
    }
}

/// One recorded step of a scenario.
struct Step {
    name: String,
    /// How many payload lines had arrived when ring was read.
    arrived: usize,
    /// What the screen showed.
    truth: State,
    /// The folder of the session the step looks at (Codex `second` runs two).
    cwd: Option<String>,
    /// Claude's own session file at this step (`None` when gone or not recorded).
    session_file: Option<Value>,
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn payloads(agent: Agent, scenario: &str) -> Vec<Value> {
    let path = format!("{FIXTURES}/{}/{scenario}.jsonl", agent.dir());
    read(&path)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1)))
        .collect()
}

fn steps(agent: Agent, scenario: &str) -> Vec<Step> {
    let dir = format!("{FIXTURES}/{}", agent.dir());
    let doc: Value =
        serde_json::from_str(&read(&format!("{dir}/{scenario}.steps.json"))).expect("steps JSON");
    match agent {
        Agent::Claude | Agent::Gemini => claude_steps(&doc, &dir, scenario),
        Agent::Codex => codex_steps(&doc),
    }
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("step field {key:?} missing in {v}"))
}

/// Claude (and Gemini): `expected` / `screen` as `status[/kind]`; `payload_lines` = the lines
/// that arrived during the step. Gemini keeps no session file (no `.sessions.jsonl`).
fn claude_steps(doc: &Value, dir: &str, scenario: &str) -> Vec<Step> {
    let sessions = format!("{dir}/{scenario}.sessions.jsonl");
    let sessions = std::fs::read_to_string(&sessions).unwrap_or_default();
    let files: BTreeMap<String, Value> = sessions
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("sessions line");
            (str_of(&v, "step").to_owned(), v["session_file"].clone())
        })
        .collect();
    let mut arrived = 0;
    doc["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| {
            let name = str_of(s, "step").to_owned();
            assert_eq!(
                str_of(s, "expected"),
                str_of(s, "screen"),
                "{scenario}/{name}: the screen did not show the expected state"
            );
            for line in s["payload_lines"].as_array().expect("payload_lines") {
                let line = line.as_u64().expect("line number") as usize;
                assert_eq!(
                    line, arrived,
                    "{scenario}/{name}: payload lines out of order"
                );
                arrived += 1;
            }
            let (status, kind) = str_of(s, "screen")
                .split_once('/')
                .unwrap_or((str_of(s, "screen"), ""));
            Step {
                session_file: files.get(&name).filter(|v| !v.is_null()).cloned(),
                name,
                arrived,
                truth: state(status, kind),
                cwd: None,
            }
        })
        .collect()
}

/// Codex: `payloads_seen` (a count) and `screen` = `[status, kind]`, with the step's `cwd`.
fn codex_steps(doc: &Value) -> Vec<Step> {
    doc.as_array()
        .expect("a list of steps")
        .iter()
        .map(|s| {
            let screen = s["screen"].as_array().expect("screen");
            let part = |i: usize| screen[i].as_str().expect("screen part");
            Step {
                name: str_of(s, "step").to_owned(),
                arrived: s["payloads_seen"].as_u64().expect("payloads_seen") as usize,
                truth: state(part(0), part(1)),
                cwd: Some(str_of(s, "cwd").to_owned()),
                session_file: None,
            }
        })
        .collect()
}

/// What the registry holds for one session.
#[derive(Debug, Clone)]
enum Slot {
    /// The row as a JSON object, read back from `encode_row`'s bytes.
    Row(Map<String, Value>),
    /// `SessionEnd`: the row was deleted (`Outcome::Delete`), i.e. ended.
    Deleted,
}

/// The registry after some payloads.
#[derive(Debug, Clone, Default)]
struct Snapshot {
    slots: BTreeMap<String, Slot>,
    /// Folder → session id of the last payload ring handled from it.
    by_cwd: BTreeMap<String, String>,
    /// Session id of the last payload ring handled.
    last: Option<String>,
    /// The clock of that payload.
    now: f64,
}

impl Snapshot {
    fn session(&self, cwd: Option<&str>) -> Option<&String> {
        match cwd {
            Some(cwd) => self.by_cwd.get(cwd),
            None => self.last.as_ref(),
        }
    }

    fn slot(&self, cwd: Option<&str>) -> Option<&Slot> {
        self.session(cwd).and_then(|id| self.slots.get(id))
    }

    fn state(&self, cwd: Option<&str>) -> Option<State> {
        self.slot(cwd).map(|slot| match slot {
            Slot::Deleted => state("ended", ""),
            Slot::Row(row) => {
                let text = |k: &str| row.get(k).and_then(Value::as_str).unwrap_or("");
                state(text("status"), text("waiting_kind"))
            }
        })
    }
}

/// Replays the payloads the way `ring-tmux hook --provider <cli>` handles them; element `n`
/// is the registry after the first `n` payload lines.
fn replay(agent: Agent, payloads: &[Value]) -> Vec<Snapshot> {
    let mut snapshot = Snapshot {
        now: T0,
        ..Snapshot::default()
    };
    let mut out = vec![snapshot.clone()];
    for (i, payload) in payloads.iter().enumerate() {
        let now = T0 + i as f64;
        let name = payload["hook_event_name"].as_str().unwrap_or("");
        if agent.installed().contains(&name)
            && let Some(event) = normalize(payload, agent.cli_provider())
        {
            let prev = match snapshot.slots.get(&event.session_id) {
                Some(Slot::Row(row)) => Some(row),
                _ => None,
            };
            let ctx = Context {
                now,
                hook_pid: 1,
                config: agent.config(),
                ..Default::default()
            };
            let slot = match reduce(prev, &event, &ctx) {
                Outcome::Write { row, .. } => {
                    let bytes = encode_row(&row);
                    match serde_json::from_str(&bytes) {
                        Ok(Value::Object(map)) => Slot::Row(map),
                        other => panic!("encode_row wrote no object: {other:?}"),
                    }
                }
                Outcome::Delete { .. } => Slot::Deleted,
                // A subagent's end that owns nothing: the file stays as it was (§3.16).
                Outcome::Keep => match snapshot.slots.get(&event.session_id) {
                    Some(slot) => slot.clone(),
                    None => Slot::Deleted,
                },
            };
            snapshot.slots.insert(event.session_id.clone(), slot);
            snapshot
                .by_cwd
                .insert(event.cwd.clone(), event.session_id.clone());
            snapshot.last = Some(event.session_id);
            snapshot.now = now;
        }
        out.push(snapshot.clone());
    }
    out
}

/// Claude's own session file status as a board state (CLAUDE-FINDINGS: `idle`, `busy`,
/// `waiting` + `waitingFor`).
fn claude_file_state(file: &Value) -> Option<State> {
    let waiting_for = file.get("waitingFor").and_then(Value::as_str).unwrap_or("");
    match file.get("status").and_then(Value::as_str)? {
        "idle" => Some(state("idle", "")),
        "busy" => Some(state("working", "")),
        "waiting" if waiting_for == "input needed" => Some(state("waiting", "question")),
        "waiting" => Some(state("waiting", "permission")),
        _ => None,
    }
}

/// The read side's hook rules (§4.2) on one row at `now`, process scans unknown (so
/// liveness keeps the row).
fn read_side(row: &Map<String, Value>, config: &Config, now: f64) -> State {
    let row: Row = decode_row(Value::Object(row.clone()).to_string().as_bytes()).expect("row");
    let procs = Procs::default();
    let hidden = BTreeMap::new();
    let ctx = ReadContext {
        now,
        config,
        procs: &procs,
        hidden: &hidden,
        source_mtime: &|_| None,
        realpath: &|p| p.to_owned(),
    };
    let sessions = derive::hook_sessions(vec![row], &ctx);
    let row = &sessions[0].row;
    state(row.status.as_str(), &row.waiting_kind)
}

/// Why a listed step's entry is wrong, if it is: the hooks give the truth there already, or
/// the named source does not explain it.
fn check_elsewhere(
    agent: Agent,
    by: DecidedBy,
    step: &Step,
    prev_arrived: usize,
    all_payloads: usize,
    snapshot: &Snapshot,
) -> Option<String> {
    let cwd = step.cwd.as_deref();
    let got = snapshot.state(cwd);
    if got.as_ref() == Some(&step.truth) {
        return Some(format!(
            "listed as decided by {by:?}, but the hooks already give {}: drop the entry",
            show(got.as_ref())
        ));
    }
    let no_new_payload = step.arrived == prev_arrived;
    let fail = |why: &str| Some(format!("listed as decided by {by:?}, but {why}"));
    match by {
        DecidedBy::ClaudeSessionFile => {
            let file = step.session_file.as_ref().and_then(claude_file_state);
            if !no_new_payload {
                return fail("a hook payload arrived during the step");
            }
            if file.as_ref() != Some(&step.truth) {
                return fail(&format!(
                    "Claude's session file says {}",
                    show(file.as_ref())
                ));
            }
        }
        DecidedBy::ProcessLiveness => {
            if !no_new_payload {
                return fail("a hook payload arrived during the step");
            }
            if step.truth != state("ended", "") || !matches!(snapshot.slot(cwd), Some(Slot::Row(_)))
            {
                return fail("the truth is not a live row's end");
            }
        }
        DecidedBy::CodexPermissionDelay => {
            let Some(Slot::Row(row)) = snapshot.slot(cwd) else {
                return fail("there is no row");
            };
            if row.get("last_event").and_then(Value::as_str) != Some("PermissionRequest") {
                return fail("the last event is not a PermissionRequest");
            }
            let later = snapshot.now + CODEX_PERMISSION_WAIT_SECONDS as f64 + 1.0;
            let read = read_side(row, &agent.config(), later);
            if read != step.truth {
                return fail(&format!(
                    "the read side shows {} after the wait",
                    show(Some(&read))
                ));
            }
        }
        DecidedBy::GeminiChatFile => {
            if !no_new_payload {
                return fail("a hook payload arrived during the step");
            }
            if step.truth != state("idle", "") || got != Some(state("waiting", "permission")) {
                return fail("the truth is not the end of an approval dialog's wait");
            }
        }
        DecidedBy::CodexNotPromptedYet => {
            if got.is_some() || step.arrived != 0 {
                return fail("Codex already sent a payload");
            }
        }
        DecidedBy::NoHooksInstalled => {
            if got.is_some() || all_payloads != 0 {
                return fail("the fixture holds hook payloads");
            }
        }
    }
    None
}

/// Replays one scenario and compares every step; panics with the whole step table on any
/// mismatch.
fn run(agent: Agent, scenario: &str) {
    let payloads = payloads(agent, scenario);
    let steps = steps(agent, scenario);
    let snapshots = replay(agent, &payloads);
    let elsewhere: BTreeMap<&str, DecidedBy> = agent
        .elsewhere()
        .iter()
        .filter(|(s, _, _)| *s == scenario)
        .map(|(_, step, by)| (*step, *by))
        .collect();
    let names: BTreeSet<&str> = steps.iter().map(|s| s.name.as_str()).collect();
    for step in elsewhere.keys() {
        assert!(
            names.contains(step),
            "{scenario}: listed step {step:?} is not in the fixture"
        );
    }

    let mut table = Vec::new();
    let mut failed = false;
    let mut prev_arrived = 0;
    for step in &steps {
        assert!(
            step.arrived <= payloads.len(),
            "{scenario}/{}: more payloads than recorded",
            step.name
        );
        let snapshot = &snapshots[step.arrived];
        let got = snapshot.state(step.cwd.as_deref());
        let (verdict, bad) = match elsewhere.get(step.name.as_str()) {
            None if got.as_ref() == Some(&step.truth) => ("ok".to_owned(), false),
            None => ("MISMATCH".to_owned(), true),
            Some(&by) => {
                match check_elsewhere(agent, by, step, prev_arrived, payloads.len(), snapshot) {
                    None => (format!("decided by {by:?}"), false),
                    Some(why) => (format!("BAD ENTRY: {why}"), true),
                }
            }
        };
        failed |= bad;
        table.push(format!(
            "  {:<28} payloads {:>2}  screen {:<20} reducer {:<20} {verdict}",
            step.name,
            step.arrived,
            show(Some(&step.truth)),
            show(got.as_ref()),
        ));
        prev_arrived = step.arrived;
    }
    assert!(
        !failed,
        "{}/{scenario}: the reducer disagrees with the screen\n{}",
        agent.dir(),
        table.join("\n")
    );
}

#[rstest]
#[case::basic_prompt_bash_dialog_and_approval("basic")]
#[case::stop_ending_with_a_question("question")]
#[case::ask_user_question_dialog("ask_tool")]
#[case::exit_plan_mode_dialog("plan")]
#[case::esc_while_thinking("esc_thinking")]
#[case::esc_on_a_permission_dialog("esc_permission")]
#[case::api_errors_end_the_turn("api_error")]
#[case::kill_9_and_restart("kill9")]
#[case::no_ring_hooks_installed("nohooks")]
#[case::reply_answers_the_bash_dialog("reply")]
#[case::reply_answers_ask_user_question("reply_ask")]
#[case::reply_answers_the_plan_dialog("reply_plan")]
#[case::reply_answers_a_subagents_dialog("reply_subagent")]
fn claude_code_2_1_332_payloads_give_the_screens_state(#[case] scenario: &str) {
    run(Agent::Claude, scenario);
}

#[rstest]
#[case::hook_review_dialog_then_first_turn("trust")]
#[case::approved_command("approve")]
#[case::stop_ending_with_a_question("question")]
#[case::esc_on_the_approval_dialog("esc")]
#[case::quit_then_daemon_stops("quit")]
#[case::two_tuis_in_two_folders("second")]
#[case::codex_exec_runs_and_exits("exec")]
#[case::new_thread_in_the_same_tui("new")]
#[case::commands_run_in_a_subfolder("subdir")]
#[case::reply_answers_the_approval("reply")]
fn codex_0_171_0_payloads_give_the_screens_state(#[case] scenario: &str) {
    run(Agent::Codex, scenario);
}

#[rstest]
#[case::basic_prompt_shell_dialog_and_approval("basic")]
#[case::answer_ending_with_a_question("question")]
#[case::esc_while_thinking("esc_thinking")]
#[case::esc_on_the_approval_dialog("esc_permission")]
#[case::kill_9("kill9")]
fn gemini_cli_0_61_0_payloads_give_the_screens_state(#[case] scenario: &str) {
    run(Agent::Gemini, scenario);
}

/// Every recorded scenario has a case above, and every listed step names a real scenario.
#[rstest]
#[case::claude(Agent::Claude, &["api_error", "ask_tool", "basic", "esc_permission", "esc_thinking", "kill9", "nohooks", "plan", "question", "reply", "reply_ask", "reply_plan", "reply_subagent"])]
#[case::codex(Agent::Codex, &["approve", "esc", "exec", "new", "question", "quit", "reply", "second", "subdir", "trust"])]
#[case::gemini(Agent::Gemini, &["basic", "esc_permission", "esc_thinking", "kill9", "question"])]
fn every_recorded_scenario_is_replayed(#[case] agent: Agent, #[case] cases: &[&str]) {
    let dir = format!("{FIXTURES}/{}", agent.dir());
    let recorded: BTreeSet<String> = std::fs::read_dir(&dir)
        .expect("fixture folder")
        .filter_map(|e| {
            let name = e.expect("entry").file_name().into_string().expect("utf-8");
            name.strip_suffix(".steps.json").map(str::to_owned)
        })
        .collect();
    let cases: BTreeSet<String> = cases.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(recorded, cases, "{dir}: scenarios without a case (or gone)");
    for (scenario, step, _) in agent.elsewhere() {
        assert!(
            cases.contains(*scenario),
            "listed step {scenario}/{step}: no such scenario"
        );
    }
}

/// Replays Codex payloads through `reduce` the way the hook does inside Codex's app-server
/// daemon once it found the session's TUI: every event names that TUI (`agent_pid`,
/// `agent_start`). Gives the rows last written, by session id.
fn replay_in_one_tui(payloads: &[Value]) -> BTreeMap<String, Row> {
    let mut rows: BTreeMap<String, Map<String, Value>> = BTreeMap::new();
    for (i, payload) in payloads.iter().enumerate() {
        let name = payload["hook_event_name"].as_str().unwrap_or("");
        let Some(event) = CODEX_INSTALLED
            .contains(&name)
            .then(|| normalize(payload, "codex"))
            .flatten()
        else {
            continue;
        };
        let ctx = Context {
            now: T0 + i as f64,
            hook_pid: 1,
            config: Agent::Codex.config(),
            agent_pid: Some(4242),
            agent_start: Some(7),
            ..Default::default()
        };
        match reduce(rows.get(&event.session_id), &event, &ctx) {
            Outcome::Write { row, .. } => match serde_json::from_str(&encode_row(&row)) {
                Ok(Value::Object(map)) => {
                    rows.insert(event.session_id.clone(), map);
                }
                other => panic!("encode_row wrote no object: {other:?}"),
            },
            Outcome::Delete { .. } => {
                rows.remove(&event.session_id);
            }
            Outcome::Keep => {}
        }
    }
    rows.into_iter()
        .map(|(id, map)| {
            let bytes = Value::Object(map).to_string();
            (id, decode_row(bytes.as_bytes()).expect("row"))
        })
        .collect()
}

/// Real-agent suite, codex subdir: a command the model runs with `workdir` in a subfolder
/// makes Codex send its `PreToolUse`, `PermissionRequest` and `PostToolUse` with that folder
/// as `cwd`; the row stays in the session's folder through all of them.
#[test]
fn codex_tool_events_in_a_subfolder_keep_the_sessions_folder() {
    let payloads = payloads(Agent::Codex, "subdir");
    let tool_cwds: BTreeSet<&str> = payloads
        .iter()
        .filter(|p| {
            p["hook_event_name"]
                .as_str()
                .is_some_and(|e| e.ends_with("ToolUse"))
        })
        .map(|p| str_of(p, "cwd"))
        .collect();
    assert_eq!(
        tool_cwds,
        BTreeSet::from(["/WORK/sub"]),
        "the fixture's tool events"
    );
    let mut seen = 0;
    for n in 1..=payloads.len() {
        let rows = replay_in_one_tui(&payloads[..n]);
        let event = str_of(&payloads[n - 1], "hook_event_name");
        for row in rows.values() {
            seen += 1;
            assert_eq!(
                (row.cwd.as_str(), row.origin_cwd.as_str()),
                ("/WORK", "/WORK"),
                "after payload {n} ({event})"
            );
        }
    }
    assert!(seen >= payloads.len(), "every payload was replayed");
}

/// Real-agent suite, codex new: `/new` in the TUI starts a second thread on the same pane;
/// Codex sends no `SessionEnd` for the first. On the board, only the new thread is live.
#[test]
fn codex_new_thread_in_the_same_tui_retires_the_older() {
    let rows = replay_in_one_tui(&payloads(Agent::Codex, "new"));
    assert_eq!(
        rows.keys().collect::<Vec<_>>(),
        ["codex:THREAD-ID", "codex:THREAD-ID-2"],
        "two threads, neither ended by a hook"
    );
    let procs = Procs::default();
    let hidden = BTreeMap::new();
    let config = Config::default();
    let ctx = ReadContext {
        now: T0 + 100.0,
        config: &config,
        procs: &procs,
        hidden: &hidden,
        source_mtime: &|_| None,
        realpath: &|p| p.to_owned(),
    };
    let sessions = derive::hook_sessions(rows.into_values().collect(), &ctx);
    let live: Vec<(&str, &str)> = sessions
        .iter()
        .filter(|s| s.row.status.as_str() != "ended")
        .map(|s| (s.row.session_id.as_str(), s.row.status.as_str()))
        .collect();
    assert_eq!(live, [("codex:THREAD-ID-2", "waiting")]);
}
