//! Sessions a person names on the command line: `jump SESSION` (id, id prefix or label),
//! `name SESSION LABEL`, `hide SESSION`, against a real tmux server.

use super::BADGE_WITHIN;
use super::world::{self, World, payload, until_contains};

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
    assert!(
        stderr.starts_with("ring-tmux: `ab` matches 2 sessions: ")
            && stderr.contains("abc-older (older)")
            && stderr.contains("abd-newer (release, newer)"),
        "the candidates listed: {stderr}"
    );
    assert_eq!(here(&w, &client), p1, "an ambiguous prefix moves nothing");

    let out = jump(&w, &client, "zzz");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "unknown: {stderr}");
    assert!(stderr.contains("no session is called `zzz`"), "{stderr}");
    assert_eq!(here(&w, &client), p1);
}
