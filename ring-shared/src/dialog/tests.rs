use super::*;

/// A screen the real-agent harness captured (`screen_tail` of a step of
/// `ring-shared/tests/fixtures/agents/claude/*.steps.json`, Claude Code 2.1.328).
fn captured(file: &str, step: &str) -> String {
    let text = match file {
        "basic" => include_str!("../../tests/fixtures/agents/claude/basic.steps.json"),
        "ask_tool" => include_str!("../../tests/fixtures/agents/claude/ask_tool.steps.json"),
        "plan" => include_str!("../../tests/fixtures/agents/claude/plan.steps.json"),
        other => panic!("no fixture {other}"),
    };
    let doc: serde_json::Value = serde_json::from_str(text).expect("json");
    let steps = doc["steps"].as_array().expect("steps");
    let step = steps.iter().find(|s| s["step"] == step).expect("step");
    step["screen_tail"]
        .as_array()
        .expect("screen_tail")
        .iter()
        .map(|l| l.as_str().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn texts(d: &Dialog) -> Vec<&str> {
    d.choices.iter().map(|c| c.text.as_str()).collect()
}

#[test]
fn claude_bash_permission() {
    let d = parse(&captured("basic", "bash-dialog")).expect("a dialog");
    assert_eq!(d.question, "Do you want to proceed?");
    assert_eq!(
        texts(&d),
        [
            "Yes",
            "Yes, and always allow access to /WORK from this project",
            "Yes, and switch to auto mode · auto mode handles these prompts for you",
            "No"
        ]
    );
    assert_eq!(d.selected, Some(1));
}

#[test]
fn claude_question_with_descriptions_under_the_options() {
    let d = parse(&captured("ask_tool", "ask-dialog")).expect("a dialog");
    assert_eq!(d.question, "Which color should the ring be?");
    assert_eq!(
        texts(&d),
        ["Red", "Blue", "Type something.", "Chat about this"]
    );
    assert_eq!(d.selected, Some(1));
}

#[test]
fn claude_plan_approval() {
    let d = parse(&captured("plan", "plan-dialog")).expect("a dialog");
    assert_eq!(d.question, "Claude wants to exit plan mode");
    assert_eq!(d.choices.len(), 2);
    assert_eq!(d.choices[1].text, "No");
}

#[test]
fn a_dialog_answered_and_scrolled_up_is_none() {
    let screen = captured("basic", "bash-dialog") + "\n● Bash(echo ring-bash-ok)\n  ⎿  done\n";
    assert_eq!(parse(&screen), None);
}

#[test]
fn no_dialog_no_gaps_no_single_option() {
    assert_eq!(parse(""), None);
    assert_eq!(parse("❯ RING_ASK_TOOL: choose\n? for shortcuts"), None);
    assert_eq!(parse("Do it?\n❯ 1. Yes\n  3. No\nEsc to cancel"), None);
    assert_eq!(parse("Do it?\n❯ 1. Yes\nEsc to cancel"), None);
    assert_eq!(parse("Do it?\n  2. Yes\n❯ 3. No"), None);
}
