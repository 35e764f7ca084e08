//! `ring-tmux doctor` reads `config.toml` as every command does and names each problem: a
//! file that is not TOML (every setting silently at its default, notification URLs included)
//! is an error with its line; an unknown key is a warning with the closest known key; a value
//! of the wrong type is a warning naming the type. Its own world: a temporary HOME and ring
//! folder, no tmux or agents on PATH, an empty process list.

use crate::lang_support::tr;
use assert_cmd::Command;
use rstest::rstest;

/// The catalogue's text of `key` around its `{ $path }` / `{ $error }` hole: what comes
/// before and after it in the suite's language.
fn around(key: &str, hole: &str) -> (String, String) {
    let text = tr(key, &[(hole, "\u{1}")]);
    let (head, tail) = text.split_once('\u{1}').expect("the message has the hole");
    (head.to_owned(), tail.to_owned())
}

/// doctor's output lines about `config.toml`, and its exit code.
fn doctor_with_config(config: Option<&str>) -> (Vec<String>, i32) {
    let dir = tempfile::tempdir().expect("tempdir");
    let ring = dir.path().join("ring");
    std::fs::create_dir_all(ring.join("sessions")).expect("mkdir");
    if let Some(text) = config {
        std::fs::write(ring.join("config.toml"), text).expect("config");
    }
    let procs = dir.path().join("procs.json");
    std::fs::write(&procs, "{}").expect("procs");
    let bin = dir.path().join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let out = Command::new(crate::other_user::binary())
        .arg("doctor")
        .env("HOME", dir.path().join("home"))
        .env("RING_HOME", &ring)
        .env("RING_PROCS", &procs)
        .env("PATH", &bin)
        .env("TMUX_TMPDIR", dir.path())
        .env_remove("TMUX")
        .env_remove("ZELLIJ")
        .env_remove("XDG_CACHE_HOME")
        .output()
        .expect("doctor");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = stdout.lines().collect();
    // A finding's line and the `fix:` line under it.
    let mut about = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.contains("config.toml") && !line.starts_with("    ") {
            about.push(line.to_string());
            if let Some(fix) = lines.get(i + 1).filter(|l| l.starts_with("    ")) {
                about.push(fix.to_string());
            }
        }
    }
    (about, out.status.code().unwrap_or(-1))
}

#[test]
fn no_config_file_is_fine() {
    let (lines, _) = doctor_with_config(None);
    assert_eq!(lines.len(), 1, "{lines:?}");
    let (head, tail) = around("doctor-config-none", "path");
    assert!(
        lines[0].starts_with(&format!("✓ {head}")) && lines[0].ends_with(&tail),
        "{lines:?}"
    );
}

#[test]
fn a_config_that_reads_is_fine() {
    let (lines, _) = doctor_with_config(Some("waiting_cooldown_seconds = 60\nlang = \"en\"\n"));
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with('✓'), "{lines:?}");
}

#[test]
fn a_file_that_is_not_toml_is_an_error_naming_its_line() {
    let text = "notify_ntfy_url = \"https://ntfy.sh/t\"\nwaiting_cooldown_seconds = 60 minutes\n";
    let (lines, code) = doctor_with_config(Some(text));
    assert_eq!(code, 1);
    assert!(lines[0].starts_with('✗'), "{lines:?}");
    assert!(lines[0].contains("line 2"), "{lines:?}");
    let (_, after_error) = around("doctor-config-syntax", "error");
    assert!(lines[0].ends_with(&after_error), "{lines:?}");
    let fix = tr("doctor-fix", &[("fix", "")]);
    assert!(lines[1].trim_start().starts_with(fix.trim()), "{lines:?}");
}

/// How config.toml's warnings name a key: `config key "name"`.
fn config_key(name: &str) -> String {
    tr("config-key", &[("name", &format!("{name:?}"))])
}

#[rstest]
#[case::typo("notify_ntfy_ulr = \"https://ntfy.sh/t\"\n", || tr(
    "config-unknown-near",
    &[("key", "\"notify_ntfy_ulr\""), ("known", "\"notify_ntfy_url\"")]
))]
#[case::wrong_type("waiting_cooldown_seconds = \"60\"\n", || tr(
    "config-wrong-type",
    &[
        ("key", &config_key("waiting_cooldown_seconds")),
        ("expected", &tr("config-expect-integer", &[])),
        ("value", "\"60\""),
    ]
))]
#[case::bad_state("badge_states = [\"waiting\", \"wiating\"]\n", || tr(
    "config-not-a-state",
    &[("key", &config_key("badge_states")), ("item", "\"wiating\"")]
))]
fn each_key_problem_is_a_warning(#[case] text: &str, #[case] says: fn() -> String) {
    let (lines, code) = doctor_with_config(Some(text));
    assert_eq!(code, 1, "a warning is a problem");
    assert!(lines[0].starts_with('!'), "{lines:?}");
    assert!(lines[0].contains(&says()), "{lines:?}");
    assert!(
        lines[1].contains(tr("doctor-fix", &[("fix", "")]).trim()),
        "{lines:?}"
    );
}
