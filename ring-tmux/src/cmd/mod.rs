//! One module per subcommand: its clap `Args` (every flag, for `--help`, completions and the
//! man page) and a thin `run` that hands typed values to the subsystem doing the work.
//! [`crate::cmd::cli`] lists them; a new command is a module here plus a variant there.

pub mod board;
pub mod cli;
pub(crate) mod cli_lang;
pub mod completions;
pub mod digest;
pub mod doctor;
pub mod explain;
pub mod gc;
pub mod hide;
pub mod hook;
pub mod install_hooks;
pub mod install_zellij;
pub mod json;
pub mod jump;
pub mod list;
pub mod man;
pub mod menu;
pub mod name;
pub mod notify;
pub mod oneline;
pub mod quiet;
pub mod remote;
pub mod remove_hooks;
pub mod reply;
pub mod serve;
pub mod stats;
pub mod status;
pub mod unhide;
pub mod uninstall;

pub(crate) use crate::gather::named::{called, every_session, report, session_of};

/// `file` in the ring folder was not changed: another writer held its lock.
pub(crate) fn file_locked(file: &str) -> std::process::ExitCode {
    crate::sys::voice::fail(
        &ring_shared::t!("err-file-locked", file = file),
        &ring_shared::t!("err-file-locked-fix"),
    )
}

/// `file` in the ring folder could not be written.
pub(crate) fn file_unwritable(file: &str, error: &std::io::Error) -> std::process::ExitCode {
    crate::sys::voice::fail(
        &ring_shared::t!("err-file-write", file = file, error = error.to_string()),
        &ring_shared::t!("err-file-write-fix"),
    )
}
