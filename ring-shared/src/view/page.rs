//! The board a page draws (`ring-tmux serve`, issue 27): this machine's [`Snapshot`] and,
//! in a field of its own, each remote host's last one, as the host caches hold them.
//!
//! ```text
//!  /api/snapshot = Snapshot (this machine's own keys) + "hosts": [PageHost]
//!  Snapshot + now ─ view ─▶ View ─┐
//!  [PageHost] + now ─ read_host ──┴─ merge ─▶ View with host:project entries + [HostNote]
//! ```
//!
//! The hosts ride beside the snapshot, never inside it: `ring-tmux json --snapshot` (what
//! another machine reads of this one) stays this machine's own, so hosts that list each
//! other never loop, and a host's snapshot is read with [`super::view`], which knows no
//! `hosts`.

use super::remote::{HostCache, merge, read_host};
use super::{Snapshot, View, ViewOptions};
use serde::{Deserialize, Serialize};

/// One configured host as a page gets it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PageHost {
    /// As `remote_hosts` names it.
    pub host: String,
    /// `remote_stale_seconds`: past it, the host's sessions are marked stale with their age.
    pub stale_after: f64,
    /// Its cache (`None`: never read yet).
    pub cache: Option<HostCache>,
}

/// The `hosts` of a page's snapshot (every other key ignored).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PageHosts {
    pub hosts: Vec<PageHost>,
}

/// How a host stands at `now`, for the page to name the ones it cannot vouch for.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct HostNote {
    pub host: String,
    /// `ok`, `stale` (its last snapshot is older than its `stale_after`), `unreachable`
    /// (it never answered and the last try failed) or `unread` (not asked yet).
    pub state: String,
    /// Seconds since its last snapshot arrived (`None`: none ever did).
    pub age_seconds: Option<f64>,
    /// Why the last try failed, as the host's ssh said it (data: escape it where drawn).
    pub error: Option<String>,
}

/// The board of `snapshot` with every host's sessions merged in (board order over both),
/// and a note per host.
pub fn view(
    snapshot: &Snapshot,
    hosts: &[PageHost],
    now: f64,
    options: &ViewOptions,
) -> (View, Vec<HostNote>) {
    let mut view = super::view(snapshot, now, options);
    let all = options.all || snapshot.parsed_config().show_all;
    let mut remote = Vec::new();
    let mut notes = Vec::new();
    for host in hosts {
        let read = read_host(&host.host, host.cache.as_ref(), now, host.stale_after, all);
        remote.extend(read.entries);
        notes.push(note(host, now));
    }
    merge(&mut view, remote);
    (view, notes)
}

fn note(host: &PageHost, now: f64) -> HostNote {
    let cache = host.cache.as_ref();
    let answered = cache.filter(|c| c.snapshot.is_some());
    let age_seconds = answered.map(|c| (now - c.ok_at).max(0.0));
    let state = match (cache, age_seconds) {
        (_, Some(age)) if age > host.stale_after => "stale",
        (_, Some(_)) => "ok",
        (Some(c), None) if c.error.is_some() => "unreachable",
        _ => "unread",
    };
    HostNote {
        host: host.host.clone(),
        state: state.to_owned(),
        age_seconds,
        error: cache.and_then(|c| c.error.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Status;

    fn host_snapshot(now: f64) -> Snapshot {
        Snapshot::from_json(&format!(
            r#"{{"generated_at": {now}, "rows": [{{"session_id": "s1", "status": "waiting",
                "waiting_kind": "permission", "last_active": {now}, "cwd": "/w/api"}}]}}"#
        ))
        .expect("snapshot")
    }

    fn host(name: &str, cache: Option<HostCache>) -> PageHost {
        PageHost {
            host: name.into(),
            stale_after: 60.0,
            cache,
        }
    }

    #[test]
    fn hosts_add_named_sessions_and_say_which_cannot_be_vouched_for() {
        let now = 1000.0;
        let fresh = HostCache {
            ok_at: now - 5.0,
            snapshot: Some(host_snapshot(now - 5.0)),
            ..HostCache::default()
        };
        let old = HostCache {
            ok_at: now - 600.0,
            error: Some("no answer".into()),
            snapshot: Some(host_snapshot(now - 600.0)),
            ..HostCache::default()
        };
        let refused = HostCache {
            error: Some("Connection refused".into()),
            ..HostCache::default()
        };
        let hosts = [
            host("dev1", Some(fresh)),
            host("dev2", Some(old)),
            host("dev3", Some(refused)),
            host("dev4", None),
        ];
        let (view, notes) = view(&Snapshot::default(), &hosts, now, &ViewOptions::default());
        let ids: Vec<&str> = view.entries.iter().map(|e| e.session_id.as_str()).collect();
        assert_eq!(ids, ["dev2:s1", "dev1:s1"], "longest waiting first");
        assert_eq!(view.counts.waiting, 2);
        assert_eq!(view.entries[1].project, "dev1:api");
        assert!(
            view.entries[0].location.contains("(stale 10m)"),
            "{}",
            view.entries[0].location
        );
        assert!(view.entries.iter().all(|e| e.status == Status::Waiting));
        let states: Vec<(&str, &str)> = notes
            .iter()
            .map(|n| (n.host.as_str(), n.state.as_str()))
            .collect();
        assert_eq!(
            states,
            [
                ("dev1", "ok"),
                ("dev2", "stale"),
                ("dev3", "unreachable"),
                ("dev4", "unread")
            ]
        );
        assert_eq!(notes[2].error.as_deref(), Some("Connection refused"));
    }

    #[test]
    fn the_hosts_are_read_beside_the_snapshot_not_from_it() {
        let text = r#"{"rows": [], "hosts": [{"host": "dev1", "stale_after": 60}]}"#;
        let hosts: PageHosts = serde_json::from_str(text).expect("hosts");
        assert_eq!(hosts.hosts.len(), 1);
        assert_eq!(hosts.hosts[0].host, "dev1");
        // A snapshot that carries hosts of its own (a host's) is read without them.
        let snapshot = Snapshot::from_json(text).expect("snapshot");
        assert!(
            super::super::view(&snapshot, 0.0, &ViewOptions::default())
                .entries
                .is_empty()
        );
    }
}
