//! `ring-tmux serve`: the board in a browser, on a phone, for tools.
//!
//! ```text
//!  GET  /                 the page (HTML, JS, CSS and the wasm module, all embedded)
//!  GET  /api/snapshot     the read inputs (ring_shared::view::snapshot), as ring-tmux reads them
//!  GET  /api/view         the View ring-tmux derives from them (for tools)
//!  GET  /api/events       server-sent events: a new snapshot each time the board changes
//!  POST /api/jump         {"session_id": ID}: switch the tmux client (or zellij) to it
//! ```
//!
//! The page derives the View itself from the snapshot with ring-shared compiled to wasm and
//! re-derives it every second, so time rules (idle times, the Codex permission wait) tick
//! without asking the server. Who may ask is [`auth`]'s business; reads and the change feed
//! are [`feed`]'s. tiny_http serves one thread per connection; the event streams write to
//! their socket directly.

pub mod assets;
pub mod auth;
pub mod feed;
pub mod print;
mod reply;
mod snapshot;

use crate::env::Env;
use auth::{Ask, Policy, Verdict};
use feed::{Hub, Reader};
use std::io::Read;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where `serve` listens unless told otherwise.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:7380";
/// The most requests handled at once (event streams included); more get 503.
const MAX_CONNECTIONS: usize = 64;
/// The largest request body read (a jump is a few dozen bytes).
const BODY_CAP: u64 = 4096;

/// What `ring-tmux serve` was asked.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub listen: Option<String>,
    pub token_file: Option<PathBuf>,
}

/// What every request handler shares.
struct Shared {
    policy: Policy,
    reader: Reader,
    hub: Hub,
    busy: AtomicUsize,
}

/// Serves until killed.
pub fn run(options: &Options) -> ExitCode {
    let env = Env::from_process();
    let listen = options.listen.as_deref().unwrap_or(DEFAULT_LISTEN);
    let Ok(addr) = listen.parse::<SocketAddr>() else {
        return crate::voice::fail(
            &format!(
                "`{}` is not an address to listen on",
                crate::printable::printable(listen)
            ),
            "give IP:PORT, e.g. --listen 127.0.0.1:7380 (loopback) or --listen 0.0.0.0:7380",
        );
    };
    let loopback = addr.ip().is_loopback();
    let token = if loopback && options.token_file.is_none() {
        None
    } else {
        let path = options
            .token_file
            .clone()
            .unwrap_or_else(|| token_path(&env));
        match auth::load_or_create(&path) {
            Ok(token) => Some(token),
            Err(e) => {
                return crate::voice::fail(
                    &format!(
                        "cannot use the token file {}: {e}",
                        crate::printable::path(&path)
                    ),
                    "remove it to have a new token made, or give --token-file PATH",
                );
            }
        }
    };
    let server = match tiny_http::Server::http(addr) {
        Ok(server) => server,
        Err(e) => {
            return crate::voice::fail(
                &format!("cannot listen on {addr}: {e}"),
                "give another --listen address or port, or stop what holds it",
            );
        }
    };
    let bound = server.server_addr().to_ip().unwrap_or(addr);
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("ring-tmux"));
    let shared = Arc::new(Shared {
        policy: Policy {
            token: token.clone(),
            hosts: loopback.then(|| auth::loopback_hosts(bound.ip(), bound.port())),
        },
        reader: Reader {
            exe,
            remote: !loopback,
        },
        hub: Hub::default(),
        busy: AtomicUsize::new(0),
    });
    let url = match &token {
        Some(token) => format!("http://{bound}/?token={token}"),
        None => format!("http://{bound}/"),
    };
    print::announce(&env, &url, bound, token.is_some(), !loopback);
    {
        let shared = Arc::clone(&shared);
        let ring_home = env.ring_home.clone();
        std::thread::spawn(move || feed::watch(&shared.hub, &shared.reader, &ring_home));
    }
    for request in server.incoming_requests() {
        if shared.busy.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            shared.busy.fetch_sub(1, Ordering::SeqCst);
            let _ = request.respond(reply::text(503, "too many connections; try again"));
            continue;
        }
        let shared = Arc::clone(&shared);
        std::thread::spawn(move || {
            handle(request, &shared);
            shared.busy.fetch_sub(1, Ordering::SeqCst);
        });
    }
    ExitCode::SUCCESS
}

/// `serve/token` in the ring folder.
pub fn token_path(env: &Env) -> PathBuf {
    env.ring_home.join("serve").join("token")
}

fn header<'a>(request: &'a tiny_http::Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

fn handle(mut request: tiny_http::Request, shared: &Shared) {
    let url = request.url().to_owned();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let post = *request.method() == tiny_http::Method::Post;
    let ask = Ask {
        post,
        host: header(&request, "Host"),
        origin: header(&request, "Origin"),
        authorization: header(&request, "Authorization"),
        cookie: header(&request, "Cookie"),
        content_type: header(&request, "Content-Type"),
        query_token: auth::query_token(query),
    };
    let verdict = shared.policy.check(&ask);
    let response = match verdict {
        Verdict::Refuse(status, why) => reply::refused(status, why, path.starts_with("/api/")),
        Verdict::SetCookie => {
            let token = shared.policy.token.as_deref().unwrap_or_default();
            reply::set_cookie(path, token)
        }
        Verdict::Allow => match (request.method(), path) {
            (tiny_http::Method::Get, "/api/events") => {
                events(request, shared);
                return;
            }
            (tiny_http::Method::Get | tiny_http::Method::Head, _) => get(path, shared),
            (tiny_http::Method::Post, "/api/jump") => {
                let mut body = Vec::new();
                let _ = request
                    .as_reader()
                    .take(BODY_CAP + 1)
                    .read_to_end(&mut body);
                if body.len() as u64 > BODY_CAP {
                    reply::json_error(413, "the request is too large")
                } else {
                    print::jump(&body, &shared.reader)
                }
            }
            _ => reply::json_error(405, "not a method this address answers"),
        },
    };
    let _ = request.respond(response);
}

fn get(path: &str, shared: &Shared) -> reply::Response {
    match path {
        "/api/snapshot" | "/api/view" => {
            let what = path.trim_start_matches("/api/");
            match shared.reader.read(what) {
                Some(json) => reply::json(200, json),
                None => reply::json_error(503, "the board could not be read; see ring-tmux doctor"),
            }
        }
        _ => match assets::find(path) {
            Some(asset) => reply::asset(asset),
            None if path.starts_with("/pkg/") => reply::text(
                404,
                "this ring-tmux was built without the page's wasm module; run \
                 scripts/build-web.sh, then build ring-tmux again",
            ),
            None => reply::text(404, "nothing here; the board is at /"),
        },
    }
}

/// How long an event stream stays silent before a comment line checks the client is there.
const KEEPALIVE: std::time::Duration = std::time::Duration::from_secs(15);

/// `GET /api/events`: the snapshot now, then each new one, as server-sent events.
fn events(request: tiny_http::Request, shared: &Shared) {
    use std::io::Write;
    let mut out = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
                X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\nretry: 1000\n\n";
    if out
        .write_all(head.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return;
    }
    // The version before this listener's own read: whatever the watcher publishes after it
    // is sent too (at worst once more than needed).
    let mut seen = shared.hub.join();
    let mut ok = match shared.reader.read("snapshot") {
        Some(snapshot) => send(&mut out, &snapshot),
        None => true,
    };
    while ok {
        ok = match shared.hub.next(seen, KEEPALIVE) {
            Some((version, snapshot)) => {
                seen = version;
                send(&mut out, &snapshot)
            }
            None => out
                .write_all(b": keepalive\n\n")
                .and_then(|()| out.flush())
                .is_ok(),
        };
    }
    shared.hub.leave();
}

/// One `snapshot` event (the JSON is one line).
fn send(out: &mut Box<dyn std::io::Write + Send>, snapshot: &str) -> bool {
    let event = format!("event: snapshot\ndata: {snapshot}\n\n");
    out.write_all(event.as_bytes())
        .and_then(|()| out.flush())
        .is_ok()
}
