//! `install-hooks` asks before it writes and installs only for the agents on this machine
//! (issue 25 item 3), through the real binary on temporary HOMEs. The question on a real
//! terminal is in `e2e_tmux::install_ask`.

use assert_cmd::Command;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crate::lang_support::{said, tr};

/// `ring-tmux install-hooks ARGS` with HOME `home`, PATH `path` and stdin not a terminal.
fn install(home: &Path, path: &str, args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("ring-tmux")
        .expect("binary")
        .arg("install-hooks")
        .args(args)
        .env("HOME", home)
        .env_remove("RING_HOME")
        .env("PATH", path)
        .write_stdin("")
        .assert()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn without_a_terminal_and_without_yes_nothing_is_written_and_the_error_names_yes() {
    let home = tempfile::tempdir().expect("HOME");
    std::fs::create_dir_all(home.path().join(".claude")).expect("~/.claude");
    let out = install(home.path(), "", &[]).code(1);
    let (stdout, stderr) = (
        text(&out.get_output().stdout),
        text(&out.get_output().stderr),
    );
    assert!(
        !home.path().join(".claude/settings.json").exists(),
        "written without asking: {stdout}"
    );
    assert!(
        stderr.contains(&tr("err-install-no-terminal", &[]))
            && stderr.contains(&tr("err-install-no-terminal-fix", &[])),
        "{stderr}"
    );
    // What would have been written is shown, as a diff.
    assert!(
        stdout.contains(".claude/settings.json")
            && stdout.contains("+")
            && stdout.contains(" hook\""),
        "{stdout}"
    );
    // --yes writes it.
    install(home.path(), "", &["--yes"]).success();
    assert!(home.path().join(".claude/settings.json").is_file());
    // Nothing left to change: no question, no failure, even without a terminal.
    let again = install(home.path(), "", &[]).success();
    assert!(
        said(&text(&again.get_output().stdout), "install-already", &[]),
        "{}",
        text(&again.get_output().stdout)
    );
}

#[test]
fn a_machine_without_agents_gets_no_settings_files_and_is_told_how_to_add_one() {
    let home = tempfile::tempdir().expect("HOME");
    let out = install(home.path(), "", &["--yes"]).success();
    let stdout = text(&out.get_output().stdout);
    let made: Vec<_> = std::fs::read_dir(home.path())
        .expect("HOME")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert!(
        made.is_empty(),
        "wrote {made:?} on a machine without agents"
    );
    assert!(said(&stdout, "install-none-found", &[]), "{stdout}");
    for (agent, name) in [
        ("Claude Code", "claude"),
        ("Codex", "codex"),
        ("Gemini CLI", "gemini"),
    ] {
        assert!(
            said(
                &stdout,
                "install-skipped",
                &[("agent", agent), ("name", name)]
            ) && stdout.contains(&format!("install-hooks --agent {name}")),
            "{agent}: {stdout}"
        );
    }
}

#[test]
fn an_agent_program_on_path_counts_as_present() {
    let home = tempfile::tempdir().expect("HOME");
    let bin = tempfile::tempdir().expect("PATH folder");
    let claude = bin.path().join("claude");
    std::fs::write(&claude, "#!/bin/sh\n").expect("claude");
    std::fs::set_permissions(&claude, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let out = install(home.path(), &bin.path().to_string_lossy(), &["--yes"]).success();
    let stdout = text(&out.get_output().stdout);
    assert!(
        home.path().join(".claude/settings.json").is_file(),
        "{stdout}"
    );
    assert!(!home.path().join(".codex").exists(), "{stdout}");
    assert!(
        said(&stdout, "install-skipped", &[("agent", "Codex")]),
        "{stdout}"
    );
    assert!(
        !said(&stdout, "install-skipped", &[("agent", "Claude Code")]),
        "{stdout}"
    );
}

#[test]
fn agent_names_one_agent_found_or_not_and_an_unknown_name_is_a_usage_error() {
    let home = tempfile::tempdir().expect("HOME");
    std::fs::create_dir_all(home.path().join(".claude")).expect("~/.claude");
    install(home.path(), "", &["--yes", "--agent", "codex"]).success();
    assert!(home.path().join(".codex/hooks.json").is_file());
    assert!(
        !home.path().join(".claude/settings.json").exists(),
        "--agent codex installs for Codex only"
    );
    let out = install(home.path(), "", &["--yes", "--agent", "vim"]).code(2);
    let stderr = text(&out.get_output().stderr);
    assert!(
        stderr.contains("\"vim\"") && stderr.contains("claude") && stderr.contains("codex"),
        "{stderr}"
    );
}
