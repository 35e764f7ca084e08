use super::*;
use ring_shared::derive::Proc;
use rstest::rstest;
use std::collections::BTreeSet;

fn claude(session_id: Option<&str>, host: bool) -> Option<Kind> {
    Some(Kind::Claude {
        session_id: session_id.map(str::to_owned),
        host,
    })
}

#[rstest]
#[case::comm_claude("claude", "claude", claude(None, false))]
#[case::comm_path_basename("/usr/bin/claude", "claude --resume", claude(None, false))]
#[case::node_running_claude_versions(
    "node",
    "node /home/u/.local/share/claude/versions/1.2/cli.js",
    claude(None, false)
)]
#[case::dot_claude_path("node", "node /home/u/.claude/local/cli.js", claude(None, false))]
#[case::mac_app("ClaudeCode", "/Applications/ClaudeCode.app/x", claude(None, false))]
#[case::shell_with_claude_path_is_not_claude("bash", "bash /home/u/.claude/hook.sh", None)]
#[case::login_shell_with_claude_path_is_not_claude("-zsh", "-zsh /home/u/.claude/x", None)]
#[case::session_id_and_claude_token(
    "node",
    "node /opt/bin/claude --session-id abc",
    claude(Some("abc"), false)
)]
#[case::session_id_without_claude_token("node", "node app.js --session-id abc", None)]
#[case::shell_running_claude_with_session_id(
    "bash",
    "bash -c claude --session-id s",
    claude(Some("s"), false)
)]
#[case::daemon_run_excluded("claude", "claude daemon run", None)]
#[case::daemon_not_in_tokens_two_three("claude", "claude x daemon run", claude(None, false))]
#[case::bg_spare_excluded("claude", "claude --bg-spare", None)]
#[case::pty_host_without_session_excluded("claude", "claude --bg-pty-host", None)]
#[case::pty_host_with_session_is_host(
    "claude",
    "claude --bg-pty-host --session-id bg1",
    claude(Some("bg1"), true)
)]
#[case::unrelated("vim", "vim notes.md", None)]
#[case::comm_codex("codex", "codex", Some(Kind::Codex))]
#[case::codex_with_prompt("codex", "/usr/local/bin/codex fix the bug", Some(Kind::Codex))]
#[case::codex_app_server_excluded("codex", "/usr/bin/codex app-server", None)]
#[case::codex_sandbox_excluded("codex", "codex sandbox linux", None)]
#[case::codex_sandbox_not_next_token("codex", "codex exec sandbox", Some(Kind::Codex))]
#[case::node_codex_wrapper_is_not_codex("node", "node /usr/bin/codex", None)]
#[case::node_claude_script_is_not_a_generic_agent("node", "node /opt/bin/claude", None)]
#[case::gemini_under_node(
    "node",
    "node /home/u/.npm/node_modules/.bin/gemini",
    Some(Kind::Agent("gemini"))
)]
#[case::gemini_relaunched_with_node_options(
    "node",
    "/usr/bin/node --max-old-space-size=12052 /usr/local/bin/gemini",
    Some(Kind::Agent("gemini"))
)]
#[case::gemini_bundle_script(
    "node",
    "node /usr/lib/node_modules/@google/gemini-cli/bundle/gemini.js",
    Some(Kind::Agent("gemini"))
)]
#[case::node_running_something_else("node", "node server.js --gemini", None)]
fn classify_follows_appendix_b(#[case] comm: &str, #[case] args: &str, #[case] want: Option<Kind>) {
    assert_eq!(classify(comm, args), want);
}

fn found(pid: u32, kind: Kind, cwd: Option<&str>, tty: Option<&str>) -> Found {
    Found {
        pid,
        kind,
        cwd: cwd.map(str::to_owned),
        tty: tty.map(str::to_owned),
        start_ticks: None,
    }
}

/// `proc` with the pid (and start time) the scan records for ring's pid liveness.
fn with_pid(pid: i64, start: Option<i64>, proc: Proc) -> Proc {
    Proc {
        pid: Some(pid),
        start,
        ..proc
    }
}

fn p(cwd: &str, tty: Option<&str>) -> Proc {
    Proc {
        cwd: cwd.to_owned(),
        tty: tty.map(str::to_owned),
        ..Default::default()
    }
}

#[test]
fn assemble_splits_providers_and_drops_processes_without_cwd() {
    let procs = assemble(vec![
        found(1, Kind::Codex, Some("/c"), Some("/dev/pts/1")),
        found(
            2,
            Kind::Claude {
                session_id: None,
                host: false,
            },
            Some("/a"),
            None,
        ),
        found(
            3,
            Kind::Claude {
                session_id: None,
                host: false,
            },
            None,
            None,
        ),
    ]);
    assert_eq!(
        procs.by_provider["claude-code"],
        Some(vec![with_pid(2, None, p("/a", None))])
    );
    assert_eq!(
        procs.by_provider["codex"],
        Some(vec![with_pid(1, None, p("/c", Some("/dev/pts/1")))])
    );
    assert!(procs.background_agent_ids.is_empty());
}

#[test]
fn assemble_takes_background_agents_out_of_the_foreground() {
    let host = Kind::Claude {
        session_id: Some("bg".into()),
        host: true,
    };
    let child = Kind::Claude {
        session_id: Some("bg".into()),
        host: false,
    };
    let procs = assemble(vec![
        found(10, host, Some("/r"), None),
        found(11, child, Some("/r"), Some("/dev/pts/4")),
    ]);
    assert_eq!(
        procs.background_agent_ids,
        BTreeSet::from(["bg".to_owned()])
    );
    assert_eq!(procs.by_provider["claude-code"], Some(vec![]));
}

#[test]
fn assemble_collapses_pids_sharing_a_session_id() {
    let fg = |pid, tty| {
        found(
            pid,
            Kind::Claude {
                session_id: Some("s".into()),
                host: false,
            },
            Some("/r"),
            tty,
        )
    };
    let procs = assemble(vec![fg(5, Some("/dev/pts/1")), fg(6, Some("/dev/pts/2"))]);
    assert_eq!(
        procs.by_provider["claude-code"],
        Some(vec![with_pid(5, None, p("/r", Some("/dev/pts/1")))])
    );
}

#[rstest]
#[case::pts(34819, Some("/dev/pts/3"))]
#[case::pts_above_255(35116, Some("/dev/pts/300"))]
#[case::virtual_console(1025, Some("/dev/tty1"))]
#[case::serial(1088, Some("/dev/ttyS0"))]
#[case::none(0, None)]
#[case::unknown_major(0x1100, None)]
fn tty_name_decodes_tty_nr(#[case] tty_nr: u32, #[case] want: Option<&str>) {
    assert_eq!(tty_name(tty_nr).as_deref(), want);
}

#[rstest]
#[case::plain("42 (claude) S 1 42 42 34819 42 4194560 0", Some(("claude", 34819, false)))]
#[case::comm_with_spaces_and_parens("7 (a (b) c) R 1 7 7 0 -1 4194304 0", Some(("a (b) c", 0, false)))]
#[case::kernel_thread("2 (kthreadd) S 0 0 0 0 -1 2129984 0", Some(("kthreadd", 0, true)))]
#[case::truncated("9 (x) S 1", None)]
fn parse_stat_reads_comm_tty_and_kthread_flag(
    #[case] text: &str,
    #[case] want: Option<(&str, u32, bool)>,
) {
    let got = parse_stat(text).map(|s| (s.comm, s.tty_nr, s.kernel_thread));
    assert_eq!(got, want.map(|(c, t, k)| (c.to_owned(), t, k)));
}

#[rstest]
#[case::claude(b"claude\0--resume".as_slice(), true)]
#[case::native_install(b"/home/u/.local/share/claude/versions/2.0.1".as_slice(), true)]
#[case::mac_app(b"/Applications/ClaudeCode.app/x".as_slice(), true)]
#[case::codex(b"/usr/bin/codex".as_slice(), true)]
#[case::shell(b"-bash".as_slice(), false)]
#[case::empty(b"".as_slice(), false)]
#[case::capitalized_codex_is_not(b"Codex".as_slice(), false)]
#[case::gemini(b"node\0/usr/local/bin/gemini".as_slice(), true)]
fn may_be_agent_prefilters_command_lines(#[case] cmdline: &[u8], #[case] want: bool) {
    assert_eq!(may_be_agent(cmdline), want);
}

#[rstest]
#[case::node(&["node", "/a/bin/gemini"], Some("gemini"))]
#[case::options_first(&["/usr/bin/node", "--inspect", "/a/gemini.mjs", "x"], Some("gemini"))]
#[case::not_an_interpreter(&["python3", "/a/gemini"], None)]
#[case::only_options(&["node", "--version"], None)]
#[case::nothing(&[], None)]
fn interpreted_script_is_the_first_non_option(#[case] argv: &[&str], #[case] want: Option<&str>) {
    assert_eq!(interpreted_script(argv), want);
}

#[test]
fn join_cmdline_matches_ps_args() {
    assert_eq!(
        join_cmdline(b"claude\0--session-id\0x\0"),
        "claude --session-id x"
    );
    assert_eq!(join_cmdline(b""), "");
}

#[test]
fn scan_of_a_missing_proc_is_unknown_for_both_providers() {
    let procs = scan_root(Path::new("/nonexistent/proc"), None, 0.0);
    assert!(procs.by_provider.is_empty());
}

#[test]
fn scan_of_the_real_proc_knows_both_providers() {
    let procs = scan();
    assert!(
        procs
            .by_provider
            .get("claude-code")
            .is_some_and(Option::is_some)
    );
    assert!(procs.by_provider.get("codex").is_some_and(Option::is_some));
}

#[test]
fn scan_reads_stat_cmdline_and_cwd_of_a_proc_tree() {
    let root = tempfile::tempdir().expect("tempdir");
    let mk = |pid: &str, stat: &str, cmdline: &[u8], cwd: Option<&str>| {
        let dir = root.path().join(pid);
        std::fs::create_dir(&dir).expect("pid dir");
        std::fs::write(dir.join("stat"), stat).expect("stat");
        std::fs::write(dir.join("cmdline"), cmdline).expect("cmdline");
        if let Some(cwd) = cwd {
            std::os::unix::fs::symlink(cwd, dir.join("cwd")).expect("cwd link");
        }
    };
    mk(
        "100",
        "100 (claude) S 1 100 100 34817 0 4194304 0",
        b"claude\0",
        Some("/repo/a"),
    );
    mk(
        "101",
        "101 (codex) S 1 101 101 0 0 4194304 0",
        b"codex\0app-server\0",
        Some("/repo/b"),
    );
    mk(
        "102",
        "102 (codex) S 1 102 102 34818 0 4194304 0",
        b"codex\0",
        Some("/repo/c"),
    );
    mk("103", "103 (kworker/0:1) S 2 0 0 0 0 2129984 0", b"", None);
    mk(
        "105",
        "105 (claude-x) S 2 0 0 0 0 2129984 0",
        b"claude\0",
        Some("/k"),
    );
    mk(
        "104",
        "104 (claude) S 1 104 104 0 0 4194304 0",
        b"claude\0",
        None,
    );
    std::fs::create_dir(root.path().join("not-a-pid")).expect("dir");
    let procs = scan_root(root.path(), None, 0.0);
    assert_eq!(
        procs.by_provider["claude-code"],
        Some(vec![with_pid(
            100,
            Some(0),
            p("/repo/a", Some("/dev/pts/1"))
        )])
    );
    assert_eq!(
        procs.by_provider["codex"],
        Some(vec![with_pid(
            102,
            Some(0),
            p("/repo/c", Some("/dev/pts/2"))
        )])
    );
}

/// A fake `/proc` with one process: `pid` running `exe` as `cmdline`, cwd `cwd`.
fn fake_proc(root: &Path, pid: &str, comm: &str, cmdline: &[u8], cwd: &str) {
    let dir = root.join(pid);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).expect("pid dir");
    let stat = format!("{pid} ({comm}) S 1 {pid} {pid} 34817 0 4194304 0");
    std::fs::write(dir.join("stat"), stat).expect("stat");
    std::fs::write(dir.join("cmdline"), cmdline).expect("cmdline");
    std::os::unix::fs::symlink(cwd, dir.join("cwd")).expect("cwd link");
    std::os::unix::fs::symlink(format!("/usr/bin/{comm}"), dir.join("exe")).expect("exe link");
}

fn claude_cwds(procs: &Procs) -> Vec<String> {
    procs.by_provider["claude-code"]
        .clone()
        .unwrap_or_default()
        .into_iter()
        .map(|p| p.cwd)
        .collect()
}

#[test]
fn cached_scan_reuses_confirmed_looks_and_reads_agent_cwds_fresh() {
    let root = tempfile::tempdir().expect("tempdir");
    let cache = root.path().join("cache").join("procs.bin");
    let procs_root = root.path().join("proc");
    std::fs::create_dir(&procs_root).expect("proc");
    fake_proc(&procs_root, "10", "cargo", b"cargo\0build\0", "/home");
    fake_proc(&procs_root, "11", "claude", b"claude\0", "/repo/a");
    // Two looks confirm what each process is.
    assert_eq!(
        claude_cwds(&scan_root(&procs_root, Some(&cache), 1000.0)),
        ["/repo/a"]
    );
    assert_eq!(
        claude_cwds(&scan_root(&procs_root, Some(&cache), 1000.5)),
        ["/repo/a"]
    );
    // A confirmed non-shell is not read again (its command line changed here behind the
    // scan's back, which a real process cannot do without exec); the agent's cwd is read
    // fresh.
    std::fs::write(procs_root.join("10/cmdline"), b"claude\0").expect("cmdline");
    std::fs::write(
        procs_root.join("10/stat"),
        "10 (claude) S 1 10 10 34817 0 4194304 0",
    )
    .expect("stat");
    std::fs::remove_file(procs_root.join("11/cwd")).expect("unlink");
    std::os::unix::fs::symlink("/repo/moved", procs_root.join("11/cwd")).expect("cwd");
    let third = scan_root(&procs_root, Some(&cache), 1001.0);
    assert_eq!(claude_cwds(&third), ["/repo/moved"]);
    // After the backstop period it is looked at again.
    let later = scan_root(
        &procs_root,
        Some(&cache),
        1000.0 + memo::REVALIDATE_SECONDS + 1.0,
    );
    assert_eq!(claude_cwds(&later), ["/home", "/repo/moved"]);
}

#[test]
fn a_process_caught_before_its_exec_is_looked_at_again() {
    let root = tempfile::tempdir().expect("tempdir");
    let cache = root.path().join("procs.bin");
    let procs_root = root.path().join("proc");
    std::fs::create_dir(&procs_root).expect("proc");
    // A tmux server's child between fork and exec: still the server's program.
    fake_proc(&procs_root, "13", "tmux", b"tmux\0", "/repo/t");
    assert!(claude_cwds(&scan_root(&procs_root, Some(&cache), 1000.0)).is_empty());
    fake_proc(&procs_root, "13", "claude", b"claude\0", "/repo/t");
    assert_eq!(
        claude_cwds(&scan_root(&procs_root, Some(&cache), 1000.1)),
        ["/repo/t"]
    );
}

#[test]
fn an_exec_into_an_agent_is_seen_at_once() {
    let root = tempfile::tempdir().expect("tempdir");
    let cache = root.path().join("procs.bin");
    let procs_root = root.path().join("proc");
    std::fs::create_dir(&procs_root).expect("proc");
    fake_proc(
        &procs_root,
        "12",
        "sh",
        b"sh\0/usr/local/bin/wrapper\0",
        "/repo/w",
    );
    assert!(claude_cwds(&scan_root(&procs_root, Some(&cache), 1000.0)).is_empty());
    // `exec claude`: same pid, another executable.
    fake_proc(&procs_root, "12", "claude", b"claude\0", "/repo/w");
    assert_eq!(
        claude_cwds(&scan_root(&procs_root, Some(&cache), 1000.1)),
        ["/repo/w"]
    );
}

#[test]
fn undecided_processes_are_looked_at_on_every_scan() {
    let root = tempfile::tempdir().expect("tempdir");
    let cache = root.path().join("procs.bin");
    let procs_root = root.path().join("proc");
    std::fs::create_dir(&procs_root).expect("proc");
    // A Node Claude before it sets its title: names claude, but is not Claude by the rules.
    let node = b"node\0/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js\0";
    fake_proc(&procs_root, "20", "node", node, "/repo/n");
    let before = scan_root(&procs_root, Some(&cache), 1000.0);
    assert!(claude_cwds(&before).is_empty());
    fake_proc(&procs_root, "20", "claude", b"claude\0", "/repo/n");
    let after = scan_root(&procs_root, Some(&cache), 1000.5);
    assert_eq!(claude_cwds(&after), ["/repo/n"]);
}

#[test]
fn exited_processes_leave_the_memo() {
    let root = tempfile::tempdir().expect("tempdir");
    let cache = root.path().join("procs.bin");
    let procs_root = root.path().join("proc");
    std::fs::create_dir(&procs_root).expect("proc");
    fake_proc(&procs_root, "30", "codex", b"codex\0", "/repo/c");
    assert_eq!(
        scan_root(&procs_root, Some(&cache), 1000.0).agent_processes(),
        1
    );
    std::fs::remove_dir_all(procs_root.join("30")).expect("exit");
    assert_eq!(
        scan_root(&procs_root, Some(&cache), 1000.1).agent_processes(),
        0
    );
    let memo = memo::load(&cache);
    assert!(memo.is_empty(), "{memo:?}");
}
