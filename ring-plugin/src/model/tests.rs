use super::*;
use crate::settings::Settings;
use crate::source::Registry;
use ring_shared::Row;
use ring_shared::config::Config;
use ring_shared::scan::Published;
use ring_shared::scan::ScanSession;
use ring_shared::view::Snapshot;
use ring_shared::view::snapshot::SNAPSHOT_VERSION;
use rstest::rstest;

const NOW: f64 = 1_000.0;

fn row(id: &str, status: Status, idle: f64) -> Row {
    let mut row = Row::new(id);
    row.status = status;
    row.cwd = format!("/src/{id}");
    row.origin_cwd = row.cwd.clone();
    row.last_active = NOW - idle;
    if status == Status::Waiting {
        row.waiting_kind = "permission".into();
        row.waiting_detail = "Bash: cargo test".into();
    }
    row
}

fn in_pane(mut row: Row, session: &str, pane: u32) -> Row {
    row.zellij_session = Some(session.into());
    row.zellij_pane = Some(pane.to_string());
    row
}

fn panes(ids: &[u32]) -> Panes {
    Panes {
        known: true,
        terminals: ids
            .iter()
            .map(|&id| {
                let pane = PaneRef {
                    id,
                    tab_position: 0,
                    tab_name: format!("tab{id}"),
                    ..PaneRef::default()
                };
                (id, pane)
            })
            .collect(),
    }
}

const SHOWN: [Status; 3] = [Status::Waiting, Status::Working, Status::Idle];

fn view(rows: Vec<Row>, panes: &Panes, label: Label) -> View {
    let sessions = rows.into_iter().map(Session::from_hook).collect();
    let labels = BTreeMap::new();
    build(
        sessions,
        &Inputs {
            now: NOW,
            session_name: Some("main"),
            panes,
            labels: &labels,
            label,
            shown: &SHOWN,
            elsewhere: true,
        },
    )
}

#[test]
fn waiting_row_in_a_pane_of_this_session_gets_one_badge() {
    let v = view(
        vec![in_pane(row("api", Status::Waiting, 5.0), "main", 3)],
        &panes(&[1, 3]),
        Label::Project,
    );
    assert_eq!(
        v.badges,
        vec![Badge {
            pane: 3,
            label: "api".into(),
            kind: "permission".into()
        }]
    );
    assert_eq!(v.counts, vec![(Status::Waiting, 1)]);
    assert_eq!(v.entries[0].target, Some(Target::Pane(3)));
    assert_eq!(v.entries[0].location, "tab3 · pane 3");
}

#[test]
fn row_of_another_session_is_counted_without_a_badge() {
    let v = view(
        vec![in_pane(row("api", Status::Waiting, 5.0), "other", 3)],
        &panes(&[3]),
        Label::Project,
    );
    assert!(v.badges.is_empty());
    assert_eq!(v.counts, vec![(Status::Waiting, 1)]);
    assert_eq!(
        v.entries[0].target,
        Some(Target::OtherSession {
            session: "other".into(),
            pane: 3
        })
    );
}

#[rstest]
#[case::manifest_known_pane_gone(true, 0)]
#[case::manifest_not_yet_known(false, 1)]
fn row_whose_pane_is_gone_is_ended_once_the_manifest_is_known(
    #[case] known: bool,
    #[case] waiting: usize,
) {
    let mut p = panes(&[1]);
    p.known = known;
    let v = view(
        vec![in_pane(row("api", Status::Waiting, 5.0), "main", 9)],
        &p,
        Label::Project,
    );
    assert_eq!(
        v.entries
            .iter()
            .filter(|e| e.status == Status::Waiting)
            .count(),
        waiting
    );
    assert!(v.badges.is_empty());
}

#[test]
fn ended_by_a_gone_pane_is_listed_when_ended_is_shown() {
    let p = panes(&[1]);
    let labels = BTreeMap::new();
    let sessions = vec![Session::from_hook(in_pane(
        row("api", Status::Waiting, 5.0),
        "main",
        9,
    ))];
    let v = build(
        sessions,
        &Inputs {
            now: NOW,
            session_name: Some("main"),
            panes: &p,
            labels: &labels,
            label: Label::Project,
            shown: &Status::ALL,
            elsewhere: true,
        },
    );
    assert_eq!(v.counts, vec![(Status::Ended, 1)]);
}

#[test]
fn two_rows_claiming_one_pane_give_it_to_the_most_recent() {
    let v = view(
        vec![
            in_pane(row("old", Status::Waiting, 500.0), "main", 3),
            in_pane(row("new", Status::Waiting, 5.0), "main", 3),
        ],
        &panes(&[3]),
        Label::Project,
    );
    assert_eq!(v.badges.len(), 1);
    assert_eq!(v.badges[0].label, "new");
    let old = v
        .entries
        .iter()
        .find(|e| e.session_id == "old")
        .expect("old");
    assert_eq!(old.target, None);
}

#[test]
fn board_order_is_longest_waiting_first_then_most_recent() {
    let v = view(
        vec![
            row("idle1", Status::Idle, 10.0),
            row("work", Status::Working, 50.0),
            row("wait_old", Status::Waiting, 300.0),
            row("wait_new", Status::Waiting, 30.0),
            row("gone", Status::Ended, 1.0),
        ],
        &panes(&[]),
        Label::Project,
    );
    let ids: Vec<_> = v.entries.iter().map(|e| e.session_id.as_str()).collect();
    assert_eq!(ids, ["wait_old", "wait_new", "work", "idle1"]);
    assert_eq!(
        v.counts,
        vec![
            (Status::Waiting, 2),
            (Status::Working, 1),
            (Status::Idle, 1)
        ]
    );
}

#[test]
fn badges_run_longest_waiting_first() {
    let v = view(
        vec![
            in_pane(row("recent", Status::Waiting, 10.0), "main", 1),
            in_pane(row("longest", Status::Waiting, 900.0), "main", 2),
        ],
        &panes(&[1, 2]),
        Label::Project,
    );
    let labels: Vec<_> = v.badges.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["longest", "recent"]);
}

#[test]
fn tab_label_uses_the_tab_name() {
    let v = view(
        vec![in_pane(row("api", Status::Waiting, 5.0), "main", 2)],
        &panes(&[2]),
        Label::Tab,
    );
    assert_eq!(v.badges[0].label, "tab2");
}

#[test]
fn hostile_text_is_sanitized_in_every_field() {
    let mut r = row("x", Status::Waiting, 5.0);
    r.origin_cwd = "/src/\u{1b}[2Jevil#[fg=red]".into();
    r.waiting_detail = "rm -rf /\u{7}\u{1b}]0;title\u{7}".into();
    r.waiting_kind = "question\u{1b}[31m".into();
    let v = view(vec![r], &panes(&[]), Label::Project);
    let e = &v.entries[0];
    for text in [&e.project, &e.detail, &e.kind, &e.location] {
        assert!(!text.chars().any(char::is_control), "{text:?}");
    }
    assert_eq!(e.project, "evil#[fg=red]");
    assert_eq!(e.detail, "rm -rf /");
}

#[test]
fn labels_file_names_a_session() {
    let p = panes(&[]);
    let labels: BTreeMap<String, String> = [("api".to_owned(), "payments".to_owned())].into();
    let v = build(
        vec![Session::from_hook(row("api", Status::Idle, 5.0))],
        &Inputs {
            now: NOW,
            session_name: None,
            panes: &p,
            labels: &labels,
            label: Label::Project,
            shown: &SHOWN,
            elsewhere: true,
        },
    );
    assert_eq!(v.entries[0].project, "payments");
}

#[test]
fn derive_keeps_rows_when_processes_cannot_be_scanned() {
    let rows = vec![row("claude", Status::Waiting, 4000.0)];
    let sessions = read(rows, None, BTreeMap::new());
    assert_eq!(sessions[0].row.status, Status::Waiting);
}

#[test]
fn derive_promotes_a_codex_permission_wait_with_the_wall_clock() {
    let mut r = row("codex", Status::Working, 11.0);
    r.provider = "codex".into();
    r.last_event = Some("PermissionRequest".into());
    let sessions = read(vec![r], None, BTreeMap::new());
    assert_eq!(sessions[0].row.status, Status::Waiting);
}

#[test]
fn derive_drops_hidden_sessions() {
    let hidden: BTreeMap<String, f64> = [("gone".to_owned(), NOW)].into();
    let rows = vec![
        row("gone", Status::Idle, 10.0),
        row("kept", Status::Idle, 10.0),
    ];
    let sessions = read(rows, None, hidden);
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0].row.session_id, "kept");
}

/// The plugin's read of `rows` (with `published` and `hidden`) at `now`, default config.
fn read_at(
    rows: Vec<Row>,
    published: Option<Published>,
    hidden: BTreeMap<String, f64>,
    now: f64,
) -> Vec<Session> {
    let inputs = ReadInputs {
        config: Config::default(),
        snapshot: Snapshot {
            rows,
            published,
            hidden,
            ..Snapshot::default()
        },
        hosts: Vec::new(),
    };
    inputs.sessions(now)
}

fn read(
    rows: Vec<Row>,
    published: Option<Published>,
    hidden: BTreeMap<String, f64>,
) -> Vec<Session> {
    read_at(rows, published, hidden, NOW)
}

fn published(generated_at: f64) -> Vec<u8> {
    let mut zero = row("scanned", Status::Working, 3.0);
    zero.cwd = "/src/scanned".into();
    let session = Session {
        source: ring_shared::derive::Source::Scan,
        ..Session::from_hook(zero)
    };
    let doc = Published::new(
        generated_at,
        &[ScanSession {
            session,
            tail_kind: ring_shared::scan::TailKind::Working,
        }],
    );
    serde_json::to_vec(&doc).expect("serializable")
}

fn folder_with(files: &[(&str, &[u8])]) -> (tempfile::TempDir, Registry) {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("sessions")).expect("sessions");
    for (name, bytes) in files {
        if let Some(parent) = dir.path().join(name).parent() {
            std::fs::create_dir_all(parent).expect("folder");
        }
        std::fs::write(dir.path().join(name), bytes).expect("write");
    }
    let mut registry = Registry::default();
    registry.scan(dir.path());
    (dir, registry)
}

#[rstest]
#[case::fresh(NOW - 5.0, 1)]
#[case::stale(NOW - 600.0, 0)]
fn published_zero_config_rows_count_while_fresh(#[case] generated_at: f64, #[case] n: usize) {
    let (_dir, registry) = folder_with(&[("zeroconf.json", &published(generated_at))]);
    let mut inputs = ReadInputs::decode(&registry, &Settings::default(), NOW);
    inputs.snapshot.rows = vec![row("hooked", Status::Idle, 1.0)];
    assert_eq!(inputs.sessions(NOW).len(), 1 + n);
}

/// A session that ended after `ring-tmux` last published (its tombstone is newer) is
/// ended, not shown as the published row says (real Claude in zellij: `/exit` left the bar
/// at the row published while it worked for seconds); an older tombstone changes nothing.
#[rstest]
#[case::ended_after(NOW - 1.0, Status::Ended)]
#[case::ended_before(NOW - 9.0, Status::Working)]
fn a_session_end_after_the_publication_ends_its_row(#[case] ended_at: f64, #[case] want: Status) {
    let tombstone = format!("{ended_at}");
    let (_dir, registry) = folder_with(&[
        ("zeroconf.json", &published(NOW - 5.0)),
        ("sessions/.ended/scanned.json", tombstone.as_bytes()),
    ]);
    let inputs = ReadInputs::decode(&registry, &Settings::default(), NOW);
    let rows = inputs.snapshot.zero_config_rows(NOW);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].session.row.status, want);
}

#[test]
fn side_files_are_decoded_and_bad_ones_ignored() {
    let (_dir, registry) = folder_with(&[
        ("zeroconf.json", b"{not json"),
        ("labels.json", br#"{"a": "payments", "b": ""}"#),
        ("deleted_sessions.json", br#"{"gone": 100.0}"#),
        ("config.toml", b"show_all = true\n"),
        (
            "sessions/a.json",
            br#"{"session_id": "a", "status": "idle"}"#,
        ),
    ]);
    let inputs = ReadInputs::decode(&registry, &Settings::default(), NOW);
    assert!(inputs.snapshot.published.is_none());
    assert_eq!(inputs.snapshot.labels.len(), 1);
    assert_eq!(inputs.snapshot.hidden.get("gone"), Some(&100.0));
    assert!(inputs.config.show_all);
    assert_eq!(inputs.snapshot.rows.len(), 1);
}

/// The agents' own word reaches zellij through `zeroconf.json` (the plugin can read neither
/// `~/.claude/sessions` nor `/proc`): Esc on a Claude dialog sends no hook event, and the
/// published state settles the waiting row.
#[test]
fn a_published_idle_agent_settles_a_waiting_hook_row() {
    let mut waiting = row("s1", Status::Waiting, 10.0);
    waiting.last_event = Some("PermissionRequest".into());
    waiting.waiting_kind = "permission".into();
    let idle = ring_shared::agent::OwnState {
        provider: "claude-code".into(),
        session_id: "s1".into(),
        pid: 7,
        proc_start: Some(70),
        pid_domain: None,
        cwd: waiting.cwd.clone(),
        status: ring_shared::registry::OwnStatus::Idle,
        waiting_for: String::new(),
        updated_at: NOW - 2.0,
        alive: Some(true),
    };
    let doc = serde_json::json!({"generated_at": NOW - 1.0, "sessions": [], "agents": [idle]});
    let published: Published = serde_json::from_value(doc).expect("published");
    let with = |published: Option<Published>, now: f64| {
        read_at(vec![waiting.clone()], published, BTreeMap::new(), now)
    };
    assert_eq!(with(None, NOW)[0].row.status, Status::Waiting);
    assert_eq!(
        with(Some(published.clone()), NOW)[0].row.status,
        Status::Idle
    );
    assert_eq!(
        with(Some(published), NOW + ZERO_CONFIG_MAX_AGE + 2.0)[0]
            .row
            .status,
        Status::Waiting,
        "stale states go"
    );
}

#[test]
fn a_badge_draws_only_the_kinds_a_tmux_badge_draws() {
    let mut idle_prompt = in_pane(row("prompt", Status::Waiting, 10.0), "main", 1);
    idle_prompt.waiting_kind = "idle".into();
    let mut asks = in_pane(row("asks", Status::Waiting, 20.0), "main", 2);
    asks.waiting_kind = "question".into();
    let v = view(vec![idle_prompt, asks], &panes(&[1, 2]), Label::Project);
    let kinds: Vec<_> = v.badges.iter().map(|b| b.kind.as_str()).collect();
    assert_eq!(kinds, ["question", ""]);
}

/// Sessions in tmux (on any of its servers) are elsewhere from zellij: counted apart, as
/// tmux's own status segment marks another server's, unless `status_elsewhere` is off.
#[rstest]
#[case::apart(true, vec![(Status::Waiting, 1)], 2, 1)]
#[case::together(false, vec![(Status::Waiting, 2), (Status::Working, 1)], 0, 0)]
fn sessions_in_tmux_are_counted_apart_from_zellijs(
    #[case] elsewhere: bool,
    #[case] counts: Vec<(Status, usize)>,
    #[case] apart: usize,
    #[case] apart_waiting: usize,
) {
    let in_tmux = |mut row: Row, socket: &str| {
        row.tmux_socket = Some(socket.into());
        row.tmux_pane = Some("%0".into());
        row
    };
    let sessions = vec![
        in_pane(row("here", Status::Waiting, 5.0), "main", 3),
        in_tmux(row("work", Status::Waiting, 9.0), "/tmp/tmux-0/work"),
        in_tmux(row("play", Status::Working, 1.0), "/tmp/tmux-0/default"),
    ]
    .into_iter()
    .map(Session::from_hook)
    .collect();
    let v = build(
        sessions,
        &Inputs {
            now: NOW,
            session_name: Some("main"),
            panes: &panes(&[3]),
            labels: &BTreeMap::new(),
            label: Label::Project,
            shown: &SHOWN,
            elsewhere,
        },
    );
    assert_eq!(v.counts, counts);
    assert_eq!(v.elsewhere.total(), apart);
    assert_eq!(v.elsewhere.waiting, apart_waiting);
    assert_eq!(v.entries.len(), 3, "the board still lists every session");
}

mod remote_hosts;
