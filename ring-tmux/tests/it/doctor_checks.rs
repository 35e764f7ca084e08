//! `ring-tmux doctor` on temporary HOMEs with a controlled PATH: a good setup passes, and each
//! check can fail and prints the command that fixes it. Every problem makes the exit code 1;
//! an optional part that is simply absent is information (exit code 0) with how to add it.

use crate::lang_support::{holds, pieces, tr};
use crate::other_user::{NOBODY, binary, chown_tree, own_uid};
use assert_cmd::Command;
use rstest::rstest;
use serde_json::{Value, json};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

const FAKE_TMUX: &str = r#"#!/bin/sh
case "$1" in
  -V) echo "tmux ${FAKE_TMUX_VERSION:-3.3a}" ;;
  show-options)
    [ "$FAKE_TMUX_SERVER" = down ] && { echo "no server running on /tmp/x" >&2; exit 1; }
    case "$3" in
      @ring_loaded) [ -n "$FAKE_TMUX_LOADED" ] && echo "$FAKE_TMUX_LOADED" ;;
      status-right) echo "${FAKE_TMUX_STATUS_RIGHT-#(/bin/ring-tmux status --socket x) %H:%M}" ;;
      @ring-jump-key) [ -n "$FAKE_TMUX_JUMP_KEY" ] && echo "@ring-jump-key $FAKE_TMUX_JUMP_KEY" ;;
    esac
    exit 0 ;;
  list-keys)
    echo "bind-key -T prefix d detach-client"
    echo "${FAKE_TMUX_KEY_A-bind-key -T prefix a run-shell -b \"/bin/ring-tmux jump --client x\"}"
    exit 0 ;;
esac
"#;
const FAKE_ZELLIJ: &str = "#!/bin/sh\necho zellij 0.45.1\n";
const FAKE_RING: &str = "#!/bin/sh\nexit 0\n";

struct Fixture {
    dir: tempfile::TempDir,
    env: Vec<(String, String)>,
    /// Run doctor as an ordinary user even when the tests run as root (see [`unprivileged`]).
    unprivileged: bool,
}

fn write_exec(path: &Path, text: &str) {
    std::fs::write(path, text).expect("write");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

impl Fixture {
    /// A good setup: ring-tmux on PATH, hooks installed, a private ring folder with one
    /// private row, tmux 3.3a with ring.tmux loaded, no zellij, no RiNG.
    fn good() -> Fixture {
        let f = Fixture {
            dir: tempfile::tempdir().expect("tempdir"),
            env: vec![("FAKE_TMUX_LOADED".into(), "1".into())],
            unprivileged: false,
        };
        std::fs::create_dir_all(f.bin()).expect("mkdir");
        std::fs::create_dir_all(f.home().join(".claude")).expect("mkdir");
        std::fs::write(f.procs(), r#"{"claude-code": [], "codex": []}"#).expect("procs");
        std::os::unix::fs::symlink(binary(), f.bin().join("ring-tmux")).expect("symlink");
        write_exec(&f.bin().join("tmux"), FAKE_TMUX);
        f.ring_tmux(&["install-hooks", "--yes"]).success();
        std::fs::create_dir_all(f.ring().join("sessions")).expect("mkdir");
        set_mode(&f.ring(), 0o700);
        set_mode(&f.ring().join("sessions"), 0o700);
        let row = f.ring().join("sessions/s1.json");
        std::fs::write(
            &row,
            json!({"session_id": "s1", "status": "idle", "last_active": 1.0}).to_string(),
        )
        .expect("row");
        set_mode(&row, 0o600);
        f
    }

    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    fn bin(&self) -> PathBuf {
        self.dir.path().join("bin")
    }

    fn ring(&self) -> PathBuf {
        self.home().join(".config/ring")
    }

    /// The process scan doctor sees (`RING_PROCS`): no agent runs.
    fn procs(&self) -> PathBuf {
        self.dir.path().join("procs.json")
    }

    fn settings(&self) -> PathBuf {
        self.home().join(".claude/settings.json")
    }

    fn set(&mut self, key: &str, value: &str) {
        self.env.push((key.into(), value.into()));
    }

    fn ring_tmux(&self, args: &[&str]) -> assert_cmd::assert::Assert {
        let mut std_cmd = std::process::Command::new(binary());
        if self.unprivileged && own_uid() == 0 {
            // Root writes through any mode bits: a folder without `w` is only unwritable for
            // an ordinary user, so doctor runs as one, owning the whole fixture as a user owns
            // their HOME, and from a binary `nobody` can execute (`other_user::binary`).
            use std::os::unix::process::CommandExt;
            chown_tree(self.dir.path(), NOBODY);
            std_cmd.uid(NOBODY).gid(NOBODY);
        }
        let mut cmd = Command::from_std(std_cmd);
        // The fixture's own world only: no agent runs (an empty process scan, not the
        // machine's /proc, where a user's Claude Code made doctor warn), no tmux or zellij
        // session around it.
        cmd.args(args)
            .env("HOME", self.home())
            .env("PATH", self.bin())
            .env("TMUX_TMPDIR", self.dir.path())
            .env("RING_PROCS", self.procs())
            .env_remove("TMUX")
            .env_remove("TMUX_PANE")
            .env_remove("ZELLIJ")
            .env_remove("ZELLIJ_SESSION_NAME")
            .env_remove("ZELLIJ_PANE_ID")
            .env_remove("RING_HOME")
            .env_remove("XDG_CACHE_HOME")
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("XDG_DATA_HOME")
            .env_remove("XDG_RUNTIME_DIR")
            .env_remove("DBUS_SESSION_BUS_ADDRESS");
        for (key, value) in &self.env {
            cmd.env(key, value);
        }
        cmd.assert()
    }

    fn doctor(&self) -> (i32, String) {
        let out = self.ring_tmux(&["doctor"]);
        let output = out.get_output();
        (
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    }
}

#[test]
fn a_good_setup_passes_with_no_warning() {
    let f = Fixture::good();
    let (code, text) = f.doctor();
    assert_eq!(code, 0, "{text}");
    assert!(text.contains(&tr("doctor-all-good", &[])), "{text}");
    assert!(!text.contains('✗') && !text.contains("\n!"), "{text}");
    let hooks = &[("agent", "Claude Code"), ("events", "9")];
    for line in [
        at("✓", "doctor-binary-ok", &[]),
        at("✓", "doctor-hooks-ok", hooks),
        at("✓", "doctor-folder-ok", &[]),
        vec!["✓ tmux 3.3a".to_owned()],
        at("✓", "doctor-tmux-loaded", &[]),
    ] {
        assert!(
            text.lines().any(|l| holds(l, &line)),
            "missing {line:?} in\n{text}"
        );
    }
}

fn no_binary_on_path(f: &mut Fixture) {
    std::fs::remove_file(f.bin().join("ring-tmux")).expect("rm");
}
fn hooks_not_installed(f: &mut Fixture) {
    std::fs::remove_file(f.settings()).expect("rm");
}
fn hook_missing_on_one_event(f: &mut Fixture) {
    let mut doc: Value =
        serde_json::from_str(&std::fs::read_to_string(f.settings()).expect("read")).expect("json");
    doc["hooks"].as_object_mut().expect("hooks").remove("Stop");
    std::fs::write(f.settings(), doc.to_string()).expect("write");
}
/// Hooks installed to run a binary that was there then and is gone now (install-hooks
/// itself refuses a `--binary` that is no file).
fn hook_binary_gone(f: &mut Fixture) {
    let there = f.dir.path().join("there-then");
    std::fs::write(&there, "").expect("binary");
    f.ring_tmux(&[
        "install-hooks",
        "--yes",
        "--binary",
        &there.to_string_lossy(),
    ])
    .success();
    let text = std::fs::read_to_string(f.settings()).expect("settings");
    std::fs::write(
        f.settings(),
        text.replace(&*there.to_string_lossy(), "/gone/ring-tmux"),
    )
    .expect("settings");
    std::fs::remove_file(&there).expect("gone");
}
fn settings_not_json(f: &mut Fixture) {
    std::fs::write(f.settings(), "{\"hooks\": ").expect("write");
}
fn codex_without_hooks(f: &mut Fixture) {
    std::fs::create_dir_all(f.home().join(".codex")).expect("mkdir");
}
fn codex_hooks_untrusted(f: &mut Fixture) {
    std::fs::create_dir_all(f.home().join(".codex")).expect("mkdir");
    f.ring_tmux(&["install-hooks", "--yes"]).success();
}
fn ring_folder_is_a_file(f: &mut Fixture) {
    std::fs::remove_dir_all(f.ring()).expect("rm");
    std::fs::write(f.ring(), "").expect("write");
}
/// The write bit taken from the ring folder (doctor runs as an ordinary user, see `ring_tmux`).
fn ring_folder_not_writable(f: &mut Fixture) {
    set_mode(&f.ring(), 0o500);
    f.unprivileged = true;
}
fn sessions_folder_not_writable(f: &mut Fixture) {
    set_mode(&f.ring().join("sessions"), 0o500);
    f.unprivileged = true;
}
fn ring_folder_open(f: &mut Fixture) {
    set_mode(&f.ring(), 0o755);
}
fn ring_folder_writable_by_others(f: &mut Fixture) {
    set_mode(&f.ring(), 0o777);
}
/// doctor runs as root, the folder is nobody's.
fn ring_folder_of_another_user(f: &mut Fixture) {
    std::os::unix::fs::lchown(f.ring(), Some(NOBODY), Some(NOBODY)).expect("chown");
}
fn row_open(f: &mut Fixture) {
    set_mode(&f.ring().join("sessions/s1.json"), 0o644);
}
fn corrupt_row(f: &mut Fixture) {
    let path = f.ring().join("sessions/broken.json");
    std::fs::write(&path, "{").expect("write");
    set_mode(&path, 0o600);
}
fn claude_not_installed(f: &mut Fixture) {
    std::fs::remove_dir_all(f.home().join(".claude")).expect("rm");
}
fn zellij_not_installed(_: &mut Fixture) {}
fn tmux_missing(f: &mut Fixture) {
    std::fs::remove_file(f.bin().join("tmux")).expect("rm");
}
fn tmux_too_old(f: &mut Fixture) {
    f.set("FAKE_TMUX_VERSION", "2.9a");
}
fn tmux_not_loaded(f: &mut Fixture) {
    f.set("FAKE_TMUX_LOADED", "");
}
fn tmux_not_running(f: &mut Fixture) {
    f.set("FAKE_TMUX_SERVER", "down");
}
fn zellij_without_plugin(f: &mut Fixture) {
    write_exec(&f.bin().join("zellij"), FAKE_ZELLIJ);
}
fn zellij_without_permissions(f: &mut Fixture) {
    write_exec(&f.bin().join("zellij"), FAKE_ZELLIJ);
    let plugin = f.home().join(".config/zellij/plugins/ring.wasm");
    std::fs::create_dir_all(plugin.parent().expect("parent")).expect("mkdir");
    std::fs::write(&plugin, b"\0asm").expect("write");
}
fn zellij_without_layout(f: &mut Fixture) {
    zellij_installed(f);
    std::fs::remove_file(f.home().join(".config/zellij/layouts/ring.kdl")).expect("rm");
}
fn tmux_loaded_with_a_gone_binary(f: &mut Fixture) {
    f.set("FAKE_TMUX_LOADED", "/gone/ring-tmux");
}
fn no_placeholder(f: &mut Fixture) {
    f.set("FAKE_TMUX_STATUS_RIGHT", "%H:%M");
}
/// `bind a send-prefix` in tmux.conf: ring.tmux left the default key alone.
fn jump_key_taken(f: &mut Fixture) {
    f.set("FAKE_TMUX_KEY_A", "bind-key -T prefix a send-prefix");
}
/// `set -g @ring-jump-key ""`: no jump key wanted, nothing to warn about.
fn jump_key_refused(f: &mut Fixture) {
    f.set("FAKE_TMUX_KEY_A", "bind-key -T prefix a send-prefix");
    f.set("FAKE_TMUX_JUMP_KEY", "\"\"");
}
fn ring_hooks_too(f: &mut Fixture) {
    let mut doc: Value =
        serde_json::from_str(&std::fs::read_to_string(f.settings()).expect("read")).expect("json");
    doc["hooks"]["Stop"]
        .as_array_mut()
        .expect("Stop")
        .push(json!({"hooks": [{"type": "command", "command": "ring hook", "timeout": 600}]}));
    std::fs::write(f.settings(), doc.to_string()).expect("write");
}
fn ring_on_path(f: &mut Fixture) {
    write_exec(&f.bin().join("ring"), FAKE_RING);
}

#[rstest]
#[case::no_binary_on_path(
    no_binary_on_path,
    1,
    at("✗", "doctor-binary-missing", &[]),
    Some("scripts/install.sh".to_owned())
)]
#[case::hooks_not_installed(
    hooks_not_installed,
    1,
    at("✗", "doctor-hooks-none", &[("agent", "Claude Code")]),
    Some("ring-tmux install-hooks".to_owned())
)]
#[case::hook_missing_on_one_event(
    hook_missing_on_one_event,
    1,
    at("✗", "doctor-hooks-missing", &[("events", "Stop")]),
    Some("ring-tmux install-hooks".to_owned())
)]
#[case::hook_binary_gone(
    hook_binary_gone,
    1,
    at(
        "✗",
        "doctor-hooks-bad-program",
        &[("agent", "Claude Code"), ("program", "/gone/ring-tmux")]
    ),
    Some("ring-tmux install-hooks".to_owned())
)]
#[case::settings_not_json(
    settings_not_json,
    1,
    pieces("install-not-json", &[("line", "1"), ("column", "10")]),
    Some(tail("doctor-hooks-unparsed-fix"))
)]
#[case::codex_without_hooks(
    codex_without_hooks,
    1,
    at("✗", "doctor-hooks-none", &[("agent", "Codex")]),
    Some("ring-tmux install-hooks".to_owned())
)]
#[case::codex_hooks_untrusted(
    codex_hooks_untrusted,
    1,
    with_piece(
        at("✗", "doctor-codex-untrusted", &[]),
        1,
        "PreToolUse, PermissionRequest"
    ),
    Some("Trust all and continue".to_owned())
)]
#[case::ring_folder_is_a_file(
    ring_folder_is_a_file,
    1,
    at("", "doctor-folder-not-a-folder", &[]),
    Some(".old".to_owned())
)]
#[case::ring_folder_not_writable(
    ring_folder_not_writable,
    1,
    at("", "doctor-folder-not-writable", &[]),
    Some("chmod 700 ".to_owned())
)]
#[case::sessions_folder_not_writable(
    sessions_folder_not_writable,
    1,
    at("", "doctor-folder-not-writable", &[]),
    Some("chmod 700 ".to_owned())
)]
#[case::ring_folder_open(
    ring_folder_open,
    1,
    at("", "doctor-folder-open", &[("mode", "0755")]),
    Some("chmod 700 ".to_owned())
)]
#[case::ring_folder_writable_by_others(
    ring_folder_writable_by_others,
    1,
    at(
        "",
        "doctor-folder-unsafe",
        &[("why", &tr("err-store-writable", &[("mode", "0777")]))]
    ),
    Some("chmod 700 ".to_owned())
)]
#[case::ring_folder_of_another_user(
    ring_folder_of_another_user,
    1,
    with_piece(
        at("", "doctor-folder-unsafe", &[]),
        2,
        &pieces("err-store-other-owner", &[("uid", "65534")])[0]
    ),
    Some("sudo chown \"$(id -u)\" ".to_owned())
)]
#[case::row_open(
    row_open,
    1,
    at("!", "doctor-rows-open", &[("open", "1"), ("rows", "1")]),
    Some("chmod 600 ".to_owned())
)]
#[case::corrupt_row(
    corrupt_row,
    1,
    at("!", "doctor-rows-corrupt", &[("count", "1")]),
    Some("ring-tmux gc".to_owned())
)]
#[case::claude_not_installed(
    claude_not_installed,
    0,
    at("·", "doctor-agent-absent", &[("agent", "Claude Code")]),
    Some(tr("doctor-agent-absent-fix", &[("agent", "Claude Code")]))
)]
#[case::tmux_missing(
    tmux_missing,
    0,
    at("·", "doctor-tmux-absent", &[]),
    Some(tr("doctor-tmux-absent-fix", &[]))
)]
#[case::tmux_too_old(
    tmux_too_old,
    1,
    at("✗", "doctor-tmux-old", &[("version", "tmux 2.9a")]),
    Some(tr("doctor-tmux-old-fix", &[]))
)]
#[case::tmux_not_loaded(
    tmux_not_loaded,
    1,
    at("!", "doctor-tmux-not-loaded", &[]),
    Some(tail("doctor-tmux-not-loaded-fix"))
)]
#[case::tmux_not_running(
    tmux_not_running,
    0,
    at("·", "doctor-tmux-no-server", &[]),
    None
)]
#[case::zellij_not_installed(
    zellij_not_installed,
    0,
    at("·", "doctor-zellij-absent", &[]),
    None
)]
#[case::zellij_without_plugin(
    zellij_without_plugin,
    0,
    at("·", "doctor-zellij-no-plugin", &[]),
    Some("ring-tmux install-zellij".to_owned())
)]
#[case::zellij_without_permissions(
    zellij_without_permissions,
    1,
    at("!", "doctor-zellij-permissions", &[]),
    Some("ring-tmux install-zellij".to_owned())
)]
#[case::zellij_without_layout(
    zellij_without_layout,
    1,
    at("!", "doctor-zellij-no-layout", &[]),
    Some("ring-tmux install-zellij".to_owned())
)]
#[case::tmux_loaded_with_a_gone_binary(
    tmux_loaded_with_a_gone_binary,
    1,
    at("!", "doctor-tmux-bad-binary", &[("path", "/gone/ring-tmux")]),
    Some("tmux source-file ~/.tmux.conf".to_owned())
)]
#[case::no_placeholder(
    no_placeholder,
    1,
    at("!", "doctor-tmux-nowhere", &[]),
    Some("set -g status-right '#{ring_status} %H:%M'".to_owned())
)]
#[case::jump_key_taken(
    jump_key_taken,
    1,
    at(
        "!",
        "doctor-jump-key-taken",
        &[("binding", "bind-key -T prefix a send-prefix")]
    ),
    Some("set -g @ring-jump-key j".to_owned())
)]
#[case::jump_key_refused(
    jump_key_refused,
    0,
    at("✓", "doctor-tmux-loaded", &[]),
    None
)]
#[case::ring_hooks_too(
    ring_hooks_too,
    1,
    at("!", "doctor-hooks-ring-cli", &[]),
    Some("ring-tmux install-hooks --replace-ring".to_owned())
)]
#[case::ring_on_path(
    ring_on_path,
    0,
    at("·", "doctor-ring-cli", &[]),
    None
)]
fn each_problem_is_reported_with_its_fix(
    #[case] break_it: fn(&mut Fixture),
    #[case] code: i32,
    #[case] line: Vec<String>,
    #[case] fix: Option<String>,
) {
    let mut f = Fixture::good();
    break_it(&mut f);
    let (got, text) = f.doctor();
    // Let the temporary folder go even when a case took the write bit away.
    for dir in [f.ring(), f.ring().join("sessions")] {
        if dir.is_dir() {
            set_mode(&dir, 0o700);
        }
    }
    assert_eq!(got, code, "{text}");
    let summary = text.lines().last().unwrap_or("");
    if code == 0 {
        assert_eq!(summary, tr("doctor-all-good", &[]), "{text}");
    } else {
        assert!(holds(summary, &pieces("doctor-problems", &[])), "{text}");
    }
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| holds(l, &line))
        .unwrap_or_else(|| panic!("no line with {line:?} in\n{text}"));
    // A problem says how to fix it; information about an absent part, how to add it.
    let label = if lines[at].starts_with('·') {
        format!("    {}", tr("doctor-to-add", &[("fix", "")]))
    } else {
        format!("    {}", tr("doctor-fix", &[("fix", "")]))
    };
    match fix {
        Some(fix) => {
            let next = lines.get(at + 1).copied().unwrap_or("");
            assert!(
                next.starts_with(&label) && next.contains(&fix),
                "{label:?}{fix:?} not under {line:?}:\n{text}"
            );
        }
        None => assert!(
            !lines.get(at + 1).is_some_and(|l| l.starts_with("    ")),
            "{text}"
        ),
    }
}

/// The pieces of `key`'s text, the first after `marker` (`✗`, `!`, `·`, `✓`; none: "").
fn at(marker: &str, key: &str, args: &[(&str, &str)]) -> Vec<String> {
    let mut pieces = pieces(key, args);
    if !marker.is_empty() {
        pieces[0] = format!("{marker} {}", pieces[0]);
    }
    pieces
}

/// `pieces` with a language-neutral `piece` (an event list, a system's words) at `index`.
fn with_piece(mut pieces: Vec<String>, index: usize, piece: &str) -> Vec<String> {
    pieces.insert(index, piece.to_owned());
    pieces
}

/// The text of `key` after its last argument (a fix that quotes a path or a line).
fn tail(key: &str) -> String {
    pieces(key, &[]).pop().unwrap_or_default()
}

/// zellij set up by the real `install-zellij`: plugin, layout and grants all pass.
fn zellij_installed(f: &mut Fixture) {
    write_exec(&f.bin().join("zellij"), FAKE_ZELLIJ);
    let wasm = f.dir.path().join("ring-plugin.wasm");
    std::fs::write(&wasm, b"\0asm\x01\0\0\0").expect("wasm");
    f.ring_tmux(&["install-zellij", "--plugin", &wasm.to_string_lossy()])
        .success();
}

#[test]
fn zellij_installed_by_install_zellij_passes() {
    let mut f = Fixture::good();
    zellij_installed(&mut f);
    let (code, text) = f.doctor();
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("✓ zellij 0.45.1"), "{text}");
    let plugin = at("✓", "doctor-zellij-plugin", &[]);
    assert!(text.lines().any(|l| holds(l, &plugin)), "{text}");
    assert!(text.contains(&tr("doctor-all-good", &[])), "{text}");
}

#[test]
fn doctor_changes_nothing() {
    let mut f = Fixture::good();
    corrupt_row(&mut f);
    ring_folder_open(&mut f);
    let before = std::fs::read(f.settings()).expect("read");
    f.doctor();
    assert_eq!(std::fs::read(f.settings()).expect("read"), before);
    assert!(f.ring().join("sessions/broken.json").exists());
    let mode = std::fs::metadata(f.ring())
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o755);
}

/// With a real tmux server on a private socket folder: loading the repository's `ring.tmux`
/// is what makes doctor report it loaded.
#[test]
fn doctor_sees_the_real_ring_tmux_loaded_in_a_real_server() {
    let Some(tmux) = [
        "/usr/bin/tmux",
        "/usr/local/bin/tmux",
        "/opt/homebrew/bin/tmux",
    ]
    .into_iter()
    .map(PathBuf::from)
    .find(|p| p.exists()) else {
        // scripts/ci.sh sets RING_E2E_REQUIRED=1: there a missing tmux fails instead.
        assert!(
            std::env::var_os("RING_E2E_REQUIRED").is_none_or(|v| v != "1"),
            "RING_E2E_REQUIRED=1 but tmux is not installed"
        );
        eprintln!("tmux is not installed: skipped");
        return;
    };
    let ring_tmux = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ring.tmux");
    let f = Fixture::good();
    std::fs::remove_file(f.bin().join("tmux")).expect("rm");
    std::os::unix::fs::symlink(&tmux, f.bin().join("tmux")).expect("symlink");
    let path = format!("{}:/usr/local/bin:/usr/bin:/bin", f.bin().display());
    let server = |args: &[&str]| {
        std::process::Command::new(&tmux)
            .args(args)
            .env("TMUX_TMPDIR", f.dir.path())
            .env("HOME", f.home())
            .env("PATH", &path)
            .env_remove("TMUX")
            .status()
            .expect("tmux")
    };
    assert!(server(&["-f", "/dev/null", "new-session", "-d", "-s", "doctor"]).success());
    let (_, unloaded) = f.doctor();
    let loaded_ok = server(&["run-shell", &ring_tmux.to_string_lossy()]).success();
    let (_, loaded) = f.doctor();
    server(&["kill-server"]);
    assert!(loaded_ok, "ring.tmux failed");
    assert!(
        unloaded.contains(&format!("! {}", tr("doctor-tmux-not-loaded", &[]))),
        "{unloaded}"
    );
    assert!(
        loaded.contains(&format!("✓ {}", tr("doctor-tmux-loaded", &[]))),
        "{loaded}"
    );
}

/// Codex runs ring's hooks once the user trusted them: doctor reads the `trusted_hash` Codex
/// wrote in `~/.codex/config.toml` for each of ring's entries (key and hash as Codex 0.169
/// computes them, checked against its own dialog in ring-tmux's unit tests).
#[test]
fn codex_hooks_trusted_in_config_toml_pass() {
    let f = Fixture::good();
    std::fs::create_dir_all(f.home().join(".codex")).expect("mkdir");
    f.ring_tmux(&["install-hooks", "--yes"]).success();
    let hooks_json = f.home().join(".codex/hooks.json");
    let doc: Value =
        serde_json::from_slice(&std::fs::read(&hooks_json).expect("hooks.json")).expect("json");
    let entries = ring_tmux::testing::codex_trust::our_entries(
        &doc,
        &hooks_json.to_string_lossy(),
        &ring_tmux::testing::merge::CODEX_EVENTS,
    );
    assert_eq!(entries.len(), 8);
    let mut toml = String::from("model = \"m\"\n\n[hooks.state]\n");
    for entry in &entries[..7] {
        toml.push_str(&format!(
            "\n[hooks.state.\"{}\"]\ntrusted_hash = \"{}\"\n",
            entry.key, entry.hash
        ));
    }
    std::fs::write(f.home().join(".codex/config.toml"), &toml).expect("config");
    let (code, out) = f.doctor();
    assert_eq!(code, 1, "{out}");
    let untrusted = pieces(
        "doctor-codex-untrusted",
        &[("events", "SessionEnd"), ("untrusted", "1"), ("count", "8")],
    )
    .remove(0);
    assert!(out.contains(&untrusted), "{out}");
    let last = &entries[7];
    toml.push_str(&format!(
        "\n[hooks.state.\"{}\"]\ntrusted_hash = \"{}\"\n",
        last.key, last.hash
    ));
    std::fs::write(f.home().join(".codex/config.toml"), &toml).expect("config");
    let (code, out) = f.doctor();
    assert!(
        out.contains(&format!(
            "✓ {}",
            tr("doctor-codex-trusted", &[("count", "8")])
        )),
        "{out}"
    );
    assert_eq!(code, 0, "{out}");
}

/// The tmux on this machine, for the tests that drive a real server; `None` (skip) when
/// there is none, except under `RING_E2E_REQUIRED=1`.
fn real_tmux() -> Option<PathBuf> {
    let found = [
        "/usr/bin/tmux",
        "/usr/local/bin/tmux",
        "/opt/homebrew/bin/tmux",
    ]
    .into_iter()
    .map(PathBuf::from)
    .find(|p| p.exists());
    if found.is_none() {
        assert!(
            std::env::var_os("RING_E2E_REQUIRED").is_none_or(|v| v != "1"),
            "RING_E2E_REQUIRED=1 but tmux is not installed"
        );
        eprintln!("tmux is not installed: skipped");
    }
    found
}

/// A real tmux server on the fixture's private socket folder (`TMUX_TMPDIR`, as doctor
/// gets it), killed by that socket when dropped.
struct RealServer<'a> {
    tmux: PathBuf,
    f: &'a Fixture,
}

impl RealServer<'_> {
    fn start(f: &Fixture, tmux: PathBuf) -> RealServer<'_> {
        std::fs::remove_file(f.bin().join("tmux")).expect("rm");
        std::os::unix::fs::symlink(&tmux, f.bin().join("tmux")).expect("symlink");
        let server = RealServer { tmux, f };
        server.run(&["-f", "/dev/null", "new-session", "-d", "-s", "doctor"]);
        server
    }

    fn run(&self, args: &[&str]) -> String {
        let path = format!("{}:/usr/local/bin:/usr/bin:/bin", self.f.bin().display());
        let out = std::process::Command::new(&self.tmux)
            .args(args)
            .env("TMUX_TMPDIR", self.f.dir.path())
            .env("HOME", self.f.home())
            .env("PATH", &path)
            .env_remove("TMUX")
            .output()
            .expect("tmux");
        assert!(out.status.success(), "tmux {args:?}: {out:?}");
        String::from_utf8_lossy(&out.stdout).trim_end().to_owned()
    }
}

impl RealServer<'_> {
    /// What ring.tmux leaves that doctor reads: `@ring_loaded` and the jump key.
    fn loaded_by_ring_tmux(&self) {
        self.run(&[
            "set-option",
            "-g",
            "@ring_loaded",
            &binary().to_string_lossy(),
        ]);
        self.run(&[
            "bind-key",
            "-T",
            "prefix",
            "a",
            "run-shell",
            "-b",
            "/bin/ring-tmux jump --client x",
        ]);
    }
}

impl Drop for RealServer<'_> {
    fn drop(&mut self) {
        let _ = std::process::Command::new(&self.tmux)
            .arg("kill-server")
            .env("TMUX_TMPDIR", self.f.dir.path())
            .env_remove("TMUX")
            .output();
    }
}

/// ring.tmux's status job as a loaded server holds it (what doctor counts as shown).
const LOADED_STATUS: &str = "#(/bin/ring-tmux status --socket x) %H:%M";

/// `#{ring_status}` left in status-right (set after a ring.tmux that did not replace it: one
/// without the after-set-option hook): tmux draws nothing there while doctor said "loaded".
#[test]
fn doctor_warns_about_a_placeholder_ring_tmux_never_replaced() {
    let Some(tmux) = real_tmux() else { return };
    let f = Fixture::good();
    let server = RealServer::start(&f, tmux);
    server.loaded_by_ring_tmux();
    server.run(&["set-option", "-g", "status-right", LOADED_STATUS]);
    let (code, text) = f.doctor();
    assert_eq!(code, 0, "{text}");
    let left_over = pieces("doctor-tmux-left", &[]);
    assert!(!text.lines().any(|l| holds(l, &left_over)), "{text}");

    server.run(&["set-option", "-g", "status-right", "#{ring_status} %H:%M"]);
    server.run(&[
        "set-option",
        "-g",
        "window-status-format",
        "#I #{ring_badge}",
    ]);
    let (code, text) = f.doctor();
    assert_eq!(code, 1, "{text}");
    let in_option = |placeholders: &str, option: &str| {
        tr(
            "doctor-tmux-left-in",
            &[("placeholders", placeholders), ("option", option)],
        )
    };
    let left = format!(
        "{}; {}",
        in_option("#{ring_status}", "status-right"),
        in_option("#{ring_badge}", "window-status-format")
    );
    assert!(
        text.contains(&format!("! {}", tr("doctor-tmux-left", &[("left", &left)]))),
        "{text}"
    );
    let fix = tr("doctor-fix", &[("fix", "tmux run-shell ")]);
    assert!(text.contains(&format!("    {fix}")), "{text}");
}

/// catppuccin v2's `ring` module used in status-right but never defined (ring.conf linked
/// into catppuccin's status/ folder, which catppuccin v2 does not read): doctor says so.
/// Sourcing `catppuccin/ring.conf` after catppuccin loaded defines it: here a stand-in of
/// catppuccin v2's module mechanism (its `utils/status_module.conf` builds
/// `@catppuccin_status_NAME` from `@catppuccin_NAME_text`; the real theme is not vendored),
/// found where TPM installs catppuccin (`$TMUX_PLUGIN_MANAGER_PATH/tmux`).
#[test]
fn doctor_checks_that_catppuccins_ring_module_resolves() {
    let Some(tmux) = real_tmux() else { return };
    let f = Fixture::good();
    let server = RealServer::start(&f, tmux);
    server.loaded_by_ring_tmux();
    server.run(&[
        "set-option",
        "-g",
        "status-right",
        "#{E:@catppuccin_status_ring}",
    ]);
    let (code, text) = f.doctor();
    assert_eq!(code, 1, "{text}");
    let undefined = format!("! {}", tr("doctor-catppuccin-undefined", &[]));
    assert!(text.contains(&undefined), "{text}");
    assert!(text.contains("catppuccin/ring.conf"), "{text}");

    let plugins = f.dir.path().join("plugins");
    let utils = plugins.join("tmux/utils");
    std::fs::create_dir_all(&utils).expect("mkdir");
    std::fs::write(
        utils.join("status_module.conf"),
        "set -gF \"@catppuccin_status_${MODULE_NAME}\" \
         \"#[fg=#{@catppuccin_${MODULE_NAME}_color}]#{@catppuccin_${MODULE_NAME}_icon}\"\n\
         set -ag \"@catppuccin_status_${MODULE_NAME}\" \"#{E:@catppuccin_${MODULE_NAME}_text}\"\n",
    )
    .expect("stand-in");
    server.run(&["set-option", "-g", "@thm_peach", "#fab387"]);
    server.run(&[
        "set-environment",
        "-g",
        "TMUX_PLUGIN_MANAGER_PATH",
        &format!("{}/", plugins.display()),
    ]);
    let conf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../catppuccin/ring.conf");
    server.run(&["source-file", &conf.to_string_lossy()]);
    // The README's line: the module's text is ring's placeholder, for ring.tmux to replace.
    server.run(&["set-option", "-g", "status-right", ""]);
    server.run(&[
        "set-option",
        "-agF",
        "status-right",
        "#{E:@catppuccin_status_ring}",
    ]);
    assert_eq!(
        server.run(&["show-options", "-gv", "status-right"]),
        "#[fg=#fab387]\u{f009e}  #{ring_status}"
    );
    server.run(&[
        "set-option",
        "-g",
        "status-right",
        "#{E:@catppuccin_status_ring}",
    ]);
    let (_, text) = f.doctor();
    assert!(!text.contains(&undefined), "{text}");
}

/// Whether a line a person reads was written in Chinese: it holds a CJK character, or it is
/// one of the texts that stay as they are in every language (a program's version line, a
/// command to run).
pub(crate) fn reads_as_chinese(text: &str) -> bool {
    let cjk = |c: char| matches!(c, '\u{3000}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}');
    if text.chars().any(cjk) {
        return true;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let version = words.len() == 2 && matches!(words[0], "tmux" | "zellij");
    let command = matches!(
        words.first().copied(),
        Some("ring-tmux" | "tmux" | "chmod" | "chown" | "sudo" | "rm" | "mv")
    );
    version || command
}

/// Issue 26: doctor speaks the person's language in every finding and every fix, good setup
/// or broken; only commands and program versions stay as they are.
#[rstest]
#[case::good(|_: &mut Fixture| {})]
#[case::no_binary_on_path(no_binary_on_path)]
#[case::hooks_not_installed(hooks_not_installed)]
#[case::hook_missing_on_one_event(hook_missing_on_one_event)]
#[case::hook_binary_gone(hook_binary_gone)]
#[case::codex_hooks_untrusted(codex_hooks_untrusted)]
#[case::ring_folder_is_a_file(ring_folder_is_a_file)]
#[case::ring_folder_open(ring_folder_open)]
#[case::row_open(row_open)]
#[case::corrupt_row(corrupt_row)]
#[case::claude_not_installed(claude_not_installed)]
#[case::tmux_missing(tmux_missing)]
#[case::tmux_too_old(tmux_too_old)]
#[case::tmux_not_loaded(tmux_not_loaded)]
#[case::tmux_not_running(tmux_not_running)]
#[case::zellij_without_plugin(zellij_without_plugin)]
#[case::zellij_without_permissions(zellij_without_permissions)]
#[case::zellij_without_layout(zellij_without_layout)]
#[case::tmux_loaded_with_a_gone_binary(tmux_loaded_with_a_gone_binary)]
#[case::no_placeholder(no_placeholder)]
#[case::jump_key_taken(jump_key_taken)]
#[case::ring_hooks_too(ring_hooks_too)]
#[case::ring_on_path(ring_on_path)]
fn doctor_speaks_chinese_in_every_line(#[case] break_it: fn(&mut Fixture)) {
    let mut f = Fixture::good();
    break_it(&mut f);
    f.set("RING_LANG", "zh-Hant");
    let (_, text) = f.doctor();
    for dir in [f.ring(), f.ring().join("sessions")] {
        if dir.is_dir() {
            set_mode(&dir, 0o700);
        }
    }
    for line in text.lines().filter(|l| !l.is_empty()) {
        let said = match line.strip_prefix("    ") {
            Some(fix) => {
                let (label, fix) = fix.split_once('：').unwrap_or_else(|| {
                    panic!("a fix line without a Chinese label: {line:?} in\n{text}")
                });
                assert!(
                    matches!(label, "修正" | "要加上的話"),
                    "{line:?} in\n{text}"
                );
                fix
            }
            None => line.trim_start_matches(['✓', '·', '!', '✗']).trim_start(),
        };
        assert!(
            reads_as_chinese(said),
            "English left in doctor's Chinese report: {line:?} in\n{text}"
        );
    }
}
