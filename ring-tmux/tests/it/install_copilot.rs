//! GitHub Copilot CLI: `install-hooks` / `remove-hooks` / `doctor` write and check ring's own
//! hooks file `~/.copilot/hooks/ring-tmux.json` (the version 1 format of GitHub's hooks
//! reference) on temporary HOMEs, through the real binary.

use assert_cmd::Command;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

use crate::lang_support::{said, tr};

const EVENTS: [&str; 8] = [
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "notification",
    "Stop",
    "SessionEnd",
];

struct Home(tempfile::TempDir);

impl Home {
    fn with_copilot() -> Home {
        let home = Home(tempfile::tempdir().expect("temp HOME"));
        std::fs::create_dir_all(home.0.path().join(".copilot")).expect("mkdir");
        home
    }

    fn file(&self) -> PathBuf {
        self.0.path().join(".copilot/hooks/ring-tmux.json")
    }

    fn run(&self, args: &[&str]) -> (bool, String) {
        let out = Command::cargo_bin("ring-tmux")
            .expect("binary")
            .args(args)
            .env("HOME", self.0.path())
            .env_remove("RING_HOME")
            .env_remove("TMUX")
            .env_remove("ZELLIJ")
            .write_stdin("")
            .output()
            .expect("run");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.success(), text)
    }

    fn command(&self) -> String {
        let binary = assert_cmd::cargo::cargo_bin("ring-tmux");
        format!("{} hook --provider copilot", binary.to_string_lossy())
    }
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json")
}

#[test]
fn every_event_gets_one_flat_entry_in_a_version_1_file() {
    let home = Home::with_copilot();
    let (ok, out) = home.run(&["install-hooks", "--yes"]);
    assert!(ok, "{out}");
    let doc = read_json(&home.file());
    assert_eq!(doc["version"], json!(1));
    for event in EVENTS {
        assert_eq!(
            doc["hooks"][event],
            json!([{"type": "command", "bash": home.command(), "timeoutSec": 600}]),
            "{event}"
        );
    }
    let before = std::fs::read(home.file()).expect("read");
    let (ok, out) = home.run(&["install-hooks", "--yes"]);
    assert!(ok && said(&out, "install-already", &[]), "{out}");
    assert_eq!(std::fs::read(home.file()).expect("read"), before);
}

#[test]
fn no_copilot_folder_no_file() {
    let home = Home(tempfile::tempdir().expect("temp HOME"));
    assert!(home.run(&["install-hooks", "--yes"]).0);
    assert!(!home.0.path().join(".copilot").exists());
}

#[test]
fn remove_deletes_rings_own_file_but_keeps_what_a_user_added() {
    let home = Home::with_copilot();
    assert!(home.run(&["install-hooks", "--yes"]).0);
    let (ok, out) = home.run(&["remove-hooks"]);
    assert!(ok, "{out}");
    assert!(!home.file().exists(), "{out}");

    assert!(home.run(&["install-hooks", "--yes"]).0);
    let mut doc = read_json(&home.file());
    doc["hooks"]["Stop"]
        .as_array_mut()
        .expect("Stop")
        .push(json!({"type": "command", "bash": "say done"}));
    std::fs::write(home.file(), doc.to_string()).expect("write");
    assert!(home.run(&["remove-hooks"]).0);
    assert_eq!(
        read_json(&home.file()),
        json!({"version": 1, "hooks": {"Stop": [{"type": "command", "bash": "say done"}]}})
    );
}

#[test]
fn a_file_that_is_not_json_is_refused_and_kept() {
    let home = Home::with_copilot();
    std::fs::create_dir_all(home.file().parent().expect("dir")).expect("mkdir");
    std::fs::write(home.file(), "{\"version\": 1,").expect("write");
    let (ok, out) = home.run(&["install-hooks", "--yes"]);
    assert!(
        !ok && out.contains(&tr("err-install-json-fix", &[])),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(home.file()).expect("read"),
        "{\"version\": 1,"
    );
}

#[test]
fn doctor_checks_the_file_and_copilots_switch() {
    let home = Home::with_copilot();
    assert!(home.run(&["install-hooks", "--yes"]).0);
    let (_, report) = home.run(&["doctor"]);
    assert!(
        said(
            &report,
            "doctor-hooks-ok",
            &[("agent", "GitHub Copilot CLI"), ("events", "8")]
        ),
        "{report}"
    );
    std::fs::write(
        home.0.path().join(".copilot/settings.json"),
        r#"{"disableAllHooks": true}"#,
    )
    .expect("write");
    let (_, report) = home.run(&["doctor"]);
    assert!(said(&report, "doctor-copilot-off", &[]), "{report}");
}
