//! `install-hooks` on a real terminal (a tmux pane on a private socket): it shows the change
//! as a diff and asks; `n` writes nothing, `y` writes it (issue 25 item 3).

use super::world::{self, BIN, Server, until_contains};
use crate::lang_support::{holds, pieces, tr};
use std::path::Path;
use std::time::Duration;

const WITHIN: Duration = Duration::from_secs(20);

/// A pane running `install-hooks` with HOME `home` and no agent program on PATH, which
/// prints its exit code and then waits.
fn ask_in_pane(server: &Server, window: &str, home: &Path) {
    let command = format!(
        "env HOME='{}' PATH= '{BIN}' install-hooks; echo \"EXIT=$?\"; read wait",
        home.display()
    );
    server.run(&["new-window", "-d", "-n", window, &command]);
}

fn screen(server: &Server, window: &str) -> String {
    server.run(&[
        "capture-pane",
        "-p",
        "-J",
        "-S",
        "-100",
        "-t",
        &format!("t:{window}"),
    ])
}

#[test]
fn on_a_terminal_install_hooks_shows_the_diff_and_writes_only_after_yes() {
    if !world::tmux_available() {
        return;
    }
    let question = format!("{} [y/N]", tr("install-ask", &[]));
    let dir = tempfile::tempdir().expect("temp dir");
    let home = dir.path().join("home");
    std::fs::create_dir_all(home.join(".claude")).expect("~/.claude");
    let settings = home.join(".claude/settings.json");
    let server = Server::start(&[("PATH", std::env::var("PATH").unwrap_or_default())], None);

    // n: nothing written.
    ask_in_pane(&server, "no", &home);
    let asked = until_contains(WITHIN, &question, || screen(&server, "no"));
    assert!(
        asked.contains(".claude/settings.json") && asked.contains(" hook\""),
        "the diff is shown before the question: {asked}"
    );
    assert!(!settings.exists(), "written before the answer");
    server.run(&["send-keys", "-t", "t:no", "n", "Enter"]);
    let done = until_contains(WITHIN, "EXIT=", || screen(&server, "no"));
    assert!(
        done.contains("EXIT=0") && done.contains(&tr("install-declined", &[])),
        "{done}"
    );
    assert!(!settings.exists(), "written after n");

    // y: written.
    ask_in_pane(&server, "yes", &home);
    until_contains(WITHIN, &question, || screen(&server, "yes"));
    server.run(&["send-keys", "-t", "t:yes", "y", "Enter"]);
    let done = until_contains(WITHIN, "EXIT=", || screen(&server, "yes"));
    assert!(
        done.contains("EXIT=0") && done.lines().any(|l| holds(l, &pieces("install-done", &[]))),
        "{done}"
    );
    let written = std::fs::read_to_string(&settings).expect("settings.json after y");
    assert!(written.contains(&format!("{BIN} hook")), "{written}");
}
