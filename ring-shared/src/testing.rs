//! Proptest strategies shared by the property tests of every ring crate, so that one list of
//! hostile text serves ring-shared's width tests, ring-tmux's escaping tests and the plugin's
//! render tests alike.
//!
//! Behind the non-default `testing` feature: the crates enable it only in their
//! `[dev-dependencies]`, so neither proptest nor this module reaches the `ring-tmux` binary or
//! the wasm32-wasip1 plugin.

use crate::registry::{Row, Status};
use proptest::prelude::*;

/// Pieces that break naive width or escaping code: escape sequences (CSI, OSC, DCS, C1 CSI),
/// line breaks, C0/C1 controls, zero width and joiner characters, variation selectors,
/// combining marks, emoji (ZWJ families, flags, keycaps), CJK and halfwidth kana, Hangul jamo
/// and Arabic ligatures (string width differs from the sum of character widths), bidi
/// overrides and isolates, soft hyphens, tmux format syntax (`#(…)` runs a command, `#[…]`
/// restyles, `#{…}` expands, lone `#`, `}`, `]` and quotes break naive escaping) and path text.
///
/// The union of what each crate's property tests used before they shared it: every piece stays,
/// so no test lost coverage.
pub const HOSTILE: &[&str] = &[
    "\u{1b}[31m",
    "\u{1b}]0;title\u{7}",
    "\u{1b}P+q\u{1b}\\",
    "\u{9b}2J",
    "\n",
    "\r\n",
    "\t",
    "\0",
    "\u{7}",
    "\u{7f}",
    "\u{85}",
    "\u{2028}",
    "\u{200b}",
    "\u{200d}",
    "\u{fe0f}",
    "\u{fe0e}",
    "\u{301}",
    "e\u{301}",
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
    "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
    "\u{1F1FA}\u{1F1F8}",
    "1\u{FE0F}\u{20E3}",
    "\u{1F534}",
    "\u{2764}\u{FE0F}",
    "\u{23F8}",
    "\u{23F8}\u{FE0F}",
    "重構登入",
    "ｱｲ",
    "\u{1100}\u{1161}",
    "\u{1100}\u{1161}\u{11A8}",
    "\u{644}\u{627}",
    "\u{202e}",
    "\u{2066}",
    "\u{ad}",
    "…",
    "#",
    "##",
    "#(x)",
    "#(rm -rf ~)",
    "#(touch /tmp/pwned)",
    "#[fg=red]",
    "#{pane_id}",
    "#{@ring-icon-waiting}",
    "}",
    "]",
    "'",
    ";",
    "/",
    "/home/u/projects/",
    "a",
    " ",
];

/// Text of up to `max_pieces` pieces, each a [`HOSTILE`] piece (most often), an arbitrary
/// character, or a short run of path-like ASCII, so that hostile pieces also meet plain text
/// and each other at every boundary.
pub fn hostile_text(max_pieces: usize) -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => prop::sample::select(HOSTILE).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
        1 => "[a-z/._-]{1,12}",
    ];
    prop::collection::vec(piece, 0..=max_pieces).prop_map(|pieces| pieces.concat())
}

/// Any session state, each as likely as the others.
pub fn status() -> impl Strategy<Value = Status> {
    prop::sample::select(Status::ALL.to_vec())
}

/// A hook row as the renderers meet it: any state, a known waiting kind or hostile text, a
/// hostile project path (`cwd`, `origin_cwd`) and detail, and last active `now` minus an idle
/// time that is zero, up to a few days, or any `f64` (negative, huge, NaN, infinite).
/// Front ends add the fields only they read (tmux pane and socket, zellij place, …).
pub fn hook_row(now: f64, max_pieces: usize) -> impl Strategy<Value = Row> {
    let kind = prop_oneof![
        3 => prop::sample::select(&["permission", "question", "plan", "idle", ""][..])
            .prop_map(str::to_owned),
        1 => hostile_text(max_pieces),
    ];
    let text = (
        hostile_text(max_pieces),
        hostile_text(max_pieces),
        hostile_text(max_pieces),
    );
    (
        "[a-z0-9-]{1,12}",
        status(),
        kind,
        text,
        prop_oneof![Just(0.0), 0.0f64..400_000.0, prop::num::f64::ANY],
    )
        .prop_map(move |(id, status, kind, text, idle)| {
            let (cwd, origin_cwd, detail) = text;
            let mut row = Row::new(id);
            row.status = status;
            row.waiting_kind = kind;
            row.cwd = cwd;
            row.origin_cwd = origin_cwd;
            row.waiting_detail = detail;
            row.last_active = now - idle;
            row
        })
}

/// The rules where ring follows the real agents instead of RiNG 0.17.2 (README, "Living
/// with RiNG") that a recorded hook step runs into, as the conformance tests see them: the
/// rules, and the row fields they change against RiNG's row.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Difference {
    /// Each rule, and the real-agent step that shows it.
    pub rules: Vec<&'static str>,
    /// The row fields they change (every other field must agree).
    pub fields: Vec<&'static str>,
}

/// A Claude Code `PermissionRequest` is waiting at once.
pub const CLAUDE_REQUEST_WAITS: &str = "a Claude Code PermissionRequest is waiting at once \
    (RiNG: working until the permission_prompt Notification ~6 s later): Claude sends it only \
    with its dialog on screen (real-agent suite, claude basic/bash-dialog)";

/// A Claude Code or Codex `SessionStart` is idle.
pub const START_IS_IDLE: &str = "a Claude Code or Codex SessionStart is idle (RiNG: \
    working): the agent sits at its prompt (real-agent suite, claude basic/start)";

/// The payload's own action wins over the transcript's tail.
pub const PAYLOAD_ACTION: &str = "last_action is what the payload itself says (the tool a \
    PreToolUse or PermissionRequest runs, a Stop's final text) rather than the transcript's \
    tail (RiNG), which Claude appends to after the hook ran";

/// A `SessionStart` starts from no waits and no notification cooldown.
pub const START_RESETS: &str = "a SessionStart clears every wait and the notification \
    cooldown (waiting_notified_at), as RiNG 0.17.6 does (0.17.2 kept the stamp)";

/// A Gemini CLI hook finds its agent's terminal.
pub const GEMINI_TTY: &str = "a Gemini CLI hook finds its agent's terminal (RiNG knows no \
    Gemini process): ring walks up to the node process running gemini (real-agent suite, \
    gemini kill9)";

/// A plan waiting for approval shows the plan's first line.
pub const PLAN_FIRST_LINE: &str = "a plan waiting for approval (ExitPlanMode with \
    tool_input.plan, or Claude Code 2.1's plan file or transcript when its payload carries \
    tool_input: {}) shows the plan's first line as waiting_detail, where RiNG shows the \
    tool's name (issue 25 item 12)";

/// The documented differences a recorded compat step (`{"payload", "provider"?, "args"?}`)
/// may run into, if any. The status rules are found by normalizing the same payload as a
/// generic provider (which keeps every RiNG rule); the action rule by the payload's shape.
/// The conformance tests check that such a step differs from RiNG's rows only in the
/// [`Difference::fields`] (it may also not differ at all).
pub fn ring_difference(step: &serde_json::Value) -> Option<Difference> {
    use crate::event::{HookArgs, normalize, parse_hook_args};
    use serde_json::Value;
    let Some(Value::Object(payload)) = step.get("payload") else {
        return None;
    };
    let args: Vec<String> = match (step.get("provider"), step.get("args")) {
        (Some(Value::String(p)), _) => vec!["--provider".into(), p.clone()],
        (_, Some(Value::Array(a))) => a
            .iter()
            .filter_map(|s| s.as_str().map(str::to_owned))
            .collect(),
        _ => vec![],
    };
    let HookArgs::Provider(cli) = parse_hook_args(&args) else {
        return None;
    };
    let event = normalize(&Value::Object(payload.clone()), &cli)?;
    let mut as_generic = payload.clone();
    as_generic.insert("provider".into(), Value::from("ring-compat-generic"));
    let generic = normalize(&Value::Object(as_generic), &cli)?;
    let mut difference = Difference::default();
    if generic.status != event.status {
        match event.event.as_str() {
            "PermissionRequest" => {
                difference.rules.push(CLAUDE_REQUEST_WAITS);
                difference.fields.extend([
                    "status",
                    "waiting_kind",
                    "waiting_detail",
                    "waiting_notified_at",
                ]);
            }
            "SessionStart" => {
                difference.rules.push(START_IS_IDLE);
                difference.fields.push("status");
            }
            _ => {}
        }
    }
    if event.event == "SessionStart" {
        difference.rules.push(START_RESETS);
        difference.fields.push("waiting_notified_at");
    }
    // RiNG 0.17.2 discovers the terminal of Claude Code's and Codex's processes only.
    let ring_knows_its_process = [
        crate::provider::claude::PROVIDER.name,
        crate::provider::codex::PROVIDER.name,
    ]
    .contains(&event.provider.as_str());
    if event.process_name.is_some() && !ring_knows_its_process {
        difference.rules.push(GEMINI_TTY);
        difference.fields.push("tty");
    }
    let plan = payload
        .get("tool_input")
        .and_then(|input| input.get("plan"))
        .and_then(Value::as_str)
        .is_some_and(|plan| !plan.trim().is_empty());
    if plan && event.waiting_kind == "plan" {
        difference.rules.push(PLAN_FIRST_LINE);
        // RiNG 0.17.6 keeps the detail in the wait's record too.
        difference
            .fields
            .extend(["waiting_detail", "waiting_requests"]);
    }
    if event.action.is_some() && !event.transcript_path.is_empty() {
        difference.rules.push(PAYLOAD_ACTION);
        difference.fields.push("last_action");
    }
    (!difference.rules.is_empty()).then_some(difference)
}

/// ring's one-row-per-agent rule (`scan::finish`), applied to a board RiNG recorded (its
/// `--format json` output): the `synthetic:` rows (source `proc`) that a live hook row of the
/// same provider in the same folder or below (by `realpath`) covers are taken out, and `counts` lowered to
/// match. RiNG shows such an agent twice (§9 quirk 8). Returns how many rows were taken
/// out; the read conformance tests then compare everything else exactly.
pub fn one_row_per_agent(
    board: &mut serde_json::Value,
    realpath: &dyn Fn(&str) -> String,
) -> usize {
    let text = |s: &serde_json::Value, k: &str| {
        s.get(k)
            .and_then(serde_json::Value::as_str)
            .unwrap_or("")
            .to_owned()
    };
    let hooked: Vec<(String, String)> = board["sessions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|s| text(s, "source") == "hook" && text(s, "status") != "ended")
        .map(|s| (text(s, "provider"), realpath(&text(s, "cwd"))))
        .collect();
    drop_sessions(board, &|s| {
        let folder = realpath(&text(s, "cwd"));
        text(s, "source") == "proc"
            && hooked.iter().any(|(provider, cwd)| {
                *provider == text(s, "provider") && crate::derive::is_ancestor_or_self(&folder, cwd)
            })
    })
}

/// Takes the sessions `gone` selects out of a JSON board, lowering `counts` to match;
/// returns how many went.
fn drop_sessions(
    board: &mut serde_json::Value,
    gone: &dyn Fn(&serde_json::Value) -> bool,
) -> usize {
    use serde_json::Value;
    let Some(Value::Array(sessions)) = board.get("sessions").cloned() else {
        return 0;
    };
    let (gone, kept): (Vec<Value>, Vec<Value>) = sessions.into_iter().partition(|s| gone(s));
    for s in &gone {
        if let Some(status) = s.get("status").and_then(Value::as_str)
            && let Some(n) = board["counts"].get_mut(status)
            && let Some(count) = n.as_u64()
        {
            *n = Value::from(count.saturating_sub(1));
        }
    }
    board["sessions"] = Value::Array(kept);
    gone.len()
}

/// The oneline text of a JSON board's `counts` (§5.1), without the newline.
pub fn oneline_of_counts(board: &serde_json::Value) -> String {
    [
        ("waiting", "🔴"),
        ("working", "🟢"),
        ("idle", "🟡"),
        ("ended", "⚫"),
    ]
    .iter()
    .filter_map(|(status, marker)| {
        let n = board["counts"][status].as_u64().unwrap_or(0);
        (n > 0).then(|| format!("{marker}{n}"))
    })
    .collect::<Vec<_>>()
    .join(" ")
}

/// The id prefix of ring's own synthetic rows for a live Codex TUI that has no thread yet
/// (`scan::codex_rows`): RiNG has no such rows, so the read conformance tests leave them out
/// of ring's boards (and counts) before comparing; their own tests are in `scan`.
pub const CODEX_SYNTHETIC: &str = "codex:synthetic:";

/// Takes ring's Codex synthetic rows ([`CODEX_SYNTHETIC`]) out of one of ring's JSON boards,
/// lowering `counts` to match; returns how many went.
pub fn without_codex_synthetic(board: &mut serde_json::Value) -> usize {
    drop_sessions(board, &|s| {
        s.get("session_id")
            .and_then(serde_json::Value::as_str)
            .is_some_and(|id| id.starts_with(CODEX_SYNTHETIC))
    })
}
