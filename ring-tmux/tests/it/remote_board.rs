//! Issue 27 in the tmux board: `p` on a session of another host lists the host's own dialog
//! and a digit answers it through the host's `reply --expect` (refused when the dialog
//! changed); Enter opens the `host:project` ssh window. The board runs for real in a pane
//! of the laptop's private tmux server; the host is [`crate::remote_act::Remote`]'s sshd.

use crate::e2e_tmux::world::{self, Server, until_contains};
use crate::lang_support::tr;
use crate::remote_act::Remote;
use crate::remote_support::BIN;
use std::time::Duration;

/// The start of every rule's link in explain's text (apart: ring-shared's rules_doc test reads
/// every whole link to docs/rules.md as an anchor that must exist).
const RULE_LINK: &str = concat!("docs/rules.md", "#rule-");

/// The board reads, ssh answers, the host reads its screen: generous.
const WITHIN: Duration = Duration::from_secs(20);

/// The laptop's tmux server, its pane %0 running `ring-tmux board` with the laptop's ring.
fn laptop_board(r: &Remote) -> Server {
    let laptop = Remote::laptop(&r.sshd.laptop_env());
    laptop.run(&["respawn-pane", "-k", "-t", "%0", &format!("{BIN} board")]);
    laptop
}

fn screen(laptop: &Server) -> String {
    laptop.run(&["capture-pane", "-p", "-t", "%0"])
}

#[test]
fn the_tmux_board_answers_a_remote_dialog_only_when_unchanged_and_enter_opens_its_window() {
    if !world::tmux_available() || !crate::remote_support::sshd_available() {
        return;
    }
    let r = Remote::start();
    r.ask("echo listed");
    let laptop = laptop_board(&r);
    let shown = until_contains(WITHIN, "hosta:api", || screen(&laptop));
    assert!(shown.contains("hosta:api"), "the remote row: {shown}");

    // `p`: the host's own listing; then the dialog is redrawn about another command.
    laptop.run(&["send-keys", "-t", "%0", "p"]);
    let listed = until_contains(WITHIN, "echo listed", || screen(&laptop));
    assert!(
        listed.contains("echo listed"),
        "the host's dialog: {listed}"
    );
    r.ask("rm -rf redrawn");
    laptop.run(&["send-keys", "-t", "%0", "1"]);
    let changed = format!("hosta: {}", tr("err-reply-listed-changed", &[]));
    let refused = until_contains(WITHIN, &changed, || screen(&laptop));
    assert!(refused.contains(&changed), "the host refused: {refused}");
    assert_eq!(r.key(), None, "no key reached the host's agent");

    // Listed again, answered: the digit lands in the host's pane.
    laptop.run(&["send-keys", "-t", "%0", "p"]);
    let listed = until_contains(WITHIN, "rm -rf redrawn", || screen(&laptop));
    assert!(listed.contains("rm -rf redrawn"), "{listed}");
    laptop.run(&["send-keys", "-t", "%0", "3"]);
    assert_eq!(r.key().as_deref(), Some("3"));

    // Enter: the ssh window to the host's pane, and the board is done.
    laptop.run(&["send-keys", "-t", "%0", "Enter"]);
    let line = Remote::jump_window(&laptop);
    assert!(
        line.contains("attach-session") && line.contains("%0"),
        "{line}"
    );
}

#[test]
fn question_mark_on_a_remote_row_shows_the_host_s_explain_and_an_unreachable_host_s_reason() {
    if !world::tmux_available() || !crate::remote_support::sshd_available() {
        return;
    }
    let r = Remote::start();
    r.ask("echo explained");
    let laptop = laptop_board(&r);
    let shown = until_contains(WITHIN, "hosta:api", || screen(&laptop));
    assert!(shown.contains("hosta:api"), "the remote row: {shown}");

    // `?`: the host's own explanation of its session, in the explain view.
    laptop.run(&["send-keys", "-t", "%0", "?"]);
    let explained = until_contains(WITHIN, RULE_LINK, || screen(&laptop));
    assert!(
        explained.contains("session s-reply") && explained.contains(RULE_LINK),
        "the host's explanation: {explained}"
    );
    // Any key: back to the list.
    laptop.run(&["send-keys", "-t", "%0", "x"]);
    let back = until_contains(WITHIN, "hosta:api", || screen(&laptop));
    assert!(
        back.contains("hosta:api") && !back.contains(RULE_LINK),
        "{back}"
    );

    // The host stops answering (ssh reaches a closed port): the reason, in the view.
    let port = crate::remote_support::closed_port();
    let ssh = format!("{} -o Port={port}", r.sshd.ssh_command());
    let config = format!(
        "remote_ssh_command = {ssh:?}\nremote_ring_command = \"{BIN}\"\nremote_hosts = [\"hosta\"]\n"
    );
    std::fs::write(r.sshd.local_ring().join("config.toml"), config).expect("config");
    laptop.run(&["send-keys", "-t", "%0", "?"]);
    let refused = until_contains(WITHIN, "Connection refused", || screen(&laptop));
    assert!(
        refused.contains("Connection refused") && refused.contains("hosta"),
        "the reason in the view: {refused}"
    );
    laptop.run(&["send-keys", "-t", "%0", "x"]);
    let back = until_contains(WITHIN, "hosta:api", || screen(&laptop));
    assert!(
        back.contains("hosta:api") && !back.contains("Connection refused"),
        "the board goes on: {back}"
    );
}
