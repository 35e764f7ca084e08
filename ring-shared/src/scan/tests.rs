use super::*;
use crate::config::Config;
use crate::derive::{Procs, Source};
use crate::registry::{Row, Status};
use crate::transcript::{Record, parse_tail};
use rstest::rstest;
use serde_json::json;
use std::collections::BTreeMap;

/// Every Claude row, ended ones included.
fn every_claude_row(
    transcripts: &[TranscriptFacts],
    procs: &[Proc],
    ctx: &ReadContext<'_>,
    evidence: &dyn Fn(&str, &str) -> bool,
) -> Vec<ScanSession> {
    claude_rows(transcripts, procs, ctx, evidence, EndedRows::All)
}

const NOW: f64 = 1_700_000_000.0;

fn records(lines: &[serde_json::Value]) -> Vec<Record> {
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    parse_tail(text.as_bytes(), false)
}

fn user(text: &str) -> serde_json::Value {
    json!({"type": "user", "cwd": "/repo/app", "message": {"role": "user", "content": [{"type": "text", "text": text}]}})
}

fn assistant_text(stop: &str) -> serde_json::Value {
    json!({"type": "assistant", "message": {"content": [{"type": "text", "text": "done"}], "stop_reason": stop}})
}

fn tool_use() -> serde_json::Value {
    json!({"type": "assistant", "message": {"stop_reason": "tool_use", "content": [{"type": "tool_use", "name": "Bash", "input": {"command": "ls"}}]}})
}

#[rstest]
#[case::empty(vec![], TailKind::None)]
#[case::prompt(vec![user("go")], TailKind::Working)]
#[case::string_prompt(vec![json!({"type": "user", "message": {"content": "go"}})], TailKind::Working)]
#[case::end_turn(vec![user("go"), assistant_text("end_turn")], TailKind::Waiting)]
#[case::tool_call(vec![user("go"), tool_use()], TailKind::Interrupted)]
#[case::cut_short(vec![user("go"), assistant_text("max_tokens")], TailKind::Interrupted)]
#[case::tool_use_beats_end_turn(vec![json!({"type": "assistant", "message": {"stop_reason": "end_turn", "content": [{"type": "tool_use", "name": "X"}]}})], TailKind::Interrupted)]
#[case::tool_result_block(vec![json!({"type": "user", "message": {"content": [{"type": "tool_result", "content": "ok"}]}})], TailKind::Interrupted)]
#[case::tool_use_result_field(vec![json!({"type": "user", "toolUseResult": {"ok": true}, "message": {"content": "x"}})], TailKind::Interrupted)]
#[case::null_tool_use_result_is_a_prompt(vec![json!({"type": "user", "toolUseResult": null, "message": {"content": "x"}})], TailKind::Working)]
#[case::bookkeeping_skipped(vec![assistant_text("end_turn"), json!({"type": "last-prompt"}), json!({"type": "system"})], TailKind::Waiting)]
#[case::meta_skipped(vec![assistant_text("end_turn"), json!({"type": "user", "isMeta": true, "message": {"content": "x"}})], TailKind::Waiting)]
#[case::sidechain_skipped(vec![user("go"), json!({"type": "assistant", "isSidechain": true, "message": {"stop_reason": "end_turn"}})], TailKind::Working)]
#[case::slash_command_noise_skipped(vec![assistant_text("end_turn"), user("<command-name>/clear</command-name>"), user("  ")], TailKind::Waiting)]
#[case::user_without_text_blocks_is_a_prompt(vec![assistant_text("end_turn"), json!({"type": "user", "message": {"content": [{"type": "image"}]}})], TailKind::Working)]
fn tail_kind_follows_the_newest_conversation_record(
    #[case] lines: Vec<serde_json::Value>,
    #[case] want: TailKind,
) {
    assert_eq!(tail_kind(&records(&lines)), want);
}

#[rstest]
#[case::first_string_cwd(
    "{\"type\":\"x\"}\n{\"cwd\":\"\"}\n{\"cwd\":5}\r\n{\"cwd\":\"/a\"}\n{\"cwd\":\"/b\"}\n",
    "/a"
)]
#[case::none("{\"type\":\"x\"}\n", "")]
#[case::cut_line_ignored("{\"cwd\":\"/a", "")]
#[case::garbage_lines_skipped("not json\n[1]\n{\"cwd\":\"/z\"}", "/z")]
fn head_cwd_is_the_first_non_empty_string_cwd(#[case] head: &str, #[case] want: &str) {
    assert_eq!(head_cwd(head.as_bytes()), want);
}

#[rstest]
#[case::both("/last", "/head", "/last", "/head")]
#[case::only_last("/last", "", "/last", "/last")]
#[case::only_head("", "/head", "/head", "/head")]
#[case::dash_fallback("", "", "/repo/my/app", "/repo/my/app")]
fn cwd_and_origin_fall_back_to_each_other_then_to_the_folder_name(
    #[case] last: &str,
    #[case] head: &str,
    #[case] cwd: &str,
    #[case] origin: &str,
) {
    let mut facts = TranscriptFacts::from_records("id", "--repo-my-app", NOW, &[], b"");
    facts.last_cwd = last.into();
    facts.head_cwd = head.into();
    assert_eq!(facts.cwds(), (cwd.to_owned(), origin.to_owned()));
}

fn facts(id: &str, cwd: &str, age: f64, tail: TailKind) -> TranscriptFacts {
    let mut f = TranscriptFacts::from_records(id, "-x", NOW - age, &[], b"");
    f.last_cwd = cwd.into();
    f.tail_kind = tail;
    f
}

fn procs(claude: &[(&str, &str)], codex: Option<&[(&str, &str)]>) -> Procs {
    let list = |items: &[(&str, &str)]| {
        items
            .iter()
            .map(|(cwd, tty)| Proc {
                cwd: (*cwd).into(),
                tty: (!tty.is_empty()).then(|| (*tty).to_owned()),
                ..Default::default()
            })
            .collect::<Vec<_>>()
    };
    let mut procs = Procs::default();
    procs
        .by_provider
        .insert("claude-code".into(), Some(list(claude)));
    procs.by_provider.insert("codex".into(), codex.map(list));
    procs
}

fn with_ctx<T>(procs: &Procs, f: impl FnOnce(&ReadContext<'_>) -> T) -> T {
    let config = Config::default();
    let hidden = BTreeMap::new();
    let ctx = ReadContext {
        now: NOW,
        config: &config,
        procs,
        hidden: &hidden,
        source_mtime: &|_| None,
        realpath: &|p| p.trim_end_matches('/').to_owned(),
    };
    f(&ctx)
}

fn statuses(rows: &[ScanSession]) -> Vec<(String, Status, Option<String>)> {
    rows.iter()
        .map(|s| {
            (
                s.session.row.session_id.clone(),
                s.session.row.status,
                s.session.row.tty.clone(),
            )
        })
        .collect()
}

fn row(id: &str, status: Status, tty: Option<&str>) -> (String, Status, Option<String>) {
    (id.into(), status, tty.map(str::to_owned))
}

#[test]
fn newest_transcripts_take_the_live_slots_and_age() {
    let files = [
        facts("old", "/repo", 4000.0, TailKind::Working),
        facts("new", "/repo", 10.0, TailKind::Working),
        facts("mid", "/repo", 100.0, TailKind::Waiting),
        facts("gone", "/repo", 30_000.0, TailKind::Working),
    ];
    let procs = procs(&[("/repo/", "/dev/pts/1"), ("/repo", "/dev/pts/2")], None);
    let rows = with_ctx(&procs, |ctx| {
        every_claude_row(
            &files,
            known_procs(ctx, "claude-code").expect("known"),
            ctx,
            &|_, _| false,
        )
    });
    assert_eq!(
        statuses(&rows),
        vec![
            row("new", Status::Working, None),
            row("mid", Status::Idle, None),
            row("old", Status::Ended, None),
        ]
    );
}

#[test]
fn a_single_live_process_lends_its_tty_to_the_newest_row() {
    let files = [
        facts("a", "/repo", 10.0, TailKind::Working),
        facts("b", "/repo", 20.0, TailKind::Working),
    ];
    let procs = procs(&[("/repo", "/dev/pts/9")], None);
    let rows = with_ctx(&procs, |ctx| {
        every_claude_row(
            &files,
            known_procs(ctx, "claude-code").expect("known"),
            ctx,
            &|_, _| false,
        )
    });
    assert_eq!(
        statuses(&rows),
        vec![
            row("a", Status::Working, Some("/dev/pts/9")),
            row("b", Status::Ended, None),
        ]
    );
}

#[test]
fn process_tree_evidence_moves_a_row_into_the_live_slot() {
    let files = [
        facts("crashed", "/repo", 10.0, TailKind::Working),
        facts("quiet", "/repo", 500.0, TailKind::Working),
    ];
    let procs = procs(&[("/repo", "")], None);
    let evidence = |id: &str, cwd: &str| id == "quiet" && cwd == "/repo";
    let rows = with_ctx(&procs, |ctx| {
        every_claude_row(
            &files,
            known_procs(ctx, "claude-code").expect("known"),
            ctx,
            &evidence,
        )
    });
    assert_eq!(
        statuses(&rows),
        vec![
            row("quiet", Status::Idle, None),
            row("crashed", Status::Ended, None)
        ]
    );
}

/// Two Claudes in one folder, one exits (real-agent suite, claude two_claudes): the one that
/// exited wrote its transcript last, yet the live slot (and the one live process's terminal)
/// goes to the session the live agent's own file names, or failing that to the one whose
/// hooks did not end it.
#[rstest]
#[case::by_mtime_the_ended_one_wins(false, false, "exited")]
#[case::the_agents_own_file_names_the_live_one(true, false, "waits")]
#[case::a_session_ended_by_its_hooks_takes_no_slot(false, true, "waits")]
fn the_live_slot_goes_to_the_live_session_not_the_newest_transcript(
    #[case] own: bool,
    #[case] ended: bool,
    #[case] live: &str,
) {
    let files = [
        facts("waits", "/repo", 60.0, TailKind::Waiting),
        facts("exited", "/repo", 2.0, TailKind::Waiting),
    ];
    let mut procs = procs(&[("/repo", "/dev/pts/7")], None);
    if own {
        procs.own_sessions.insert("waits".into(), "/repo".into());
    }
    if ended {
        procs.ended_session_ids.insert("exited".into());
    }
    let rows = with_ctx(&procs, |ctx| {
        every_claude_row(
            &files,
            known_procs(ctx, "claude-code").expect("known"),
            ctx,
            &|_, _| false,
        )
    });
    let live_rows: Vec<_> = statuses(&rows)
        .into_iter()
        .filter(|(_, status, _)| *status != Status::Ended)
        .map(|(id, _, tty)| (id, tty))
        .collect();
    assert_eq!(
        live_rows,
        [(live.to_owned(), Some("/dev/pts/7".to_owned()))]
    );
}

/// A fresh Claude in the folder of one that asked a question and exited (real-agent suite,
/// claude two_claudes): until its first prompt it has no transcript, and the old session
/// (ended by its hooks) must not take the live slot with its question.
#[test]
fn a_session_ended_by_its_hooks_never_takes_a_free_slot() {
    let files = [facts("asked-and-left", "/repo", 5.0, TailKind::Waiting)];
    let mut procs = procs(&[("/repo", "/dev/pts/7")], None);
    procs.ended_session_ids.insert("asked-and-left".into());
    let rows = with_ctx(&procs, |ctx| {
        every_claude_row(
            &files,
            known_procs(ctx, "claude-code").expect("known"),
            ctx,
            &|_, _| false,
        )
    });
    assert_eq!(
        statuses(&rows),
        [row("asked-and-left", Status::Ended, None)]
    );
}

/// The same without hooks (no tombstone): the fresh Claude's own file names its session,
/// which has no transcript before its first prompt. That session holds the one live slot,
/// so the old transcript, however recent, is not live and its question does not wait.
#[test]
fn a_fresh_claude_holds_its_slot_before_it_has_a_transcript() {
    let files = [facts("asked-and-left", "/repo", 5.0, TailKind::Waiting)];
    let mut procs = procs(&[("/repo", "/dev/pts/7")], None);
    procs.own_sessions.insert("fresh".into(), "/repo".into());
    let rows = with_ctx(&procs, |ctx| {
        every_claude_row(
            &files,
            known_procs(ctx, "claude-code").expect("known"),
            ctx,
            &|_, _| false,
        )
    });
    assert_eq!(
        statuses(&rows),
        [row("asked-and-left", Status::Ended, None)]
    );
}

/// Live slots of a /repo group (`quiet` 500 s old, `crashed` 10 s, `third` 20 s) with the
/// given live Claude cwds, when pane %1 (cwd `pane_cwd`, shell 100) runs `args`.
fn slots_with_tree(live: &[(&str, &str)], pane_cwd: &str, args: &str) -> Vec<(String, Status)> {
    let files = [
        facts("crashed", "/repo", 10.0, TailKind::Working),
        facts("quiet", "/repo", 500.0, TailKind::Working),
        facts("third", "/repo", 20.0, TailKind::Working),
    ];
    let panes = [crate::derive::Pane {
        id: "%1".into(),
        cwd: pane_cwd.into(),
        target: "main:1.0".into(),
        pid: Some(100),
    }];
    let tree_procs = [crate::derive::ProcRow {
        pid: 101,
        ppid: 100,
        args: args.into(),
    }];
    let procs = procs(live, None);
    with_ctx(&procs, |ctx| {
        let tree = crate::derive::PaneTree::new(&panes, &tree_procs, ctx.realpath);
        let evidence =
            |id: &str, cwd: &str| tree.target(id, "claude-code", cwd, ctx.realpath).is_some();
        let rows = every_claude_row(
            &files,
            known_procs(ctx, "claude-code").expect("known"),
            ctx,
            &evidence,
        );
        rows.iter()
            .filter(|s| s.session.source == crate::derive::Source::Scan)
            .map(|s| (s.session.row.session_id.clone(), s.session.row.status))
            .collect()
    })
}

#[rstest]
#[case::named_by_a_pane_process(&[("/repo", "")], "/repo", "claude --resume quiet", &["quiet"])]
#[case::pane_cwd_by_realpath(&[("/repo", "")], "/repo/", "claude --resume quiet", &["quiet"])]
#[case::pane_in_another_cwd_is_no_evidence(&[("/repo", "")], "/elsewhere", "claude --resume quiet", &["crashed"])]
#[case::no_process_names_it_mtime_order(&[("/repo", "")], "/repo", "claude", &["crashed"])]
#[case::evidence_first_then_mtime(&[("/repo", ""), ("/repo", "")], "/repo", "claude -r quiet", &["quiet", "crashed"])]
#[case::no_live_process_no_slot(&[], "/repo", "claude --resume quiet", &[])]
#[case::as_many_processes_as_rows(&[("/repo", ""), ("/repo", ""), ("/repo", "")], "/repo", "claude --resume quiet", &["crashed", "third", "quiet"])]
fn process_tree_evidence_decides_the_live_slots_of_an_ambiguous_group(
    #[case] live: &[(&str, &str)],
    #[case] pane_cwd: &str,
    #[case] args: &str,
    #[case] want_live: &[&str],
) {
    let rows = slots_with_tree(live, pane_cwd, args);
    let got: Vec<&str> = rows
        .iter()
        .filter(|(_, status)| *status != Status::Ended)
        .map(|(id, _)| id.as_str())
        .collect();
    assert_eq!(got, want_live, "rows: {rows:?}");
}

#[test]
fn background_agent_rows_age_without_a_live_slot() {
    let files = [facts("agent", "/repo", 10.0, TailKind::Working)];
    let mut procs = procs(&[], None);
    procs.background_agent_ids.insert("agent".into());
    let rows = with_ctx(&procs, |ctx| {
        every_claude_row(&files, &[], ctx, &|_, _| false)
    });
    assert_eq!(statuses(&rows), vec![row("agent", Status::Working, None)]);
}

#[test]
fn synthetic_rows_cover_live_cwds_without_scan_rows_once_per_realpath() {
    let files = [facts("a", "/repo/a", 10.0, TailKind::Working)];
    let procs = procs(
        &[
            ("/repo/a/", "/dev/pts/1"),
            ("/repo/b", ""),
            ("/repo/b/", "/dev/pts/3"),
            ("/repo/b", "/dev/pts/2"),
            ("", "/dev/pts/4"),
        ],
        None,
    );
    let rows = with_ctx(&procs, |ctx| {
        every_claude_row(
            &files,
            known_procs(ctx, "claude-code").expect("known"),
            ctx,
            &|_, _| false,
        )
    });
    let synthetic: Vec<_> = rows
        .iter()
        .filter(|s| s.session.source == Source::Proc)
        .collect();
    assert_eq!(synthetic.len(), 1);
    assert_eq!(synthetic[0].session.row.session_id, "synthetic:/repo/b");
    assert_eq!(synthetic[0].session.row.tty.as_deref(), Some("/dev/pts/2"));
    assert_eq!(synthetic[0].session.row.last_active, NOW);
}

#[test]
fn unknown_scans_contribute_no_rows() {
    let files = [facts("a", "/repo", 10.0, TailKind::Working)];
    let threads = [thread("t", "/repo", 10.0)];
    let procs = Procs::default();
    let rows = with_ctx(&procs, |ctx| {
        zero_config_rows(
            &files,
            &threads,
            &mut |_| RolloutFacts::default(),
            ctx,
            &|_, _| false,
            EndedRows::All,
        )
    });
    assert!(rows.is_empty());
}

fn thread(id: &str, cwd: &str, age: f64) -> CodexThread {
    CodexThread {
        id: id.into(),
        cwd: cwd.into(),
        title: format!("title {id}"),
        updated_at: NOW - age,
        rollout_path: format!("/r/{id}"),
        ..CodexThread::default()
    }
}

#[test]
fn codex_threads_age_like_scan_rows_and_old_ones_need_a_live_process() {
    let threads = [
        thread("done", "/cx", 30.0),
        thread("busy", "/cx", 40.0),
        thread("old-live", "/cy", 50_000.0),
        thread("old-dead", "/cz", 50_000.0),
        thread("no-cwd", "", 1.0),
    ];
    let procs = procs(
        &[],
        Some(&[("/cx", "/dev/pts/1"), ("/cx", ""), ("/cy", "/dev/pts/7")]),
    );
    let mut asked = Vec::new();
    let rows = with_ctx(&procs, |ctx| {
        codex_rows(
            &threads,
            known_procs(ctx, "codex").expect("known"),
            &mut |path| {
                asked.push(path.to_owned());
                RolloutFacts {
                    last_action: None,
                    tail_kind: if path == "/r/done" {
                        TailKind::Waiting
                    } else {
                        TailKind::Working
                    },
                    question: None,
                }
            },
            ctx,
        )
    });
    assert_eq!(
        statuses(&rows),
        vec![
            row("codex:done", Status::Idle, None),
            row("codex:busy", Status::Working, None),
            row("codex:old-live", Status::Ended, Some("/dev/pts/7")),
        ]
    );
    assert_eq!(rows[0].session.row.last_action, "title done");
    assert!(
        !asked.contains(&"/r/old-dead".to_owned()),
        "rollout read for a skipped thread"
    );
}

#[rstest]
#[case::function_call(vec![json!({"type": "event_msg", "payload": {"type": "agent_message", "message": "hi"}}), json!({"type": "response_item", "payload": {"type": "function_call", "name": " shell "}})], Some("→ shell"), TailKind::Working)]
#[case::agent_message_first_line(vec![json!({"type": "event_msg", "payload": {"type": "agent_message", "message": "  working on it\nmore"}})], Some("working on it"), TailKind::Working)]
#[case::task_complete(vec![json!({"type": "event_msg", "payload": {"type": "agent_message", "message": "ok"}}), json!({"type": "event_msg", "payload": {"type": "task_complete"}})], Some("ok"), TailKind::Waiting)]
#[case::final_answer(vec![json!({"type": "response_item", "payload": {"type": "message", "role": "assistant", "phase": "final_answer"}})], None, TailKind::Waiting)]
#[case::commentary(vec![json!({"type": "response_item", "payload": {"type": "message", "role": "assistant", "phase": "commentary"}})], None, TailKind::Working)]
#[case::undecided(vec![json!({"type": "event_msg", "payload": {"type": "token_count"}}), json!({"type": "session_meta"})], None, TailKind::None)]
fn rollout_facts_come_from_the_newest_records(
    #[case] lines: Vec<serde_json::Value>,
    #[case] action: Option<&str>,
    #[case] kind: TailKind,
) {
    let got = RolloutFacts::from_records(&records(&lines));
    assert_eq!(got.last_action.as_deref(), action);
    assert_eq!(got.tail_kind, kind);
}

#[test]
fn order_threads_sorts_newest_first_by_milliseconds_then_seconds() {
    let mut threads = vec![
        thread("a", "/x", 30.0),
        thread("b", "/x", 10.0),
        thread("c", "/x", 20.0),
    ];
    threads[0].updated_at_ms = ((NOW - 5.0) * 1000.0) as i64;
    order_threads(&mut threads);
    let ids: Vec<&str> = threads.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["a", "b", "c"]);
}

fn hook(id: &str, status: Status, kind: &str, last_active: f64) -> Session {
    let mut row = Row::new(id);
    row.status = status;
    row.waiting_kind = kind.into();
    row.last_active = last_active;
    row.tty = Some("/dev/pts/5".into());
    row.zellij_session = Some("z".into());
    row.zellij_pane = Some("3".into());
    Session::from_hook(row)
}

fn zero(id: &str, status: Status, last_active: f64, tail_kind: TailKind) -> ScanSession {
    let mut row = Row::new(id);
    row.status = status;
    row.last_active = last_active;
    ScanSession {
        session: claude::session(row, Source::Scan),
        tail_kind,
    }
}

#[rstest]
#[case::prompt_clears_stale_waiting(
    Status::Waiting,
    "permission",
    Status::Working,
    20.0,
    TailKind::Working,
    true
)]
#[case::end_turn_clears_permission(
    Status::Waiting,
    "permission",
    Status::Idle,
    20.0,
    TailKind::Waiting,
    true
)]
#[case::end_turn_keeps_question(
    Status::Waiting,
    "question",
    Status::Idle,
    20.0,
    TailKind::Waiting,
    false
)]
#[case::prompt_answers_question(
    Status::Waiting,
    "question",
    Status::Working,
    20.0,
    TailKind::Working,
    true
)]
#[case::older_scan_keeps_hook(
    Status::Waiting,
    "permission",
    Status::Working,
    5.0,
    TailKind::Working,
    false
)]
#[case::same_time_keeps_hook(
    Status::Waiting,
    "permission",
    Status::Working,
    10.0,
    TailKind::Working,
    false
)]
#[case::interrupted_tail_keeps_hook(
    Status::Waiting,
    "permission",
    Status::Working,
    20.0,
    TailKind::Interrupted,
    false
)]
#[case::no_tail_keeps_hook(
    Status::Waiting,
    "permission",
    Status::Working,
    20.0,
    TailKind::None,
    false
)]
#[case::non_waiting_hook_kept_even_if_ended(
    Status::Ended,
    "",
    Status::Working,
    20.0,
    TailKind::Working,
    false
)]
fn merge_replaces_a_stale_waiting_hook_row_only_under_all_conditions(
    #[case] hook_status: Status,
    #[case] kind: &str,
    #[case] scan_status: Status,
    #[case] scan_active: f64,
    #[case] tail: TailKind,
    #[case] replaced: bool,
) {
    let merged = merge_sources(
        vec![
            hook("s", hook_status, kind, 10.0),
            hook("other", Status::Idle, "", 1.0),
        ],
        vec![
            zero("s", scan_status, scan_active, tail),
            zero("new", Status::Idle, 1.0, tail),
        ],
    );
    let ids: Vec<&str> = merged.iter().map(|s| s.row.session_id.as_str()).collect();
    assert_eq!(
        ids,
        ["s", "other", "new"],
        "merge keeps the first row's place"
    );
    let s = &merged[0];
    assert_eq!(s.source == Source::Scan, replaced);
    assert_eq!(
        s.row.tty.as_deref(),
        Some("/dev/pts/5"),
        "tty inherited or kept"
    );
    assert_eq!(s.row.zellij_pane.as_deref(), Some("3"));
}

#[test]
fn merge_needs_the_same_provider() {
    let mut scan = zero("s", Status::Working, 20.0, TailKind::Working);
    scan.session.row.provider = "codex".into();
    let merged = merge_sources(
        vec![hook("s", Status::Waiting, "permission", 10.0)],
        vec![scan],
    );
    assert_eq!(merged[0].source, Source::Hook);
}

#[test]
fn finish_drops_hidden_rows_unhides_newer_ones_and_ends_idle_agents() {
    let mut sessions = vec![
        hook("hidden-old", Status::Idle, "", 10.0),
        hook("hidden-new", Status::Idle, "", 30.0),
        hook("agent", Status::Idle, "", 30.0),
        hook("agent-busy", Status::Working, "", 30.0),
    ];
    let mut procs = procs(&[], None);
    procs
        .background_agent_ids
        .extend(["agent".to_owned(), "agent-busy".to_owned()]);
    let config = Config::default();
    let hidden: BTreeMap<String, f64> = [
        ("hidden-old".to_owned(), 20.0),
        ("hidden-new".to_owned(), 20.0),
    ]
    .into();
    let ctx = ReadContext {
        now: NOW,
        config: &config,
        procs: &procs,
        hidden: &hidden,
        source_mtime: &|_| None,
        realpath: &|p| p.to_owned(),
    };
    let unhide = finish(&mut sessions, &ctx);
    assert_eq!(unhide, ["hidden-new"]);
    let got: Vec<(&str, Status, Option<&str>)> = sessions
        .iter()
        .map(|s| (s.row.session_id.as_str(), s.row.status, s.kind))
        .collect();
    assert_eq!(
        got,
        [
            ("hidden-new", Status::Idle, None),
            ("agent", Status::Ended, Some("agent")),
            ("agent-busy", Status::Working, Some("agent")),
        ]
    );
}

#[test]
fn published_rows_round_trip_through_json() {
    let mut rows = vec![zero("a", Status::Working, 5.0, TailKind::Waiting)];
    rows[0].session.row.tty = Some("/dev/pts/1".into());
    rows[0].session.row.todo = Some((1, 3));
    let text = serde_json::to_string(&Published::new(NOW, &rows)).expect("encode");
    let back: Published = serde_json::from_str(&text).expect("decode");
    assert_eq!(back.rows(), rows);
    assert_eq!(back.generated_at, NOW);
}

/// A SessionEnd after the document was generated ends its row and drops its own state; an
/// end before it (the session was published after it, resumed) and other sessions stay.
#[test]
fn a_later_session_end_ends_the_published_row() {
    let rows = vec![
        zero("done/1", Status::Working, 5.0, TailKind::Working),
        zero("resumed", Status::Working, 5.0, TailKind::Working),
        zero("other", Status::Working, 5.0, TailKind::Working),
    ];
    let mut doc = Published::new(NOW, &rows);
    doc.agents = ["done/1", "other"]
        .map(|id| crate::agent::OwnState {
            provider: "claude-code".into(),
            session_id: id.into(),
            pid: 7,
            proc_start: None,
            pid_domain: None,
            cwd: "/w".into(),
            status: crate::registry::OwnStatus::Busy,
            waiting_for: String::new(),
            updated_at: NOW - 1.0,
            alive: Some(true),
        })
        .into();
    doc.end_sessions(|name| match name {
        "done%2F1.json" => Some(NOW + 1.0),
        "resumed.json" => Some(NOW - 1.0),
        _ => None,
    });
    let got: Vec<_> = doc
        .rows()
        .iter()
        .map(|s| (s.session.row.session_id.clone(), s.session.row.status))
        .collect();
    assert_eq!(
        got,
        [
            ("done/1".to_owned(), Status::Ended),
            ("resumed".to_owned(), Status::Working),
            ("other".to_owned(), Status::Working),
        ]
    );
    let agents: Vec<_> = doc.agents.iter().map(|a| a.session_id.as_str()).collect();
    assert_eq!(agents, ["other"]);
}

/// A group with more transcripts than live processes (ended rows), a group with no live
/// process, a live group whose slot goes to an id already placed (so its only row is ended,
/// yet its cwd counts as covered), and a live cwd without transcripts (synthetic).
fn crowded() -> ([TranscriptFacts; 7], Procs) {
    let files = [
        facts("live", "/repo/a", 10.0, TailKind::Working),
        facts("older", "/repo/a", 500.0, TailKind::Waiting),
        facts("hooked", "/repo/a", 900.0, TailKind::Working),
        facts("alone", "/repo/b", 60.0, TailKind::Working),
        facts("hidden", "/repo/b", 70.0, TailKind::Working),
        facts("live", "/repo/d", 5.0, TailKind::Working),
        facts("behind", "/repo/d", 80.0, TailKind::Working),
    ];
    let procs = procs(
        &[("/repo/a", "/dev/pts/1"), ("/repo/c", ""), ("/repo/d", "")],
        None,
    );
    (files, procs)
}

#[rstest]
#[case::every_row(&["live", "older", "hooked", "alone", "hidden", "behind"])]
#[case::only_the_named_ended_rows(&["hooked", "hidden"])]
#[case::no_ended_row(&[])]
fn ended_rows_are_built_only_when_wanted_and_nothing_else_changes(#[case] wanted: &[&str]) {
    let (files, procs) = crowded();
    with_ctx(&procs, |ctx| {
        let live = known_procs(ctx, "claude-code").expect("known");
        let all = every_claude_row(&files, live, ctx, &|_, _| false);
        let ended = all.iter().filter(|s| s.session.row.status == Status::Ended);
        assert_eq!(ended.count(), 5, "the fixture's ended rows");
        let want = |id: &str| wanted.contains(&id);
        let some = claude_rows(&files, live, ctx, &|_, _| false, EndedRows::Only(&want));
        let expected: Vec<_> = all
            .iter()
            .filter(|s| s.session.row.status != Status::Ended || want(&s.session.row.session_id))
            .cloned()
            .collect();
        assert_eq!(some, expected);
        // /repo/d's group placed only an ended row: built or not, it covers its cwd, so the
        // one synthetic row is /repo/c's.
        let synthetic: Vec<&str> = some
            .iter()
            .filter(|s| s.session.source == Source::Proc)
            .map(|s| s.session.row.session_id.as_str())
            .collect();
        assert_eq!(synthetic, ["synthetic:/repo/c"]);
    });
}

/// Without hooks a turn that ends with a question waits for the user, as with them (§3.3;
/// real-agent suite, claude and codex nohooks: RiNG shows such rows idle).
#[rstest]
#[case::question(vec![user("go"), json!({"type": "assistant", "message": {"content": [{"type": "text", "text": "Done. Ship it?"}], "stop_reason": "end_turn"}})], Status::Waiting, "Done. Ship it?")]
#[case::statement(vec![user("go"), assistant_text("end_turn")], Status::Idle, "")]
#[case::question_mid_turn(vec![user("go"), json!({"type": "assistant", "message": {"content": [{"type": "text", "text": "Ship it?"}], "stop_reason": "tool_use"}})], Status::Working, "")]
fn a_transcript_that_ends_with_a_question_waits(
    #[case] lines: Vec<serde_json::Value>,
    #[case] want: Status,
    #[case] detail: &str,
) {
    let mut f = TranscriptFacts::from_records("s", "-repo-app", NOW - 5.0, &records(&lines), b"");
    f.last_cwd = "/repo/app".into();
    let procs = procs(&[("/repo/app", "/dev/pts/1")], Some(&[]));
    let rows = with_ctx(&procs, |ctx| {
        every_claude_row(
            &[f],
            known_procs(ctx, "claude-code").expect("known"),
            ctx,
            &|_, _| false,
        )
    });
    let row = &rows[0].session.row;
    assert_eq!((row.status, row.waiting_detail.as_str()), (want, detail));
    assert_eq!(
        row.waiting_kind,
        if want == Status::Waiting {
            "question"
        } else {
            ""
        }
    );
}

#[rstest]
#[case::question(json!({"type": "event_msg", "payload": {"type": "task_complete", "last_agent_message": "Which one do you want?"}}), Some("Which one do you want?"))]
#[case::statement(json!({"type": "event_msg", "payload": {"type": "task_complete", "last_agent_message": "Created it."}}), None)]
#[case::still_working(json!({"type": "event_msg", "payload": {"type": "agent_message", "message": "Which one?"}}), None)]
fn a_codex_turn_that_ends_with_a_question_is_one(
    #[case] last: serde_json::Value,
    #[case] want: Option<&str>,
) {
    let facts = RolloutFacts::from_records(&records(&[last]));
    assert_eq!(facts.question.as_deref(), want);
}

/// Codex sends nothing and writes no thread before a TUI's first prompt (real-agent suite,
/// codex start): its live process is an idle row of its own until then, and a thread or a
/// hook row of its folder takes its place.
#[test]
fn an_unprompted_codex_tui_is_an_idle_row_until_its_thread_or_hook_row() {
    let procs = procs(&[], Some(&[("/w", "/dev/pts/4"), ("/t", "")]));
    let threads = [thread("th", "/t", 5.0)];
    let rows = with_ctx(&procs, |ctx| {
        codex_rows(
            &threads,
            known_procs(ctx, "codex").expect("known"),
            &mut |_| RolloutFacts::default(),
            ctx,
        )
    });
    let ids: Vec<(&str, Status, Option<&str>)> = rows
        .iter()
        .map(|s| {
            (
                s.session.row.session_id.as_str(),
                s.session.row.status,
                s.session.row.tty.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        ids[1],
        ("codex:synthetic:/w", Status::Idle, Some("/dev/pts/4"))
    );
    assert_eq!(ids.len(), 2, "{ids:?}");
    let mut hook = Row::new("codex:th2");
    hook.provider = "codex".into();
    hook.cwd = "/w".into();
    hook.status = Status::Ended;
    let mut sessions = vec![Session::from_hook(hook)];
    sessions.extend(rows.into_iter().map(|s| s.session));
    with_ctx(&procs, |ctx| finish(&mut sessions, ctx));
    assert!(
        sessions
            .iter()
            .all(|s| !s.row.session_id.starts_with("codex:synthetic:"))
    );
}

/// Copilot CLI sends nothing before its first prompt (real-agent suite, copilot basic/start):
/// its live process (the npm loader and the native binary, one folder) is one idle row, until
/// a live hook row of its folder takes its place.
#[test]
fn an_unprompted_copilot_is_one_idle_row_until_its_hook_row() {
    let mut procs = procs(&[], None);
    let copilot = |cwd: &str, tty: &str| Proc {
        cwd: cwd.into(),
        tty: Some(tty.into()),
        ..Default::default()
    };
    procs.by_provider.insert(
        "copilot".into(),
        Some(vec![
            copilot("/w", "/dev/pts/4"),
            copilot("/w/", "/dev/pts/4"),
        ]),
    );
    let rows = with_ctx(&procs, |ctx| {
        zero_config_rows(
            &[],
            &[],
            &mut |_| RolloutFacts::default(),
            ctx,
            &|_, _| false,
            EndedRows::All,
        )
    });
    assert_eq!(
        statuses(&rows),
        vec![(
            "copilot:synthetic:/w".into(),
            Status::Idle,
            Some("/dev/pts/4".into())
        )]
    );
    // A hook row of its folder takes its place, a live one and (`/exit` sends `SessionEnd`
    // while the process still runs a moment) an ended one.
    for status in [Status::Working, Status::Ended] {
        let mut hook = Row::new("copilot:s1");
        hook.provider = "copilot".into();
        hook.cwd = "/w".into();
        hook.status = status;
        let mut sessions = vec![Session::from_hook(hook)];
        sessions.extend(rows.iter().map(|s| s.session.clone()));
        with_ctx(&procs, |ctx| finish(&mut sessions, ctx));
        let ids: Vec<&str> = sessions.iter().map(|s| s.row.session_id.as_str()).collect();
        assert_eq!(ids, ["copilot:s1"], "{status:?}");
    }
}
