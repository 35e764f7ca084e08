//! `doctor` says which ways `jump` has to reach sessions on this machine, and which of them
//! each session can use. `PATH` holds only stand-ins for `nvim` and `wmctrl`.

use crate::focus_support::{Place, text};
use crate::lang_support::tr;
use std::process::{Command, Stdio};

fn hook(place: &Place, id: &str, tty: &str, vars: &[(&str, &str)]) {
    let payload = serde_json::json!({"hook_event_name": "Notification", "session_id": id,
        "cwd": place.project(), "tty": tty, "notification_type": "permission_prompt",
        "message": "Claude needs your permission to use Bash"});
    let mut c = Command::new(crate::focus_support::BIN);
    place.isolate(&mut c).arg("hook").envs(vars.iter().copied());
    let mut child = c
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("hook");
    std::io::Write::write_all(
        &mut child.stdin.take().expect("stdin"),
        payload.to_string().as_bytes(),
    )
    .expect("payload");
    assert!(child.wait().expect("hook exits").success());
    place.alive(&[tty]);
}

#[test]
fn doctor_names_the_backends_here_and_those_each_session_can_use() {
    let place = Place::new();
    let bin = place.path("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    for program in ["nvim", "wmctrl"] {
        let path = bin.join(program);
        std::fs::write(&path, "#!/bin/sh\nexit 0\n").expect("stand-in");
        std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .expect("mode");
    }
    hook(
        &place,
        "d-1",
        "/dev/pts/51",
        &[
            ("NVIM", "/tmp/n.sock"),
            ("DISPLAY", ":3"),
            ("WINDOWID", "77"),
        ],
    );
    hook(&place, "d-2", "/dev/pts/52", &[("WEZTERM_PANE", "3")]);
    let path = bin.to_string_lossy().into_owned();
    let out = place.ring(&["doctor"], &[("PATH", &path)]);
    let report = text(&out.stdout);
    let order = "neovim, tmux, zellij, kitty, wezterm, iterm2, terminal-app, hyprland, sway, x11";
    let or = format!(" {} ", tr("doctor-or", &[]));
    let needs = |backend: &str, programs: &[&str]| {
        tr(
            "doctor-focus-needs",
            &[("backend", backend), ("programs", &programs.join(&or))],
        )
    };
    let missing = [
        needs("tmux", &["tmux"]),
        needs("zellij", &["zellij"]),
        needs("kitty", &["kitten", "kitty"]),
        needs("wezterm", &["wezterm"]),
        needs("iterm2", &["osascript"]),
        needs("terminal-app", &["osascript"]),
        needs("hyprland", &["hyprctl"]),
        needs("sway", &["swaymsg"]),
    ]
    .join(", ");
    for line in [
        tr(
            "doctor-focus-offered",
            &[("ways", "neovim, x11"), ("order", order)],
        ),
        tr("doctor-focus-absent", &[("missing", &missing)]),
        tr(
            "doctor-focus-session",
            &[("session", "d-1 (project)"), ("ways", "neovim, x11")],
        ),
        tr("doctor-focus-session-none", &[("session", "d-2 (project)")]),
    ] {
        let line = format!("· {line}");
        assert!(report.contains(&line), "{line:?} missing from:\n{report}");
    }
}
