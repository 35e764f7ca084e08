//! The focus backends combined, innermost first: an agent in a Neovim `:terminal` inside a
//! tmux pane. `jump` switches the tmux client to Neovim's pane, and Neovim to the agent's
//! buffer. Real tmux on a private socket, a real (non-headless) Neovim in the pane.

use crate::e2e_tmux::world::{self, World, poll};
use crate::focus_neovim::remote;
use crate::focus_support::{Place, WITHIN, have, text, wait_for};

#[test]
fn jump_selects_the_tmux_pane_then_the_neovim_buffer() {
    if !world::tmux_available() || !have("nvim", "tmux + neovim focus") {
        return;
    }
    let place = Place::new();
    let mut w = World::new();
    let client = w.attach();
    let agent = place.agent_script("tn-1");
    let sock = place.path("nvim.sock").to_string_lossy().into_owned();
    // Neovim in window 1 (the machine's own terminal variables left out): the agent in the
    // terminal of tab 1, a plain one in tab 2 (shown). The client stays on window 0.
    let mut command = vec!["env".to_owned()];
    for name in ring_shared::focus::RECORDED {
        command.extend(["-u".to_owned(), (*name).to_owned()]);
    }
    command.extend(
        [
            "nvim",
            "--clean",
            "--listen",
            &sock,
            "-c",
            &format!("terminal {}", agent.display()),
            "-c",
            "tabnew",
            "-c",
            "terminal sleep 600",
        ]
        .map(str::to_owned),
    );
    let mut args = vec!["new-window", "-d", "-t", "t:1", "-c"];
    let project = place.project();
    args.push(&project);
    args.extend(command.iter().map(String::as_str));
    w.server.run(&args);
    let tty = place.agent_tty("tn-1");
    w.alive(&[(&project, &tty)]);
    let pane = w.server.show("t:1", "#{pane_id}");
    let row: serde_json::Value = serde_json::from_slice(
        &std::fs::read(w.ring_home().join("sessions/tn-1.json")).expect("row"),
    )
    .expect("row JSON");
    assert_eq!(row["tmux_pane"], pane.as_str(), "{row}");
    assert_eq!(row["term_env"]["NVIM"], sock.as_str(), "{row}");
    let here = || {
        w.server
            .run(&["display-message", "-p", "-c", &client, "#{pane_id}"])
    };
    assert_ne!(here(), pane);
    wait_for(WITHIN, || {
        (remote(&sock, "tabpagenr()") == "2").then_some(())
    })
    .expect("Neovim shows its second tab");

    let socket = w.server.socket();
    let out = w.ring(&["jump", "--client", &client, "--socket", &socket, "tn-1"]);
    assert!(out.status.success(), "jump: {out:?} {}", text(&out.stderr));
    let went = poll(WITHIN, || (here() == pane).then_some(()));
    assert!(went.is_some(), "the client is on Neovim's pane");
    assert_eq!(
        remote(&sock, "tabpagenr()"),
        "1",
        "Neovim shows the agent's tab"
    );
    assert_eq!(remote(&sock, "bufnr('%')"), "1", "and the agent's buffer");
}
