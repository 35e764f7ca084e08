use super::*;
use crate::derive::Proc;
use crate::registry::Status;
use crate::scan::TailKind;
use crate::view::View;

const NOW: f64 = 1_700_000_000.0;

fn row(id: &str, status: Status, idle: f64) -> Row {
    let mut row = Row::new(id);
    row.status = status;
    row.last_active = NOW - idle;
    row.heartbeat_at = NOW - idle;
    row.cwd = format!("/home/u/{id}");
    row.tty = Some("/dev/pts/3".into());
    row
}

fn codex_permission(idle: f64) -> Row {
    let mut r = row("codex:t1", Status::Working, idle);
    r.provider = "codex".into();
    r.last_event = Some("PermissionRequest".into());
    r.pending_permission_detail = Some("Bash: cargo publish".into());
    r
}

fn snapshot(rows: Vec<Row>) -> Snapshot {
    Snapshot {
        version: SNAPSHOT_VERSION,
        generated_at: NOW,
        rows,
        home: "/home/u".into(),
        ..Snapshot::default()
    }
}

fn statuses(view: &View) -> Vec<(&str, Status)> {
    view.entries
        .iter()
        .map(|e| (e.session_id.as_str(), e.status))
        .collect()
}

#[test]
fn a_snapshot_survives_its_json() {
    let mut s = snapshot(vec![row("a", Status::Waiting, 5.0), codex_permission(1.0)]);
    s.labels.insert("a".into(), "payments".into());
    s.hidden.insert("gone".into(), NOW - 100.0);
    s.config = "show_all = true\n".into();
    s.tmux_targets.insert("a".into(), "work:1.2".into());
    s.procs = Some(Procs::default());
    let back = Snapshot::from_json(&s.to_json()).expect("own JSON parses");
    assert_eq!(back, s);
}

#[test]
fn rows_are_the_row_files_objects() {
    let s = snapshot(vec![row("a", Status::Waiting, 5.0)]);
    let value: serde_json::Value = serde_json::from_str(&s.to_json()).expect("json");
    let expected: serde_json::Value =
        serde_json::from_str(&encode_row(&s.rows[0])).expect("row json");
    assert_eq!(value["rows"][0], expected);
}

#[test]
fn a_codex_wait_is_promoted_by_the_clock_alone() {
    let s = snapshot(vec![codex_permission(0.0)]);
    let threshold = Config::default().codex_permission_wait_seconds as f64;
    let before = view(&s, NOW + threshold - 0.5, &ViewOptions::default());
    let after = view(&s, NOW + threshold + 0.5, &ViewOptions::default());
    assert_eq!(statuses(&before), [("codex:t1", Status::Working)]);
    assert_eq!(statuses(&after), [("codex:t1", Status::Waiting)]);
    assert_eq!(after.entries[0].detail, "Bash: cargo publish");
    assert_eq!(after.entries[0].kind, "permission");
    assert_eq!(after.waiting, [0]);
}

#[test]
fn a_row_that_does_not_decode_is_skipped_and_the_rest_show() {
    let text = r#"{"rows": [{"status": "idle"}, "not a row", {"session_id": "b", "status": "asleep"}, {"session_id": "ok", "status": "idle"}]}"#;
    let s = Snapshot::from_json(text).expect("snapshot");
    assert_eq!(s.rows.len(), 1);
    assert_eq!(s.rows[0].session_id, "ok");
}

#[test]
fn missing_keys_take_defaults_and_unknown_keys_are_ignored() {
    let s = Snapshot::from_json(r#"{"future_key": [1, 2]}"#).expect("snapshot");
    assert_eq!(s, Snapshot::default());
    assert!(view(&s, NOW, &ViewOptions::default()).entries.is_empty());
}

#[test]
fn without_a_process_scan_liveness_keeps_rows_and_with_one_it_ends_them() {
    let mut r = row("claude-1", Status::Working, 5.0);
    r.provider = "claude-code".into();
    let mut s = snapshot(vec![r]);
    let all = ViewOptions { all: true };
    assert_eq!(view(&s, NOW, &all).entries[0].status, Status::Working);
    s.procs = Some(Procs {
        by_provider: [("claude-code".to_owned(), Some(Vec::<Proc>::new()))].into(),
        ..Procs::default()
    });
    assert_eq!(view(&s, NOW, &all).entries[0].status, Status::Ended);
}

/// The zellij plugin has no process scan of its own: the one `ring-tmux` published with
/// `zeroconf.json` ends a row whose agent was killed (issue 24: a dead agent stayed red in
/// zellij while `list` said ended), while the document is fresh.
#[test]
fn a_fresh_published_scan_ends_a_row_whose_agent_is_gone() {
    let mut r = row("claude-1", Status::Waiting, 5.0);
    r.provider = "claude-code".into();
    r.agent_pid = Some(41);
    r.agent_start = Some(900);
    let mut s = snapshot(vec![r]);
    let all = ViewOptions { all: true };
    let scan = Procs {
        by_provider: [("claude-code".to_owned(), Some(Vec::<Proc>::new()))].into(),
        ..Procs::default()
    };
    s.published = Some(Published::new(NOW - 1.0, &[]).with_procs(&scan));
    assert_eq!(view(&s, NOW, &all).entries[0].status, Status::Ended);
    let stale = NOW + PUBLISHED_MAX_AGE + 1.0;
    assert_eq!(view(&s, stale, &all).entries[0].status, Status::Waiting);
    let back = Snapshot::from_json(&s.to_json()).expect("own JSON parses");
    assert_eq!(back.published, s.published);
}

#[test]
fn hidden_labels_targets_and_home_reach_the_view() {
    let mut s = snapshot(vec![
        row("a", Status::Waiting, 5.0),
        row("gone", Status::Idle, 50.0),
    ]);
    s.hidden.insert("gone".into(), NOW);
    s.labels.insert("a".into(), "payments".into());
    s.tmux_targets.insert("a".into(), "work:1.2".into());
    let v = view(&s, NOW, &ViewOptions::default());
    assert_eq!(statuses(&v), [("a", Status::Waiting)]);
    assert_eq!(v.entries[0].label, "payments");
    assert_eq!(v.entries[0].location, "work:1.2");
    s.tmux_targets.clear();
    assert_eq!(
        view(&s, NOW, &ViewOptions::default()).entries[0].location,
        "~/a"
    );
}

#[test]
fn show_all_in_the_config_keeps_ended_sessions() {
    let mut s = snapshot(vec![row("done", Status::Ended, 5.0)]);
    assert!(view(&s, NOW, &ViewOptions::default()).entries.is_empty());
    s.config = "show_all = true\n".into();
    assert_eq!(view(&s, NOW, &ViewOptions::default()).entries.len(), 1);
}

fn published(generated_at: f64) -> Published {
    let mut zero = row("scanned", Status::Working, 3.0);
    zero.cwd = "/src/scanned".into();
    Published::new(
        generated_at,
        &[ScanSession {
            session: Session {
                source: crate::derive::Source::Scan,
                ..Session::from_hook(zero)
            },
            tail_kind: TailKind::Working,
        }],
    )
}

#[test]
fn published_rows_count_while_fresh_at_now() {
    let mut s = snapshot(vec![row("hooked", Status::Idle, 1.0)]);
    s.published = Some(published(NOW - 5.0));
    assert_eq!(view(&s, NOW, &ViewOptions::default()).entries.len(), 2);
    let later = NOW - 5.0 + PUBLISHED_MAX_AGE + 1.0;
    assert_eq!(view(&s, later, &ViewOptions::default()).entries.len(), 1);
}

#[test]
fn payload_strings_stay_data() {
    let mut r = row("x", Status::Waiting, 5.0);
    r.waiting_detail = "<script>alert(1)</script> #[fg=red] \u{1b}]0;pwn\u{7}".into();
    let s = Snapshot::from_json(&snapshot(vec![r.clone()]).to_json()).expect("json");
    let v = view(&s, NOW, &ViewOptions::default());
    assert_eq!(v.entries[0].detail, r.waiting_detail);
}

#[test]
fn the_view_is_what_the_read_gives_for_the_same_inputs() {
    let rows = vec![row("a", Status::Waiting, 5.0), codex_permission(100.0)];
    let s = snapshot(rows.clone());
    let config = Config::default();
    let direct = View::build(
        s.sessions(NOW, &config),
        &crate::view::Options {
            now: NOW,
            all: false,
            agent_processes: 0,
            labels: &BTreeMap::new(),
            home: "/home/u",
        },
    );
    assert_eq!(view(&s, NOW, &ViewOptions::default()), direct);
    assert_eq!(direct.entries.len(), 2);
}
