//! A user trying both ring and RiNG (0.17.3+) on the same registry: where both hooks write the
//! same row they exclude each other through RiNG's lock (`sessions/<id>.json.lock`, an
//! exclusive `flock`, never deleted), and ring keeps the state RiNG carries in the row
//! (`waiting_requests`, `pending_permissions`) instead of overwriting it.

use crate::hook_support;

use hook_support::{Home, T0};
use serde_json::json;
use std::fs::{self, File};
use std::io::Write;
use std::process::Stdio;
use std::time::Duration;

/// RiNG's lock on session `sid`, taken as its `fsutil.file_lock` takes it (open for append,
/// exclusive `flock`), held until dropped.
fn hold_ring_cli_lock(h: &Home, sid: &str) -> File {
    fs::create_dir_all(h.sessions()).expect("sessions");
    let file = File::options()
        .append(true)
        .create(true)
        .open(h.sessions().join(format!("{sid}.json.lock")))
        .expect("RiNG's lock file");
    file.lock().expect("flock");
    file
}

fn prompt(sid: &str) -> serde_json::Value {
    json!({"session_id": sid, "hook_event_name": "UserPromptSubmit", "cwd": "/repo/app"})
}

#[test]
fn a_held_ring_cli_lock_drops_the_event_after_the_bounded_wait() {
    let h = Home::new();
    let held = hold_ring_cli_lock(&h, "s1");
    h.event(prompt("s1"), T0);
    assert_eq!(h.row("s1.json"), None, "written under RiNG's lock");
    let log = h.ring_log();
    assert!(
        log.contains("RiNG's lock s1.json: timed out, event dropped"),
        "{log}"
    );
    drop(held);
    h.event(prompt("s1"), T0 + 1.0);
    assert_eq!(h.row("s1.json").expect("row")["status"], "working");
}

#[test]
fn the_hook_waits_for_ring_cli_to_release_its_lock_then_writes() {
    let h = Home::new();
    let held = hold_ring_cli_lock(&h, "s1");
    let mut child = h
        .spawnable(&[], T0)
        .stdin(Stdio::piped())
        .spawn()
        .expect("hook");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(prompt("s1").to_string().as_bytes())
        .expect("payload");
    // The hook is waiting for the lock: it must not write while RiNG holds it. Long enough
    // for an unlocked hook to have written (it writes in milliseconds), short of the 2 s wait.
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(h.row("s1.json"), None, "written under RiNG's lock");
    drop(held);
    let out = child.wait_with_output().expect("hook ran");
    hook_support::assert_hook_contract(&out);
    assert_eq!(h.row("s1.json").expect("row")["status"], "working");
}

#[test]
fn session_end_leaves_ring_clis_lock_file_in_place() {
    let h = Home::new();
    h.event(prompt("s1"), T0);
    let lock = h.sessions().join("s1.json.lock");
    assert!(lock.exists(), "RiNG's lock file was not taken");
    h.event(
        json!({"session_id": "s1", "hook_event_name": "SessionEnd", "cwd": "/repo/app"}),
        T0 + 1.0,
    );
    assert_eq!(h.row("s1.json"), None);
    // Deleting it would let a queued RiNG writer lock the old inode and another the new one.
    assert!(lock.exists(), "RiNG's lock file deleted");
}

#[test]
fn a_foreground_event_keeps_the_subagent_wait_ring_cli_carried() {
    let h = Home::new();
    fs::create_dir_all(h.sessions()).expect("sessions");
    let wait = json!({
        "owner": "agent:a1", "kind": "permission", "detail": "Bash: make",
        "waiting_for": "", "since": T0, "revision": "r1", "tool_use_id": "tu1"
    });
    let pending =
        json!({"owner": "agent:a1", "request_id": "tu1", "detail": "Bash: make", "at": T0});
    let row = json!({
        "session_id": "s1", "provider": "claude-code", "cwd": "/repo/app",
        "origin_cwd": "/repo/app", "status": "waiting", "last_event": "PermissionRequest",
        "last_event_owner": "agent:a1", "last_tool_use_id": "tu1", "last_active": T0,
        "heartbeat_at": T0, "last_action": "—", "hook_pid": 1,
        "waiting_requests": {"agent:a1": wait}, "pending_permissions": [pending],
        "waiting_kind": "permission", "waiting_detail": "Bash: make", "waiting_agent_id": "a1"
    });
    fs::write(h.sessions().join("s1.json"), row.to_string()).expect("RiNG's row");
    h.event(
        json!({"session_id": "s1", "hook_event_name": "PostToolUse", "cwd": "/repo/app",
               "tool_name": "Read", "tool_use_id": "tu9"}),
        T0 + 1.0,
    );
    let after = h.row("s1.json").expect("row");
    assert_eq!(after["status"], "waiting", "{after:?}");
    assert_eq!(after["waiting_requests"], json!({"agent:a1": wait}));
    assert_eq!(after["pending_permissions"], json!([pending]));
}
