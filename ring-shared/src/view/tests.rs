use super::*;
use crate::config::Config;
use crate::derive::{Procs, Source};
use rstest::rstest;

const NOW: f64 = 1_700_000_000.0;

fn row(id: &str, status: Status, idle: f64) -> Row {
    let mut row = Row::new(id);
    row.status = status;
    row.last_active = NOW - idle;
    row.cwd = format!("/home/u/{id}");
    row
}

fn view_of(rows: Vec<Row>, labels: &BTreeMap<String, String>, all: bool) -> View {
    let sessions = rows.into_iter().map(Session::from_hook).collect();
    View::build(
        sessions,
        &Options {
            now: NOW,
            all,
            agent_processes: 0,
            labels,
            home: "/home/u",
        },
    )
}

#[rstest]
#[case::waiting_detail(
    Status::Waiting,
    "Bash: rm -rf build",
    "approval",
    "→ Edit",
    "Bash: rm -rf build"
)]
#[case::waiting_for_when_no_detail(Status::Waiting, "", "approval", "→ Edit", "approval")]
#[case::last_action_when_nothing_waited_on(Status::Waiting, "", "", "→ Edit", "→ Edit")]
#[case::working_shows_the_last_action(
    Status::Working,
    "stale detail",
    "approval",
    "→ Edit",
    "→ Edit"
)]
#[case::idle_shows_the_last_action(Status::Idle, "stale", "", "", "")]
fn one_detail_rule(
    #[case] status: Status,
    #[case] waiting_detail: &str,
    #[case] waiting_for: &str,
    #[case] last_action: &str,
    #[case] expected: &str,
) {
    let mut r = row("s", status, 1.0);
    r.waiting_detail = waiting_detail.into();
    r.waiting_for = waiting_for.into();
    r.last_action = last_action.into();
    assert_eq!(detail(&r), expected);
    let view = view_of(vec![r], &BTreeMap::new(), true);
    assert_eq!(view.entries[0].detail, expected);
}

#[test]
fn the_label_names_a_session_and_the_project_stays() {
    let labels = [("a".to_owned(), "重構".to_owned())].into();
    let view = view_of(
        vec![row("a", Status::Idle, 1.0), row("b", Status::Idle, 2.0)],
        &labels,
        false,
    );
    let names: Vec<(&str, &str, &str)> = view
        .entries
        .iter()
        .map(|e| (e.name(), e.label.as_str(), e.project.as_str()))
        .collect();
    assert_eq!(names, [("重構", "重構", "a"), ("b", "", "b")]);
    assert_eq!(view.entries[0].location, "~/a");
}

#[test]
fn counts_order_and_longest_waiting() {
    let mut long = row("long", Status::Waiting, 90.0);
    long.waiting_kind = "permission".into();
    let view = view_of(
        vec![
            row("short", Status::Waiting, 3.0),
            row("busy", Status::Working, 1.0),
            long,
            row("gone", Status::Ended, 1.0),
        ],
        &BTreeMap::new(),
        false,
    );
    // One order for who's next (issue 24 item 5): every front end lists the waiting
    // sessions as `jump` and the segment take them, longest-waiting first.
    let ids: Vec<&str> = view.entries.iter().map(|e| e.session_id.as_str()).collect();
    assert_eq!(ids, ["long", "short", "busy"]);
    let waiting: Vec<&str> = view.waiting().map(|e| e.session_id.as_str()).collect();
    assert_eq!(waiting, ["long", "short"]);
    // RiNG's JSON board keeps RiNG's order: rank, then idle seconds ascending.
    let json = crate::format::json_value(&view);
    let json_ids: Vec<&str> = json["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .filter_map(|s| s["session_id"].as_str())
        .collect();
    assert_eq!(json_ids, ["short", "long", "busy"]);
    assert_eq!(
        view.counts,
        Counts {
            waiting: 2,
            working: 1,
            ..Counts::default()
        }
    );
    let longest = view.longest_waiting().expect("a waiting session");
    assert_eq!(longest.badge_kind(), Some(Kind::Permission));
    assert_eq!(longest.waiting_kind().map(Kind::icon), Some("🔐"));
}

#[rstest]
#[case::permission(Status::Waiting, "permission", Some(Badge { state: Status::Waiting, kind: Some(Kind::Permission) }))]
#[case::plan(Status::Waiting, "plan", Some(Badge { state: Status::Waiting, kind: Some(Kind::Plan) }))]
#[case::idle_kind_is_not_badged(Status::Waiting, "idle", Some(Badge { state: Status::Waiting, kind: None }))]
#[case::unknown_kind(Status::Waiting, "#{x}", Some(Badge { state: Status::Waiting, kind: None }))]
#[case::working_drops_the_kind(Status::Working, "question", Some(Badge { state: Status::Working, kind: None }))]
#[case::ended_has_no_badge(Status::Ended, "permission", None)]
fn badges(#[case] status: Status, #[case] kind: &str, #[case] expected: Option<Badge>) {
    assert_eq!(Badge::of(status, kind), expected);
}

#[test]
fn the_kind_table_is_in_enum_order_and_names_round_trip() {
    for (i, info) in KINDS.iter().enumerate() {
        assert_eq!(info.kind as usize, i);
        assert_eq!(Kind::parse(info.name), Some(info.kind));
        assert_eq!(info.kind.name(), info.name);
        let json = serde_json::to_string(&info.kind).expect("serializes");
        assert_eq!(json, format!("\"{}\"", info.name));
    }
    let badged: Vec<&str> = Kind::badged().map(Kind::name).collect();
    assert_eq!(badged, ["permission", "question", "plan"]);
    assert_eq!(icon("idle"), "\u{23F8}");
    assert_eq!(icon(""), "");
}

#[test]
fn the_view_serializes_with_stable_names_and_reads_back() {
    let mut r = row("a", Status::Waiting, 5.0);
    r.waiting_kind = "question".into();
    r.todo = Some((1, 2));
    let view = view_of(vec![r], &BTreeMap::new(), false);
    let value = serde_json::to_value(&view).expect("serializes");
    let top: Vec<&str> = value
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        top,
        [
            "generated_at",
            "agent_processes",
            "counts",
            "entries",
            "waiting"
        ]
    );
    assert_eq!(value["entries"][0]["status"], "waiting");
    assert_eq!(value["entries"][0]["source"], "hook");
    assert_eq!(
        value["entries"][0]["badge"],
        serde_json::json!({"state": "waiting", "kind": "question"})
    );
    let back: View = serde_json::from_value(value).expect("reads back");
    assert_eq!(back, view);
}

#[test]
fn sessions_run_the_read_rules_and_merge_zero_config_rows() {
    // A Codex row waiting on a permission longer than the threshold is promoted (§4.2 a);
    // a hidden row stays hidden; a zero-config row of its own joins the board.
    let mut codex = row("codex:t", Status::Working, 600.0);
    codex.provider = "codex".into();
    codex.last_event = Some("PermissionRequest".into());
    let hidden_row = row("h", Status::Idle, 900.0);
    let mut scanned = Session::from_hook(row("scan-1", Status::Idle, 4.0));
    scanned.source = Source::Scan;
    let procs = Procs {
        by_provider: [("claude-code".to_owned(), None), ("codex".to_owned(), None)].into(),
        ..Procs::default()
    };
    let hidden = [("h".to_owned(), NOW - 10.0)].into();
    let config = Config::default();
    let read = sessions(Inputs {
        ctx: ReadContext {
            now: NOW,
            config: &config,
            procs: &procs,
            hidden: &hidden,
            source_mtime: &|_| None,
            realpath: &|p| p.to_owned(),
        },
        rows: vec![codex, hidden_row],
        zero_config: ZeroConfig::Rows(vec![ScanSession {
            session: scanned,
            tail_kind: scan::TailKind::None,
        }]),
        agents: &[],
    });
    let got: Vec<(&str, Status, &str)> = read
        .sessions
        .iter()
        .map(|s| {
            (
                s.row.session_id.as_str(),
                s.row.status,
                s.row.waiting_kind.as_str(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("codex:t", Status::Waiting, "permission"),
            ("scan-1", Status::Idle, "")
        ]
    );
    assert!(read.unhide.is_empty());
}

/// The read the zellij plugin makes: every detector unknown, no transcript mtimes.
fn read_at(rows: &[Row], config: &Config, now: f64) -> Read {
    let procs = Procs {
        by_provider: [("claude-code".to_owned(), None), ("codex".to_owned(), None)].into(),
        ..Procs::default()
    };
    sessions(Inputs {
        ctx: ReadContext {
            now,
            config,
            procs: &procs,
            hidden: &BTreeMap::new(),
            source_mtime: &|_| None,
            realpath: &|p| p.to_owned(),
        },
        rows: rows.to_vec(),
        zero_config: ZeroConfig::None,
        agents: &[],
    })
}

/// What a front end draws of a view, but the idle times: ids in board order with their
/// status, kind and detail, and the waiting order.
type Drawn = (Vec<(String, Status, String, String)>, Vec<usize>);

fn drawn(read: Read, now: f64) -> Drawn {
    let view = View::build(
        read.sessions,
        &Options {
            now,
            all: true,
            agent_processes: 0,
            labels: &BTreeMap::new(),
            home: "",
        },
    );
    let entries = view
        .entries
        .into_iter()
        .map(|e| (e.session_id, e.status, e.kind, e.detail))
        .collect();
    (entries, view.waiting)
}

#[rstest]
#[case::codex_permission_wait("codex", "PermissionRequest", Some("/dev/pts/1"), 4.0, Some(10.0))]
#[case::bare_session_start("claude-code", "SessionStart", None, 30.0, Some(120.0))]
#[case::a_session_start_with_a_terminal_stays(
    "claude-code",
    "SessionStart",
    Some("/dev/pts/1"),
    30.0,
    None
)]
#[case::a_claude_permission_request_waits_already(
    "claude-code",
    "PermissionRequest",
    None,
    4.0,
    None
)]
#[case::a_rule_already_applied("codex", "PermissionRequest", None, 50.0, None)]
#[case::one_session_ahead_of_the_clock_stays_first("claude-code", "Stop", None, -7.0, None)]
fn the_next_change_is_the_first_pending_deadline(
    #[case] provider: &str,
    #[case] last_event: &str,
    #[case] tty: Option<&str>,
    #[case] idle: f64,
    #[case] after: Option<f64>,
) {
    let mut r = row("s", Status::Working, idle);
    r.provider = provider.into();
    r.last_event = Some(last_event.into());
    r.tty = tty.map(str::to_owned);
    // A steady neighbour, so that board order can change too.
    let rows = vec![row("n", Status::Working, 1.0), r.clone()];
    let config = Config::default();
    let read = read_at(&rows, &config, NOW);
    let due = after.map(|after| r.last_active + after);
    assert_eq!(read.next_change_at, due);
    if let Some(due) = due {
        let before = drawn(read, NOW);
        assert_eq!(
            drawn(read_at(&rows, &config, due - 0.25), due - 0.25),
            before
        );
        assert_ne!(
            drawn(read_at(&rows, &config, due + 0.25), due + 0.25),
            before
        );
    }
}

#[test]
fn two_sessions_ahead_of_the_clock_tie_until_it_passes_the_first() {
    let rows = vec![row("n", Status::Idle, -3.0), row("s", Status::Idle, -7.0)];
    let config = Config::default();
    let read = read_at(&rows, &config, NOW);
    assert_eq!(read.next_change_at, Some(NOW + 3.0));
    let before = drawn(read, NOW);
    assert_eq!(
        drawn(read_at(&rows, &config, NOW + 2.75), NOW + 2.75),
        before
    );
    assert_ne!(
        drawn(read_at(&rows, &config, NOW + 3.25), NOW + 3.25),
        before
    );
}

proptest::proptest! {
    /// Any board of hook rows reads the same (but its idle times) at every time before its
    /// `next_change_at`: a front end that re-derives only then misses nothing.
    #[test]
    fn nothing_changes_before_the_next_change(
        rows in proptest::collection::vec(
            (
                crate::testing::hook_row(NOW, 2),
                proptest::sample::select(&["claude-code", "codex", "ollama", "other"][..]),
                proptest::sample::select(&["PermissionRequest", "SessionStart", "Stop", ""][..]),
                proptest::bool::ANY,
                -300.0f64..400.0,
            ),
            0..8,
        ),
        wait in 0i64..200,
        later in 0.0f64..1.0,
    ) {
        let rows: Vec<Row> = rows
            .into_iter()
            .map(|(mut row, provider, event, tty, idle)| {
                row.provider = provider.into();
                row.last_event = (!event.is_empty()).then(|| event.to_owned());
                row.tty = tty.then(|| "/dev/pts/3".to_owned());
                row.last_active = NOW - idle;
                row
            })
            .collect();
        let config = Config { codex_permission_wait_seconds: wait, ..Config::default() };
        let read = read_at(&rows, &config, NOW);
        let until = read.next_change_at.unwrap_or(NOW + 1_000.0);
        proptest::prop_assert!(until >= NOW);
        let at = NOW + (until - NOW) * later;
        let before = drawn(read, NOW);
        proptest::prop_assert_eq!(drawn(read_at(&rows, &config, at), at), before);
    }
}

#[rstest]
#[case::seconds(0.0, 1.0)]
#[case::within_a_second(41.7, 42.0)]
#[case::the_last_second(59.5, 60.0)]
#[case::minutes(60.0, 120.0)]
#[case::within_a_minute(185.0, 240.0)]
#[case::hours(3_725.0, 3_780.0)]
#[case::negative(-5.0, 1.0)]
#[case::not_a_number(f64::NAN, 1.0)]
fn the_idle_text_changes_at_the_next_step(#[case] idle: f64, #[case] next: f64) {
    use crate::format::{relative_time, relative_time_next};
    assert_eq!(relative_time_next(idle), next);
    assert_ne!(relative_time(next), relative_time(idle));
    assert_eq!(relative_time(next - 0.001), relative_time(idle.max(0.0)));
}

#[test]
fn a_garbage_idle_time_has_a_next_step_far_ahead() {
    for idle in [f64::INFINITY, f64::MAX, 1e300] {
        assert!(crate::format::relative_time_next(idle) >= 1e18);
    }
}

/// §3.16: a subagent's wait says who waits, in the detail every front end draws, and `json`
/// lists every wait; the foreground's own wait says nothing more.
#[test]
fn a_subagents_wait_names_the_subagent_and_json_lists_every_wait() {
    use crate::owner::Wait;
    let wait = |owner: &str, agent_type: &str, detail: &str| Wait {
        owner: owner.into(),
        kind: "permission".into(),
        detail: detail.into(),
        waiting_for: String::new(),
        since: NOW - 5.0,
        revision: format!("rev-{owner}"),
        tool_use_id: String::new(),
        agent_type: agent_type.into(),
    };
    let mut sub = row("sub", Status::Waiting, 1.0);
    sub.waiting_kind = "permission".into();
    sub.waiting_detail = "Bash: rm -rf build".into();
    sub.waiting_agent_id = Some("a1".into());
    sub.waiting_requests = Some(vec![wait("agent:a1", "reviewer", "Bash: rm -rf build")]);
    let mut own = row("own", Status::Waiting, 2.0);
    own.waiting_detail = "Which db?".into();
    own.waiting_requests = Some(vec![
        wait("agent:a1", "reviewer", "Bash: ls"),
        wait("foreground", "", "Which db?"),
    ]);
    // Who waits is said in the reader's language; the JSON below stays the row's.
    let chinese = crate::i18n::with_lang(crate::i18n::Lang::ZhHant, || {
        view_of(vec![sub.clone()], &BTreeMap::new(), false).entries[0]
            .detail
            .clone()
    });
    assert_eq!(chinese, "子代理 reviewer：Bash: rm -rf build");
    let view = view_of(vec![sub, own], &BTreeMap::new(), false);
    let by = |id: &str| view.entries.iter().find(|e| e.session_id == id).expect(id);
    let who = crate::t!("waiter-subagent", name = "reviewer");
    assert_eq!(by("sub").detail, format!("{who}: Bash: rm -rf build"));
    assert_eq!(by("sub").waiter, Some(who));
    assert_eq!(by("own").detail, "Which db?");
    assert_eq!(by("own").waiter, None);
    let board = crate::format::json_value(&view);
    let own_json = board["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .find(|s| s["session_id"] == "own")
        .expect("own");
    assert_eq!(
        own_json["waiting_requests"],
        serde_json::json!([
            {"id": "rev-agent:a1", "owner": "agent:a1", "kind": "permission", "detail": "Bash: ls", "agent_type": "reviewer"},
            {"id": "rev-foreground", "owner": "foreground", "kind": "permission", "detail": "Which db?", "agent_type": ""}
        ])
    );
}
