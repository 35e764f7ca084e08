//! The focus backends whose programs cannot run here (WezTerm is not packaged for this
//! system; macOS's osascript; sway's and Hyprland's IPC need their compositor): a recording
//! stand-in on `PATH` notes every call (argv, and the variables it was given) and answers
//! as the real program would; each test asserts the exact command (for macOS, the exact
//! AppleScript). The rows are written by the real hook from the terminal's environment.

use crate::focus_support::{Child, Place, text};
use crate::lang_support::tr;
use ring_tmux::testing::{iterm2_script, terminal_app_script};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A folder of recording stand-ins for `programs`, each printing `answer` (if any).
fn recorder(place: &Place, programs: &[(&str, &str)]) -> PathBuf {
    let bin = place.path("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let log = place.path("calls.log");
    for (program, answer) in programs {
        let answer_file = place.path(&format!("{program}.answer"));
        std::fs::write(&answer_file, answer).expect("answer");
        let script = format!(
            "#!/bin/sh\n{{ printf '%s\\0' \"$(basename \"$0\")\" \"$@\" \"env:$WEZTERM_UNIX_SOCKET|$HYPRLAND_INSTANCE_SIGNATURE\"; printf '\\n'; }} >> '{}'\ncat '{}'\n",
            log.display(),
            answer_file.display()
        );
        let path = bin.join(program);
        std::fs::write(&path, script).expect("stand-in");
        std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .expect("mode");
    }
    bin
}

/// Every recorded call: its argv then its `env:` item.
fn calls(place: &Place) -> Vec<Vec<String>> {
    std::fs::read_to_string(place.path("calls.log"))
        .unwrap_or_default()
        .split_terminator("\0\n")
        .map(|call| call.split('\0').map(str::to_owned).collect())
        .collect()
}

/// The real hook, as the agent in that terminal runs it: `vars` are the terminal's.
fn hook_in_terminal(place: &Place, id: &str, tty: &str, vars: &[(&str, &str)]) {
    let payload = serde_json::json!({"hook_event_name": "Notification", "session_id": id,
        "cwd": place.project(), "tty": tty, "notification_type": "permission_prompt",
        "message": "Claude needs your permission to use Bash"});
    let mut c = Command::new(crate::focus_support::BIN);
    place.isolate(&mut c).arg("hook").envs(vars.iter().copied());
    let mut child = c
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hook");
    std::io::Write::write_all(
        &mut child.stdin.take().expect("stdin"),
        payload.to_string().as_bytes(),
    )
    .expect("payload");
    let out = child.wait_with_output().expect("hook exits");
    assert!(
        out.status.success() && out.stdout.is_empty(),
        "hook: {out:?}"
    );
    place.alive(&[tty]);
}

/// `jump ID` with the stand-ins first on `PATH`.
fn jump(place: &Place, bin: &std::path::Path, id: &str) -> std::process::Output {
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    place.ring(&["jump", id], &[("PATH", &path)])
}

#[test]
fn wezterm_activates_the_recorded_pane_over_the_recorded_socket() {
    let place = Place::new();
    let bin = recorder(&place, &[("wezterm", "")]);
    let sock = place.path("wez.sock");
    let _listener = std::os::unix::net::UnixListener::bind(&sock).expect("socket");
    let sock = sock.to_string_lossy().into_owned();
    hook_in_terminal(
        &place,
        "w-1",
        "/dev/pts/41",
        &[
            ("WEZTERM_PANE", "7"),
            ("WEZTERM_UNIX_SOCKET", &sock),
            ("TERM_PROGRAM", "WezTerm"),
        ],
    );
    let out = jump(&place, &bin, "w-1");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        calls(&place),
        [vec![
            "wezterm".to_owned(),
            "cli".into(),
            "activate-pane".into(),
            "--pane-id".into(),
            "7".into(),
            format!("env:{sock}|"),
        ]]
    );
}

#[test]
fn a_pane_id_that_is_not_a_number_never_reaches_wezterm() {
    let place = Place::new();
    let bin = recorder(&place, &[("wezterm", "")]);
    hook_in_terminal(
        &place,
        "w-2",
        "/dev/pts/42",
        &[("WEZTERM_PANE", "7 --cwd /")],
    );
    let out = jump(&place, &bin, "w-2");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let refused = format!("wezterm: {}", tr("focus-wezterm-id", &[]));
    assert!(text(&out.stderr).contains(&refused), "{out:?}");
    assert!(calls(&place).is_empty());
}

#[test]
fn iterm2_and_terminal_app_get_the_exact_applescript_for_the_rows_tty() {
    let place = Place::new();
    let bin = recorder(&place, &[("osascript", "ok\n")]);
    hook_in_terminal(
        &place,
        "i-1",
        "/dev/ttys003",
        &[("TERM_PROGRAM", "iTerm.app")],
    );
    hook_in_terminal(
        &place,
        "t-1",
        "/dev/ttys004",
        &[("TERM_PROGRAM", "Apple_Terminal")],
    );
    let out = jump(&place, &bin, "i-1");
    assert!(out.status.success(), "{out:?}");
    assert!(
        text(&out.stdout).contains(&tr(
            "focus-tab",
            &[
                ("what", &tr("focus-iterm2-session", &[])),
                ("tty", "/dev/ttys003")
            ]
        )),
        "{out:?}"
    );
    let out = jump(&place, &bin, "t-1");
    assert!(out.status.success(), "{out:?}");
    let script = |s: &str| {
        vec![
            "osascript".to_owned(),
            "-e".into(),
            s.into(),
            "env:|".into(),
        ]
    };
    let (iterm, terminal) = (
        iterm2_script("/dev/ttys003"),
        terminal_app_script("/dev/ttys004"),
    );
    assert!(iterm.contains(r#"if tty of s is "/dev/ttys003" then"#));
    assert!(terminal.contains(r#"if tty of t is "/dev/ttys004" then"#));
    assert_eq!(calls(&place), [script(&iterm), script(&terminal)]);
}

#[test]
fn an_app_without_that_tab_is_a_failure_that_says_so() {
    let place = Place::new();
    let bin = recorder(&place, &[("osascript", "notfound\n")]);
    hook_in_terminal(
        &place,
        "i-2",
        "/dev/ttys005",
        &[("TERM_PROGRAM", "iTerm.app")],
    );
    let out = jump(&place, &bin, "i-2");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stderr).contains(&format!("iterm2: {}", tr("focus-no-tab", &[]))),
        "{out:?}"
    );
}

/// A process whose parent is this test: the agent, as far as the row says.
fn agent_process() -> Child {
    Child(
        Command::new("sleep")
            .arg("600")
            .stdin(Stdio::null())
            .spawn()
            .expect("sleep"),
    )
}

/// Sets the row's `agent_pid` (the hook found none: no real agent runs here).
fn with_agent(place: &Place, id: &str, pid: u32) {
    let path = place
        .path("ring")
        .join("sessions")
        .join(format!("{id}.json"));
    let mut row = place.row(id);
    row["agent_pid"] = pid.into();
    std::fs::write(path, row.to_string()).expect("row");
}

#[test]
fn sway_focuses_the_window_of_the_agents_terminal_process() {
    let place = Place::new();
    let agent = agent_process();
    // The terminal emulator holding the agent is its parent: this test process.
    let terminal = std::process::id();
    let tree = serde_json::json!({"id": 1, "nodes": [{"id": 4, "pid": 1, "nodes": []},
        {"id": 5, "nodes": [{"id": 42, "pid": terminal, "nodes": []}], "floating_nodes": []}]});
    let bin = recorder(&place, &[("swaymsg", &tree.to_string())]);
    let sock = place.path("sway.sock");
    let _listener = std::os::unix::net::UnixListener::bind(&sock).expect("socket");
    let sock = sock.to_string_lossy().into_owned();
    hook_in_terminal(
        &place,
        "s-1",
        "/dev/pts/43",
        &[("SWAYSOCK", &sock), ("WAYLAND_DISPLAY", "wayland-1")],
    );
    with_agent(&place, "s-1", agent.0.id());
    let out = jump(&place, &bin, "s-1");
    assert!(out.status.success(), "{out:?}");
    let call = |args: &[&str]| {
        let mut v = vec!["swaymsg".to_owned()];
        v.extend(args.iter().map(|a| (*a).to_owned()));
        v.push("env:|".into());
        v
    };
    assert_eq!(
        calls(&place),
        [
            call(&["-s", &sock, "-t", "get_tree"]),
            call(&["-s", &sock, "[con_id=42]", "focus"])
        ]
    );
}

#[test]
fn hyprland_focuses_the_client_of_the_agents_terminal_process() {
    let place = Place::new();
    let agent = agent_process();
    let terminal = std::process::id();
    let clients = serde_json::json!([{"address": "0x1111", "pid": 1},
        {"address": "0x55d1e0", "pid": terminal}]);
    let bin = recorder(&place, &[("hyprctl", &clients.to_string())]);
    hook_in_terminal(
        &place,
        "h-1",
        "/dev/pts/44",
        &[("HYPRLAND_INSTANCE_SIGNATURE", "abc_123")],
    );
    with_agent(&place, "h-1", agent.0.id());
    let out = jump(&place, &bin, "h-1");
    assert!(out.status.success(), "{out:?}");
    let call = |args: &[&str]| {
        let mut v = vec!["hyprctl".to_owned()];
        v.extend(args.iter().map(|a| (*a).to_owned()));
        v.push("env:|abc_123".into());
        v
    };
    assert_eq!(
        calls(&place),
        [
            call(&["-j", "clients"]),
            call(&["dispatch", "focuswindow", "address:0x55d1e0"])
        ]
    );
}
