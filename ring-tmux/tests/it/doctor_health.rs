//! Hook health through the real binary on temporary HOMEs: a live agent process (a real
//! process named like the agent, in a project folder) whose hooks never fired, and what
//! `doctor` and `list` say about it for each reason ring can tell.

use assert_cmd::Command;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

use crate::lang_support::{holds, pieces, tr};

struct World {
    dir: tempfile::TempDir,
    agents: Vec<Child>,
}

impl World {
    fn new() -> World {
        let world = World {
            dir: tempfile::tempdir().expect("temp dir"),
            agents: Vec::new(),
        };
        std::fs::create_dir_all(world.home()).expect("home");
        std::fs::create_dir_all(world.project()).expect("project");
        world
    }

    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    fn project(&self) -> PathBuf {
        self.dir.path().join("proj")
    }

    /// Starts a real process whose executable is called `name` (a copy of sleep), in the
    /// project folder: what the `/proc` scan sees of that agent.
    fn run_agent(&mut self, name: &str) -> u32 {
        let bin = self.dir.path().join("bin");
        std::fs::create_dir_all(&bin).expect("bin");
        let exe = bin.join(name);
        if !exe.exists() {
            crate::other_user::copy_executable(Path::new("/bin/sleep"), &exe);
        }
        let child = std::process::Command::new(&exe)
            .arg("120")
            .current_dir(self.project())
            .stdin(Stdio::null())
            .spawn()
            .expect("spawn the agent stand-in");
        let pid = child.id();
        self.agents.push(child);
        pid
    }

    fn ring(&self, args: &[&str], procs: Option<&Path>) -> String {
        let mut cmd = Command::cargo_bin("ring-tmux").expect("binary");
        cmd.args(args)
            .env("HOME", self.home())
            .env_remove("RING_HOME")
            .env_remove("TMUX")
            .write_stdin("");
        match procs {
            Some(file) => cmd.env("RING_PROCS", file),
            None => cmd.env_remove("RING_PROCS"),
        };
        String::from_utf8_lossy(&cmd.output().expect("run").stdout).into_owned()
    }

    fn line_for(&self, doctor: &str, agent: &str) -> String {
        let project = self.project().display().to_string();
        doctor
            .lines()
            .find(|l| {
                let said = pieces(
                    "doctor-health-silent",
                    &[("agent", agent), ("cwd", &project)],
                );
                l.contains(&said[0])
            })
            .unwrap_or_else(|| panic!("no hook-health line for {agent} in:\n{doctor}"))
            .to_owned()
    }
}

impl Drop for World {
    fn drop(&mut self) {
        for child in &mut self.agents {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[test]
fn opencode_alive_without_the_plugin_is_zero_config_information() {
    let mut w = World::new();
    std::fs::create_dir_all(w.home().join(".config/opencode")).expect("mkdir");
    let pid = w.run_agent("opencode");
    let doctor = w.ring(&["doctor"], None);
    let line = w.line_for(&doctor, "OpenCode");
    assert!(line.starts_with('·'), "information, not a problem: {line}");
    let runs = tr("doctor-health-pid", &[("pid", &pid.to_string())]);
    assert!(line.contains(&runs), "{line}");
    assert!(
        line.contains(&tr("doctor-hookstate-not-installed", &[])),
        "{line}"
    );
    let list = w.ring(&["list"], None);
    let footer = pieces("list-silent-hooks", &[]);
    assert!(
        !list.lines().any(|l| holds(l, &footer)),
        "zero-config is no problem in list: {list}"
    );
}

#[test]
fn opencode_alive_with_the_plugin_installed_but_silent() {
    let mut w = World::new();
    std::fs::create_dir_all(w.home().join(".config/opencode")).expect("mkdir");
    w.ring(&["install-hooks", "--yes"], None);
    w.run_agent("opencode");
    let doctor = w.ring(&["doctor"], None);
    let line = w.line_for(&doctor, "OpenCode");
    assert!(line.starts_with('!'), "{line}");
    assert!(
        line.contains(&tr("doctor-hookstate-installed", &[])),
        "{line}"
    );
    let list = w.ring(&["list"], None);
    // Other agents running on this machine may be listed too.
    let footer = list
        .lines()
        .find(|l| holds(l, &pieces("list-silent-hooks", &[])))
        .unwrap_or_else(|| panic!("no hook-health footer in:\n{list}"));
    assert!(
        footer.contains(&w.project().display().to_string()),
        "{footer}"
    );
    let why = pieces("list-silent-hooks", &[]).pop().unwrap_or_default();
    assert!(footer.ends_with(&why), "{footer}");
}

#[test]
fn opencode_plugin_running_a_binary_that_is_gone() {
    let mut w = World::new();
    std::fs::create_dir_all(w.home().join(".config/opencode")).expect("mkdir");
    w.ring(&["install-hooks", "--yes"], None);
    let plugin = w.home().join(".config/opencode/plugins/ring-tmux.js");
    let text = std::fs::read_to_string(&plugin).expect("plugin");
    let bin = json!(assert_cmd::cargo::cargo_bin("ring-tmux").to_string_lossy()).to_string();
    std::fs::write(&plugin, text.replace(&bin, "\"/gone/ring-tmux\"")).expect("write");
    w.run_agent("opencode");
    let line = w.line_for(&w.ring(&["doctor"], None), "OpenCode");
    assert!(
        line.contains(&tr(
            "doctor-hookstate-program-missing",
            &[("program", "/gone/ring-tmux")]
        )),
        "{line}"
    );
}

#[test]
fn codex_alive_with_untrusted_hooks() {
    let mut w = World::new();
    std::fs::create_dir_all(w.home().join(".codex")).expect("mkdir");
    std::fs::write(w.home().join(".codex/config.toml"), "model = \"o4\"\n").expect("config");
    w.ring(&["install-hooks", "--yes"], None);
    w.run_agent("codex");
    let line = w.line_for(&w.ring(&["doctor"], None), "Codex");
    assert!(line.starts_with('!'), "{line}");
    assert!(
        line.contains(&format!(
            "{}PreToolUse, PermissionRequest",
            pieces("doctor-hookstate-untrusted", &[])[0]
        )),
        "{line}"
    );
}

#[test]
fn a_cursor_file_with_an_unknown_event_is_why_a_live_cursor_is_silent() {
    // Cursor's processes have no detector (its CLI runs as `node`): the scan is injected.
    let w = World::new();
    std::fs::create_dir_all(w.home().join(".cursor")).expect("mkdir");
    std::fs::write(
        w.home().join(".cursor/hooks.json"),
        r#"{"version": 1, "hooks": {"PreToolUse": [{"command": "./guard.sh"}]}}"#,
    )
    .expect("hooks.json");
    w.ring(&["install-hooks", "--yes"], None);
    let procs = w.dir.path().join("procs.json");
    let scan = json!({"cursor": [[w.project().display().to_string(), "/dev/pts/9", 4242]]});
    std::fs::write(&procs, scan.to_string()).expect("procs");
    let line = w.line_for(&w.ring(&["doctor"], Some(&procs)), "Cursor");
    assert!(
        line.contains(&tr(
            "doctor-hookstate-rejected",
            &[("events", "PreToolUse")]
        )),
        "{line}"
    );
}
