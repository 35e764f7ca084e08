//! A Claude Code 2.1 plan waiting for approval names its plan (§11.12): the payloads carry
//! `tool_input: {}`, so the real hook reads the plan from the plan file
//! (`~/.claude/plans/<slug>.md`) or the transcript. Payloads and transcript records are
//! copied from Claude Code 2.1.328 (scripts/agents/claude_scenarios.py --only plan --keep),
//! trimmed to the keys that matter and with its paths moved into the test's HOME.

use crate::hook_support::{Home, T0, assert_hook_contract};
use serde_json::{Value, json};
use std::fs;
use std::path::{Path, PathBuf};

const SID: &str = "853b89da-0b7e-4ba0-b2a3-aa6a679b00aa";
const SLUG: &str = "ring-plan-make-a-plan-purring-dongarra";

/// The transcript as Claude has it when the dialog's Notification comes: the prompt (every
/// record carries the session's slug), the plan-mode reminder naming the plan file, and the
/// model's ExitPlanMode call (`sent_plan` as its `input.plan`, when it sent one).
fn transcript(h: &Home, sent_plan: Option<&str>) -> PathBuf {
    let home = h.home();
    let plan_file = home.join(format!(".claude/plans/{SLUG}.md"));
    let input = sent_plan.map_or_else(|| json!({}), |plan| json!({"plan": plan}));
    let records = [
        json!({"type": "permission-mode", "permissionMode": "plan", "sessionId": SID}),
        json!({"parentUuid": null, "isSidechain": false, "promptId": "8ff4d747-f757-4759-84c6-9207cd070457", "type": "user", "message": {"role": "user", "content": "RING_PLAN: make a plan"}, "uuid": "c312c33a-b2ec-4b1c-a337-4085f1b8f730", "timestamp": "2026-12-05T11:14:42.354Z", "permissionMode": "plan", "cwd": "/repo/app", "sessionId": SID, "version": "2.1.328", "gitBranch": "HEAD", "slug": SLUG}),
        json!({"parentUuid": "cc8da40e-a00b-43b1-90ec-1d6e13d33751", "isSidechain": false, "attachment": {"type": "plan_mode", "reminderType": "full", "isSubAgent": false, "planFilePath": plan_file, "planExists": false}, "type": "attachment", "uuid": "62a9711e-2ff8-4bda-b638-1e327811e4e7", "timestamp": "2026-12-05T11:14:42.353Z", "sessionId": SID, "version": "2.1.328", "slug": SLUG}),
        json!({"parentUuid": "2d7dc791-fcc3-43fe-ba94-e408c8ef459e", "isSidechain": false, "message": {"id": "msg_mock_2ed6519ae2344fe1", "type": "message", "role": "assistant", "model": "claude-opus-5-5", "content": [{"type": "tool_use", "id": "toolu_mock_816f8aa26fa2459c", "name": "ExitPlanMode", "input": input}], "stop_reason": "tool_use"}, "type": "assistant", "uuid": "545454bb-4023-4b83-8c98-da2b3e9dc287", "timestamp": "2026-12-05T11:14:42.521Z", "cwd": "/repo/app", "sessionId": SID, "version": "2.1.328", "slug": SLUG}),
        json!({"type": "last-prompt", "lastPrompt": "RING_PLAN: make a plan", "leafUuid": "545454bb-4023-4b83-8c98-da2b3e9dc287", "sessionId": SID}),
    ];
    let path = home.join(format!(".claude/projects/-repo-app/{SID}.jsonl"));
    fs::create_dir_all(path.parent().expect("folder")).expect("projects folder");
    let text: String = records.iter().map(|r| format!("{r}\n")).collect();
    fs::write(&path, text).expect("transcript");
    path
}

fn plans(h: &Home) -> PathBuf {
    h.home().join(".claude/plans")
}

fn write_plan(h: &Home, text: &str) {
    fs::create_dir_all(plans(h)).expect("plans folder");
    fs::write(plans(h).join(format!("{SLUG}.md")), text).expect("plan file");
}

/// The dialog's events as Claude 2.1.328 sends them: PermissionRequest (the wait opens with
/// `tool_input: {}`), then the Notification ~6 s later.
fn payloads(transcript: &Path) -> [Value; 2] {
    [
        json!({"session_id": SID, "transcript_path": transcript, "cwd": "/repo/app", "prompt_id": "8ff4d747-f757-4759-84c6-9207cd070457", "permission_mode": "plan", "effort": {"level": "medium"}, "hook_event_name": "PermissionRequest", "tool_name": "ExitPlanMode", "tool_input": {}}),
        json!({"session_id": SID, "transcript_path": transcript, "cwd": "/repo/app", "prompt_id": "8ff4d747-f757-4759-84c6-9207cd070457", "hook_event_name": "Notification", "message": "Claude Code needs your approval for the plan", "notification_type": "permission_prompt"}),
    ]
}

/// Runs the dialog's events; gives the row's `waiting_detail` after each.
fn details(h: &Home, transcript: &Path) -> Vec<String> {
    payloads(transcript)
        .into_iter()
        .enumerate()
        .map(|(i, payload)| {
            let out = h.event(payload, T0 + 6.0 * i as f64);
            assert_hook_contract(&out);
            let row = h.row(&format!("{SID}.json")).expect("row");
            assert_eq!(row["status"], "waiting", "{row:?}");
            assert_eq!(row["waiting_kind"], "plan", "{row:?}");
            row["waiting_detail"].as_str().expect("detail").to_owned()
        })
        .collect()
}

#[test]
fn the_plan_file_names_the_wait() {
    let h = Home::new();
    write_plan(
        &h,
        "\n# Ship the \u{1b}[31mring\u{1b}[0m   plan\n\n1. Write ring_plan.txt\n",
    );
    let t = transcript(&h, None);
    assert_eq!(
        details(&h, &t),
        ["Ship the ring plan", "Ship the ring plan"]
    );
}

#[test]
fn a_plan_sent_inline_names_the_wait_from_the_transcript() {
    // No plan file (Claude's `planExists: false`): the model's ExitPlanMode input has it.
    let h = Home::new();
    let t = transcript(&h, Some("1. Write ring_plan.txt\n2. Report back"));
    assert_eq!(
        details(&h, &t),
        ["1. Write ring_plan.txt", "1. Write ring_plan.txt"]
    );
}

#[test]
fn the_notification_names_a_plan_the_transcript_got_late() {
    // Claude writes the ExitPlanMode record after the PermissionRequest hook ran: the wait
    // opens on the tool's name and the Notification names it.
    let h = Home::new();
    let t = transcript(&h, None);
    let [request, note] = payloads(&t);
    assert_hook_contract(&h.event(request, T0));
    let row = h.row(&format!("{SID}.json")).expect("row");
    assert_eq!(row["waiting_detail"], "ExitPlanMode");
    transcript(&h, Some("## Rename the crate\n1. cargo rename"));
    assert_hook_contract(&h.event(note, T0 + 6.0));
    let row = h.row(&format!("{SID}.json")).expect("row");
    assert_eq!(row["waiting_detail"], "Rename the crate", "{row:?}");
}

#[test]
fn a_linked_plan_is_not_read() {
    // Neither a plan file that is a symlink nor a plans folder that is one is followed.
    let h = Home::new();
    let outside = h.home().join("secret.md");
    fs::write(&outside, "# the secret\n").expect("outside");
    fs::create_dir_all(plans(&h)).expect("plans folder");
    std::os::unix::fs::symlink(&outside, plans(&h).join(format!("{SLUG}.md"))).expect("link");
    let t = transcript(&h, None);
    assert_eq!(details(&h, &t), ["ExitPlanMode", "ExitPlanMode"]);

    let h = Home::new();
    let elsewhere = h.home().join("elsewhere");
    fs::create_dir_all(&elsewhere).expect("elsewhere");
    fs::write(elsewhere.join(format!("{SLUG}.md")), "# the secret\n").expect("outside");
    fs::create_dir_all(h.home().join(".claude")).expect(".claude");
    std::os::unix::fs::symlink(&elsewhere, plans(&h)).expect("link");
    let t = transcript(&h, None);
    assert_eq!(details(&h, &t), ["ExitPlanMode", "ExitPlanMode"]);
}

#[test]
fn only_the_plan_file_head_is_read() {
    // A plan file of blank lines longer than the read: no detail from it, nothing hangs.
    let h = Home::new();
    write_plan(&h, &format!("{}# too far\n", "\n".repeat(64 * 1024)));
    let t = transcript(&h, None);
    assert_eq!(details(&h, &t), ["ExitPlanMode", "ExitPlanMode"]);
}
