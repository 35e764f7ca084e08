//! Shared helpers for the `serve_*` tests: the real `ring-tmux serve` on a free port, and a
//! plain HTTP/1.1 client over a real TCP connection (no redirects followed, nothing added).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_ring-tmux");

/// The binary the serve tests start: this build's, or `RING_SERVE_BIN` (how the report shows
/// a test failing against an older build of ring-tmux, without rebuilding the tests).
pub fn serve_bin() -> String {
    std::env::var("RING_SERVE_BIN").unwrap_or_else(|_| BIN.to_owned())
}
/// How long anything may take before the test gives up (generous: CI is loaded).
pub const WITHIN: Duration = Duration::from_secs(20);

/// A running `ring-tmux serve`, killed when dropped.
pub struct Serve {
    pub child: Child,
    /// Where it listens (a loopback address to connect to, even for `0.0.0.0`).
    pub addr: SocketAddr,
    /// The first line it printed: `ring-tmux serve: the board is at URL` (`serve-at`).
    pub url: String,
    /// `#token=` (or an older build's `?token=`) of that URL.
    pub token: Option<String>,
    /// The lines it printed after the first, as they come.
    pub more: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Serve {
    /// `ring-tmux serve --listen LISTEN ARGS` with `env` (HOME, RING_HOME, …).
    pub fn start(listen: &str, args: &[&str], env: &[(&str, String)]) -> Serve {
        Serve::start_limited(listen, args, env, None)
    }

    /// [`Serve::start`] with its open files limited to `nofile` (soft and hard, by prlimit).
    pub fn start_limited(
        listen: &str,
        args: &[&str],
        env: &[(&str, String)],
        nofile: Option<u64>,
    ) -> Serve {
        let bin = serve_bin();
        let mut command = match nofile {
            Some(n) => {
                let mut c = Command::new("prlimit");
                c.arg(format!("--nofile={n}:{n}")).arg("--").arg(&bin);
                c
            }
            None => Command::new(&bin),
        };
        command
            .args(["serve", "--listen", listen])
            .args(args)
            .env_remove("TMUX")
            .env_remove("TMUX_PANE")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("serve starts");
        let stdout = child.stdout.take().expect("stdout");
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        reader.read_line(&mut line).expect("serve says where it is");
        let more = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        {
            let more = std::sync::Arc::clone(&more);
            std::thread::spawn(move || {
                for line in reader.lines().map_while(Result::ok) {
                    more.lock().expect("lines").push(line);
                }
            });
        }
        let url = line
            .trim()
            .strip_prefix(crate::lang_support::pieces("serve-at", &[])[0].as_str())
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_owned();
        let hostport = url
            .strip_prefix("http://")
            .and_then(|u| u.split('/').next())
            .expect("http URL");
        let mut addr: SocketAddr = hostport.parse().expect("address");
        if addr.ip().is_unspecified() {
            addr.set_ip("127.0.0.1".parse().expect("ip"));
        }
        let token = url
            .split_once("#token=")
            .or_else(|| url.split_once("?token="))
            .map(|(_, t)| t.to_owned());
        Serve {
            child,
            addr,
            url,
            token,
            more,
        }
    }

    /// Whether the server process still runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Its resident memory (kB, `VmRSS` of /proc/PID/status).
    pub fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .expect("VmRSS")
    }

    /// An owner's `GET PATH` with the token, retried until it answers or [`WITHIN`] passes:
    /// its reply (`None`: never answered).
    pub fn owner_get(&self, path: &str) -> Option<Reply> {
        let bearer = self.bearer_or_none();
        let deadline = Instant::now() + WITHIN;
        while Instant::now() < deadline {
            let headers: Vec<(&str, &str)> = bearer
                .as_deref()
                .map(|b| vec![("Authorization", b)])
                .unwrap_or_default();
            if let Ok(reply) = try_request(self.addr, "GET", path, &self.host(), &headers, None) {
                return Some(reply);
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        None
    }

    /// `Authorization: Bearer TOKEN` as a header line, or an empty `X-None:` line when the
    /// server printed no token (an older build on loopback).
    pub fn bearer_header(&self) -> String {
        self.bearer_or_none()
            .map_or_else(|| "X-None: 1".to_owned(), |b| format!("Authorization: {b}"))
    }

    fn bearer_or_none(&self) -> Option<String> {
        self.token.as_ref().map(|t| format!("Bearer {t}"))
    }

    /// `Host:` for requests to it.
    pub fn host(&self) -> String {
        self.addr.to_string()
    }

    /// A GET with these extra header lines.
    pub fn get(&self, path: &str, headers: &[(&str, &str)]) -> Reply {
        request(self.addr, "GET", path, &self.host(), headers, None)
    }

    /// A POST of a JSON body with these extra header lines.
    pub fn post(&self, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
        request(self.addr, "POST", path, &self.host(), headers, Some(body))
    }

    /// `Authorization: Bearer TOKEN` (an older build on loopback printed none: then a token
    /// it ignores).
    pub fn bearer(&self) -> String {
        format!(
            "Bearer {}",
            self.token.as_deref().unwrap_or("no-token-printed")
        )
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: status, header lines (lowercased names) and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == &name.to_ascii_lowercase())
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }
}

/// One request on a fresh connection (`Connection: close`), the whole response read.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    host: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Reply {
    try_request(addr, method, path, host, headers, body).expect("a reply")
}

/// [`request`], failing with the I/O error instead of panicking.
pub fn try_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    host: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> std::io::Result<Reply> {
    let mut stream = TcpStream::connect_timeout(&addr, WITHIN)?;
    stream.set_read_timeout(Some(WITHIN))?;
    let mut text = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(body) = body {
        text.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    text.push_str("\r\n");
    text.push_str(body.unwrap_or(""));
    stream.write_all(text.as_bytes())?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    if raw.is_empty() {
        return Err(std::io::Error::other("closed without a reply"));
    }
    Ok(parse(&String::from_utf8_lossy(&raw)))
}

fn parse(raw: &str) -> Reply {
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((raw, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {raw:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_owned(),
    }
}

/// An open `GET /api/events`: reads its events one by one.
pub struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    pub fn open(serve: &Serve, headers: &[(&str, &str)]) -> Events {
        let (status, events) = Events::try_open(serve, headers);
        assert_eq!(status, 200, "events");
        events.expect("a stream")
    }

    /// `GET /api/events`: its status, and the stream when it is 200.
    pub fn try_open(serve: &Serve, headers: &[(&str, &str)]) -> (u16, Option<Events>) {
        let mut stream = TcpStream::connect_timeout(&serve.addr, WITHIN).expect("connect");
        stream.set_read_timeout(Some(WITHIN)).expect("timeout");
        let mut text = format!("GET /api/events HTTP/1.1\r\nHost: {}\r\n", serve.host());
        for (name, value) in headers {
            text.push_str(&format!("{name}: {value}\r\n"));
        }
        text.push_str("\r\n");
        stream.write_all(text.as_bytes()).expect("send");
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        let _ = reader.read_line(&mut status);
        let code = status
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        if code != 200 {
            return (code, None);
        }
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("header");
            if line.trim().is_empty() {
                break;
            }
        }
        (code, Some(Events { reader }))
    }

    /// The data of the next `snapshot` event, or `None` when none came before `deadline`.
    pub fn next_snapshot(&mut self, deadline: Instant) -> Option<serde_json::Value> {
        let mut event = String::new();
        loop {
            if Instant::now() >= deadline {
                return None;
            }
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => continue,
                Err(e) => panic!("events: {e}"),
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if let Some(name) = line.strip_prefix("event: ") {
                event = name.to_owned();
            } else if let Some(data) = line.strip_prefix("data: ")
                && event == "snapshot"
            {
                return Some(serde_json::from_str(data).expect("snapshot JSON"));
            }
        }
    }

    /// Reads events until one satisfies `f` (or `WITHIN` passes).
    pub fn until(&mut self, f: impl Fn(&serde_json::Value) -> bool) -> Option<serde_json::Value> {
        let deadline = Instant::now() + WITHIN;
        while let Some(snapshot) = self.next_snapshot(deadline) {
            if f(&snapshot) {
                return Some(snapshot);
            }
        }
        None
    }
}

/// The environment of a serve over the ring folder `ring` with home `home` (a fixed clock,
/// every process scan from `procs.json` beside the ring folder).
pub fn env_for(home: &Path, ring: &Path, now: f64) -> Vec<(&'static str, String)> {
    let procs = ring.parent().expect("parent").join("procs.json");
    if !procs.exists() {
        std::fs::write(&procs, "{}").expect("procs");
    }
    vec![
        ("HOME", home.display().to_string()),
        ("RING_HOME", ring.display().to_string()),
        ("RING_NOW", format!("{now}")),
        ("RING_PROCS", procs.display().to_string()),
    ]
}

/// `ring-tmux serve --listen LISTEN` on `home`'s folders, its clock a few seconds after [`T0`].
///
/// [`T0`]: crate::hook_support::T0
pub fn serve_on(home: &crate::hook_support::Home, listen: &str) -> Serve {
    let now = crate::hook_support::T0 + 5.0;
    Serve::start(listen, &[], &env_for(&home.home(), &home.ring(), now))
}
