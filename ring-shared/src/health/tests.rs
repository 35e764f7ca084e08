use super::*;
use crate::derive::{Proc, Session};
use crate::registry::Row;
use crate::view::{Options, View};
use rstest::rstest;
use std::collections::BTreeMap;

const NOW: f64 = 1_700_000_000.0;

fn session(id: &str, provider: &str, cwd: &str, status: Status, source: Source) -> Session {
    let mut row = Row::new(id);
    row.provider = provider.into();
    row.cwd = cwd.into();
    row.status = status;
    row.last_active = NOW - 5.0;
    let mut s = Session::from_hook(row);
    s.source = source;
    s
}

fn entries(sessions: Vec<Session>) -> Vec<Entry> {
    let labels = BTreeMap::new();
    let options = Options {
        now: NOW,
        all: true,
        agent_processes: 0,
        labels: &labels,
        home: "",
    };
    View::build(sessions, &options).entries
}

fn procs(provider: &str, live: &[(&str, i64)]) -> Procs {
    let mut procs = Procs::default();
    procs.by_provider.insert(
        provider.into(),
        Some(
            live.iter()
                .map(|(cwd, pid)| Proc {
                    cwd: (*cwd).into(),
                    tty: Some("/dev/pts/1".into()),
                    pid: Some(*pid),
                    start: None,
                })
                .collect(),
        ),
    );
    procs
}

fn hooks(provider: &str, state: HookState) -> Vec<AgentHooks> {
    vec![AgentHooks {
        provider: provider.into(),
        state,
    }]
}

#[rstest]
#[case::untrusted_codex(HookState::Untrusted(vec!["Stop".into()]), "has not trusted ring's hooks (Stop)")]
#[case::program_missing(HookState::ProgramMissing("/gone/ring-tmux".into()), "run /gone/ring-tmux, which is missing")]
#[case::file_rejected(HookState::FileRejected(vec!["beforeShellExec".into()]), "unknown event names (beforeShellExec)")]
#[case::not_installed(HookState::NotInstalled, "not installed")]
#[case::installed(HookState::Installed, "started before they were")]
fn a_live_process_without_hook_rows_is_silent_for_its_reason(
    #[case] state: HookState,
    #[case] reason: &str,
) {
    let found = silent(
        &[],
        &procs("opencode", &[("/w/a", 42)]),
        &hooks("opencode", state),
    );
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].cwd, "/w/a");
    assert_eq!(found[0].evidence, Evidence::Process { pid: Some(42) });
    assert!(
        found[0].state.reason().contains(reason),
        "{}",
        found[0].state.reason()
    );
}

#[test]
fn a_hook_row_in_the_folder_means_the_hooks_fire() {
    let board = entries(vec![session(
        "opencode:s",
        "opencode",
        "/w/a/",
        Status::Idle,
        Source::Hook,
    )]);
    let found = silent(
        &board,
        &procs("opencode", &[("/w/a", 42)]),
        &hooks("opencode", HookState::Installed),
    );
    assert!(found.is_empty(), "{found:?}");
    // An ended hook row does not count: that session is over.
    let board = entries(vec![session(
        "opencode:s",
        "opencode",
        "/w/a",
        Status::Ended,
        Source::Hook,
    )]);
    let found = silent(
        &board,
        &procs("opencode", &[("/w/a", 42)]),
        &hooks("opencode", HookState::Installed),
    );
    assert_eq!(found.len(), 1);
}

#[rstest]
#[case::growing_transcript(Source::Scan, Status::Working, true)]
#[case::waiting_thread(Source::Codex, Status::Waiting, true)]
#[case::quiet_transcript(Source::Scan, Status::Idle, false)]
#[case::live_process_row(Source::Proc, Status::Idle, true)]
#[case::a_hook_row(Source::Hook, Status::Working, false)]
fn zero_config_rows_show_life_when_active(
    #[case] source: Source,
    #[case] status: Status,
    #[case] silent_expected: bool,
) {
    let board = entries(vec![session("codex:t", "codex", "/w/b", status, source)]);
    let found = silent(
        &board,
        &Procs::default(),
        &hooks("codex", HookState::Untrusted(vec![])),
    );
    assert_eq!(!found.is_empty(), silent_expected, "{found:?}");
}

#[test]
fn one_finding_per_folder_and_other_agents_are_not_mixed_in() {
    let board = entries(vec![
        session("codex:t", "codex", "/w/b", Status::Working, Source::Codex),
        session(
            "claude-code:x",
            "claude-code",
            "/w/c",
            Status::Working,
            Source::Hook,
        ),
    ]);
    let found = silent(
        &board,
        &procs("codex", &[("/w/b", 7), ("/w/b/", 8), ("/w/c", 9)]),
        &hooks("codex", HookState::Installed),
    );
    let cwds: Vec<&str> = found.iter().map(|s| s.cwd.as_str()).collect();
    assert_eq!(cwds, ["/w/b", "/w/c"]);
    assert!(matches!(found[0].evidence, Evidence::Row { .. }));
}
