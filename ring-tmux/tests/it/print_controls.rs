//! File names are whatever bytes a folder holds: a row named with ESC and BEL in it is shown
//! with visible escapes by every command that prints paths or names (`list`, `json`'s stderr,
//! `gc`, `doctor`), never as raw terminal controls.

use assert_cmd::Command;
use std::path::Path;

const EVIL: &str = "evil\u{1b}]0;pwned\u{7}\u{1b}[2J.json";

fn run(dir: &Path, args: &[&str]) -> String {
    let out = Command::cargo_bin("ring-tmux")
        .expect("binary")
        .args(args)
        .env("HOME", dir.join("home"))
        .env("RING_HOME", dir.join("ring"))
        .env("RING_PROCS", dir.join("procs.json"))
        .env("PATH", dir.join("bin"))
        .env("RING_NOW", "1700000000")
        .env_remove("TMUX")
        .output()
        .expect("run");
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn row_names_with_terminal_controls_are_printed_escaped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sessions = dir.path().join("ring/sessions");
    std::fs::create_dir_all(&sessions).expect("mkdir");
    std::fs::create_dir_all(dir.path().join("home/.claude")).expect("mkdir");
    std::fs::create_dir_all(dir.path().join("bin")).expect("mkdir");
    std::fs::write(
        dir.path().join("procs.json"),
        r#"{"claude-code": [], "codex": []}"#,
    )
    .expect("procs");
    std::fs::write(sessions.join(EVIL), "{").expect("row");
    for args in [
        &["list"][..],
        &["json"],
        &["gc", "--dry-run"],
        &["doctor"],
        &["gc"],
    ] {
        let text = run(dir.path(), args);
        assert!(
            !text.contains(['\u{1b}', '\u{7}']),
            "{args:?} printed raw controls: {text:?}"
        );
        assert!(
            text.contains("evil\\u{1b}]0;pwned\\u{7}"),
            "{args:?} does not name the file: {text:?}"
        );
    }
}
