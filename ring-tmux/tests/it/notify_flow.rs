//! Notifications end to end (issue 14): the real `ring-tmux` binary (hook, its detached
//! child, `status`, `notify`, `quiet`, `doctor`) on a temporary ring folder, with the clock
//! set by `RING_NOW`, a loopback HTTP receiver for ntfy and the webhook, and a real shell
//! command for the command channel. No timed assertions: waits are for an effect to appear
//! (with a generous ceiling that only turns a hang into a failure).

use crate::lang_support::{holds, pieces, tr};
use serde_json::{Value, json};
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const T0: f64 = 1_700_000_000.0;

/// What a note says of `name` waiting on `kind` (a `kind-…` key), in the suite's language:
/// "s1 needs permission".
fn said(name: &str, kind: &str) -> String {
    tr("notify-said", &[("name", name), ("what", &tr(kind, &[]))])
}

/// `titles` in the order [`Home::titles`] gives them (sorted, so it depends on the language).
fn sorted<const N: usize>(mut titles: [String; N]) -> [String; N] {
    titles.sort();
    titles
}

/// A note's title for `name` waiting on `kind`: "ring: s1 needs permission".
fn waiting(name: &str, kind: &str) -> String {
    tr("notify-waiting", &[("said", &said(name, kind))])
}
/// Only a hang reaches it.
const CEILING: Duration = Duration::from_secs(30);

struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new(config: &str) -> Home {
        let dir = tempfile::tempdir().expect("tempdir");
        let h = Home { dir };
        fs::create_dir_all(h.path("home")).expect("home");
        fs::create_dir_all(h.path("notes")).expect("notes");
        fs::create_dir_all(h.ring()).expect("ring");
        fs::set_permissions(
            h.ring(),
            std::os::unix::fs::PermissionsExt::from_mode(0o700),
        )
        .expect("chmod");
        fs::write(h.path("procs.json"), "{}").expect("procs");
        h.config(config);
        h
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn ring(&self) -> PathBuf {
        self.path("ring")
    }

    fn config(&self, text: &str) {
        fs::write(self.ring().join("config.toml"), text).expect("config");
    }

    /// A command channel that keeps every note as a file in `notes/`.
    fn command_config(&self, extra: &str) -> String {
        format!(
            "notify_backend = 'command'\nnotify_command = 'cat > {}/$$.json'\n{extra}",
            self.path("notes").display()
        )
    }

    fn command(&self, args: &[&str], now: f64) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ring-tmux"));
        cmd.args(args)
            .env("HOME", self.path("home"))
            .env("RING_HOME", self.ring())
            .env("RING_NOW", format!("{now}"))
            .env("RING_PROCS", self.path("procs.json"))
            .env("RING_STDIN_TTY", "")
            .env("RING_AGENT_TTY", "")
            .env_remove("DBUS_SESSION_BUS_ADDRESS");
        for var in [
            "TMUX",
            "TMUX_PANE",
            "ZELLIJ",
            "ZELLIJ_SESSION_NAME",
            "ZELLIJ_PANE_ID",
        ] {
            cmd.env_remove(var);
        }
        cmd
    }

    fn run(&self, args: &[&str], now: f64) -> Output {
        self.command(args, now)
            .stdin(Stdio::null())
            .output()
            .expect("ring-tmux runs")
    }

    /// One hook event; the hook's contract holds (exit 0, nothing printed).
    fn hook(&self, provider: &str, payload: &Value, now: f64) {
        let mut child = self
            .command(&["hook", provider], now)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hook");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(payload.to_string().as_bytes())
            .expect("payload");
        let out = child.wait_with_output().expect("hook exits");
        assert_eq!(out.status.code(), Some(0));
        assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{out:?}");
    }

    fn permission(&self, sid: &str, command: &str, now: f64) {
        let payload = json!({
            "session_id": sid, "hook_event_name": "PermissionRequest", "cwd": format!("/repo/{sid}"),
            "tool_name": "Bash", "tool_input": {"command": command},
        });
        self.hook("claude-code", &payload, now);
    }

    fn state(&self) -> Value {
        fs::read(self.ring().join("notify.json"))
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or(Value::Null)
    }

    /// Waits until the notification state satisfies `ok` (the decision is saved before any
    /// note is sent).
    fn wait_state(&self, ok: impl Fn(&Value) -> bool) -> Value {
        wait_for(|| Some(self.state()).filter(&ok))
    }

    /// The notes the command channel got, oldest first (complete files only).
    fn notes(&self) -> Vec<Value> {
        let mut notes: Vec<(std::time::SystemTime, Value)> = fs::read_dir(self.path("notes"))
            .expect("notes")
            .filter_map(|e| {
                let e = e.ok()?;
                let note = serde_json::from_slice(&fs::read(e.path()).ok()?).ok()?;
                Some((e.metadata().ok()?.modified().ok()?, note))
            })
            .collect();
        notes.sort_by_key(|(t, _)| *t);
        notes.into_iter().map(|(_, n)| n).collect()
    }

    fn titles(&self) -> Vec<String> {
        let mut titles: Vec<String> = self
            .notes()
            .iter()
            .map(|n| n["title"].as_str().unwrap_or("").to_owned())
            .collect();
        titles.sort();
        titles
    }

    fn wait_notes(&self, count: usize) -> Vec<Value> {
        wait_for(|| Some(self.notes()).filter(|n| n.len() >= count))
    }
}

fn wait_for<T>(mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(v) = probe() {
            return v;
        }
        assert!(start.elapsed() < CEILING, "gave up waiting");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A loopback HTTP receiver: each request's path and JSON body arrive on the channel; it
/// answers `status`, or never answers when `status` is `None` (keeping the connection open
/// until the client closes it, then reporting `"closed"`).
fn receiver(status: Option<u16>) -> (String, mpsc::Receiver<(String, Value)>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { return };
            let tx = tx.clone();
            std::thread::spawn(move || serve(stream, status, &tx));
        }
    });
    (url, rx)
}

fn serve(stream: TcpStream, status: Option<u16>, tx: &mpsc::Sender<(String, Value)>) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut request_line = String::new();
    reader.read_line(&mut request_line).expect("request line");
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("header");
        if line.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            length = v.trim().parse().expect("length");
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).expect("body");
    let path = request_line
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .to_owned();
    let _ = tx.send((path, serde_json::from_slice(&body).unwrap_or(Value::Null)));
    match status {
        Some(code) => {
            let mut stream = stream;
            let _ = write!(
                stream,
                "HTTP/1.1 {code} X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            );
        }
        None => {
            // Never answer; report when the client gives up.
            let mut rest = Vec::new();
            let _ = reader.read_to_end(&mut rest);
            let _ = tx.send(("closed".into(), Value::Null));
        }
    }
}

fn recv(rx: &mpsc::Receiver<(String, Value)>) -> (String, Value) {
    rx.recv_timeout(CEILING).expect("a request arrives")
}

#[test]
fn a_wait_rings_through_the_command_channel_from_the_hook() {
    let h = Home::new("");
    h.config(&h.command_config(""));
    h.permission("s1", "rm -rf /tmp/x", T0);
    let notes = h.wait_notes(1);
    assert_eq!(notes[0]["title"], waiting("s1", "kind-permission"));
    assert_eq!(notes[0]["session_id"], "s1");
    assert_eq!(notes[0]["detail"], "Bash: rm -rf /tmp/x");
    assert_eq!(notes[0]["count"], 1);
    let mode = fs::metadata(h.ring().join("notify.json"))
        .expect("state")
        .permissions();
    assert_eq!(
        std::os::unix::fs::PermissionsExt::mode(&mode) & 0o777,
        0o600
    );
}

/// Issue 25 item 12: a plan waits on its first line, not on `ExitPlanMode`.
#[test]
fn a_plan_rings_with_its_first_line() {
    let h = Home::new("");
    h.config(&h.command_config(""));
    let payload = json!({
        "session_id": "p1", "hook_event_name": "PreToolUse", "cwd": "/repo/planner",
        "tool_name": "ExitPlanMode", "requires_action": true,
        "tool_input": {"plan": "\n# Move the cache to SQLite\n\n1. add the schema\n"},
    });
    h.hook("claude-code", &payload, T0);
    let notes = h.wait_notes(1);
    assert_eq!(notes[0]["title"], waiting("planner", "kind-plan"));
    assert_eq!(notes[0]["body"], "Move the cache to SQLite");
    let out = h.run(&["list"], T0 + 1.0);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("Move the cache to SQLite"),
        "{out:?}"
    );
}

#[test]
fn backend_none_sends_nothing_and_keeps_no_state() {
    let h = Home::new("");
    h.config(&h.command_config("").replace("'command'", "'none'"));
    h.permission("s1", "ls", T0);
    // The hook had nothing to hand over: no child, so nothing can come later.
    let out = h.run(&["notify", "--flush"], T0 + 1.0);
    assert_eq!(out.status.code(), Some(0));
    assert!(h.notes().is_empty());
    assert!(!h.ring().join("notify.json").exists());
}

#[test]
fn debounce_sends_the_first_at_once_and_merges_the_rest() {
    let h = Home::new("");
    h.config(&h.command_config(
        "notify_debounce_seconds = 60\nwaiting_cooldown_seconds = 0\nnotify_repeat_max = 0\n",
    ));
    h.permission("s1", "one", T0);
    h.wait_notes(1);
    h.permission("s2", "two", T0 + 1.0);
    h.wait_state(|s| s["queue"].as_array().is_some_and(|q| q.len() == 1));
    h.permission("s3", "three", T0 + 2.0);
    h.wait_state(|s| s["queue"].as_array().is_some_and(|q| q.len() == 2));
    // The window is still open: a flush sends nothing.
    h.run(&["notify", "--flush"], T0 + 59.999);
    assert_eq!(h.notes().len(), 1);
    h.run(&["notify", "--flush"], T0 + 60.0);
    assert_eq!(
        h.titles(),
        sorted([
            tr("notify-more", &[("count", "2")]),
            waiting("s1", "kind-permission")
        ])
    );
    assert_eq!(h.notes()[1]["body"], "s2, s3");
}

#[test]
fn quiet_holds_notes_and_sends_one_summary_when_it_ends() {
    let h = Home::new("");
    h.config(&h.command_config("notify_repeat_max = 0\n"));
    let out = h.run(&["quiet", "30m"], T0);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        tr("notify-quiet-for", &[("minutes", "30"), ("held", "0")]) + "\n"
    );
    h.permission("s1", "one", T0 + 1.0);
    h.wait_state(|s| s["queue"].as_array().is_some_and(|q| q.len() == 1));
    h.permission("s2", "two", T0 + 2.0);
    h.wait_state(|s| s["queue"].as_array().is_some_and(|q| q.len() == 2));
    h.run(&["notify", "--flush"], T0 + 1799.0);
    assert!(h.notes().is_empty());
    // Quiet's end is a due timer: the next hook hands the flush to its child.
    h.hook(
        "claude-code",
        &json!({"session_id": "s3", "hook_event_name": "Stop", "cwd": "/r"}),
        T0 + 1800.0,
    );
    let notes = h.wait_notes(1);
    assert_eq!(notes[0]["title"], tr("notify-quiet", &[("count", "2")]));
    assert_eq!(notes[0]["count"], 2);
}

#[test]
fn quiet_off_sends_the_summary_at_once() {
    let h = Home::new("");
    h.config(&h.command_config("notify_repeat_max = 0\n"));
    h.run(&["quiet", "on"], T0);
    h.permission("s1", "one", T0 + 1.0);
    h.wait_state(|s| s["queue"].as_array().is_some_and(|q| q.len() == 1));
    let out = h.run(&["quiet", "off"], T0 + 5.0);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        tr("notify-quiet-off", &[]) + "\n"
    );
    assert_eq!(h.titles(), [tr("notify-quiet", &[("count", "1")])]);
}

#[test]
fn reminders_come_after_each_gap_up_to_the_maximum() {
    let h = Home::new("");
    h.config(&h.command_config("notify_repeat_seconds = [30, 60]\nnotify_repeat_max = 2\n"));
    h.permission("s1", "one", T0);
    h.wait_notes(1);
    h.wait_state(|s| s["due"] == json!(T0 + 30.0));
    h.run(&["notify", "--flush"], T0 + 29.999);
    assert_eq!(h.notes().len(), 1);
    h.run(&["notify", "--flush"], T0 + 30.0);
    assert_eq!(h.notes().len(), 2);
    h.run(&["notify", "--flush"], T0 + 89.999);
    assert_eq!(h.notes().len(), 2);
    h.run(&["notify", "--flush"], T0 + 90.0);
    h.run(&["notify", "--flush"], T0 + 10_000.0);
    assert_eq!(
        h.titles(),
        sorted([
            tr(
                "notify-reminder",
                &[("said", &said("s1", "kind-permission"))]
            ),
            tr(
                "notify-reminder",
                &[("said", &said("s1", "kind-permission"))]
            ),
            waiting("s1", "kind-permission")
        ])
    );
}

#[test]
fn a_codex_wait_promoted_by_the_read_side_rings_from_the_status_job() {
    let h = Home::new("");
    h.config(&h.command_config("notify_repeat_max = 0\n"));
    let payload = json!({"session_id": "t1", "hook_event_name": "PermissionRequest", "cwd": "/repo/cx",
                         "tool_name": "shell", "tool_input": {"command": "cargo publish"}});
    h.hook("codex", &payload, T0);
    // Not yet promoted (10 s of silence): nothing rings.
    h.run(&["notify", "--flush"], T0 + 9.0);
    assert!(h.notes().is_empty());
    // The tmux status job sees the promoted wait and hands the flush to a detached child.
    let out = h.run(&["status"], T0 + 11.0);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1"),
        "{out:?}"
    );
    let notes = h.wait_notes(1);
    assert_eq!(notes[0]["title"], waiting("cx", "kind-permission"));
    assert_eq!(notes[0]["session_id"], "codex:t1");
    // Rung once: later reads do not ring again.
    h.run(&["notify", "--flush"], T0 + 12.0);
    assert_eq!(h.notes().len(), 1);
}

#[test]
fn ntfy_gets_a_json_publish_without_the_detail() {
    let (url, rx) = receiver(Some(200));
    let h = Home::new(&format!(
        "notify_backend = 'ntfy'\nnotify_ntfy_url = '{url}/my-topic'\n"
    ));
    h.permission("s1", "secret --token abc", T0);
    let (path, body) = recv(&rx);
    assert_eq!(path, "/");
    assert_eq!(body["topic"], "my-topic");
    assert_eq!(body["title"], waiting("s1", "kind-permission"));
    assert_eq!(body["message"], said("Claude Code", "kind-permission"));
    assert!(!body.to_string().contains("secret"), "{body}");
    // No `notify_click_url`: no click (ring cannot know an address a phone reaches).
    assert!(body.get("click").is_none(), "{body}");
}

/// Issue 25 item 12 and issue 24 item 2: a note says what the board says: the label,
/// the kind's words, and the detail the board shows (a question's text); tapping it opens
/// the board at `notify_click_url`.
#[test]
fn ntfy_says_what_the_board_says_and_opens_the_board() {
    let (url, rx) = receiver(Some(200));
    let h = Home::new(&format!(
        "notify_backend = 'ntfy'
notify_ntfy_url = '{url}/my-topic'
         notify_remote_detail = true
notify_click_url = 'https://ring.example/board'
"
    ));
    fs::write(h.ring().join("labels.json"), r#"{"q1": "search"}"#).expect("labels");
    let payload = json!({
        "session_id": "q1", "hook_event_name": "PreToolUse", "cwd": "/repo/search",
        "tool_name": "AskUserQuestion",
        "tool_input": {"questions": [{"question": "Which index should I rebuild?"}]},
    });
    h.hook("claude-code", &payload, T0);
    let (_, body) = recv(&rx);
    assert_eq!(body["title"], waiting("search", "kind-question"));
    assert_eq!(
        body["message"],
        "AskUserQuestion: Which index should I rebuild?"
    );
    // The board's page, opened at that session; no button without notify_answer_button.
    assert_eq!(body["click"], "https://ring.example/board#session=q1");
    assert!(body.get("actions").is_none(), "{body}");
    // The board's own words for that session.
    let out = h.run(&["list"], T0 + 1.0);
    let list = String::from_utf8_lossy(&out.stdout);
    let row = list.lines().nth(1).unwrap_or_default();
    assert!(
        row.contains("search") && row.contains("AskUserQuestion: Which index should I rebuild?"),
        "{list}"
    );
}

/// With `notify_answer_button = true`, the note's one button opens the board's answer page
/// for the session (an ntfy `view` action: a link), never an `http` action that would answer
/// from the notification.
#[test]
fn ntfy_answer_button_only_opens_the_answer_page() {
    let (url, rx) = receiver(Some(200));
    let h = Home::new(&format!(
        "notify_backend = 'ntfy'
notify_ntfy_url = '{url}/my-topic'
notify_click_url = 'http://10.0.0.5:7380/#token=t0ken'
notify_answer_button = true
"
    ));
    h.permission("p1", "cargo publish", T0);
    let (_, body) = recv(&rx);
    let page = "http://10.0.0.5:7380/#token=t0ken&session=p1";
    assert_eq!(body["click"], page, "{body}");
    assert_eq!(
        body["actions"],
        json!([{"action": "view", "label": tr("web-answer", &[]), "url": page, "clear": true}]),
        "{body}"
    );
}

#[test]
fn the_webhook_body_is_stable_and_its_text_is_data() {
    let (url, rx) = receiver(Some(204));
    let h = Home::new(&format!(
        "notify_backend = 'webhook'\nnotify_webhook_url = '{url}/hook'\nnotify_remote_detail = true\n"
    ));
    h.permission("s1", "echo \u{1b}]0;pwned\u{7}done", T0);
    let (path, body) = recv(&rx);
    assert_eq!(path, "/hook");
    assert_eq!(
        body,
        json!({
            "version": 1, "source": "ring", "title": waiting("s1", "kind-permission"),
            "body": "Bash: echo done", "count": 1,
            "session": {"session_id": "s1", "provider": "claude-code", "label": null,
                        "project": "s1", "kind": "permission", "detail": "Bash: echo done",
                        "cwd": "/repo/s1"},
        })
    );
}

#[test]
fn a_hanging_receiver_never_holds_the_hook_and_the_child_gives_up() {
    let (url, rx) = receiver(None);
    let h = Home::new(&format!(
        "notify_backend = 'webhook'\nnotify_webhook_url = '{url}/'\nnotify_timeout_seconds = 1\n"
    ));
    // The hook returns (asserted inside) while the receiver holds the request unanswered.
    h.permission("s1", "one", T0);
    let (path, _) = recv(&rx);
    assert_eq!(path, "/");
    // The detached child gives up at its timeout and closes the connection.
    assert_eq!(recv(&rx).0, "closed");
    wait_for(|| {
        fs::read_to_string(h.ring().join("ring.log"))
            .ok()
            .filter(|log| log.contains("webhook"))
    });
}

#[test]
fn a_hanging_command_is_killed_after_its_timeout() {
    let h = Home::new("");
    let pid_file = h.path("pid");
    h.config(&format!(
        "notify_backend = 'command'\nnotify_command = 'echo $$ > {}; exec sleep 600'\nnotify_timeout_seconds = 1\n",
        pid_file.display()
    ));
    h.permission("s1", "one", T0);
    let pid: i32 = wait_for(|| fs::read_to_string(&pid_file).ok()?.trim().parse().ok());
    // Gone (killed by its pid and reaped), not left sleeping for ten minutes.
    wait_for(|| (!Path::new(&format!("/proc/{pid}")).exists()).then_some(()));
    wait_for(|| {
        fs::read_to_string(h.ring().join("ring.log"))
            .ok()
            .filter(|log| holds(log, &pieces("notify-command-killed", &[])))
    });
}

#[test]
fn a_refused_connection_is_logged_and_the_hook_still_succeeds() {
    let port = TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    let h = Home::new(&format!(
        "notify_backend = 'webhook'\nnotify_webhook_url = 'http://127.0.0.1:{port}/'\n"
    ));
    h.permission("s1", "one", T0);
    wait_for(|| {
        fs::read_to_string(h.ring().join("ring.log"))
            .ok()
            .filter(|log| log.contains("webhook:"))
    });
}

#[test]
fn notify_test_reports_each_channel() {
    let (url, rx) = receiver(Some(200));
    let h = Home::new("");
    h.config(&h.command_config(&format!(
        "notify_also = ['webhook', 'ntfy']\nnotify_webhook_url = '{url}/w'\nnotify_ntfy_url = 'not a url'\n"
    )));
    let out = h.run(&["notify", "--test"], T0);
    let text = String::from_utf8_lossy(&out.stdout);
    let sent = |channel| tr("notify-test-sent", &[("channel", channel)]);
    assert!(text.contains(&sent("command")), "{text}");
    assert!(text.contains(&sent("webhook")), "{text}");
    let not_topic = tr("notify-ntfy-not-topic", &[("url", "\"not a url\"")]);
    assert!(
        text.contains(&tr(
            "notify-test-failed",
            &[("channel", "ntfy"), ("error", &not_topic)]
        )),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(recv(&rx).1["title"], tr("notify-test", &[]));
    assert_eq!(h.titles(), [tr("notify-test", &[])]);
}

#[test]
fn doctor_checks_each_configured_channel() {
    let h = Home::new(
        "notify_backend = 'webhook'\nnotify_also = ['ntfy', 'command', 'pager']\n\
         notify_ntfy_url = 'http://h/'\nnotify_command = 'no-such-program-xyz --flag'\n",
    );
    let out = h.run(&["doctor"], T0);
    let text = String::from_utf8_lossy(&out.stdout);
    for want in [
        tr(
            "doctor-notify-unset",
            &[("channel", "webhook"), ("key", "notify_webhook_url")],
        ),
        tr("doctor-notify-ntfy-not-topic", &[("url", "\"http://h/\"")]),
        tr(
            "doctor-notify-no-program",
            &[("program", "\"no-such-program-xyz\"")],
        ),
        tr("doctor-notify-unknown", &[("channel", "\"pager\"")]),
    ] {
        assert!(text.contains(&want), "{want}\n{text}");
    }
}

/// Issue 23 item 7: a storm of waits, each with its own detached child flushing at once,
/// never loses a ring to a busy `notify.lock` (the old flush waited 2 s for it, then dropped
/// the ring for good: 1,000 waits lost hundreds) and never rings one twice. The cooldown still
/// holds on the same path: a session waiting again within it is not rung, one waiting again
/// after it is.
#[test]
fn a_storm_of_a_thousand_waits_rings_each_session_exactly_once() {
    const SESSIONS: usize = 1000;
    const PARALLEL: usize = 50;
    let (url, rx) = receiver(Some(200));
    let h = Home::new(&format!(
        "notify_backend = 'webhook'\nnotify_webhook_url = '{url}/storm'\nnotify_repeat_max = 0\n"
    ));
    let ids: Vec<String> = (0..SESSIONS).map(|i| format!("storm-{i:04}")).collect();
    std::thread::scope(|scope| {
        for chunk in ids.chunks(SESSIONS / PARALLEL) {
            let h = &h;
            scope.spawn(move || {
                for id in chunk {
                    h.permission(id, "make", T0);
                }
            });
        }
    });
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    let take = |counts: &mut std::collections::BTreeMap<String, usize>| {
        while let Ok((path, body)) = rx.try_recv() {
            assert_eq!(path, "/storm");
            let id = body["session"]["session_id"].as_str().unwrap_or("?");
            *counts.entry(id.to_owned()).or_default() += 1;
        }
        counts.values().sum::<usize>()
    };
    // Every ring decided and sent: the queue (rings and claims) is empty. Only a lost ring
    // (or a hang) reaches the ceiling.
    let spool = h.ring().join("notify.spool");
    let drained = || fs::read_dir(&spool).map_or(true, |d| d.count() == 0);
    let storm_ceiling = Instant::now() + Duration::from_secs(240);
    while !(take(&mut counts) >= SESSIONS && drained()) && Instant::now() < storm_ceiling {
        std::thread::sleep(Duration::from_millis(50));
    }
    // What runs next (the status job, the plugin's timer) flushes: it finds nothing to send.
    let out = h.run(&["notify", "--flush"], T0 + 1.0);
    assert_eq!(out.status.code(), Some(0));
    take(&mut counts);
    let twice: Vec<_> = counts.iter().filter(|(_, n)| **n != 1).collect();
    assert_eq!(counts.len(), SESSIONS, "sessions notified");
    assert!(twice.is_empty(), "notified more than once: {twice:?}");
    assert!(counts.keys().eq(ids.iter()), "every storm session, once");

    // Within the cooldown (180 s by default): waiting again does not ring.
    for id in &ids[1..11] {
        h.hook(
            "claude-code",
            &json!({"session_id": id, "hook_event_name": "UserPromptSubmit", "cwd": format!("/repo/{id}")}),
            T0 + 60.0,
        );
        h.permission(id, "make again", T0 + 61.0);
    }
    // After it: it rings again, once.
    h.hook(
        "claude-code",
        &json!({"session_id": &ids[0], "hook_event_name": "UserPromptSubmit", "cwd": "/r"}),
        T0 + 300.0,
    );
    h.permission(&ids[0], "make again", T0 + 301.0);
    let second_ceiling = Instant::now() + CEILING;
    while !(take(&mut counts) > SESSIONS && drained()) && Instant::now() < second_ceiling {
        std::thread::sleep(Duration::from_millis(50));
    }
    h.run(&["notify", "--flush"], T0 + 302.0);
    take(&mut counts);
    assert_eq!(counts[&ids[0]], 2, "rang again after the cooldown");
    let more: Vec<_> = counts
        .iter()
        .filter(|(id, n)| **n != 1 && *id != &ids[0])
        .collect();
    assert!(more.is_empty(), "rang within the cooldown: {more:?}");
    assert_eq!(counts.values().sum::<usize>(), SESSIONS + 1);
}

/// Issue 23 item 7: a hook whose flush finds `notify.lock` held leaves its ring queued (the
/// old child waited 2 s, then dropped it for good); once the lock is free, the tmux status job
/// sees the queue and hands it to a child (or the hook's own child, if it ran late, finds the
/// lock free): the note goes out once.
#[test]
fn a_ring_queued_behind_a_held_lock_is_sent_once_the_lock_is_free() {
    let (url, rx) = receiver(Some(200));
    let h = Home::new(&format!(
        "notify_backend = 'webhook'\nnotify_webhook_url = '{url}/q'\nnotify_repeat_max = 0\n"
    ));
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(h.ring().join("notify.lock"))
        .expect("lock file");
    lock.lock().expect("hold notify.lock");
    h.permission("s1", "make", T0);
    // The ring waits in the queue, undecided, while the lock is held.
    let spool = h.ring().join("notify.spool");
    wait_for(|| {
        fs::read_dir(&spool)
            .ok()?
            .filter_map(Result::ok)
            .any(|e| e.file_name().to_string_lossy().starts_with("w."))
            .then_some(())
    });
    assert!(
        !h.ring().join("notify.json").exists(),
        "nothing decided yet"
    );
    drop(lock);
    let out = h.run(&["status"], T0 + 5.0);
    assert_eq!(out.status.code(), Some(0));
    let (path, body) = recv(&rx);
    assert_eq!(path, "/q");
    assert_eq!(body["session"]["session_id"], "s1");
    // Sent and confirmed: the queue is empty, and a later flush sends nothing more.
    wait_for(|| fs::read_dir(&spool).ok()?.next().is_none().then_some(()));
    h.run(&["notify", "--flush"], T0 + 6.0);
    assert!(rx.try_recv().is_err(), "sent twice");
}
