//! One module per subcommand: its clap `Args` (every flag, for `--help`, completions and the
//! man page) and a thin `run` that hands typed values to the subsystem doing the work.
//! [`crate::cli`] lists them; a new command is a module here plus a variant there.

pub mod completions;
pub mod doctor;
pub mod gc;
pub mod hook;
pub mod install_hooks;
pub mod install_zellij;
pub mod json;
pub mod jump;
pub mod list;
pub mod man;
pub mod menu;
pub mod notify;
pub mod oneline;
pub mod quiet;
pub mod remove_hooks;
pub mod status;
