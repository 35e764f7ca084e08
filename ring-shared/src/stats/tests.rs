use super::*;
use rstest::rstest;

/// Written by RiNG (compat scenario `cooldown_flap_suppressed`, `/work/shared/compat`).
const RING: &str = include_str!("ring_cooldown_flap_suppressed.jsonl");
const T0: f64 = 1_700_000_000.0;

fn line(ts: f64, id: &str, cwd: &str, status: &str) -> String {
    format!(
        r#"{{"ts": {ts}, "session_id": "{id}", "provider": "codex", "cwd": "{cwd}", "status": "{status}"}}"#
    )
}

#[test]
fn ring_written_lines_parse() {
    let events = parse_events(RING);
    assert_eq!(events.len(), 5);
    assert_eq!(events[0].provider, "claude-code");
    assert_eq!(events[4].ts, T0 + 230.0);
}

#[test]
fn garbage_and_torn_lines_are_skipped() {
    let text = format!(
        "not json\n{}\n{{\"ts\": \"x\", \"session_id\": \"a\", \"status\": \"idle\"}}\n{{\"ts\": 1, \"session_id\": \"\", \"status\": \"idle\"}}\n{{\"ts\": 1, \"sess",
        line(T0, "a", "/r", "idle")
    );
    assert_eq!(parse_events(&text).len(), 1);
}

// RiNG's events: waits 10 s, 10 s, then one open since T0+230 (now T0+300: 70 s).
#[rstest]
#[case::whole_log(0.0, 3, 1, 90.0, 70.0)]
#[case::since_cuts_the_first_wait(T0 + 5.0, 2, 1, 80.0, 70.0)]
#[case::only_the_open_wait(T0 + 100.0, 1, 1, 70.0, 70.0)]
fn stats_on_ring_s_log(
    #[case] since: f64,
    #[case] waits: usize,
    #[case] open: usize,
    #[case] total: f64,
    #[case] longest: f64,
) {
    let got = stats(&parse_events(RING), since, T0 + 300.0);
    assert_eq!(got.len(), 1);
    let app = &got[0];
    assert_eq!(app.project, "app");
    assert_eq!((app.waits, app.open), (waits, open));
    assert_eq!((app.total_seconds, app.longest_seconds), (total, longest));
    assert_eq!(app.average_seconds, total / waits as f64);
}

#[test]
fn stats_per_project_by_total_and_a_wait_ends_at_the_same_session_s_next_line() {
    let text = [
        line(T0, "a", "/w/short", "waiting"),
        line(T0 + 1.0, "b", "/w/long/", "waiting"),
        // Another session's line does not end a's wait.
        line(T0 + 2.0, "c", "/w/short", "working"),
        line(T0 + 5.0, "a", "/w/short", "working"),
        line(T0 + 101.0, "b", "/w/long/", "ended"),
        line(T0 + 110.0, "c", "", "waiting"),
        line(T0 + 120.0, "c", "", "idle"),
    ]
    .join("\n");
    let got = stats(&parse_events(&text), 0.0, T0 + 1000.0);
    let names: Vec<(&str, usize, f64)> = got
        .iter()
        .map(|p| (p.project.as_str(), p.waits, p.total_seconds))
        .collect();
    assert_eq!(
        names,
        [
            ("long", 1, 100.0),
            ("(no folder)", 1, 10.0),
            ("short", 1, 5.0)
        ]
    );
}

#[test]
fn digest_lists_still_waiting_first_then_the_most_recent() {
    let text = [
        line(T0, "old", "/w/x", "waiting"),
        line(T0 + 10.0, "old", "/w/x", "idle"),
        line(T0 + 100.0, "a", "/w/a", "working"),
        line(T0 + 110.0, "a", "/w/a", "waiting"),
        line(T0 + 130.0, "a", "/w/a", "working"),
        line(T0 + 140.0, "a", "/w/a", "idle"),
        line(T0 + 150.0, "b", "/w/b", "waiting"),
        line(T0 + 160.0, "c", "/w/c", "ended"),
    ]
    .join("\n");
    let got = digest(&parse_events(&text), T0 + 50.0, T0 + 200.0);
    let rows: Vec<(&str, usize, f64, &str)> = got
        .iter()
        .map(|d| {
            (
                d.session_id.as_str(),
                d.waits,
                d.waited_seconds,
                d.status.as_str(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("b", 1, 50.0, "waiting"),
            ("c", 0, 0.0, "ended"),
            ("a", 1, 20.0, "idle"),
        ],
        "`old` is before the period"
    );
}

#[rstest]
#[case(0.4, "0s", "0秒")]
#[case(59.0, "59s", "59秒")]
#[case(70.0, "1m 10s", "1分10秒")]
#[case(200.0, "3m 20s", "3分20秒")]
#[case(7500.0, "2h 05m", "2小時05分")]
#[case(273600.0, "3d 4h", "3天4小時")]
fn human_durations_in_every_language(#[case] s: f64, #[case] en: &str, #[case] zh: &str) {
    use crate::i18n::{Lang, with_lang};
    assert_eq!(with_lang(Lang::En, || human(s)), en);
    assert_eq!(with_lang(Lang::ZhHant, || human(s)), zh);
}

/// `serve`'s answer lines share the log: an old one (its `why` in English words) and a new
/// one (a code) are no status change, and the status lines around them still count.
#[test]
fn answer_lines_old_and_new_are_no_status_change() {
    let text = [
        line(T0, "a", "/w/app", "waiting"),
        r#"{"at": 1700000005.0, "event": "answer", "via": "serve", "remote": "127.0.0.1", "user_agent": "", "session": "a", "option": 1, "result": "refused", "why": "the dialog changed since the page read it; read it again"}"#.into(),
        r#"{"at": 1700000006.0, "event": "answer", "via": "serve", "remote": "127.0.0.1", "user_agent": "", "session": "a", "option": 1, "result": "refused", "why": "changed"}"#.into(),
        line(T0 + 10.0, "a", "/w/app", "working"),
    ]
    .join("\n");
    let events = parse_events(&text);
    assert_eq!(events.len(), 2, "{events:?}");
    let rows = stats(&events, T0, T0 + 60.0);
    assert_eq!((rows[0].waits, rows[0].total_seconds), (1, 10.0));
}
