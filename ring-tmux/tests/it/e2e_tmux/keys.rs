//! The keys ring.tmux binds, typed into a real attached client: jump and the menu.

use super::BADGE_WITHIN;
use super::world::{self, World, payload, until_contains};
use crate::lang_support::{pieces, tr};
use std::time::Duration;

#[test]
fn jump_key_moves_the_client_to_the_longest_waiting_pane_and_again_to_the_next() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    w.server.run(&["new-window", "-t", "t:1"]);
    w.server.run(&["new-window", "-t", "t:2"]);
    w.server.run(&["select-window", "-t", "t:0"]);
    let client = w.attach();
    let (tty1, tty2) = (w.server.pane_tty("t:1"), w.server.pane_tty("t:2"));
    let (p1, p2) = (
        w.server.show("t:1", "#{pane_id}"),
        w.server.show("t:2", "#{pane_id}"),
    );
    let (a, b) = (w.project("older"), w.project("newer"));
    w.alive(&[(&a, &tty1), (&b, &tty2)]);
    w.hook(&p1, payload::waiting("older", &a, &tty1));
    w.hook(&p2, payload::waiting("newer", &b, &tty2));
    let here = || {
        w.server
            .run(&["display-message", "-p", "-c", &client, "#{pane_id}"])
    };
    assert_eq!(here(), "%0");

    // prefix + a, typed into the outer pane that shows the client.
    let outer = w.outer.as_ref().expect("attached");
    outer.run(&["send-keys", "-t", "t", "C-b", "a"]);
    assert_eq!(
        until_contains(BADGE_WITHIN, &p1, here),
        p1,
        "longest waiting first"
    );
    outer.run(&["send-keys", "-t", "t", "C-b", "a"]);
    assert_eq!(
        until_contains(BADGE_WITHIN, &p2, here),
        p2,
        "then the next one"
    );
    outer.run(&["send-keys", "-t", "t", "C-b", "a"]);
    assert_eq!(
        until_contains(BADGE_WITHIN, &p1, here),
        p1,
        "and round again"
    );
}

#[test]
fn a_menu_of_more_sessions_than_the_client_has_lines_still_opens() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    let client = w.attach();
    let tty = w.server.pane_tty("%0");
    let height: usize = w
        .server
        .run(&["display-message", "-p", "-c", &client, "#{client_height}"])
        .trim()
        .parse()
        .expect("client height");
    // More sessions than lines (each its own live agent): tmux would draw no menu at all.
    let sessions = height + 5;
    let cwds: Vec<String> = (0..sessions)
        .map(|i| w.project(&format!("many-{i:02}")))
        .collect();
    let agents: Vec<(&str, &str)> = cwds.iter().map(|c| (c.as_str(), tty.as_str())).collect();
    w.alive(&agents);
    for (i, cwd) in cwds.iter().enumerate() {
        w.hook(
            "%0",
            payload::question(&format!("s{i:02}"), cwd, &tty, "Ship it?"),
        );
    }
    let (socket, height_arg) = (w.server.socket(), height.to_string());
    let args = [
        "--client",
        &client,
        "--socket",
        &socket,
        "--height",
        &height_arg,
        "--style",
        "menu",
    ];
    let more = pieces("jump-menu-more", &[]);
    let screen = w.menu_screen(&args, more.last().expect("a piece"));
    // The board also holds the live agents' synthetic rows (§4.4): count from it.
    let board: serde_json::Value =
        serde_json::from_slice(&w.ring(&["json"]).stdout).expect("json board");
    let total = board["sessions"].as_array().expect("sessions").len();
    // Menu rows only (the status line may name the longest-waiting project too).
    let shown = screen
        .lines()
        .filter(|l| l.contains("many-") && l.contains('\u{2502}'))
        .count();
    assert!(shown > 0 && shown < total, "sessions listed: {screen}");
    let rest = (total - shown).to_string();
    assert!(
        screen.contains(&tr("jump-menu-more", &[("count", &rest)])),
        "the rest counted ({total} sessions): {screen}"
    );
}

/// How long the menu may take to open after its key: `run-shell -b` starts `ring-tmux menu`,
/// which reads the board before it asks tmux for the menu.
const MENU_WITHIN: Duration = Duration::from_secs(2);

/// The key tmux shows for the menu item whose line holds `needle`: tmux draws an item as
/// `│label   (key)│`.
fn menu_key(screen: &str, needle: &str) -> Option<String> {
    let line = screen
        .lines()
        .find(|l| l.contains(needle) && l.contains('\u{2502}'))?;
    let inside = line.trim_end().strip_suffix('\u{2502}')?.trim_end();
    let key = inside.strip_suffix(')')?.rsplit_once('(')?.1;
    (!key.is_empty()).then(|| key.to_owned())
}

#[test]
fn choosing_a_session_in_the_menu_by_its_key_takes_the_client_to_its_pane() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    // Each agent's pane says whose it is, so the screen shows where the client went.
    w.server
        .run(&["new-window", "-t", "t:1", "echo IN-OLDER-PANE; exec cat"]);
    w.server
        .run(&["new-window", "-t", "t:2", "echo IN-NEWER-PANE; exec cat"]);
    w.server.run(&["select-window", "-t", "t:0"]);
    let client = w.attach();
    let (tty1, tty2) = (w.server.pane_tty("t:1"), w.server.pane_tty("t:2"));
    let p2 = w.server.show("t:2", "#{pane_id}");
    let (a, b) = (w.project("older"), w.project("newer"));
    w.alive(&[(&a, &tty1), (&b, &tty2)]);
    w.hook(
        &w.server.show("t:1", "#{pane_id}"),
        payload::waiting("older", &a, &tty1),
    );
    w.hook(&p2, payload::waiting("newer", &b, &tty2));
    let outer = w.outer.as_ref().expect("attached");
    let screen = || outer.run(&["capture-pane", "-p", "-t", "t"]);
    let here = || {
        w.server
            .run(&["display-message", "-p", "-c", &client, "#{pane_id}"])
    };
    assert_eq!(here(), "%0");
    assert!(!screen().contains("IN-NEWER-PANE"), "{}", screen());

    // prefix + A (ring.tmux's binding), typed into the outer pane that shows the client; the
    // plain menu asked for (on this tmux the key opens the board popup: e2e_tmux/board.rs).
    w.server
        .run(&["set-option", "-g", "@ring-menu-style", "menu"]);
    outer.run(&["send-keys", "-t", "t", "C-b", "A"]);
    let menu = until_contains(MENU_WITHIN, "newer", screen);
    // The longest-waiting session comes first; take the other one, by the key tmux shows.
    let first = menu_key(&menu, "older");
    let key = menu_key(&menu, "newer");
    assert!(
        first.is_some() && key.is_some() && first != key,
        "menu: {menu}"
    );
    let key = key.expect("checked");
    outer.run(&["send-keys", "-t", "t", &key]);

    let shown = until_contains(BADGE_WITHIN, "IN-NEWER-PANE", screen);
    assert!(
        shown.contains("IN-NEWER-PANE") && !shown.contains('\u{2502}'),
        "the newer session's pane, menu closed: {shown}"
    );
    assert_eq!(here(), p2);
}

#[test]
fn on_a_narrow_client_menu_lines_are_cut_by_ring_not_by_tmux() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    w.attach_narrow(64);
    let outer = w.outer.as_ref().expect("attached");
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("a-rather-long-project-name-for-a-narrow-client");
    w.alive(&[(&cwd, &tty)]);
    let question = "Shall I also rewrite the migration scripts, the docs and the release notes?";
    w.hook("%0", payload::question("wordy", &cwd, &tty, question));
    let screen = || outer.run(&["capture-pane", "-p", "-t", "t"]);

    // ring.tmux's binding passes the client's size (the status line names the project too:
    // wait for the question's text, which only the menu shows); the plain menu asked for.
    w.server
        .run(&["set-option", "-g", "@ring-menu-style", "menu"]);
    outer.run(&["send-keys", "-t", "t", "C-b", "A"]);
    let menu = until_contains(MENU_WITHIN, "AskUser", screen);
    let line = menu
        .lines()
        .find(|l| l.contains("AskUser") && l.contains('\u{2502}'))
        .unwrap_or_default();
    assert!(
        line.contains("a-rather"),
        "project and question on one line: {menu}"
    );
    assert!(menu_key(&menu, "AskUser").is_some(), "with its key: {menu}");
    // tmux marks a line it had to cut with `>`: ring's own cut ends in `…`.
    assert!(!line.contains('>'), "cut by tmux: {line}");
    assert!(line.contains('\u{2026}'), "cut by ring: {line}");
    outer.run(&["send-keys", "-t", "t", "q"]);
}
