//! Answering a dialog from the board's page over real loopback HTTP: the real `ring-tmux
//! serve`, a real tmux server on a private socket whose pane shows a Claude-like permission
//! dialog (the stand-in agent of `e2e_tmux/reply.rs`, which writes down the first key it
//! gets), the session recorded by the real hook. Who may answer (the token, the page's own
//! origin, JSON, the `serve_answers` switch), that the chosen digit reaches the pane, that a
//! dialog redrawn after the page read it gets no key, and the `events.jsonl` line of each
//! answer.

use crate::e2e_tmux::reply::AGENT;
use crate::e2e_tmux::world::{self, World, payload, poll, until_contains};
use crate::lang_support::{pieces, tr};
use crate::serve_support::{Reply, Serve, WITHIN};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Duration;

/// A pane with the stand-in agent, its session waiting, and `serve` over the same folders.
struct Phone {
    w: World,
    keys: PathBuf,
    serve: Serve,
}

impl Phone {
    /// `config` is the ring folder's `config.toml`; `listen` the serve address.
    fn start(listen: &str, config: &str) -> Phone {
        let w = World::new();
        std::fs::write(w.dir.path().join("agent.sh"), AGENT).expect("agent script");
        std::fs::write(w.ring_home().join("config.toml"), config).expect("config");
        let keys = w.dir.path().join("keys");
        let serve = Serve::start(listen, &[], &World::env(w.dir.path()));
        let phone = Phone { w, keys, serve };
        phone.ask("echo from-phone");
        phone
    }

    /// Restarts pane %0 as the agent asking about `command`; session `s-phone` waits there.
    fn ask(&self, command: &str) {
        let _ = std::fs::remove_file(&self.keys);
        let run = format!(
            "sh '{}' '{command}' '{}'",
            self.w.dir.path().join("agent.sh").display(),
            self.keys.display()
        );
        self.w.server.run(&["respawn-pane", "-k", "-t", "%0", &run]);
        let screen = until_contains(WITHIN, "Esc to cancel", || self.capture());
        assert!(screen.contains(command), "the dialog is drawn: {screen}");
        let tty = self.w.server.pane_tty("%0");
        let cwd = self.w.project("phone");
        self.w.alive(&[(&cwd, &tty)]);
        self.w.hook("%0", payload::waiting("s-phone", &cwd, &tty));
    }

    fn capture(&self) -> String {
        self.w.server.run(&["capture-pane", "-p", "-t", "%0"])
    }

    /// The first key the agent got, once it got one.
    fn key(&self) -> Option<String> {
        poll(WITHIN, || std::fs::read_to_string(&self.keys).ok())
    }

    /// No key reached the agent: none a moment later, and the first key typed now by hand
    /// is the one it writes down.
    fn got_no_key(&self) {
        std::thread::sleep(Duration::from_millis(500));
        assert!(!self.keys.exists(), "a key reached the pane");
        self.w.server.run(&["send-keys", "-t", "%0", "-l", "3"]);
        assert_eq!(
            self.key().as_deref(),
            Some("3"),
            "the first key is typed by hand"
        );
    }

    fn origin(&self) -> String {
        format!("http://{}", self.serve.host())
    }

    /// `GET /api/dialog?session=s-phone` as the page asks it.
    fn dialog(&self) -> Reply {
        let bearer = self.serve.bearer();
        self.serve.get(
            "/api/dialog?session=s-phone",
            &[
                ("Authorization", &bearer),
                ("Sec-Fetch-Site", "same-origin"),
            ],
        )
    }

    /// `POST /api/reply` as the page sends it, with `extra` headers replacing the page's.
    fn answer(&self, body: &Value, extra: &[(&str, &str)]) -> Reply {
        let (bearer, origin) = (self.serve.bearer(), self.origin());
        let mut headers: Vec<(&str, &str)> = vec![
            ("Authorization", &bearer),
            ("Content-Type", "application/json"),
            ("Origin", &origin),
            ("Sec-Fetch-Site", "same-origin"),
            ("User-Agent", "Phone\t/1.0"),
        ];
        for (name, value) in extra {
            headers.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
            if !value.is_empty() {
                headers.push((name, value));
            }
        }
        self.serve.post("/api/reply", &headers, &body.to_string())
    }

    /// The answer lines of `events.jsonl`.
    fn answers(&self) -> Vec<Value> {
        std::fs::read_to_string(self.w.ring_home().join("events.jsonl"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|v| v["event"] == "answer")
            .collect()
    }
}

fn ask(option: u32, fingerprint: &str) -> Value {
    json!({"session": "s-phone", "option": option, "fingerprint": fingerprint})
}

#[test]
fn the_page_lists_the_whole_dialog_and_the_chosen_key_reaches_the_pane() {
    if !world::tmux_available() {
        return;
    }
    let p = Phone::start("127.0.0.1:0", "");
    let listed = p.dialog();
    assert_eq!(listed.status, 200, "{listed:?}");
    let doc = listed.json();
    assert_eq!(
        doc["rows"],
        json!([
            " Bash command",
            "   echo from-phone",
            " Do you want to proceed?",
            " ❯ 1. Yes",
            "   2. Yes, and always allow",
            "   3. No",
            " Esc to cancel · Tab to amend"
        ]),
        "every row, verbatim"
    );
    assert_eq!(
        doc["options"],
        json!([{"number": 1, "text": "Yes"}, {"number": 2, "text": "Yes, and always allow"}, {"number": 3, "text": "No"}])
    );
    let fingerprint = doc["fingerprint"].as_str().expect("fingerprint");

    let sent = p.answer(&ask(2, fingerprint), &[]);
    assert_eq!(sent.status, 200, "{sent:?}");
    assert_eq!(sent.json()["sent"], "2. Yes, and always allow");
    assert_eq!(p.key().as_deref(), Some("2"), "the digit reached the agent");
    assert!(p.capture().contains("chose 2"));

    let lines = p.answers();
    assert_eq!(lines.len(), 1, "{lines:?}");
    let line = &lines[0];
    assert_eq!(line["result"], "sent");
    assert_eq!(line["session"], "s-phone");
    assert_eq!(line["option"], 2);
    assert_eq!(line["via"], "serve");
    assert_eq!(line["remote"], "127.0.0.1");
    assert_eq!(line["user_agent"], "Phone /1.0", "a tab is a space");
    assert!(
        line.get("ts").is_none() && line.get("status").is_none(),
        "{line}"
    );

    // The dialog is gone: nothing more to answer.
    let again = p.answer(&ask(1, fingerprint), &[]);
    assert_eq!(again.status, 409, "{again:?}");
}

#[test]
fn only_the_page_itself_with_the_token_may_answer() {
    if !world::tmux_available() {
        return;
    }
    let p = Phone::start("127.0.0.1:0", "");
    let doc = p.dialog().json();
    let fingerprint = doc["fingerprint"].as_str().expect("fingerprint").to_owned();
    let body = ask(1, &fingerprint);
    let refused = [
        ("no token", p.answer(&body, &[("Authorization", "")]), 401),
        (
            "a wrong token",
            p.answer(&body, &[("Authorization", "Bearer nope-nope-nope-nope")]),
            401,
        ),
        ("no Origin", p.answer(&body, &[("Origin", "")]), 403),
        (
            "another site",
            p.answer(&body, &[("Origin", "http://evil.example")]),
            403,
        ),
        (
            "a cross-site fetch",
            p.answer(&body, &[("Sec-Fetch-Site", "cross-site")]),
            403,
        ),
        (
            "a form's body",
            p.answer(&body, &[("Content-Type", "text/plain")]),
            415,
        ),
        ("no fingerprint", p.answer(&ask(1, ""), &[]), 400),
        (
            "an option the dialog lacks",
            p.answer(&ask(7, &fingerprint), &[]),
            409,
        ),
        (
            "too large a body",
            p.answer(&json!({"pad": "x".repeat(20 << 10)}), &[]),
            413,
        ),
    ];
    for (what, reply, status) in &refused {
        assert_eq!(reply.status, *status, "{what}: {reply:?}");
        assert!(reply.json()["error"].is_string(), "{what}: {reply:?}");
    }
    let get = p
        .serve
        .get("/api/reply", &[("Authorization", &p.serve.bearer())]);
    assert_eq!(get.status, 405, "{get:?}");
    let unauthorized = p.serve.get("/api/dialog?session=s-phone", &[]);
    assert_eq!(unauthorized.status, 401, "{unauthorized:?}");
    p.got_no_key();
    // Each refusal that reached the answer (past the token, JSON and another site's
    // Origin, which every POST is refused for) is logged; none says sent.
    let lines = p.answers();
    assert!(lines.iter().all(|l| l["result"] == "refused"), "{lines:?}");
    // The log is data: each reason is a code in no language, whatever the server speaks
    // (the replies said it in words).
    let whys: Vec<&str> = lines.iter().filter_map(|l| l["why"].as_str()).collect();
    assert_eq!(
        whys,
        ["foreign-origin", "foreign-site", "no-fingerprint", "reply"]
    );
}

#[test]
fn a_dialog_redrawn_after_the_page_read_it_gets_no_key() {
    if !world::tmux_available() {
        return;
    }
    let p = Phone::start("127.0.0.1:0", "");
    let doc = p.dialog().json();
    let fingerprint = doc["fingerprint"].as_str().expect("fingerprint").to_owned();
    // The same question and options, about another command.
    p.ask("rm -rf redrawn");
    let refused = p.answer(&ask(1, &fingerprint), &[]);
    assert_eq!(refused.status, 409, "{refused:?}");
    assert_eq!(
        refused.json()["error"],
        format!(
            "{}; {}",
            tr("err-serve-changed", &[]),
            tr("err-serve-changed-fix", &[])
        )
    );
    let lines = p.answers();
    assert_eq!(
        lines
            .last()
            .map(|l| (l["result"].clone(), l["why"].clone())),
        Some((json!("refused"), json!("changed")))
    );
    p.got_no_key();

    // A session that no longer waits gets nothing either.
    p.ask("echo late");
    let fresh = p.dialog().json();
    let fingerprint = fresh["fingerprint"]
        .as_str()
        .expect("fingerprint")
        .to_owned();
    let tty = p.w.server.pane_tty("%0");
    let cwd = p.w.project("phone");
    p.w.hook(
        "%0",
        payload::event("UserPromptSubmit", "s-phone", &cwd, &tty),
    );
    let late = p.answer(&ask(1, &fingerprint), &[]);
    assert_eq!(late.status, 409, "{late:?}");
    assert_eq!(
        late.json()["error"],
        tr("err-serve-not-waiting", &[]),
        "{late:?}"
    );
    let lines = p.answers();
    assert_eq!(lines.last().map(|l| &l["why"]), Some(&json!("not-waiting")));
    p.got_no_key();
}

#[test]
fn answers_beyond_loopback_are_off_until_turned_on() {
    if !world::tmux_available() {
        return;
    }
    let p = Phone::start("0.0.0.0:0", "");
    let listed = p.dialog();
    assert_eq!(listed.status, 403, "{listed:?}");
    let why = listed.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        why.contains("serve_answers = \"on\""),
        "says what to do: {why}"
    );
    assert_eq!(why, tr("err-serve-answers-off", &[]));
    let refused = p.answer(&ask(1, "0123456789abcdef"), &[]);
    assert_eq!(refused.status, 403, "{refused:?}");
    let lines = p.answers();
    assert_eq!(lines.len(), 1, "the refusal is logged");
    assert_eq!(lines[0]["why"], "answers-off", "{lines:?}");
    assert!(!p.keys.exists());

    // Turned on in config.toml: no restart needed.
    std::fs::write(
        p.w.ring_home().join("config.toml"),
        "serve_answers = \"on\"\n",
    )
    .expect("config");
    let listed = p.dialog();
    assert_eq!(listed.status, 200, "{listed:?}");
    let fingerprint = listed.json()["fingerprint"]
        .as_str()
        .expect("fingerprint")
        .to_owned();
    let sent = p.answer(&ask(3, &fingerprint), &[]);
    assert_eq!(sent.status, 200, "{sent:?}");
    assert_eq!(p.key().as_deref(), Some("3"));
}

/// `serve --listen` beyond loopback prints its address with the token as a QR code on a
/// terminal; with stdout a pipe (here) only `--qr` asks for it.
#[test]
fn the_qr_code_comes_when_asked_and_not_into_a_pipe() {
    let dir = tempfile::tempdir().expect("temp dir");
    let env = World::env(dir.path());
    let lines_of = |args: &[&str]| {
        let serve = Serve::start("0.0.0.0:0", args, &env);
        // Everything `serve` prints comes before it answers.
        assert!(serve.owner_get("/api/view").is_some(), "serve answers");
        std::thread::sleep(Duration::from_millis(200));
        let more = serve.more.lock().expect("lines").clone();
        (serve.token.clone().expect("token"), more)
    };
    // The line's words before the address: "ring-tmux serve: scan to open ".
    let scan = pieces("serve-scan", &[]).swap_remove(0);
    let (token, more) = lines_of(&["--qr"]);
    let at = more
        .iter()
        .position(|l| l.starts_with(&format!("{scan}http://")))
        .unwrap_or_else(|| panic!("no QR code: {more:?}"));
    assert!(
        !more[at].contains(&token),
        "the token is in the code, not the line"
    );
    let code: Vec<&String> = more[at + 1..].iter().collect();
    assert!(code.len() >= 10, "{more:?}");
    let width = code[0].chars().count();
    assert!(
        code.iter()
            .all(|l| l.chars().count() == width
                && l.chars().all(|c| matches!(c, ' ' | '▀' | '▄' | '█'))),
        "{code:?}"
    );
    let (_, more) = lines_of(&[]);
    assert!(
        !more.iter().any(|l| l.contains(&scan)),
        "a pipe gets no QR code unasked: {more:?}"
    );
}
