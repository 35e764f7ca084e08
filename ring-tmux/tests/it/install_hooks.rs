//! `install-hooks` / `remove-hooks` on temporary HOMEs, through the real binary.

use assert_cmd::Command;
use rstest::rstest;
use serde_json::{Value, json};
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::lang_support::{holds, pieces, said, tr};

const CLAUDE_EVENTS: [&str; 9] = [
    "SessionStart",
    "UserPromptSubmit",
    "Notification",
    "PermissionRequest",
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "StopFailure",
    "SessionEnd",
];
const CODEX_EVENTS: [&str; 8] = [
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "Stop",
    "SessionStart",
    "UserPromptSubmit",
    "Interrupt",
    "SessionEnd",
];

struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    /// A HOME where Claude Code is set up (its folder exists), and nothing else.
    fn new() -> Home {
        let dir = tempfile::tempdir().expect("temp HOME");
        std::fs::create_dir_all(dir.path().join(".claude")).expect("~/.claude");
        Home { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn claude(&self) -> PathBuf {
        self.path().join(".claude/settings.json")
    }

    fn codex(&self) -> PathBuf {
        self.path().join(".codex/hooks.json")
    }

    fn write(&self, path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }

    fn run(&self, args: &[&str]) -> assert_cmd::assert::Assert {
        Command::cargo_bin("ring-tmux")
            .expect("binary")
            .args(args)
            .env("HOME", self.path())
            .env_remove("RING_HOME")
            // No agent program on PATH: only the folders in HOME say which agents are here.
            .env("PATH", "")
            .write_stdin("")
            .assert()
    }

    fn binary(&self) -> String {
        // The hook command names the binary that ran install-hooks.
        assert_cmd::cargo::cargo_bin("ring-tmux")
            .to_string_lossy()
            .into_owned()
    }
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json")
}

fn commands(doc: &Value, event: &str) -> Vec<String> {
    doc["hooks"][event]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| g["hooks"].as_array().cloned().unwrap_or_default())
        .filter_map(|e| e["command"].as_str().map(str::to_owned))
        .collect()
}

fn stdout(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stdout).into_owned()
}

fn stderr(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stderr).into_owned()
}

fn backups(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read_dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().contains(".ring-backup-"))
        .collect();
    found.sort();
    found
}

#[test]
fn fresh_install_writes_all_claude_events_and_no_codex_file() {
    let home = Home::new();
    let out = home.run(&["install-hooks", "--yes"]).success();
    let doc = read_json(&home.claude());
    let expected = format!("{} hook", home.binary());
    for event in CLAUDE_EVENTS {
        assert_eq!(
            doc["hooks"][event],
            json!([{"hooks": [{"type": "command", "command": expected, "timeout": 600}]}]),
            "{event}"
        );
    }
    assert_eq!(
        doc["hooks"].as_object().expect("hooks").len(),
        CLAUDE_EVENTS.len()
    );
    assert!(!home.path().join(".codex").exists());
    assert!(said(&stdout(&out), "install-done", &[]));
    assert!(
        backups(&home.path().join(".claude")).is_empty(),
        "no backup of a file that did not exist"
    );
}

#[test]
fn codex_hooks_are_installed_only_when_codex_folder_exists() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".codex")).expect("mkdir");
    home.run(&["install-hooks", "--yes"]).success();
    let doc = read_json(&home.codex());
    let expected = format!("{} hook --provider codex", home.binary());
    for event in CODEX_EVENTS {
        assert_eq!(commands(&doc, event), vec![expected.clone()], "{event}");
        // Codex 0.169 clamps these two to 3 s, with a warning at every start for more.
        let timeout = if matches!(event, "Interrupt" | "SessionEnd") {
            3
        } else {
            600
        };
        assert_eq!(
            doc["hooks"][event][0]["hooks"][0]["timeout"], timeout,
            "{event}"
        );
    }
    assert_eq!(
        doc["hooks"].as_object().expect("hooks").len(),
        CODEX_EVENTS.len()
    );
}

/// Codex trusts a hook by `<file>:<event>:<group index>:<entry index>` and a hash of its
/// command and timeout: an upgrade (a new binary path) must rewrite our entry where it
/// stands, so only the changed command asks for trust again, and a reinstall with the same
/// binary changes nothing at all.
#[test]
fn a_codex_upgrade_keeps_our_entry_where_it_stands() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".codex")).expect("mkdir");
    let mut doc = json!({"hooks": {}});
    for event in CODEX_EVENTS {
        doc["hooks"][event] = json!([
            {"hooks": [{"type": "command", "command": "other-tool"}]},
            {"hooks": [
                {"type": "command", "command": "/old/bin/ring-tmux hook --provider codex", "timeout": 600},
                {"type": "command", "command": "after-ours"}
            ]}
        ]);
    }
    home.write(
        &home.codex(),
        &serde_json::to_string_pretty(&doc).expect("json"),
    );
    home.run(&["install-hooks", "--yes"]).success();
    let doc = read_json(&home.codex());
    for event in CODEX_EVENTS {
        let ours = &doc["hooks"][event][1]["hooks"][0];
        assert_eq!(
            ours["command"],
            format!("{} hook --provider codex", home.binary()),
            "{event}"
        );
        assert_eq!(doc["hooks"][event][1]["hooks"][1]["command"], "after-ours");
        assert_eq!(doc["hooks"][event][0]["hooks"][0]["command"], "other-tool");
    }
    let before = std::fs::read(home.codex()).expect("read");
    home.run(&["install-hooks", "--yes"]).success();
    assert_eq!(std::fs::read(home.codex()).expect("read"), before);
}

#[test]
fn second_install_says_already_installed_and_leaves_file_untouched() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".codex")).expect("mkdir");
    home.run(&["install-hooks", "--yes"]).success();
    let old = SystemTime::now() - Duration::from_secs(3600);
    for path in [home.claude(), home.codex()] {
        std::fs::File::options()
            .write(true)
            .open(&path)
            .expect("open")
            .set_modified(old)
            .expect("set mtime");
    }
    let before = std::fs::read(home.claude()).expect("read");
    let out = home.run(&["install-hooks", "--yes"]).success();
    let already = pieces("install-already", &[]);
    let said_already = stdout(&out).lines().filter(|l| holds(l, &already)).count();
    assert_eq!(said_already, 2);
    assert_eq!(std::fs::read(home.claude()).expect("read"), before);
    for path in [home.claude(), home.codex()] {
        let mtime = std::fs::metadata(&path)
            .expect("meta")
            .modified()
            .expect("mtime");
        assert_eq!(mtime, old, "{} was rewritten", path.display());
    }
    assert!(backups(&home.path().join(".claude")).is_empty());
}

#[test]
fn dry_run_prints_the_change_and_writes_nothing() {
    let home = Home::new();
    let original = "{\n  \"model\": \"opus\"\n}\n";
    home.write(&home.claude(), original);
    let out = home.run(&["install-hooks", "--dry-run"]).success();
    let text = stdout(&out);
    assert!(
        text.lines()
            .any(|l| l.starts_with("# ") && holds(l, &pieces("install-dry-run", &[]))),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "+            \"command\": \"{} hook\",",
            home.binary()
        )),
        "{text}"
    );
    assert!(text.contains(" \"model\": \"opus\""), "{text}");
    assert_eq!(
        std::fs::read_to_string(home.claude()).expect("read"),
        original
    );
    assert!(backups(&home.path().join(".claude")).is_empty());

    let fresh = Home::new();
    fresh.run(&["install-hooks", "--dry-run"]).success();
    assert!(!fresh.claude().exists(), "dry-run created the file");
}

#[test]
fn install_backs_up_the_previous_file_and_keeps_its_mode() {
    let home = Home::new();
    let original = "{\"model\": \"opus\"}";
    home.write(&home.claude(), original);
    std::fs::set_permissions(home.claude(), std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let out = home.run(&["install-hooks", "--yes"]).success();
    let found = backups(&home.path().join(".claude"));
    assert_eq!(found.len(), 1);
    let name = found[0]
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    let stamp = name
        .strip_prefix("settings.json.ring-backup-")
        .expect("backup name");
    assert_eq!(stamp.len(), 15, "{stamp}");
    assert_eq!(stamp.as_bytes()[8], b'T', "{stamp}");
    assert!(
        stamp
            .chars()
            .filter(|c| *c != 'T')
            .all(|c| c.is_ascii_digit())
    );
    assert_eq!(std::fs::read_to_string(&found[0]).expect("read"), original);
    assert!(said(&stdout(&out), "install-backup", &[]));
    let mode = std::fs::metadata(home.claude())
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn install_and_remove_preserve_every_other_hook_and_setting() {
    let home = Home::new();
    let original = json!({
        "model": "opus",
        "env": {"B": "2", "A": "1"},
        "hooks": {
            "Stop": [
                {"matcher": "", "hooks": [{"type": "command", "command": "other-tool run"}]}
            ],
            "PreCompact": [{"hooks": [{"type": "command", "command": "x"}]}],
            "Notification": [{"hooks": [{"type": "command", "command": "notify-send hi"}]}]
        },
        "permissions": {"allow": ["Bash(ls)"]},
        "zeta": "ünïcode"
    });
    let text = serde_json::to_string_pretty(&original).expect("json");
    home.write(&home.claude(), &text);
    let out = home.run(&["install-hooks", "--yes"]).success();
    assert!(
        stdout(&out).contains("notify-send hi"),
        "other wait-event hooks are listed"
    );
    let installed = std::fs::read_to_string(home.claude()).expect("read");
    assert!(installed.contains("ünïcode"), "non-ASCII stays literal");
    let doc: Value = serde_json::from_str(&installed).expect("json");
    assert_eq!(keys(&doc), ["model", "env", "hooks", "permissions", "zeta"]);
    let env_keys = keys(&doc["env"]);
    assert_eq!(env_keys, ["B", "A"]);
    assert_eq!(
        commands(&doc, "Stop"),
        vec![
            "other-tool run".to_owned(),
            format!("{} hook", home.binary())
        ]
    );
    assert_eq!(doc["hooks"]["Stop"][0]["matcher"], json!(""));
    assert_eq!(doc["hooks"]["PreCompact"], original["hooks"]["PreCompact"]);

    home.run(&["remove-hooks"]).success();
    assert_eq!(read_json(&home.claude()), original);
    let again = home.run(&["remove-hooks"]).success();
    assert!(said(&stdout(&again), "remove-none", &[]));
}

/// The pieces of "is not valid JSON (line LINE, column COLUMN: …)".
fn not_json(line: &str, column: &str) -> Vec<String> {
    pieces("install-not-json", &[("line", line), ("column", column)])
}

#[rstest]
#[case::not_json("not json {{", not_json("1", "2"))]
#[case::truncated("{\n  \"hooks\": {\n", not_json("3", "0"))]
#[case::top_level_list("[1, 2]", vec![tr("install-not-object", &[])])]
#[case::hooks_not_object("{\"hooks\": []}", vec![tr("install-hooks-not-object", &[])])]
#[case::event_not_list(
    "{\"hooks\": {\"Stop\": {}}}",
    vec![tr("install-event-not-list", &[("event", "Stop")])]
)]
fn unusable_settings_are_refused_and_left_byte_identical(
    #[case] text: &str,
    #[case] reason: Vec<String>,
) {
    let home = Home::new();
    home.write(&home.claude(), text);
    for command in ["install-hooks", "remove-hooks"] {
        let out = home.run(&[command]).code(1);
        let err = stderr(&out);
        assert!(
            err.contains(&home.claude().display().to_string()),
            "{command}: {err}"
        );
        assert!(holds(&err, &reason), "{command}: {err}");
        assert_eq!(std::fs::read_to_string(home.claude()).expect("read"), text);
    }
    assert!(backups(&home.path().join(".claude")).is_empty());
}

#[test]
fn invalid_claude_settings_do_not_stop_the_codex_install() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".codex")).expect("mkdir");
    home.write(&home.claude(), "{oops");
    home.run(&["install-hooks", "--yes"]).code(1);
    assert_eq!(
        commands(&read_json(&home.codex()), "Stop").len(),
        1,
        "Codex still installed"
    );
}

fn ring_settings() -> Value {
    let mut hooks = serde_json::Map::new();
    for event in CLAUDE_EVENTS {
        hooks.insert(
            event.to_owned(),
            json!([{"hooks": [{"type": "command", "command": "ring hook", "timeout": 600}]}]),
        );
    }
    json!({ "hooks": hooks })
}

#[test]
fn ring_entries_are_kept_with_a_warning_and_never_duplicated() {
    let home = Home::new();
    home.write(
        &home.claude(),
        &serde_json::to_string(&ring_settings()).expect("json"),
    );
    let out = home.run(&["install-hooks", "--yes"]).success();
    let text = stdout(&out);
    assert!(
        said(&text, "install-ring-cli", &[("commands", "ring hook")]),
        "{text}"
    );
    assert!(text.contains(&tr("install-ring-cli-kept", &[])), "{text}");
    let doc = read_json(&home.claude());
    for event in CLAUDE_EVENTS {
        assert_eq!(
            commands(&doc, event),
            vec!["ring hook".to_owned(), format!("{} hook", home.binary())]
        );
    }
    // Still present on a re-run, still one entry of ours per event.
    home.run(&["install-hooks", "--yes"]).success();
    let doc = read_json(&home.claude());
    assert_eq!(commands(&doc, "Stop").len(), 2);
}

#[test]
fn replace_ring_swaps_ring_entries_for_ours() {
    let home = Home::new();
    home.write(
        &home.claude(),
        &serde_json::to_string(&ring_settings()).expect("json"),
    );
    home.run(&["install-hooks", "--yes", "--replace-ring"])
        .success();
    let doc = read_json(&home.claude());
    for event in CLAUDE_EVENTS {
        assert_eq!(
            commands(&doc, event),
            vec![format!("{} hook", home.binary())]
        );
    }
}

#[test]
fn an_older_path_of_ours_is_upgraded_in_place() {
    let home = Home::new();
    let mut doc = json!({"hooks": {}});
    for event in CLAUDE_EVENTS {
        doc["hooks"][event] = json!([
            {"hooks": [
                {"type": "command", "command": "/old/bin/ring-tmux hook", "timeout": 600},
                {"type": "command", "command": "keep-me"}
            ]}
        ]);
    }
    home.write(
        &home.claude(),
        &serde_json::to_string_pretty(&doc).expect("json"),
    );
    let out = home.run(&["install-hooks", "--yes"]).success();
    assert!(said(&stdout(&out), "install-done", &[]));
    let doc = read_json(&home.claude());
    for event in CLAUDE_EVENTS {
        assert_eq!(
            commands(&doc, event),
            vec!["keep-me".to_owned(), format!("{} hook", home.binary())],
            "{event}"
        );
    }
}

#[test]
fn a_binary_path_with_spaces_is_quoted_and_recognised_on_rerun() {
    let home = Home::new();
    let binary = home.path().join("my tools/ring-tmux");
    std::fs::create_dir_all(binary.parent().expect("folder")).expect("folder");
    std::fs::write(&binary, "").expect("binary");
    let binary = binary.to_string_lossy().into_owned();
    home.run(&["install-hooks", "--yes", "--binary", &binary])
        .success();
    let doc = read_json(&home.claude());
    assert_eq!(commands(&doc, "Stop"), vec![format!("'{binary}' hook")]);
    let out = home
        .run(&["install-hooks", "--yes", "--binary", &binary])
        .success();
    assert!(said(&stdout(&out), "install-already", &[]));
}

#[test]
fn hooks_run_the_symlink_the_binary_was_started_through() {
    // ~/.local/bin/ring-tmux linking to a build (or a package manager's versioned folder):
    // the link survives an upgrade or `cargo clean`, the target it points to may not.
    let home = Home::new();
    let bin = home.path().join(".local/bin");
    std::fs::create_dir_all(&bin).expect("bin dir");
    let link = bin.join("ring-tmux");
    std::os::unix::fs::symlink(assert_cmd::cargo::cargo_bin("ring-tmux"), &link).expect("link");
    let run = |program: &Path| {
        std::process::Command::new(program)
            .args(["install-hooks", "--yes"])
            .env("HOME", home.path())
            .env("PATH", &bin)
            .env_remove("RING_HOME")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("runs")
    };
    for program in [link.as_path(), Path::new("ring-tmux")] {
        let out = run(program);
        assert!(out.status.success(), "{out:?}");
        assert_eq!(
            commands(&read_json(&home.claude()), "Stop"),
            vec![format!("{} hook", link.display())],
            "started as {}",
            program.display()
        );
    }
}

#[test]
fn a_symlinked_settings_file_stays_a_symlink() {
    let home = Home::new();
    let real = home.path().join("dotfiles/claude.json");
    home.write(&real, "{}");
    std::fs::create_dir_all(home.path().join(".claude")).expect("mkdir");
    std::os::unix::fs::symlink(&real, home.claude()).expect("symlink");
    home.run(&["install-hooks", "--yes"]).success();
    assert!(
        std::fs::symlink_metadata(home.claude())
            .expect("meta")
            .file_type()
            .is_symlink()
    );
    assert_eq!(commands(&read_json(&real), "Stop").len(), 1);
}

#[test]
fn remove_hooks_keeps_others_and_ring_entries_unless_asked() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".codex")).expect("mkdir");
    let mut doc = ring_settings();
    doc["hooks"]["Stop"][0]["hooks"]
        .as_array_mut()
        .expect("list")
        .push(json!({"type": "command", "command": "other-tool run"}));
    home.write(&home.claude(), &serde_json::to_string(&doc).expect("json"));
    home.run(&["install-hooks", "--yes"]).success();
    let out = home.run(&["remove-hooks", "--dry-run"]).success();
    assert!(said(&stdout(&out), "install-dry-run", &[]));
    assert_eq!(
        commands(&read_json(&home.claude()), "Stop").len(),
        3,
        "dry-run wrote"
    );
    home.run(&["remove-hooks"]).success();
    assert_eq!(read_json(&home.claude()), doc);
    assert!(!home.codex().exists() || commands(&read_json(&home.codex()), "Stop").is_empty());
    home.run(&["remove-hooks", "--include-ring"]).success();
    assert_eq!(
        commands(&read_json(&home.claude()), "Stop"),
        vec!["other-tool run".to_owned()]
    );
}

#[test]
fn remove_hooks_on_a_missing_file_succeeds() {
    let home = Home::new();
    let out = home.run(&["remove-hooks"]).success();
    assert!(said(&stdout(&out), "remove-absent", &[]));
    assert!(!home.claude().exists());
}

#[test]
fn unknown_flags_exit_2() {
    let home = Home::new();
    home.run(&["install-hooks", "--bogus"]).code(2);
    home.run(&["remove-hooks", "--bogus"]).code(2);
    assert!(!home.claude().exists());
}

#[rstest]
#[case::duplicate_entries_of_ours(json!([
    {"hooks": [{"type": "command", "command": "BIN hook", "timeout": 600}]},
    {"hooks": [{"type": "command", "command": "BIN hook", "timeout": 600}]}
]))]
#[case::wrong_timeout(json!([
    {"hooks": [{"type": "command", "command": "BIN hook", "timeout": 5}]}
]))]
#[case::codex_flavour_in_claude(json!([
    {"hooks": [{"type": "command", "command": "BIN hook --provider codex", "timeout": 600}]}
]))]
fn an_event_not_exactly_right_is_rewritten_to_one_entry(#[case] stop: Value) {
    let home = Home::new();
    home.run(&["install-hooks", "--yes"]).success();
    let mut doc = read_json(&home.claude());
    let stop = serde_json::to_string(&stop)
        .expect("json")
        .replace("BIN", &home.binary());
    doc["hooks"]["Stop"] = serde_json::from_str(&stop).expect("json");
    home.write(
        &home.claude(),
        &serde_json::to_string_pretty(&doc).expect("json"),
    );
    let out = home.run(&["install-hooks", "--yes"]).success();
    assert!(
        said(&stdout(&out), "install-done", &[("events", "Stop")]),
        "{}",
        stdout(&out)
    );
    let doc = read_json(&home.claude());
    assert_eq!(
        doc["hooks"]["Stop"],
        json!([{"hooks": [{"type": "command", "command": format!("{} hook", home.binary()), "timeout": 600}]}])
    );
}

/// install_upgrades_and_preserves (§7 step 5): only our entries are taken out of each
/// event that changes; a group left empty goes, every other group and every non-object item
/// stays as it was and in its place; the new group comes last; the file is rewritten whole with
/// a 2-space indent, non-ASCII literal and a trailing newline, other keys in their order.
#[test]
fn an_upgrade_keeps_foreign_items_and_drops_only_the_groups_it_empties() {
    let home = Home::new();
    let old = "/old/bin/ring-tmux hook";
    let original = json!({
        "z": 1,
        "hooks": {
            "Stop": [
                "junk",
                5,
                {"hooks": [{"type": "command", "command": old, "timeout": 600}]},
                {"matcher": "x", "hooks": "not a list"},
                {"hooks": [
                    {"type": "command", "command": old},
                    "stray",
                    {"type": "command", "command": "other"}
                ]}
            ],
            "PreCompact": [{"hooks": [{"type": "command", "command": "x"}]}]
        },
        "a": "ü"
    });
    home.write(
        &home.claude(),
        &serde_json::to_string(&original).expect("json"),
    );
    home.run(&["install-hooks", "--yes"]).success();
    let text = std::fs::read_to_string(home.claude()).expect("read");
    assert!(
        text.starts_with("{\n  \"z\": 1,\n  \"hooks\": {\n"),
        "{text}"
    );
    assert!(text.ends_with("\n  \"a\": \"ü\"\n}\n"), "{text}");
    let doc: Value = serde_json::from_str(&text).expect("json");
    let ours = json!({"hooks": [{"type": "command", "command": format!("{} hook", home.binary()), "timeout": 600}]});
    assert_eq!(
        doc["hooks"]["Stop"],
        json!([
            "junk",
            5,
            {"matcher": "x", "hooks": "not a list"},
            {"hooks": ["stray", {"type": "command", "command": "other"}]},
            ours
        ])
    );
    assert_eq!(doc["hooks"]["PreCompact"], original["hooks"]["PreCompact"]);
    for event in CLAUDE_EVENTS.iter().filter(|e| **e != "Stop") {
        assert_eq!(doc["hooks"][event], json!([ours]), "{event}");
    }
    assert_eq!(keys(&doc), ["z", "hooks", "a"]);
}

/// install_dry_run (§7 step 3): every target is shown (Codex's too when `~/.codex`
/// exists) and nothing is written — not even a file that did not exist; an unreadable target
/// still fails the dry run and stays as it was.
#[test]
fn dry_run_shows_every_target_and_writes_none() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".codex")).expect("mkdir");
    let out = home.run(&["install-hooks", "--dry-run"]).success();
    let text = stdout(&out);
    for (path, command) in [
        (home.claude(), format!("{} hook", home.binary())),
        (
            home.codex(),
            format!("{} hook --provider codex", home.binary()),
        ),
    ] {
        assert!(
            said(
                &text,
                "install-dry-run",
                &[("path", &path.display().to_string())]
            ),
            "{text}"
        );
        assert!(
            text.contains(&format!("\"command\": \"{command}\"")),
            "{text}"
        );
        assert!(!path.exists(), "dry-run wrote {}", path.display());
    }

    home.write(&home.claude(), "{oops");
    home.run(&["install-hooks", "--dry-run"]).code(1);
    assert_eq!(
        std::fs::read_to_string(home.claude()).expect("read"),
        "{oops"
    );
    assert!(!home.codex().exists(), "dry-run wrote the Codex file");
    assert!(backups(&home.path().join(".claude")).is_empty());
}

/// An object's keys, in the file's order.
fn keys(object: &Value) -> Vec<&str> {
    object
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

/// The modes of every other file seen in `dir` while `args` runs (polled: a temp copy lives
/// as long as its write and fsync).
fn modes_seen_while_running(home: &Home, dir: &Path, args: &[&str]) -> Vec<(String, u32)> {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("ring-tmux"))
        .args(args)
        .env("HOME", home.path())
        .env_remove("RING_HOME")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("spawn");
    let mut seen = Vec::new();
    while child.try_wait().expect("wait").is_none() {
        for entry in std::fs::read_dir(dir).expect("list").flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "settings.json" || name.contains(".ring-backup-") {
                continue;
            }
            if let Ok(meta) = entry.metadata() {
                seen.push((name, meta.permissions().mode() & 0o777));
            }
        }
    }
    seen
}

#[test]
fn a_private_settings_file_is_never_copied_readable() {
    let home = Home::new();
    home.write(&home.claude(), "{\"model\": \"opus\"}");
    std::fs::set_permissions(home.claude(), std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let dir = home.path().join(".claude");
    let mut seen = Vec::new();
    for round in 0..40 {
        let args = if round % 2 == 0 {
            ["install-hooks", "--yes"]
        } else {
            ["remove-hooks", "--yes"]
        };
        seen.extend(modes_seen_while_running(&home, &dir, &args));
    }
    seen.sort();
    seen.dedup();
    let readable: Vec<_> = seen.iter().filter(|(_, mode)| *mode != 0o600).collect();
    assert!(
        readable.is_empty(),
        "temp files readable by others: {readable:?}"
    );
    for backup in backups(&dir) {
        let mode = std::fs::metadata(&backup)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{}", backup.display());
    }
}

#[test]
fn only_the_last_five_backups_are_kept() {
    let home = Home::new();
    home.write(&home.claude(), "{}");
    let dir = home.path().join(".claude");
    let mine = dir.join("settings.json.mine-backup");
    std::fs::write(&mine, "{}").expect("write");
    let mut newest = Vec::new();
    let backup_label = pieces("install-backup", &[]).remove(0);
    for round in 0..8 {
        let args: &[&str] = if round % 2 == 0 {
            &["install-hooks", "--yes"]
        } else {
            &["remove-hooks"]
        };
        let out = home.run(args).success();
        let text = stdout(&out);
        let backup = text
            .lines()
            .find_map(|l| l.trim().strip_prefix(backup_label.as_str()))
            .expect("a backup line")
            .to_owned();
        newest.push(PathBuf::from(backup));
    }
    let kept = backups(&dir);
    assert_eq!(kept.len(), 5, "{kept:?}");
    for backup in &newest[3..] {
        assert!(
            backup.exists(),
            "{} pruned; kept {kept:?}",
            backup.display()
        );
    }
    assert!(mine.exists(), "a backup that is not ring's was pruned");
}

#[test]
fn a_fifo_settings_file_is_refused_without_hanging() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".claude")).expect("mkdir");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        home.claude().as_path(),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .expect("mkfifo");
    let out = Command::cargo_bin("ring-tmux")
        .expect("binary")
        .args(["install-hooks", "--yes"])
        .env("HOME", home.path())
        .env_remove("RING_HOME")
        .timeout(Duration::from_secs(10))
        .write_stdin("")
        .assert()
        .failure();
    let err = stderr(&out);
    assert!(err.contains(&tr("install-not-regular", &[])), "{err}");
    assert!(
        std::fs::symlink_metadata(home.claude())
            .expect("meta")
            .file_type()
            .is_fifo()
    );
}

#[test]
fn a_dangling_settings_symlink_is_refused_and_kept() {
    let home = Home::new();
    std::fs::create_dir_all(home.path().join(".claude")).expect("mkdir");
    let target = home.path().join("dotfiles/claude.json");
    std::os::unix::fs::symlink(&target, home.claude()).expect("symlink");
    let out = home.run(&["install-hooks", "--yes"]).failure();
    let err = stderr(&out);
    assert!(said(&err, "install-dangling", &[]), "{err}");
    assert!(
        std::fs::symlink_metadata(home.claude())
            .expect("meta")
            .file_type()
            .is_symlink(),
        "the link was replaced"
    );
    assert!(!target.exists());
}

#[test]
fn duplicate_keys_are_refused_with_what_to_do() {
    let home = Home::new();
    let text = "{\n  \"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"mine\"}]}]},\n  \"model\": \"opus\",\n  \"hooks\": {}\n}\n";
    home.write(&home.claude(), text);
    let out = home.run(&["install-hooks", "--yes"]).failure();
    let err = stderr(&out);
    assert!(
        said(&err, "install-duplicate", &[("key", "\"hooks\"")]),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(home.claude()).expect("read"), text);
    assert!(backups(&home.path().join(".claude")).is_empty());
}

#[test]
fn a_read_only_settings_file_is_refused() {
    let home = Home::new();
    home.write(&home.claude(), "{}");
    std::fs::set_permissions(home.claude(), std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let out = home.run(&["install-hooks", "--yes"]).failure();
    let err = stderr(&out);
    assert!(said(&err, "install-read-only", &[]), "{err}");
    assert!(err.contains("chmod u+w"), "{err}");
    assert_eq!(std::fs::read_to_string(home.claude()).expect("read"), "{}");
    assert!(backups(&home.path().join(".claude")).is_empty());
}

/// Issue 25 item 10: hooks that run a file that is not there would fail on every agent
/// event; install-hooks refuses, says what to give, and writes nothing.
#[test]
fn a_binary_that_does_not_exist_is_refused() {
    let home = Home::new();
    let out = home
        .run(&["install-hooks", "--yes", "--binary", "/nowhere/ring-tmux"])
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    let refused = format!(
        "ring-tmux: {}; {}",
        tr("err-binary-not-a-file", &[("path", "/nowhere/ring-tmux")]),
        tr("err-binary-not-a-file-fix", &[])
    );
    assert!(stderr.starts_with(&refused), "{stderr}");
    assert!(!home.claude().exists(), "nothing written");
}
