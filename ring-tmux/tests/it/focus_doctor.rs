//! `doctor` says which ways `jump` has to reach sessions on this machine, and which of them
//! each session can use. `PATH` holds only stand-ins for `nvim` and `wmctrl`.

use crate::focus_support::{Place, text};
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
    for line in [
        "· jump can reach sessions through neovim, x11 here (focus_order: neovim, tmux, zellij, \
         kitty, wezterm, iterm2, terminal-app, hyprland, sway, x11)",
        "· jump cannot use tmux (needs tmux), zellij (needs zellij), kitty (needs kitten or \
         kitty), wezterm (needs wezterm), iterm2 (needs osascript), terminal-app (needs \
         osascript), hyprland (needs hyprctl), sway (needs swaymsg) on this machine",
        "· session d-1 (project): jump reaches it through neovim, x11",
        "· session d-2 (project): jump has no way to reach it here",
    ] {
        assert!(report.contains(line), "{line:?} missing from:\n{report}");
    }
}
