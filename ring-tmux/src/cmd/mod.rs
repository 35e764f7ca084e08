//! One module per subcommand: its clap `Args` (every flag, for `--help`, completions and the
//! man page) and a thin `run` that hands typed values to the subsystem doing the work.
//! [`crate::cmd::cli`] lists them; a new command is a module here plus a variant there.

use ring_shared::t;

pub(crate) mod board;
pub mod cli;
pub(crate) mod cli_lang;
pub(crate) mod completions;
pub(crate) mod digest;
pub(crate) mod doctor;
pub(crate) mod explain;
pub(crate) mod gc;
pub(crate) mod hide;
pub(crate) mod hook;
pub(crate) mod install_hooks;
pub(crate) mod install_zellij;
pub(crate) mod json;
pub(crate) mod jump;
pub(crate) mod list;
pub(crate) mod man;
pub(crate) mod menu;
pub(crate) mod name;
pub(crate) mod notify;
pub(crate) mod oneline;
pub(crate) mod quiet;
pub(crate) mod remote;
pub(crate) mod remove_hooks;
pub(crate) mod reply;
pub(crate) mod serve;
pub(crate) mod stats;
pub(crate) mod status;
pub(crate) mod unhide;
pub(crate) mod uninstall;

pub(crate) use crate::gather::named::{called, every_session, report, session_of};

/// `file` in the ring folder was not changed: another writer held its lock.
pub(crate) fn file_locked(file: &str) -> std::process::ExitCode {
    crate::sys::voice::fail(
        &t!("err-file-locked", file = file),
        &t!("err-file-locked-fix"),
    )
}

/// `file` in the ring folder could not be written.
pub(crate) fn file_unwritable(file: &str, error: &std::io::Error) -> std::process::ExitCode {
    crate::sys::voice::fail(
        &t!("err-file-write", file = file, error = error.to_string()),
        &t!("err-file-write-fix"),
    )
}
