//! Issue 27 on the web page: `ring-tmux serve` lists another host's sessions, goes there and
//! answers its dialogs through ssh. The host is the e2e stand-in of `remote_act` (a real
//! sshd on loopback, a private tmux server whose pane draws a Claude permission dialog, its
//! row written by the real hook); the laptop runs the real `serve` over real loopback HTTP,
//! its ssh wrapped by a script that writes down every call (to show what ran none).

use crate::e2e_tmux::world;
use crate::lang_support::tr;
use crate::remote_act::Remote;
use crate::serve_support::{Events, Reply, Serve, WITHIN};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const SESSION: &str = "hosta:s-reply";

/// The laptop: the host and its `serve`.
struct Laptop {
    r: Remote,
    serve: Serve,
}

impl Laptop {
    /// The host asks about `command`; the laptop serves with `extra` config lines and env.
    fn start(command: &str, extra: &str, env: &[(&'static str, String)]) -> Laptop {
        Laptop::start_on("127.0.0.1:0", command, extra, env)
    }

    /// [`Laptop::start`] with serve listening on `listen`.
    fn start_on(
        listen: &str,
        command: &str,
        extra: &str,
        env: &[(&'static str, String)],
    ) -> Laptop {
        let r = Remote::start();
        r.sshd
            .configure(&["hosta"], &format!("remote_refresh_seconds = 2\n{extra}"));
        r.ask(command);
        let mut vars = r.sshd.laptop_env();
        vars.push(("PATH", std::env::var("PATH").unwrap_or_default()));
        vars.extend(env.iter().cloned());
        let serve = Serve::start(listen, &[], &vars);
        Laptop { r, serve }
    }

    fn bearer(&self) -> String {
        self.serve.bearer()
    }

    fn get(&self, path: &str) -> Reply {
        let bearer = self.bearer();
        self.serve.get(
            path,
            &[
                ("Authorization", &bearer),
                ("Sec-Fetch-Site", "same-origin"),
            ],
        )
    }

    /// A POST as the page sends it.
    fn post(&self, path: &str, body: &Value) -> Reply {
        let (bearer, origin) = (self.bearer(), format!("http://{}", self.serve.host()));
        self.serve.post(
            path,
            &[
                ("Authorization", &bearer),
                ("Content-Type", "application/json"),
                ("Origin", &origin),
                ("Sec-Fetch-Site", "same-origin"),
            ],
            &body.to_string(),
        )
    }

    fn dialog(&self, session: &str) -> Reply {
        self.get(&format!("/api/dialog?session={session}"))
    }

    fn fingerprint(&self) -> String {
        let listed = self.dialog(SESSION);
        assert_eq!(listed.status, 200, "{listed:?}");
        listed.json()["fingerprint"]
            .as_str()
            .expect("fingerprint")
            .to_owned()
    }

    fn answer(&self, session: &str, option: u32, fingerprint: &str) -> Reply {
        let body = json!({"session": session, "option": option, "fingerprint": fingerprint});
        self.post("/api/reply", &body)
    }

    fn ssh_calls(&self) -> String {
        self.r.sshd.ssh_calls()
    }

    /// The answer lines of the laptop's `events.jsonl`.
    fn answers(&self) -> Vec<Value> {
        std::fs::read_to_string(self.r.sshd.local_ring().join("events.jsonl"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|v| v["event"] == "answer")
            .collect()
    }
}

fn available() -> bool {
    world::tmux_available() && crate::remote_support::sshd_available()
}

#[test]
fn the_page_lists_the_host_s_session_and_answers_it_only_while_the_dialog_is_the_one_read() {
    if !available() {
        return;
    }
    let l = Laptop::start("echo from-afar", "", &[]);

    // Listed: the page's snapshot carries the host's beside this machine's own, and the
    // view derived from it names the session host:project.
    let snapshot = l.get("/api/snapshot");
    assert_eq!(snapshot.status, 200, "{snapshot:?}");
    let doc = snapshot.json();
    assert_eq!(doc["hosts"][0]["host"], "hosta", "{doc}");
    let rows = &doc["hosts"][0]["cache"]["snapshot"]["rows"];
    assert!(
        rows.as_array()
            .is_some_and(|r| r.iter().any(|r| r["session_id"] == "s-reply")),
        "{rows}"
    );
    let view = l.get("/api/view").json();
    let entry = view["entries"]
        .as_array()
        .and_then(|e| e.iter().find(|e| e["session_id"] == SESSION))
        .unwrap_or_else(|| panic!("the host's session on the board: {view}"));
    assert_eq!(entry["project"], "hosta:api");
    assert_eq!(entry["status"], "waiting");
    // What other machines read of this one stays its own.
    let (ok, own, err) = l.r.sshd.run(&["json", "--snapshot"]);
    assert!(ok, "{err}");
    let own: Value = serde_json::from_str(&own).expect("snapshot");
    assert!(own.get("hosts").is_none(), "{own}");

    // The dialog, verbatim, as the host's own reply lists it.
    let listed = l.dialog(SESSION);
    assert_eq!(listed.status, 200, "{listed:?}");
    let doc = listed.json();
    assert_eq!(doc["session_id"], SESSION);
    assert!(
        doc["rows"]
            .as_array()
            .is_some_and(|r| r.iter().any(|r| r == "   echo from-afar")),
        "{doc}"
    );
    let old = doc["fingerprint"].as_str().expect("fingerprint").to_owned();

    // Redrawn on the host since the page read it: the host refuses, no key lands.
    l.r.ask("rm -rf redrawn");
    let refused = l.answer(SESSION, 1, &old);
    assert_eq!(refused.status, 409, "{refused:?}");
    assert!(
        refused.json()["error"].as_str().is_some_and(
            |e| e.contains("hosta") && e.contains(&tr("err-reply-listed-changed", &[]))
        ),
        "{refused:?}"
    );
    assert_eq!(l.r.key(), None, "no key reached the host's agent");

    // Read again and answered: the digit lands in the host's pane.
    let fingerprint = l.fingerprint();
    let sent = l.answer(SESSION, 3, &fingerprint);
    assert_eq!(sent.status, 200, "{sent:?}");
    assert_eq!(l.r.key().as_deref(), Some("3"));

    let lines = l.answers();
    let results: Vec<(&str, &str, &str)> = lines
        .iter()
        .map(|v| {
            (
                v["result"].as_str().unwrap_or_default(),
                v["session"].as_str().unwrap_or_default(),
                v["host"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        results,
        [("refused", SESSION, "hosta"), ("sent", SESSION, "hosta")],
        "{lines:?}"
    );
}

#[test]
fn a_host_not_in_remote_hosts_is_refused_without_running_ssh() {
    if !available() {
        return;
    }
    let l = Laptop::start("echo from-afar", "", &[]);
    let before = l.ssh_calls();
    assert!(before.contains("hosta"), "the wrapper logs ssh: {before}");
    for session in ["evil:s-reply", "evil%3As-reply"] {
        let dialog = l.dialog(session);
        assert_eq!(dialog.status, 404, "{dialog:?}");
        // Said in the server's language; the setting's name is the same in every one.
        assert!(
            dialog.body.contains("evil") && dialog.body.contains("remote_hosts"),
            "{dialog:?}"
        );
    }
    let answer = l.answer("evil:s-reply", 1, "abcd");
    assert_eq!(answer.status, 404, "{answer:?}");
    assert!(answer.body.contains("remote_hosts"), "{answer:?}");
    let jump = l.post("/api/jump", &json!({"session_id": "evil:s-reply"}));
    assert_eq!(jump.status, 404, "{jump:?}");
    assert!(
        !l.ssh_calls().contains("evil"),
        "no ssh to it: {}",
        l.ssh_calls()
    );
    assert_eq!(l.r.key(), None);
}

#[test]
fn a_running_serve_refreshes_the_host_itself_and_its_feed_says_when_the_host_changed() {
    if !available() {
        return;
    }
    let l = Laptop::start("echo from-afar", "", &[]);
    // The cache `remote refresh` wrote is gone: only serve's own refresher can bring it.
    let cache = l.r.sshd.local_ring().join("remote").join("hosta.json");
    std::fs::remove_file(&cache).expect("cache");
    let bearer = l.bearer();
    let mut events = Events::open(&l.serve, &[("Authorization", &bearer)]);
    let has = |snapshot: &Value, id: &str, status: &str| {
        snapshot["hosts"][0]["cache"]["snapshot"]["rows"]
            .as_array()
            .is_some_and(|rows| {
                rows.iter()
                    .any(|r| r["session_id"] == id && r["status"] == status)
            })
    };
    assert!(
        events.until(|s| has(s, "s-reply", "waiting")).is_some(),
        "the host's session came with no status line running"
    );
    // The session answered on the host (the hook says it works again): the feed tells.
    let cwd = l.r.w.project("api");
    let tty = l.r.w.server.pane_tty("%0");
    l.r.w.hook(
        "%0",
        crate::e2e_tmux::world::payload::event("UserPromptSubmit", "s-reply", &cwd, &tty),
    );
    assert!(
        events.until(|s| has(s, "s-reply", "working")).is_some(),
        "the feed announced the host's change"
    );
}

#[test]
fn go_there_opens_the_host_s_ssh_window_in_serve_s_tmux_and_says_so_outside_tmux() {
    if !available() {
        return;
    }
    let laptop = Remote::laptop(&[]);
    let tmux = format!("{},0,0", laptop.socket());
    let l = Laptop::start("echo jump", "", &[("TMUX", tmux)]);
    let jumped = l.post("/api/jump", &json!({"session_id": SESSION}));
    assert_eq!(jumped.status, 200, "{jumped:?}");
    // An ssh window to the host's pane.
    let line = Remote::jump_window(&laptop);
    assert!(line.contains("attach-session"), "{line}");
    drop(l);

    // A serve outside tmux has no window to open: it says what to run instead.
    let l = Laptop::start("echo jump", "", &[]);
    let refused = l.post("/api/jump", &json!({"session_id": SESSION}));
    assert_eq!(refused.status, 409, "{refused:?}");
    assert!(
        refused.body.contains("ring-tmux jump hosta:s-reply"),
        "{refused:?}"
    );
}

#[test]
fn a_page_polling_a_remote_dialog_runs_one_ssh_for_the_requests_at_once() {
    if !available() {
        return;
    }
    let l = Laptop::start("echo polled", "", &[]);
    let listings = || {
        let calls = l.ssh_calls();
        let n = calls
            .lines()
            .filter(|c| c.contains("'reply'") && c.contains("'--json'"))
            .count();
        (n, calls)
    };
    assert_eq!(listings().0, 0, "no listing yet");
    // A page's polls, and another tab's, at once: one ssh lists, the others get its listing.
    let replies: Vec<Reply> = std::thread::scope(|s| {
        let asks: Vec<_> = (0..4).map(|_| s.spawn(|| l.dialog(SESSION))).collect();
        asks.into_iter()
            .map(|a| a.join().expect("request"))
            .collect()
    });
    for reply in &replies {
        assert_eq!(reply.status, 200, "{reply:?}");
        assert!(reply.body.contains("echo polled"), "{reply:?}");
    }
    let (n, calls) = listings();
    assert_eq!(n, 1, "one ssh for the listing: {calls}");
    // Answered from that listing: the host's own --expect check, so the digit lands.
    let fingerprint = replies[0].json()["fingerprint"]
        .as_str()
        .expect("fingerprint")
        .to_owned();
    let sent = l.answer(SESSION, 3, &fingerprint);
    assert_eq!(sent.status, 200, "{sent:?}");
    assert_eq!(l.r.key().as_deref(), Some("3"));
}

#[test]
fn beyond_loopback_a_host_s_failure_is_told_without_its_details_which_go_to_ring_log() {
    if !available() {
        return;
    }
    let l = Laptop::start_on("0.0.0.0:0", "echo afar", "serve_answers = \"on\"\n", &[]);
    // The host stops answering (ssh reaches a closed port): ssh's own words name the
    // address and the port.
    let port = crate::remote_support::closed_port();
    let ssh = format!("{} -o Port={port}", l.r.sshd.ssh_command());
    let config = format!(
        "remote_ssh_command = {ssh:?}\nremote_ring_command = \"{}\"\nremote_hosts = [\"hosta\"]\n\
         remote_refresh_seconds = 2\nserve_answers = \"on\"\n",
        crate::remote_support::BIN
    );
    std::fs::write(l.r.sshd.local_ring().join("config.toml"), config).expect("config");
    let refused = tr("remote-refused", &[]);
    let deadline = Instant::now() + WITHIN * 2;
    let error = loop {
        let doc = l.get("/api/snapshot").json();
        let error = doc["hosts"][0]["cache"]["error"]
            .as_str()
            .map(str::to_owned);
        if error.is_some() || Instant::now() > deadline {
            break error;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(error.as_deref(), Some(refused.as_str()), "the page's host");
    let dialog = l.dialog(SESSION);
    assert_eq!(dialog.status, 409, "{dialog:?}");
    let told = tr(
        "serve-remote-failed",
        &[("host", "hosta"), ("reason", &refused)],
    );
    assert_eq!(dialog.json()["error"], told.as_str(), "{dialog:?}");
    assert!(!dialog.body.contains(&port.to_string()), "{dialog:?}");
    // ssh's own words stay on this machine, in ring.log.
    let log = std::fs::read_to_string(l.r.sshd.local_ring().join("ring.log")).unwrap_or_default();
    assert!(
        log.contains("Connection refused") && log.contains(&format!("port {port}")),
        "{log}"
    );
}
