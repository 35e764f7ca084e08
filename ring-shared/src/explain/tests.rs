//! One situation per rule of `docs/rules.md` that decides a state: rows written by the real
//! reducer from agents' payloads, read by the real read side, explained.

use super::*;
use crate::agent::OwnState;
use crate::config::Config;
use crate::derive::{Proc, Procs};
use crate::event::normalize;
use crate::reduce::{Context, Outcome, reduce};
use crate::registry::OwnStatus;
use crate::registry::encode_row;
use crate::scan::{CodexThread, RolloutFacts, ScanSession, TailKind, TranscriptFacts};
use crate::view::{Inputs, ZeroConfig};
use serde_json::{Value, json};
use std::collections::BTreeMap;

const NOW: f64 = 1_700_000_000.0;

/// The row the real hook writes for `payloads` (each at its time), one after the other.
fn hooked(provider: &str, payloads: &[(f64, Value)]) -> Row {
    let mut prev: Option<serde_json::Map<String, Value>> = None;
    let mut last = None;
    for (at, payload) in payloads {
        let event = normalize(payload, provider).expect("payload is accepted");
        let ctx = Context {
            now: *at,
            hook_pid: 42,
            ..Context::default()
        };
        match reduce(prev.as_ref(), &event, &ctx) {
            Outcome::Write { row, .. } => {
                let doc: Value = serde_json::from_str(&encode_row(&row)).expect("row is JSON");
                prev = doc.as_object().cloned();
                last = Some(*row);
            }
            other => panic!("expected a write, got {other:?}"),
        }
    }
    last.expect("at least one payload")
}

fn claude(event: &str, extra: Value) -> Value {
    let mut p = json!({"session_id": "s1", "hook_event_name": event, "cwd": "/repo"});
    let obj = p.as_object_mut().expect("object");
    obj.extend(extra.as_object().cloned().unwrap_or_default());
    p
}

fn live(provider: &str, procs: &[Proc]) -> Procs {
    Procs {
        by_provider: [(provider.to_owned(), Some(procs.to_vec()))].into(),
        ..Procs::default()
    }
}

fn proc_in(cwd: &str) -> Proc {
    Proc {
        cwd: cwd.into(),
        ..Proc::default()
    }
}

/// What a read at `now` says of session `id`.
struct Read<'a> {
    rows: Vec<Row>,
    zero: Vec<ScanSession>,
    agents: &'a [OwnState],
    procs: Procs,
    hidden: BTreeMap<String, f64>,
    now: f64,
}

impl Read<'_> {
    fn new(rows: Vec<Row>) -> Read<'static> {
        Read {
            rows,
            zero: Vec::new(),
            agents: &[],
            procs: Procs::default(),
            hidden: BTreeMap::new(),
            now: NOW,
        }
    }

    fn explain(self, id: &str) -> Explanation {
        let config = Config::default();
        let ctx = ReadContext {
            now: self.now,
            config: &config,
            procs: &self.procs,
            hidden: &self.hidden,
            source_mtime: &|_| None,
            realpath: &|p: &str| p.to_owned(),
        };
        let inputs = Inputs {
            ctx,
            rows: self.rows,
            zero_config: ZeroConfig::Rows(self.zero),
            agents: self.agents,
        };
        super::explain(inputs, id).expect("the session is explained")
    }
}

fn hook_event(e: &Explanation) -> (&str, &str) {
    match &e.decided_by {
        Decider::HookEvent { event, owner, .. } => (event, owner),
        other => panic!("decided by {other:?}, not a hook event"),
    }
}

#[test]
fn a_tool_call_is_working_by_its_event() {
    let row = hooked(
        "claude-code",
        &[(NOW, claude("PreToolUse", json!({"tool_name": "Bash"})))],
    );
    let e = Read::new(vec![row]).explain("s1");
    assert_eq!((e.status, e.rule), (Status::Working, RuleId::EventStatus));
    assert_eq!(hook_event(&e), ("PreToolUse", "foreground"));
    assert!(e.shown);
}

#[test]
fn an_explicit_flag_decides_over_the_event() {
    let row = hooked(
        "claude-code",
        &[(NOW, claude("PostToolUse", json!({"requires_action": true})))],
    );
    let e = Read::new(vec![row]).explain("s1");
    assert_eq!(
        (e.status, e.rule),
        (Status::Waiting, RuleId::ExplicitSignal)
    );
    assert_eq!(e.rule.section(), "2.4");
}

#[test]
fn a_stop_that_asks_is_a_question_wait() {
    let row = hooked(
        "claude-code",
        &[(
            NOW,
            claude("Stop", json!({"last_assistant_message": "Ship it?"})),
        )],
    );
    let e = Read::new(vec![row]).explain("s1");
    assert_eq!((e.status, e.rule), (Status::Waiting, RuleId::StopQuestion));
    assert_eq!(e.kind, "question");
    assert_eq!(hook_event(&e).0, "Stop");
}

#[test]
fn a_plain_stop_is_idle_by_its_event() {
    let row = hooked(
        "claude-code",
        &[(
            NOW,
            claude("Stop", json!({"last_assistant_message": "Done."})),
        )],
    );
    let e = Read::new(vec![row]).explain("s1");
    assert_eq!((e.status, e.rule), (Status::Idle, RuleId::EventStatus));
    assert!(e.would_change.contains(&Would::of("explain-would-prompt")));
}

#[test]
fn an_ordinary_notification_keeps_the_question() {
    let ask = json!({"tool_name": "AskUserQuestion", "tool_input": {"questions": [{"question": "Which?"}]}});
    let row = hooked(
        "claude-code",
        &[
            (NOW, claude("PreToolUse", ask)),
            (
                NOW + 5.0,
                claude("Notification", json!({"notification_type": "idle_prompt"})),
            ),
        ],
    );
    let e = Read::new(vec![row]).explain("s1");
    assert_eq!((e.status, e.rule), (Status::Waiting, RuleId::KeepWait));
    assert_eq!(hook_event(&e).0, "Notification");
}

#[test]
fn a_subagents_request_is_its_owners_wait() {
    let row = hooked(
        "claude-code",
        &[(
            NOW,
            claude(
                "PermissionRequest",
                json!({"agent_id": "a7", "agent_type": "reviewer", "tool_name": "Bash", "tool_input": {"command": "ls"}}),
            ),
        )],
    );
    let e = Read::new(vec![row]).explain("s1");
    assert_eq!((e.status, e.rule), (Status::Waiting, RuleId::OwnerWaits));
    assert_eq!(hook_event(&e), ("PermissionRequest", "agent:a7"));
}

#[test]
fn a_claude_permission_request_waits_at_once() {
    let row = hooked(
        "claude-code",
        &[(
            NOW,
            claude(
                "PermissionRequest",
                json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf build"}}),
            ),
        )],
    );
    let e = Read::new(vec![row]).explain("s1");
    assert_eq!(
        (e.status, e.rule, e.kind.as_str()),
        (Status::Waiting, RuleId::PermissionAtOnce, "permission")
    );
}

fn codex_request(at: f64) -> Row {
    hooked(
        "codex",
        &[(
            at,
            json!({"session_id": "t1", "hook_event_name": "PermissionRequest", "cwd": "/repo", "tool_name": "Bash", "tool_input": {"command": "make"}}),
        )],
    )
}

#[test]
fn a_codex_request_waits_after_its_delay() {
    let mut read = Read::new(vec![codex_request(NOW)]);
    read.now = NOW + 11.0;
    let e = read.explain("codex:t1");
    assert_eq!(
        (e.status, e.rule),
        (Status::Waiting, RuleId::CodexPermissionWait)
    );
    assert!(matches!(e.decided_by, Decider::Clock { after, .. } if after == 10.0));
    assert_eq!(e.steps[0].status, Status::Working, "the hook wrote working");
}

#[test]
fn a_codex_request_before_its_delay_says_when_it_will_wait() {
    let mut read = Read::new(vec![codex_request(NOW)]);
    read.now = NOW + 4.0;
    let e = read.explain("codex:t1");
    assert_eq!((e.status, e.rule), (Status::Working, RuleId::EventStatus));
    let in_six = Would::with("explain-would-codex-wait", &[("secs", "6".into())]);
    assert!(e.would_change.contains(&in_six), "{:?}", e.would_change);
    // The seconds are filled in (and §4.2 a named) in both languages.
    for lang in crate::i18n::Lang::ALL {
        let text = in_six.text_in(lang);
        assert!(text.contains("6 ") && text.contains("§4.2 a"), "{text}");
    }
}

#[test]
fn a_start_is_idle_then_a_bare_start_ends() {
    let row = hooked(
        "claude-code",
        &[(NOW, claude("SessionStart", json!({"source": "startup"})))],
    );
    let e = Read::new(vec![row.clone()]).explain("s1");
    assert_eq!((e.status, e.rule), (Status::Idle, RuleId::StartIsIdle));
    let mut read = Read::new(vec![row]);
    read.now = NOW + 121.0;
    let e = read.explain("s1");
    assert_eq!((e.status, e.rule), (Status::Ended, RuleId::BareStart));
    assert_eq!(
        e.steps.iter().map(|s| s.rule).collect::<Vec<_>>(),
        [RuleId::StartIsIdle, RuleId::BareStart]
    );
}

#[test]
fn an_api_error_ends_the_turn_idle() {
    let row = hooked(
        "claude-code",
        &[(NOW, claude("StopFailure", json!({"error": "rate_limit"})))],
    );
    let e = Read::new(vec![row]).explain("s1");
    assert_eq!((e.status, e.rule), (Status::Idle, RuleId::EndWithoutStop));
}

#[test]
fn a_stop_with_a_running_background_task_is_working() {
    let row = hooked(
        "claude-code",
        &[(
            NOW,
            claude(
                "Stop",
                json!({"last_assistant_message": "Started.", "background_tasks": [{"status": "running"}]}),
            ),
        )],
    );
    let e = Read::new(vec![row]).explain("s1");
    assert_eq!(
        (e.status, e.rule),
        (Status::Working, RuleId::BackgroundTask)
    );
}

#[test]
fn no_process_in_the_folder_ends_the_row() {
    let row = hooked("claude-code", &[(NOW, claude("PreToolUse", json!({})))]);
    let mut read = Read::new(vec![row]);
    read.procs = live("claude-code", &[proc_in("/elsewhere")]);
    let e = read.explain("s1");
    assert_eq!((e.status, e.rule), (Status::Ended, RuleId::Liveness));
    assert_eq!(
        e.decided_by,
        Decider::NoProcessInFolder {
            cwd: "/repo".into()
        }
    );
}

#[test]
fn a_dead_own_process_ends_the_row() {
    let mut row = hooked("claude-code", &[(NOW, claude("PreToolUse", json!({})))]);
    row.agent_pid = Some(300);
    row.agent_start = Some(9);
    let mut read = Read::new(vec![row]);
    // Another Claude runs in the same folder: the folder rule would keep the row.
    read.procs = live(
        "claude-code",
        &[Proc {
            pid: Some(301),
            start: Some(9),
            ..proc_in("/repo")
        }],
    );
    let e = read.explain("s1");
    assert_eq!((e.status, e.rule), (Status::Ended, RuleId::OwnProcess));
    assert_eq!(e.decided_by, Decider::ProcessGone { pid: 300, start: 9 });
}

#[test]
fn a_newer_session_of_the_same_codex_tui_supersedes() {
    let thread = |id: &str, at: f64| {
        let mut row = hooked(
            "codex",
            &[(
                at,
                json!({"session_id": id, "hook_event_name": "Stop", "cwd": "/repo"}),
            )],
        );
        row.agent_pid = Some(77);
        row.agent_start = Some(5);
        row
    };
    let mut read = Read::new(vec![thread("old", NOW), thread("new", NOW + 30.0)]);
    read.now = NOW + 40.0;
    let e = read.explain("codex:old");
    assert_eq!((e.status, e.rule), (Status::Ended, RuleId::Superseded));
    assert_eq!(e.decided_by, Decider::NewerSession { pid: 77, start: 5 });
}

fn own(status: OwnStatus, at: f64) -> OwnState {
    OwnState {
        provider: "claude-code".into(),
        session_id: "s1".into(),
        pid: 300,
        proc_start: None,
        pid_domain: None,
        cwd: "/repo".into(),
        status,
        waiting_for: String::new(),
        updated_at: at,
        alive: Some(true),
    }
}

#[test]
fn claudes_own_file_settles_an_interrupted_turn() {
    let row = hooked("claude-code", &[(NOW, claude("PreToolUse", json!({})))]);
    let agents = [own(OwnStatus::Idle, NOW + 5.0)];
    let mut read = Read::new(vec![row]);
    read.agents = &agents;
    let e = read.explain("s1");
    assert_eq!((e.status, e.rule), (Status::Idle, RuleId::OwnFile));
    assert!(matches!(
        e.decided_by,
        Decider::OwnState {
            status: OwnStatus::Idle,
            pid: 300,
            ..
        }
    ));
    assert_eq!(
        e.steps[0].rule,
        RuleId::EventStatus,
        "the hook said working"
    );
}

#[test]
fn an_older_own_file_does_not_decide() {
    let row = hooked("claude-code", &[(NOW, claude("PreToolUse", json!({})))]);
    let agents = [own(OwnStatus::Idle, NOW - 5.0)];
    let mut read = Read::new(vec![row]);
    read.agents = &agents;
    let e = read.explain("s1");
    assert_eq!((e.status, e.rule), (Status::Working, RuleId::EventStatus));
}

#[test]
fn geminis_cancel_settles_its_wait() {
    let row = hooked(
        "gemini",
        &[(
            NOW,
            json!({"session_id": "g1", "hook_event_name": "Notification", "cwd": "/repo", "notification_type": "ToolPermission", "message": "allow?"}),
        )],
    );
    let id = row.session_id.clone();
    assert_eq!(row.status, Status::Waiting);
    let agents = [crate::agent::gemini_cancelled(
        &id,
        "/repo",
        None,
        NOW + 3.0,
    )];
    let mut read = Read::new(vec![row]);
    read.agents = &agents;
    let e = read.explain(&id);
    assert_eq!((e.status, e.rule), (Status::Idle, RuleId::GeminiCancel));
}

fn transcript(id: &str, mtime: f64, tail: TailKind) -> TranscriptFacts {
    TranscriptFacts {
        id: id.into(),
        dir_name: "-repo".into(),
        mtime,
        last_cwd: "/repo".into(),
        head_cwd: "/repo".into(),
        last_action: "—".into(),
        todo: None,
        tail_kind: tail,
        question: None,
    }
}

/// The zero-config rows a read finds from these transcripts and threads.
fn zero(
    transcripts: &[TranscriptFacts],
    threads: &[CodexThread],
    procs: &Procs,
    now: f64,
) -> Vec<ScanSession> {
    let config = Config::default();
    let hidden = BTreeMap::new();
    let ctx = ReadContext {
        now,
        config: &config,
        procs,
        hidden: &hidden,
        source_mtime: &|_| None,
        realpath: &|p: &str| p.to_owned(),
    };
    crate::scan::zero_config_rows(
        transcripts,
        threads,
        &mut |_| RolloutFacts::default(),
        &ctx,
        &|_, _| false,
        crate::scan::EndedRows::All,
    )
}

#[test]
fn a_claude_transcript_without_hooks_is_decided_by_its_age() {
    let procs = live("claude-code", &[proc_in("/repo")]);
    let mut read = Read::new(Vec::new());
    read.zero = zero(
        &[transcript("z1", NOW - 5.0, TailKind::Working)],
        &[],
        &procs,
        NOW,
    );
    read.procs = procs;
    let e = read.explain("z1");
    assert_eq!(
        (e.status, e.rule),
        (Status::Working, RuleId::ClaudeTranscript)
    );
    assert_eq!(e.source, Source::Scan);
    assert!(matches!(
        e.decided_by,
        Decider::ZeroConfig {
            kind: Source::Scan,
            ..
        }
    ));
    assert!(
        e.would_change
            .contains(&Would::of("explain-would-hooks-transcript"))
    );
}

#[test]
fn a_codex_thread_without_hooks_is_decided_by_its_source() {
    let procs = Procs {
        by_provider: [
            ("codex".to_owned(), Some(vec![proc_in("/repo")])),
            ("claude-code".to_owned(), Some(Vec::new())),
        ]
        .into(),
        ..Procs::default()
    };
    let thread = CodexThread {
        id: "t9".into(),
        cwd: "/repo".into(),
        title: "fix".into(),
        preview: String::new(),
        updated_at: NOW - 5.0,
        updated_at_ms: 0,
        rollout_path: String::new(),
    };
    let mut read = Read::new(Vec::new());
    read.zero = zero(&[], &[thread], &procs, NOW);
    read.procs = procs;
    let e = read.explain("codex:t9");
    assert_eq!(e.rule, RuleId::CodexThread);
    assert_eq!(e.source, Source::Codex);
}

#[test]
fn a_local_chat_is_its_process() {
    let chats = [crate::scan::LocalLlm {
        pid: 4242,
        provider: crate::scan::OLLAMA.into(),
        model: Some("llama3".into()),
        tty: Some("/dev/pts/9".into()),
        started_at: NOW - 60.0,
    }];
    let mut read = Read::new(Vec::new());
    read.zero = crate::scan::local_llm_rows(&chats);
    let id = read.zero[0].session.row.session_id.clone();
    let e = read.explain(&id);
    assert_eq!((e.status, e.rule), (Status::Idle, RuleId::LocalChat));
}

#[test]
fn a_newer_transcript_replaces_a_hook_wait() {
    let row = hooked(
        "claude-code",
        &[(
            NOW,
            claude(
                "PermissionRequest",
                json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}),
            ),
        )],
    );
    let procs = live("claude-code", &[proc_in("/repo")]);
    let mut read = Read::new(vec![row]);
    read.zero = zero(
        &[transcript("s1", NOW + 20.0, TailKind::Working)],
        &[],
        &procs,
        NOW + 25.0,
    );
    read.procs = procs;
    read.now = NOW + 25.0;
    let e = read.explain("s1");
    assert_eq!(
        (e.status, e.rule),
        (Status::Working, RuleId::ScanReplacesHook)
    );
    assert_eq!(e.source, Source::Scan);
}

#[test]
fn a_hidden_session_is_left_out() {
    let row = hooked("claude-code", &[(NOW, claude("Stop", json!({})))]);
    let mut read = Read::new(vec![row]);
    read.hidden = [("s1".to_owned(), NOW + 10.0)].into();
    read.now = NOW + 20.0;
    let e = read.explain("s1");
    assert!(!e.shown);
    assert_eq!(e.rule, RuleId::Hidden);
    assert_eq!(
        e.decided_by,
        Decider::HiddenSince {
            hidden_at: NOW + 10.0
        }
    );
    assert!(e.would_change.contains(&Would::of("explain-would-unhide")));
}

#[test]
fn an_idle_background_agent_counts_as_ended() {
    let row = hooked("claude-code", &[(NOW, claude("Stop", json!({})))]);
    let mut read = Read::new(vec![row]);
    read.procs = live("claude-code", &[proc_in("/repo")]);
    read.procs.background_agent_ids.insert("s1".into());
    let e = read.explain("s1");
    assert_eq!((e.status, e.rule), (Status::Ended, RuleId::BackgroundAgent));
}

#[test]
fn an_unknown_session_has_no_explanation() {
    let config = Config::default();
    let procs = Procs::default();
    let hidden = BTreeMap::new();
    let inputs = Inputs {
        ctx: ReadContext {
            now: NOW,
            config: &config,
            procs: &procs,
            hidden: &hidden,
            source_mtime: &|_| None,
            realpath: &|p: &str| p.to_owned(),
        },
        rows: Vec::new(),
        zero_config: ZeroConfig::None,
        agents: &[],
    };
    assert_eq!(super::explain(inputs, "nobody"), None);
}

#[test]
fn a_session_end_leaves_only_its_tombstone() {
    let e = ended_by_session_end("s1", NOW);
    assert_eq!(
        (e.status, e.rule, e.shown),
        (Status::Ended, RuleId::SessionEnd, false)
    );
    assert_eq!(hook_event(&e).0, "SessionEnd");
}

#[test]
fn every_rule_id_has_a_situation_here() {
    // The tests above, by the rule each shows: a new RuleId needs its own.
    let shown = [
        RuleId::EventStatus,
        RuleId::ExplicitSignal,
        RuleId::StopQuestion,
        RuleId::KeepWait,
        RuleId::SessionEnd,
        RuleId::OwnerWaits,
        RuleId::CodexPermissionWait,
        RuleId::BareStart,
        RuleId::Liveness,
        RuleId::ClaudeTranscript,
        RuleId::CodexThread,
        RuleId::LocalChat,
        RuleId::ScanReplacesHook,
        RuleId::Hidden,
        RuleId::BackgroundAgent,
        RuleId::PermissionAtOnce,
        RuleId::StartIsIdle,
        RuleId::EndWithoutStop,
        RuleId::OwnFile,
        RuleId::OwnProcess,
        RuleId::GeminiCancel,
        RuleId::BackgroundTask,
        RuleId::Superseded,
    ];
    assert_eq!(shown, RuleId::ALL);
}

#[test]
fn every_rule_has_its_heading_and_case_in_every_language() {
    use crate::i18n::{Lang, source};
    // A text is that language's own when its catalogue holds it as a message: a key missing
    // from one falls back to English (or, missing everywhere, to the key), which is not.
    let own = |lang: Lang, text: &str| {
        source(lang)
            .lines()
            .any(|l| l.split_once(" = ").is_some_and(|(_, v)| v.trim() == text))
    };
    for rule in RuleId::ALL {
        for lang in Lang::ALL {
            for text in [rule.heading(lang), rule.what(lang)] {
                assert!(
                    own(lang, &text),
                    "{rule:?} in {lang:?}: {text} is not in its catalogue"
                );
            }
        }
        // Chinese speaks Chinese (SessionEnd's heading is the event's own name).
        assert_ne!(
            rule.what(Lang::ZhHant),
            rule.what(Lang::En),
            "{rule:?} has no Chinese case"
        );
    }
}

#[test]
fn json_keeps_the_rules_and_the_changes_in_english_in_every_language() {
    use crate::i18n::{Lang, with_lang};
    let e = Read::new(vec![codex_request(NOW)]).explain("codex:t1");
    let en = with_lang(Lang::En, || serde_json::to_string(&e).expect("serializes"));
    let zh = with_lang(Lang::ZhHant, || {
        serde_json::to_string(&e).expect("serializes")
    });
    assert_eq!(en, zh);
    let doc: Value = serde_json::from_str(&en).expect("JSON");
    assert_eq!(
        doc["rule"]["heading"],
        crate::i18n::text_in(Lang::En, "explain-section-2-6", None)
    );
    assert_eq!(
        doc["would_change"][0],
        e.would_change[0].text_in(Lang::En).as_str()
    );
}
