//! `jump` reaches an agent in a window of an X11 desktop: a private Xvfb (a display number
//! it picks itself), a real window manager (openbox: `_NET_ACTIVE_WINDOW` needs one), two
//! xterm windows, the stand-in agent in the first; `jump` activates the first.

use crate::focus_support::{Child, Place, WITHIN, have, text, wait_for};
use crate::lang_support::{pieces, tr};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// A private X display with a window manager, both stopped (by pid) when dropped.
pub struct Desktop {
    pub display: String,
    _wm: Child,
    _xvfb: Child,
}

impl Desktop {
    /// Xvfb on a free display (`-displayfd`), no TCP, and openbox managing it.
    pub fn start(place: &Place) -> Desktop {
        let mut xvfb = Command::new("Xvfb");
        xvfb.args([
            "-displayfd",
            "1",
            "-nolisten",
            "tcp",
            "-screen",
            "0",
            "1024x768x24",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
        let mut xvfb = Child(xvfb.spawn().expect("Xvfb starts"));
        let mut line = String::new();
        BufReader::new(xvfb.0.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("display number");
        let display = format!(":{}", line.trim());
        let mut wm = Command::new("openbox");
        place.isolate(&mut wm).env("DISPLAY", &display);
        let wm = Child(
            wm.stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("openbox starts"),
        );
        let desktop = Desktop {
            display,
            _wm: wm,
            _xvfb: xvfb,
        };
        wait_for(WITHIN, || {
            desktop
                .x("wmctrl", &["-m"])
                .filter(|o| o.contains("Openbox"))
        })
        .expect("the window manager runs");
        desktop
    }

    /// `program ARGS` on this display: its stdout when it succeeds.
    pub fn x(&self, program: &str, args: &[&str]) -> Option<String> {
        let out = Command::new(program)
            .args(args)
            .env("DISPLAY", &self.display)
            .stdin(Stdio::null())
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| text(&out.stdout).trim().to_owned())
    }

    /// The active window (decimal, as `$WINDOWID`), if any.
    pub fn active(&self) -> Option<String> {
        self.x("xdotool", &["getactivewindow"])
            .filter(|w| !w.is_empty())
    }

    /// An xterm running `command` on this display.
    pub fn xterm(&self, place: &Place, command: &[&str]) -> Child {
        let mut c = Command::new("xterm");
        place
            .isolate(&mut c)
            .env("DISPLAY", &self.display)
            .arg("-e")
            .args(command);
        Child(
            c.stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("xterm starts"),
        )
    }
}

fn x11_tools(test: &str) -> bool {
    ["Xvfb", "openbox", "xterm", "wmctrl", "xdotool"]
        .iter()
        .all(|p| have(p, test))
}

#[test]
fn jump_activates_the_window_of_the_agents_terminal() {
    if !x11_tools("x11 focus") {
        return;
    }
    let place = Place::new();
    let desktop = Desktop::start(&place);
    let agent = place.agent_script("x-1");
    let _agent_term = desktop.xterm(&place, &[&agent.to_string_lossy()]);
    let tty = place.agent_tty("x-1");
    place.alive(&[&tty]);
    let row = place.row("x-1");
    let window = row["term_env"]["WINDOWID"]
        .as_str()
        .expect("the hook recorded $WINDOWID")
        .to_owned();
    assert_eq!(row["term_env"]["DISPLAY"], desktop.display.as_str());
    wait_for(WITHIN, || desktop.active().filter(|w| *w == window)).expect("agent's xterm shown");

    // Another terminal opens and takes the focus.
    let _other = desktop.xterm(&place, &["sleep", "600"]);
    wait_for(WITHIN, || desktop.active().filter(|w| *w != window)).expect("other xterm active");

    let out = place.ring(&["jump", "x-1"], &[]);
    assert!(out.status.success(), "jump: {out:?}");
    let reached = pieces("focus-x11-window", &[]).remove(0);
    assert!(text(&out.stdout).contains(&reached), "{out:?}");
    let active = wait_for(WITHIN, || desktop.active().filter(|w| *w == window));
    assert_eq!(
        active.as_deref(),
        Some(window.as_str()),
        "the agent's window is active"
    );
}

#[test]
fn a_display_over_the_network_is_never_opened() {
    if !have("script", "remote display refusal") {
        return;
    }
    let place = Place::new();
    let agent = place.agent_script("x-2");
    // The agent ran with a remote display (ssh -X, or a prompt-injected agent's doing), in
    // a terminal of its own (`script` gives it a pty).
    let mut c = Command::new("script");
    place
        .isolate(&mut c)
        .args(["-qec", &agent.to_string_lossy(), "/dev/null"])
        .env("DISPLAY", "203.0.113.9:0")
        .env("WINDOWID", "4194316")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let _agent = Child(c.spawn().expect("agent runs"));
    let tty = place.agent_tty("x-2");
    place.alive(&[&tty]);
    let row = place.row("x-2");
    assert_eq!(row["term_env"]["DISPLAY"], "203.0.113.9:0");
    let out = place.ring(&["jump", "--session", "x-2"], &[]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stderr).contains(&format!("x11: {}", tr("focus-x11-display", &[]))),
        "{out:?}"
    );
}
