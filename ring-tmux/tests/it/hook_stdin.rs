//! The hook never waits forever for its payload: an agent that writes the payload but never
//! closes stdin still gets its event recorded and the hook exits.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn a_payload_whose_stdin_is_never_closed_is_still_recorded_and_the_hook_exits() {
    let home = tempfile::tempdir().expect("temp HOME");
    let ring_home = home.path().join("ring");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ring-tmux"))
        .arg("hook")
        .env("HOME", home.path())
        .env("RING_HOME", &ring_home)
        .env("RING_NOW", "1700000000.0")
        .env("RING_STDIN_TTY", "")
        .env("RING_AGENT_TTY", "")
        .env_remove("TMUX")
        .env_remove("TMUX_PANE")
        .env_remove("ZELLIJ_SESSION_NAME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn ring-tmux hook");
    let mut stdin = child.stdin.take().expect("stdin pipe");
    stdin
        .write_all(br#"{"session_id": "s1", "hook_event_name": "UserPromptSubmit", "cwd": "/r"}"#)
        .expect("write payload");
    stdin.flush().expect("flush");
    // Keep `stdin` open. A hang guard only (the deadline is 5 s): not a speed assertion.
    let give_up = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            break status;
        }
        if Instant::now() > give_up {
            let _ = child.kill();
            panic!("the hook still waits for stdin to close");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    drop(stdin);
    assert!(status.success());
    let row = std::fs::read_to_string(ring_home.join("sessions/s1.json")).expect("row written");
    assert!(row.contains(r#""status": "working""#), "{row}");
}
