//! `ring-tmux uninstall` on a temp HOME after a real install (issue 25 item 13), and
//! `ring-tmux unhide`, hide's undo (item 12). The real binary, a private HOME and ring folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::lang_support::{holds, pieces, said, tr};

struct Machine {
    dir: tempfile::TempDir,
}

impl Machine {
    fn new() -> Machine {
        let dir = tempfile::tempdir().expect("tempdir");
        for agent in [".claude", ".codex"] {
            std::fs::create_dir_all(dir.path().join("home").join(agent)).expect("agent dir");
        }
        std::fs::write(dir.path().join("procs.json"), "{}").expect("procs");
        Machine { dir }
    }

    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    fn ring_home(&self) -> PathBuf {
        self.home().join(".config/ring")
    }

    /// `program ARGS` with this machine's environment; nothing of the real user's.
    fn run(&self, program: &Path, args: &[&str]) -> Output {
        let mut command = Command::new(program);
        for name in crate::OUTSIDE {
            command.env_remove(name);
        }
        let out = command
            .args(args)
            .env("HOME", self.home())
            .env("RING_HOME", self.ring_home())
            .env("RING_NOW", "1700000000")
            .env("RING_PROCS", self.dir.path().join("procs.json"))
            .env("RING_STDIN_TTY", "")
            .env("RING_AGENT_TTY", "")
            .env("PATH", "/usr/bin:/bin")
            .env("RING_ZELLIJ", "/nonexistent/zellij")
            .env_remove("XDG_DATA_HOME")
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("XDG_CACHE_HOME")
            .env_remove("ZELLIJ_CONFIG_DIR")
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{} {args:?}: {}{}",
            program.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    fn ring(&self, args: &[&str]) -> Output {
        self.run(&assert_cmd::cargo::cargo_bin("ring-tmux"), args)
    }
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn uninstall_removes_what_install_put_and_keeps_the_ring_folder() {
    let m = Machine::new();
    let home = m.home();
    // install.sh's steps, done by the installed copy of the binary.
    let bin = home.join(".local/bin/ring-tmux");
    std::fs::create_dir_all(bin.parent().expect("bin dir")).expect("bin dir");
    std::fs::copy(assert_cmd::cargo::cargo_bin("ring-tmux"), &bin).expect("copy binary");
    m.run(&bin, &["install-hooks", "--yes"]);
    let wasm = m.dir.path().join("ring.wasm");
    std::fs::write(&wasm, b"\0asm\x01\0\0\0").expect("wasm");
    // Another plugin's grant, which must survive byte for byte.
    let permissions = home.join(".cache/zellij/permissions.kdl");
    std::fs::create_dir_all(permissions.parent().expect("cache")).expect("cache");
    let other = "\"zellij:session-manager\" {\n    ReadApplicationState\n}\n";
    std::fs::write(&permissions, other).expect("permissions");
    // The user's zellij config: install-zellij binds the board's key in its keybinds.
    let config = home.join(".config/zellij/config.kdl");
    std::fs::create_dir_all(config.parent().expect("zellij dir")).expect("zellij dir");
    let users = "default_shell \"fish\"\nkeybinds {\n    normal {\n        bind \"Ctrl g\" { SwitchToMode \"locked\"; }\n    }\n}\n";
    std::fs::write(&config, users).expect("config");
    let installed = text(&m.run(
        &bin,
        &["install-zellij", "--plugin", &wasm.to_string_lossy()],
    ));
    let bound = std::fs::read_to_string(&config).expect("config");
    assert!(
        bound.contains("        bind \"Alt r\" {") && bound.contains("mode \"board\""),
        "{bound}"
    );
    assert!(
        bound.contains(&format!("ring_tmux \"{}\"", bin.display())),
        "{bound}"
    );
    let board = pieces("install-zellij-board", &[("key", "Alt r")]);
    assert!(
        installed
            .lines()
            .any(|l| l.starts_with("✓ ") && holds(l, &board)),
        "{installed}"
    );
    m.run(
        &bin,
        &["install-zellij", "--plugin", &wasm.to_string_lossy()],
    );
    assert_eq!(
        std::fs::read_to_string(&config).expect("config"),
        bound,
        "kept as it is on a re-run"
    );
    let data = home.join(".local/share");
    let extras = [
        data.join("bash-completion/completions/ring-tmux"),
        data.join("zsh/site-functions/_ring-tmux"),
        home.join(".config/fish/completions/ring-tmux.fish"),
    ];
    for (file, shell) in extras.iter().zip(["bash", "zsh", "fish"]) {
        std::fs::create_dir_all(file.parent().expect("dir")).expect("dir");
        std::fs::write(file, text(&m.run(&bin, &["completions", shell]))).expect("script");
    }
    let man1 = data.join("man/man1");
    m.run(&bin, &["man", "--dir", &man1.to_string_lossy()]);
    let settings = home.join(".claude/settings.json");
    assert!(
        std::fs::read_to_string(&settings)
            .expect("settings")
            .contains("ring-tmux")
    );
    assert!(
        std::fs::read_to_string(&permissions)
            .expect("grants")
            .contains("ring.wasm")
    );
    assert!(man1.join("ring-tmux.1").is_file() && man1.join("ring-tmux-hide.1").is_file());
    // A session, so the ring folder holds something worth keeping.
    std::fs::write(m.ring_home().join("labels.json"), r#"{"s": "mine"}"#).expect("labels");

    // No terminal and no --yes: nothing is removed.
    let refused = Command::new(&bin)
        .arg("uninstall")
        .env("HOME", &home)
        .env("RING_HOME", m.ring_home())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(refused.status.code(), Some(1));
    assert!(bin.is_file());

    let said = text(&m.run(&bin, &["uninstall", "--yes"]));

    let settings_text = std::fs::read_to_string(&settings).expect("settings");
    assert!(!settings_text.contains("ring-tmux"), "{settings_text}");
    let codex = std::fs::read_to_string(home.join(".codex/hooks.json")).unwrap_or_default();
    assert!(!codex.contains("ring-tmux"), "{codex}");
    for gone in [
        home.join(".config/zellij/plugins/ring.wasm"),
        home.join(".config/zellij/layouts/ring.kdl"),
        man1.join("ring-tmux.1"),
        man1.join("ring-tmux-hide.1"),
        bin.clone(),
    ]
    .iter()
    .chain(&extras)
    {
        assert!(!gone.exists(), "{} is still there:\n{said}", gone.display());
    }
    assert_eq!(
        std::fs::read_to_string(&permissions).expect("grants"),
        other,
        "only ring's grants go"
    );
    assert_eq!(
        std::fs::read_to_string(&config).expect("config"),
        users,
        "only ring's key binding goes"
    );
    assert!(
        m.ring_home().join("labels.json").is_file(),
        "the ring folder is kept"
    );
    let kept = tr(
        "err-uninstall-kept",
        &[("path", &m.ring_home().display().to_string())],
    );
    assert!(said.contains(&kept), "{said}");
    assert!(
        said.contains(&tr(
            "err-uninstall-removed",
            &[("what", &bin.display().to_string())]
        )),
        "{said}"
    );
}

#[test]
fn unhide_shows_a_hidden_session_again() {
    let m = Machine::new();
    for id in ["abc123", "abd456"] {
        let mut hook = Command::new(assert_cmd::cargo::cargo_bin("ring-tmux"));
        for name in crate::OUTSIDE {
            hook.env_remove(name);
        }
        hook.arg("hook")
            .env("HOME", m.home())
            .env("RING_HOME", m.ring_home())
            .env("RING_NOW", "1700000000")
            .env("RING_STDIN_TTY", "")
            .env("RING_AGENT_TTY", "")
            .stdin(Stdio::piped());
        let mut child = hook.spawn().expect("hook");
        use std::io::Write as _;
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(
                format!(
                    r#"{{"session_id": "{id}", "cwd": "/w/app", "hook_event_name": "UserPromptSubmit"}}"#
                )
                .as_bytes(),
            )
            .expect("payload");
        assert!(child.wait().expect("hook").success());
    }
    let ids = |m: &Machine| -> Vec<String> {
        let doc: serde_json::Value =
            serde_json::from_slice(&m.ring(&["json", "--all"]).stdout).expect("json");
        let mut ids: Vec<String> = doc["sessions"]
            .as_array()
            .expect("sessions")
            .iter()
            .filter_map(|s| s["session_id"].as_str().map(str::to_owned))
            .collect();
        ids.sort();
        ids
    };
    m.ring(&["name", "abd456", "reviewer"]);
    m.ring(&["hide", "abd"]);
    m.ring(&["hide", "abc"]);
    assert!(ids(&m).is_empty());
    // By label, then by prefix.
    m.ring(&["unhide", "reviewer"]);
    assert_eq!(ids(&m), ["abd456"]);
    m.ring(&["unhide", "abc"]);
    assert_eq!(ids(&m), ["abc123", "abd456"]);
    // Nothing hidden is left to unhide.
    let mut unhide = Command::new(assert_cmd::cargo::cargo_bin("ring-tmux"));
    for name in crate::OUTSIDE {
        unhide.env_remove(name);
    }
    let out = unhide
        .args(["unhide", "abc"])
        .env("HOME", m.home())
        .env("RING_HOME", m.ring_home())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        said(
            &String::from_utf8_lossy(&out.stderr),
            "err-hidden-none",
            &[("query", "abc")]
        ),
        "{out:?}"
    );
}
