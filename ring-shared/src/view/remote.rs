//! Sessions of other machines: a host's [`Snapshot`] (what `ssh HOST ring-tmux json
//! --snapshot` printed) becomes [`Entry`]s like local ones, named `host:project`, and
//! [`merge`] puts them into the local [`View`] so every front end draws them with no path
//! of its own.
//!
//! ```text
//!  host snapshot + when it arrived + now ─ entries ─▶ [Entry] (host:project, remote set)
//!  local View + remote entries ─ merge ─▶ one View (board order, counts, waiting first)
//! ```
//!
//! A remote snapshot is another machine's word, so nothing in it may act here: its panes,
//! sockets, terminals and zellij panes are moved out of the entry's local fields (drift
//! repair, badges, `reply` and `jump` act on those) into [`Remote`], where only the remote
//! commands (`ssh HOST …`) read them, after [`valid_pane`] and [`valid_socket`].

use super::{Entry, Snapshot, View, ViewOptions, waiting_first};
use crate::board::Counts;
use serde::{Deserialize, Serialize};

/// Where a remote session lives, and how old what ring knows of it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Remote {
    /// The host, as `remote_hosts` names it (an ssh destination or `~/.ssh/config` alias).
    pub host: String,
    /// The session's id on that host ([`Entry::session_id`] is `host:id` here).
    pub session_id: String,
    /// Seconds since the host's snapshot arrived.
    pub age_seconds: f64,
    /// Older than `remote_stale_seconds`: the host did not answer lately.
    pub stale: bool,
    /// The session's tmux pane on that host (`%12`), when valid.
    pub tmux_pane: Option<String>,
    /// That pane's tmux server socket on that host, when valid.
    pub tmux_socket: Option<String>,
    /// `session:window.pane` on that host, display only.
    pub tmux_target: Option<String>,
}

/// A host's snapshot as it was fetched.
#[derive(Debug, Clone, Copy)]
pub struct Fetched<'a> {
    pub host: &'a str,
    pub snapshot: &'a Snapshot,
    /// When it arrived (this machine's clock).
    pub fetched_at: f64,
    /// `remote_stale_seconds`.
    pub stale_after: f64,
}

pub use crate::config::valid_host;

/// A tmux pane id: `%` and digits.
pub fn valid_pane(pane: &str) -> bool {
    pane.strip_prefix('%')
        .is_some_and(|n| !n.is_empty() && n.len() <= 10 && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A tmux socket path ring passes on: absolute, of letters, digits and `/._-`.
pub fn valid_socket(socket: &str) -> bool {
    socket.starts_with('/')
        && socket.len() <= 256
        && socket
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-'))
}

/// A session id ring passes to a remote command: letters, digits and `._-`, not starting
/// with `-`, at most 200 bytes.
pub fn valid_session_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 200
        && !id.starts_with('-')
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// One word for a POSIX shell (what ssh hands the remote command to): single-quoted.
pub fn shell_word(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// The entries of a host's snapshot at `now`: its board built at the host's clock (the
/// snapshot's time plus how long ago it arrived, so a host's clock skew moves nothing),
/// each named `host:…`, its id `host:id`, its times moved to this clock, its panes kept only
/// in [`Entry::remote`].
pub fn entries(fetched: Fetched<'_>, now: f64, all: bool) -> Vec<Entry> {
    let age = (now - fetched.fetched_at).max(0.0);
    let remote_now = fetched.snapshot.generated_at + age;
    let shift = now - remote_now;
    let view = super::view(fetched.snapshot, remote_now, &ViewOptions { all });
    let host = fetched.host;
    view.entries
        .into_iter()
        .map(|mut e| {
            let remote = Remote {
                host: host.to_owned(),
                session_id: std::mem::take(&mut e.session_id),
                age_seconds: age,
                stale: age > fetched.stale_after,
                tmux_pane: e.tmux_pane.take().filter(|p| valid_pane(p)),
                tmux_socket: e.tmux_socket.take().filter(|s| valid_socket(s)),
                tmux_target: e.tmux_target.take(),
            };
            e.session_id = format!("{host}:{}", remote.session_id);
            e.project = format!("{host}:{}", e.project);
            if !e.label.is_empty() {
                e.label = format!("{host}:{}", e.label);
            }
            e.location = match &remote.tmux_target {
                Some(target) => format!("{host}:{target}"),
                None => format!("{host}:{}", e.location),
            };
            if remote.stale {
                let age = crate::duration::relative_time(age);
                e.location = format!("{} (stale {age})", e.location);
            }
            e.tty = None;
            e.zellij_session = None;
            e.zellij_pane = None;
            e.last_active += shift;
            if e.heartbeat_at > 0.0 {
                e.heartbeat_at += shift;
            }
            e.remote = Some(remote);
            e
        })
        .collect()
}

/// The local view with `remote` entries added: board order again (status rank, then idle
/// ascending, the waiting longest-waiting first) and the counts over both.
pub fn merge(view: &mut View, remote: Vec<Entry>) {
    if remote.is_empty() {
        return;
    }
    let mut entries = std::mem::take(&mut view.entries);
    entries.extend(remote);
    entries.sort_by(|a, b| {
        a.status
            .rank()
            .cmp(&b.status.rank())
            .then_with(|| a.idle_seconds.total_cmp(&b.idle_seconds))
    });
    let mut counts = Counts::default();
    for entry in &entries {
        counts.add(entry.status);
    }
    view.waiting = waiting_first(&mut entries);
    view.entries = entries;
    view.counts = counts;
}

/// One host's cache file, `RING_HOME/remote/HOST.json`: what `ring-tmux remote refresh`
/// wrote after its last `ssh HOST ring-tmux json --snapshot`. `ring-tmux` writes it; every
/// reader (the status line, the boards, the zellij plugin through `/host`) reads it, none
/// runs ssh.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct HostCache {
    /// When ring last asked (this machine's clock).
    pub attempted_at: f64,
    /// When the host last answered with a snapshot (0: never).
    pub ok_at: f64,
    /// Why the last attempt gave nothing (`None`: it answered).
    pub error: Option<String>,
    /// The last snapshot it gave.
    pub snapshot: Option<Snapshot>,
}

/// The folder of the host caches, inside the ring folder.
pub const CACHE_FOLDER: &str = "remote";

/// The largest host cache read: twice what ring takes from ssh.
pub const CACHE_CAP: usize = 8 << 20;

/// How a host's sessions look at `now`: its entries and the mark the status lines draw.
#[derive(Debug, Clone, Default)]
pub struct HostRead {
    pub entries: Vec<Entry>,
    /// `⌛HOST AGE` (stale), `✖HOST` (never answered, last try failed), else `None`.
    pub mark: Option<String>,
    /// When the mark next changes (the snapshot turns stale, or its age text moves on).
    pub changes_at: Option<f64>,
}

/// A host's cache read at `now` (`None`: no cache yet): [`entries`] and its mark.
pub fn read_host(
    host: &str,
    cache: Option<&HostCache>,
    now: f64,
    stale_after: f64,
    all: bool,
) -> HostRead {
    let Some(cache) = cache else {
        return HostRead::default();
    };
    let Some(snapshot) = &cache.snapshot else {
        return HostRead {
            mark: cache.error.is_some().then(|| format!("✖{host}")),
            ..HostRead::default()
        };
    };
    let fetched = Fetched {
        host,
        snapshot,
        fetched_at: cache.ok_at,
        stale_after,
    };
    let age = (now - cache.ok_at).max(0.0);
    let (mark, changes_at) = if age > stale_after {
        let text = crate::duration::relative_time(age);
        let next = cache.ok_at + crate::duration::relative_time_next(age);
        (Some(format!("⌛{host} {text}")), Some(next))
    } else {
        (None, Some(cache.ok_at + stale_after))
    };
    HostRead {
        entries: entries(fetched, now, all),
        mark,
        changes_at,
    }
}

/// The counts of the local entries and of the remote ones, apart.
pub fn counts_apart(view: &View) -> (Counts, Counts) {
    let (mut local, mut remote) = (Counts::default(), Counts::default());
    for entry in &view.entries {
        match entry.remote {
            Some(_) => remote.add(entry.status),
            None => local.add(entry.status),
        }
    }
    (local, remote)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{Row, Status};
    use rstest::rstest;

    fn snapshot(rows: Vec<Row>, at: f64) -> Snapshot {
        Snapshot {
            generated_at: at,
            rows,
            ..Snapshot::default()
        }
    }

    fn waiting_row(id: &str, cwd: &str, at: f64) -> Row {
        let mut row = Row::new(id);
        row.provider = "claude".into();
        row.status = Status::Waiting;
        row.cwd = cwd.into();
        row.last_active = at;
        row.heartbeat_at = at;
        row.tmux_pane = Some("%3".into());
        row.tmux_socket = Some("/tmp/tmux-0/default".into());
        row.tty = Some("/dev/pts/4".into());
        row
    }

    /// `snapshot` of `host`, arrived at `fetched_at`, stale after a minute.
    fn fetched<'a>(host: &'a str, snapshot: &'a Snapshot, fetched_at: f64) -> Fetched<'a> {
        Fetched {
            host,
            snapshot,
            fetched_at,
            stale_after: 60.0,
        }
    }

    #[test]
    fn a_host_s_sessions_are_named_host_project_and_keep_no_local_pane() {
        // The host's clock is 1000 s behind ours; the snapshot arrived 5 s ago.
        let snap = snapshot(vec![waiting_row("abc", "/src/api", 8_990.0)], 9_000.0);
        let fetched = fetched("dev1", &snap, 10_000.0);
        let got = entries(fetched, 10_005.0, false);
        assert_eq!(got.len(), 1);
        let e = &got[0];
        assert_eq!(e.name(), "dev1:api");
        assert_eq!(e.session_id, "dev1:abc");
        assert_eq!(
            (e.tmux_pane.as_deref(), e.tmux_socket.as_deref()),
            (None, None)
        );
        assert_eq!(e.tty, None);
        let remote = e.remote.as_ref().expect("remote");
        assert_eq!(remote.session_id, "abc");
        assert_eq!(remote.tmux_pane.as_deref(), Some("%3"));
        assert!(!remote.stale);
        assert_eq!(e.idle_seconds, 15.0);
        assert_eq!(e.last_active, 9_990.0);
    }

    #[test]
    fn an_old_snapshot_is_stale_with_its_age() {
        let snap = snapshot(vec![waiting_row("abc", "/src/api", 100.0)], 100.0);
        let fetched = fetched("dev1", &snap, 100.0);
        let remote = entries(fetched, 190.0, false)[0]
            .remote
            .clone()
            .expect("remote");
        assert!(remote.stale);
        assert_eq!(remote.age_seconds, 90.0);
        assert!(
            entries(fetched, 190.0, false)[0]
                .location
                .ends_with("(stale 1m)")
        );
    }

    #[test]
    fn hostile_panes_and_sockets_are_dropped() {
        let mut row = waiting_row("abc", "/src/api", 100.0);
        row.tmux_pane = Some("%1; kill-server".into());
        row.tmux_socket = Some("/tmp/x'$(rm -rf ~)".into());
        let snap = snapshot(vec![row], 100.0);
        let fetched = fetched("h", &snap, 100.0);
        let remote = entries(fetched, 100.0, false)[0]
            .remote
            .clone()
            .expect("remote");
        assert_eq!((remote.tmux_pane, remote.tmux_socket), (None, None));
    }

    #[test]
    fn merged_entries_count_together_and_wait_in_one_order() {
        let local_rows = vec![waiting_row("l", "/src/web", 95.0)];
        let sessions = local_rows
            .into_iter()
            .map(crate::derive::Session::from_hook)
            .collect();
        let mut view = View::of_board(
            crate::board::Board::build(sessions, 0, 100.0, false),
            &Default::default(),
            "",
        );
        let snap = snapshot(vec![waiting_row("r", "/src/api", 50.0)], 100.0);
        let fetched = fetched("dev1", &snap, 100.0);
        merge(&mut view, entries(fetched, 100.0, false));
        assert_eq!(view.counts.waiting, 2);
        assert_eq!(view.longest_waiting().map(Entry::name), Some("dev1:api"));
        let (local, remote) = counts_apart(&view);
        assert_eq!((local.waiting, remote.waiting), (1, 1));
    }

    #[rstest]
    #[case("dev1", true)]
    #[case("me@box.example.org", true)]
    #[case("-oProxyCommand=sh", false)]
    #[case("a b", false)]
    #[case("a\nb", false)]
    #[case("host:22", false)]
    #[case(".hidden", false)]
    #[case("", false)]
    fn hosts_that_could_be_options_or_shell_are_refused(#[case] host: &str, #[case] ok: bool) {
        assert_eq!(valid_host(host), ok);
    }

    #[test]
    fn a_shell_word_quotes_everything() {
        assert_eq!(shell_word("a'b"), r"'a'\''b'");
        assert_eq!(shell_word("$(x)"), "'$(x)'");
    }
}
