//! Focus backends: how `jump` brings a session in front of its user, wherever its agent runs.
//!
//! One file per backend, each a [`Focus`]; [`all`] lists them. Which ones a session can use,
//! and in which order, is decided in `ring_shared::focus` from what its row recorded at hook
//! time and `focus_order`. Values from rows are data: each backend checks the ones it uses
//! (digits, device names, sockets this user owns) and refuses anything else; nothing goes
//! through a shell.

use ring_shared::Row;
use ring_shared::focus::Backend;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

mod hyprland;
pub(crate) mod iterm2;
pub(crate) mod jump;
mod kitty;
pub(crate) mod mux;
mod neovim;
pub(crate) mod place;
mod sway;
pub(crate) mod terminal_app;
mod wezterm;
mod x11;

/// What a backend may use of this machine: its `PATH`, its user and a deadline.
#[derive(Debug, Clone)]
pub(crate) struct Sys {
    pub path: OsString,
    pub uid: u32,
    pub deadline: Instant,
    /// The tmux server and client the jump came from (`--socket`, `--client`).
    pub tmux_socket: Option<String>,
    pub tmux_client: Option<String>,
    /// A person ran `jump` from a shell outside tmux: a session in tmux is reached by
    /// attaching this terminal to its server (the process becomes `tmux attach`).
    pub attach: bool,
}

impl Sys {
    /// This process's `PATH` and user, with `deadline`.
    pub fn here(deadline: Instant) -> Sys {
        Sys {
            path: std::env::var_os("PATH").unwrap_or_default(),
            uid: rustix::process::geteuid().as_raw(),
            deadline,
            tmux_socket: None,
            tmux_client: None,
            attach: false,
        }
    }

    /// `program` on `PATH`, if there.
    pub fn which(&self, program: &str) -> Option<PathBuf> {
        crate::sys::run::which(program, &self.path)
    }

    /// Runs `program args` (no shell, bounded by the deadline) with `env` added; its stdout
    /// when it exits 0, else why not.
    pub fn run(
        &self,
        program: &str,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Result<String, String> {
        let path = self
            .which(program)
            .ok_or_else(|| ring_shared::t!("focus-not-installed", program = program))?;
        let mut command = Command::new(path);
        command.args(args);
        for (k, v) in env {
            command.env(k, v);
        }
        match crate::sys::run::bounded(command, self.deadline) {
            Some(out) if out.success => Ok(out.stdout),
            Some(_) => Err(failed(program, args)),
            None => Err(ring_shared::t!("focus-timeout", program = program)),
        }
    }

    /// [`Self::run`] for a program that prints its answer on stderr (Neovim 0.7's
    /// `--remote-expr`): stdout and stderr together. Killed with its process group at the
    /// deadline.
    pub fn run_merged(&self, program: &str, args: &[&str]) -> Result<String, String> {
        use std::io::Read;
        use std::os::unix::process::CommandExt;
        let path = self
            .which(program)
            .ok_or_else(|| ring_shared::t!("focus-not-installed", program = program))?;
        let no_start = |e: std::io::Error| {
            ring_shared::t!("focus-no-start", program = program, error = e.to_string())
        };
        let (mut reader, writer) = std::io::pipe().map_err(no_start)?;
        let mut command = Command::new(path);
        command
            .args(args)
            .process_group(0)
            .stdin(std::process::Stdio::null())
            .stdout(writer.try_clone().map_err(no_start)?)
            .stderr(writer);
        let mut child = command.spawn().map_err(no_start)?;
        // The command holds the pipe's writing ends: without dropping it, reading never ends.
        drop(command);
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < self.deadline => {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                _ => break None,
            }
        };
        let group = i32::try_from(child.id())
            .ok()
            .and_then(rustix::process::Pid::from_raw);
        if let Some(group) = group {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
        let _ = child.kill();
        let _ = child.wait();
        let mut out = String::new();
        let _ = reader.read_to_string(&mut out);
        match status {
            Some(s) if s.success() => Ok(out),
            Some(_) => Err(failed(program, args)),
            None => Err(ring_shared::t!("focus-timeout", program = program)),
        }
    }
}

/// "PROGRAM COMMAND failed".
fn failed(program: &str, args: &[&str]) -> String {
    ring_shared::t!(
        "focus-failed",
        program = program,
        command = *args.first().unwrap_or(&"")
    )
}

/// One way to bring a session in front of its user.
pub(crate) trait Focus {
    /// Which backend this is (its name, whether it is inner, what a row needs).
    fn backend(&self) -> Backend;
    /// The programs it runs (any one is enough): `doctor` says whether this machine has them.
    fn programs(&self) -> &'static [&'static str];
    /// Whether this machine can run it.
    fn available(&self, sys: &Sys) -> bool {
        self.programs().iter().any(|p| sys.which(p).is_some())
    }
    /// Brings the row's session forward: what it selected, or why it could not.
    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String>;
}

/// Every backend, in [`Backend::ALL`]'s order.
pub(crate) fn all() -> [&'static dyn Focus; 10] {
    [
        &neovim::Neovim,
        &mux::Tmux,
        &mux::Zellij,
        &kitty::Kitty,
        &wezterm::Wezterm,
        &iterm2::Iterm2,
        &terminal_app::TerminalApp,
        &hyprland::Hyprland,
        &sway::Sway,
        &x11::X11,
    ]
}

/// The backend implementing `backend`.
pub(crate) fn of(backend: Backend) -> &'static dyn Focus {
    all()
        .into_iter()
        .find(|f| f.backend() == backend)
        .expect("every Backend has its Focus in all()")
}

/// What one jump did, backend by backend.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// What each backend that succeeded selected, innermost first.
    pub done: Vec<String>,
    /// Why each backend that was tried failed (`name: why`).
    pub failed: Vec<String>,
}

impl Outcome {
    pub fn reached(&self) -> bool {
        !self.done.is_empty()
    }
}

/// Runs the row's plan: every inner backend that applies (a Neovim buffer, then a tmux pane
/// or zellij tab), then terminal backends until one succeeds.
pub(crate) fn reach(row: &Row, order: &[Backend], sys: &Sys) -> Outcome {
    let mut outcome = Outcome::default();
    for backend in ring_shared::focus::plan(order, row) {
        let focus = of(backend);
        if !focus.available(sys) {
            outcome
                .failed
                .push(ring_shared::t!("focus-not-here", backend = backend.name()));
            continue;
        }
        match focus.focus(row, sys) {
            Ok(what) => {
                outcome.done.push(what);
                if !backend.inner() {
                    break;
                }
            }
            Err(why) => outcome.failed.push(format!("{}: {why}", backend.name())),
        }
    }
    outcome
}

/// Brings forward the macOS terminal tab on the row's tty: `script(tty)` is an AppleScript
/// (`osascript -e`) that answers `ok` when it did and `notfound` when the app has no such tab;
/// `what` names the tab (iTerm2 session, Terminal.app tab).
pub(crate) fn tab_on_tty(
    row: &Row,
    sys: &Sys,
    script: fn(&str) -> String,
    what: &str,
) -> Result<String, String> {
    let tty = row
        .tty
        .as_deref()
        .filter(|t| ring_shared::focus::tty_path(t))
        .ok_or_else(|| ring_shared::t!("focus-no-tty"))?;
    match sys.run("osascript", &["-e", &script(tty)], &[])?.trim() {
        "ok" => Ok(ring_shared::t!("focus-tab", what = what, tty = tty)),
        "notfound" => Err(ring_shared::t!("focus-no-tab")),
        other => Err(ring_shared::t!(
            "focus-osascript",
            answer = format!("{:?}", ring_shared::format::sanitize(other))
        )),
    }
}

/// A recorded variable of the row, if present.
pub(crate) fn recorded<'r>(row: &'r Row, key: &str) -> Option<&'r str> {
    row.term_env.get(key).map(String::as_str)
}

/// `path` is a socket owned by `uid`, reached without following a symlink at its end:
/// another account's socket (a prompt-injected agent could point `$NVIM` at one) is refused.
pub(crate) fn own_socket(path: &str, uid: u32) -> Result<&Path, String> {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let p = Path::new(path);
    if !p.is_absolute() {
        return Err(ring_shared::t!("focus-socket-relative"));
    }
    let meta = std::fs::symlink_metadata(p).map_err(|_| ring_shared::t!("focus-socket-gone"))?;
    if !meta.file_type().is_socket() {
        return Err(ring_shared::t!("focus-socket-not-socket"));
    }
    if meta.uid() != uid {
        return Err(ring_shared::t!("focus-socket-other-user"));
    }
    Ok(p)
}

/// The agent's process and its ancestors (nearest first), from `/proc`.
pub(crate) fn ancestors(row: &Row) -> Vec<i64> {
    let Some(pid) = row.agent_pid else {
        return Vec::new();
    };
    // A pid the kernel gave to another process since is not the agent.
    let alive = crate::sys::tty::read_stat(pid).is_some_and(|s| {
        row.agent_start
            .is_none_or(|t| i64::try_from(s.start_ticks) == Ok(t))
    });
    if !alive {
        return Vec::new();
    }
    let mut chain = vec![pid];
    let mut at = pid;
    while let Some(up) = crate::sys::tty::read_stat(at).map(|s| s.ppid) {
        if up <= 1 || chain.contains(&up) || chain.len() > 64 {
            break;
        }
        chain.push(up);
        at = up;
    }
    chain
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_backend_has_one_focus_in_order() {
        let names: Vec<Backend> = all().iter().map(|f| f.backend()).collect();
        assert_eq!(names, Backend::ALL);
    }

    #[test]
    fn a_socket_of_another_kind_or_owner_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("f");
        std::fs::write(&file, "").expect("write");
        let uid = rustix::process::geteuid().as_raw();
        let file = file.to_str().expect("utf-8");
        assert!(
            own_socket(file, uid)
                .expect_err("a file")
                .contains("not a socket")
        );
        assert!(own_socket("relative", uid).is_err());
        let sock = dir.path().join("s");
        let _l = std::os::unix::net::UnixListener::bind(&sock).expect("bind");
        let sock = sock.to_str().expect("utf-8");
        assert!(own_socket(sock, uid).is_ok());
        assert!(
            own_socket(sock, uid + 1)
                .expect_err("another owner")
                .contains("another user")
        );
    }
}
