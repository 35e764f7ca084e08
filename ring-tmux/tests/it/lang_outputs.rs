//! The language (issue 26): what people read follows `RING_LANG` / the locale; what programs
//! read (`json`, `oneline`, the status segment, row files, the hook) is the same bytes in
//! every language.

use crate::hook_support::Home;
use crate::read_support::{self, Ring};
use serde_json::json;

const EN: &[(&str, &str)] = &[("RING_LANG", "en")];
const ZH: &[(&str, &str)] = &[("RING_LANG", "zh-Hant")];
/// No RING_LANG (the harness's `en` removed below), a Taiwanese locale.
const LOCALE_ZH: &[(&str, &str)] = &[("RING_LANG", ""), ("LANG", "zh_TW.UTF-8")];

fn board() -> Ring {
    let ring = Ring::new();
    ring.row(
        "s-wait",
        json!({"provider": "claude-code", "status": "waiting", "cwd": "/r/支付系統",
               "waiting_kind": "permission", "waiting_detail": "Bash: npm test",
               "last_active": read_support::NOW - 200.0}),
    )
    .row(
        "s-work",
        json!({"provider": "claude-code", "status": "working", "cwd": "/r/web"}),
    )
    .row(
        "s-idle",
        json!({"provider": "claude-code", "status": "idle", "cwd": "/r/api"}),
    )
    .row(
        "s-end",
        json!({"provider": "claude-code", "status": "ended", "cwd": "/r/old"}),
    );
    ring
}

fn stdout(ring: &Ring, args: &[&str], vars: &[(&str, &str)]) -> Vec<u8> {
    let out = ring.run_with(args, vars);
    assert_eq!(out.status.code(), Some(0), "{args:?} {vars:?}: {out:?}");
    out.stdout
}

#[test]
fn machine_outputs_are_the_same_bytes_in_every_language() {
    let ring = board();
    for args in [
        &["json"][..],
        &["json", "--all"],
        &["oneline"],
        &["oneline", "--all"],
        &["status", "--no-repair"],
        &["status", "--no-repair", "--no-project"],
        &["json", "--snapshot"],
        &["explain", "--session", "s-wait", "--json"],
        &["stats", "--json"],
        &["digest", "--json"],
        &["serve", "--print", "view"],
    ] {
        let english = stdout(&ring, args, EN);
        assert!(!english.is_empty(), "{args:?} prints something");
        assert_eq!(
            stdout(&ring, args, ZH),
            english,
            "{args:?} under RING_LANG=zh-Hant"
        );
        assert_eq!(
            stdout(&ring, args, LOCALE_ZH),
            english,
            "{args:?} under LANG=zh_TW"
        );
    }
}

#[test]
fn list_speaks_the_chosen_language() {
    let ring = board();
    let text = |vars| String::from_utf8(stdout(&ring, &["list"], vars)).expect("UTF-8");
    let english = text(EN);
    assert!(
        english.starts_with("ID") && english.contains("PROJECT"),
        "{english}"
    );
    assert!(english.contains("🔴 waiting 🔐"), "{english}");
    for chinese in [text(ZH), text(LOCALE_ZH)] {
        assert!(
            chinese.contains("專案") && chinese.contains("去哪"),
            "{chinese}"
        );
        assert!(chinese.contains("🔴 等你 🔐"), "{chinese}");
        assert!(
            chinese.contains("🟢 工作中") && chinese.contains("🟡 跑完停著"),
            "{chinese}"
        );
        assert!(
            !chinese.contains("waiting") && !chinese.contains("PROJECT"),
            "{chinese}"
        );
    }
}

#[test]
fn the_hook_writes_the_same_row_in_every_language() {
    let payload = json!({"hook_event_name": "PreToolUse", "session_id": "s1", "cwd": "/r/支付",
                         "tool_name": "Bash", "tool_input": {"command": "npm test"}});
    let rows: Vec<Vec<u8>> = ["en", "zh-Hant"]
        .into_iter()
        .map(|lang| {
            let home = Home::new();
            let out = home
                .command(&[], 1_700_000_000.0)
                .env("RING_LANG", lang)
                .env("LANG", "zh_TW.UTF-8")
                .write_stdin(payload.to_string())
                .output()
                .expect("run hook");
            crate::hook_support::assert_hook_contract(&out);
            let text = std::fs::read_to_string(home.sessions().join("s1.json")).expect("row");
            // The hook's own pid is the one field two runs cannot share.
            let pid = serde_json::from_str::<serde_json::Value>(&text).expect("JSON")["hook_pid"]
                .to_string();
            let mut bytes = text
                .replace(&format!("\"hook_pid\": {pid}"), "\"hook_pid\": PID")
                .into_bytes();
            // The event log stats and digest read is machine output too.
            let events = std::fs::read(home.ring().join("events.jsonl")).expect("events.jsonl");
            assert!(!events.is_empty());
            bytes.extend(events);
            bytes
        })
        .collect();
    assert!(String::from_utf8_lossy(&rows[0]).contains("\"hook_pid\": PID"));
    assert_eq!(rows[0], rows[1]);
}

#[test]
fn the_status_segment_cuts_a_chinese_project_by_cells() {
    let ring = Ring::new();
    // 30 double-width characters: 60 cells, more than the segment's 24.
    let project = "支付系統重構計畫".repeat(4);
    ring.row(
        "s1",
        json!({"status": "waiting", "cwd": format!("/r/{project}"), "waiting_kind": "plan"}),
    );
    for vars in [EN, ZH] {
        let line =
            String::from_utf8(stdout(&ring, &["status", "--no-repair"], vars)).expect("UTF-8");
        let name = line
            .split(' ')
            .nth(1)
            .and_then(|rest| rest.split("#{").next())
            .expect("the project follows the count");
        assert!(name.ends_with('…'), "{line}");
        assert!(
            ring_shared::format::display_width(name) <= 24,
            "{name}: {line}"
        );
        assert!(
            ring_shared::format::display_width(name) >= 23,
            "{name}: {line}"
        );
    }
}

/// The README's language line, run as written (with this build first on PATH).
#[test]
fn the_readmes_language_command_runs_as_written() {
    let readme = include_str!("../../../README.md");
    let line = readme
        .lines()
        .find(|l| l.starts_with("RING_LANG=zh-Hant ring-tmux"))
        .expect("the README shows a RING_LANG command");
    let ring = board();
    let procs = ring.dir.path().join("procs-readme.json");
    std::fs::write(&procs, "{}").expect("procs");
    let bin = std::path::PathBuf::from(assert_cmd::cargo::cargo_bin!("ring-tmux"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("a folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new("sh")
        .args(["-c", line])
        .env("PATH", path)
        .env("HOME", &ring.home)
        .env("RING_HOME", &ring.ring)
        .env("RING_NOW", read_support::NOW.to_string())
        .env("RING_PROCS", &procs)
        .env_remove("RING_LANG")
        .output()
        .expect("sh");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("等你"),
        "{line}: {out:?}"
    );
}
