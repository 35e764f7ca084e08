//! `ring-tmux reply` against a real tmux pane: a stand-in agent (a shell script) draws a
//! Claude Code permission dialog and writes down the first key it gets. The real Claude Code
//! dialog is answered in the real-agent suite (`scripts/agents/claude_scenarios.py`, `reply`).

use super::world::{self, World, payload, poll, stderr, stdout, until_contains};
use crate::lang_support::{holds, pieces, tr};
use std::path::PathBuf;
use std::time::Duration;

const WITHIN: Duration = Duration::from_secs(10);

/// A Claude-like dialog asking about `$1`; the first key typed goes to the file `$2`.
pub(crate) const AGENT: &str = r#"#!/bin/sh
printf '\033[2J\033[H'
printf '● Bash(%s)\n────────────────────────────────────────\n Bash command\n   %s\n Do you want to proceed?\n ❯ 1. Yes\n   2. Yes, and always allow\n   3. No\n Esc to cancel · Tab to amend\n' "$1" "$1"
stty raw -echo
key=$(dd bs=1 count=1 2>/dev/null)
stty sane
printf '%s' "$key" > "$2.tmp" && mv "$2.tmp" "$2"
printf '\033[2J\033[Hchose %s\n' "$key"
exec sleep 600
"#;

struct Agent {
    w: World,
    keys: PathBuf,
}

impl Agent {
    fn start() -> Agent {
        let w = World::new();
        let script = w.dir.path().join("agent.sh");
        std::fs::write(&script, AGENT).expect("agent script");
        let keys = w.dir.path().join("keys");
        Agent { w, keys }
    }

    /// Restarts pane %0 as the agent asking about `command`, and records the session
    /// `s-reply` waiting there (the hook as it runs in that pane).
    fn ask(&self, command: &str) {
        let _ = std::fs::remove_file(&self.keys);
        let script = self.w.dir.path().join("agent.sh");
        let run = format!(
            "sh '{}' '{command}' '{}'",
            script.display(),
            self.keys.display()
        );
        self.w.server.run(&["respawn-pane", "-k", "-t", "%0", &run]);
        let screen = until_contains(WITHIN, "Esc to cancel", || self.capture());
        assert!(screen.contains(command), "the dialog is drawn: {screen}");
        let tty = self.w.server.pane_tty("%0");
        let cwd = self.w.project("reply");
        self.w.alive(&[(&cwd, &tty)]);
        self.w.hook("%0", payload::waiting("s-reply", &cwd, &tty));
    }

    fn capture(&self) -> String {
        self.w.server.run(&["capture-pane", "-p", "-t", "%0"])
    }

    /// The first key the agent got (it writes the file once, by rename).
    fn key(&self) -> String {
        poll(WITHIN, || std::fs::read_to_string(&self.keys).ok()).unwrap_or_default()
    }

    fn reply(&self, args: &[&str]) -> std::process::Output {
        let mut argv = vec!["reply"];
        argv.extend_from_slice(args);
        self.w.ring(&argv)
    }
}

/// The line under a listed dialog, up to its fingerprint: "answer: ring-tmux reply --session
/// ID N --expect ".
pub(crate) fn answer_line(id: &str) -> String {
    pieces("err-reply-answer-with", &[("id", id)]).swap_remove(0)
}

/// What `reply … --expect FP` says on stderr when the dialog is no longer the one listed.
pub(crate) fn listed_changed() -> String {
    format!(
        "ring-tmux: {}; {}\n",
        tr("err-reply-listed-changed", &[]),
        tr("err-reply-listed-changed-fix", &[])
    )
}

#[test]
fn reply_lists_the_options_and_the_chosen_digit_lands() {
    if !world::tmux_available() {
        return;
    }
    let a = Agent::start();
    a.ask("echo ring-ok");

    let out = a.reply(&["s-reply"]);
    assert!(out.status.success(), "list: {out:?}");
    let listed = stdout(&out);
    let answer = answer_line("s-reply");
    assert!(
        listed.starts_with(&format!(" Bash command\n   echo ring-ok\n Do you want to proceed?\n ❯ 1. Yes\n   2. Yes, and always allow\n   3. No\n Esc to cancel · Tab to amend\n{answer}")),
        "{listed}"
    );

    let out = a.reply(&["s-re", "--json"]);
    assert!(out.status.success(), "json: {out:?}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["session_id"], "s-reply");
    assert_eq!(doc["question"], "Do you want to proceed?");
    assert_eq!(
        doc["options"],
        serde_json::json!([{"number": 1, "text": "Yes"}, {"number": 2, "text": "Yes, and always allow"}, {"number": 3, "text": "No"}])
    );
    assert_eq!(doc["selected"], 1);
    let fingerprint = doc["fingerprint"].as_str().expect("fingerprint").to_owned();

    let out = a.reply(&["s-reply", "4"]);
    assert_eq!(out.status.code(), Some(1), "no option 4: {out:?}");
    let no_option = format!(
        "{}; {}",
        tr("err-reply-no-option", &[("number", "4")]),
        tr("err-reply-no-option-fix", &[("options", "1, 2, 3")])
    );
    assert!(stderr(&out).contains(&no_option), "{}", stderr(&out));

    // In copy mode a digit is a repeat count, not a key for the agent.
    a.w.server.run(&["copy-mode", "-t", "%0"]);
    let out = a.reply(&["s-reply", "3"]);
    assert_eq!(out.status.code(), Some(1), "copy mode: {out:?}");
    assert!(
        holds(&stderr(&out), &pieces("err-reply-copy-mode", &[])),
        "{}",
        stderr(&out)
    );
    a.w.server.run(&["send-keys", "-t", "%0", "-X", "cancel"]);

    let out = a.reply(&["s-reply", "3", "--expect", &fingerprint]);
    assert!(out.status.success(), "answer: {}", stderr(&out));
    assert_eq!(a.key(), "3", "the chosen digit, once, reached the agent");
    assert!(a.capture().contains("chose 3"));

    let out = a.reply(&["s-reply"]);
    assert_eq!(out.status.code(), Some(1), "no dialog any more: {out:?}");
    assert!(
        stderr(&out).contains(&tr("err-reply-no-dialog", &[])),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_dialog_redrawn_between_listing_and_answer_gets_no_key() {
    if !world::tmux_available() {
        return;
    }
    let a = Agent::start();
    a.ask("echo listed");
    let out = a.reply(&["s-reply", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let fingerprint = doc["fingerprint"].as_str().expect("fingerprint").to_owned();

    // The same question and options, about another command.
    a.ask("rm -rf redrawn");
    let out = a.reply(&["s-reply", "1", "--expect", &fingerprint]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(stderr(&out), listed_changed());
    // The first key the agent gets is the one typed now, not a "1".
    a.w.server.run(&["send-keys", "-t", "%0", "-l", "x"]);
    assert_eq!(a.key(), "x");
}
