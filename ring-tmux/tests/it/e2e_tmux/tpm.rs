//! Installing through TPM, to the end: a tmux.conf that loads ring the way TPM does, from a
//! `git clone` of this repository in `~/.tmux/plugins/ring/`, with no ring-tmux anywhere and
//! `CARGO_TARGET_DIR` set (cargo builds outside the plugin's folder).
//!
//! TPM itself cannot be cloned here (no network): the test mimics its loader, which runs
//! `run-shell ~/.tmux/plugins/<name>/<file>.tmux` for each `*.tmux` file of each plugin
//! folder, in a real tmux on a private socket. `cargo` is a stand-in on the server's PATH:
//! a release build of ring-tmux takes minutes on CI's two cores, so the stand-in logs how it
//! was called, fails while `cargo-fail` exists, answers `cargo metadata` with the target
//! folder cargo would use (`CARGO_TARGET_DIR`), and otherwise puts this test build of
//! ring-tmux where `cargo build --release [--target T]` puts it; it builds nothing else (the
//! web page's module, wasm-bindgen-cli: scripts/install.sh goes on without them).
//! Everything else is real: ring.tmux, scripts/install.sh, its background build and reload,
//! the messages, the hooks hint, the hook and the badges.

use super::world::{self, BIN, Server, World, payload, poll, pushes_settled, until_contains};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// A background build, its reload of ring.tmux and its messages.
const BUILD_WITHIN: Duration = Duration::from_secs(60);

const CARGO_STAND_IN: &str = r#"#!/bin/sh
# Stands in for cargo (see tpm.rs).
printf '%s | %s\n' "$PWD" "$*" >>"$RING_TEST_DIR/cargo-calls"
target="${CARGO_TARGET_DIR:-$PWD/target}"
case "$1" in
metadata)
  printf '{"packages":[],"target_directory":"%s","version":1}\n' "$target"
  exit 0
  ;;
build) ;;
*) echo "the stand-in does not $1" >&2; exit 101 ;;
esac
case " $* " in
*" -p ring-tmux "*) ;;
*) echo "the stand-in builds only ring-tmux" >&2; exit 101 ;;
esac
if [ -e "$RING_TEST_DIR/cargo-fail" ]; then
  echo "error[E0463]: can't find crate for \`core\` (the stand-in was told to fail)" >&2
  exit 101
fi
triple=""
while [ $# -gt 0 ]; do
  [ "$1" = --target ] && triple="$2/"
  shift
done
mkdir -p "$target/${triple}release" && cp "$RING_TEST_BIN" "$target/${triple}release/ring-tmux"
echo "    Finished \`release\` profile [optimized] target(s)"
"#;

/// The most columns a message of ring.tmux may take in the status line: tmux's default
/// `status-right-length` is 40, and a clock (` %H:%M`) often follows.
const STATUS_COLUMNS: usize = 32;

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn option(server: &Server, name: &str) -> String {
    server.run(&["show-options", "-gqv", name])
}

/// The stand-in's `cargo build … -p ring-tmux …` calls.
fn ring_tmux_builds(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("cargo-calls"))
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains("| build ") && l.contains(" -p ring-tmux"))
        .map(str::to_owned)
        .collect()
}

/// What `status` shows of `@ring_status` while there is no binary: a short line.
fn assert_fits(message: &str) {
    let columns = message.chars().count();
    assert!(
        columns <= STATUS_COLUMNS,
        "{message:?} takes {columns} columns; tmux cuts status-right at 40"
    );
}

/// The hook command `install-hooks` wrote for Claude Code's `event`, run as Claude runs it
/// (`sh -c`) in `pane`, with the payload on stdin.
fn run_installed_hook(w: &World, event: &str, pane: &str, payload: &serde_json::Value) {
    let settings = w.home().join(".claude/settings.json");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&settings).expect("settings.json"))
            .expect("json");
    let command = doc["hooks"][event][0]["hooks"][0]["command"]
        .as_str()
        .expect("a hook command")
        .to_owned();
    let mut c = Command::new("sh");
    c.args(["-c", &command]);
    for (k, v) in World::env(w.dir.path()) {
        c.env(k, v);
    }
    c.env("TMUX", w.server.tmux_env()).env("TMUX_PANE", pane);
    let mut child = c.stdin(Stdio::piped()).spawn().expect("hook runs");
    std::io::Write::write_all(
        &mut child.stdin.take().expect("stdin"),
        payload.to_string().as_bytes(),
    )
    .expect("payload");
    assert!(child.wait().expect("hook exits").success(), "{command}");
    pushes_settled(Duration::from_secs(3));
}

#[test]
fn tpm_install_builds_reports_a_failure_retries_rebuilds_and_ends_with_badges() {
    if !world::tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let home = dir.path().join("home");
    std::fs::create_dir_all(home.join(".claude")).expect("home");
    std::fs::write(
        dir.path().join("procs.json"),
        r#"{"claude-code": [], "codex": []}"#,
    )
    .expect("procs");
    // TPM's install step: a clone of the plugin's repository.
    let repo = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let plugins = home.join(".tmux/plugins");
    std::fs::create_dir_all(&plugins).expect("plugins");
    git(
        &plugins,
        &["clone", "--quiet", &repo.to_string_lossy(), "ring"],
    );
    let clone = plugins.join("ring");
    // Where the hooks run ring-tmux from: outside the plugin's folder.
    let installed = home.join(".local/bin/ring-tmux");
    let log = clone.join("target/ring-tmux-build.log");
    let cargo_target = dir.path().join("cargo-target");

    let stand_in = dir.path().join("stand-in");
    std::fs::create_dir_all(&stand_in).expect("stand-in dir");
    let cargo = stand_in.join("cargo");
    std::fs::write(&cargo, CARGO_STAND_IN).expect("cargo stand-in");
    std::fs::set_permissions(&cargo, std::os::unix::fs::PermissionsExt::from_mode(0o755))
        .expect("chmod");
    std::fs::write(dir.path().join("cargo-fail"), "").expect("fail switch");

    let mut env = World::env(dir.path());
    for (k, v) in &mut env {
        if *k == "PATH" {
            *v = format!("{}:{v}", stand_in.display());
        }
    }
    let s = |p: &Path| p.to_string_lossy().into_owned();
    env.push(("RING_TEST_DIR", s(dir.path())));
    env.push(("RING_TEST_BIN", BIN.to_owned()));
    env.push(("CARGO_TARGET_DIR", s(&cargo_target)));
    let server = Server::start(&env, None);
    let conf = dir.path().join("tmux.conf");
    let load = format!("run-shell '{}'", clone.join("ring.tmux").display());
    std::fs::write(
        &conf,
        format!(
            "set -g status-right '#{{ring_status}} END'\n\
             set -g window-status-format '#I:#W#{{ring_badge}}'\n\
             set -g @plugin 'ring-status/ring'\n\
             # What TPM's `run '~/.tmux/plugins/tpm/tpm'` does for this plugin:\n\
             {load}\n"
        ),
    )
    .expect("tmux.conf");
    server.run(&["source-file", &s(&conf)]);

    // 1. The first build fails: the status line says so in a few columns, the message (in
    //    `prefix ~` and @ring_hint) names the log and the retry.
    let failed = until_contains(BUILD_WITHIN, "failed", || option(&server, "@ring_status"));
    assert_fits(&failed);
    let status = server.show("t", "#{E:status-right}");
    assert!(
        status.contains(&failed),
        "the status line shows it: {status}"
    );
    let hint = option(&server, "@ring_hint");
    assert!(
        hint.contains("building ring-tmux failed") && hint.contains(&s(&log)),
        "{hint}"
    );
    // tmux loads its config before a client attaches: the message is shown again to each
    // client that attaches (and so is in its `prefix ~`).
    let on_attach = server.run(&["show-hooks", "-g", "client-attached"]);
    assert!(
        on_attach.contains("display-message") && on_attach.contains(&s(&log)),
        "{on_attach}"
    );
    let logged = std::fs::read_to_string(&log).expect("build log");
    assert!(logged.contains("the stand-in was told to fail"), "{logged}");
    assert_eq!(option(&server, "@ring_loaded"), "", "nothing loaded yet");
    // install.sh's builds (a static one first, then the ordinary one when that fails), from
    // the plugin's folder.
    let calls = ring_tmux_builds(dir.path());
    assert!(!calls.is_empty(), "no build");
    assert!(
        calls
            .iter()
            .all(|c| c.starts_with(&s(&clone))
                && c.contains("build --release --locked -p ring-tmux")),
        "{calls:?}"
    );

    // 2. The retry the message names: the build now works, the binary is installed outside
    //    the plugin's folder (cargo put it under CARGO_TARGET_DIR), ring loads with it and
    //    says how to install the hooks.
    std::fs::remove_file(dir.path().join("cargo-fail")).expect("fail switch off");
    assert!(hint.contains(&load), "the retry command is named: {hint}");
    server.run(&["run-shell", &s(&clone.join("ring.tmux"))]);
    let loaded = poll(BUILD_WITHIN, || {
        Some(option(&server, "@ring_loaded")).filter(|l| !l.is_empty())
    })
    .unwrap_or_else(|| {
        panic!(
            "ring.tmux loaded after the build; log: {}",
            std::fs::read_to_string(&log).unwrap_or_default()
        )
    });
    assert_eq!(loaded, s(&installed));
    assert!(
        !clone.join("target/release/ring-tmux").exists(),
        "built into CARGO_TARGET_DIR, not the plugin's target/"
    );
    let hint = until_contains(BUILD_WITHIN, "install-hooks", || {
        option(&server, "@ring_hint")
    });
    assert!(
        hint.contains(&format!("{} install-hooks", s(&installed))),
        "{hint}"
    );
    // The placeholder became #{E:@ring_status} while there was no binary; that is now the
    // status job of the installed binary.
    assert!(
        option(&server, "status-right").contains("#{E:@ring_status}"),
        "{}",
        option(&server, "status-right")
    );
    let job = option(&server, "@ring_status");
    assert!(
        job.contains(&format!("{}' status --socket ", s(&installed))),
        "{job}"
    );

    // 3. The hooks, installed as the hint says, survive TPM cleaning the plugin's folder: a
    //    hook event shows on the window.
    let out = Command::new(&installed)
        .args(["install-hooks", "--yes"])
        .env("HOME", &home)
        .env("PATH", "")
        .output()
        .expect("install-hooks");
    assert!(out.status.success(), "{out:?}");
    let w = World {
        dir,
        server,
        outer: None,
    };
    let moved = w.dir.path().join("cleaned");
    std::fs::rename(&clone, &moved).expect("TPM clean");
    let tty = w.server.pane_tty("%0");
    let project = w.project("web");
    w.alive(&[(&project, &tty)]);
    run_installed_hook(
        &w,
        "Notification",
        "%0",
        &payload::waiting("s-web", &project, &tty),
    );
    assert_eq!(
        until_contains(Duration::from_secs(2), "\u{1F534}", || w
            .server
            .window_badge("t:0")),
        "\u{1F534}"
    );
    std::fs::rename(&moved, &clone).expect("TPM install again");

    // 4. TPM's update (a pull that changes the version): loading again rebuilds.
    let toml = clone.join("Cargo.toml");
    let text = std::fs::read_to_string(&toml).expect("Cargo.toml");
    let bumped = text.replacen("\nversion = \"", "\nversion = \"9", 1);
    assert_ne!(bumped, text, "a version line in Cargo.toml");
    std::fs::write(&toml, bumped).expect("bump");
    git(&clone, &["commit", "--quiet", "-am", "a newer version"]);
    let before = ring_tmux_builds(w.dir.path()).len();
    w.source_ring_tmux_from(&clone);
    let rebuilt = poll(BUILD_WITHIN, || {
        let state = std::fs::read_to_string(clone.join("target/.ring-tmux-build")).ok()?;
        state.starts_with("built 9").then_some(state)
    });
    assert!(rebuilt.is_some(), "the new version was built");
    let after = ring_tmux_builds(w.dir.path()).len();
    assert!(after > before, "rebuilt without cargo?");
    // Loading again at the same version builds nothing.
    w.source_ring_tmux_from(&clone);
    assert_eq!(ring_tmux_builds(w.dir.path()).len(), after);
}

impl World {
    /// `run-shell CLONE/ring.tmux`, as TPM's loader runs it.
    fn source_ring_tmux_from(&self, clone: &Path) {
        self.server
            .run(&["run-shell", &clone.join("ring.tmux").to_string_lossy()]);
    }
}
