//! §4.10 rule 2 in a real tmux: a pane runs a stand-in process whose command line holds a
//! transcript's session id; `ring-tmux` run inside that server (`$TMUX`) lists the panes,
//! walks `/proc` below their shells, and so makes that transcript the live one of its cwd
//! group (not the newer one written by a session that crashed) and gives that pane as its
//! location. The live Claude process itself is injected (`RING_PROCS`): only the tmux side is
//! real here.

use crate::e2e_tmux::world;
use crate::read_cache;

use serde_json::{Value, json};
use std::fs::{self, File};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use world::{BIN, Server};

/// How long the stand-in may take to start in its pane.
const START_WITHIN: Duration = Duration::from_secs(5);
const QUIET: &str = "9f0c1d2e-quiet-4b5a-8c7d-e2e0evidence";
const CRASHED: &str = "1a2b3c4d-crash-4e5f-9a8b-e2e0evidence";

fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock after 1970")
        .as_secs_f64()
}

fn transcript(home: &Path, cwd: &str, id: &str, age: f64) {
    let dir = home.join(".claude/projects").join(cwd.replace('/', "-"));
    fs::create_dir_all(&dir).expect("project folder");
    let path = dir.join(format!("{id}.jsonl"));
    let line = json!({"type": "user", "cwd": cwd, "sessionId": id,
        "message": {"role": "user", "content": [{"type": "text", "text": "go"}]}});
    fs::write(&path, format!("{line}\n")).expect("transcript");
    File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_modified(UNIX_EPOCH + Duration::from_secs_f64(now() - age)))
        .expect("mtime");
}

/// `(session_id, status, location)` of `ring-tmux json --all`, with `$TMUX` when given.
fn board(dir: &Path, tmux: Option<&str>) -> Vec<[String; 3]> {
    let out = ring(dir, tmux, &["json", "--all"]);
    let board: Value = serde_json::from_slice(&out.stdout).expect("json");
    board["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .map(|s| {
            ["session_id", "status", "location"].map(|k| s[k].as_str().unwrap_or("").to_owned())
        })
        .collect()
}

/// Runs `ring-tmux args…` with the test's folders (evidence reused for 600 s: the cache's
/// behaviour is checked without any timing), `$TMUX` when given.
fn ring(dir: &Path, tmux: Option<&str>, args: &[&str]) -> std::process::Output {
    let mut cmd = Command::new(BIN);
    cmd.env_clear()
        .env("HOME", dir.join("home"))
        .env("RING_HOME", dir.join("ring"))
        .env("RING_PROCS", dir.join("procs.json"))
        .env("RING_SCAN_TTL", "0")
        .env("RING_EVIDENCE_TTL", "600")
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .args(args);
    if let Some(tmux) = tmux {
        cmd.env("TMUX", tmux);
    }
    let out = cmd.output().expect("ring-tmux runs");
    assert!(out.status.success(), "ring-tmux {args:?} failed: {out:?}");
    out
}

fn oneline(dir: &Path, tmux: &str) -> String {
    let out = ring(dir, Some(tmux), &["oneline"]);
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .trim_end()
        .to_owned()
}

#[test]
fn a_pane_process_naming_a_transcript_makes_it_the_live_one_and_its_location() {
    if !world::tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let project = dir.path().join("project");
    fs::create_dir_all(&project).expect("project");
    let cwd = project.to_string_lossy().into_owned();
    let home = dir.path().join("home");
    // One live Claude in the project, two transcripts there: by mtime the crashed one
    // (written 10 s ago) would take the slot from the quiet one (500 s ago).
    transcript(&home, &cwd, QUIET, 500.0);
    transcript(&home, &cwd, CRASHED, 10.0);
    fs::write(
        dir.path().join("procs.json"),
        json!({"claude-code": [[cwd, ""]], "codex": []}).to_string(),
    )
    .expect("procs");
    let server = Server::start(&[("PATH", std::env::var("PATH").unwrap_or_default())], None);
    // The stand-in: a child of the pane's shell whose arguments hold the quiet session id
    // (`; :` keeps each shell from exec'ing its last command, so the args stay visible).
    let stand_in = format!("sh -c 'sh -c \"sleep 600; :\" claude --resume {QUIET}; :'");
    let pane = server.run(&[
        "split-window",
        "-t",
        "t:0",
        "-c",
        &cwd,
        "-P",
        "-F",
        "#{pane_id}",
        &stand_in,
    ]);
    let target = server.show(&pane, "#{session_name}:#{window_index}.#{pane_index}");
    let tmux = server.tmux_env();

    let outside = board(dir.path(), None);
    assert_eq!(
        outside,
        vec![
            [CRASHED.into(), "working".into(), cwd.clone()],
            [QUIET.into(), "ended".into(), cwd.clone()],
        ],
        "outside tmux, mtime order decides"
    );
    let want = vec![
        [QUIET.to_owned(), "idle".to_owned(), target.clone()],
        [CRASHED.to_owned(), "ended".to_owned(), cwd.clone()],
    ];
    let deadline = Instant::now() + START_WITHIN;
    let mut inside = board(dir.path(), Some(&tmux));
    while inside != want && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
        inside = board(dir.path(), Some(&tmux));
    }
    assert_eq!(
        inside, want,
        "inside tmux, pane {pane} ({target}) names {QUIET}"
    );
    // The status bar's read agrees (it gathers the evidence itself and stores it: `json`
    // writes nothing).
    assert_eq!(oneline(dir.path(), &tmux), "\u{1F7E1}1");

    // The stand-in ends: `oneline` keeps the stored evidence while the agents are the same
    // (here for the test's 600 s), `json` gathers afresh for itself and stores nothing.
    server.run(&["kill-pane", "-t", &pane]);
    assert_eq!(
        oneline(dir.path(), &tmux),
        "\u{1F7E1}1",
        "stored evidence reused"
    );
    // The same file as an older ring's format: not used, gathered afresh (the stand-in is
    // gone: the crashed transcript is the live one) and rewritten in the current format.
    let stored = dir.path().join("ring/cache/evidence.bin");
    let current = fs::read(&stored).expect("evidence.bin");
    let version = read_cache::frame_version(&current);
    fs::write(
        &stored,
        read_cache::with_frame_version(&current, version - 1),
    )
    .expect("old");
    assert_eq!(
        oneline(dir.path(), &tmux),
        "\u{1F7E2}1",
        "an older format's evidence is dropped"
    );
    let rewritten = fs::read(&stored).expect("evidence.bin");
    assert_eq!(read_cache::frame_version(&rewritten), version);
    // Put back as it was, for the checks below (`oneline` keeps its own evidence).
    fs::write(&stored, &current).expect("restore");
    assert_eq!(
        board(dir.path(), Some(&tmux)),
        vec![
            [CRASHED.to_owned(), "working".to_owned(), cwd.clone()],
            [QUIET.to_owned(), "ended".to_owned(), cwd.clone()],
        ],
        "json gathers afresh"
    );
    assert_eq!(
        oneline(dir.path(), &tmux),
        "\u{1F7E1}1",
        "json stored nothing: oneline keeps its own evidence"
    );
}
