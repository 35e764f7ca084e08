//! Liveness (§4.3), one case per rule, including the held-back scenarios' rules.

use super::*;

type LiveCase = (&'static str, &'static str, &'static str, &'static str, f64);

/// Rows as (id, provider, cwd, tty, last_active offset); all start `idle`.
fn live_rows(rows: &[LiveCase]) -> Vec<Row> {
    rows.iter()
        .map(|&(id, provider, cwd, tty, offset)| {
            let mut row = row(id, provider, cwd, Status::Idle);
            row.tty = (!tty.is_empty()).then(|| tty.into());
            row.last_active = NOW + offset;
            row
        })
        .collect()
}

#[rstest]
#[case::no_procs_ends(
    &[("a", "claude-code", "/repo/app", "", 0.0)],
    procs(&[("claude-code", Some(&[])), ("codex", Some(&[]))]),
    &[Status::Ended],
)]
#[case::unknown_scan_keeps(
    &[("a", "claude-code", "/repo/app", "", 0.0)],
    procs(&[("claude-code", None), ("codex", Some(&[]))]),
    &[Status::Idle],
)]
#[case::missing_builtin_provider_is_unknown(
    &[("a", "codex", "/repo/app", "", 0.0)],
    procs(&[("claude-code", Some(&[]))]),
    &[Status::Idle],
)]
#[case::provider_without_detector_kept(
    &[("gemini:a", "gemini", "/repo/app", "", 0.0)],
    procs(&[("claude-code", Some(&[])), ("codex", Some(&[]))]),
    &[Status::Idle],
)]
#[case::provider_with_registered_detector_checked(
    &[("gemini:a", "gemini", "/repo/app", "", 0.0)],
    procs(&[("claude-code", Some(&[])), ("gemini", Some(&[]))]),
    &[Status::Ended],
)]
#[case::provider_specific(
    &[("a", "claude-code", "/repo/app", "", 0.0), ("codex:b", "codex", "/repo/app", "", 0.0)],
    procs(&[("claude-code", Some(&[("/repo/app", "/dev/ttys002")])), ("codex", Some(&[]))]),
    &[Status::Idle, Status::Ended],
)]
#[case::ancestor_process_keeps(
    &[("a", "claude-code", "/repo/app/sub", "", 0.0)],
    procs(&[("claude-code", Some(&[("/repo/app", "")]))]),
    &[Status::Idle],
)]
#[case::root_process_keeps_everything(
    &[("a", "claude-code", "/repo/app", "", 0.0)],
    procs(&[("claude-code", Some(&[("/", "")]))]),
    &[Status::Idle],
)]
#[case::sibling_prefix_is_no_ancestor(
    &[("a", "claude-code", "/repo/app-other", "", 0.0)],
    procs(&[("claude-code", Some(&[("/repo/app", "")]))]),
    &[Status::Ended],
)]
#[case::descendant_process_does_not_keep(
    &[("a", "claude-code", "/repo", "", 0.0)],
    procs(&[("claude-code", Some(&[("/repo/app", "")]))]),
    &[Status::Ended],
)]
#[case::realpath_joins_symlinked_cwd(
    &[("a", "claude-code", "/link/app", "", 0.0)],
    procs(&[("claude-code", Some(&[("/real/app", "")]))]),
    &[Status::Idle],
)]
#[case::single_row_kept_despite_wrong_tty(
    &[("a", "claude-code", "/repo", "/dev/pts/9", 0.0)],
    procs(&[("claude-code", Some(&[("/repo", "/dev/pts/1")]))]),
    &[Status::Idle],
)]
#[case::two_rows_tty_mismatch_ends_even_when_counts_match(
    &[("a", "claude-code", "/repo", "/dev/pts/1", 0.0), ("b", "claude-code", "/repo", "/dev/pts/9", 1.0)],
    procs(&[("claude-code", Some(&[("/repo", "/dev/pts/1"), ("/repo", "/dev/pts/2")]))]),
    &[Status::Idle, Status::Ended],
)]
#[case::rows_without_tty_survive_tty_rule(
    &[("a", "claude-code", "/repo", "", 0.0), ("b", "claude-code", "/repo", "", 1.0)],
    procs(&[("claude-code", Some(&[("/repo", "/dev/pts/1"), ("/repo", "/dev/pts/2")]))]),
    &[Status::Idle, Status::Idle],
)]
#[case::count_cap_keeps_newest(
    &[("a", "codex", "/repo", "/dev/ttys004", 0.0), ("b", "codex", "/repo", "/dev/ttys004", 10.0)],
    procs(&[("codex", Some(&[("/repo", "/dev/ttys004")]))]),
    &[Status::Ended, Status::Idle],
)]
#[case::count_cap_without_ttys(
    &[("a", "claude-code", "/repo", "", 5.0), ("b", "claude-code", "/repo", "", 1.0), ("c", "claude-code", "/repo", "", 9.0)],
    procs(&[("claude-code", Some(&[("/repo", ""), ("/repo", "")]))]),
    &[Status::Idle, Status::Ended, Status::Idle],
)]
#[case::count_cap_tie_keeps_earlier_row(
    &[("a", "claude-code", "/repo", "", 0.0), ("b", "claude-code", "/repo", "", 0.0)],
    procs(&[("claude-code", Some(&[("/repo", "")]))]),
    &[Status::Idle, Status::Ended],
)]
#[case::tty_rule_then_cap_counts_only_open_rows(
    &[("a", "claude-code", "/repo", "/dev/pts/9", 9.0), ("b", "claude-code", "/repo", "", 1.0), ("c", "claude-code", "/repo", "", 2.0)],
    procs(&[("claude-code", Some(&[("/repo", "/dev/pts/1"), ("/repo", "")]))]),
    &[Status::Ended, Status::Idle, Status::Idle],
)]
#[case::empty_cwd_row_ends_without_matching_proc(
    &[("a", "claude-code", "", "", 0.0)],
    procs(&[("claude-code", Some(&[("/", "")]))]),
    &[Status::Ended],
)]
#[case::claude_alias_is_claude_code(
    &[("a", "claude", "/repo", "", 0.0)],
    procs(&[("claude-code", Some(&[]))]),
    &[Status::Ended],
)]
fn liveness_ends_rows_whose_process_is_gone(
    #[case] rows: &[LiveCase],
    #[case] procs: Procs,
    #[case] expected: &[Status],
) {
    let derived = run(live_rows(rows), &procs, &Config::default(), 0.0);
    let got: Vec<Status> = derived.sessions.iter().map(|s| s.row.status).collect();
    assert_eq!(got, expected);
}

#[test]
fn liveness_keeps_waiting_kind_and_detail_when_ending() {
    let mut row = row("a", "claude-code", "/repo", Status::Waiting);
    row.waiting_kind = "permission".into();
    row.waiting_detail = "Bash: ls".into();
    let derived = run(
        vec![row],
        &procs(&[("claude-code", Some(&[]))]),
        &Config::default(),
        0.0,
    );
    let row = &derived.sessions[0].row;
    assert_eq!(
        (row.status, row.waiting_kind.as_str()),
        (Status::Ended, "permission")
    );
    assert_eq!(row.waiting_detail, "Bash: ls");
}

/// A live Claude process with this pid and start time in `/repo/app`.
fn claude_proc(pid: Option<i64>, start: Option<i64>) -> Procs {
    let mut procs = procs(&[("claude-code", Some(&[("/repo/app", "/dev/pts/1")]))]);
    if let Some(Some(list)) = procs.by_provider.get_mut("claude-code") {
        list[0].pid = pid;
        list[0].start = start;
    }
    procs
}

/// ring's rows name their own agent process (pid and start time): a row lives exactly as
/// long as it, whoever else runs in the folder (real-agent suite, claude kill9: the old
/// session must not come back beside the new one as a phantom wait).
#[rstest]
#[case::its_process_runs(Some(7), Some(100), Some((7, 100)), Status::Waiting)]
#[case::another_process_in_its_folder(Some(8), Some(100), Some((7, 100)), Status::Ended)]
#[case::its_pid_reused_later(Some(7), Some(250), Some((7, 100)), Status::Ended)]
#[case::scan_without_pids_keeps_folder_rules(None, None, Some((7, 100)), Status::Waiting)]
#[case::row_without_start_keeps_folder_rules(Some(8), Some(100), None, Status::Waiting)]
fn a_row_with_its_agent_pid_lives_as_long_as_that_process(
    #[case] pid: Option<i64>,
    #[case] start: Option<i64>,
    #[case] own: Option<(i64, i64)>,
    #[case] want: Status,
) {
    let mut row = row("old", "claude-code", "/repo/app", Status::Waiting);
    row.agent_pid = own.map(|(p, _)| p);
    row.agent_start = own.map(|(_, s)| s);
    let derived = run(vec![row], &claude_proc(pid, start), &Config::default(), 0.0);
    assert_eq!(derived.sessions[0].row.status, want);
}

/// A scan published for a reader that cannot scan (the zellij plugin, §4.3 "a published
/// scan"): it ends a row whose own process it does not find, when the row is older than the
/// scan; a row written after it, or one judged by folder rules, is kept.
#[rstest]
#[case::its_process_is_gone(Some((9, 100)), 10.0, Status::Ended)]
#[case::its_process_runs(Some((7, 100)), 10.0, Status::Waiting)]
#[case::written_after_the_scan(Some((9, 100)), 30.0, Status::Waiting)]
#[case::no_pid_no_folder_rules(None, 10.0, Status::Waiting)]
fn a_published_scan_judges_only_older_rows_by_their_own_process(
    #[case] own: Option<(i64, i64)>,
    #[case] written_at: f64,
    #[case] want: Status,
) {
    let mut procs = claude_proc(Some(7), Some(100));
    procs.as_of = Some(20.0);
    // The folder rules alone would end this row: its folder has no Claude.
    let mut row = row("s", "claude-code", "/elsewhere", Status::Waiting);
    row.agent_pid = own.map(|(p, _)| p);
    row.agent_start = own.map(|(_, s)| s);
    row.last_active = written_at;
    row.heartbeat_at = written_at;
    let derived = run(vec![row], &procs, &Config::default(), 40.0);
    assert_eq!(derived.sessions[0].row.status, want);
}
