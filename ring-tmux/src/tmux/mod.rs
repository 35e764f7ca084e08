//! tmux integration: the hook's pane-option push, drift repair, badge formats, `jump`, `menu`.
//!
//! ```text
//!  ring-tmux hook ─▶ push (one guarded tmux call) ─▶ @ring_state / @ring_kind / @ring_at on the pane
//!                                                        │ any option change redraws every client
//!  window-status-format: #{E:@ring_window_badge}  ◀──────┤ (#{P:…} roll-up, no process)
//!  pane-border-format:   #{E:@ring_pane_badge}    ◀──────┘
//!  status-right: #(ring-tmux status) ─▶ counts from the rows; every few seconds drift repair
//! ```
//!
//! * [`run`]: bounded tmux calls on one socket, and the checks on what we splice into them.
//! * [`pane`]: the visible state and the guarded compare-and-set commands.
//! * [`push`]: the hook side; [`drift`]: the status side; [`badge`]: the formats.
//! * [`jump`](mod@jump): `jump` and `menu`; [`popup`]: the menu key's board popup (tmux 3.2+).
//! * `servers`: the user's other tmux servers (their sockets, checked before any talk);
//!   `elsewhere`: where the sessions on them are.
//!
//! What tmux before 3.2 (3.0: Ubuntu 20.04, 3.1: Debian 11) lacks, and how ring does without:
//!
//! * `#{e|…}` and `#{n:…}` (3.2): the pane guard compares fixed-width stamps as strings and
//!   the window badge shows no count there ([`pane::HAS_ARITHMETIC`] tells them apart inside
//!   the server, in the format itself).
//! * `list-keys -T TABLE KEY` (3.1): `ring.tmux` lists the whole table instead.
//! * `##[` drawn as text (3.2): `ring_shared::format::escape_tmux` writes a user's `#[` as
//!   `###[][`, which every version draws as `#[`.

pub(crate) mod away;
pub mod badge;
pub mod drift;
pub mod pane;
pub mod popup;
pub mod push;

/// `-c CLIENT` when the client is known and safe.
pub(crate) fn client_args(client: Option<&str>) -> Vec<String> {
    match client.filter(|c| crate::sys::run::is_client_name(c)) {
        Some(c) => vec!["-c".into(), c.into()],
        None => Vec::new(),
    }
}
