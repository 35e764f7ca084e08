//! ring-tmux: all of ring's native I/O on top of `ring-shared`.
//!
//! `§N.M` in comments: section N.M of `docs/rules.md`, where every state rule is written out.
//!
//! * [`env`](mod@env): the ring folder, the clock and the process-scan seams (`RING_HOME`, `RING_NOW`, `RING_PROCS`).
//! * [`store`]: the registry on disk: atomic row writes under a per-session lock, `events.jsonl`,
//!   hidden sessions, labels, the bounded error log.
//! * [`procs`]: live agent processes and tty discovery from `/proc` (Appendix B, §3.9).
//! * [`hook`]: `ring-tmux hook`, the writer every agent event runs.
//! * [`read`]: the board from disk: `oneline`, `json`, `list`, `status`.
//! * [`tmux`]: pane-option push, drift repair, badges, `jump`, `menu`, the board's popup.
//! * [`board`]: `ring-tmux board`, the live full-screen board (ratatui).
//! * [`reply`]: reply in place: read a session's dialog from its pane and answer it.
//! * [`install`], [`doctor`], [`gc`]: lifecycle commands; [`zellij`]: `install-zellij` and the plugin refresh pipe.
//! * [`serve`]: `ring-tmux serve`, the board in a browser (HTTP, server-sent events, the page).
//! * [`cli`]: the one clap definition; [`cmd`]: one module per subcommand; [`voice`]: how they
//!   report errors (prefix, colour, exit codes).

pub mod board;
pub mod cli;
pub(crate) mod cli_lang;
pub mod cmd;
pub mod doctor;
pub mod env;
pub(crate) mod explain;
pub(crate) mod focus;
pub mod gc;
pub mod hook;
pub mod install;
pub mod lang;
pub mod notify;
pub mod printable;
pub mod procs;
pub mod read;
pub mod remote;
pub mod reply;
pub mod serve;
pub mod status;
pub mod store;
pub mod tmux;
pub mod tty;
pub mod voice;
pub mod zellij;
pub mod zeroconf;
