//! `ring-tmux hook` end to end: what it writes, where, with which modes, and what it leaves
//! alone. The reducer's rules themselves are tested in ring-shared; these check the I/O.

use crate::hook_support;
use crate::lang_support::tr;

use hook_support::{Home, T0, assert_hook_contract, read_lines, tree};
use rstest::rstest;
use serde_json::{Value, json};
use std::fs;
use std::os::unix::fs::PermissionsExt;

fn mode(path: &std::path::Path) -> u32 {
    fs::metadata(path).expect("metadata").permissions().mode() & 0o777
}

fn stop(sid: &str) -> Value {
    json!({"session_id": sid, "hook_event_name": "Stop", "cwd": "/repo/app"})
}

#[test]
fn stop_writes_a_private_row_and_logs_the_transition() {
    let h = Home::new();
    h.event(stop("s1"), T0);
    let row = h.row("s1.json").expect("row written");
    assert_eq!(row["session_id"], "s1");
    assert_eq!(row["status"], "idle");
    assert_eq!(row["last_event"], "Stop");
    assert_eq!(row["last_active"], json!(T0));
    assert!(row["hook_pid"].is_i64());
    assert_eq!(mode(&h.ring()), 0o700);
    assert_eq!(mode(&h.sessions()), 0o700);
    assert_eq!(mode(&h.sessions().join("s1.json")), 0o600);
    assert_eq!(
        h.events(),
        [
            json!({"ts": T0, "session_id": "s1", "provider": "claude-code", "cwd": "/repo/app", "status": "idle"})
        ]
    );
    let raw = fs::read_to_string(h.ring().join("events.jsonl")).expect("events");
    assert!(
        raw.starts_with(r#"{"ts": 1700000000.0, "session_id": "s1", "#),
        "{raw}"
    );
    assert_eq!(mode(&h.ring().join("events.jsonl")), 0o600);
}

#[test]
fn files_are_private_whatever_the_umask_allows() {
    // A permissive umask must not widen anything (the hook sets modes explicitly).
    let h = Home::new();
    let bin = assert_cmd::cargo::cargo_bin("ring-tmux");
    let script = format!("umask 000; exec '{}' hook", bin.display());
    let mut cmd = std::process::Command::new("sh");
    cmd.args(["-c", &script]).envs(h.vars(T0));
    for var in Home::REMOVED {
        cmd.env_remove(var);
    }
    let out = cmd
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let payload = stop("s1").to_string();
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(payload.as_bytes())?;
            child.wait_with_output()
        })
        .expect("run");
    hook_support::assert_hook_contract(&out);
    for path in [h.ring(), h.sessions(), h.sessions().join(".locks")] {
        assert_eq!(mode(&path), 0o700, "{}", path.display());
    }
    assert_eq!(mode(&h.sessions().join("s1.json")), 0o600);
    assert_eq!(mode(&h.sessions().join(".locks/s1.lock")), 0o600);
}

#[test]
fn same_status_again_logs_no_second_transition() {
    let h = Home::new();
    h.event(stop("s1"), T0);
    h.event(stop("s1"), T0 + 1.0);
    assert_eq!(h.events().len(), 1);
    assert_eq!(
        h.row("s1.json").expect("row")["last_active"],
        json!(T0 + 1.0)
    );
}

#[test]
fn session_end_deletes_the_row_and_its_lock() {
    let h = Home::new();
    h.event(stop("s1"), T0);
    assert!(h.sessions().join(".locks/s1.lock").exists());
    h.event(
        json!({"session_id": "s1", "hook_event_name": "SessionEnd", "cwd": "/repo/app"}),
        T0 + 2.0,
    );
    assert_eq!(h.row("s1.json"), None);
    assert!(!h.sessions().join(".locks/s1.lock").exists());
    let statuses: Vec<_> = h.events().iter().map(|e| e["status"].clone()).collect();
    assert_eq!(statuses, [json!("idle"), json!("ended")]);
    // The tombstone holds the end's time (older events of the session are dropped).
    // RiNG's lock file stays, as RiNG leaves it (see hook_ring_cli).
    assert_eq!(
        tree(&h.sessions()),
        [".ended", ".ended/s1.json", ".locks", "s1.json.lock"]
    );
    let end = fs::read_to_string(h.sessions().join(".ended/s1.json")).expect("tombstone");
    assert_eq!(end.parse::<f64>().expect("a time"), T0 + 2.0);
}

#[test]
fn session_end_without_row_logs_nothing() {
    let h = Home::new();
    h.event(
        json!({"session_id": "s9", "hook_event_name": "SessionEnd"}),
        T0,
    );
    assert!(h.events().is_empty());
}

#[test]
fn an_event_unhides_its_session_in_rings_format() {
    let h = Home::new();
    fs::create_dir_all(h.ring()).expect("ring");
    let hidden = h.ring().join("deleted_sessions.json");
    fs::write(
        &hidden,
        r#"{"s1": "2023-11-14T22:13:25+00:00", "b": 1700000000, "a": "2023-11-14T22:13:20+00:00"}"#,
    )
    .expect("hidden");
    h.event(stop("s1"), T0);
    assert_eq!(
        fs::read_to_string(&hidden).expect("hidden"),
        r#"{"a": "2023-11-14T22:13:20+00:00", "b": "2023-11-14T22:13:20+00:00"}"#
    );
    // Not hidden: the file is left byte for byte.
    h.event(stop("s2"), T0);
    assert_eq!(
        fs::read_to_string(&hidden).expect("hidden"),
        r#"{"a": "2023-11-14T22:13:20+00:00", "b": "2023-11-14T22:13:20+00:00"}"#
    );
}

#[test]
fn tmux_and_zellij_environment_lands_in_the_row() {
    let h = Home::new();
    let out = h
        .command(&[], T0)
        .env("TMUX_PANE", " %42 ")
        .env("TMUX", "/tmp/tmux-1000/default,1234,0")
        .env("ZELLIJ_SESSION_NAME", "dev")
        .env("ZELLIJ_PANE_ID", "7")
        .write_stdin(stop("s1").to_string())
        .output()
        .expect("run");
    hook_support::assert_hook_contract(&out);
    let row = h.row("s1.json").expect("row");
    assert_eq!(row["tmux_pane"], "%42");
    assert_eq!(row["tmux_socket"], "/tmp/tmux-1000/default");
    assert_eq!(row["zellij_session"], "dev");
    assert_eq!(row["zellij_pane"], "7");
}

#[rstest]
#[case::stdin_terminal(Some("/dev/pts/9"), Some("/dev/pts/4"), Some("/dev/pts/9"))]
#[case::agent_terminal(Some(""), Some("/dev/pts/4"), Some("/dev/pts/4"))]
#[case::none(Some(""), Some(""), None)]
fn tty_comes_from_stdin_then_the_agent(
    #[case] stdin_tty: Option<&str>,
    #[case] agent_tty: Option<&str>,
    #[case] want: Option<&str>,
) {
    let h = Home::new();
    let mut cmd = h.command(&[], T0);
    if let Some(t) = stdin_tty {
        cmd.env("RING_STDIN_TTY", t);
    }
    if let Some(t) = agent_tty {
        cmd.env("RING_AGENT_TTY", t);
    }
    let out = cmd
        .write_stdin(stop("s1").to_string())
        .output()
        .expect("run");
    hook_support::assert_hook_contract(&out);
    let row = h.row("s1.json").expect("row");
    assert_eq!(row.get("tty").and_then(Value::as_str), want);
}

#[test]
fn payload_tty_wins_over_discovery() {
    let h = Home::new();
    let out = h
        .command(&[], T0)
        .env("RING_STDIN_TTY", "/dev/pts/9")
        .write_stdin(
            json!({"session_id": "s1", "hook_event_name": "Stop", "tty": "/dev/ttys001"})
                .to_string(),
        )
        .output()
        .expect("run");
    hook_support::assert_hook_contract(&out);
    assert_eq!(h.row("s1.json").expect("row")["tty"], "/dev/ttys001");
}

#[rstest]
#[case::positional(&["codex"], "codex:t1.json")]
#[case::flag(&["--provider", "codex"], "codex:t1.json")]
#[case::flag_equals(&["--provider=gemini"], "gemini:t1.json")]
#[case::default(&[], "t1.json")]
fn provider_argument_qualifies_the_id(#[case] args: &[&str], #[case] file: &str) {
    let h = Home::new();
    h.hook(args, stop("t1").to_string(), T0);
    assert!(h.row(file).is_some(), "{:?}", tree(&h.sessions()));
}

#[test]
fn help_prints_usage_without_reading_stdin() {
    let h = Home::new();
    let out = h
        .command(&["codex", "--help"], T0)
        .write_stdin(stop("s1").to_string())
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0));
    // clap's help for `hook`, the same text `ring-tmux hook --help` shows through clap.
    let help = String::from_utf8_lossy(&out.stdout);
    let usage = tr("help-heading-usage", &[("usage", "ring-tmux hook")]);
    assert!(help.contains(&usage), "{help}");
    assert!(help.contains("--provider <PROVIDER>"), "{help}");
    assert!(!h.ring().exists(), "nothing recorded");
}

#[test]
fn corrupt_previous_row_counts_as_missing() {
    let h = Home::new();
    fs::create_dir_all(h.sessions()).expect("sessions");
    fs::write(h.sessions().join("s1.json"), "[1, 2").expect("corrupt");
    h.event(stop("s1"), T0);
    assert_eq!(h.row("s1.json").expect("rewritten")["status"], "idle");
    assert_eq!(
        h.events().len(),
        1,
        "a missing previous row is a transition"
    );
}

#[test]
fn transcript_tail_feeds_last_action_and_todo() {
    let h = Home::new();
    let transcript = h.home().join("t.jsonl");
    // Over 128 KiB of filler first: only the tail is read.
    let filler = json!({"type": "user", "message": {"content": "x".repeat(1000)}}).to_string();
    let mut text = (0..200)
        .map(|_| filler.clone())
        .collect::<Vec<_>>()
        .join("\n");
    text.push('\n');
    text.push_str(&json!({"type": "assistant", "message": {"content": [
        {"type": "tool_use", "name": "Read", "input": {"file_path": "/repo/app/src/main.rs"}},
        {"type": "tool_use", "name": "TodoWrite", "input": {"todos": [{"status": "completed"}, {"status": "pending"}]}}
    ]}}).to_string());
    text.push('\n');
    fs::write(&transcript, text).expect("transcript");
    h.event(
        json!({"session_id": "s1", "hook_event_name": "PostToolUse", "transcript_path": transcript}),
        T0,
    );
    let row = h.row("s1.json").expect("row");
    assert_eq!(row["last_action"], "\u{2192} Read main.rs");
    assert_eq!(row["todo"], json!([1, 2]));
    assert_eq!(row["source_path"], json!(transcript));
}

#[rstest]
#[case::device("/dev/zero")]
#[case::directory("/")]
#[case::missing("/nonexistent/t.jsonl")]
fn unreadable_transcripts_are_skipped(#[case] path: &str) {
    let h = Home::new();
    h.event(
        json!({"session_id": "s1", "hook_event_name": "PostToolUse", "transcript_path": path, "message": "m"}),
        T0,
    );
    assert_eq!(h.row("s1.json").expect("row")["last_action"], "m");
}

#[test]
fn a_fifo_transcript_does_not_block() {
    let h = Home::new();
    let fifo = h.home().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    h.event(
        json!({"session_id": "s1", "hook_event_name": "PostToolUse", "transcript_path": fifo}),
        T0,
    );
    assert_eq!(h.row("s1.json").expect("row")["last_action"], "\u{2014}");
}

#[rstest]
#[case::env_on(Some("yes"), None, true)]
#[case::config_on(None, Some("debug_payload_log = true\n"), true)]
#[case::env_off_wins(Some("off"), Some("debug_payload_log = true\n"), false)]
#[case::default_off(None, None, false)]
fn payload_log_follows_env_then_config(
    #[case] env: Option<&str>,
    #[case] config: Option<&str>,
    #[case] logged: bool,
) {
    let h = Home::new();
    if let Some(text) = config {
        fs::create_dir_all(h.ring()).expect("ring");
        fs::write(h.ring().join("config.toml"), text).expect("config");
    }
    let mut cmd = h.command(&["Codex_CLI"], T0);
    if let Some(v) = env {
        cmd.env("RING_DEBUG_PAYLOAD_LOG", v);
    }
    // Even an ignored event is logged (the log comes before normalization).
    let payload = json!({"hook_event_name": "Bogus", "x": "é"});
    let out = cmd.write_stdin(payload.to_string()).output().expect("run");
    hook_support::assert_hook_contract(&out);
    let lines = read_lines(&h.ring().join("hook_payloads.jsonl"));
    if logged {
        assert_eq!(
            lines,
            [json!({"ts": T0, "provider": "codex-cli", "event": "Bogus", "payload": payload})]
        );
    } else {
        assert!(lines.is_empty());
    }
}

#[rstest]
#[case::default_backend(None, true)]
#[case::silenced(Some("notify_backend = \"none\"\n"), false)]
fn waiting_notification_decision_goes_to_the_log(
    #[case] config: Option<&str>,
    #[case] noted: bool,
) {
    let h = Home::new();
    if let Some(text) = config {
        fs::create_dir_all(h.ring()).expect("ring");
        fs::write(h.ring().join("config.toml"), text).expect("config");
    }
    h.event(
        json!({"session_id": "s1", "hook_event_name": "Notification", "notification_type": "permission_prompt"}),
        T0,
    );
    assert_eq!(h.row("s1.json").expect("row")["status"], "waiting");
    assert_eq!(
        h.ring_log().contains("s1 now waiting (permission)"),
        noted,
        "{}",
        h.ring_log()
    );
}

#[test]
fn ignored_events_create_nothing() {
    let h = Home::new();
    h.event(json!({"session_id": "s1", "hook_event_name": "stop"}), T0);
    h.event(json!({"hook_event_name": "Stop"}), T0);
    assert!(!h.ring().exists(), "{:?}", tree(h.dir.path()));
}

#[test]
fn a_held_session_lock_drops_the_event_but_never_blocks_the_hook() {
    let h = Home::new();
    h.event(stop("s1"), T0);
    // Another process (this test) holds the session's lock and never lets go.
    let lock = fs::File::options()
        .read(true)
        .write(true)
        .open(h.sessions().join(".locks/s1.lock"))
        .expect("lock file");
    lock.lock().expect("flock");
    h.event(
        json!({"session_id": "s1", "hook_event_name": "UserPromptSubmit", "cwd": "/repo/app"}),
        T0 + 1.0,
    );
    // Never written without the lock: the row stays as the last locked write left it.
    assert_eq!(h.row("s1.json").expect("row")["status"], "idle");
    assert!(
        h.ring_log()
            .contains("lock s1.json: timed out, event dropped"),
        "{}",
        h.ring_log()
    );
    drop(lock);
}

#[test]
fn a_ring_folder_under_a_dangling_symlink_is_a_silent_failure() {
    // ~/.config linked to a dotfiles folder that is gone (unmounted, moved): mkdir says
    // "not found" below a parent that "exists".
    let home = Home::new();
    std::os::unix::fs::symlink(home.dir.path().join("gone"), home.home().join(".config"))
        .expect("link");
    let out = home
        .command(&[], T0)
        .env("RING_HOME", home.home().join(".config").join("ring"))
        .write_stdin(stop("s1").to_string())
        .output()
        .expect("run hook");
    assert_hook_contract(&out);
}
