//! `ring-tmux serve` against a hostile network, over real TCP to the real server on loopback:
//! oversized bodies and headers, a slowloris, a connection flood past the server's file
//! descriptors, event streams held by one client; what a page off loopback gets (no secret,
//! no folder); `Host` without a port on port 80; the address it prints. Every loop here is
//! bounded in count and time, and the connections it opens close when the test ends.

use crate::hook_support::{Home, T0};
use crate::serve_support::{Events, Serve, WITHIN, env_for, serve_on, try_request};
use serde_json::json;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

fn waiting_home() -> Home {
    let home = Home::new();
    home.event(
        json!({"hook_event_name": "Notification", "session_id": "s1", "cwd": "/work/api",
               "notification_type": "permission_prompt",
               "message": "Claude needs your permission to use Bash"}),
        T0 + 1.0,
    );
    home
}

/// Asserts the owner still gets the board, and the server still runs.
fn owner_is_answered(serve: &mut Serve, when: &str) {
    let reply = serve.owner_get("/api/view");
    assert!(serve.running(), "{when}: the server is gone");
    let reply = reply.unwrap_or_else(|| panic!("{when}: the owner got no answer"));
    assert_eq!(reply.status, 200, "{when}: {reply:?}");
    assert_eq!(reply.json()["entries"][0]["session_id"], "s1", "{when}");
}

fn connect(addr: SocketAddr) -> Option<TcpStream> {
    let stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).ok()?;
    stream.set_read_timeout(Some(WITHIN)).ok()?;
    stream.set_write_timeout(Some(WITHIN)).ok()?;
    Some(stream)
}

/// The status line of whatever `stream` gets back (`None`: closed or reset first).
fn status_of(stream: &mut TcpStream) -> Option<u16> {
    let mut head = [0u8; 64];
    let mut got = 0;
    while got < 12 {
        match stream.read(&mut head[got..]) {
            Ok(0) | Err(_) => break,
            Ok(n) => got += n,
        }
    }
    let text = String::from_utf8_lossy(&head[..got]).to_string();
    text.split_whitespace().nth(1).and_then(|s| s.parse().ok())
}

#[test]
fn a_body_declared_huge_is_refused_unread_and_the_server_stays_up() {
    let home = waiting_home();
    let mut serve = serve_on(&home, "127.0.0.1:0");
    let bearer = serve.bearer_header();
    let mut stream = connect(serve.addr).expect("connect");
    let head = format!(
        "POST /api/jump HTTP/1.1\r\nHost: {}\r\n{bearer}\r\nContent-Type: application/json\r\n\
         Content-Length: 99999999999999\r\n\r\n{{\"session_id\":",
        serve.host()
    );
    stream.write_all(head.as_bytes()).expect("send");
    assert_eq!(status_of(&mut stream), Some(413), "refused for its size");
    drop(stream);
    owner_is_answered(&mut serve, "after a 99999999999999-byte Content-Length");
}

#[test]
fn a_huge_header_line_is_refused_without_growing_the_server() {
    let home = waiting_home();
    let mut serve = serve_on(&home, "127.0.0.1:0");
    owner_is_answered(&mut serve, "before");
    let before = serve.rss_kb();
    let mut stream = connect(serve.addr).expect("connect");
    let head = format!(
        "GET /api/view HTTP/1.1\r\nHost: {}\r\nX-Big: ",
        serve.host()
    );
    stream.write_all(head.as_bytes()).expect("send");
    // 96 MiB of one header line, 64 KiB at a time, until the server stops taking it.
    let chunk = vec![b'a'; 64 << 10];
    let mut sent = 0usize;
    for _ in 0..(96 * 16) {
        if stream.write_all(&chunk).is_err() {
            break;
        }
        sent += chunk.len();
    }
    let status = status_of(&mut stream);
    let after = serve.rss_kb();
    drop(stream);
    // Reported, not asserted: what this run saw.
    eprintln!("# huge header: {sent} bytes taken, {status:?}, VmRSS {before} -> {after} kB");
    assert!(
        status == Some(431) || sent < (1 << 20),
        "a {sent}-byte header was taken and answered {status:?}"
    );
    assert!(
        after < before + 32 * 1024,
        "the server grew from {before} kB to {after} kB on a {sent}-byte header"
    );
    owner_is_answered(&mut serve, "after a huge header");
}

#[test]
fn a_header_line_over_the_cap_gets_431() {
    let home = waiting_home();
    let mut serve = serve_on(&home, "127.0.0.1:0");
    let mut stream = connect(serve.addr).expect("connect");
    let big = "a".repeat(64 << 10);
    let request = format!(
        "GET /api/view HTTP/1.1\r\nHost: {}\r\nX-Big: {big}\r\n\r\n",
        serve.host()
    );
    // Small enough to sit in the socket buffers whole: the answer is not lost to a reset.
    let _ = stream.write_all(request.as_bytes());
    assert_eq!(status_of(&mut stream), Some(431));
    owner_is_answered(&mut serve, "after a 64 KiB header");
}

#[test]
fn a_slowloris_is_cut_off_and_the_owner_is_answered_meanwhile() {
    let home = waiting_home();
    let mut serve = serve_on(&home, "127.0.0.1:0");
    let host = serve.host();
    let mut slow: Vec<TcpStream> = (0..40).filter_map(|_| connect(serve.addr)).collect();
    for stream in &mut slow {
        stream
            .write_all(format!("GET /api/view HTTP/1.1\r\nHost: {host}\r\nX-Slow: ").as_bytes())
            .expect("send");
        stream.set_nonblocking(true).expect("nonblocking");
    }
    // One byte a second on each, for at most 45 s, until the server has closed them all.
    let deadline = Instant::now() + Duration::from_secs(45);
    let mut open = slow.len();
    while open > 0 && Instant::now() < deadline {
        owner_is_answered(&mut serve, "during a slowloris");
        std::thread::sleep(Duration::from_secs(1));
        open = 0;
        for stream in &mut slow {
            let mut byte = [0u8; 512];
            let closed = match stream.read(&mut byte) {
                Ok(_) => true,
                Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
            };
            if !closed && stream.write_all(b"x").is_ok() {
                open += 1;
            }
        }
    }
    assert_eq!(open, 0, "{open} slow connections still open after 45 s");
    owner_is_answered(&mut serve, "after a slowloris");
}

#[test]
fn six_hundred_idle_connections_past_the_descriptor_limit_do_not_stop_the_server() {
    let home = waiting_home();
    let env = env_for(&home.home(), &home.ring(), T0 + 5.0);
    let mut serve = Serve::start_limited("127.0.0.1:0", &[], &env, Some(256));
    owner_is_answered(&mut serve, "before");
    let idle: Vec<TcpStream> = (0..600).filter_map(|_| connect(serve.addr)).collect();
    // Let the server take them all from its backlog.
    std::thread::sleep(Duration::from_secs(2));
    owner_is_answered(&mut serve, "with 600 idle connections held");
    assert!(idle.len() >= 500, "only {} connections opened", idle.len());
    drop(idle);
    owner_is_answered(&mut serve, "after they closed");
}

#[test]
fn seventy_event_streams_from_one_client_do_not_lock_out_a_request() {
    let home = waiting_home();
    let mut serve = serve_on(&home, "127.0.0.1:0");
    let bearer = serve.bearer();
    let mut streams = Vec::new();
    let mut refused = Vec::new();
    for _ in 0..70 {
        match Events::try_open(&serve, &[("Authorization", &bearer)]) {
            (200, Some(events)) => streams.push(events),
            (status, _) => refused.push(status),
        }
    }
    owner_is_answered(&mut serve, "with 70 event streams asked for");
    assert!(!streams.is_empty(), "no stream at all");
    assert!(
        !refused.is_empty() && refused.iter().all(|&s| s == 429),
        "streams over the cap: {refused:?}"
    );
    // A stream that closes gives its place back.
    streams.pop();
    let deadline = Instant::now() + WITHIN;
    let reopened = std::iter::from_fn(|| {
        (Instant::now() < deadline).then(|| {
            let (status, events) = Events::try_open(&serve, &[("Authorization", &bearer)]);
            if status != 200 {
                std::thread::sleep(Duration::from_millis(200));
            }
            events
        })
    })
    .flatten()
    .next();
    assert!(
        reopened.is_some(),
        "a closed stream's place never came back"
    );
}

#[test]
fn off_loopback_the_page_gets_no_secret_and_no_folder() {
    let home = Home::new();
    let under_home = home.home().join("work").join("api");
    let transcript = home.home().join(".claude").join("projects").join("t.jsonl");
    home.event(
        json!({"hook_event_name": "Notification", "session_id": "s1",
               "cwd": under_home.display().to_string(),
               "transcript_path": transcript.display().to_string(),
               "notification_type": "permission_prompt",
               "message": "Claude needs your permission to use Bash"}),
        T0 + 1.0,
    );
    std::fs::write(
        home.ring().join("config.toml"),
        "notify_command = \"curl -H 'Authorization: Bearer SECRET123' https://api.example\"\n\
         notify_ntfy_url = \"https://ntfy.sh/ring-topic-7f3a\"\n\
         notify_webhook_url = \"https://hooks.example/T000/B000/hooksecret\"\n\
         working_threshold_seconds = 9\n",
    )
    .expect("config");
    let secrets = [
        "SECRET123",
        "ring-topic-7f3a",
        "hooksecret",
        "hooks.example",
        "notify_",
    ];
    let home_path = home.home().display().to_string();
    let serve = serve_on(&home, "0.0.0.0:0");
    let bearer = serve.bearer();
    let auth = [("Authorization", bearer.as_str())];
    let snapshot = serve.get("/api/snapshot", &auth);
    let view = serve.get("/api/view", &auth);
    let event = Events::open(&serve, &auth)
        .until(|_| true)
        .expect("an event")
        .to_string();
    for (what, text) in [
        ("snapshot", &snapshot.body),
        ("view", &view.body),
        ("event", &event),
    ] {
        for secret in secrets.iter().chain([&home_path.as_str(), &"/work/api"]) {
            assert!(!text.contains(secret), "{what} holds {secret:?}: {text}");
        }
    }
    // What the page draws is all there: the session, its state, its project, the config's
    // display keys.
    let entry = &view.json()["entries"][0];
    assert_eq!(entry["status"], "waiting", "{entry}");
    assert_eq!(entry["project"], "api", "{entry}");
    assert!(
        snapshot.json()["config"]
            .as_str()
            .is_some_and(|c| c.contains("working_threshold_seconds = 9")),
        "{}",
        snapshot.body
    );
    // serve_detail sends the details and folders, never the notification secrets.
    let mut config = std::fs::read_to_string(home.ring().join("config.toml")).expect("config");
    config.push_str("serve_detail = true\n");
    std::fs::write(home.ring().join("config.toml"), config).expect("config");
    let detailed = serve.get("/api/snapshot", &auth).body;
    assert!(detailed.contains("/work/api"), "{detailed}");
    for secret in secrets {
        assert!(!detailed.contains(secret), "with serve_detail: {secret:?}");
    }
}

#[test]
fn on_port_80_host_without_the_port_is_answered_and_other_names_are_not() {
    // Port 80 on an address of the loopback range of its own, so no other test or program
    // holds it; binding it needs root (CI is root), so without it there is nothing to test.
    let octet = 2 + std::process::id() % 250;
    let ip = format!("127.80.{}.{}", octet, 1 + std::process::id() % 200);
    if std::net::TcpListener::bind(format!("{ip}:80")).is_err() {
        eprintln!("skipped: cannot bind {ip}:80 here");
        return;
    }
    let home = waiting_home();
    let serve = serve_on(&home, &format!("{ip}:80"));
    let bearer = serve.bearer();
    let auth = [("Authorization", bearer.as_str())];
    for host in [ip.as_str(), &format!("{ip}:80"), "localhost"] {
        let reply = try_request(serve.addr, "GET", "/api/view", host, &auth, None).expect("reply");
        assert_eq!(reply.status, 200, "Host: {host}: {reply:?}");
    }
    for host in ["evil.example", "evil.example:80"] {
        let reply = try_request(serve.addr, "GET", "/api/view", host, &auth, None).expect("reply");
        assert_eq!(reply.status, 421, "Host: {host}: {reply:?}");
    }
}

#[test]
fn on_every_interface_it_prints_an_address_one_can_open_and_says_it_is_plain_http() {
    let home = waiting_home();
    let serve = serve_on(&home, "0.0.0.0:0");
    assert!(
        !serve.url.contains("0.0.0.0"),
        "not an address to open: {}",
        serve.url
    );
    assert!(serve.url.starts_with("http://127.0.0.1:"), "{}", serve.url);
    let deadline = Instant::now() + WITHIN;
    let warning = crate::lang_support::tr("serve-plain-http", &[]);
    let warned = || serve.more.lock().expect("lines").contains(&warning);
    while !warned() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(warned(), "no plain-HTTP warning in {:?}", serve.more);
    for line in serve.more.lock().expect("lines").iter() {
        assert!(!line.contains("0.0.0.0:"), "{line}");
    }
}
