//! The focus backends combined, innermost first: an agent in a Neovim `:terminal` inside a
//! tmux pane. `jump` (by name, the next-waiting key, and an item of the menu) switches the
//! tmux client to Neovim's pane, and Neovim to the agent's buffer. Real tmux on a private
//! socket, a real (non-headless) Neovim in the pane.

use crate::e2e_tmux::world::{self, BIN, World, poll};
use crate::focus_neovim::remote;
use crate::focus_support::{Place, WITHIN, have, text, wait_for};

/// A world whose client is on window 0 while Neovim, in window 1, holds the waiting agent
/// in the terminal of its first tab and shows its second tab.
struct Nvim {
    w: World,
    _place: Place,
    client: String,
    /// Neovim's pane.
    pane: String,
    /// Neovim's server socket.
    sock: String,
}

impl Nvim {
    fn start() -> Option<Nvim> {
        if !world::tmux_available() || !have("nvim", "tmux + neovim focus") {
            return None;
        }
        let place = Place::new();
        let mut w = World::new();
        let client = w.attach();
        let agent = place.agent_script("tn-1");
        let sock = place.path("nvim.sock").to_string_lossy().into_owned();
        // Neovim in window 1 (the machine's own terminal variables left out): the agent in
        // the terminal of tab 1, a plain one in tab 2 (shown).
        let mut command = vec!["env".to_owned()];
        for name in ring_shared::registry::term_env::RECORDED {
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
        let nvim = Nvim {
            w,
            _place: place,
            client,
            pane,
            sock,
        };
        assert_ne!(nvim.here(), nvim.pane);
        wait_for(WITHIN, || {
            (remote(&nvim.sock, "tabpagenr()") == "2").then_some(())
        })
        .expect("Neovim shows its second tab");
        Some(nvim)
    }

    /// The pane the client is on.
    fn here(&self) -> String {
        self.w
            .server
            .run(&["display-message", "-p", "-c", &self.client, "#{pane_id}"])
    }

    /// The client ends on Neovim's pane, and Neovim on the agent's tab and buffer.
    fn assert_reached(&self) {
        let went = poll(WITHIN, || (self.here() == self.pane).then_some(()));
        assert!(went.is_some(), "the client is on Neovim's pane");
        let tab = wait_for(WITHIN, || {
            (remote(&self.sock, "tabpagenr()") == "1").then_some(())
        });
        assert!(tab.is_some(), "Neovim shows the agent's tab");
        assert_eq!(
            remote(&self.sock, "bufnr('%')"),
            "1",
            "and the agent's buffer"
        );
    }
}

#[test]
fn jump_selects_the_tmux_pane_then_the_neovim_buffer() {
    let Some(n) = Nvim::start() else { return };
    let socket = n.w.server.socket();
    let out =
        n.w.ring(&["jump", "--client", &n.client, "--socket", &socket, "tn-1"]);
    assert!(out.status.success(), "jump: {out:?} {}", text(&out.stderr));
    n.assert_reached();
}

/// `prefix a` (ring.tmux's binding: no session named) finds the agent in Neovim's pane,
/// though the agent's tty is Neovim's pty and no pane's, and goes the same way.
#[test]
fn the_next_waiting_key_reaches_an_agent_in_neovim() {
    let Some(n) = Nvim::start() else { return };
    let socket = n.w.server.socket();
    let here = n.here();
    let out = n.w.ring(&[
        "jump", "--client", &n.client, "--pane", &here, "--socket", &socket,
    ]);
    assert!(out.status.success(), "jump: {out:?} {}", text(&out.stderr));
    n.assert_reached();
}

/// The menu lists the agent in Neovim as an item (not greyed out as elsewhere), and
/// choosing it goes through the same focus path.
#[test]
fn the_menu_item_of_an_agent_in_neovim_reaches_it() {
    let Some(n) = Nvim::start() else { return };
    let socket = n.w.server.socket();
    let mut menu = std::process::Command::new(BIN);
    for name in crate::OUTSIDE
        .iter()
        .chain(ring_shared::registry::term_env::RECORDED)
    {
        menu.env_remove(name);
    }
    menu.args([
        "menu", "--client", &n.client, "--socket", &socket, "--style", "menu",
    ])
    .envs(World::env(n.w.dir.path()))
    .env("TMUX", n.w.server.tmux_env());
    let mut child = crate::focus_support::Child(menu.spawn().expect("menu runs"));
    let outer = n.w.outer.as_ref().expect("attached");
    let screen = || outer.run(&["capture-pane", "-p", "-t", "t"]);
    let shown = poll(WITHIN, || {
        let s = screen();
        s.contains("(1)").then_some(s)
    });
    assert!(shown.is_some(), "no item with key 1: {}", screen());
    assert!(!screen().contains("(elsewhere)"), "{}", screen());
    outer.run(&["send-keys", "-t", "t", "1"]);
    let _ = child.0.wait();
    n.assert_reached();
}
