//! Hardening (issue 12): hostile files, racing ends, stuck tmux and zellij, big fields. Each
//! test drives the real `ring-tmux` binary on a temporary ring folder.

mod hook_support;

use hook_support::{Home, T0, board_json};
use serde_json::{Value, json};

/// A 1.2 MB cwd used to make a 2.4 MB row that every reader skipped: the session vanished.
#[test]
fn a_session_with_a_huge_cwd_still_shows_on_the_board() {
    let home = Home::new();
    let cwd = format!("/{}", "\u{1}".repeat(1_200_000));
    home.event(
        json!({"session_id": "big-cwd", "hook_event_name": "UserPromptSubmit", "cwd": cwd}),
        T0,
    );
    let board: Value = serde_json::from_str(&board_json(&home.ring())).expect("json");
    let text = board.to_string();
    assert!(
        text.contains("big-cwd"),
        "not on the board: {}",
        &text[..text.len().min(400)]
    );
    let size = std::fs::metadata(home.sessions().join("big-cwd.json"))
        .expect("row")
        .len();
    assert!(size < 1 << 20, "row of {size} bytes");
}
