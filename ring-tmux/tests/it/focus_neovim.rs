//! `jump` reaches an agent in a Neovim `:terminal` buffer: a real headless Neovim with two
//! terminal buffers in two tabs, the stand-in agent in the first, the second shown; `jump`
//! makes the agent's buffer current through the Neovim server the agent's `$NVIM` names.

use crate::focus_support::{Child, Place, WITHIN, have, text, wait_for};
use crate::lang_support::tr;
use std::process::{Command, Stdio};

/// `nvim --headless --listen SOCK` with the agent in a terminal of tab 1 and a plain shell
/// in a terminal of tab 2 (shown).
pub fn neovim_with_agent(place: &Place, id: &str) -> (Child, String) {
    let agent = place.agent_script(id);
    let sock = place.path("nvim.sock").to_string_lossy().into_owned();
    let mut c = Command::new("nvim");
    place.isolate(&mut c).args([
        "--headless",
        "--clean",
        "--listen",
        &sock,
        "-c",
        &format!("terminal {}", agent.display()),
        "-c",
        "tabnew",
        "-c",
        "terminal sh -c 'exec sleep 600'",
    ]);
    let child = c
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nvim starts");
    (Child(child), sock)
}

/// `nvim --server SOCK --remote-expr EXPR`, trimmed.
pub fn remote(sock: &str, expr: &str) -> String {
    let out = Command::new("nvim")
        .envs(tools_home(std::path::Path::new(sock)))
        .args(["--server", sock, "--remote-expr", expr])
        .stdin(Stdio::null())
        .output()
        .expect("nvim --server runs");
    // Neovim 0.7 prints the value on stderr, later ones on stdout.
    format!("{}{}", text(&out.stdout), text(&out.stderr))
        .trim()
        .to_owned()
}

#[test]
fn jump_makes_the_agents_terminal_buffer_current_in_its_neovim() {
    if !have("nvim", "neovim focus") {
        return;
    }
    let place = Place::new();
    let (_nvim, sock) = neovim_with_agent(&place, "nv-1");
    let tty = place.agent_tty("nv-1");
    place.alive(&[&tty]);
    let row = place.row("nv-1");
    assert_eq!(
        row["term_env"]["NVIM"],
        sock.as_str(),
        "the hook recorded $NVIM: {row}"
    );
    assert_eq!(row["tty"], tty.as_str());
    // Neovim shows tab 2, the other terminal.
    assert_eq!(remote(&sock, "tabpagenr()"), "2");
    let shown_before = remote(&sock, "bufnr('%')");

    let out = place.ring(&["jump", "nv-1"], &[]);
    assert!(out.status.success(), "jump: {out:?}");
    assert!(
        text(&out.stdout).contains(&tr("focus-neovim-buffer", &[("buffer", "1")])),
        "says where it went: {out:?}"
    );
    let now = wait_for(WITHIN, || {
        let b = remote(&sock, "bufnr('%')");
        (b != shown_before).then_some(b)
    });
    assert_eq!(now.as_deref(), Some("1"), "the agent's buffer is current");
    assert_eq!(remote(&sock, "tabpagenr()"), "1");
}

/// `prefix a` in a tmux server where nothing waits: the longest wait elsewhere is reached
/// the way `jump SESSION` reaches it (here a Neovim outside tmux), not only named.
#[test]
fn the_next_waiting_key_reaches_a_neovim_outside_tmux_when_nothing_waits_here() {
    if !have("nvim", "neovim focus") || !crate::e2e_tmux::world::tmux_available() {
        return;
    }
    let place = Place::new();
    let (_nvim, sock) = neovim_with_agent(&place, "nv-3");
    let tty = place.agent_tty("nv-3");
    place.alive(&[&tty]);
    assert_eq!(remote(&sock, "tabpagenr()"), "2");
    let server = crate::e2e_tmux::world::Server::start(&place.env(), None);
    let out = place.ring(&["jump", "--socket", &server.socket()], &[]);
    assert!(out.status.success(), "jump: {out:?}");
    assert!(
        text(&out.stdout).contains(&tr("focus-neovim-buffer", &[("buffer", "1")])),
        "says where it went: {out:?}"
    );
    let tab = wait_for(WITHIN, || {
        (remote(&sock, "tabpagenr()") == "1").then_some(())
    });
    assert!(tab.is_some(), "Neovim shows the agent's tab");
}

#[test]
fn a_neovim_socket_of_the_wrong_kind_is_refused() {
    if !have("nvim", "neovim refusal") {
        return;
    }
    let place = Place::new();
    let (_nvim, sock) = neovim_with_agent(&place, "nv-2");
    let tty = place.agent_tty("nv-2");
    place.alive(&[&tty]);
    // A prompt-injected agent rewrites its row to point $NVIM at a file, not a socket.
    let rows = place.path("ring").join("sessions").join("nv-2.json");
    let mut row = place.row("nv-2");
    let fake = place.path("not-a-socket");
    std::fs::write(&fake, "").expect("file");
    row["term_env"]["NVIM"] = fake.to_string_lossy().into_owned().into();
    std::fs::write(&rows, row.to_string()).expect("row");
    let out = place.ring(&["jump", "nv-2"], &[]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stderr).contains(&format!("neovim: {}", tr("focus-socket-not-socket", &[]))),
        "{out:?}"
    );
    assert_eq!(remote(&sock, "tabpagenr()"), "2", "nothing moved");
}

/// HOME and the XDG folders for a program a test runs itself beside `socket` (in the test's
/// folder): never the HOME the tests run in (Neovim writes its log under it, kitty its
/// config folder).
pub fn tools_home(socket: &std::path::Path) -> Vec<(&'static str, std::path::PathBuf)> {
    let dir = socket
        .parent()
        .map_or_else(std::env::temp_dir, std::path::Path::to_path_buf);
    vec![
        ("HOME", dir.join("home")),
        ("XDG_CONFIG_HOME", dir.join("xdg")),
        ("XDG_STATE_HOME", dir.join("xdg")),
        ("XDG_CACHE_HOME", dir.join("xdg")),
        ("XDG_DATA_HOME", dir.join("xdg")),
    ]
}
