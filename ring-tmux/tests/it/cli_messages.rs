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
        format!(
            "ring-tmux: {}; {}\n",
            tr("notify-quiet-bad", &[("given", "soon")]),
            tr("notify-quiet-bad-fix", &[])
        )
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
    let failed = tr(
        "notify-test-failed",
        &[
            ("channel", "terminal"),
            ("error", &tr("notify-terminal-none", &[])),
        ],
    );
    assert_eq!(said, failed + "\n", "{out:?}");
}
