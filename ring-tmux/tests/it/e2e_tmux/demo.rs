//! Issue 25 item 7: the demo's permission dialog is one Claude Code draws, so the first `p`
//! (or `ring-tmux reply`) a curious user tries lists its options instead of "no dialog with
//! numbered options". `scripts/demo.sh --no-attach` runs its own tmux server (a private
//! socket, a temporary HOME and ring folder) and checks the reply listing itself.

use super::world;

#[test]
fn the_demo_s_permission_dialog_is_read_by_reply() {
    if !world::tmux_available() {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/demo.sh");
    let mut command = std::process::Command::new("bash");
    command
        .arg(script)
        .arg("--no-attach")
        .env("RING_TMUX", world::BIN)
        .stdin(std::process::Stdio::null());
    for name in crate::OUTSIDE {
        command.env_remove(name);
    }
    let out = command.output().expect("demo.sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "demo.sh failed: {stderr}\n{stdout}");
    let listing = stdout
        .split("--- ring-tmux reply web")
        .nth(1)
        .and_then(|rest| rest.split("\n---").next())
        .unwrap_or_default();
    let answer = super::reply::answer_line("demo-web");
    for row in [
        "Bash command",
        "rm -rf dist",
        "Do you want to proceed?",
        "❯ 1. Yes",
        "2. Yes, and don't ask again",
        "3. No",
        answer.as_str(),
    ] {
        assert!(
            listing.contains(row),
            "{row:?} not in the listing:\n{listing}"
        );
    }
    assert!(stdout.trim_end().ends_with("demo: ok"), "{stdout}");
}
