//! Installing through TPM, to the end: a tmux.conf that loads ring the way TPM does, from a
//! `git clone` of this repository in `~/.tmux/plugins/ring/`, with no ring-tmux anywhere.
//!
//! TPM itself cannot be cloned here (no network): the test mimics its loader, which runs
//! `run-shell ~/.tmux/plugins/<name>/<file>.tmux` for each `*.tmux` file of each plugin
//! folder, in a real tmux on a private socket. `cargo` is a stand-in on the server's PATH:
//! a release build of ring-tmux takes minutes on CI's two cores, so the stand-in logs how it
//! was called, fails while `cargo-fail` exists, and otherwise puts this test build of
//! ring-tmux where `cargo build --release` puts it. Everything else is real: ring.tmux, its
//! background build and reload, the messages, the hooks hint, the hook and the badges.

use super::world::{self, BIN, Server, World, payload, poll, until_contains};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A background build, its reload of ring.tmux and its messages.
const BUILD_WITHIN: Duration = Duration::from_secs(20);

const CARGO_STAND_IN: &str = r#"#!/bin/sh
# Stands in for `cargo build --release --locked -p ring-tmux` (see tpm.rs).
printf '%s | %s\n' "$PWD" "$*" >>"$RING_TEST_DIR/cargo-calls"
if [ -e "$RING_TEST_DIR/cargo-fail" ]; then
  echo "error[E0463]: can't find crate for \`core\` (the stand-in was told to fail)" >&2
  exit 101
fi
mkdir -p target/release && cp "$RING_TEST_BIN" target/release/ring-tmux
echo "    Finished \`release\` profile [optimized] target(s)"
"#;

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

fn cargo_calls(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("cargo-calls"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
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
    let built = clone.join("target/release/ring-tmux");
    let log = clone.join("target/ring-tmux-build.log");

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
    let server = Server::start(&env, None);
    let conf = dir.path().join("tmux.conf");
    let load = format!("run-shell '{}'", clone.join("ring.tmux").display());
    std::fs::write(
        &conf,
        format!(
            "set -g status-right '#{{ring_status}} END'\n\
             set -g status-right-length 100\n\
             set -g window-status-format '#I:#W#{{ring_badge}}'\n\
             set -g @plugin 'ring-status/ring'\n\
             # What TPM's `run '~/.tmux/plugins/tpm/tpm'` does for this plugin:\n\
             {load}\n"
        ),
    )
    .expect("tmux.conf");
    server.run(&["source-file", &s(&conf)]);

    // 1. The first build fails: the status says so and names its log.
    let failed = until_contains(BUILD_WITHIN, "failed", || option(&server, "@ring_status"));
    assert!(
        failed.contains("building ring-tmux failed") && failed.contains(&s(&log)),
        "{failed}"
    );
    let status = server.show("t", "#{E:status-right}");
    assert!(
        status.contains(&s(&log)),
        "the status line names the log: {status}"
    );
    let logged = std::fs::read_to_string(&log).expect("build log");
    assert!(logged.contains("the stand-in was told to fail"), "{logged}");
    assert_eq!(option(&server, "@ring_loaded"), "", "nothing loaded yet");
    let calls = cargo_calls(dir.path());
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert!(
        calls[0].starts_with(&s(&clone))
            && calls[0].ends_with("build --release --locked -p ring-tmux"),
        "{calls:?}"
    );

    // 2. The retry the message names: the build now works, ring loads with the built binary
    //    and says how to install the hooks.
    std::fs::remove_file(dir.path().join("cargo-fail")).expect("fail switch off");
    assert!(
        failed.contains(&load),
        "the retry command is named: {failed}"
    );
    server.run(&["run-shell", &s(&clone.join("ring.tmux"))]);
    let loaded = poll(BUILD_WITHIN, || {
        Some(option(&server, "@ring_loaded")).filter(|l| !l.is_empty())
    })
    .expect("ring.tmux loaded after the build");
    assert_eq!(loaded, s(&built));
    let hint = until_contains(BUILD_WITHIN, "install-hooks", || {
        option(&server, "@ring_hint")
    });
    assert!(
        hint.contains(&format!("{} install-hooks", s(&built))),
        "{hint}"
    );
    // The placeholder became #{E:@ring_status} while there was no binary; that is now the
    // status job of the built binary.
    assert!(
        option(&server, "status-right").contains("#{E:@ring_status}"),
        "{}",
        option(&server, "status-right")
    );
    let job = option(&server, "@ring_status");
    assert!(
        job.contains(&format!("{}' status --socket ", s(&built))),
        "{job}"
    );

    // 3. Badges work: a hook event in pane %0 shows on the window.
    let w = World {
        dir,
        server,
        outer: None,
    };
    let tty = w.server.pane_tty("%0");
    let project = w.project("web");
    w.alive(&[(&project, &tty)]);
    w.hook("%0", payload::waiting("s-web", &project, &tty));
    assert_eq!(
        until_contains(Duration::from_secs(2), "\u{1F534}", || w
            .server
            .window_badge("t:0")),
        "\u{1F534}"
    );

    // 4. TPM's update (a pull that changes the version): loading again rebuilds.
    let toml = clone.join("Cargo.toml");
    let text = std::fs::read_to_string(&toml).expect("Cargo.toml");
    let bumped = text.replacen("\nversion = \"", "\nversion = \"9", 1);
    assert_ne!(bumped, text, "a version line in Cargo.toml");
    std::fs::write(&toml, bumped).expect("bump");
    git(&clone, &["commit", "--quiet", "-am", "a newer version"]);
    let before = cargo_calls(w.dir.path()).len();
    w.source_ring_tmux_from(&clone);
    let rebuilt = poll(BUILD_WITHIN, || {
        let state = std::fs::read_to_string(clone.join("target/.ring-tmux-build")).ok()?;
        state.starts_with("built 9").then_some(state)
    });
    assert!(rebuilt.is_some(), "the new version was built");
    assert_eq!(cargo_calls(w.dir.path()).len(), before + 1);
    // Loading again at the same version builds nothing.
    w.source_ring_tmux_from(&clone);
    assert_eq!(cargo_calls(w.dir.path()).len(), before + 1);
}

impl World {
    /// `run-shell CLONE/ring.tmux`, as TPM's loader runs it.
    fn source_ring_tmux_from(&self, clone: &Path) {
        self.server
            .run(&["run-shell", &clone.join("ring.tmux").to_string_lossy()]);
    }
}
