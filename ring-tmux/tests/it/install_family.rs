//! Pi (an extension file ring owns, `~/.pi/agent/extensions/ring-tmux.ts`), the Claude-format
//! family (Qwen Code, Factory Droid: Claude Code's hooks in their own settings files) and
//! Cursor running Claude Code's hooks, through the real binary on temporary HOMEs.

use crate::hook_support::{self, T0};
use assert_cmd::Command;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

use crate::lang_support::{holds, pieces, said};

struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new(folders: &[&str]) -> Home {
        let home = Home {
            dir: tempfile::tempdir().expect("temp HOME"),
        };
        for folder in folders {
            std::fs::create_dir_all(home.path().join(folder)).expect("folder");
        }
        home
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn extension(&self) -> PathBuf {
        self.path().join(".pi/agent/extensions/ring-tmux.ts")
    }

    fn run(&self, args: &[&str]) -> assert_cmd::assert::Assert {
        Command::cargo_bin("ring-tmux")
            .expect("binary")
            .args(args)
            .env("HOME", self.path())
            .env("RING_HOME", self.path().join(".config/ring"))
            .env_remove("TMUX")
            .env_remove("TMUX_PANE")
            .write_stdin("")
            .assert()
    }

    fn stdout(&self, args: &[&str]) -> String {
        String::from_utf8_lossy(&self.run(args).get_output().stdout).into_owned()
    }
}

fn binary() -> String {
    assert_cmd::cargo::cargo_bin("ring-tmux")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn pi_extension_is_installed_checked_and_removed() {
    let home = Home::new(&[".claude"]);
    home.run(&["install-hooks", "--yes"]).success();
    assert!(!home.extension().exists(), "no ~/.pi/agent: no extension");

    std::fs::create_dir_all(home.path().join(".pi/agent")).expect("mkdir");
    let out = home.stdout(&["install-hooks", "--yes"]);
    assert!(
        out.lines()
            .any(|l| holds(l, &pieces("install-done", &[])) && l.contains("ring-tmux.ts")),
        "{out}"
    );
    let text = std::fs::read_to_string(home.extension()).expect("extension");
    assert!(text.starts_with("// ring-tmux: Pi extension"), "{text}");
    assert!(text.contains(&format!("const RING = {}", json!(binary()))));
    assert!(text.contains(r#"const ARGS = ["--provider","pi"]"#));
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(home.extension())
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    let dir_mode = std::fs::metadata(home.extension().parent().expect("dir"))
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(
        dir_mode & 0o077,
        0,
        "the extensions folder is the user's alone"
    );

    let doctor = home.stdout(&["doctor"]);
    assert!(
        said(
            &doctor,
            "doctor-plugin-ok",
            &[("agent", "Pi"), ("events", "8")]
        ),
        "{doctor}"
    );

    let again = home.stdout(&["install-hooks", "--yes"]);
    assert!(said(&again, "install-already", &[]), "{again}");
    home.run(&["remove-hooks"]).success();
    assert!(!home.extension().exists());
    let doctor = home.stdout(&["doctor"]);
    assert!(
        said(&doctor, "doctor-plugin-none", &[("agent", "Pi")]),
        "{doctor}"
    );
}

#[test]
fn a_foreign_pi_extension_is_never_touched() {
    let home = Home::new(&[".claude", ".pi/agent/extensions"]);
    let foreign = "export default function (pi) {}\n";
    std::fs::write(home.extension(), foreign).expect("write");
    let out = home.run(&["install-hooks", "--yes"]).failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(said(&err, "err-install-foreign-plugin", &[]), "{err}");
    home.run(&["remove-hooks"]).success();
    assert_eq!(
        std::fs::read_to_string(home.extension()).expect("kept"),
        foreign
    );
}

/// Each agent of the family gets Claude Code's hook shape in its own file, with its own
/// `--provider`, so its rows are its own.
#[test]
fn claude_format_agents_get_their_own_provider_in_their_own_file() {
    let home = Home::new(&[".claude", ".qwen", ".factory"]);
    home.run(&["install-hooks", "--yes"]).success();
    for (file, provider, events) in [
        (".qwen/settings.json", "qwen-code", 9),
        (".factory/settings.json", "droid", 6),
    ] {
        let doc: Value = serde_json::from_str(
            &std::fs::read_to_string(home.path().join(file)).expect("settings"),
        )
        .expect("JSON");
        let hooks = doc["hooks"].as_object().expect("hooks");
        assert_eq!(hooks.len(), events, "{file}: {hooks:?}");
        let command = hooks["UserPromptSubmit"][0]["hooks"][0]["command"]
            .as_str()
            .expect("command");
        assert!(
            command.ends_with(&format!("hook --provider {provider}")),
            "{command}"
        );
    }
    let claude: Value = serde_json::from_str(
        &std::fs::read_to_string(home.path().join(".claude/settings.json")).expect("claude"),
    )
    .expect("JSON");
    let command = claude["hooks"]["Stop"][0]["hooks"][0]["command"]
        .as_str()
        .expect("command");
    assert!(!command.contains("--provider"), "{command}");

    home.run(&["remove-hooks"]).success();
    let qwen = std::fs::read_to_string(home.path().join(".qwen/settings.json")).expect("kept");
    assert!(!qwen.contains("ring-tmux"), "{qwen}");
}

/// Cursor with "third-party hooks" on runs its own hook and `~/.claude/settings.json`'s for
/// the same chat: both write the one `cursor` row.
#[test]
fn cursor_running_claude_hooks_is_one_cursor_row() {
    let home = hook_support::Home::new();
    let payload = json!({
        "hook_event_name": "beforeSubmitPrompt",
        "conversation_id": "cdefee2d-2727-4b73-bf77-d9d830f31d2a",
        "generation_id": "26b45fb6-bdea-439c-b2dc-5e97ee00ecea",
        "workspace_roots": ["/WORK"],
        "model": "gpt-4",
        "cursor_version": "2.0.77",
        "prompt": "Fix the bug in main.ts",
    });
    home.hook(&["--provider", "cursor"], payload.to_string(), T0);
    // The Claude hook's run of the same prompt, under the event name it was written for.
    let mut as_claude = payload.clone();
    as_claude["hook_event_name"] = json!("UserPromptSubmit");
    home.hook(&[], as_claude.to_string(), T0 + 0.5);
    let board: Value =
        serde_json::from_str(&hook_support::board_json(&home.ring())).expect("board");
    let rows = board["sessions"].as_array().expect("sessions");
    let providers: Vec<&str> = rows
        .iter()
        .map(|r| r["provider"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(providers, ["cursor"], "{board}");
    assert_eq!(rows[0]["status"], "working");
}
