//! `ring-tmux explain` (issue 27 item 6) through the real binary: rows written by the real
//! hook in a temporary `$HOME`, processes injected with `RING_PROCS` (`{provider: [[cwd, tty, pid, start]]}`), a transcript with a set
//! mtime for the zero-config case; the rule (docs/rules.md section) and the source it names.

use crate::zeroconf_support::{World, set_mtime};
use serde_json::{Value, json};
use std::process::Output;

const NOW: f64 = 1_700_000_000.0;

fn claude_live_in(cwd: &str) -> Value {
    json!({"claude-code": [[cwd, null]], "codex": []})
}

fn hook(world: &World, payload: Value, at: f64) {
    world
        .ring_tmux(at)
        .env("RING_STDIN_TTY", "")
        .env("RING_AGENT_TTY", "")
        .arg("hook")
        .write_stdin(payload.to_string())
        .assert()
        .success()
        .stdout("");
}

fn explain(world: &World, args: &[&str], at: f64) -> Output {
    world
        .ring_tmux(at)
        .arg("explain")
        .args(args)
        .output()
        .expect("ring-tmux explain runs")
}

fn text(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

#[test]
fn a_waiting_permission_names_rule_11_1_and_its_hook_event() {
    let world = World::new(&claude_live_in("/repo"));
    hook(
        &world,
        json!({"session_id": "s-perm", "hook_event_name": "PermissionRequest", "cwd": "/repo",
               "tool_name": "Bash", "tool_input": {"command": "rm -rf \u{1b}[31mbuild\u{7}"}}),
        NOW,
    );
    let out = text(&explain(&world, &["s-perm"], NOW + 5.0));
    assert!(out.contains("shows:   waiting (permission)\n"), "{out}");
    assert!(
        out.contains("rule:    §11.1 A Claude permission request waits at once"),
        "{out}"
    );
    assert!(out.contains("docs/rules.md#rule-11-1"), "{out}");
    assert!(
        out.contains("by:      hook event PermissionRequest from foreground, 5 s ago"),
        "{out}"
    );
    assert!(out.contains("open wait: foreground permission"), "{out}");
    assert!(out.contains("events.jsonl"), "{out}");
    // The payload's escape sequence and bell never reach the terminal.
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    assert!(out.contains("rm -rf"), "{out}");

    let json: Value =
        serde_json::from_slice(&explain(&world, &["s-perm", "--json"], NOW + 5.0).stdout)
            .expect("--json is JSON");
    assert_eq!(json["explanation"]["rule"]["section"], "11.1");
    assert_eq!(json["explanation"]["decided_by"]["source"], "hook_event");
    assert_eq!(json["explanation"]["decided_by"]["owner"], "foreground");
    assert_eq!(json["row_file"]["last_event"], "PermissionRequest");
    assert_eq!(json["events"][0]["status"], "waiting");
}

#[test]
fn an_idle_after_stop_names_the_event_rule() {
    let world = World::new(&claude_live_in("/repo"));
    let base = json!({"session_id": "s-idle", "cwd": "/repo"});
    let with = |event: &str, extra: Value| {
        let mut p = base.clone();
        p["hook_event_name"] = event.into();
        for (k, v) in extra.as_object().expect("object") {
            p[k] = v.clone();
        }
        p
    };
    hook(
        &world,
        with("UserPromptSubmit", json!({"prompt": "go"})),
        NOW,
    );
    hook(
        &world,
        with("Stop", json!({"last_assistant_message": "Done."})),
        NOW + 3.0,
    );
    let out = text(&explain(&world, &["s-idle"], NOW + 10.0));
    assert!(out.contains("shows:   idle\n"), "{out}");
    assert!(out.contains("rule:    §2.6 Event → status"), "{out}");
    assert!(
        out.contains("by:      hook event Stop from foreground, 7 s ago"),
        "{out}"
    );
    assert!(
        out.contains("a new prompt (UserPromptSubmit) makes it working"),
        "{out}"
    );
    // Both status changes, oldest first.
    let working = out.find("               working").expect("working logged");
    let idle = out.find("               idle").expect("idle logged");
    assert!(working < idle, "{out}");
}

#[test]
fn an_ended_session_names_its_dead_process() {
    let world = World::new(&json!({"claude-code": [], "codex": []}));
    // The hook runs under a real process named `claude` (a script: the kernel names it after
    // its file), which ring takes as the agent: its pid and start time go into the row.
    let bin = world.home.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let claude = bin.join("claude");
    std::fs::write(&claude, "#!/bin/sh\n\"$@\"\n").expect("script");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&claude, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let ring_tmux = assert_cmd::cargo::cargo_bin("ring-tmux");
    let status = std::process::Command::new(&claude)
        .arg(&ring_tmux)
        .arg("hook")
        .env_clear()
        .env("HOME", &world.home)
        .env("RING_HOME", &world.ring)
        .env("RING_NOW", NOW.to_string())
        .env("RING_STDIN_TTY", "")
        .stdin({
            let payload = world.home.join("payload.json");
            std::fs::write(
                &payload,
                json!({"session_id": "s-dead", "hook_event_name": "PreToolUse", "cwd": "/repo",
                       "tool_name": "Bash"})
                .to_string(),
            )
            .expect("payload");
            std::fs::File::open(payload).expect("open")
        })
        .status()
        .expect("the claude script runs");
    assert!(status.success());
    let row: Value = serde_json::from_slice(
        &std::fs::read(world.ring.join("sessions/s-dead.json")).expect("row written"),
    )
    .expect("row");
    let pid = row["agent_pid"]
        .as_i64()
        .expect("the hook found its claude");
    // That claude has exited; another runs in the same folder (the folder rule would keep
    // the row): its own process decides.
    std::fs::write(
        &world.procs,
        json!({"claude-code": [["/repo", null, pid + 100_000, 1]], "codex": []}).to_string(),
    )
    .expect("procs");
    let out = text(&explain(&world, &["s-dead"], NOW + 2.0));
    assert!(out.contains("shows:   ended\n"), "{out}");
    assert!(
        out.contains("rule:    §11.7 A row lives as long as its agent process"),
        "{out}"
    );
    assert!(
        out.contains(&format!("by:      its agent process (pid {pid},")),
        "{out}"
    );
    assert!(out.contains(": gone\n"), "{out}");
    assert!(
        out.contains("1. §2.6"),
        "the hook wrote it working first: {out}"
    );
}

#[test]
fn a_zero_config_session_names_its_transcript() {
    let world = World::new(&claude_live_in("/repo"));
    let id = "0d7e4c1a-1111-4c2a-9d7e-5a6b7c8d9e01";
    let path = world
        .home
        .join(".claude/projects/-repo")
        .join(format!("{id}.jsonl"));
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    let line =
        json!({"type": "user", "cwd": "/repo", "message": {"role": "user", "content": "hi"}});
    std::fs::write(&path, format!("{line}\n")).expect("transcript");
    set_mtime(&path, NOW - 10.0);
    let out = text(&explain(&world, &["0d7e"], NOW));
    assert!(
        out.contains(&format!("session {id} (claude-code)")),
        "{out}"
    );
    assert!(out.contains("shows:   working\n"), "{out}");
    assert!(
        out.contains("rule:    §4.4 Claude's transcripts (zero-config)"),
        "{out}"
    );
    assert!(out.contains("zero-config: scan source"), "{out}");
    assert!(out.contains("1 live process(es) in its folder"), "{out}");
    assert!(out.contains("row file:    none"), "{out}");
    assert!(out.contains("ring-tmux install-hooks"), "{out}");
}

#[test]
fn a_name_nobody_has_says_where_to_look() {
    let world = World::new(&claude_live_in("/repo"));
    let out = explain(&world, &["nobody"], NOW);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "ring-tmux: no session is called `nobody`; give an id, label or project from \
         `ring-tmux list --all`\n"
    );
    let out = explain(&world, &[], NOW);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("ring-tmux explain"),
        "{out:?}"
    );
}

#[test]
fn a_hidden_session_is_explained_by_its_id() {
    let world = World::new(&claude_live_in("/repo"));
    hook(
        &world,
        json!({"session_id": "s-hid", "hook_event_name": "Stop", "cwd": "/repo"}),
        NOW,
    );
    world
        .ring_tmux(NOW + 1.0)
        .args(["hide", "s-hid"])
        .assert()
        .success();
    let out = text(&explain(&world, &["s-hid"], NOW + 2.0));
    assert!(out.contains("shows:   idle, not on the board\n"), "{out}");
    assert!(
        out.contains("rule:    §4.8 Hidden sessions on the board"),
        "{out}"
    );
    assert!(out.contains("ring-tmux unhide"), "{out}");
}

#[test]
fn doctor_points_at_explain_when_there_are_sessions() {
    let world = World::new(&claude_live_in("/repo"));
    let doctor = |world: &World| {
        let out = world
            .ring_tmux(NOW)
            .env("PATH", "/usr/bin:/bin")
            .arg("doctor")
            .output()
            .expect("doctor runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(
        !doctor(&world).contains("ring-tmux explain"),
        "no sessions, no pointer"
    );
    hook(
        &world,
        json!({"session_id": "s-doc", "hook_event_name": "Stop", "cwd": "/repo"}),
        NOW,
    );
    let out = doctor(&world);
    assert!(
        out.contains("· 1 session row(s) on record: `ring-tmux explain SESSION` says which rule"),
        "{out}"
    );
}

/// The README's `explain` example ("Why does ring show this?"), as far as its `…`: what the
/// command prints for a session the real hook recorded waiting on a permission 12 s before.
#[test]
fn the_readme_example_is_what_explain_prints() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let block = readme
        .split("### Why does ring show this?")
        .nth(1)
        .and_then(|s| s.split("```text\n").nth(1))
        .and_then(|s| s.split("```").next())
        .expect("the README's explain example");
    let mut lines = block.lines();
    assert_eq!(lines.next(), Some("$ ring-tmux explain api"));
    let shown: Vec<&str> = lines.take_while(|l| *l != "…").collect();
    let world = World::new(&json!({"claude-code": [["/r/api", null]], "codex": []}));
    hook(
        &world,
        json!({"session_id": "3f2a1c9d-0b1e-4c2a-9d7e-5a6b7c8d9e01", "cwd": "/r/api",
               "hook_event_name": "PermissionRequest", "tool_name": "Bash",
               "tool_input": {"command": "npm test"}}),
        NOW,
    );
    let out = text(&explain(&world, &["api"], NOW + 12.0));
    let printed: Vec<&str> = out.lines().take(shown.len()).collect();
    assert_eq!(printed, shown);
}
