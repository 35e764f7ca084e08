//! The functions natively, on the fixture the Node tests (`ring-web/js/test/`) feed the
//! wasm build: both compare with the same committed expected files, so the wasm build and
//! the native code give the same View. `RING_WEB_BLESS=1` rewrites them (never in CI).

use super::*;
use serde_json::Value;
use std::path::PathBuf;

const NOW: f64 = 1_700_000_000.0;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn snapshot_text() -> String {
    std::fs::read_to_string(fixtures().join("board.snapshot.json")).expect("fixture")
}

/// One case of `cases.json`, which the Node tests replay too: the expected file, the clock
/// offset from `NOW`, `viewWith`'s options, or `board(…, all = true)` instead.
#[derive(serde::Deserialize)]
struct Case {
    expected: String,
    offset: f64,
    #[serde(default)]
    options: String,
    #[serde(default)]
    board_all: bool,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(fixtures().join("cases.json")).expect("cases.json");
    serde_json::from_str(&text).expect("cases")
}

fn produce(offset: f64, options: &str, as_board: bool) -> String {
    let text = snapshot_text();
    let result = if as_board {
        board_json(&text, NOW + offset, true)
    } else {
        view_json(&text, NOW + offset, Some(options))
    };
    result.expect("the fixture is a snapshot")
}

#[test]
fn the_fixture_gives_the_committed_views() {
    let bless = std::env::var_os("RING_WEB_BLESS").is_some();
    let cases = cases();
    assert_eq!(cases.len(), 4);
    for case in cases {
        let got = produce(case.offset, &case.options, case.board_all);
        let file = &case.expected;
        let path = fixtures().join(file);
        if bless {
            std::fs::write(&path, format!("{got}\n")).expect("bless");
        }
        let want = std::fs::read_to_string(&path).expect("expected file (RING_WEB_BLESS=1)");
        assert_eq!(got, want.trim_end_matches('\n'), "{file}");
    }
}

fn entry<'a>(view: &'a Value, id: &str) -> &'a Value {
    view["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["session_id"] == id)
        .unwrap_or_else(|| panic!("{id} in {view}"))
}

fn view_at(offset: f64, options: &str) -> Value {
    serde_json::from_str(&produce(offset, options, false)).expect("view JSON")
}

#[test]
fn the_fixture_has_each_case() {
    let now = view_at(0.0, "");
    let later = view_at(10.0, "");
    // The Codex permission wait, promoted by the clock alone (threshold 8 s in its config).
    assert_eq!(entry(&now, "codex:t-perm")["status"], "working");
    assert_eq!(entry(&later, "codex:t-perm")["status"], "waiting");
    assert_eq!(
        entry(&later, "codex:t-perm")["detail"],
        "Bash: cargo publish --allow-dirty"
    );
    assert_eq!(entry(&now, "codex:t-perm")["location"], "work:2.1");
    // Hidden and ended sessions are off the board; with `all` the ended ones come back.
    let ids = |v: &Value| -> Vec<String> {
        v["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .map(|e| e["session_id"].as_str().unwrap_or("").to_owned())
            .collect()
    };
    assert!(!ids(&now).contains(&"s-hidden".to_owned()));
    assert!(!ids(&now).contains(&"s-done".to_owned()));
    let all = view_at(0.0, r#"{"all": true}"#);
    assert_eq!(entry(&all, "s-done")["status"], "ended");
    // The process scan ends a Codex row with no live process; the zero-config row shows.
    assert_eq!(entry(&all, "codex:t-gone")["status"], "ended");
    assert_eq!(entry(&now, "scan-1")["source"], "scan");
    // The transcript ran ahead of the hook's heartbeat.
    assert_eq!(entry(&now, "s-stale")["hook_stale"], true);
    assert_eq!(entry(&now, "s-question")["label"], "payments ☕");
}

#[test]
fn hostile_strings_are_kept_as_data() {
    let now = view_at(0.0, "");
    let detail = entry(&now, "s-hostile")["detail"].as_str().expect("detail");
    assert!(
        detail.starts_with("<img src=x onerror=alert(1)> #[fg=red]#(rm -rf ~) \u{1b}]0;pwn\u{7}")
    );
    assert_eq!(entry(&now, "s-hostile")["project"], "<svg onload=alert(2)>");
}

#[test]
fn a_bad_snapshot_or_clock_says_what_to_pass() {
    let err = view_json("{not json", NOW, None).expect_err("bad JSON");
    assert!(err.contains("ring-tmux json --snapshot"), "{err}");
    let err = view_json(r#"{"rows": 3}"#, NOW, None).expect_err("rows not a list");
    assert!(err.starts_with("ring-web: "), "{err}");
    let err = view_json("{}", f64::NAN, None).expect_err("NaN clock");
    assert!(err.contains("Date.now() / 1000"), "{err}");
    let err = view_json("{}", NOW, Some("[1]")).expect_err("bad options");
    assert!(err.contains("{\"all\": true}"), "{err}");
    assert!(
        view_json("{}", NOW, Some("  ")).is_ok(),
        "blank options are the defaults"
    );
}

#[test]
fn tables_list_every_kind_and_state() {
    let kinds: Value = serde_json::from_str(&kinds_json()).expect("kinds");
    let names: Vec<&str> = kinds
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|k| k["name"].as_str())
        .collect();
    assert_eq!(names, ["permission", "question", "plan", "idle"]);
    assert_eq!(kinds[0]["icon"], "\u{1F510}");
    let statuses: Value = serde_json::from_str(&statuses_json()).expect("statuses");
    assert_eq!(statuses[0]["name"], "waiting");
    assert_eq!(statuses[0]["marker"], "\u{1F534}");
    assert_eq!(relative_time(3900.0), "1h05m");
}

#[test]
fn a_page_snapshot_s_hosts_join_the_view_named_host_project() {
    let host = format!(
        r#"{{"generated_at": {at}, "rows": [{{"session_id": "s9", "status": "waiting",
            "waiting_kind": "permission", "last_active": {at}, "cwd": "/w/api"}}]}}"#,
        at = NOW - 300.0
    );
    let page = format!(
        r#"{{"rows": [], "hosts": [
            {{"host": "dev1", "stale_after": 60, "cache": {{"ok_at": {at}, "snapshot": {host}}}}},
            {{"host": "dev2", "stale_after": 60, "cache": {{"error": "Connection refused"}}}}]}}"#,
        at = NOW - 300.0
    );
    let view: Value =
        serde_json::from_str(&view_json(&page, NOW, None).expect("view")).expect("json");
    assert_eq!(view["entries"][0]["session_id"], "dev1:s9");
    assert_eq!(view["entries"][0]["project"], "dev1:api");
    assert_eq!(view["entries"][0]["remote"]["host"], "dev1");
    assert!(
        view["entries"][0]["location"]
            .as_str()
            .is_some_and(|l| l.ends_with("(stale 5m)")),
        "{}",
        view["entries"][0]["location"]
    );
    assert_eq!(view["counts"]["waiting"], 1);
    assert_eq!(view["hosts"][0]["state"], "stale");
    assert_eq!(view["hosts"][1]["state"], "unreachable");
    assert_eq!(view["hosts"][1]["error"], "Connection refused");
    // Without hosts, the view is as before: no `hosts` key.
    let plain: Value =
        serde_json::from_str(&view_json("{}", NOW, None).expect("view")).expect("json");
    assert!(plain.get("hosts").is_none(), "{plain}");
}

/// Who waits is said in the language the page asks for (`"lang"`), English without one: wasm
/// has no process language to fall back on.
#[test]
fn the_view_speaks_the_language_it_is_asked_for() {
    let snapshot = serde_json::json!({ "rows": [{
        "session_id": "s1",
        "status": "waiting",
        "last_active": NOW - 5.0,
        "waiting_kind": "permission",
        "waiting_detail": "Bash: ls",
        "waiting_agent_id": "a1",
        "waiting_requests": [{
            "owner": "agent:a1",
            "kind": "permission",
            "detail": "Bash: ls",
            "since": NOW - 5.0,
            "agent_type": "reviewer"
        }]
    }]})
    .to_string();
    let detail = |options: Option<&str>| {
        let view: Value =
            serde_json::from_str(&view_json(&snapshot, NOW, options).expect("view")).expect("json");
        view["entries"][0]["detail"]
            .as_str()
            .unwrap_or("")
            .to_owned()
    };
    assert_eq!(detail(None), "subagent a1: Bash: ls");
    assert_eq!(
        detail(Some(r#"{"lang": "zh-Hant"}"#)),
        "子代理 a1：Bash: ls"
    );
    assert_eq!(detail(Some(r#"{"lang": "xx"}"#)), "subagent a1: Bash: ls");
}
