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
//! A page request never runs ssh to read: only the refreshers do, in the background. An id
//! is looked up on the board, whose remote entries come only from `remote_hosts`, so a host
//! not configured there is refused before anything runs.

use super::reply::{self, Response};
use crate::gather::remote::cache;
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::format::sanitize;
use ring_shared::view::Entry;
use ring_shared::view::page::PageHost;
use std::path::Path;
use std::time::Duration;

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
                if let (Some(key), Some(snapshot)) = (redact, &mut c.snapshot) {
                    super::snapshot::redact(snapshot, config.serve_detail, key);
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
    loop {
        let config = crate::gather::read_config(&env.ring_home).0;
        for host in &config.remote_hosts {
            let cached = cache::read(&env.ring_home, host);
            cache::refresh_when_due(env, &config, host, cached.as_ref());
        }
        std::thread::sleep(LOOK_EVERY);
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

/// `GET /api/dialog` of a remote session: the host's own listing (`reply --json`), every
/// row verbatim, named with this machine's id.
pub(crate) fn dialog(entry: &Entry) -> Response {
    match crate::out::board::reply::read(entry, None) {
        Ok(listing) => reply::json(200, serde_json::to_string(&listing).unwrap_or_default()),
        Err(why) => reply::json_error(409, &why),
    }
}

/// `POST /api/reply` to a remote session: the host's own `reply --expect FINGERPRINT`, which
/// types nothing unless the dialog on its screen is still the one listed. `Ok`: what was sent.
pub(crate) fn answer(entry: &Entry, option: u32, fingerprint: &str) -> Result<String, String> {
    crate::out::board::reply::answer(entry, option, Some(fingerprint), None)
}

/// Why an id names nothing on the board: a `host:` the config does not list is said so
/// (nothing ran for it); `None` for any other id.
pub(crate) fn unknown_host(id: &str, config: &Config) -> Option<String> {
    let (host, rest) = id.split_once(':')?;
    let looks_remote = !rest.is_empty() && ring_shared::view::remote::valid_host(host);
    (looks_remote && !config.remote_hosts.iter().any(|h| h == host))
        .then(|| ring_shared::t!("serve-remote-unknown-host", host = sanitize(host)))
}

/// The configured host `id` (`host:…`) names, if any (for the answer's log line).
pub(crate) fn host_of(env: &Env, id: &str) -> Option<String> {
    let (host, _) = id.split_once(':')?;
    let config = crate::gather::read_config(&env.ring_home).0;
    config
        .remote_hosts
        .iter()
        .any(|h| h == host)
        .then(|| host.to_owned())
}
