//! `install-hooks` / `remove-hooks` / `doctor` for the agents whose hooks are not Claude
//! Code's shape, on temporary HOMEs through the real binary: OpenCode (a plugin file ring
//! owns, `~/.config/opencode/plugins/ring-tmux.js`) and Cursor (`~/.cursor/hooks.json`, flat
//! entries).

use assert_cmd::Command;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

use crate::lang_support::{said, tr};

struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new() -> Home {
        let home = Home {
            dir: tempfile::tempdir().expect("temp HOME"),
        };
        std::fs::create_dir_all(home.path().join(".claude")).expect("claude dir");
        home
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn plugin(&self) -> PathBuf {
        self.path().join(".config/opencode/plugins/ring-tmux.js")
    }

    fn cursor(&self) -> PathBuf {
        self.path().join(".cursor/hooks.json")
    }

    fn run(&self, args: &[&str]) -> assert_cmd::assert::Assert {
        Command::cargo_bin("ring-tmux")
            .expect("binary")
            .args(args)
            .env("HOME", self.path())
            .env_remove("RING_HOME")
            .write_stdin("")
            .assert()
    }

    fn stdout(&self, args: &[&str]) -> String {
        String::from_utf8_lossy(&self.run(args).get_output().stdout).into_owned()
    }

    fn backups(&self, file: &Path) -> Vec<PathBuf> {
        let name = file
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let mut out: Vec<PathBuf> = std::fs::read_dir(file.parent().expect("dir"))
            .expect("dir")
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name().is_some_and(|n| {
                    n.to_string_lossy()
                        .starts_with(&format!("{name}.ring-backup-"))
                })
            })
            .collect();
        out.sort();
        out
    }
}

fn binary() -> String {
    assert_cmd::cargo::cargo_bin("ring-tmux")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn opencode_plugin_is_written_only_when_opencode_is_there() {
    let home = Home::new();
    home.run(&["install-hooks", "--yes"]).success();
    assert!(!home.plugin().exists(), "no ~/.config/opencode: no plugin");
    std::fs::create_dir_all(home.path().join(".config/opencode")).expect("mkdir");
    let out = home.stdout(&["install-hooks", "--yes"]);
    assert!(said(&out, "install-done", &[]), "{out}");
    let text = std::fs::read_to_string(home.plugin()).expect("plugin");
    assert!(text.starts_with("// ring-tmux: OpenCode plugin"));
    assert!(text.contains(&format!("const RING = {}", json!(binary()))));
    let mode = std::fs::metadata(home.plugin()).expect("meta");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(mode.permissions().mode() & 0o777, 0o600);
    assert!(
        home.backups(&home.plugin()).is_empty(),
        "a new file has no backup"
    );
}

#[test]
fn opencode_install_is_idempotent_dry_run_writes_nothing_and_remove_deletes_with_a_backup() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".config/opencode")).expect("mkdir");
    let dry = home.stdout(&["install-hooks", "--dry-run"]);
    assert!(
        said(&dry, "install-dry-run", &[]) && dry.contains("+const RING"),
        "{dry}"
    );
    assert!(!home.plugin().exists());
    home.run(&["install-hooks", "--yes"]).success();
    let first = std::fs::read(home.plugin()).expect("plugin");
    let again = home.stdout(&["install-hooks", "--yes"]);
    assert!(said(&again, "install-already", &[]), "{again}");
    assert_eq!(std::fs::read(home.plugin()).expect("plugin"), first);
    assert!(home.backups(&home.plugin()).is_empty(), "no-op: no backup");

    let dry = home.stdout(&["remove-hooks", "--dry-run"]);
    assert!(said(&dry, "remove-dry-run-plugin", &[]), "{dry}");
    assert!(home.plugin().exists());
    home.run(&["remove-hooks"]).success();
    assert!(!home.plugin().exists());
    let backups = home.backups(&home.plugin());
    assert_eq!(backups.len(), 1);
    assert_eq!(std::fs::read(&backups[0]).expect("backup"), first);
    let again = home.stdout(&["remove-hooks"]);
    assert!(said(&again, "remove-absent", &[]), "{again}");
}

#[test]
fn a_foreign_plugin_file_is_never_touched() {
    let home = Home::new();
    let foreign = "export const Mine = async () => ({})\n";
    std::fs::create_dir_all(home.plugin().parent().expect("dir")).expect("mkdir");
    std::fs::write(home.plugin(), foreign).expect("write");
    let out = home.run(&["install-hooks", "--yes"]).failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        said(&err, "err-install-foreign-plugin", &[])
            && err.contains(&tr("err-install-foreign-plugin-fix", &[])),
        "{err}"
    );
    home.run(&["remove-hooks"]).success();
    assert_eq!(
        std::fs::read_to_string(home.plugin()).expect("kept"),
        foreign
    );
    let doctor = home.stdout(&["doctor"]);
    assert!(said(&doctor, "doctor-plugin-foreign", &[]), "{doctor}");
}

#[test]
fn doctor_reports_the_opencode_plugin() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".config/opencode")).expect("mkdir");
    let before = home.stdout(&["doctor"]);
    assert!(
        said(&before, "doctor-plugin-none", &[("agent", "OpenCode")]),
        "{before}"
    );
    home.run(&["install-hooks", "--yes"]).success();
    let after = home.stdout(&["doctor"]);
    assert!(
        said(
            &after,
            "doctor-plugin-ok",
            &[("agent", "OpenCode"), ("events", "10")]
        ),
        "{after}"
    );
    // A plugin that runs a binary that is gone.
    let text = std::fs::read_to_string(home.plugin()).expect("plugin");
    let moved = text.replace(&json!(binary()).to_string(), "\"/nonexistent/ring-tmux\"");
    std::fs::write(home.plugin(), moved).expect("write");
    let broken = home.stdout(&["doctor"]);
    assert!(
        broken.contains(&tr(
            "doctor-plugin-bad-program",
            &[("agent", "OpenCode"), ("program", "/nonexistent/ring-tmux")]
        )),
        "{broken}"
    );
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json")
}

#[test]
fn cursor_hooks_merge_into_the_users_file_and_come_out_again() {
    let home = Home::new();
    let original = "{\n  \"version\": 1,\n  \"hooks\": {\n    \"stop\": [\n      {\n        \"command\": \"./audit.sh\",\n        \"loop_limit\": 3\n      }\n    ]\n  }\n}\n";
    std::fs::create_dir_all(home.path().join(".cursor")).expect("mkdir");
    std::fs::write(home.cursor(), original).expect("write");
    home.run(&["install-hooks", "--yes"]).success();
    let doc = read_json(&home.cursor());
    let ours = json!({"command": format!("{} hook --provider cursor", binary())});
    assert_eq!(
        doc["hooks"]["stop"],
        json!([{"command": "./audit.sh", "loop_limit": 3}, ours])
    );
    for event in [
        "beforeSubmitPrompt",
        "beforeShellExecution",
        "beforeMCPExecution",
        "afterFileEdit",
    ] {
        assert_eq!(doc["hooks"][event], json!([ours]), "{event}");
    }
    assert_eq!(home.backups(&home.cursor()).len(), 1);
    let again = home.stdout(&["install-hooks", "--yes"]);
    assert!(said(&again, "install-already", &[]), "{again}");
    assert_eq!(
        home.backups(&home.cursor()).len(),
        1,
        "a no-op writes no backup"
    );
    let doctor = home.stdout(&["doctor"]);
    assert!(
        said(
            &doctor,
            "doctor-hooks-ok",
            &[("agent", "Cursor"), ("events", "5")]
        ),
        "{doctor}"
    );
    home.run(&["remove-hooks"]).success();
    assert_eq!(read_json(&home.cursor()), read_json_text(original));
}

fn read_json_text(text: &str) -> Value {
    serde_json::from_str(text).expect("json")
}

#[test]
fn a_cursor_file_that_is_not_json_is_left_byte_identical() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".cursor")).expect("mkdir");
    std::fs::write(home.cursor(), "{\"hooks\": {").expect("write");
    home.run(&["install-hooks", "--yes"]).failure();
    assert_eq!(
        std::fs::read_to_string(home.cursor()).expect("kept"),
        "{\"hooks\": {"
    );
    home.run(&["remove-hooks"]).failure();
    assert_eq!(
        std::fs::read_to_string(home.cursor()).expect("kept"),
        "{\"hooks\": {"
    );
}

#[test]
fn doctor_names_the_event_that_disables_a_cursor_file() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".cursor")).expect("mkdir");
    std::fs::write(
        home.cursor(),
        r#"{"version": 1, "hooks": {"beforeShellExec": [{"command": "./guard.sh"}]}}"#,
    )
    .expect("write");
    home.run(&["install-hooks", "--yes"]).success();
    let doctor = home.stdout(&["doctor"]);
    assert!(
        said(
            &doctor,
            "doctor-cursor-unknown",
            &[("agent", "Cursor"), ("events", "beforeShellExec")]
        ),
        "{doctor}"
    );
}
