//! `ring-tmux serve`: the board in a browser, on a phone, for tools.
//!
//! ```text
//!  GET  /                 the page (HTML, JS, CSS and the wasm module, all embedded)
//!  GET  /api/snapshot     the read inputs (ring_shared::view::snapshot), as ring-tmux reads them
//!  GET  /api/view         the View ring-tmux derives from them (for tools)
//!  GET  /api/events       server-sent events: a new snapshot each time the board changes
//!  POST /api/jump         {"session_id": ID}: switch the tmux client (or zellij) to it
//!  GET  /api/dialog       ?session=ID: the session's dialog, as `reply` reads it ([`answer`])
//!  POST /api/reply        {"session", "option", "fingerprint"}: answer it ([`answer`])
//! ```
//!
//! The page derives the View itself from the snapshot with ring-shared compiled to wasm and
//! re-derives it every second, so time rules (idle times, the Codex permission wait) tick
//! without asking the server. Who may ask is [`auth`]'s business; reads and the change feed
//! are [`feed`]'s; how many connections anyone may hold is [`limits`]'. The HTTP is hyper's
//! (HTTP/1.1 on a small tokio runtime), with its limits set: a request head of at most
//! [`MAX_HEAD`] (431 past it), read within [`HEAD_TIMEOUT`]; a body refused unread past
//! `BODY_CAP` (16 KiB); a connection idle for [`IDLE_TIMEOUT`] closed. Sessions of other
//! hosts (`remote_hosts`) are on the page too, their refreshers kept going ([`remote`]).
mod answer;
pub mod assets;
pub mod auth;
mod conn;
mod events;
pub mod feed;
pub mod limits;
pub mod print;
mod qr;
mod remote;
mod reply;
mod snapshot;
mod texts;

use crate::sys::env::Env;
use auth::{Ask, Policy, Verdict};
use bytes::Bytes;
use feed::{Hub, Reader};
use http_body_util::{BodyExt, Limited};
use hyper::body::Incoming;
use limits::{Conns, Limits};
use reply::Response;
use ring_shared::t;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// Where `serve` listens unless told otherwise.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:7380";
/// The largest request head (request line and headers) read; past it, 431.
pub const MAX_HEAD: usize = 16 << 10;
/// How long a client may take to send a whole request head (a slowloris is cut then).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a connection may sit with no request before it is closed.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(20);
/// The largest request body taken (a jump is a few dozen bytes); more is refused unread (413).
const BODY_CAP: u64 = 16 << 10;

/// What `ring-tmux serve` was asked.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub listen: Option<String>,
    pub token_file: Option<PathBuf>,
    /// Print the address as a QR code even when stdout is not a terminal.
    pub qr: bool,
}

/// What every request handler shares.
pub(super) struct Shared {
    policy: Policy,
    reader: Reader,
    hub: Hub,
    conns: Arc<Conns>,
    log: crate::store::ErrorLog,
    env: Env,
    answers: answer::Gate,
}

/// Serves until killed; exits non-zero, saying why, when it cannot go on.
pub fn run(options: &Options) -> ExitCode {
    let env = Env::from_process();
    let listen = options.listen.as_deref().unwrap_or(DEFAULT_LISTEN);
    let Ok(addr) = listen.parse::<SocketAddr>() else {
        return crate::sys::voice::fail(
            &ring_shared::t!(
                "err-serve-address",
                address = crate::sys::printable::printable(listen)
            ),
            &ring_shared::t!("err-serve-address-fix"),
        );
    };
    let loopback = addr.ip().is_loopback();
    let path = options
        .token_file
        .clone()
        .unwrap_or_else(|| token_path(&env));
    let token = match auth::load_or_create(&path) {
        Ok(token) => token,
        Err(e) => {
            return crate::sys::voice::fail(
                &ring_shared::t!(
                    "err-serve-token",
                    path = crate::sys::printable::path(&path),
                    error = e.to_string()
                ),
                &ring_shared::t!("err-serve-token-fix"),
            );
        }
    };
    let listener = match std::net::TcpListener::bind(addr).and_then(|l| {
        l.set_nonblocking(true)?;
        Ok(l)
    }) {
        Ok(listener) => listener,
        Err(e) => {
            return crate::sys::voice::fail(
                &ring_shared::t!(
                    "err-serve-listen",
                    address = addr.to_string(),
                    error = e.to_string()
                ),
                &ring_shared::t!("err-serve-listen-fix"),
            );
        }
    };
    let bound = listener.local_addr().unwrap_or(addr);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            return crate::sys::voice::fail(
                &ring_shared::t!("err-serve-start", error = e.to_string()),
                "",
            );
        }
    };
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("ring-tmux"));
    let shared = Arc::new(Shared {
        policy: Policy {
            token: token.clone(),
            hosts: loopback.then(|| auth::loopback_hosts(bound.ip(), bound.port())),
        },
        reader: Reader {
            exe,
            remote: !loopback,
            key: auth::fresh_token().unwrap_or_default(),
        },
        hub: Hub::default(),
        conns: Conns::new(Limits::for_descriptors(raise_descriptor_limit())),
        log: crate::store::ErrorLog::new(&env.ring_home),
        env: env.clone(),
        answers: answer::Gate::default(),
    });
    print::announce(&env, &token, bound, !loopback, options.qr);
    {
        let shared = Arc::clone(&shared);
        let ring_home = env.ring_home.clone();
        std::thread::spawn(move || feed::watch(&shared.hub, &shared.reader, &ring_home));
    }
    {
        let env = env.clone();
        std::thread::spawn(move || remote::keep_fresh(&env));
    }
    let error = runtime.block_on(async move {
        match tokio::net::TcpListener::from_std(listener) {
            Ok(listener) => conn::accept(listener, shared).await,
            Err(e) => e,
        }
    });
    crate::sys::voice::fail(
        &ring_shared::t!(
            "err-serve-stopped",
            address = bound.to_string(),
            error = error.to_string()
        ),
        &ring_shared::t!("err-serve-stopped-fix"),
    )
}

/// The soft limit on open files raised to the hard one (what a server is allowed); the limit.
fn raise_descriptor_limit() -> u64 {
    use rustix::process::{Resource, getrlimit, setrlimit};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.current != limit.maximum {
        limit.current = limit.maximum;
        let _ = setrlimit(Resource::Nofile, limit);
    }
    getrlimit(Resource::Nofile).current.unwrap_or(1 << 20)
}

/// `serve/token` in the ring folder.
pub fn token_path(env: &Env) -> PathBuf {
    env.ring_home.join("serve").join("token")
}

fn header<'a>(request: &'a hyper::Request<Incoming>, name: &str) -> Option<&'a str> {
    request.headers().get(name).and_then(|v| v.to_str().ok())
}

pub(super) async fn handle(
    request: hyper::Request<Incoming>,
    peer: IpAddr,
    shared: &Arc<Shared>,
    busy: limits::Busy,
) -> Response {
    let path = request.uri().path().to_owned();
    let method = request.method().clone();
    let post = method == hyper::Method::POST;
    let get = method == hyper::Method::GET || method == hyper::Method::HEAD;
    let ask = Ask {
        post,
        public: get && (assets::find(&path).is_some() || path.starts_with("/pkg/")),
        host: header(&request, "host"),
        origin: header(&request, "origin"),
        authorization: header(&request, "authorization"),
        content_type: header(&request, "content-type"),
    };
    if let Verdict::Refuse(status, why) = shared.policy.check(&ask) {
        return reply::refused(status, &why, path.starts_with("/api/"));
    }
    match (get, post, path.as_str()) {
        (true, _, "/api/events") => events::events(peer, shared, busy),
        (true, _, "/api/snapshot" | "/api/view") => {
            let what = path.trim_start_matches("/api/").to_owned();
            let shared = Arc::clone(shared);
            let read = tokio::task::spawn_blocking(move || shared.reader.read(&what)).await;
            match read.ok().flatten() {
                Some(json) => reply::json(200, json),
                None => reply::json_error(503, &t!("err-serve-unreadable")),
            }
        }
        (true, _, "/api/dialog") => {
            let (asked, query) = (asked(&request), request.uri().query().map(str::to_owned));
            let shared = Arc::clone(shared);
            tokio::task::spawn_blocking(move || answer::dialog(query.as_deref(), &asked, &shared))
                .await
                .unwrap_or_else(|_| reply::json_error(500, &t!("err-serve-dialog-unreadable")))
        }
        (true, _, "/api/reply") => reply::json_error(405, &t!("err-serve-answer-post")),
        (true, _, _) => static_file(&path),
        (_, true, "/api/jump") => jump(request, shared).await,
        (_, true, "/api/reply") => {
            let asked = asked(&request);
            let body = match body(request).await {
                Ok(body) => body,
                Err(response) => return response,
            };
            let shared = Arc::clone(shared);
            tokio::task::spawn_blocking(move || answer::answer(&body, peer, &asked, &shared))
                .await
                .unwrap_or_else(|_| reply::json_error(500, &t!("err-serve-answer-failed")))
        }
        _ => reply::json_error(405, &t!("err-serve-method")),
    }
}

fn static_file(path: &str) -> Response {
    match assets::find(path) {
        Some(asset) if asset.path == "/" => reply::filled(asset, texts::page()),
        Some(asset) if asset.path == "/texts.js" => reply::filled(asset, texts::script()),
        Some(asset) => reply::asset(asset),
        None if path.starts_with("/pkg/") => reply::text(404, &t!("err-serve-no-wasm")),
        None => reply::text(404, &t!("err-serve-not-found")),
    }
}

/// The headers an answer is judged by ([`answer::foreign`]).
fn asked(request: &hyper::Request<Incoming>) -> answer::Asked {
    let owned = |name| header(request, name).map(str::to_owned);
    answer::Asked {
        host: owned("host"),
        origin: owned("origin"),
        fetch_site: owned("sec-fetch-site"),
        user_agent: owned("user-agent"),
    }
}

/// A POST's body: refused unread when it says it is over [`BODY_CAP`], and read no further
/// than that when it does not say.
async fn body(request: hyper::Request<Incoming>) -> Result<Bytes, Response> {
    let declared = header(&request, "content-length").map(|n| n.trim().parse::<u64>());
    if declared.is_some_and(|n| n.map_or(true, |n| n > BODY_CAP)) {
        return Err(reply::json_error(413, &t!("err-serve-too-large")));
    }
    let cap = usize::try_from(BODY_CAP).unwrap_or(usize::MAX);
    match Limited::new(request.into_body(), cap).collect().await {
        Ok(body) => Ok(body.to_bytes()),
        Err(_) => Err(reply::json_error(413, &t!("err-serve-too-large"))),
    }
}

/// `POST /api/jump`.
async fn jump(request: hyper::Request<Incoming>, shared: &Arc<Shared>) -> Response {
    let body = match body(request).await {
        Ok(body) => body,
        Err(response) => return response,
    };
    let shared = Arc::clone(shared);
    tokio::task::spawn_blocking(move || print::jump(&body, &shared.reader))
        .await
        .unwrap_or_else(|_| reply::json_error(500, &t!("err-serve-jump-failed")))
}
