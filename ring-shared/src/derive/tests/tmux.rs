use super::*;
use crate::registry::Row;
use rstest::rstest;

/// Panes: %1 main:1.0 in /repo (shell 100), %2 main:1.1 in /repo (shell 200), %3 work:2.0 in
/// /other (shell 300), %4 with no pid.
fn panes() -> Vec<Pane> {
    let pane = |id: &str, cwd: &str, target: &str, pid: Option<u32>| Pane {
        id: id.into(),
        cwd: cwd.into(),
        target: target.into(),
        pid,
    };
    vec![
        pane("%1", "/repo", "main:1.0", Some(100)),
        pane("%2", "/repo", "main:1.1", Some(200)),
        pane("%3", "/other", "work:2.0", Some(300)),
        pane("%4", "/repo", "main:1.2", None),
    ]
}

/// 100 → 101 (claude --resume aaa) ; 200 → 201 (node wrapper) → 202 (claude --resume bbb);
/// 300 → 301 (ollama run, the local LLM of pid 301) ; 400 (no pane: claude --resume ccc).
fn procs() -> Vec<ProcRow> {
    let row = |pid: u32, ppid: u32, args: &str| ProcRow {
        pid,
        ppid,
        args: args.into(),
    };
    vec![
        row(100, 1, "-bash"),
        row(101, 100, "claude --resume aaa"),
        row(200, 1, "-zsh"),
        row(201, 200, "node /usr/lib/wrapper.js"),
        row(202, 201, "claude --resume bbb --verbose"),
        row(300, 1, "-bash"),
        row(301, 300, "ollama run llama3"),
        row(400, 1, "claude --resume ccc"),
    ]
}

/// `/link` is a symlink to `/repo`.
fn realpath(path: &str) -> String {
    path.replace("/link", "/repo")
}

fn tree() -> PaneTree {
    PaneTree::new(&panes(), &procs(), &realpath)
}

#[rstest]
#[case::child_args_name_the_id("aaa", "claude-code", "/repo", Some("main:1.0"))]
#[case::grandchild_counts("bbb", "claude-code", "/repo", Some("main:1.1"))]
#[case::cwd_compared_by_realpath("bbb", "claude-code", "/link", Some("main:1.1"))]
#[case::other_cwd_is_no_evidence("aaa", "claude-code", "/other", None)]
#[case::process_outside_every_pane("ccc", "claude-code", "/repo", None)]
#[case::the_shell_itself_does_not_count("bash", "claude-code", "/repo", None)]
#[case::substring_of_args_counts("resume", "claude-code", "/repo", Some("main:1.0"))]
#[case::local_llm_pid_below_a_pane("ollama:pid-301", "ollama", "/anywhere", Some("work:2.0"))]
#[case::pid_rule_ignores_cwd("ollama:pid-301", "ollama", "", Some("work:2.0"))]
#[case::pid_rule_needs_the_row_provider("ollama:pid-301", "llama.cpp", "/anywhere", None)]
#[case::pid_of_a_shell_is_not_below_it("ollama:pid-300", "ollama", "/anywhere", None)]
#[case::pid_outside_panes("ollama:pid-400", "ollama", "/anywhere", None)]
#[case::pid_not_a_number("ollama:pid-x", "ollama", "/anywhere", None)]
#[case::empty_id_never_matches("", "claude-code", "/repo", None)]
fn process_tree_evidence_names_a_pane(
    #[case] id: &str,
    #[case] provider: &str,
    #[case] cwd: &str,
    #[case] expected: Option<&str>,
) {
    assert_eq!(tree().target(id, provider, cwd, &realpath), expected);
}

#[test]
fn first_pane_in_tmux_order_wins() {
    let mut procs = procs();
    procs.push(ProcRow {
        pid: 203,
        ppid: 200,
        args: "claude --resume aaa".into(),
    });
    let tree = PaneTree::new(&panes(), &procs, &realpath);
    assert_eq!(
        tree.target("aaa", "claude-code", "/repo", &realpath),
        Some("main:1.0")
    );
}

#[test]
fn a_cycle_in_the_process_table_ends() {
    let procs = vec![
        ProcRow {
            pid: 101,
            ppid: 102,
            args: "a".into(),
        },
        ProcRow {
            pid: 102,
            ppid: 101,
            args: "b".into(),
        },
        ProcRow {
            pid: 103,
            ppid: 100,
            args: "x".into(),
        },
    ];
    let tree = PaneTree::new(&panes(), &procs, &realpath);
    assert_eq!(tree.target("x", "p", "/repo", &realpath), Some("main:1.0"));
    assert_eq!(tree.target("a", "p", "/repo", &realpath), None);
}

#[test]
fn no_processes_no_evidence() {
    let tree = PaneTree::new(&panes(), &[], &realpath);
    assert!(tree.is_empty());
    assert_eq!(tree.target("aaa", "claude-code", "/repo", &realpath), None);
}

fn session(id: &str, provider: &str, cwd: &str) -> Session {
    let mut row = Row::new(id);
    row.provider = provider.into();
    row.cwd = cwd.into();
    Session::from_hook(row)
}

#[rstest]
#[case::row_without_pane(None, None, Some("main:1.1"))]
#[case::row_with_a_pane_is_rule_1s(Some("%9"), None, None)]
#[case::row_of_this_server(None, Some("/tmp/tmux-0/default"), Some("main:1.1"))]
#[case::row_of_another_server(None, Some("/tmp/tmux-0/other"), None)]
fn process_tree_targets_go_to_rows_without_a_pane(
    #[case] pane: Option<&str>,
    #[case] row_socket: Option<&str>,
    #[case] expected: Option<&str>,
) {
    let mut s = session("bbb", "claude-code", "/repo");
    s.row.tmux_pane = pane.map(Into::into);
    s.row.tmux_socket = row_socket.map(Into::into);
    let mut sessions = vec![s];
    map_process_tree_targets(
        &mut sessions,
        Some("/tmp/tmux-0/default"),
        &tree(),
        &realpath,
    );
    assert_eq!(sessions[0].tmux_target.as_deref(), expected);
}

#[test]
fn a_target_from_rule_1_is_kept() {
    let mut s = session("bbb", "claude-code", "/repo");
    s.tmux_target = Some("keep:0.0".into());
    let mut sessions = vec![s];
    map_process_tree_targets(&mut sessions, None, &tree(), &realpath);
    assert_eq!(sessions[0].tmux_target.as_deref(), Some("keep:0.0"));
}
