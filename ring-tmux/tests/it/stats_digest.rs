//! `ring-tmux stats` and `digest`: the real binary on a temp ring folder whose `events.jsonl`
//! holds RiNG-written lines (compat scenario `cooldown_flap_suppressed`) and lines ring's own
//! hook wrote.

use crate::hook_support::Home;
use crate::lang_support::{holds, pieces, tr};
use assert_cmd::Command;
use ring_shared::format::display_width;
use serde_json::{Value, json};

const RING_LINES: &str =
    include_str!("../../../ring-shared/src/stats/ring_cooldown_flap_suppressed.jsonl");
const T0: f64 = 1_700_000_000.0;

/// RiNG's five lines (project `app`: waits of 10 s, 10 s and one open since T0+230), then
/// ring's hook: session `r1` in `/w/web` waits at T0+250 and is answered at T0+280.
fn home() -> Home {
    let home = Home::new();
    std::fs::create_dir_all(home.ring()).expect("ring home");
    std::fs::write(home.ring().join("events.jsonl"), RING_LINES).expect("events");
    let base = json!({"session_id": "r1", "cwd": "/w/web"});
    let with = |extra: Value| {
        let mut p = base.clone();
        p.as_object_mut()
            .expect("object")
            .extend(extra.as_object().expect("object").clone());
        p
    };
    home.event(
        with(json!({"hook_event_name": "UserPromptSubmit"})),
        T0 + 240.0,
    );
    home.event(
        with(json!({"hook_event_name": "Notification", "notification_type": "permission_prompt"})),
        T0 + 250.0,
    );
    home.event(
        with(json!({"hook_event_name": "UserPromptSubmit"})),
        T0 + 280.0,
    );
    home
}

fn ring(home: &Home, args: &[&str], now: f64) -> (String, String, Option<i32>) {
    ring_with_procs(home, args, now, "{}")
}

/// `ring-tmux ARGS` with `procs` as the process scan (`RING_PROCS`; `{}`: every agent's
/// liveness unknown), never the machine's own processes.
fn ring_with_procs(
    home: &Home,
    args: &[&str],
    now: f64,
    procs: &str,
) -> (String, String, Option<i32>) {
    let file = home.dir.path().join("procs.json");
    std::fs::write(&file, procs).expect("procs");
    let out = Command::cargo_bin("ring-tmux")
        .expect("binary")
        .args(args)
        .envs(home.vars(now))
        .env("RING_PROCS", &file)
        .env_remove("TMUX")
        .output()
        .expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

#[test]
fn stats_counts_ring_s_and_the_hook_s_waits_per_project() {
    let home = home();
    let (out, err, code) = ring(&home, &["stats", "--json"], T0 + 300.0);
    assert_eq!(code, Some(0), "{err}");
    let doc: Value = serde_json::from_str(&out).expect("json");
    let projects = doc["projects"].as_array().expect("projects");
    let summary: Vec<(String, u64, u64, f64, f64)> = projects
        .iter()
        .map(|p| {
            (
                p["project"].as_str().unwrap_or("").to_owned(),
                p["waits"].as_u64().unwrap_or(0),
                p["open"].as_u64().unwrap_or(0),
                p["total_seconds"].as_f64().unwrap_or(0.0),
                p["longest_seconds"].as_f64().unwrap_or(0.0),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            // s1's open wait has no row on the board (RiNG's log only): not waiting now.
            ("app".to_owned(), 3, 0, 90.0, 70.0),
            ("web".to_owned(), 1, 0, 30.0, 30.0)
        ]
    );

    let (text, _, code) = ring(&home, &["stats"], T0 + 300.0);
    assert_eq!(code, Some(0));
    let app = text
        .lines()
        .find(|l| l.starts_with("app"))
        .expect("app row");
    // Columns are two spaces apart at least; a duration may hold one (`1m 10s`).
    let cells: Vec<&str> = app
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(
        cells,
        [
            "app",
            "3",
            tr("duration-s", &[("s", "30")]).as_str(),
            tr("duration-m-s", &[("m", "1"), ("s", "10")]).as_str(),
            tr("duration-m-s", &[("m", "1"), ("s", "30")]).as_str(),
        ],
        "waits, average, longest, total, in the catalogue's words: {text}"
    );
    assert!(!holds(app, &pieces("stats-still-waiting", &[])), "{text}");
    // The table lines up in terminal columns in every language (CJK headers are double
    // width): the header and each row end at the same column.
    let header = text.lines().next().expect("a header");
    assert!(header.starts_with(&tr("stats-project", &[])), "{text}");
    for row in text.lines() {
        assert_eq!(display_width(row), display_width(header), "{text}");
    }

    // --since leaves out what began before.
    let (out, _, _) = ring(&home, &["stats", "--since", "60s", "--json"], T0 + 300.0);
    let doc: Value = serde_json::from_str(&out).expect("json");
    let projects = doc["projects"].as_array().expect("projects");
    assert_eq!(
        projects.len(),
        1,
        "only web's wait began since T0+240: {out}"
    );
    assert_eq!(projects[0]["project"], "web");
}

/// A wait of 10 hours is `10h 00m` (7 columns) in English but `10小時00分` (10) in Chinese,
/// wider than the duration columns' 8: they widen to their widest cell, so every row still
/// ends under the header's end.
#[test]
fn stats_table_lines_up_with_long_durations_in_every_language() {
    let home = Home::new();
    let at = |event: &str, t: f64| {
        home.event(
            json!({"session_id": "l1", "cwd": "/w/long", "hook_event_name": event,
                   "notification_type": "permission_prompt"}),
            t,
        );
    };
    at("Notification", T0);
    at("UserPromptSubmit", T0 + 36_000.0);
    let (text, err, code) = ring(&home, &["stats"], T0 + 36_100.0);
    assert_eq!(code, Some(0), "{err}");
    let wait = tr("duration-h-m", &[("h", "10"), ("m", "00")]);
    assert!(text.contains(&wait), "{text}");
    let header = text.lines().next().expect("a header");
    for row in text.lines() {
        assert_eq!(display_width(row), display_width(header), "{text}");
    }
}

/// Issue 25 item 12: an agent killed without SessionEnd leaves its last `waiting` line in
/// events.jsonl forever; "still waiting" follows the board's liveness (the process scan),
/// not the log alone.
#[test]
fn stats_does_not_count_a_killed_agent_as_still_waiting() {
    let home = Home::new();
    home.event(
        json!({"session_id": "k1", "cwd": "/w/gone", "hook_event_name": "Notification",
               "notification_type": "permission_prompt"}),
        T0,
    );
    let open = |procs: &str| {
        let (out, err, code) = ring_with_procs(&home, &["stats", "--json"], T0 + 60.0, procs);
        assert_eq!(code, Some(0), "{err}");
        let doc: Value = serde_json::from_str(&out).expect("json");
        let project = &doc["projects"][0];
        assert_eq!(project["project"], "gone", "{out}");
        assert_eq!(project["waits"], 1, "the wait itself still counts: {out}");
        project["open"].as_u64().expect("open")
    };
    // No claude-code process at all: the agent is gone.
    assert_eq!(open(r#"{"claude-code": []}"#), 0);
    // Liveness unknown: the board keeps it waiting, and so does stats.
    assert_eq!(open("{}"), 1);
    let (text, _, _) = ring_with_procs(&home, &["stats"], T0 + 60.0, "{}");
    let still = tr("stats-still-waiting", &[("count", "1")]);
    assert!(text.contains(&still), "{text}");
    let (text, _, _) = ring_with_procs(&home, &["stats"], T0 + 60.0, r#"{"claude-code": []}"#);
    assert!(!text.contains(&still), "{text}");
}

#[test]
fn digest_tells_what_happened_while_away_still_waiting_first() {
    let home = home();
    let (out, err, code) = ring(&home, &["digest", "--since", "2m", "--json"], T0 + 300.0);
    assert_eq!(code, Some(0), "{err}");
    let doc: Value = serde_json::from_str(&out).expect("json");
    let rows: Vec<(&str, &str, u64)> = doc["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .map(|s| {
            (
                s["session_id"].as_str().unwrap_or(""),
                s["status"].as_str().unwrap_or(""),
                s["waits"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(rows, [("s1", "waiting", 1), ("r1", "working", 1)]);

    let (text, _, _) = ring(&home, &["digest", "--since", "2m"], T0 + 300.0);
    let summary = tr(
        "digest-summary",
        &[
            (
                "since",
                tr("duration-m-s", &[("m", "2"), ("s", "00")]).as_str(),
            ),
            ("sessions", "2"),
            ("waits", "2"),
            ("waiting", "1"),
        ],
    );
    assert!(text.starts_with(&summary), "{text}");
    let wait = tr("duration-m-s", &[("m", "1"), ("s", "10")]);
    let waiting = tr("digest-waiting", &[("wait", &wait)]);
    assert!(text.contains(&format!("app  s1  {waiting}")), "{text}");

    let (_, err, code) = ring(&home, &["digest", "--since", "soon"], T0 + 300.0);
    assert_eq!(code, Some(2), "a bad duration is a usage error: {err}");
}

/// Issue 23 item 6: an `events.jsonl` over 20 MiB (RiNG shares it and may let it grow) is read
/// from its end, so the newest waits count: not "No waits".
#[test]
fn stats_and_digest_read_the_end_of_an_events_log_over_twenty_mib() {
    let home = Home::new();
    std::fs::create_dir_all(home.ring()).expect("ring home");
    // 21 MiB of old transitions of another project, then RiNG's five lines.
    let filler = format!(
        "{{\"ts\": {}, \"session_id\": \"old\", \"provider\": \"claude-code\", \"cwd\": \"/repo/old{}\", \"status\": \"idle\"}}\n",
        T0 - 30.0 * 86400.0,
        "x".repeat(100)
    );
    let mut text = filler.repeat((21 << 20) / filler.len() + 1);
    text.push_str(RING_LINES);
    assert!(text.len() > 20 << 20);
    std::fs::write(home.ring().join("events.jsonl"), &text).expect("events");

    let (out, err, code) = ring(&home, &["stats", "--json"], T0 + 300.0);
    assert_eq!(code, Some(0), "{err}");
    let doc: Value = serde_json::from_str(&out).expect("json");
    let app: Vec<(&str, u64)> = doc["projects"]
        .as_array()
        .expect("projects")
        .iter()
        .map(|p| {
            (
                p["project"].as_str().unwrap_or(""),
                p["waits"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(app, [("app", 3)], "{out}");
    let (text, _, _) = ring(&home, &["stats"], T0 + 300.0);
    let none = pieces("stats-none", &[]);
    assert!(!holds(&text, &none) && text.contains("app"), "{text}");

    let (text, err, code) = ring(&home, &["digest", "--since", "10m"], T0 + 300.0);
    assert_eq!(code, Some(0), "{err}");
    let summary = tr(
        "digest-summary",
        &[
            (
                "since",
                tr("duration-m-s", &[("m", "10"), ("s", "00")]).as_str(),
            ),
            ("sessions", "1"),
            ("waits", "3"),
            ("waiting", "1"),
        ],
    );
    assert!(text.starts_with(&summary), "{text}");
}
