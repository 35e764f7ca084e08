//! `ring-tmux explain` (issue 27 item 6) through the real binary: rows written by the real
//! hook in a temporary `$HOME`, processes injected with `RING_PROCS` (`{provider: [[cwd, tty, pid, start]]}`), a transcript with a set
//! mtime for the zero-config case; the rule (docs/rules.md section) and the source it names.

use crate::lang_support::{lang, said, tr};
use crate::zeroconf_support::{World, set_mtime};
use ring_shared::i18n::{Lang, text_in};
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

/// `ring-tmux explain ARGS` in the suite's language ([`lang`]).
fn explain(world: &World, args: &[&str], at: f64) -> Output {
    explain_in(world, lang(), args, at)
}

fn explain_in(world: &World, lang: Lang, args: &[&str], at: f64) -> Output {
    world
        .ring_tmux(at)
        .env("RING_LANG", lang.tag())
        .arg("explain")
        .args(args)
        .output()
        .expect("ring-tmux explain runs")
}

/// What the text view's line `label_key` (`explain-shows`) says after its label.
fn value<'a>(out: &'a str, label_key: &str) -> &'a str {
    let head = format!("{}:", tr(label_key, &[]));
    out.lines()
        .find_map(|l| l.trim_start().strip_prefix(head.as_str()))
        .map(str::trim_start)
        .unwrap_or_else(|| panic!("no `{head}` line: {out}"))
}

/// `§N.M <heading>: <case>` of a rule in the suite's language.
fn rule(section: &str, case: &str) -> String {
    let heading = tr(
        &format!("explain-section-{}", section.replace('.', "-")),
        &[],
    );
    let case = tr(&format!("explain-case-{case}"), &[]);
    format!("§{section} {heading}: {case}")
}

/// `N s ago` in the suite's language.
fn ago(secs: &str) -> String {
    tr(
        "explain-ago",
        &[("n", secs), ("unit", &tr("explain-unit-s", &[]))],
    )
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
    let waiting = tr("state-waiting", &[]);
    let kind = tr("kind-permission", &[]);
    assert_eq!(
        value(&out, "explain-shows"),
        format!("{waiting} ({kind})"),
        "the kind's label, as the boards show it"
    );
    assert_eq!(
        value(&out, "explain-rule"),
        rule("11.1", "permission-at-once")
    );
    assert!(out.contains("docs/rules.md#rule-11-1"), "{out}");
    let by = [
        ("event", "PermissionRequest"),
        ("owner", "foreground"),
        ("ago", &ago("5")),
    ];
    assert_eq!(value(&out, "explain-by"), tr("explain-by-hook-from", &by));
    let open = [("owner", "foreground"), ("kind", "permission")];
    assert!(said(&out, "explain-ev-open-wait", &open), "{out}");
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
    assert_eq!(value(&out, "explain-shows"), tr("state-idle", &[]));
    assert_eq!(value(&out, "explain-rule"), rule("2.6", "event-status"));
    let by = [
        ("event", "Stop"),
        ("owner", "foreground"),
        ("ago", &ago("7")),
    ];
    assert_eq!(value(&out, "explain-by"), tr("explain-by-hook-from", &by));
    let prompt = format!("  - {}\n", tr("explain-would-prompt", &[]));
    assert!(out.contains(&prompt), "{out}");
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
    assert_eq!(value(&out, "explain-shows"), tr("state-ended", &[]));
    assert_eq!(value(&out, "explain-rule"), rule("11.7", "own-process"));
    let pid = pid.to_string();
    let by = value(&out, "explain-by");
    assert!(
        said(by, "explain-by-process-gone", &[("pid", &pid)]),
        "{out}"
    );
    let gone = tr("explain-ev-gone", &[]);
    assert!(value(&out, "explain-ev-process").ends_with(&gone), "{out}");
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
    let session = tr("explain-session", &[]);
    assert!(
        out.starts_with(&format!("{session} {id} (claude-code)\n")),
        "{out}"
    );
    assert_eq!(value(&out, "explain-shows"), tr("state-working", &[]));
    assert_eq!(
        value(&out, "explain-rule"),
        rule("4.4", "claude-transcript")
    );
    let zero = [("source", "scan"), ("processes", "1")];
    assert!(
        said(value(&out, "zero-config"), "explain-ev-zero", &zero),
        "{out}"
    );
    assert_eq!(
        value(&out, "explain-ev-row-file"),
        tr("explain-ev-no-row", &[])
    );
    let hooks = format!("  - {}\n", tr("explain-would-hooks-transcript", &[]));
    assert!(out.contains(&hooks), "{out}");
}

#[test]
fn a_name_nobody_has_says_where_to_look() {
    let world = World::new(&claude_live_in("/repo"));
    let out = explain(&world, &["nobody"], NOW);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty());
    let none = tr("err-session-none", &[("query", "nobody")]);
    let fix = tr("err-session-none-fix", &[]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("ring-tmux: {none}; {fix}\n")
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
    let idle = tr("state-idle", &[]);
    assert_eq!(
        value(&out, "explain-shows"),
        tr("explain-shows-hidden", &[("shown", &idle)])
    );
    assert_eq!(value(&out, "explain-rule"), rule("4.8", "hidden"));
    let unhide = format!("  - {}\n", tr("explain-would-unhide", &[]));
    assert!(out.contains(&unhide), "{out}");
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
    // The README is in English.
    let out = text(&explain_in(&world, Lang::En, &["api"], NOW + 12.0));
    let printed: Vec<&str> = out.lines().take(shown.len()).collect();
    assert_eq!(printed, shown);
}

/// The text view speaks the language it is asked for (issue 26), while `--json` (a bug
/// report's) is the same bytes in every language.
#[test]
fn explain_speaks_chinese_and_its_json_does_not_change() {
    let world = World::new(&claude_live_in("/repo"));
    hook(
        &world,
        json!({"session_id": "s-zh", "hook_event_name": "PermissionRequest", "cwd": "/repo",
               "tool_name": "Bash", "tool_input": {"command": "npm test"}}),
        NOW,
    );
    let zh = text(&explain_in(&world, Lang::ZhHant, &["s-zh"], NOW + 5.0));
    let said_zh = |key: &str| text_in(Lang::ZhHant, key, None);
    let shows = format!("{}:", said_zh("explain-shows"));
    let waiting = said_zh("state-waiting");
    let kind = said_zh("kind-permission");
    assert!(
        zh.contains(&format!("{shows}    {waiting} ({kind})\n")),
        "{zh}"
    );
    let case = said_zh("explain-case-permission-at-once");
    assert!(zh.contains(&format!(": {case}\n")), "{zh}");
    assert!(zh.contains(&said_zh("explain-would")), "{zh}");
    assert!(zh.contains("docs/rules.md#rule-11-1"), "{zh}");
    let en = text(&explain_in(&world, Lang::En, &["s-zh"], NOW + 5.0));
    assert_ne!(zh, en);

    let json = |lang| {
        let out = explain_in(&world, lang, &["s-zh", "--json"], NOW + 5.0);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        out.stdout
    };
    let (json_en, json_zh) = (json(Lang::En), json(Lang::ZhHant));
    assert_eq!(
        String::from_utf8_lossy(&json_zh),
        String::from_utf8_lossy(&json_en)
    );
    let doc: Value = serde_json::from_slice(&json_en).expect("--json is JSON");
    let rule = &doc["explanation"]["rule"];
    assert_eq!(rule["heading"], "A Claude permission request waits at once");
    assert_eq!(rule["case"], "the permission dialog is on screen");
}
