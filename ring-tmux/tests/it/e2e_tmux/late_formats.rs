//! Formats set after ring.tmux ran (its line above them in ~/.tmux.conf, or a `source-file`
//! of a file that sets them): ring.tmux's after-set-option hook replaces the placeholders as
//! they are set, and raises the status lengths so that the segment does not push a clock out.

use super::STATUS_WITHIN;
use super::world::{self, RING_TMUX, World, payload, poll, until_contains};
use std::time::Duration;

/// Writes `lines` to a file of the world's folder and sources it in the server.
fn source(w: &World, name: &str, lines: &[&str]) {
    let path = w.dir.path().join(name);
    std::fs::write(&path, lines.join("\n") + "\n").expect("conf");
    w.server
        .run(&["source-file", path.to_str().expect("utf-8 path")]);
}

fn option(w: &World, name: &str) -> String {
    w.server.run(&["show-options", "-gv", name])
}

/// The option once it no longer holds `needle` (the hook's run-shell may still be running
/// when `source-file` returns on an older tmux); what it holds at the deadline otherwise.
fn option_without(w: &World, name: &str, needle: &str) -> String {
    poll(Duration::from_secs(5), || {
        let value = option(w, name);
        (!value.contains(needle)).then_some(value)
    })
    .unwrap_or_else(|| option(w, name))
}

#[test]
fn a_sourced_file_that_sets_the_formats_after_ring_tmux_gets_the_segment_and_badges() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    let job = option(&w, "@ring_status");
    // ~/.tmux.conf with ring.tmux above the formats, sourced again.
    source(
        &w,
        "tmux.conf",
        &[
            &format!("run-shell '{RING_TMUX}'"),
            "set -g status-right '#{ring_status} LATE'",
            "set -g window-status-format 'W#I#{ring_badge}'",
            "set -g window-status-current-format 'W#I*#{ring_badge}'",
            "set -g pane-border-format 'Q#{pane_index}#{ring_pane_badge}'",
        ],
    );
    assert_eq!(
        option_without(&w, "status-right", "#{ring_status}"),
        format!("{job} LATE")
    );
    assert_eq!(
        option_without(&w, "window-status-format", "#{ring_badge}"),
        "W#I#{E:@ring_window_badge}"
    );
    assert_eq!(
        option_without(&w, "pane-border-format", "#{ring_pane_badge}"),
        "Q#{pane_index}#{E:@ring_pane_badge}"
    );

    w.attach();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("webapp");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::waiting("s1", &cwd, &tty));
    let line = until_contains(STATUS_WITHIN * 5, "LATE", || {
        let line = w.status_line();
        if line.contains("webapp") {
            line
        } else {
            String::new()
        }
    });
    assert!(
        line.contains("\u{1F534}1 webapp\u{1F510} LATE"),
        "ring's segment drawn, not an empty placeholder: {line}"
    );
    assert_eq!(
        w.server.show("%0", "#{E:pane-border-format}"),
        "Q0\u{1F534}\u{1F510}"
    );
}

#[test]
fn the_status_lengths_are_raised_where_the_segment_goes_so_the_clock_stays() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    // tmux's defaults, then the README's snippet (a placeholder in each status side).
    w.server
        .run(&["set-option", "-g", "status-right-length", "40"]);
    w.server
        .run(&["set-option", "-g", "status-left-length", "10"]);
    source(
        &w,
        "formats.conf",
        &[
            "set -g status-left '[#S] #{ring_status}'",
            "set -g status-right '#{ring_status} END'",
        ],
    );
    let _ = option_without(&w, "status-right", "#{ring_status}");
    assert_eq!(option(&w, "status-right-length"), "80");
    assert_eq!(option(&w, "status-left-length"), "80");

    // A session with a long name: its segment and the text after it fit in 80 columns.
    w.attach();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("a-rather-long-project-name-for-a-status");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::waiting("s1", &cwd, &tty));
    let line = until_contains(STATUS_WITHIN * 5, "END", || {
        let line = w.status_line();
        if line.contains("a-rather") {
            line
        } else {
            String::new()
        }
    });
    assert!(line.trim_end().ends_with("END"), "{line}");

    // A length set by the user after ring.tmux is kept, and "off" asks for none at all.
    w.server
        .run(&["set-option", "-g", "status-right-length", "50"]);
    assert_eq!(option(&w, "status-right-length"), "50");
    w.server
        .run(&["set-option", "-g", "@ring-status-length", "off"]);
    w.server
        .run(&["set-option", "-g", "status-right-length", "40"]);
    w.server
        .run(&["set-option", "-g", "status-right", "#{ring_status} OFF"]);
    let _ = option_without(&w, "status-right", "#{ring_status}");
    assert_eq!(option(&w, "status-right-length"), "40");
}
