//! Sessions a person names on the command line: `jump SESSION` (id, id prefix or label),
//! `name SESSION LABEL`, `hide SESSION`, against a real tmux server.

use super::BADGE_WITHIN;
use super::world::{self, World, payload, until_contains};
use crate::lang_support::{pieces, tr};

/// Two waiting sessions, `abc-older` in window 1 and `abd-newer` in window 2, and a client
/// attached on window 0. Returns the world, the client and the two panes.
fn two_waiting() -> (World, String, String, String) {
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
    w.hook(&p1, payload::waiting("abc-older", &a, &tty1));
    w.hook(&p2, payload::waiting("abd-newer", &b, &tty2));
    (w, client, p1, p2)
}

fn here(w: &World, client: &str) -> String {
    w.server
        .run(&["display-message", "-p", "-c", client, "#{pane_id}"])
}

fn jump(w: &World, client: &str, session: &str) -> std::process::Output {
    let socket = w.server.socket();
    w.ring(&["jump", "--client", client, "--socket", &socket, session])
}

#[test]
fn jump_session_goes_by_label_or_id_prefix_and_lists_an_ambiguous_prefix() {
    if !world::tmux_available() {
        return;
    }
    let (w, client, p1, p2) = two_waiting();
    std::fs::write(
        w.ring_home().join("labels.json"),
        r#"{"abd-newer": "release"}"#,
    )
    .expect("labels");
    assert_eq!(here(&w, &client), "%0");

    let out = jump(&w, &client, "release");
    assert!(out.status.success(), "by label: {out:?}");
    assert_eq!(until_contains(BADGE_WITHIN, &p2, || here(&w, &client)), p2);

    let out = jump(&w, &client, "abc");
    assert!(out.status.success(), "by id prefix: {out:?}");
    assert_eq!(until_contains(BADGE_WITHIN, &p1, || here(&w, &client)), p1);

    let out = jump(&w, &client, "ab");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "ambiguous: {stderr}");
    let matches = pieces("err-session-ambiguous", &[("query", "ab"), ("count", "2")]);
    let waiting = tr("state-waiting", &[]);
    assert!(
        stderr.starts_with(&format!("ring-tmux: {}", matches[0]))
            && stderr.contains(&format!("abc-older (older, {waiting})"))
            && stderr.contains(&format!("abd-newer (release, newer, {waiting})")),
        "the candidates listed: {stderr}"
    );
    assert_eq!(here(&w, &client), p1, "an ambiguous prefix moves nothing");

    let out = jump(&w, &client, "zzz");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "unknown: {stderr}");
    assert!(
        stderr.contains(&tr("err-session-none", &[("query", "zzz")])),
        "{stderr}"
    );
    assert_eq!(here(&w, &client), p1);
}

fn json_sessions(w: &World) -> Vec<serde_json::Value> {
    let out = w.ring(&["json"]);
    let board: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json board");
    board["sessions"].as_array().expect("sessions").clone()
}

fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).expect("file").permissions().mode() & 0o777
}

#[test]
fn name_labels_a_session_everywhere_and_hide_takes_it_off_the_board() {
    if !world::tmux_available() {
        return;
    }
    let (w, client, _p1, p2) = two_waiting();
    let out = w.ring(&["name", "abd", "ship it"]);
    assert!(out.status.success(), "name: {out:?}");
    let labels = w.ring_home().join("labels.json");
    assert_eq!(
        std::fs::read_to_string(&labels).expect("labels.json"),
        r#"{"abd-newer": "ship it"}"#,
        "RiNG's format"
    );
    assert_eq!(mode(&labels), 0o600);

    // json and list carry it, the menu shows it, and jump finds the session by it.
    let sessions = json_sessions(&w);
    let newer = sessions
        .iter()
        .find(|s| s["session_id"] == "abd-newer")
        .expect("listed");
    assert_eq!(newer["label"], "ship it");
    let list = String::from_utf8_lossy(&w.ring(&["list"]).stdout).into_owned();
    assert!(list.contains("ship it"), "list: {list}");
    let socket = w.server.socket();
    let screen = w.menu_screen(
        &["--client", &client, "--socket", &socket, "--style", "menu"],
        "ship it",
    );
    assert!(screen.contains("ship it"), "menu: {screen}");
    let out = jump(&w, &client, "ship it");
    assert!(out.status.success(), "jump by the new label: {out:?}");
    assert_eq!(until_contains(BADGE_WITHIN, &p2, || here(&w, &client)), p2);

    // An ambiguous prefix hides nothing; the label hides its session: off the board, written as RiNG writes it.
    let hidden = w.ring_home().join("deleted_sessions.json");
    let out = w.ring(&["hide", "ab"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(!hidden.exists(), "nothing hidden");
    let out = w.ring(&["hide", "ship it"]);
    assert!(out.status.success(), "hide: {out:?}");
    let text = std::fs::read_to_string(&hidden).expect("deleted_sessions.json");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert!(
        doc["abd-newer"]
            .as_str()
            .is_some_and(|s| s.ends_with("+00:00")),
        "an ISO stamp: {text}"
    );
    assert_eq!(mode(&hidden), 0o600);
    let ids: Vec<String> = json_sessions(&w)
        .iter()
        .map(|s| s["session_id"].as_str().unwrap_or("").to_owned())
        .collect();
    assert!(!ids.contains(&"abd-newer".to_owned()), "hidden: {ids:?}");
    assert!(
        ids.contains(&"abc-older".to_owned()),
        "the other stays: {ids:?}"
    );
}

/// Inside zellij, `name` and `hide` tell the session's bar to re-read at once (the pipe the
/// hook sends), rather than leave the new label or the hidden row to its next quiet scan.
#[test]
fn name_and_hide_inside_zellij_send_the_refresh_pipe() {
    if !world::tmux_available() {
        return;
    }
    let (w, _client, _p1, _p2) = two_waiting();
    let calls = w.dir.path().join("zellij-calls");
    let zellij = w.dir.path().join("zellij");
    std::fs::write(
        &zellij,
        format!("#!/bin/sh\necho \"$*\" >> '{}'\n", calls.display()),
    )
    .expect("fake zellij");
    std::fs::set_permissions(&zellij, std::os::unix::fs::PermissionsExt::from_mode(0o755))
        .expect("chmod");
    let run = |args: &[&str]| {
        let mut c = std::process::Command::new(world::BIN);
        c.args(args)
            .env_clear()
            .env("RING_ZELLIJ", &zellij)
            .env("ZELLIJ_SESSION_NAME", "work");
        for (k, v) in World::env(w.dir.path()) {
            c.env(k, v);
        }
        c.output().expect("ring-tmux runs")
    };
    let out = run(&["name", "abc-older", "release"]);
    assert!(out.status.success(), "{out:?}");
    let said = std::fs::read_to_string(&calls).unwrap_or_default();
    assert_eq!(said, "--session work pipe --name ring::refresh\n");
    let out = run(&["hide", "abd-newer"]);
    assert!(out.status.success(), "{out:?}");
    let said = std::fs::read_to_string(&calls).unwrap_or_default();
    assert_eq!(said.lines().count(), 2, "{said}");
}

/// Issue 25 items 6 and 10: from a shell (no `--client`), `jump PROJECT` goes to the one
/// session of that project and says where it went.
#[test]
fn jump_by_project_from_a_shell_says_where_it_went() {
    if !world::tmux_available() {
        return;
    }
    let (w, client, p1, _p2) = two_waiting();
    let socket = w.server.socket();
    let out = w.ring(&["jump", "--socket", &socket, "older"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        tr(
            "err-jump-switched",
            &[
                ("session", "abc-older (older)"),
                ("ways", &tr("focus-tmux-pane", &[("pane", &p1)]))
            ]
        ) + "\n"
    );
    assert_eq!(until_contains(BADGE_WITHIN, &p1, || here(&w, &client)), p1);
}
