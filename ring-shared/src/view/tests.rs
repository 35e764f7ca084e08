use super::*;
use crate::config::Config;
use crate::derive::Procs;
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
    let ids: Vec<&str> = view.entries.iter().map(|e| e.session_id.as_str()).collect();
    assert_eq!(ids, ["short", "long", "busy"]);
    let waiting: Vec<&str> = view.waiting().map(|e| e.session_id.as_str()).collect();
    assert_eq!(waiting, ["long", "short"]);
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
