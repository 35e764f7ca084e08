//! The web page's "Go there" (`POST /api/jump`) reaches a session that is in no tmux pane
//! or zellij tab: the agent in a Neovim `:terminal` (real headless Neovim, real loopback HTTP).

use crate::focus_neovim::{neovim_with_agent, remote};
use crate::focus_support::{Place, WITHIN, have, wait_for};
use crate::serve_support::Serve;

#[test]
fn go_there_on_the_web_page_reaches_an_agent_in_neovim() {
    if !have("nvim", "web go there") {
        return;
    }
    let place = Place::new();
    let (_nvim, sock) = neovim_with_agent(&place, "wb-1");
    let tty = place.agent_tty("wb-1");
    place.alive(&[&tty]);
    assert_eq!(remote(&sock, "tabpagenr()"), "2");
    let serve = Serve::start("127.0.0.1:0", &[], &place.env());
    let reply = serve.post(
        "/api/jump",
        &[
            ("Authorization", &serve.bearer()),
            ("Content-Type", "application/json"),
        ],
        r#"{"session_id":"wb-1"}"#,
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    let tab = wait_for(WITHIN, || {
        (remote(&sock, "tabpagenr()") == "1").then_some(())
    });
    assert!(tab.is_some(), "Neovim shows the agent's tab");
    assert_eq!(remote(&sock, "bufnr('%')"), "1");
}
