//! One View everywhere (issue 24 item 8): for one ring folder holding the cases front ends
//! used to disagree on (a Gemini wait cancelled with Esc, a Codex wait past its delay, a
//! killed agent, a hidden and a labelled session, a subagent's wait), every front end states
//! the same sessions, states, kinds, labels, details and order:
//!
//! * the web page: ring-web's view of `ring-tmux json --snapshot`;
//! * the zellij bar and board: ring-plugin's model over the same folder, as the plugin reads
//!   it after its `ring-tmux oneline --all` refresh (it scans no processes itself);
//! * `ring-tmux list`, `json`, `status` and `oneline`, and the notification text of each wait.
//!
//! `json` keeps RiNG's order (newest first) for the tools that read it: it is compared as a
//! set; every other front end lists waits longest-waiting first.

use crate::lang_support::{pieces, tr};
use crate::read_support::{NOW, Ring};
use ring_plugin::model::{self, Inputs, Panes, ReadInputs};
use ring_plugin::settings::{Label, Settings};
use ring_plugin::source::Registry;
use ring_shared::Status;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// What a front end says of one session. `kind` is the kind shown: a session's waiting kind
/// while it waits (an ended row keeps its kind in `json`, §9.12, but no front end shows it).
#[derive(Debug, Clone, PartialEq)]
struct Said {
    id: String,
    status: String,
    kind: String,
    label: String,
    detail: String,
}

fn said(id: &str, status: &str, kind: &str, label: &str, detail: &str) -> Said {
    Said {
        id: id.into(),
        status: status.into(),
        kind: kind.into(),
        label: label.into(),
        detail: detail.into(),
    }
}

fn folder() -> Ring {
    let mut ring = Ring::new();
    let waiting = |kind: &str, detail: &str, cwd: &str, idle: f64, pid: i64| {
        json!({"provider": "claude-code", "cwd": cwd, "status": "waiting",
               "waiting_kind": kind, "waiting_detail": detail, "last_event": "Notification",
               "heartbeat_at": NOW - idle, "last_active": NOW - idle,
               "agent_pid": pid, "agent_start": pid * 10})
    };
    ring.row(
        "claude-perm",
        waiting(
            "permission",
            "Bash: rm -rf build",
            "/work/payments",
            30.0,
            101,
        ),
    );
    // Killed: its process is not in the scan.
    ring.row(
        "claude-dead",
        waiting("question", "Which port?", "/work/api", 20.0, 202),
    );
    let mut sub = waiting("permission", "Edit: src/lib.rs", "/work/web", 40.0, 303);
    sub["waiting_agent_id"] = json!("a1");
    sub["last_event_owner"] = json!("agent:a1");
    sub["waiting_requests"] = json!([{"owner": "agent:a1", "kind": "permission",
        "detail": "Edit: src/lib.rs", "waiting_for": "", "since": NOW - 40.0,
        "revision": "r1", "tool_use_id": "toolu_1", "agent_type": "reviewer"}]);
    ring.row("claude-sub", sub);
    ring.row(
        "hidden-one",
        waiting("question", "Old question", "/work/old", 100.0, 404),
    );
    // Codex asks in its TUI; the read side turns a PermissionRequest older than the delay
    // into a wait (§11.2).
    ring.row(
        "codex:t1",
        json!({"provider": "codex", "cwd": "/work/cli", "status": "working",
               "last_event": "PermissionRequest",
               "pending_permission_detail": "Bash: cargo publish",
               "heartbeat_at": NOW - 60.0, "last_active": NOW - 60.0}),
    );
    // Esc at Gemini's dialog sends no hook; its chat file says so.
    let chat = ring.dir.path().join("gemini-chat.jsonl");
    std::fs::write(&chat, crate::read_gemini::chat_end(NOW - 5.0)).expect("chat");
    ring.row(
        "gemini:s1",
        json!({"provider": "gemini", "cwd": "/work/site", "status": "waiting",
               "waiting_kind": "permission", "last_event": "Notification",
               "heartbeat_at": NOW - 10.0, "source_path": chat}),
    );
    std::fs::write(
        ring.ring.join("labels.json"),
        json!({"claude-perm": "payments"}).to_string(),
    )
    .expect("labels");
    std::fs::write(
        ring.ring.join("deleted_sessions.json"),
        json!({"hidden-one": NOW}).to_string(),
    )
    .expect("hidden");
    ring.procs = json!({
        "claude-code": [["/work/payments", "/dev/pts/1", 101, 1010],
                        ["/work/web", "/dev/pts/3", 303, 3030],
                        ["/work/old", "/dev/pts/9", 404, 4040]],
        "codex": [["/work/cli", "/dev/pts/4"]],
    })
    .to_string();
    ring
}

/// The sessions in what the cases must come to, in the order of a board (waits longest
/// first, then by idle time).
fn expected() -> Vec<Said> {
    vec![
        said(
            "codex:t1",
            "waiting",
            "permission",
            "",
            "Bash: cargo publish",
        ),
        said(
            "claude-sub",
            "waiting",
            "permission",
            "",
            &tr(
                "waiter-detail",
                &[
                    ("who", &tr("waiter-subagent", &[("name", "a1")])),
                    ("detail", "Edit: src/lib.rs"),
                ],
            ),
        ),
        said(
            "claude-perm",
            "waiting",
            "permission",
            "payments",
            "Bash: rm -rf build",
        ),
        said("gemini:s1", "idle", "", "", "—"),
        // What it did last is an ended row's detail.
        said("claude-dead", "ended", "", "", "—"),
    ]
}

fn text(value: &Value, key: &str) -> String {
    value[key].as_str().unwrap_or("").to_owned()
}

/// The kind a front end shows for an entry of `status` recording `kind`.
fn shown_kind(status: &str, kind: String) -> String {
    if status == "waiting" {
        kind
    } else {
        String::new()
    }
}

/// The web page: ring-web's view of the snapshot, ended sessions shown.
fn web(ring: &Ring) -> Vec<Said> {
    let snapshot = ring.stdout(&["json", "--snapshot"]);
    // The page asks for its own language (the server's, `<html lang>`).
    let options = json!({ "all": true, "lang": crate::lang_support::lang().tag() }).to_string();
    let view = ring_web::view_json(&snapshot, NOW, Some(&options)).expect("view");
    let view: Value = serde_json::from_str(&view).expect("view JSON");
    view["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| Said {
            id: text(e, "session_id"),
            status: text(e, "status"),
            kind: shown_kind(&text(e, "status"), text(e, "kind")),
            label: text(e, "label"),
            detail: text(e, "detail"),
        })
        .collect()
}

/// The zellij bar and board: the plugin's model over the folder, after the refresh the
/// plugin runs (`ring-tmux oneline --all`, which publishes `zeroconf.json`).
fn zellij(ring: &Ring) -> (Vec<Said>, model::View) {
    ring.stdout(&["oneline", "--all"]);
    let mut registry = Registry::default();
    registry.scan(&ring.ring);
    let settings = Settings::parse(&BTreeMap::new());
    let inputs = ReadInputs::decode(&registry, &settings, NOW);
    // The plugin speaks the language it was loaded with: the suite's.
    let view = ring_shared::i18n::with_lang(crate::lang_support::lang(), || {
        model::build(
            inputs.sessions(NOW),
            &Inputs {
                now: NOW,
                session_name: None,
                panes: &Panes::default(),
                labels: &inputs.snapshot.labels,
                label: Label::Project,
                shown: &Status::ALL,
                elsewhere: inputs.config.status_elsewhere,
            },
        )
    });
    let said = view
        .entries
        .iter()
        .map(|e| Said {
            id: e.session_id.clone(),
            status: e.status.as_str().to_owned(),
            kind: e.kind.clone(),
            label: e.label.clone(),
            detail: e.detail.clone(),
        })
        .collect();
    (said, view)
}

/// `ring-tmux json --all`, sorted by id (RiNG's order is its own).
fn json_board(ring: &Ring) -> Vec<(String, String, String, String)> {
    let board: Value = serde_json::from_str(&ring.stdout(&["json", "--all"])).expect("board");
    let mut said: Vec<_> = board["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .map(|s| {
            (
                text(s, "session_id"),
                text(s, "status"),
                shown_kind(&text(s, "status"), text(s, "waiting_kind")),
                text(s, "label"),
            )
        })
        .collect();
    said.sort();
    said
}

/// `ring-tmux list --all`: each line's id, its state cell and its detail cell.
fn list(ring: &Ring) -> Vec<(String, String, String)> {
    let out = ring.stdout(&["list", "--all"]);
    out.lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect();
            (
                cells[0].to_owned(),
                cells[1].to_owned(),
                cells.get(4).copied().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

#[test]
fn every_front_end_states_the_same_sessions_in_the_same_order() {
    let ring = folder();
    let want = expected();
    assert_eq!(web(&ring), want, "the web page");
    let (zellij_said, zellij_view) = zellij(&ring);
    assert_eq!(zellij_said, want, "the zellij bar and board");

    let mut sorted: Vec<_> = want
        .iter()
        .map(|s| {
            (
                s.id.clone(),
                s.status.clone(),
                s.kind.clone(),
                s.label.clone(),
            )
        })
        .collect();
    sorted.sort();
    assert_eq!(json_board(&ring), sorted, "json --all");

    let listed = list(&ring);
    let ids: Vec<&str> = listed.iter().map(|(id, _, _)| id.as_str()).collect();
    let want_ids: Vec<&str> = want.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, want_ids, "list --all: {listed:?}");
    for ((_, state, detail), s) in listed.iter().zip(&want) {
        assert!(
            state.contains(&tr(&format!("state-{}", s.status), &[])),
            "list --all: {s:?} shown as {state}"
        );
        let shown = detail.trim_end_matches('…');
        assert!(
            s.detail.starts_with(shown),
            "list --all: {s:?} doing {detail}"
        );
    }

    // The counts of every summary: three waits, one idle (the ended one only with --all).
    let waits = want.iter().filter(|s| s.status == "waiting").count();
    assert_eq!(
        ring.stdout(&["oneline"]).trim(),
        format!("🔴{waits} 🟡1"),
        "oneline"
    );
    assert_eq!(
        zellij_view.counts,
        [
            (Status::Waiting, waits),
            (Status::Idle, 1),
            (Status::Ended, 1)
        ],
        "the zellij bar's counts"
    );
    // The segment names the wait that has waited longest: the first entry everywhere.
    let status = ring.stdout(&["status"]);
    assert!(
        status.contains(&format!(
            "{{@ring-icon-waiting}}{waits} cli#{{@ring-icon-permission}}"
        )),
        "status: {status}"
    );
}

/// The kind's label as every front end words it (the catalogue's `kind-…`, in the suite's
/// language), so a notification that says the raw kind (`permission`) fails.
fn kind_words(kind: &str) -> String {
    let key = match kind {
        "permission" => "kind-permission",
        "question" => "kind-question",
        "plan" => "kind-plan",
        _ => "kind-other",
    };
    tr(key, &[])
}

/// Every wait of the folder rings through the real notify path (`ring-tmux notify --flush`
/// with the `command` channel, one ring queued per waiting session as the hook queues it),
/// and each note says what the boards say: the entry's name (its label, else its project),
/// the kind's label, and the detail with the `waiting_for` fallback. One more session than
/// [`folder`] waits with no detail but a `waiting_for`.
#[test]
fn every_wait_rings_with_what_the_boards_say() {
    let mut ring = folder();
    ring.row(
        "claude-ask",
        json!({"provider": "claude-code", "cwd": "/work/docs", "status": "waiting",
               "waiting_kind": "question", "waiting_for": "an answer",
               "last_event": "Notification", "heartbeat_at": NOW - 50.0,
               "last_active": NOW - 50.0, "agent_pid": 505, "agent_start": 5050}),
    );
    let mut procs: Value = serde_json::from_str(&ring.procs).expect("procs");
    procs["claude-code"]
        .as_array_mut()
        .expect("claude procs")
        .push(json!(["/work/docs", "/dev/pts/5", 505, 5050]));
    ring.procs = procs.to_string();

    // The boards first (no notification configured yet): the web page and the zellij board
    // agree on this folder too, and name the waits the notes must match.
    let boards = web(&ring);
    assert_eq!(zellij(&ring).0, boards, "web page and zellij board");
    let snapshot: Value = serde_json::from_str(
        &ring_web::view_json(
            &ring.stdout(&["json", "--snapshot"]),
            NOW,
            Some(&json!({ "lang": crate::lang_support::lang().tag() }).to_string()),
        )
        .expect("view"),
    )
    .expect("view JSON");
    let waits: Vec<&Value> = snapshot["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| text(e, "status") == "waiting")
        .collect();
    assert_eq!(waits.len(), 4, "{snapshot}");
    let ask = waits.iter().find(|e| text(e, "session_id") == "claude-ask");
    assert_eq!(ask.map(|e| text(e, "detail")).as_deref(), Some("an answer"));

    let notes = ring.dir.path().join("notes");
    std::fs::create_dir(&notes).expect("notes dir");
    std::fs::write(
        ring.ring.join("config.toml"),
        format!(
            "notify_backend = 'command'\nnotify_command = 'cat > {}/$$.json'\nnotify_debounce_seconds = 0\n",
            notes.display()
        ),
    )
    .expect("config");
    for wait in &waits {
        ring_tmux::testing::notify::spool::push(&ring.ring, &text(wait, "session_id"), NOW)
            .expect("ring");
    }
    let out = ring.run(&["notify", "--flush"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut sent: BTreeMap<String, Value> = BTreeMap::new();
    for file in std::fs::read_dir(&notes).expect("notes") {
        let note: Value =
            serde_json::from_slice(&std::fs::read(file.expect("note").path()).expect("read"))
                .expect("note JSON");
        sent.insert(text(&note, "session_id"), note);
    }
    assert_eq!(sent.len(), waits.len(), "one note per wait: {sent:#?}");
    for wait in &waits {
        let id = text(wait, "session_id");
        let note = &sent[&id];
        let name = match text(wait, "label") {
            label if !label.is_empty() => label,
            _ => text(wait, "project"),
        };
        let kind = kind_words(&text(wait, "kind"));
        let title = text(note, "title");
        // "ring: " before the name in the suite's language.
        let ring_said = pieces("notify-waiting", &[]).swap_remove(0);
        assert!(
            title.starts_with(&format!("{ring_said}{name}")) && title.ends_with(&kind),
            "{id}: the note says {title:?}, the boards {name} {kind}"
        );
        assert_eq!(text(note, "body"), text(wait, "detail"), "{id}: the body");
        assert_eq!(text(note, "kind"), text(wait, "kind"), "{id}: the kind");
    }
}
