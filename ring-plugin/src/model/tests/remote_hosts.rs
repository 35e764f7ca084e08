//! Remote hosts in zellij (issue 27): the plugin reads `remote/HOST.json` (what `ring-tmux
//! remote refresh` wrote) through `/host`, names their sessions `host:project`, gives them
//! no pane and marks stale or unreachable hosts, as the tmux segment does.

use super::*;
use ring_shared::view::remote::HostCache;

/// A host's cache: one waiting session in tmux pane `%3` there, fetched at `ok_at`.
fn cache(ok_at: f64, error: Option<&str>) -> Vec<u8> {
    let mut waiting = row("api", Status::Waiting, 5.0);
    waiting.tmux_pane = Some("%3".into());
    // Its own zellij place on the host: must never become a pane here.
    waiting.zellij_session = Some("main".into());
    waiting.zellij_pane = Some("1".into());
    let snapshot = Snapshot {
        version: SNAPSHOT_VERSION,
        generated_at: NOW,
        rows: vec![waiting],
        ..Snapshot::default()
    };
    let cache = HostCache {
        attempted_at: NOW,
        ok_at,
        error: error.map(str::to_owned),
        snapshot: (ok_at > 0.0).then_some(snapshot),
    };
    serde_json::to_vec(&cache).expect("json")
}

fn build_at(inputs: &ReadInputs, now: f64, local: Vec<Row>) -> View {
    let labels = BTreeMap::new();
    let sessions = local.into_iter().map(Session::from_hook).collect();
    build_with_remote(
        sessions,
        inputs.remote(now, false),
        &Inputs {
            now,
            session_name: Some("main"),
            panes: &panes(&[1]),
            labels: &labels,
            label: Label::Project,
            shown: &SHOWN,
            elsewhere: true,
        },
    )
    .0
}

const CONFIG: &[u8] = b"remote_hosts = [\"devbox\", \"gone\"]\nremote_stale_seconds = 60\n";

#[test]
fn a_hosts_sessions_are_listed_as_host_project_without_a_pane() {
    let (_dir, registry) = folder_with(&[
        ("config.toml", CONFIG),
        ("remote/devbox.json", &cache(NOW - 5.0, None)),
    ]);
    let inputs = ReadInputs::decode(&registry, &Settings::default(), NOW);
    let v = build_at(&inputs, NOW, vec![row("web", Status::Working, 1.0)]);
    let names: Vec<&str> = v.entries.iter().map(|e| e.project.as_str()).collect();
    assert_eq!(names, ["devbox:api", "web"], "waiting first, over both");
    let remote = &v.entries[0];
    assert_eq!(remote.session_id, "devbox:api");
    assert!(remote.remote);
    assert_eq!(
        remote.target, None,
        "no pane here, whatever the host's row says"
    );
    assert_eq!(remote.location, "devbox:/src/api");
    assert!(v.badges.is_empty(), "no badge on any local pane");
    assert_eq!(v.counts, [(Status::Waiting, 1), (Status::Working, 1)]);
    assert!(v.remote_counts.is_empty());
    assert!(v.marks.is_empty(), "a fresh host has no mark");
}

#[test]
fn apart_counts_the_hosts_after_this_machine() {
    let config = [CONFIG, b"remote_counts = \"apart\"\n"].concat();
    let (_dir, registry) = folder_with(&[
        ("config.toml", &config),
        ("remote/devbox.json", &cache(NOW - 5.0, None)),
    ]);
    let inputs = ReadInputs::decode(&registry, &Settings::default(), NOW);
    let v = build_at(&inputs, NOW, vec![row("web", Status::Working, 1.0)]);
    assert_eq!(v.counts, [(Status::Working, 1)]);
    assert_eq!(v.remote_counts, [(Status::Waiting, 1)]);
}

#[test]
fn stale_and_unreachable_hosts_are_marked() {
    let (_dir, registry) = folder_with(&[
        ("config.toml", CONFIG),
        ("remote/devbox.json", &cache(NOW - 150.0, Some("no answer"))),
        ("remote/gone.json", &cache(0.0, Some("Connection refused"))),
    ]);
    let inputs = ReadInputs::decode(&registry, &Settings::default(), NOW);
    let v = build_at(&inputs, NOW, Vec::new());
    assert_eq!(v.marks, ["⌛devbox 2m", "✖gone"]);
    let stale = &v.entries[0];
    assert_eq!(
        stale.project, "devbox:api",
        "a stale host keeps its last sessions"
    );
    assert!(stale.location.ends_with("(stale 2m)"), "{}", stale.location);
    // The mark moves on with the clock: the plugin wakes for it.
    let remote = inputs.remote(NOW, false);
    assert_eq!(remote.changes_at, Some(NOW - 150.0 + 180.0));
}

#[test]
fn a_host_not_in_remote_hosts_is_not_read() {
    let (_dir, registry) = folder_with(&[
        ("config.toml", b"remote_hosts = [\"gone\"]\n"),
        ("remote/devbox.json", &cache(NOW - 5.0, None)),
    ]);
    let inputs = ReadInputs::decode(&registry, &Settings::default(), NOW);
    assert!(build_at(&inputs, NOW, Vec::new()).entries.is_empty());
}
