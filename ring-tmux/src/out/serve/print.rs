//! The server's children and its word: `serve --print snapshot|view` (one read, as JSON, the
//! details left out for a remote listener unless `serve_detail = true`), the line `serve`
//! prints and the state file `doctor` reads, and the jump a POST asks for.

use super::feed::Reader;
use super::reply::{self, Response};
use crate::sys::env::Env;
use ring_shared::t;
use ring_shared::view::{self, View};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

/// The state file a running `serve` leaves in the ring folder (`serve/state.json`).
pub const STATE_FILE: &str = "state.json";

/// What `serve` exposes, for `doctor`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub pid: u32,
    /// `http://ADDR:PORT/` (never the token).
    pub url: String,
    /// Every request for data needs the token (always, since issue 23; kept for doctor).
    pub token: bool,
    /// The details (commands, questions, last actions) are sent.
    pub detail: bool,
    /// The listener is not on loopback.
    pub remote: bool,
}

/// `ring-tmux serve --print WHAT`: one read, as JSON on stdout.
pub fn run(what: &str, remote: bool) -> ExitCode {
    let env = Env::from_process();
    let config = crate::gather::read_config(&env.ring_home).0;
    // Read for a page: the caches are used as found, never written.
    crate::store::read_only();
    crate::gather::zeroconf::evidence::want_fresh();
    let mut snapshot = crate::gather::snapshot(&env);
    let key = remote.then(super::snapshot::key_from_env);
    if let Some(key) = &key {
        super::snapshot::redact(&mut snapshot, config.serve_detail, key);
    }
    // The other hosts beside this machine's own (never inside: `json --snapshot` is this
    // machine's alone), from their caches as found.
    let hosts = super::remote::page_hosts(&env, &config, key.as_deref());
    let json = match what {
        "snapshot" => super::remote::with_hosts(snapshot.to_json(), &hosts),
        // What the page derives from the same snapshot at the same clock.
        "view" => {
            let (view, _) = view::page::view(
                &snapshot,
                &hosts,
                snapshot.generated_at,
                &view::ViewOptions::default(),
            );
            serde_json::to_string(&view).unwrap_or_default()
        }
        _ => {
            return crate::sys::voice::usage(
                &t!(
                    "err-serve-print",
                    what = crate::sys::printable::printable(what)
                ),
                &t!("err-serve-print-fix"),
            );
        }
    };
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{json}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn state_dir(env: &Env) -> PathBuf {
    env.ring_home.join("serve")
}

/// Says where the board is (stdout, flushed: scripts and tests read it; the first line is
/// `ring-tmux serve: the board is at URL`, an address one can open on this machine) and
/// leaves the state file for `doctor`. Beyond loopback, on a terminal (or with `qr`), the
/// address another machine opens follows as a QR code (`serve::qr`).
pub fn announce(env: &Env, token: &str, bound: SocketAddr, remote: bool, qr: bool) {
    let config = crate::gather::read_config(&env.ring_home).0;
    let state = State {
        pid: std::process::id(),
        url: format!("http://{bound}/"),
        token: true,
        detail: !remote || config.serve_detail,
        remote,
    };
    let open = |ip: IpAddr| {
        let addr = SocketAddr::new(ip, bound.port());
        format!("http://{addr}/#token={token}")
    };
    let here = if bound.ip().is_unspecified() {
        let loopback = match bound.ip() {
            IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::LOCALHOST),
        };
        open(loopback)
    } else {
        open(bound.ip())
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}", t!("serve-at", url = here.as_str()));
    let others = if bound.ip().is_unspecified() {
        own_addresses(bound.ip())
    } else {
        Vec::new()
    };
    if bound.ip().is_unspecified() {
        if others.is_empty() {
            let _ = writeln!(
                out,
                "{}",
                t!("serve-no-other-address", address = bound.ip().to_string())
            );
        }
        for ip in &others {
            let _ = writeln!(out, "{}", t!("serve-from-elsewhere", url = open(*ip)));
        }
    }
    if remote {
        let _ = writeln!(out, "{}", t!("serve-plain-http"));
        let secrets = if state.detail {
            t!("serve-no-secrets-detail")
        } else {
            t!("serve-no-secrets")
        };
        let _ = writeln!(out, "{secrets}");
    }
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stdout());
    if qr || (remote && terminal) {
        let phone = others.first().map_or_else(|| here.clone(), |ip| open(*ip));
        if let Some(code) = super::qr::render(&phone) {
            let scan = t!(
                "serve-scan",
                url = phone.split('#').next().unwrap_or_default()
            );
            let _ = writeln!(out, "{scan}\n{code}");
        }
    }
    let _ = out.flush();
    if let Ok(dir) = crate::store::safe::Dir::create(&state_dir(env))
        && let Ok(json) = serde_json::to_string(&state)
    {
        let _ = dir.write_atomic(STATE_FILE, json.as_bytes());
    }
}

/// This machine's addresses a listener on `unspecified` (`0.0.0.0` or `[::]`) answers on,
/// loopback and link-local left out (nobody opens those from a phone).
fn own_addresses(unspecified: IpAddr) -> Vec<IpAddr> {
    let Ok(interfaces) = if_addrs::get_if_addrs() else {
        return Vec::new();
    };
    let mut ips: Vec<IpAddr> = interfaces
        .iter()
        .map(if_addrs::Interface::ip)
        .filter(|ip| !ip.is_loopback())
        .filter(|ip| match (ip, unspecified) {
            (IpAddr::V4(v4), IpAddr::V4(_)) => !v4.is_link_local(),
            // `[::]` takes IPv4 too, unless the system says otherwise.
            (IpAddr::V4(v4), IpAddr::V6(_)) => !v4.is_link_local(),
            (IpAddr::V6(v6), IpAddr::V6(_)) => !v6.is_unicast_link_local(),
            (IpAddr::V6(_), IpAddr::V4(_)) => false,
        })
        .collect();
    ips.sort();
    ips.dedup();
    ips
}

/// The state a `serve` left, if that process still runs.
pub fn running(env: &Env) -> Option<State> {
    let path = state_dir(env).join(STATE_FILE);
    let text = crate::store::read_text(&path, 64 << 10, crate::store::Owner::Ring)?;
    let state: State = serde_json::from_str(&text).ok()?;
    let cmdline = std::fs::read(format!("/proc/{}/cmdline", state.pid)).ok()?;
    let serving = cmdline.split(|&b| b == 0).any(|arg| arg == b"serve");
    serving.then_some(state)
}

/// How long a jump a page asked for may take: a person pressed a button and waits to see it
/// happen, on a machine that may be busy.
const JUMP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

#[derive(Debug, Deserialize)]
struct JumpAsk {
    session_id: String,
}

/// `POST /api/jump`: switch the tmux client to the session's pane, or zellij to its tab; a
/// session on another host opens its ssh window ([`super::remote::jump`]).
pub fn jump(body: &[u8], reader: &Reader) -> Response {
    let Ok(ask) = serde_json::from_slice::<JumpAsk>(body) else {
        return reply::json_error(400, "send {\"session_id\": ID}");
    };
    let Some(view) = reader
        .read_private("view")
        .and_then(|json| serde_json::from_str::<View>(&json).ok())
    else {
        return reply::json_error(503, &t!("err-serve-unreadable"));
    };
    let Some(entry) = view.entries.iter().find(|e| e.session_id == ask.session_id) else {
        let config = crate::gather::read_config(&Env::from_process().ring_home).0;
        return match super::remote::unknown_host(&ask.session_id, &config) {
            Some(why) => reply::json_error(404, &why),
            None => reply::json_error(404, &t!("err-serve-no-session")),
        };
    };
    if entry.remote.is_some() {
        return super::remote::jump(entry, &reader.exe);
    }
    let place = crate::act::focus::place::Place {
        session_id: &entry.session_id,
        tmux_socket: entry.tmux_socket.as_deref(),
        zellij_session: entry.zellij_session.as_deref(),
        zellij_pane: entry.zellij_pane.as_deref(),
    };
    let jump = crate::act::focus::place::jump_to(&place, &reader.exe)
        .or_else(|| crate::act::focus::jump::elsewhere(&entry.session_id, &reader.exe));
    let Some(jump) = jump else {
        return reply::json_error(409, &t!("err-serve-no-place"));
    };
    match crate::act::focus::place::run_jump_within(jump, JUMP_TIMEOUT) {
        Ok(()) => reply::json(200, serde_json::json!({ "ok": true }).to_string()),
        Err(e) => reply::json_error(502, &t!("err-serve-jump-not", error = e.to_string())),
    }
}
