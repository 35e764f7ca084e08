//! Many hook processes at once, as parallel tool calls and subagents produce them.
//!
//! 16 workers each run 50 events on their own session and 50 on one shared session, while a
//! reader keeps parsing every row file. Checked:
//! * every `*.json` the reader sees parses as a JSON object (atomic replace), and no temp file
//!   is left at the end;
//! * own sessions alternate working/waiting, so their transition log is known exactly:
//!   50 lines, alternating, in the worker's order;
//! * the shared session: consecutive logged statuses never repeat (a lost update would log the
//!   same transition twice), and `waiting → idle` never appears (only an ordinary Notification
//!   yields idle, and it must keep an existing waiting: a lost update would drop that);
//!   every waiting row the reader sees still carries its permission detail and the stash;
//! * the board: a second reader runs the real `ring-tmux oneline --all` throughout (its row
//!   cache catching up with the hooks' writes) and `json --all` (reading that cache), and at
//!   the end its board equals the board of a copy of the rows read from scratch.

use crate::hook_support;

use hook_support::{Home, T0, board_json, board_read};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::fs;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

const WORKERS: usize = 16;
const EVENTS: usize = 50;
/// A Codex session: Codex keeps RiNG's stash rule (a bare PermissionRequest stays working and
/// stashes its detail for the Notification that follows), which this test leans on.
const SHARED: &str = "codex:shared";
const SHARED_FILE: &str = "codex:shared.json";

fn own_event(worker: usize, j: usize) -> Value {
    let sid = format!("own-{worker}");
    if j.is_multiple_of(2) {
        json!({"session_id": sid, "hook_event_name": "PreToolUse", "tool_name": "Read", "cwd": "/w"})
    } else {
        json!({"session_id": sid, "hook_event_name": "PermissionRequest", "tool_name": "AskUserQuestion",
               "tool_input": {"questions": [{"question": format!("q {worker} {j}?")}]}, "cwd": "/w"})
    }
}

fn shared_event(worker: usize, j: usize) -> Value {
    match (worker + j) % 3 {
        0 => {
            json!({"session_id": SHARED, "provider": "codex", "hook_event_name": "PermissionRequest", "tool_name": "Bash",
                    "tool_input": {"command": format!("cmd-{worker}-{j}")}, "cwd": "/s"})
        }
        1 => json!({"session_id": SHARED, "provider": "codex", "hook_event_name": "Notification",
                    "notification_type": "permission_prompt", "message": "", "cwd": "/s"}),
        _ => json!({"session_id": SHARED, "provider": "codex", "hook_event_name": "Notification",
                    "notification_type": "idle_prompt", "cwd": "/s"}),
    }
}

/// Checks one row snapshot; returns an error text for the reader to report.
fn check_row(name: &str, bytes: &[u8]) -> Result<(), String> {
    let row: Value =
        serde_json::from_slice(bytes).map_err(|e| format!("{name}: invalid JSON: {e}"))?;
    let row = row
        .as_object()
        .ok_or_else(|| format!("{name}: not an object"))?;
    if row.get("session_id") == Some(&json!(SHARED)) {
        if row
            .get("pending_permission_detail")
            .and_then(Value::as_str)
            .is_none()
        {
            return Err(format!("{name}: stash lost: {row:?}"));
        }
        if row["status"] == "waiting" {
            let detail = row
                .get("waiting_detail")
                .and_then(Value::as_str)
                .unwrap_or("");
            if !detail.starts_with("Bash: cmd-")
                || row.get("waiting_kind") != Some(&json!("permission"))
            {
                return Err(format!(
                    "{name}: waiting without its permission detail: {row:?}"
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn concurrent_hooks_never_lose_or_duplicate_updates() {
    let home = Arc::new(Home::new());
    // Seed the shared session with a stash so every later row must carry one.
    home.event(shared_event(0, 0), T0);

    let done = Arc::new(AtomicBool::new(false));
    let reads = Arc::new(AtomicUsize::new(0));
    let reader = {
        let (home, done, reads) = (home.clone(), done.clone(), reads.clone());
        std::thread::spawn(move || -> Result<(), String> {
            let sessions = home.sessions();
            while !done.load(Ordering::Relaxed) {
                for entry in fs::read_dir(&sessions).map_err(|e| e.to_string())? {
                    let entry = entry.map_err(|e| e.to_string())?;
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if !name.ends_with(".json") {
                        continue;
                    }
                    let bytes = fs::read(entry.path()).map_err(|e| format!("{name}: {e}"))?;
                    check_row(&name, &bytes)?;
                    reads.fetch_add(1, Ordering::Relaxed);
                }
            }
            Ok(())
        })
    };

    let board_reads = {
        let (home, done) = (home.clone(), done.clone());
        std::thread::spawn(move || {
            let mut boards = 0;
            while !done.load(Ordering::Relaxed) {
                // `oneline` keeps the row cache; `json` reads it as found.
                board_read(&home.ring(), "oneline");
                board_json(&home.ring());
                boards += 1;
            }
            boards
        })
    };

    let workers: Vec<_> = (0..WORKERS)
        .map(|w| {
            let home = home.clone();
            std::thread::spawn(move || {
                for j in 0..EVENTS {
                    // Distinct clocks identify each event in events.jsonl.
                    let now = T0 + 1.0 + j as f64 + w as f64 / 1000.0;
                    home.event(own_event(w, j), now);
                    home.event(shared_event(w, j + 1), now);
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("worker");
    }
    done.store(true, Ordering::Relaxed);
    reader
        .join()
        .expect("reader")
        .expect("every row snapshot valid");
    assert!(reads.load(Ordering::Relaxed) > 0, "the reader saw rows");
    assert!(board_reads.join().expect("board reader") > 0);
    let scratch = tempfile::tempdir().expect("tempdir");
    fs::create_dir(scratch.path().join("sessions")).expect("sessions");
    for entry in fs::read_dir(home.sessions()).expect("sessions") {
        let path = entry.expect("entry").path();
        if path.is_file() {
            let copy = scratch
                .path()
                .join("sessions")
                .join(path.file_name().expect("name"));
            fs::copy(&path, copy).expect("copy");
        }
    }
    assert_eq!(
        board_json(&home.ring()),
        board_json(scratch.path()),
        "the cached board equals the board read from scratch"
    );

    let log = home.ring_log();
    assert!(
        !log.contains("timed out"),
        "a lock timed out, the run proves nothing: {log}"
    );

    let names = hook_support::tree(&home.sessions());
    assert!(
        names.iter().all(|n| !n.ends_with(".tmp")),
        "temp files left: {names:?}"
    );
    assert_eq!(
        names.iter().filter(|n| n.ends_with(".json")).count(),
        WORKERS + 1
    );

    let mut by_session: HashMap<String, Vec<(f64, String)>> = HashMap::new();
    for e in home.events() {
        let sid = e["session_id"].as_str().expect("sid").to_owned();
        let status = e["status"].as_str().expect("status").to_owned();
        by_session
            .entry(sid)
            .or_default()
            .push((e["ts"].as_f64().expect("ts"), status));
    }

    for w in 0..WORKERS {
        let lines = &by_session[&format!("own-{w}")];
        let want: Vec<(f64, String)> = (0..EVENTS)
            .map(|j| {
                let now = T0 + 1.0 + j as f64 + w as f64 / 1000.0;
                (
                    now,
                    if j.is_multiple_of(2) {
                        "working"
                    } else {
                        "waiting"
                    }
                    .to_owned(),
                )
            })
            .collect();
        assert_eq!(lines, &want, "own-{w}: one transition per event, in order");
        let row = home.row(&format!("own-{w}.json")).expect("row");
        assert_eq!(row["status"], "waiting");
    }

    let shared = &by_session[SHARED];
    for pair in shared.windows(2) {
        assert_ne!(
            pair[0].1, pair[1].1,
            "shared: transition logged twice: {pair:?}"
        );
        assert!(
            !(pair[0].1 == "waiting" && pair[1].1 == "idle"),
            "shared: an ordinary Notification dropped a waiting state: {pair:?}"
        );
    }
    let last = home.row(SHARED_FILE).expect("shared row");
    assert_eq!(last["status"], json!(shared.last().expect("lines").1));
    check_row(SHARED_FILE, last_bytes(&home).as_slice()).expect("final shared row");
}

fn last_bytes(home: &Home) -> Vec<u8> {
    fs::read(home.sessions().join(SHARED_FILE)).expect("shared row")
}
