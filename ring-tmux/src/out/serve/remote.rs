//! Other hosts on the page (issue 27): their sessions, named `host:project`, from the same
//! host caches the status line and the boards read (`gather::remote::cache`); going there
//! and answering through the same ssh paths as `ring-tmux jump host:id` and `ring-tmux
//! reply host:id --expect FINGERPRINT`.
//!
//! ```text
//!  serve ── keep_fresh (thread) ── cache::refresh_when_due ─▶ `ring-tmux remote refresh HOST`
//!  serve --print ── hosts: remote/HOST.json as found (no ssh) ─▶ /api/snapshot "hosts"
//!  POST /api/jump  host:id ─▶ `ring-tmux jump --socket $TMUX --session host:id` (child)
//!  /api/dialog, /api/reply host:id ─▶ out::board::reply (the host's own reply, --expect)
//! ```
//!
//! A page request never runs ssh to read a board: only the refreshers do, in the
//! background. A dialog's listing is kept [`LISTING_FOR`] per session, so a page polling it
//! runs one ssh, not one per request (the answer still goes through the host's `--expect`,
//! so a stale listing never types into a changed dialog). An id is looked up on the board,
//! whose remote entries come only from `remote_hosts`, so a host not configured there is
//! refused before anything runs. Beyond loopback a host's failure is told in the
//! catalogue's words alone ([`ssh::public_reason`]); its own text goes to `ring.log`.

use super::Shared;
use super::reply::{self, Response};
use crate::gather::remote::{RemoteId, cache, ssh};
use crate::out::board::watch::Stamp;
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::dialog::Listing;
use ring_shared::format::sanitize;
use ring_shared::view::Entry;
use ring_shared::view::page::PageHost;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often `serve` looks whether a host's refresher is due (reading its cache file).
const LOOK_EVERY: Duration = Duration::from_secs(2);

/// Each host of `remote_hosts` as the page gets it, its cache as found. `redact`: the
/// disguise key of a listener beyond loopback, whose hosts' snapshots are redacted as this
/// machine's is ([`super::snapshot::redact`]).
pub(crate) fn page_hosts(env: &Env, config: &Config, redact: Option<&str>) -> Vec<PageHost> {
    config
        .remote_hosts
        .iter()
        .map(|host| {
            let mut cached = cache::read(&env.ring_home, host);
            if let Some(c) = &mut cached {
                // When ring last asked says nothing the page draws: left out, a failed try
                // that changed nothing is no change of the board.
                c.attempted_at = 0.0;
                if let Some(key) = redact {
                    c.error = c.error.as_deref().map(ssh::public_reason);
                    if let Some(snapshot) = &mut c.snapshot {
                        super::snapshot::redact(snapshot, config.serve_detail, key);
                    }
                }
            }
            PageHost {
                host: host.clone(),
                stale_after: config.remote_stale_seconds as f64,
                cache: cached,
            }
        })
        .collect()
}

/// The page's snapshot: `snapshot_json` (this machine's own) with `hosts` added.
pub(crate) fn with_hosts(snapshot_json: String, hosts: &[PageHost]) -> String {
    if hosts.is_empty() {
        return snapshot_json;
    }
    let Ok(serde_json::Value::Object(mut object)) = serde_json::from_str(&snapshot_json) else {
        return snapshot_json;
    };
    object.insert(
        "hosts".into(),
        serde_json::to_value(hosts).unwrap_or_default(),
    );
    serde_json::Value::Object(object).to_string()
}

/// For the life of the server: starts each host's refresher when it is due, as every status
/// line redraw does, so the page's hosts stay fresh with no status line running. Never waits
/// on ssh (the refresher is a detached `ring-tmux remote refresh HOST`).
pub(crate) fn keep_fresh(env: &Env) {
    let mut hosts = Hosts::default();
    loop {
        hosts.look(env);
        std::thread::sleep(LOOK_EVERY);
    }
}

/// The config and each host's cache as [`keep_fresh`] last read them, and the stamp of
/// `config.toml` and the cache folder (a refresher renames its cache in) then.
#[derive(Default)]
struct Hosts {
    stamp: Option<Stamp>,
    config: Config,
    caches: Vec<(String, Option<cache::Cached>)>,
}

impl Hosts {
    /// Starts each due refresher, reading the files again only when their stamp changed;
    /// `true` when it read them.
    fn look(&mut self, env: &Env) -> bool {
        let folder = env.ring_home.join(ring_shared::view::remote::CACHE_FOLDER);
        let stamp = Stamp::of(&[env.ring_home.join("config.toml"), folder]);
        let read = self.stamp.as_ref() != Some(&stamp);
        if read {
            // Stamped before reading: a change meanwhile is read at the next look.
            self.stamp = Some(stamp);
            self.config = crate::gather::read_config(&env.ring_home).0;
            let hosts = self.config.remote_hosts.iter();
            self.caches = hosts
                .map(|host| (host.clone(), cache::read(&env.ring_home, host)))
                .collect();
        }
        for (host, cached) in &self.caches {
            cache::refresh_when_due(env, &self.config, host, cached.as_ref());
        }
        read
    }
}

/// How long the ssh window may take to open.
const JUMP_TIMEOUT: Duration = Duration::from_secs(15);

/// `POST /api/jump` to a session on another host: what `ring-tmux jump host:id` does, run
/// by the server in the tmux it runs in (a window `host:project` with ssh to its pane).
/// Outside tmux there is no window to open: refused, saying what to run.
pub(crate) fn jump(entry: &Entry, exe: &Path) -> Response {
    let id = sanitize(&entry.session_id);
    let Some(socket) = crate::sys::run::socket_from_env() else {
        return reply::json_error(
            409,
            &ring_shared::t!("serve-remote-jump-no-tmux", session = id),
        );
    };
    let argv = vec![
        exe.as_os_str().to_owned(),
        "jump".into(),
        "--socket".into(),
        socket.into(),
        "--session".into(),
        entry.session_id.clone().into(),
    ];
    let jump = crate::act::focus::place::Jump::Command(argv);
    match crate::act::focus::place::run_jump_within(jump, JUMP_TIMEOUT) {
        Ok(()) => reply::json(200, serde_json::json!({ "ok": true }).to_string()),
        Err(e) => reply::json_error(
            502,
            &ring_shared::t!(
                "serve-remote-jump-failed",
                session = id,
                error = e.to_string()
            ),
        ),
    }
}

/// How long a remote dialog's listing is given again without asking the host.
const LISTING_FOR: Duration = Duration::from_secs(2);

/// One session's last listing and when it came; its lock held while the host is asked, so
/// requests at once for the same session run one ssh.
type Slot = Arc<Mutex<Option<(Instant, Result<Listing, String>)>>>;

static LISTINGS: LazyLock<Mutex<HashMap<RemoteId, Slot>>> = LazyLock::new(Mutex::default);

fn listings() -> std::sync::MutexGuard<'static, HashMap<RemoteId, Slot>> {
    LISTINGS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `GET /api/dialog` of a remote session: the host's own listing (`reply --json`), every
/// row verbatim, named with this machine's id; the last one when it is younger than
/// [`LISTING_FOR`].
pub(crate) fn dialog(entry: &Entry, id: &RemoteId, shared: &Shared) -> Response {
    let slot = {
        let mut all = listings();
        // The expired ones nobody is asking about go.
        all.retain(|_, slot| {
            slot.try_lock().map_or(true, |s| {
                s.as_ref().is_some_and(|(at, _)| at.elapsed() < LISTING_FOR)
            })
        });
        Arc::clone(all.entry(id.clone()).or_default())
    };
    let mut last = slot.lock().unwrap_or_else(PoisonError::into_inner);
    let fresh = last.as_ref().filter(|(at, _)| at.elapsed() < LISTING_FOR);
    let listed = match fresh {
        Some((_, listed)) => listed.clone(),
        None => {
            let listed = crate::out::board::reply::read(entry, None);
            *last = Some((Instant::now(), listed.clone()));
            listed
        }
    };
    match listed {
        Ok(listing) => reply::json(200, serde_json::to_string(&listing).unwrap_or_default()),
        Err(why) => reply::json_error(409, &told(&id.host, why, shared)),
    }
}

/// Drops `id`'s listing (it is being answered: the next one is the host's screen then).
pub(crate) fn forget(id: &RemoteId) {
    listings().remove(id);
}

/// What the page is told of a host's failure: beyond loopback only the catalogue's reason
/// (no user@host, path or key name), the host's own text going to `ring.log`.
pub(crate) fn told(host: &str, why: String, shared: &Shared) -> String {
    if !shared.reader.remote {
        return why;
    }
    shared
        .log
        .write(shared.env.now(), "serve", &format!("{host}: {why}"));
    ring_shared::t!(
        "serve-remote-failed",
        host = sanitize(host),
        reason = ssh::public_reason(&why)
    )
}

/// Why an id names nothing on the board: a `host:` the config does not list is said so
/// (nothing ran for it); `None` for any other id.
pub(crate) fn unknown_host(id: &str, config: &Config) -> Option<String> {
    let id = RemoteId::parse(id).filter(|id| !id.configured(config))?;
    Some(ring_shared::t!(
        "serve-remote-unknown-host",
        host = sanitize(&id.host)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_fresh_reads_the_files_again_only_when_they_changed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let ring = dir.path().join("ring");
        crate::store::safe::Dir::create(&ring).expect("ring folder");
        let env = Env {
            home: dir.path().to_owned(),
            ring_home: ring.clone(),
            fixed_now: Some(1000.0),
            procs_file: None,
        };
        std::fs::write(ring.join("config.toml"), "remote_hosts = [\"h\"]\n").expect("config");
        // Asked just now: no refresher is due, none is started.
        let cached = |error: &str| cache::Cached {
            attempted_at: 1000.0,
            error: Some(error.into()),
            ..Default::default()
        };
        let remote = ring.join("remote");
        crate::store::safe::Dir::create(&remote).expect("remote folder");
        let path = remote.join("h.json");
        std::fs::write(&path, serde_json::to_vec(&cached("one")).expect("json")).expect("cache");
        let mut hosts = Hosts::default();
        assert!(hosts.look(&env), "the first look reads");
        // Written in place (no rename into the folder): not a change ring makes, so unseen.
        std::fs::write(&path, serde_json::to_vec(&cached("two")).expect("json")).expect("cache");
        assert!(!hosts.look(&env), "nothing changed: nothing read");
        assert_eq!(
            hosts.caches[0].1.as_ref().and_then(|c| c.error.as_deref()),
            Some("one")
        );
        std::fs::write(ring.join("config.toml"), "remote_hosts = [\"h\"]\n\n").expect("config");
        assert!(hosts.look(&env), "the config changed: read again");
        assert_eq!(
            hosts.caches[0].1.as_ref().and_then(|c| c.error.as_deref()),
            Some("two")
        );
    }
}
