//! Gemini CLI's `~/.gemini/settings.json`: `install-hooks` / `remove-hooks` / `doctor` on
//! temporary HOMEs, through the real binary (the settings as Gemini CLI 0.61.0 reads them).

use assert_cmd::Command;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

use crate::lang_support::{said, tr};

const GEMINI_EVENTS: [&str; 7] = [
    "SessionStart",
    "BeforeAgent",
    "BeforeTool",
    "AfterTool",
    "Notification",
    "AfterAgent",
    "SessionEnd",
];

struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    /// A HOME with `~/.gemini` (Gemini CLI installed and started once).
    fn with_gemini() -> Home {
        let home = Home {
            dir: tempfile::tempdir().expect("temp HOME"),
        };
        std::fs::create_dir_all(home.path().join(".gemini")).expect("mkdir");
        home
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn settings(&self) -> PathBuf {
        self.path().join(".gemini/settings.json")
    }

    fn write(&self, path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }

    fn run(&self, args: &[&str]) -> (bool, String, String) {
        let out = Command::cargo_bin("ring-tmux")
            .expect("binary")
            .args(args)
            .env("HOME", self.path())
            .env_remove("RING_HOME")
            .env_remove("TMUX")
            .env_remove("ZELLIJ")
            // No agent program on PATH: only the folders in HOME say which agents are here.
            .env("PATH", "")
            .write_stdin("")
            .output()
            .expect("run");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    fn command(&self) -> String {
        let binary = assert_cmd::cargo::cargo_bin("ring-tmux");
        format!("{} hook --provider gemini", binary.to_string_lossy())
    }
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json")
}

/// Every (command, timeout) under `hooks.EVENT`.
fn entries(doc: &Value, event: &str) -> Vec<(String, u64)> {
    doc["hooks"][event]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| g["hooks"].as_array().cloned().unwrap_or_default())
        .filter_map(|e| Some((e["command"].as_str()?.to_owned(), e["timeout"].as_u64()?)))
        .collect()
}

#[test]
fn gemini_hooks_go_in_only_when_its_folder_exists() {
    let home = Home {
        dir: tempfile::tempdir().expect("temp HOME"),
    };
    let (ok, out, _) = home.run(&["install-hooks", "--yes"]);
    assert!(ok);
    assert!(!out.contains(".gemini/settings.json"), "{out}");
    assert!(
        said(&out, "install-skipped", &[("agent", "Gemini CLI")]),
        "{out}"
    );
    assert!(!home.path().join(".gemini").exists());
}

#[test]
fn every_gemini_event_gets_one_entry_with_a_millisecond_timeout() {
    let home = Home::with_gemini();
    let (ok, out, err) = home.run(&["install-hooks", "--yes"]);
    assert!(ok, "{out}{err}");
    assert!(out.contains(&tr("install-gemini-trust", &[])), "{out}");
    let doc = read_json(&home.settings());
    for event in GEMINI_EVENTS {
        // Gemini reads `timeout` in ms (its default 60000): ring's 600 s is 600000.
        assert_eq!(
            entries(&doc, event),
            vec![(home.command(), 600_000)],
            "{event}"
        );
    }
    // Claude Code's names mean nothing to Gemini: none are written.
    assert!(doc["hooks"].get("Stop").is_none() && doc["hooks"].get("PreToolUse").is_none());
}

#[test]
fn a_second_install_changes_nothing_and_remove_gives_the_file_back() {
    let home = Home::with_gemini();
    let original = r#"{
  "theme": "Default",
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "hooksConfig": {"notifications": false},
  "hooks": {
    "AfterTool": [
      {"matcher": "write_file", "hooks": [{"type": "command", "command": "prettier --write", "timeout": 5000}]}
    ]
  }
}
"#;
    home.write(&home.settings(), original);
    assert!(home.run(&["install-hooks", "--yes"]).0);
    let installed = std::fs::read(home.settings()).expect("read");
    let doc = read_json(&home.settings());
    assert_eq!(
        entries(&doc, "AfterTool"),
        vec![
            ("prettier --write".to_owned(), 5000),
            (home.command(), 600_000)
        ]
    );
    assert_eq!(doc["hooksConfig"], json!({"notifications": false}));
    let (ok, out, _) = home.run(&["install-hooks", "--yes"]);
    assert!(ok && said(&out, "install-already", &[]), "{out}");
    assert_eq!(std::fs::read(home.settings()).expect("read"), installed);

    let (ok, out, _) = home.run(&["remove-hooks"]);
    assert!(ok, "{out}");
    assert_eq!(
        read_json(&home.settings()),
        serde_json::from_str::<Value>(original).expect("json")
    );
    let backups = std::fs::read_dir(home.path().join(".gemini"))
        .expect("dir")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().contains(".ring-backup-"))
        })
        .count();
    assert_eq!(backups, 2, "one backup per write");
}

#[test]
fn dry_run_shows_the_gemini_change_and_writes_nothing() {
    let home = Home::with_gemini();
    let (ok, out, _) = home.run(&["install-hooks", "--dry-run"]);
    assert!(ok);
    assert!(out.contains(".gemini/settings.json"), "{out}");
    assert!(out.contains("\"BeforeAgent\""), "{out}");
    assert!(!home.settings().exists());
}

#[test]
fn settings_with_comments_are_refused_and_left_byte_identical() {
    // Gemini CLI reads its settings with comments allowed; ring edits only plain JSON.
    let home = Home::with_gemini();
    let text = "{\n  // my theme\n  \"theme\": \"Default\"\n}\n";
    home.write(&home.settings(), text);
    let (ok, out, err) = home.run(&["install-hooks", "--yes"]);
    assert!(!ok, "{out}");
    assert!(err.contains(".gemini/settings.json"), "{err}");
    assert!(err.contains(&tr("err-install-json-fix", &[])), "{err}");
    assert_eq!(
        std::fs::read_to_string(home.settings()).expect("read"),
        text
    );
}

fn doctor(home: &Home) -> String {
    let (_, out, err) = home.run(&["doctor"]);
    format!("{out}{err}")
}

#[test]
fn doctor_says_no_folder_is_trusted_yet() {
    let home = Home::with_gemini();
    assert!(home.run(&["install-hooks", "--yes"]).0);
    let report = doctor(&home);
    assert!(
        said(
            &report,
            "doctor-hooks-ok",
            &[("agent", "Gemini CLI"), ("events", "7")]
        ),
        "{report}"
    );
    assert!(
        report.contains(&tr("doctor-gemini-untrusted", &[])),
        "{report}"
    );
}

#[test]
fn doctor_lists_the_trusted_folders() {
    let home = Home::with_gemini();
    assert!(home.run(&["install-hooks", "--yes"]).0);
    home.write(
        &home.path().join(".gemini/trustedFolders.json"),
        r#"{"/work/proj": "TRUST_FOLDER", "/work": "TRUST_PARENT", "/tmp/x": "DO_NOT_TRUST"}"#,
    );
    let report = doctor(&home);
    assert!(
        report.contains(&tr(
            "doctor-gemini-trusted",
            &[("folders", "/work/proj, /work")]
        )),
        "{report}"
    );
    assert!(!report.contains("/tmp/x"), "{report}");
}

#[test]
fn doctor_flags_hooks_switched_off_or_disabled_and_folder_trust_off_is_fine() {
    let home = Home::with_gemini();
    assert!(home.run(&["install-hooks", "--yes"]).0);
    let mut doc = read_json(&home.settings());
    doc["hooksConfig"] = json!({"enabled": false, "disabled": [home.command()]});
    doc["security"] = json!({"folderTrust": {"enabled": false}});
    home.write(&home.settings(), &doc.to_string());
    let report = doctor(&home);
    assert!(report.contains(&tr("doctor-gemini-off", &[])), "{report}");
    assert!(said(&report, "doctor-gemini-disabled", &[]), "{report}");
    assert!(
        report.contains(&tr("doctor-gemini-trust-off", &[])),
        "{report}"
    );
    assert!(
        !report.contains(&tr("doctor-gemini-untrusted", &[])),
        "{report}"
    );
}

#[test]
fn doctor_says_which_gemini_events_are_missing() {
    let home = Home::with_gemini();
    assert!(home.run(&["install-hooks", "--yes"]).0);
    let mut doc = read_json(&home.settings());
    doc["hooks"]
        .as_object_mut()
        .expect("hooks")
        .remove("Notification");
    home.write(&home.settings(), &doc.to_string());
    let report = doctor(&home);
    assert!(
        said(
            &report,
            "doctor-hooks-missing",
            &[("events", "Notification")]
        ),
        "{report}"
    );
}
