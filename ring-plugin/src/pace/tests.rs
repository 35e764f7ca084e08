use super::*;
use rstest::rstest;

/// What the plugin's loop does with a [`Pace`], on a simulated clock from 0 to `until`: zellij
/// fires each armed timer at its time; `events` are things happening (a pipe, a key) at
/// their times; a scan sees a change when a file was written (`writes`) since the last scan;
/// `deadlines` are clock rules (the plugin passes the first one still to come).
struct Run {
    /// When a timer fired.
    wakes: Vec<f64>,
    /// When a timer's wake scanned.
    scans: Vec<f64>,
    /// The most timers armed at once.
    most_armed: usize,
}

fn run(base: i64, until: f64, events: &[f64], writes: &[f64], deadlines: &[f64]) -> Run {
    let mut pace = Pace::new(base);
    let mut timers: Vec<f64> = Vec::new();
    let mut out = Run {
        wakes: Vec::new(),
        scans: Vec::new(),
        most_armed: 0,
    };
    let next_deadline = |now: f64| deadlines.iter().copied().find(|&d| d >= now);
    let mut last_scan = 0.0;
    // `load`: a first read, then the timer.
    pace.scanned(0.0, false);
    let arm = |pace: &mut Pace, timers: &mut Vec<f64>, now: f64, out: &mut Run| {
        if let Some(wait) = pace.arm(now, &[next_deadline(now)]) {
            assert!(wait >= MIN_WAIT - 1e-9, "wait {wait} at {now}");
            timers.push(now + wait);
        }
        out.most_armed = out.most_armed.max(timers.len());
    };
    arm(&mut pace, &mut timers, 0.0, &mut out);
    let mut events: Vec<f64> = events.to_vec();
    loop {
        let timer = timers.iter().copied().fold(f64::INFINITY, f64::min);
        let event = events.first().copied().unwrap_or(f64::INFINITY);
        let now = timer.min(event);
        if now > until {
            break;
        }
        if event <= timer {
            events.remove(0);
            pace.wake(now);
            last_scan = now;
        } else {
            timers.retain(|&t| t != timer);
            out.wakes.push(now);
            if pace.fired(now) {
                let changed = writes.iter().any(|&w| w > last_scan && w <= now);
                last_scan = now;
                out.scans.push(now);
                pace.scanned(now, !changed);
            }
        }
        arm(&mut pace, &mut timers, now, &mut out);
    }
    out
}

fn rounded(times: &[f64]) -> Vec<f64> {
    times.iter().map(|t| (t * 100.0).round() / 100.0).collect()
}

#[test]
fn quiet_scans_space_out_to_the_cap() {
    let run = run(1, 30.0, &[], &[], &[]);
    assert_eq!(run.wakes, run.scans);
    assert_eq!(
        rounded(&run.scans),
        [1.0, 2.0, 3.0, 5.0, 9.0, 13.0, 17.0, 21.0, 25.0, 29.0]
    );
}

#[test]
fn a_change_seen_by_a_scan_brings_back_the_configured_interval() {
    // Written at 9.5: the scan at 13 sees it; then 1 s again, then the backoff anew.
    let run = run(1, 30.0, &[], &[9.5], &[]);
    assert_eq!(
        rounded(&run.scans),
        [
            1.0, 2.0, 3.0, 5.0, 9.0, 13.0, 14.0, 15.0, 16.0, 18.0, 22.0, 26.0, 30.0
        ]
    );
}

#[test]
fn an_event_brings_back_the_configured_interval_with_one_extra_wake_at_most() {
    // A pipe at 10 while the timer for 13 is armed: scans at 11, 12, 13 (the armed timer is
    // the scan's), then the backoff anew. The timer armed for 13 is the only one in flight
    // besides the new one.
    let run = run(1, 30.0, &[10.0], &[], &[]);
    assert_eq!(
        rounded(&run.scans),
        [
            1.0, 2.0, 3.0, 5.0, 9.0, 11.0, 12.0, 13.0, 15.0, 19.0, 23.0, 27.0
        ]
    );
    assert_eq!(run.wakes, run.scans);
    assert!(run.most_armed <= 2, "{} timers armed", run.most_armed);
}

#[test]
fn an_early_reset_arms_nothing_when_the_armed_timer_comes_soon_enough() {
    // A pipe at 12.5: the timer armed for 13 is within the configured second, nothing new.
    let run = run(1, 16.0, &[12.5], &[], &[]);
    assert_eq!(
        rounded(&run.wakes),
        [1.0, 2.0, 3.0, 5.0, 9.0, 13.0, 14.0, 15.0]
    );
    assert_eq!(run.most_armed, 1);
}

#[test]
fn a_stale_long_timer_is_one_extra_wake_that_does_not_scan() {
    let mut pace = Pace::new(1);
    for now in [1.0, 2.0, 3.0, 5.0] {
        pace.scanned(now, true);
    }
    assert_eq!(pace.interval(), 4.0);
    assert_eq!(pace.arm(5.0, &[]), Some(4.0));
    // A key at 5.2: the next scan at 6.2, a second timer.
    pace.wake(5.2);
    assert_eq!(pace.arm(5.2, &[]).map(|w| (w * 100.0).round()), Some(100.0));
    assert_eq!(pace.armed(), 2);
    // The scans at 6.2 and 7.2 each arm their own: the timer for 9 comes too late for them.
    for now in [6.2, 7.2] {
        assert!(pace.fired(now));
        pace.scanned(now, true);
        assert_eq!(pace.arm(now, &[]).map(|w| (w * 100.0).round()), Some(100.0));
    }
    assert!(pace.fired(8.2));
    pace.scanned(8.2, true);
    assert_eq!(pace.interval(), 2.0);
    // 10.2 is wanted and 9 is armed: nothing new. The wake at 9 is the extra one: no scan.
    assert_eq!(pace.arm(8.2, &[]), None);
    assert!(!pace.fired(9.0));
    assert_eq!(pace.armed(), 0);
    assert_eq!(pace.arm(9.0, &[]).map(|w| (w * 100.0).round()), Some(120.0));
}

#[test]
fn a_deadline_cuts_the_wait_short_without_counting_as_a_scan() {
    // A clock rule due at 11: woken at 11.05 although the scan after 9 is at 13.
    let run = run(1, 18.0, &[], &[], &[11.0]);
    assert_eq!(
        rounded(&run.wakes),
        [1.0, 2.0, 3.0, 5.0, 9.0, 11.05, 13.0, 17.0]
    );
    assert_eq!(rounded(&run.scans), [1.0, 2.0, 3.0, 5.0, 9.0, 13.0, 17.0]);
}

#[test]
fn a_passed_deadline_is_looked_at_again_soon_not_at_once() {
    let mut pace = Pace::new(1);
    pace.scanned(100.0, true);
    let wait = pace.arm(100.5, &[Some(90.0)]).expect("a timer");
    assert!((wait - MIN_WAIT).abs() < 1e-9, "{wait}");
    // NaN and infinite deadlines are no deadlines.
    let mut pace = Pace::new(1);
    pace.scanned(100.0, true);
    assert_eq!(
        pace.arm(100.0, &[Some(f64::NAN), Some(f64::INFINITY), None]),
        Some(1.0)
    );
}

#[test]
fn a_lost_timer_does_not_stop_the_clock() {
    let mut pace = Pace::new(1);
    pace.scanned(0.0, true);
    assert_eq!(pace.arm(0.0, &[]), Some(1.0));
    // zellij never fires it; a pipe at 3 must still arm a timer, and the overdue scan comes
    // soon.
    pace.wake(3.0);
    let wait = pace.arm(3.0, &[]).expect("a timer");
    assert!((wait - MIN_WAIT).abs() < 1e-9, "{wait}");
}

#[rstest]
#[case::default_one_second(1, 4.0, &[1.0, 1.0, 1.0, 2.0, 4.0, 4.0])]
#[case::three_seconds_grow_to_the_cap(3, 4.0, &[3.0, 3.0, 3.0, 4.0, 4.0, 4.0])]
#[case::a_long_configured_interval_is_kept(10, 10.0, &[10.0, 10.0, 10.0, 10.0, 10.0, 10.0])]
#[case::zero_is_one(0, 4.0, &[1.0, 1.0, 1.0, 2.0, 4.0, 4.0])]
fn the_configured_interval_is_the_floor_and_caps_the_backoff_when_longer(
    #[case] configured: i64,
    #[case] max: f64,
    #[case] intervals: &[f64],
) {
    let mut pace = Pace::new(configured);
    assert_eq!(pace.max_interval(), max);
    let mut got = vec![pace.interval()];
    for _ in 1..intervals.len() {
        pace.scanned(0.0, true);
        got.push(pace.interval());
    }
    assert_eq!(got, intervals);
    pace.wake(0.0);
    assert_eq!(pace.interval(), (configured.max(1)) as f64);
}

#[test]
fn a_busy_scan_keeps_the_configured_interval() {
    let mut pace = Pace::new(1);
    for _ in 0..10 {
        pace.scanned(0.0, true);
    }
    assert_eq!(pace.interval(), QUIET_CAP);
    pace.scanned(50.0, false);
    assert_eq!(pace.interval(), 1.0);
    assert!(!pace.scan_due(50.5));
    assert!(pace.scan_due(50.8));
}
