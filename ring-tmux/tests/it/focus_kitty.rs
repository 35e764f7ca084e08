//! `jump` reaches an agent in a kitty window: a real kitty on a private Xvfb with remote
//! control on a socket of the test, the stand-in agent in window 1, a second tab opened over
//! it; `jump` focuses window 1 again (over `$KITTY_LISTEN_ON`, by `$KITTY_WINDOW_ID`).

use crate::focus_support::{Child, Place, WITHIN, have, text, wait_for};
use crate::focus_x11::Desktop;
use crate::lang_support::tr;
use std::process::{Command, Stdio};

/// `kitty @ --to SOCKET ARGS`: its stdout when it succeeds.
fn kitty_at(to: &str, args: &[&str]) -> Option<String> {
    let socket = std::path::Path::new(to.strip_prefix("unix:").unwrap_or(to));
    let out = Command::new("kitty")
        .envs(crate::focus_neovim::tools_home(socket))
        .args(["@", "--to", to])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    out.status.success().then(|| text(&out.stdout))
}

/// The windows of the focused tab, from `kitty @ ls`.
fn focused_tab_windows(to: &str) -> Option<Vec<u64>> {
    let listing: serde_json::Value = serde_json::from_str(&kitty_at(to, &["ls"])?).ok()?;
    listing
        .as_array()?
        .iter()
        .flat_map(|os| os["tabs"].as_array().cloned().unwrap_or_default())
        .find(|tab| tab["is_focused"] == true)
        .map(|tab| {
            tab["windows"]
                .as_array()
                .map(|ws| ws.iter().filter_map(|w| w["id"].as_u64()).collect())
                .unwrap_or_default()
        })
}

#[test]
fn jump_focuses_the_agents_kitty_window() {
    if !["Xvfb", "openbox", "kitty"]
        .iter()
        .all(|p| have(p, "kitty focus"))
    {
        return;
    }
    let place = Place::new();
    let desktop = Desktop::start(&place);
    let agent = place.agent_script("k-1");
    let sock = place.path("kitty.sock");
    let to = format!("unix:{}", sock.display());
    let mut c = Command::new("kitty");
    place
        .isolate(&mut c)
        .env("DISPLAY", &desktop.display)
        .args(["-o", "allow_remote_control=yes", "--listen-on", &to])
        .arg(&agent);
    let _kitty = Child(
        c.stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("kitty starts"),
    );
    let tty = place.agent_tty("k-1");
    place.alive(&[&tty]);
    let row = place.row("k-1");
    assert_eq!(row["term_env"]["KITTY_WINDOW_ID"], "1", "{row}");
    assert_eq!(row["term_env"]["KITTY_LISTEN_ON"], to.as_str(), "{row}");

    kitty_at(&to, &["launch", "--type=tab", "sleep", "600"]).expect("a second tab opens");
    wait_for(WITHIN, || {
        focused_tab_windows(&to).filter(|w| !w.contains(&1))
    })
    .expect("the second tab is in front");

    let out = place.ring(&["jump", "k-1"], &[]);
    assert!(out.status.success(), "jump: {out:?}");
    let window = tr("focus-kitty-window", &[("id", "1")]);
    assert!(text(&out.stdout).contains(&window), "{out:?}");
    let front = wait_for(WITHIN, || {
        focused_tab_windows(&to).filter(|w| w.contains(&1))
    });
    assert_eq!(front, Some(vec![1]), "the agent's window is in front");
}
