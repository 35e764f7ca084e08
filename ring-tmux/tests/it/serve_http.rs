//! `ring-tmux serve` over real TCP: who is let in (the token everywhere, in a header, never a
//! cookie; the host and origin checks), what is sent (no secrets and no folders beyond
//! loopback, details only when allowed, strict headers), the change feed after a real hook
//! event, and a POST jump that moves a real tmux client. Its limits are `serve_limits.rs`'.

use crate::e2e_tmux::world::{self, World, payload, poll};
use crate::hook_support::{Home, T0};
use crate::lang_support::{pieces, tr};
use crate::serve_support::{Events, Serve, WITHIN, env_for, serve_on};
use serde_json::json;
use std::os::unix::fs::PermissionsExt;

fn waiting_home() -> Home {
    let home = Home::new();
    home.event(
        json!({"hook_event_name": "PreToolUse", "session_id": "s1", "cwd": "/work/api",
               "tool_name": "Bash", "tool_input": {"command": "rm -rf /secret/place"}}),
        T0,
    );
    home.event(
        json!({"hook_event_name": "Notification", "session_id": "s1", "cwd": "/work/api",
               "notification_type": "permission_prompt",
               "message": "Claude needs your permission to use Bash"}),
        T0 + 1.0,
    );
    home
}

#[test]
fn remote_listener_refuses_every_request_for_data_without_the_token() {
    let home = waiting_home();
    let serve = serve_on(&home, "0.0.0.0:0");
    let token = serve
        .token
        .clone()
        .expect("a non-loopback listener prints its token");
    for path in ["/api/view", "/api/snapshot", "/api/events"] {
        let reply = serve.get(path, &[]);
        assert_eq!(reply.status, 401, "{path} without the token: {reply:?}");
        assert!(!reply.body.contains("/work/api"), "{path} leaked the board");
        let wrong = serve.get(path, &[("Authorization", "Bearer 0000000000000000")]);
        assert_eq!(wrong.status, 401, "{path} with a wrong token");
    }
    // The page's shell and files hold no data: they load, then the page asks with the token.
    for path in ["/", "/app.js"] {
        let reply = serve.get(path, &[]);
        assert_eq!(reply.status, 200, "{path}: {reply:?}");
        assert!(!reply.body.contains("/work/api"), "{path} leaked the board");
    }
    let reply = serve.post(
        "/api/jump",
        &[("Content-Type", "application/json")],
        r#"{"session_id":"s1"}"#,
    );
    assert_eq!(reply.status, 401, "a POST without the token");
    let view = serve.get("/api/view", &[("Authorization", &serve.bearer())]);
    assert_eq!(view.status, 200, "{view:?}");
    assert_eq!(view.json()["entries"][0]["session_id"], "s1");
    // The token file: made once, 0600 in a 0700 folder.
    let file = home.ring().join("serve").join("token");
    assert_eq!(std::fs::read_to_string(&file).expect("token").trim(), token);
    let mode =
        |p: &std::path::Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode(&file), 0o600);
    assert_eq!(mode(file.parent().expect("folder")), 0o700);
}

#[test]
fn loopback_needs_the_token_in_a_header_and_never_sets_a_cookie() {
    let home = waiting_home();
    let serve = serve_on(&home, "127.0.0.1:0");
    let token = serve.token.clone().expect("loopback prints its token too");
    assert!(
        serve.url.ends_with(&format!("/#token={token}")),
        "the token goes in the fragment, which no server sees: {}",
        serve.url
    );
    let mut replies = Vec::new();
    for path in ["/api/view", "/api/snapshot", "/api/events"] {
        let reply = serve.get(path, &[]);
        assert_eq!(
            reply.status, 401,
            "{path} without the token on loopback: {reply:?}"
        );
        assert!(!reply.body.contains("/work/api"), "{path} leaked the board");
        // Neither a `?token=` nor a cookie lets anyone in.
        let query = serve.get(&format!("{path}?token={token}"), &[]);
        assert_eq!(query.status, 401, "{path}?token=: {query:?}");
        let cookie = serve.get(path, &[("Cookie", &format!("ring_token={token}"))]);
        assert_eq!(cookie.status, 401, "{path} with a cookie: {cookie:?}");
        replies.extend([reply, query, cookie]);
    }
    let jump = serve.post(
        "/api/jump",
        &[("Content-Type", "application/json")],
        r#"{"session_id":"s1"}"#,
    );
    assert_eq!(jump.status, 401, "a POST without the token: {jump:?}");
    let view = serve.get("/api/view", &[("Authorization", &serve.bearer())]);
    assert_eq!(view.status, 200, "{view:?}");
    assert_eq!(view.json()["entries"][0]["session_id"], "s1");
    replies.push(serve.get(&format!("/?token={token}"), &[]));
    replies.push(serve.get("/", &[]));
    replies.push(view);
    replies.push(jump);
    for reply in &replies {
        assert_eq!(reply.header("set-cookie"), None, "a cookie: {reply:?}");
    }
}

#[test]
fn a_post_with_the_token_must_still_come_from_the_page_as_json() {
    let home = waiting_home();
    let serve = serve_on(&home, "127.0.0.1:0");
    let bearer = serve.bearer();
    let forged = serve.post(
        "/api/jump",
        &[
            ("Authorization", &bearer),
            ("Origin", "http://evil.example"),
            ("Content-Type", "application/json"),
        ],
        r#"{"session_id":"s1"}"#,
    );
    assert_eq!(forged.status, 403, "{forged:?}");
    let form = serve.post(
        "/api/jump",
        &[("Authorization", &bearer), ("Content-Type", "text/plain")],
        r#"{"session_id":"s1"}"#,
    );
    assert_eq!(form.status, 415, "{form:?}");
}

#[test]
fn loopback_listener_answers_only_to_its_own_host_name() {
    let home = waiting_home();
    let serve = serve_on(&home, "127.0.0.1:0");
    let bearer = serve.bearer();
    let auth = [("Authorization", bearer.as_str())];
    assert_eq!(serve.get("/api/view", &auth).status, 200);
    let port = serve.addr.port();
    let localhost = crate::serve_support::request(
        serve.addr,
        "GET",
        "/api/view",
        &format!("localhost:{port}"),
        &auth,
        None,
    );
    assert_eq!(localhost.status, 200);
    for path in ["/api/view", "/"] {
        let rebound = crate::serve_support::request(
            serve.addr,
            "GET",
            path,
            &format!("evil.example:{port}"),
            &auth,
            None,
        );
        assert_eq!(rebound.status, 421, "a DNS-rebound name: {rebound:?}");
        assert!(!rebound.body.contains("/work/api"));
    }
}

#[test]
fn remote_listener_sends_details_only_with_serve_detail() {
    let home = waiting_home();
    let serve = serve_on(&home, "0.0.0.0:0");
    let auth = serve.bearer();
    let view = serve.get("/api/view", &[("Authorization", &auth)]).json();
    let entry = &view["entries"][0];
    assert_eq!(entry["status"], "waiting");
    assert_eq!(entry["kind"], "permission");
    assert_eq!(entry["detail"], "", "{entry}");
    assert_eq!(entry["last_action"], "", "{entry}");
    let snapshot = serve.get("/api/snapshot", &[("Authorization", &auth)]);
    assert_eq!(snapshot.status, 200, "{snapshot:?}");
    for text in [&snapshot.body, &view.to_string()] {
        assert!(!text.contains("needs your permission"), "{text}");
    }
    std::fs::write(home.ring().join("config.toml"), "serve_detail = true\n").expect("config");
    let detail = |view: serde_json::Value| view["entries"][0]["detail"].clone();
    let message = "Claude needs your permission to use Bash";
    let view = serve.get("/api/view", &[("Authorization", &auth)]).json();
    assert_eq!(detail(view), message);
    // On loopback the details always go: it is this machine.
    let local = serve_on(&home, "127.0.0.1:0");
    std::fs::remove_file(home.ring().join("config.toml")).expect("config");
    let local_auth = local.bearer();
    assert_eq!(
        detail(
            local
                .get("/api/view", &[("Authorization", &local_auth)])
                .json()
        ),
        message
    );
    assert_eq!(
        detail(serve.get("/api/view", &[("Authorization", &auth)]).json()),
        ""
    );
}

#[test]
fn every_answer_carries_a_strict_content_security_policy_and_the_page_no_inline_script() {
    let home = waiting_home();
    let serve = serve_on(&home, "127.0.0.1:0");
    for path in ["/", "/app.js", "/style.css", "/api/view", "/nothing"] {
        let reply = serve.get(path, &[]);
        let csp = reply.header("content-security-policy").expect("a CSP");
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
            "{path}: {csp}"
        );
        assert!(csp.contains("default-src 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(reply.header("x-frame-options"), Some("DENY"));
    }
    let page = serve.get("/", &[]).body;
    for script in page.split("<script").skip(1) {
        let tag = script.split('>').next().unwrap_or("");
        assert!(tag.contains("src="), "an inline script: <script{tag}>");
        assert!(
            script
                .split('>')
                .nth(1)
                .is_some_and(|s| s.starts_with("</script"))
        );
    }
    let js = serve.get("/app.js", &[]).body;
    assert!(
        !js.contains("innerHTML"),
        "the page writes text, never markup"
    );
}

#[test]
fn events_push_a_new_snapshot_after_a_hook_event() {
    let home = waiting_home();
    let serve = serve_on(&home, "127.0.0.1:0");
    let mut events = Events::open(&serve, &[("Authorization", &serve.bearer())]);
    let has = |snapshot: &serde_json::Value, id: &str| {
        snapshot["rows"]
            .as_array()
            .is_some_and(|rows| rows.iter().any(|r| r["session_id"] == id))
    };
    let first = events
        .until(|s| has(s, "s1"))
        .expect("the board on connect");
    assert!(!has(&first, "s2"));
    home.event(
        json!({"hook_event_name": "UserPromptSubmit", "session_id": "s2", "cwd": "/work/web",
               "prompt": "go"}),
        T0 + 6.0,
    );
    events
        .until(|s| has(s, "s2"))
        .expect("a snapshot with the new session, pushed without asking");
}

#[test]
fn post_jump_moves_the_tmux_client_to_the_sessions_pane() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    w.server.run(&["new-window", "-t", "t:1"]);
    w.server.run(&["select-window", "-t", "t:0"]);
    let client = w.attach();
    let tty = w.server.pane_tty("t:1");
    let pane = w.server.show("t:1", "#{pane_id}");
    let cwd = w.project("api");
    w.alive(&[(&cwd, &tty)]);
    w.hook(&pane, payload::waiting("s1", &cwd, &tty));
    let here = || {
        w.server
            .run(&["display-message", "-p", "-c", &client, "#{pane_id}"])
    };
    assert_eq!(here(), "%0");
    let env: Vec<(&str, String)> = World::env(w.dir.path());
    let serve = Serve::start("127.0.0.1:0", &[], &env);
    let origin = format!("http://{}", serve.host());
    let bearer = serve.bearer();
    let missing = serve.post(
        "/api/jump",
        &[
            ("Content-Type", "application/json"),
            ("Origin", &origin),
            ("Authorization", &bearer),
        ],
        r#"{"session_id":"nope"}"#,
    );
    assert_eq!(missing.status, 404, "{missing:?}");
    assert_eq!(here(), "%0");
    let reply = serve.post(
        "/api/jump",
        &[
            ("Content-Type", "application/json"),
            ("Origin", &origin),
            ("Authorization", &bearer),
        ],
        r#"{"session_id":"s1"}"#,
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    let moved = poll(WITHIN, || (here() == pane).then_some(()));
    assert!(moved.is_some(), "the client is on {} not {pane}", here());
}

#[test]
fn doctor_reports_what_a_running_serve_exposes() {
    let home = waiting_home();
    let serve = serve_on(&home, "0.0.0.0:0");
    let out = assert_cmd::Command::cargo_bin("ring-tmux")
        .expect("binary")
        .arg("doctor")
        .envs(env_for(&home.home(), &home.ring(), T0))
        .output()
        .expect("doctor");
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.contains(&pieces("doctor-serve-running", &[])[0]))
        .unwrap_or_else(|| panic!("no serve line in:\n{text}"));
    assert!(line.contains(&format!(":{}/", serve.addr.port())), "{line}");
    assert!(line.contains(&tr("doctor-serve-remote", &[])), "{line}");
    assert!(line.contains(&tr("doctor-serve-token", &[])), "{line}");
    assert!(line.contains(&tr("doctor-serve-no-detail", &[])), "{line}");
    assert!(
        !text.contains(serve.token.as_deref().expect("token")),
        "doctor shows no token"
    );
    assert!(
        text.contains(&pieces("doctor-serve-token-ok", &[])[0]),
        "{text}"
    );
}
