//! The live board in a real tmux popup: ring.tmux's menu key (prefix + A) opens it on this
//! tmux (3.2 or later), and what a person types into the attached client drives it.

use super::world::{self, World, payload, poll, until_contains};
use crate::lang_support::{holds, pieces, tr};
use std::path::PathBuf;
use std::time::Duration;

/// Generous: the popup starts `ring-tmux board`, which reads the board before it draws.
const OPEN_WITHIN: Duration = Duration::from_secs(5);
/// A key's effect, a jump: the board looks at the disk every 150 ms.
const SHOWN_WITHIN: Duration = Duration::from_secs(5);
/// A hook's row: well under the board's 5 s liveness read, so only its watch of the
/// sessions folder can show it in time.
const LIVE_WITHIN: Duration = Duration::from_secs(3);
/// The title line the board draws (and no menu has).
const TITLE: &str = "ring \u{b7} ";

/// A world with a client attached and two waiting sessions in windows 1 ("older") and 2
/// ("newer"), whose panes say whose they are; the client is on window 0.
fn two_waiting() -> (World, String, [String; 2]) {
    let mut w = World::new();
    w.server
        .run(&["new-window", "-t", "t:1", "echo IN-OLDER-PANE; exec cat"]);
    w.server
        .run(&["new-window", "-t", "t:2", "echo IN-NEWER-PANE; exec cat"]);
    w.server.run(&["select-window", "-t", "t:0"]);
    let client = w.attach();
    let (tty1, tty2) = (w.server.pane_tty("t:1"), w.server.pane_tty("t:2"));
    let panes = [
        w.server.show("t:1", "#{pane_id}"),
        w.server.show("t:2", "#{pane_id}"),
    ];
    let (a, b) = (w.project("older"), w.project("newer"));
    w.alive(&[(&a, &tty1), (&b, &tty2)]);
    w.hook(&panes[0], payload::waiting("s-older", &a, &tty1));
    w.hook(&panes[1], payload::waiting("s-newer", &b, &tty2));
    (w, client, panes)
}

fn screen(w: &World) -> String {
    let outer = w.outer.as_ref().expect("attached");
    outer.run(&["capture-pane", "-p", "-t", "t"])
}

fn keys(w: &World, keys: &[&str]) {
    let outer = w.outer.as_ref().expect("attached");
    let mut args = vec!["send-keys", "-t", "t"];
    args.extend(keys);
    outer.run(&args);
}

/// Presses the menu key and waits for the board to list `needle`.
fn open_board(w: &World, needle: &str) -> String {
    keys(w, &["C-b", "A"]);
    let shown = poll(OPEN_WITHIN, || {
        let s = screen(w);
        (s.contains(TITLE) && s.contains(needle)).then_some(s)
    });
    shown.unwrap_or_else(|| panic!("no board listing {needle}: {}", screen(w)))
}

/// The screen line the board marks as selected.
fn selected_line(screen: &str) -> String {
    screen
        .lines()
        .find(|l| l.contains(ring_tmux::testing::board::SELECTED))
        .unwrap_or_default()
        .to_owned()
}

/// Waits until the selected line holds `needle`; gives that line either way.
fn until_selected(w: &World, needle: &str) -> String {
    let mut last = String::new();
    poll(SHOWN_WITHIN, || {
        last = selected_line(&screen(w));
        last.contains(needle).then_some(())
    });
    last
}

/// The two projects in the order the board lists them (waits of the same second tie).
fn listed_order(board: &str) -> (&'static str, &'static str) {
    if selected_line(board).contains("older") {
        ("older", "newer")
    } else {
        ("newer", "older")
    }
}

#[test]
fn the_menu_key_opens_the_board_in_a_popup_and_keys_move_the_selection() {
    if !world::tmux_available() {
        return;
    }
    let (w, _, _) = two_waiting();
    let board = open_board(&w, "newer");
    // The first row is selected.
    let (first, second) = listed_order(&board);
    assert!(selected_line(&board).contains(first), "{board}");
    assert!(
        board.contains("\u{1F534}2"),
        "the counts in the title: {board}"
    );
    keys(&w, &["j"]);
    assert!(until_selected(&w, second).contains(second));
    keys(&w, &["k"]);
    assert!(until_selected(&w, first).contains(first));
    keys(&w, &["G"]);
    assert!(until_selected(&w, second).contains(second));
    keys(&w, &["g"]);
    assert!(until_selected(&w, first).contains(first));
    keys(&w, &["Down"]);
    assert!(until_selected(&w, second).contains(second));
    keys(&w, &["q"]);
    let closed = poll(SHOWN_WITHIN, || (!screen(&w).contains(TITLE)).then_some(()));
    assert!(closed.is_some(), "q closes the popup: {}", screen(&w));
}

#[test]
fn a_row_a_hook_writes_appears_in_the_open_board() {
    if !world::tmux_available() {
        return;
    }
    let (w, _, _) = two_waiting();
    open_board(&w, "newer");
    let tty = w.server.pane_tty("t:0");
    let late = w.project("late-arrival");
    let (a, b) = (w.project("older"), w.project("newer"));
    let (tty1, tty2) = (w.server.pane_tty("t:1"), w.server.pane_tty("t:2"));
    w.alive(&[(&a, &tty1), (&b, &tty2), (&late, &tty)]);
    w.hook(
        "%0",
        payload::question("s-late", &late, &tty, "Shall I deploy it?"),
    );
    let shown = until_contains(LIVE_WITHIN, "late-arrival", || screen(&w));
    assert!(shown.contains("late-arrival"), "{shown}");
    assert!(shown.contains("\u{1F534}3"), "the counts follow: {shown}");
    keys(&w, &["q"]);
}

#[test]
fn enter_jumps_the_client_to_the_selected_sessions_pane_and_closes_the_popup() {
    if !world::tmux_available() {
        return;
    }
    let (w, client, panes) = two_waiting();
    let here = || {
        w.server
            .run(&["display-message", "-p", "-c", &client, "#{pane_id}"])
    };
    assert_eq!(here(), "%0");
    let board = open_board(&w, "newer");
    if listed_order(&board).1 == "newer" {
        keys(&w, &["j"]);
    }
    assert!(until_selected(&w, "newer").contains("newer"));
    keys(&w, &["Enter"]);
    let shown = poll(SHOWN_WITHIN, || {
        let s = screen(&w);
        (s.contains("IN-NEWER-PANE") && !s.contains(TITLE)).then_some(s)
    });
    assert!(
        shown.is_some(),
        "the newer pane, popup closed: {}",
        screen(&w)
    );
    assert_eq!(here(), panes[1]);
}

#[test]
fn n_names_a_session_in_labels_json_and_dd_hides_it_in_deleted_sessions_json() {
    if !world::tmux_available() {
        return;
    }
    let (w, _, _) = two_waiting();
    let board = open_board(&w, "newer");
    if listed_order(&board).1 == "newer" {
        keys(&w, &["j"]);
    }
    assert!(until_selected(&w, "newer").contains("newer"));
    keys(&w, &["n"]);
    let name = tr("board-name", &[]);
    let prompt = until_contains(SHOWN_WITHIN, &name, || screen(&w));
    assert!(prompt.contains(&name), "{prompt}");
    keys(&w, &["-l", "billing #1"]);
    keys(&w, &["Enter"]);
    let named = until_contains(SHOWN_WITHIN, "billing #1", || selected_line(&screen(&w)));
    assert!(
        named.contains("billing #1"),
        "the label shows: {}",
        screen(&w)
    );
    let labels: serde_json::Value = serde_json::from_slice(
        &std::fs::read(w.ring_home().join("labels.json")).expect("labels.json written"),
    )
    .expect("labels.json is JSON");
    // RiNG's format: one object, session id → label.
    assert_eq!(labels, serde_json::json!({"s-newer": "billing #1"}));
    // The other front ends show it too.
    let list = String::from_utf8_lossy(&w.ring(&["list"]).stdout).into_owned();
    assert!(list.contains("billing #1"), "{list}");

    keys(&w, &["d", "d"]);
    let gone = poll(SHOWN_WITHIN, || {
        let s = screen(&w);
        (s.contains(TITLE) && !s.contains("billing")).then_some(s)
    });
    assert!(gone.is_some(), "hidden from the board: {}", screen(&w));
    let hidden: serde_json::Value = serde_json::from_slice(
        &std::fs::read(w.ring_home().join("deleted_sessions.json")).expect("hidden written"),
    )
    .expect("deleted_sessions.json is JSON");
    assert!(hidden.to_string().contains("s-newer"), "{hidden}");
    assert!(!hidden.to_string().contains("s-older"), "{hidden}");
    keys(&w, &["q"]);
}

#[test]
fn a_shows_ended_sessions_and_hides_them_again() {
    if !world::tmux_available() {
        return;
    }
    let (w, _, _) = two_waiting();
    let tty = w.server.pane_tty("t:0");
    let done = w.project("finished-job");
    w.hook(
        "%0",
        payload::event("UserPromptSubmit", "s-done", &done, &tty),
    );
    // Its agent went away without a word (the two others still run): the row is ended.
    let (a, b) = (w.project("older"), w.project("newer"));
    let (tty1, tty2) = (w.server.pane_tty("t:1"), w.server.pane_tty("t:2"));
    w.alive(&[(&a, &tty1), (&b, &tty2)]);
    let all = String::from_utf8_lossy(&w.ring(&["list", "--all"]).stdout).into_owned();
    assert!(
        all.contains("finished-job") && all.contains(&tr("state-ended", &[])),
        "{all}"
    );
    let board = open_board(&w, "newer");
    assert!(!board.contains("finished-job"), "{board}");
    keys(&w, &["a"]);
    let shown = until_contains(SHOWN_WITHIN, "finished-job", || screen(&w));
    assert!(
        shown.contains("finished-job") && shown.contains(&tr("board-with-ended", &[])),
        "{shown}"
    );
    keys(&w, &["a"]);
    let hidden = poll(SHOWN_WITHIN, || {
        let s = screen(&w);
        (s.contains(TITLE) && !s.contains("finished-job")).then_some(s)
    });
    assert!(hidden.is_some(), "{}", screen(&w));
    keys(&w, &["q"]);
}

#[test]
fn the_menu_is_what_a_tmux_before_3_2_gets_and_what_at_ring_menu_style_menu_asks_for() {
    if !world::tmux_available() {
        return;
    }
    let (w, client, _) = two_waiting();
    let socket = w.server.socket();
    // A server that says it is 3.1 gets the display-menu (a menu item: `│label (key)│`).
    let args = [
        "--client",
        &client,
        "--socket",
        &socket,
        "--tmux-version",
        "3.1c",
    ];
    let menu = w.menu_screen(&args, "newer");
    assert!(
        menu.lines()
            .any(|l| l.contains("newer") && l.contains('\u{2502}'))
            && !menu.contains(TITLE),
        "{menu}"
    );
    // The option, read when the key is pressed.
    w.server
        .run(&["set-option", "-g", "@ring-menu-style", "menu"]);
    keys(&w, &["C-b", "A"]);
    let menu = until_contains(OPEN_WITHIN, "newer", || screen(&w));
    assert!(
        menu.lines()
            .any(|l| l.contains("newer") && l.contains('\u{2502}'))
            && !menu.contains(TITLE),
        "{menu}"
    );
    keys(&w, &["Escape"]);
}

#[test]
fn quitting_with_q_or_ctrl_c_gives_the_terminal_back_as_it_was() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let pane = |keys: &[&str]| {
        let mut args = vec!["send-keys", "-t", "t:0"];
        args.extend(keys);
        w.server.run(&args);
    };
    let alternate = || w.server.show("t:0", "#{alternate_on}");
    for (quit, answer) in [("q", "ok-42"), ("C-c", "ok-43")] {
        pane(&["-l", &format!("{} board", world::BIN)]);
        pane(&["Enter"]);
        let open = poll(OPEN_WITHIN, || {
            let s = w.server.run(&["capture-pane", "-p", "-t", "t:0"]);
            (alternate() == "1" && s.contains(TITLE)).then_some(())
        });
        assert!(open.is_some(), "board drawn on the alternate screen");
        pane(&[quit]);
        let back = poll(SHOWN_WITHIN, || (alternate() == "0").then_some(()));
        assert!(back.is_some(), "{quit}: the normal screen again");
        // Echo and line editing are back: the shell reads a line as typed.
        let sum = if quit == "q" { "40+2" } else { "40+3" };
        pane(&["-l", &format!("echo ok-$(({sum}))")]);
        pane(&["Enter"]);
        let screen = until_contains(SHOWN_WITHIN, answer, || {
            w.server.run(&["capture-pane", "-p", "-t", "t:0"])
        });
        assert!(screen.contains(answer), "{quit}: {screen}");
    }
}

#[test]
fn in_a_narrow_popup_a_hostile_question_is_shown_whole_as_inert_text() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    w.attach_narrow(60);
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("narrow");
    w.alive(&[(&cwd, &tty)]);
    // A title change, a screen clear, tmux formats and a command substitution.
    let question = "\u{1b}]2;pwned\u{7}\u{1b}[2J#[fg=red]Delete #{pane_id} #(touch $RING_MARKER) \
                    and then everything under the home folder, shall I? LAST-WORDS";
    w.hook("%0", payload::question("hostile", &cwd, &tty, question));
    let board = open_board(&w, "narrow");
    let row = selected_line(&board);
    assert!(row.contains('\u{2026}'), "the row is cut by ring: {board}");
    // The popup's lines, inside its border, joined: the detail pane wraps the whole question.
    let flat: String = board
        .lines()
        .filter_map(|l| l.trim().strip_prefix('\u{2502}')?.strip_suffix('\u{2502}'))
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(flat.contains("LAST-WORDS"), "{board}");
    assert!(flat.contains("#(touch $RING_MARKER)"), "as text: {board}");
    assert!(
        !board.contains("pwned") && !board.contains("]2;"),
        "{board}"
    );
    assert!(!w.marker().exists(), "nothing ran");
    keys(&w, &["q"]);
}

/// Window 1 runs the reply tests' stand-in agent (a Claude-like dialog) asking about `command`, recorded waiting as `s-ask`.
fn ask_in_window_1(w: &World, command: &str, keys_file: &std::path::Path) {
    let script = w.dir.path().join("agent.sh");
    std::fs::write(&script, super::reply::AGENT).expect("agent script");
    let run = format!(
        "sh '{}' '{command}' '{}'",
        script.display(),
        keys_file.display()
    );
    w.server.run(&["respawn-pane", "-k", "-t", "t:1", &run]);
    let drawn = until_contains(SHOWN_WITHIN, "Esc to cancel", || {
        w.server.run(&["capture-pane", "-p", "-t", "t:1"])
    });
    assert!(drawn.contains(command), "{drawn}");
    let tty = w.server.pane_tty("t:1");
    let cwd = w.project("asking");
    w.alive(&[(&cwd, &tty)]);
    w.hook(
        &w.server.show("t:1", "#{pane_id}"),
        payload::waiting("s-ask", &cwd, &tty),
    );
}

/// A world whose window 1 asks about `command` (the answer's key lands in the keys file), with
/// the board open on it and `p` pressed: the world, the keys file and the screen once the board
/// lists the dialog. `None` without tmux.
fn board_listing_a_dialog(command: &str) -> Option<(World, PathBuf, String)> {
    if !world::tmux_available() {
        return None;
    }
    let mut w = World::new();
    w.server.run(&["new-window", "-d", "-t", "t:1"]);
    w.attach();
    let keys_file = w.dir.path().join("keys");
    ask_in_window_1(&w, command, &keys_file);
    open_board(&w, "asking");
    keys(&w, &["p"]);
    let listed = until_contains(SHOWN_WITHIN, "Do you want to proceed?", || screen(&w));
    Some((w, keys_file, listed))
}

#[test]
fn p_lists_the_dialog_in_the_board_and_the_chosen_digit_lands_in_the_agents_pane() {
    let Some((w, keys_file, listed)) = board_listing_a_dialog("echo ring-board-ok") else {
        return;
    };
    assert!(
        listed.contains("echo ring-board-ok") && listed.contains(" 2  Yes, and always allow"),
        "the command asked about and the options: {listed}"
    );
    keys(&w, &["2"]);
    let key = poll(SHOWN_WITHIN, || std::fs::read_to_string(&keys_file).ok());
    assert_eq!(key.as_deref(), Some("2"), "{}", screen(&w));
    let sent = tr("board-sent", &[("number", "2")]);
    let said = until_contains(SHOWN_WITHIN, &sent, || screen(&w));
    assert!(said.contains(&sent), "{said}");
    keys(&w, &["q"]);
}

#[test]
fn p_sends_nothing_to_a_dialog_that_changed_after_it_was_listed() {
    let Some((w, keys_file, listed)) = board_listing_a_dialog("echo first") else {
        return;
    };
    assert!(listed.contains("echo first"), "{listed}");
    // Meanwhile the agent asks about something else.
    ask_in_window_1(&w, "rm -rf ./build", &keys_file);
    keys(&w, &["1"]);
    // The reason's first clause ("the dialog changed since it was listed"): the board may cut
    // the rest to its width.
    let changed = tr("board-reply-changed", &[]);
    let changed = changed.split([';', '；', '，']).next().unwrap_or_default();
    let refused = until_contains(SHOWN_WITHIN, changed, || screen(&w));
    assert!(refused.contains(changed), "the board says why: {refused}");
    assert!(!keys_file.exists(), "no key reached the new dialog");
    keys(&w, &["q"]);
}

#[test]
fn p_takes_no_digit_for_a_dialog_taller_than_the_board() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    w.server.run(&["new-window", "-d", "-t", "t:1"]);
    w.attach();
    // 16 lines of command: the dialog fits the agent's pane (28 rows), not the board's
    // popup (80% of the client).
    let asked = w.dir.path().join("asked.txt");
    let command: Vec<String> = (1..=16).map(|i| format!("echo part {i}")).collect();
    std::fs::write(&asked, command.join("\n") + "\n").expect("command file");
    let script = w.dir.path().join("agent.sh");
    std::fs::write(&script, super::reply_whole::AGENT).expect("agent script");
    let keys_file = w.dir.path().join("keys");
    let run = format!(
        "sh '{}' '{}' '{}'",
        script.display(),
        asked.display(),
        keys_file.display()
    );
    w.server.run(&["respawn-pane", "-k", "-t", "t:1", &run]);
    let drawn = until_contains(SHOWN_WITHIN, "Esc to cancel", || {
        w.server.run(&["capture-pane", "-p", "-t", "t:1"])
    });
    assert!(
        drawn.contains(" Bash command"),
        "whole in its pane: {drawn}"
    );
    let tty = w.server.pane_tty("t:1");
    let cwd = w.project("asking");
    w.alive(&[(&cwd, &tty)]);
    w.hook(
        &w.server.show("t:1", "#{pane_id}"),
        payload::waiting("s-ask", &cwd, &tty),
    );
    open_board(&w, "asking");
    keys(&w, &["p"]);
    let refusal = pieces("board-does-not-fit", &[]);
    let said = until_contains(SHOWN_WITHIN, &refusal[0], || screen(&w));
    keys(&w, &["1"]);
    // Whatever the board did with the 1 (an answer waits for the dialog to go): done.
    let _ = until_contains(SHOWN_WITHIN, &tr("board-sent", &[("number", "1")]), || {
        screen(&w)
    });
    keys(&w, &["q"]);
    w.server.run(&["send-keys", "-t", "t:1", "-l", "x"]);
    let key = poll(SHOWN_WITHIN, || std::fs::read_to_string(&keys_file).ok());
    assert_eq!(
        key.as_deref(),
        Some("x"),
        "no key from the board reached the agent: {said}"
    );
    assert!(
        said.lines().any(|line| holds(line, &refusal)),
        "the board says why: {said}"
    );
}
