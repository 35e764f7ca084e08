//! One session per agent process (§11.15): Codex's `/new` leaves the older thread without a
//! `SessionEnd`; the thread of the same TUI that was active last is the session.

use super::*;

/// (id, provider, agent pid and start, last_active offset, status).
type ProcessRow = (&'static str, &'static str, Option<(i64, i64)>, f64, Status);

fn process_rows(rows: &[ProcessRow]) -> Vec<Row> {
    rows.iter()
        .map(|&(id, provider, agent, offset, status)| {
            let mut row = row(id, provider, "/repo", status);
            row.agent_pid = agent.map(|(pid, _)| pid);
            row.agent_start = agent.map(|(_, start)| start);
            row.last_active = NOW + offset;
            row
        })
        .collect()
}

const TUI: Option<(i64, i64)> = Some((4242, 7));

#[rstest]
#[case::new_thread_retires_the_older(
    &[("codex:a", "codex", TUI, -30.0, Status::Idle), ("codex:b", "codex", TUI, -1.0, Status::Idle)],
    &[Status::Ended, Status::Idle],
)]
#[case::a_resumed_older_thread_retires_the_newer(
    &[("codex:a", "codex", TUI, -1.0, Status::Waiting), ("codex:b", "codex", TUI, -30.0, Status::Idle)],
    &[Status::Waiting, Status::Ended],
)]
#[case::other_tuis_are_other_sessions(
    &[("codex:a", "codex", Some((4242, 7)), -30.0, Status::Idle), ("codex:b", "codex", Some((5000, 9)), -1.0, Status::Working)],
    &[Status::Idle, Status::Working],
)]
#[case::a_reused_pid_is_another_process(
    &[("codex:a", "codex", Some((4242, 7)), -30.0, Status::Idle), ("codex:b", "codex", Some((4242, 8)), -1.0, Status::Idle)],
    &[Status::Idle, Status::Idle],
)]
#[case::rows_without_their_process_stay(
    &[("codex:a", "codex", None, -30.0, Status::Idle), ("codex:b", "codex", TUI, -1.0, Status::Idle)],
    &[Status::Idle, Status::Idle],
)]
#[case::an_ended_newer_row_retires_nothing(
    &[("codex:a", "codex", TUI, -30.0, Status::Idle), ("codex:b", "codex", TUI, -1.0, Status::Ended)],
    &[Status::Idle, Status::Ended],
)]
#[case::claude_keeps_its_rule(
    &[("a", "claude-code", TUI, -30.0, Status::Idle), ("b", "claude-code", TUI, -1.0, Status::Idle)],
    &[Status::Idle, Status::Idle],
)]
#[case::a_tie_keeps_both(
    &[("codex:a", "codex", TUI, -1.0, Status::Idle), ("codex:b", "codex", TUI, -1.0, Status::Idle)],
    &[Status::Idle, Status::Idle],
)]
fn one_session_per_agent_process(#[case] rows: &[ProcessRow], #[case] want: &[Status]) {
    // Scans unknown: liveness keeps every row, so only this rule ends one.
    let procs = procs(&[("claude-code", None), ("codex", None)]);
    let derived = run(process_rows(rows), &procs, &Config::default(), 0.0);
    let got: Vec<Status> = statuses(&derived).into_iter().map(|(_, s)| s).collect();
    assert_eq!(got, want);
}
