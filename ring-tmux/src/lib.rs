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

pub mod act;
pub mod admin;
pub mod cmd;
pub mod gather;
pub mod hook;
pub mod out;
pub(crate) mod remote;
pub mod store;
pub mod sys;
pub mod tmux;
pub mod zellij;
