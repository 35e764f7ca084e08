//! `oneline` and `json` on fixture folders: corrupt rows, empty boards, `--all`, liveness
//! through `RING_PROCS`, phantoms.

use crate::read_support;

use read_support::{NOW, Ring};
use rstest::rstest;
use serde_json::{Value, json};

#[test]
fn corrupt_rows_are_skipped_and_the_rest_shown() {
    let ring = Ring::new();
    ring.row("ok", json!({"status": "waiting", "cwd": "/r/app"}))
        .file("bad.json", "{nope")
        .file("list.json", "[1, 2]")
        .file(
            "null-time.json",
            r#"{"session_id": "n", "last_active": null}"#,
        )
        .file("status.json", r#"{"session_id": "s", "status": "PAUSED"}"#)
        .file("huge.json", vec![b' '; (1 << 20) + 1])
        .file("ignored.txt", r#"{"session_id": "t", "status": "waiting"}"#);
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
    assert_eq!(ring.json_ids(&[]), ["ok"]);
    let stderr = String::from_utf8(ring.run(&["json"]).stderr).expect("UTF-8");
    let skipped = crate::lang_support::pieces("list-skipped", &[]);
    let said = stderr
        .lines()
        .filter(|line| crate::lang_support::holds(line, &skipped))
        .count();
    assert_eq!(said, 5, "{stderr}");
    assert!(
        ring.ring.join("sessions/bad.json").exists(),
        "corrupt rows are left alone"
    );
}

#[test]
fn empty_board_prints_an_empty_line_and_an_empty_json_board() {
    let ring = Ring::new();
    assert_eq!(ring.stdout(&["oneline"]), "\n");
    assert_eq!(ring.stdout(&["oneline", "--all"]), "\n");
    let board: serde_json::Value =
        serde_json::from_str(&ring.stdout(&["json"])).expect("JSON board");
    assert_eq!(
        board["counts"],
        json!({"waiting": 0, "working": 0, "idle": 0, "ended": 0})
    );
    assert_eq!(board["sessions"], json!([]));
}

#[test]
fn missing_ring_folder_is_an_empty_board() {
    let ring = Ring::new();
    std::fs::remove_dir_all(&ring.ring).expect("remove");
    assert_eq!(ring.stdout(&["oneline"]), "\n");
}

#[test]
fn json_is_pretty_with_literal_non_ascii_and_a_trailing_newline() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "idle", "cwd": "/r/重構"}));
    let text = ring.stdout(&["json"]);
    assert!(text.starts_with("{\n  \"generated_at\": "), "{text}");
    assert!(text.contains("\"project\": \"重構\""), "{text}");
    assert!(text.ends_with("}\n"), "{text}");
}

// Liveness tests use Codex rows: a live Claude process would also bring RiNG's synthetic
// `synthetic:<cwd>` row (§9.8), tested in the compat scenarios.

#[test]
fn ended_sessions_show_only_with_all() {
    let mut ring = Ring::new();
    ring.procs = r#"{"claude-code": [], "codex": [["/r/live", null]]}"#.into();
    let codex =
        |cwd: &str, status: &str| json!({"provider": "codex", "status": status, "cwd": cwd});
    ring.row("codex:gone", codex("/r/gone", "working"))
        .row("codex:live", codex("/r/live", "idle"));
    assert_eq!(ring.stdout(&["oneline"]), "🟡1\n");
    assert_eq!(ring.stdout(&["oneline", "--all"]), "🟡1 ⚫1\n");
    assert_eq!(ring.json_ids(&[]), ["codex:live"]);
    assert_eq!(ring.json_ids(&["--all"]), ["codex:live", "codex:gone"]);
}

#[test]
fn show_all_in_config_is_the_default_of_all() {
    let mut ring = Ring::new();
    ring.procs = r#"{"claude-code": [], "codex": []}"#.into();
    ring.row("gone", json!({"status": "working", "cwd": "/r/gone"}));
    std::fs::write(ring.ring.join("config.toml"), "show_all = true\n").expect("config");
    assert_eq!(ring.stdout(&["oneline"]), "⚫1\n");
}

#[rstest]
#[case::scan_unknown_keeps_rows("{}", "🟢1\n")]
#[case::codex_unknown_keeps_rows(r#"{"claude-code": [], "codex": null}"#, "🟢1\n")]
#[case::no_process_ends_the_row(r#"{"claude-code": [], "codex": []}"#, "\n")]
#[case::process_in_the_cwd_keeps_it(r#"{"codex": [["/r/app", "/dev/pts/1"]]}"#, "🟢1\n")]
#[case::process_in_an_ancestor_keeps_it(r#"{"codex": [["/r", null]]}"#, "🟢1\n")]
#[case::process_in_a_sibling_ends_it(r#"{"codex": [["/r/app-other", null]]}"#, "\n")]
#[case::other_provider_process_does_not_count(
    r#"{"claude-code": [["/r/app", null]], "codex": []}"#,
    "🟡1\n"
)]
fn liveness_follows_the_injected_process_scan(#[case] procs: &str, #[case] oneline: &str) {
    let mut ring = Ring::new();
    ring.procs = procs.into();
    ring.row(
        "codex:s1",
        json!({"provider": "codex", "status": "working", "cwd": "/r/app"}),
    );
    assert_eq!(ring.stdout(&["oneline"]), oneline);
}

/// One agent, one row: a live hook row covers its process's folder, which RiNG shows twice
/// (its hook row and a `synthetic:` row, §9 quirk 8; real-agent suite, claude
/// basic/start). Without a live hook row the process still gets its synthetic row.
#[rstest]
#[case::a_live_hook_row_covers_its_process("working", &["s1"])]
#[case::an_ended_hook_row_does_not("ended", &["synthetic:/r/app", "s1"])]
fn a_live_claude_process_without_a_transcript_is_one_row(
    #[case] status: &str,
    #[case] ids: &[&str],
) {
    let mut ring = Ring::new();
    ring.procs = r#"{"claude-code": [["/r/app", "/dev/pts/1"]], "codex": []}"#.into();
    ring.row("s1", json!({"status": status, "cwd": "/r/app"}));
    assert_eq!(ring.json_ids(&["--all"]), ids);
}

#[test]
fn agent_processes_counts_the_live_processes() {
    let mut ring = Ring::new();
    ring.procs = r#"{"claude-code": [["/a", null], ["/b", null]], "codex": [["/c", null]]}"#.into();
    let board: serde_json::Value =
        serde_json::from_str(&ring.stdout(&["json"])).expect("JSON board");
    assert_eq!(board["agent_processes"], 3);
}

#[test]
fn phantom_rows_are_deleted_and_the_rest_shown() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "idle", "cwd": "/r"})).row(
        "startup:p",
        json!({"provider": "startup", "status": "working"}),
    );
    assert_eq!(ring.stdout(&["oneline"]), "🟡1\n");
    assert!(!ring.ring.join("sessions/startup:p.json").exists());
    assert!(ring.ring.join("sessions/s1.json").exists());
}

#[test]
fn hidden_sessions_are_left_out_until_newer_activity() {
    let ring = Ring::new();
    ring.row("old", json!({"status": "idle", "last_active": NOW - 50.0}))
        .row(
            "new",
            json!({"status": "waiting", "last_active": NOW - 5.0}),
        );
    std::fs::write(
        ring.ring.join("deleted_sessions.json"),
        json!({"old": NOW - 20.0, "new": "2023-11-14T22:14:50+00:00"}).to_string(),
    )
    .expect("hidden");
    // `new` moved at NOW-5 (22:14:55), after its hiding (22:14:50): shown. `json` and
    // `list` are reads for a person and write nothing (issue 24 item 6)...
    let before = std::fs::read(ring.ring.join("deleted_sessions.json")).expect("read");
    assert_eq!(ring.json_ids(&["--all"]), ["new"]);
    assert!(!ring.stdout(&["list"]).is_empty());
    let after = std::fs::read(ring.ring.join("deleted_sessions.json")).expect("read");
    assert_eq!(
        after, before,
        "json and list left deleted_sessions.json as it was"
    );
    // ...the status bar's refresh un-hides it in RiNG's format.
    ring.stdout(&["oneline"]);
    let hidden = std::fs::read_to_string(ring.ring.join("deleted_sessions.json")).expect("read");
    assert_eq!(hidden, r#"{"old": "2023-11-14T22:14:40+00:00"}"#);
}

#[test]
fn oneline_prints_nothing_but_exits_zero_when_the_board_cannot_be_built() {
    let ring = Ring::new();
    // A ring folder that is a file: nothing can be read.
    std::fs::remove_dir_all(&ring.ring).expect("remove");
    std::fs::write(&ring.ring, "not a folder").expect("file");
    let out = ring.run(&["oneline"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(matches!(out.stdout.as_slice(), b"" | b"\n"), "{out:?}");
}

#[test]
fn a_closed_stdout_is_not_an_error() {
    let ring = Ring::new();
    for i in 0..200 {
        ring.row(
            &format!("s{i:03}"),
            json!({"status": "idle", "cwd": format!("/r/{i}")}),
        );
    }
    let procs = ring.dir.path().join("procs.json");
    std::fs::write(&procs, "{}").expect("procs");
    for command in ["json", "list", "oneline"] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("ring-tmux"))
            .arg(command)
            .env("HOME", &ring.home)
            .env("RING_HOME", &ring.ring)
            .env("RING_NOW", NOW.to_string())
            .env("RING_PROCS", &procs)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        drop(child.stdout.take());
        let status = child.wait().expect("wait");
        assert_eq!(status.code(), Some(0), "{command}");
    }
}

/// Claude's own session file, read beside the rows (real-agent suite, claude esc_permission:
/// Esc on a dialog sends no hook event): a live agent that says idle settles its waiting row,
/// a gone one ends it, and `oneline --all` publishes those states for the zellij plugin.
#[rstest]
#[case::its_process_runs(r#"[["/r/app", "/dev/pts/1", 7, 70]]"#, "idle", true)]
#[case::its_pid_was_reused(r#"[["/r/app", "/dev/pts/1", 7, 99]]"#, "ended", false)]
fn claudes_own_session_file_decides_what_no_hook_said(
    #[case] claude: &str,
    #[case] status: &str,
    #[case] alive: bool,
) {
    let mut ring = Ring::new();
    ring.procs = format!(r#"{{"claude-code": {claude}, "codex": []}}"#);
    ring.row(
        "s1",
        json!({"status": "waiting", "waiting_kind": "permission", "cwd": "/r/app",
               "last_event": "PermissionRequest", "tty": "/dev/pts/1"}),
    );
    let sessions = ring.home.join(".claude/sessions");
    std::fs::create_dir_all(&sessions).expect("mkdir");
    let millis = (NOW - 2.0) * 1000.0;
    std::fs::write(
        sessions.join("7.json"),
        json!({"pid": 7, "sessionId": "s1", "cwd": "/r/app", "procStart": "70", "status": "idle",
               "updatedAt": millis, "statusUpdatedAt": millis})
        .to_string(),
    )
    .expect("session file");
    let board: Value = serde_json::from_str(&ring.stdout(&["json", "--all"])).expect("board");
    let row = board["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .find(|s| s["session_id"] == "s1")
        .expect("s1")
        .clone();
    assert_eq!(row["status"], status, "{board}");
    ring.stdout(&["oneline", "--all"]);
    let published: Value =
        serde_json::from_slice(&std::fs::read(ring.ring.join("zeroconf.json")).expect("published"))
            .expect("JSON");
    assert_eq!(published["agents"][0]["session_id"], "s1");
    assert_eq!(published["agents"][0]["alive"], alive);
}
