//! ring-tmux: all of ring's native I/O on top of `ring-shared`.
//!
//! `§N.M` in comments: section N.M of `docs/rules.md`, where every state rule is written out.
//!
//! The modules are layers; each uses the ones above it in this list and none below:
//!
//! * [`sys`]: the process's world: the ring folder and clock seams ([`sys::env`]), live agent
//!   processes ([`sys::procs`]), terminals ([`sys::tty`]), the language ([`sys::lang`]).
//! * [`store`]: the registry on disk: atomic row writes under a per-session lock,
//!   `events.jsonl`, hidden sessions, labels, the bounded error log.
//! * [`gather`]: one read's inputs from disk and `/proc` (rows, processes, the agents' own
//!   state files, zero-config sessions) turned into `ring_shared::view` by one path.
//! * [`hook`]: `ring-tmux hook`, the writer every agent event runs.
//! * [`tmux`], [`zellij`], [`remote`]: the multiplexers and other hosts: pane options,
//!   badges, drift repair, popups; the zellij plugin's install and refresh; hosts over ssh.
//! * [`act`]: what ring does for the user at a distance: reply in place, focus a terminal.
//! * [`out`]: what a person reads: the status line, the boards, the web page, notifications,
//!   `explain`, and the one voice of errors.
//! * [`admin`]: lifecycle commands: install, doctor, gc.
//! * [`cmd`]: the one clap definition ([`cmd::cli`]) and one module per subcommand, each
//!   handing typed values to the layers above.

pub(crate) mod act;
pub(crate) mod admin;
pub mod cmd;
pub(crate) mod gather;
pub mod hook;
pub(crate) mod out;
pub(crate) mod store;
pub(crate) mod sys;
pub(crate) mod tmux;
pub(crate) mod zellij;
pub use out::detached;
pub use out::status;
pub use out::text::oneline;
pub use sys::lang;

/// The seams the integration tests (`tests/it`) drive directly, gathered here so every layer
/// can stay `pub(crate)` (and the compiler sees what nothing uses); not an API.
#[doc(hidden)]
pub mod testing {
    pub use crate::act::jump;
    pub use crate::admin::install::{codex_trust, merge};
    pub use crate::gather::{realpath, zeroconf};
    pub use crate::out::{board, notify};
    pub use crate::store::hidden;
    pub use crate::sys::env;
    pub use crate::sys::run;
    pub use crate::tmux::{badge, drift};
}
