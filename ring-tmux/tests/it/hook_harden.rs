//! Hardening (issue 12): hostile files, racing ends, stuck tmux and zellij, big fields. Each
//! test drives the real `ring-tmux` binary on a temporary ring folder.

use crate::hook_support;

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

/// A folder holding executable scripts, put first on `PATH` to stand in for tmux or zellij.
fn fake_bin(scripts: &[(&str, &str)]) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("bin dir");
    for (name, body) in scripts {
        let path = dir.path().join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("script");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    dir
}

fn path_with(bin: &std::path::Path) -> String {
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// A stopped tmux server (every call hangs until killed) made each hook hold the session lock
/// for its whole push budget; parallel hooks timed out on the lock and wrote without it.
#[test]
fn a_hanging_tmux_is_never_called_under_the_session_lock_and_nothing_is_written_unlocked() {
    let home = Home::new();
    let lock = home.sessions().join(".locks/shared.lock");
    let marker = home.dir.path().join("tmux-ran-under-the-lock");
    let checks = home.dir.path().join("tmux-checked-the-lock");
    let bin = fake_bin(&[(
        "tmux",
        &format!(
            "flock -n '{}' true || echo held >> '{}'\necho checked >> '{}'\nexec sleep 5",
            lock.display(),
            marker.display(),
            checks.display()
        ),
    )]);
    let tmux_env = |cmd: &mut std::process::Command| {
        cmd.env("PATH", path_with(bin.path()))
            .env(
                "TMUX",
                format!("{},1,0", home.dir.path().join("sock").display()),
            )
            .env("TMUX_PANE", "%1");
    };
    // One hook at a time: its tmux call must find the session's lock free.
    for (i, event) in ["Stop", "UserPromptSubmit", "Stop"].iter().enumerate() {
        let mut cmd = home.spawnable(&[], T0 - 10.0 + i as f64);
        tmux_env(&mut cmd);
        let mut child = cmd.spawn().expect("hook");
        let payload = json!({"session_id": "shared", "hook_event_name": event});
        let mut stdin = child.stdin.take().expect("stdin");
        std::io::Write::write_all(&mut stdin, payload.to_string().as_bytes()).expect("write");
        drop(stdin);
        hook_support::assert_hook_contract(&child.wait_with_output().expect("hook"));
        // The push runs after the hook (a detached child): wait for its check before the next
        // hook takes the lock, so that only this hook's holding could trip it.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while std::fs::read_to_string(&checks)
            .unwrap_or_default()
            .lines()
            .count()
            < i + 1
        {
            assert!(
                std::time::Instant::now() < deadline,
                "no push after hook {i}"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
    assert!(
        !marker.exists(),
        "tmux was called while the hook held the session lock"
    );
    // Many at once on one session: none may wait out the lock and write without it.
    let workers: Vec<_> = (0..10)
        .map(|i| {
            let event = if i % 2 == 0 {
                "UserPromptSubmit"
            } else {
                "Stop"
            };
            let payload = json!({"session_id": "shared", "hook_event_name": event, "cwd": "/r"});
            let mut cmd = home.spawnable(&[], T0 + 1.0 + f64::from(i));
            tmux_env(&mut cmd);
            let mut child = cmd.spawn().expect("hook");
            let mut stdin = child.stdin.take().expect("stdin");
            std::io::Write::write_all(&mut stdin, payload.to_string().as_bytes()).expect("write");
            child
        })
        .collect();
    for worker in workers {
        hook_support::assert_hook_contract(&worker.wait_with_output().expect("hook"));
    }
    let log = home.ring_log();
    assert!(
        !log.contains("unlocked") && !log.contains("dropped"),
        "{log}"
    );
}

/// An event whose hook started before the SessionEnd but got the lock after it used to
/// recreate the row; for a generic provider it then showed working forever.
#[test]
fn an_event_stamped_before_the_session_end_does_not_bring_the_row_back() {
    let home = Home::new();
    let event = |name: &str, now: f64| {
        let payload = json!({"session_id": "s1", "hook_event_name": name, "cwd": "/r"});
        home.hook(&["mytool"], payload.to_string(), now);
    };
    event("UserPromptSubmit", T0);
    assert!(home.row("mytool:s1.json").is_some());
    event("SessionEnd", T0 + 2.0);
    // Stamped at T0 + 1 (its hook started then), it reaches the lock only now.
    event("PreToolUse", T0 + 1.0);
    assert!(
        home.row("mytool:s1.json").is_none(),
        "an event older than the end recreated the row"
    );
    // RiNG 0.17.2 reads sessions/*.json: the tombstone must not look like a row to it.
    let rows: Vec<_> = std::fs::read_dir(home.sessions())
        .expect("sessions")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".json"))
        .collect();
    assert!(rows.is_empty(), "{rows:?}");
    // A resumed session (a later SessionStart of the same id) still comes back.
    event("SessionStart", T0 + 3.0);
    assert!(
        home.row("mytool:s1.json").is_some(),
        "the resumed session is missing"
    );
}

/// The hook used to run its tmux push itself: the agent waited for tmux (up to 300 ms a call).
/// Now the hook exits first and a detached child pushes.
#[test]
fn the_hook_exits_before_its_tmux_push_is_done() {
    let home = Home::new();
    let log = home.dir.path().join("order");
    let bin = fake_bin(&[(
        "tmux",
        &format!(
            "echo tmux-start >> '{0}'\nsleep 0.2\necho tmux-end >> '{0}'",
            log.display()
        ),
    )]);
    let mut cmd = home.spawnable(&[], T0);
    cmd.env("PATH", path_with(bin.path()))
        .env(
            "TMUX",
            format!("{},1,0", home.dir.path().join("sock").display()),
        )
        .env("TMUX_PANE", "%1");
    let mut child = cmd.spawn().expect("hook");
    let payload = json!({"session_id": "s1", "hook_event_name": "UserPromptSubmit"});
    let mut stdin = child.stdin.take().expect("stdin");
    std::io::Write::write_all(&mut stdin, payload.to_string().as_bytes()).expect("write");
    drop(stdin);
    hook_support::assert_hook_contract(&child.wait_with_output().expect("hook"));
    let at_exit = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        !at_exit.contains("tmux-end"),
        "the hook waited for tmux: {at_exit:?}"
    );
    // The push still happens, after the hook has gone.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while !std::fs::read_to_string(&log)
        .unwrap_or_default()
        .contains("tmux-end")
    {
        assert!(std::time::Instant::now() < deadline, "the push never ran");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Whether process `pid` is gone (or a zombie, dead and waiting for init to reap it).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

/// A `zellij` that ignores SIGTERM (and a child of its own) used to outlive `timeout 2`
/// forever, one more per hook event.
#[test]
fn a_zellij_that_ignores_sigterm_is_killed_with_what_it_started() {
    let home = Home::new();
    let pids = home.dir.path().join("pids");
    let bin = fake_bin(&[(
        "zellij",
        &format!(
            "trap '' TERM\necho $$ >> '{0}'\nsleep 300 &\necho $! >> '{0}'\nwait",
            pids.display()
        ),
    )]);
    let mut cmd = home.spawnable(&[], T0);
    cmd.env("PATH", path_with(bin.path()))
        .env("ZELLIJ_SESSION_NAME", "work")
        .env("ZELLIJ_PANE_ID", "3");
    let mut child = cmd.spawn().expect("hook");
    let payload = json!({"session_id": "s1", "hook_event_name": "UserPromptSubmit"});
    let mut stdin = child.stdin.take().expect("stdin");
    std::io::Write::write_all(&mut stdin, payload.to_string().as_bytes()).expect("write");
    drop(stdin);
    hook_support::assert_hook_contract(&child.wait_with_output().expect("hook"));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(8);
    let started = loop {
        let text = std::fs::read_to_string(&pids).unwrap_or_default();
        let started: Vec<String> = text.lines().map(str::to_owned).collect();
        if started.len() == 2 {
            break started;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "zellij never ran: {text:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    while !started.iter().all(|p| gone(p)) {
        if std::time::Instant::now() >= deadline {
            // Leave nothing behind whatever the outcome.
            for pid in &started {
                let _ = std::process::Command::new("kill")
                    .args(["-9", pid])
                    .status();
            }
            panic!("zellij (and its child) still running long after the 2 s timeout: {started:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
