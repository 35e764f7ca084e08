//! Issue 25 item 10: what the commands say. A missing argument is named, errors speak one
//! voice (`ring-tmux: <what>; <what to do>`), and `notify --test` names each channel once.

use crate::lang_support::tr;
use crate::read_support::Ring;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_missing_argument_is_named() {
    let ring = Ring::new();
    let out = ring.run(&["hide"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let missing = tr("err-usage-missing", &[("args", "<SESSION>")]);
    let see = tr("err-see-help", &[("command", "hide")]);
    assert_eq!(stderr(&out), format!("ring-tmux: {missing}; {see}\n"));
}

#[test]
fn quiet_speaks_ring_s_voice_about_a_bad_duration() {
    let ring = Ring::new();
    let out = ring.run(&["quiet", "soon"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(
        stderr(&out),
        "ring-tmux: quiet takes on, off or a duration, not `soon`; e.g. `ring-tmux quiet 30m` \
         (90s, 2h, 1h30m; a bare number is minutes)\n"
    );
}

/// Outside tmux with no terminal to ring, the terminal channel says why once, not
/// `terminal: terminal: …`.
#[test]
fn notify_test_names_a_failing_channel_once() {
    let ring = Ring::new();
    std::fs::write(
        ring.ring.join("config.toml"),
        "notify_backend = \"terminal\"\n",
    )
    .expect("config");
    let out = ring.run(&["notify", "--test"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(said, "✗ terminal: the session has no terminal\n", "{out:?}");
}
