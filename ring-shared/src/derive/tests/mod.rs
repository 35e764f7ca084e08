use super::*;
use rstest::rstest;

const NOW: f64 = 1_700_000_000.0;

fn row(id: &str, provider: &str, cwd: &str, status: Status) -> Row {
    let mut row = Row::new(id);
    row.provider = provider.into();
    row.cwd = cwd.into();
    row.origin_cwd = cwd.into();
    row.status = status;
    row.last_active = NOW;
    row.heartbeat_at = NOW;
    row
}

/// (cwd, tty) pairs; `""` = no tty.
type ProcList<'a> = &'a [(&'a str, &'a str)];

fn procs(entries: &[(&str, Option<ProcList<'_>>)]) -> Procs {
    Procs {
        by_provider: entries
            .iter()
            .map(|(provider, list)| {
                let list = list.map(|list| {
                    list.iter()
                        .map(|(cwd, tty)| Proc {
                            cwd: (*cwd).into(),
                            tty: (!tty.is_empty()).then(|| (*tty).into()),
                            ..Default::default()
                        })
                        .collect()
                });
                ((*provider).to_owned(), list)
            })
            .collect(),
        background_agent_ids: BTreeSet::new(),
        local_llm: Vec::new(),
        ..Procs::default()
    }
}

/// Runs [`derive`] at `NOW + advance` with identity realpath and no transcript files.
fn run(rows: Vec<Row>, procs: &Procs, config: &Config, advance: f64) -> Derived {
    run_with(rows, procs, config, &BTreeMap::new(), advance, &|_| None)
}

fn run_with(
    rows: Vec<Row>,
    procs: &Procs,
    config: &Config,
    hidden: &BTreeMap<String, f64>,
    advance: f64,
    mtime: &dyn Fn(&str) -> Option<f64>,
) -> Derived {
    let ctx = ReadContext {
        now: NOW + advance,
        config,
        procs,
        hidden,
        source_mtime: mtime,
        realpath: &|path: &str| path.replace("/link", "/real"),
    };
    derive(rows, &ctx)
}

fn statuses(derived: &Derived) -> Vec<(String, Status)> {
    derived
        .sessions
        .iter()
        .map(|s| (s.row.session_id.clone(), s.row.status))
        .collect()
}

fn codex_permission_row(stash: Option<&str>) -> Row {
    let mut row = row("codex:t1", "codex", "/repo", Status::Working);
    row.last_event = Some("PermissionRequest".into());
    row.pending_permission_detail = stash.map(Into::into);
    row.waiting_detail = "old".into();
    row
}

#[rstest]
#[case::at_threshold_still_working(10.0, 10, Status::Working)]
#[case::past_threshold_waiting(10.5, 10, Status::Waiting)]
#[case::disabled_by_zero(3600.0, 0, Status::Working)]
#[case::disabled_by_negative(3600.0, -1, Status::Working)]
#[case::custom_threshold_not_reached(30.0, 60, Status::Working)]
#[case::custom_threshold_passed(61.0, 60, Status::Waiting)]
fn codex_permission_request_is_promoted_strictly_after_threshold(
    #[case] advance: f64,
    #[case] threshold: i64,
    #[case] expected: Status,
) {
    let config = Config {
        codex_permission_wait_seconds: threshold,
        ..Config::default()
    };
    let derived = run(
        vec![codex_permission_row(None)],
        &Procs::default(),
        &config,
        advance,
    );
    assert_eq!(derived.sessions[0].row.status, expected);
}

#[rstest]
#[case::stash_becomes_detail(Some("Bash: cp a b"), "Bash: cp a b")]
#[case::empty_stash_keeps_detail(Some(""), "old")]
#[case::no_stash_keeps_detail(None, "old")]
fn codex_promotion_takes_stash_without_ttl(#[case] stash: Option<&str>, #[case] expected: &str) {
    let mut row = codex_permission_row(stash);
    row.pending_permission_detail_at = Some(NOW - 3600.0);
    let derived = run(vec![row], &Procs::default(), &Config::default(), 11.0);
    let row = &derived.sessions[0].row;
    assert_eq!(row.waiting_kind, "permission");
    assert_eq!(row.waiting_detail, expected);
}

#[rstest]
#[case::claude_not_promoted("claude-code", "PermissionRequest", Status::Working)]
#[case::codex_other_event("codex", "PreToolUse", Status::Working)]
fn only_codex_permission_requests_are_promoted(
    #[case] provider: &str,
    #[case] event: &str,
    #[case] expected: Status,
) {
    let mut row = row("x", provider, "/repo", Status::Working);
    row.last_event = Some(event.into());
    let derived = run(vec![row], &Procs::default(), &Config::default(), 3600.0);
    assert_eq!(derived.sessions[0].row.status, expected);
}

#[rstest]
#[case::bare_old_ends(None, Some("SessionStart"), 120.5, Status::Ended)]
#[case::bare_at_limit_stays(None, Some("SessionStart"), 120.0, Status::Working)]
#[case::empty_tty_is_bare(Some(""), Some("SessionStart"), 121.0, Status::Ended)]
#[case::with_tty_stays(Some("/dev/pts/1"), Some("SessionStart"), 999.0, Status::Working)]
#[case::no_last_event_stays(None, None, 999.0, Status::Working)]
#[case::other_event_stays(None, Some("PreToolUse"), 999.0, Status::Working)]
fn bare_session_start_ends_after_two_minutes(
    #[case] tty: Option<&str>,
    #[case] event: Option<&str>,
    #[case] advance: f64,
    #[case] expected: Status,
) {
    let mut row = row("s", "claude-code", "/repo", Status::Working);
    row.tty = tty.map(Into::into);
    row.last_event = event.map(Into::into);
    let derived = run(vec![row], &Procs::default(), &Config::default(), advance);
    assert_eq!(derived.sessions[0].row.status, expected);
}

#[rstest]
#[case::working_transcript_ahead(Status::Working, "/t.jsonl", NOW, Some(NOW + 61.0), true)]
#[case::waiting_transcript_ahead(Status::Waiting, "/t.jsonl", NOW, Some(NOW + 61.0), true)]
#[case::exactly_sixty_not_stale(Status::Working, "/t.jsonl", NOW, Some(NOW + 60.0), false)]
#[case::idle_never_stale(Status::Idle, "/t.jsonl", NOW, Some(NOW + 600.0), false)]
#[case::no_source_path(Status::Working, "", NOW, Some(NOW + 600.0), false)]
#[case::missing_file(Status::Working, "/t.jsonl", NOW, None, false)]
#[case::zero_heartbeat(Status::Working, "/t.jsonl", 0.0, Some(NOW), false)]
fn hook_stale_when_transcript_outruns_heartbeat(
    #[case] status: Status,
    #[case] source_path: &str,
    #[case] heartbeat: f64,
    #[case] mtime: Option<f64>,
    #[case] expected: bool,
) {
    let mut row = row("s", "claude-code", "/repo", status);
    row.source_path = source_path.into();
    row.heartbeat_at = heartbeat;
    let derived = run_with(
        vec![row],
        &Procs::default(),
        &Config::default(),
        &BTreeMap::new(),
        0.0,
        &|_| mtime,
    );
    assert_eq!(derived.sessions[0].hook_stale, expected);
}

#[test]
fn background_agents_skip_liveness_and_idle_ones_end() {
    let mut procs = procs(&[("claude-code", Some(&[])), ("codex", Some(&[]))]);
    procs.background_agent_ids = ["agent-idle".to_owned(), "agent-busy".to_owned()].into();
    let rows = vec![
        row("agent-busy", "claude-code", "/repo/app", Status::Working),
        row("agent-idle", "claude-code", "/repo/app", Status::Idle),
    ];
    let derived = run(rows, &procs, &Config::default(), 1.0);
    assert_eq!(
        statuses(&derived),
        [
            ("agent-busy".to_owned(), Status::Working),
            ("agent-idle".to_owned(), Status::Ended)
        ]
    );
    assert!(derived.sessions.iter().all(|s| s.kind == Some("agent")));
}

#[test]
fn hook_sessions_leave_background_idle_rows_idle() {
    let mut procs = procs(&[("claude-code", Some(&[]))]);
    procs.background_agent_ids = ["agent-idle".to_owned()].into();
    let config = Config::default();
    let ctx = ReadContext {
        now: NOW,
        config: &config,
        procs: &procs,
        hidden: &BTreeMap::new(),
        source_mtime: &|_| None,
        realpath: &|p: &str| p.to_owned(),
    };
    let sessions = hook_sessions(
        vec![row("agent-idle", "claude-code", "/r", Status::Idle)],
        &ctx,
    );
    assert_eq!(
        (sessions[0].row.status, sessions[0].kind),
        (Status::Idle, None)
    );
}

#[rstest]
#[case::hidden_after_activity_dropped(NOW + 5.0, &[], &[])]
#[case::hidden_at_same_time_dropped(NOW, &[], &[])]
#[case::newer_activity_unhides(NOW - 5.0, &["s1"], &["s1"])]
fn hidden_sessions_are_dropped_unless_active_since(
    #[case] hidden_at: f64,
    #[case] expected_ids: &[&str],
    #[case] expected_unhide: &[&str],
) {
    let hidden: BTreeMap<String, f64> = [("s1".to_owned(), hidden_at)].into();
    let rows = vec![
        row("s1", "claude-code", "/r", Status::Idle),
        row("s2", "claude-code", "/r", Status::Idle),
    ];
    let derived = run_with(
        rows,
        &Procs::default(),
        &Config::default(),
        &hidden,
        0.0,
        &|_| None,
    );
    let mut ids: Vec<&str> = expected_ids.to_vec();
    ids.push("s2");
    let got: Vec<&str> = derived
        .sessions
        .iter()
        .map(|s| s.row.session_id.as_str())
        .collect();
    assert_eq!(got, ids);
    assert_eq!(derived.unhide, expected_unhide);
}

#[rstest]
#[case::bound_pane(Some("%2"), None, Some("/tmp/tmux-0/default"), Some("main:1.1"))]
#[case::gone_pane(Some("%99"), None, Some("/tmp/tmux-0/default"), None)]
#[case::no_pane_no_guess(None, None, Some("/tmp/tmux-0/default"), None)]
#[case::same_socket(
    Some("%2"),
    Some("/tmp/tmux-0/default"),
    Some("/tmp/tmux-0/default"),
    Some("main:1.1")
)]
#[case::other_socket_not_mapped(
    Some("%2"),
    Some("/tmp/tmux-0/other"),
    Some("/tmp/tmux-0/default"),
    None
)]
#[case::unknown_server_socket(Some("%2"), Some("/tmp/tmux-0/other"), None, Some("main:1.1"))]
fn tmux_targets_come_from_the_row_pane_only(
    #[case] pane: Option<&str>,
    #[case] row_socket: Option<&str>,
    #[case] server_socket: Option<&str>,
    #[case] expected: Option<&str>,
) {
    let panes = [
        ("%1".to_owned(), "main:1.0".to_owned()),
        ("%2".to_owned(), "main:1.1".to_owned()),
    ];
    let mut row = row("s", "claude-code", "/repo/app", Status::Idle);
    row.tmux_pane = pane.map(Into::into);
    row.tmux_socket = row_socket.map(Into::into);
    let mut sessions = vec![Session::from_hook(row)];
    map_tmux_targets(&mut sessions, server_socket, &panes);
    assert_eq!(sessions[0].tmux_target.as_deref(), expected);
}

#[test]
fn agent_processes_count_known_scans_only() {
    let procs = procs(&[
        ("claude-code", Some(&[("/a", ""), ("/b", "")])),
        ("codex", None),
        ("gemini", Some(&[("/c", "")])),
    ]);
    assert_eq!(procs.agent_processes(), 3);
}

mod liveness;
mod superseded;

#[test]
fn every_source_serializes_as_its_json_value_and_back() {
    for source in Source::ALL {
        let json = serde_json::to_string(&source).expect("serializes");
        assert_eq!(json, format!("\"{}\"", source.as_str()));
        assert_eq!(serde_json::from_str::<Source>(&json).ok(), Some(source));
    }
    assert!(serde_json::from_str::<Source>("\"nope\"").is_err());
}
