//! One voice for what the commands tell a person on stderr (`docs/cli.md`):
//!
//! ```text
//! ring-tmux: <what went wrong>; <what to do>
//! ```
//!
//! The prefix is coloured only when stderr is a terminal and `NO_COLOR` is unset. Exit codes:
//! [`OK`] (0), [`FAILURE`] (1: the command ran and something failed), [`USAGE`] (2: the command
//! line was wrong, nothing was done). Reports a command prints as its output (doctor's findings,
//! gc's list) go to stdout and are not errors.

use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

/// Exit code 0: done.
pub const OK: ExitCode = ExitCode::SUCCESS;
/// Exit code 1: the command ran and failed (a file it could not write, no tmux server).
pub const FAILURE: ExitCode = ExitCode::FAILURE;
/// Exit code 2: a usage error (an unknown flag, a value that does not parse); nothing was done.
pub const USAGE: u8 = 2;

/// The prefix every message starts with.
pub const PREFIX: &str = "ring-tmux:";

/// Whether to colour the prefix on stderr.
fn colour() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal()
}

/// `ring-tmux: <what>; <fix>` (just `<what>` when `fix` is empty), as one line.
pub fn line(what: &str, fix: &str, colour: bool) -> String {
    let prefix = if colour {
        format!("\x1b[1;31m{PREFIX}\x1b[0m")
    } else {
        PREFIX.to_owned()
    };
    if fix.is_empty() {
        format!("{prefix} {what}\n")
    } else {
        format!("{prefix} {what}; {fix}\n")
    }
}

/// Prints `ring-tmux: <what>; <fix>` on stderr (a closed stderr is ignored).
pub fn error(what: &str, fix: &str) {
    let _ = std::io::stderr().write_all(line(what, fix, colour()).as_bytes());
}

/// The catalogue's `key` about a file: its `path` and the `error`, both terminal-safe
/// (`err-write`: "cannot write PATH: ERROR"). Every message about a file that failed is said so.
pub fn about(key: &str, path: &Path, error: impl Display) -> String {
    let mut args = ring_shared::i18n::Args::new();
    args.set("path", super::printable::path(path));
    args.set("error", super::printable::printable(&error.to_string()));
    ring_shared::i18n::text(key, Some(&args))
}

/// [`error`] about a file ([`about`]), with the catalogue's `fix`.
pub fn file_error(key: &str, path: &Path, error: impl Display, fix: &str) {
    self::error(
        &about(key, path, error),
        &ring_shared::i18n::text(fix, None),
    );
}

/// A warning in the same voice: the command goes on.
pub fn warn(what: &str) {
    error(what, "");
}

/// [`error`], then [`FAILURE`].
pub fn fail(what: &str, fix: &str) -> ExitCode {
    error(what, fix);
    FAILURE
}

/// [`error`], then exit code [`USAGE`].
pub fn usage(what: &str, fix: &str) -> ExitCode {
    error(what, fix);
    ExitCode::from(USAGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_has_the_prefix_what_and_fix() {
        assert_eq!(
            line("no ring folder", "run install-hooks", false),
            "ring-tmux: no ring folder; run install-hooks\n"
        );
        assert_eq!(line("skipped x", "", false), "ring-tmux: skipped x\n");
    }

    #[test]
    fn colour_wraps_only_the_prefix() {
        assert_eq!(line("a", "b", true), "\x1b[1;31mring-tmux:\x1b[0m a; b\n");
    }
}
