//! Running `ring-tmux` on another machine over the user's own ssh: an argv (never a shell
//! line built from config), one multiplexed connection per host (ControlMaster, its socket
//! in ring's 0700 folder), and a hard deadline after which the child's process group is
//! killed by its pid.
//!
//! ```text
//! ssh [remote_ssh_command args] -o BatchMode=yes -o ConnectTimeout=N
//!     -o ControlMaster=auto -o ControlPath=RING_HOME/ssh/%C -o ControlPersist=60 [-t]
//!     -- HOST env RING_LANG=en 'ring-tmux' 'json' '--snapshot'
//! ```
//!
//! ssh hands the words after HOST to the remote shell joined by spaces, so each is
//! single-quoted ([`shell_word`]); only `remote_ring_command`, checked to hold no shell
//! character, goes bare (its `~` may expand), after `env RING_LANG=TAG` (this side's
//! language, one of the catalogue's tags), so the host's ring answers in the user's language.

use ring_shared::config::Config;
use ring_shared::t;
use ring_shared::view::remote::{shell_word, valid_host};
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The most a remote command may print (a snapshot of many sessions is far below).
pub(crate) const OUTPUT_CAP: usize = 4 << 20;

/// The longest ControlPath ring uses: a unix socket path has 108 bytes on Linux, and ssh
/// adds a temporary suffix while it sets the socket up.
const CONTROL_PATH_MAX: usize = 80;

/// How ssh is run for one host.
pub(crate) struct Ssh<'a> {
    pub config: &'a Config,
    pub ring_home: &'a Path,
}

/// What a remote command gave back.
#[derive(Debug)]
pub(crate) struct Output {
    pub success: bool,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl Ssh<'_> {
    /// The argv of `ssh … -- HOST words…`: `words[0]` is replaced by `remote_ring_command`
    /// when it is `ring-tmux`; every other word is quoted for the remote shell.
    pub fn argv(&self, host: &str, tty: bool, words: &[&str]) -> Option<Vec<String>> {
        if !valid_host(host) {
            return None;
        }
        let mut argv = self.config.remote_ssh_command.clone();
        let timeout = self.config.remote_timeout_seconds;
        argv.extend(["-o".into(), "BatchMode=yes".into()]);
        argv.extend(["-o".into(), format!("ConnectTimeout={timeout}")]);
        if let Some(path) = self.control_path() {
            argv.extend(["-o".into(), "ControlMaster=auto".into()]);
            argv.extend(["-o".into(), format!("ControlPath={path}")]);
            argv.extend(["-o".into(), "ControlPersist=60".into()]);
        }
        if tty {
            argv.push("-t".into());
        }
        argv.extend(["--".into(), host.to_owned()]);
        for (i, word) in words.iter().enumerate() {
            if i == 0 && *word == "ring-tmux" {
                let lang = ring_shared::i18n::lang().tag();
                argv.extend(["env".into(), format!("RING_LANG={lang}")]);
                argv.push(self.config.remote_ring_command.clone());
            } else {
                argv.push(shell_word(word));
            }
        }
        Some(argv)
    }

    /// `RING_HOME/ssh/%C` in a 0700 folder ring owns, when the ring folder is there and the
    /// path short enough for a socket.
    fn control_path(&self) -> Option<String> {
        let base = crate::store::safe::Dir::open(self.ring_home).ok()?;
        let dir = base.sub("ssh", true).ok()?;
        let path = format!("{}/%C", dir.path().to_str()?);
        // `%C` becomes 40 hex digits.
        (path.len() - 2 + 40 <= CONTROL_PATH_MAX).then_some(path)
    }

    /// Runs `words` on `host` with stdin closed, within `remote_timeout_seconds` (then its
    /// process group is killed and it is reaped). `Err`: why it gave nothing.
    pub fn run(&self, host: &str, words: &[&str]) -> Result<Output, String> {
        let argv = self
            .argv(host, false, words)
            .ok_or_else(|| t!("remote-bad-host", host = format!("{host:?}")))?;
        let timeout = Duration::from_secs(self.config.remote_timeout_seconds.unsigned_abs());
        run_argv(&argv, timeout)
    }
}

/// Runs `argv` (stdin `/dev/null`, output capped at [`OUTPUT_CAP`]), killing its process
/// group past `timeout`.
pub(crate) fn run_argv(argv: &[String], timeout: Duration) -> Result<Output, String> {
    let (program, args) = argv.split_first().ok_or_else(|| t!("remote-no-ssh"))?;
    let mut child = Command::new(program)
        .args(args)
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            t!(
                "remote-cannot-run",
                program = program.as_str(),
                error = e.to_string()
            )
        })?;
    let stdout = reader(child.stdout.take());
    let stderr = reader(child.stderr.take());
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(20));
            }
            _ => {
                kill_group(child.id());
                let _ = child.kill();
                let _ = child.wait();
                return Err(t!("remote-no-answer", seconds = timeout.as_secs()));
            }
        }
    };
    // The output ends with the child; a second more covers the pipes draining.
    let collect = |rx: mpsc::Receiver<Result<Vec<u8>, String>>| {
        rx.recv_timeout(Duration::from_secs(1))
            .unwrap_or_else(|_| Err(t!("remote-output-unended")))
    };
    let stdout = collect(stdout)?;
    let stderr = collect(stderr).unwrap_or_default();
    Ok(Output {
        success: status.success(),
        stdout,
        stderr,
    })
}

/// Reads a pipe to its end in a thread, up to [`OUTPUT_CAP`] (more is an error).
fn reader(pipe: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Result<Vec<u8>, String>> {
    let (tx, rx) = mpsc::channel();
    let Some(pipe) = pipe else {
        let _ = tx.send(Ok(Vec::new()));
        return rx;
    };
    let _ = std::thread::Builder::new()
        .name("ring-ssh-read".into())
        .spawn(move || {
            let mut out = Vec::new();
            let cap = u64::try_from(OUTPUT_CAP).unwrap_or(u64::MAX) + 1;
            let read = pipe.take(cap).read_to_end(&mut out);
            let result = match read {
                Err(e) => Err(t!("remote-output-unread", error = e.to_string())),
                Ok(_) if out.len() > OUTPUT_CAP => Err(t!("remote-output-cap", bytes = OUTPUT_CAP)),
                Ok(_) => Ok(out),
            };
            let _ = tx.send(result);
        });
    rx
}

/// `SIGKILL` to the process group led by `pid` (the child we started, by its pid).
fn kill_group(pid: u32) {
    if let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

/// The last line of ssh's stderr, sanitized: why a host did not answer.
pub(crate) fn reason(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let line = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    ring_shared::format::truncate(&ring_shared::format::sanitize(line.trim()), 160)
}

/// Why a host gave nothing, in the catalogue's words alone (no user@host, path or key
/// name), for a page beyond loopback: timed out (ssh's or ring's own deadline), unreachable
/// (no way there), or else refused (ssh, or the host's ring, said no).
pub(crate) fn public_reason(raw: &str) -> String {
    // ring's own deadline, in this language: its longest piece around the number.
    let deadline = t!("remote-no-answer", seconds = 0);
    let ours = deadline.split('0').max_by_key(|piece| piece.len());
    // ssh's own words (OpenSSH speaks English), one word each.
    let nowhere = ["resolve", "unreachable", "route", "closed", "reset"];
    if raw.contains("timed") || ours.is_some_and(|p| raw.contains(p.trim())) {
        t!("remote-timed-out")
    } else if nowhere.iter().any(|w| raw.contains(w)) || raw == t!("remote-ssh-failed") {
        t!("remote-unreachable")
    } else {
        t!("remote-refused")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::refused(
        "ssh: connect to host 10.0.0.2 port 22: Connection refused",
        "remote-refused"
    )]
    #[case::key("alice@devbox: Permission denied (publickey).", "remote-refused")]
    #[case::ssh_timeout(
        "ssh: connect to host devbox port 22: Connection timed out",
        "remote-timed-out"
    )]
    #[case::unresolved(
        "ssh: Could not resolve hostname devbox: Name or service not known",
        "remote-unreachable"
    )]
    #[case::the_host_said_no("hosta: the dialog changed since it was listed", "remote-refused")]
    fn a_host_s_failure_is_told_without_its_details(#[case] raw: &str, #[case] key: &str) {
        assert_eq!(public_reason(raw), ring_shared::i18n::text(key, None));
        let ours = t!("remote-no-answer", seconds = 15);
        assert_eq!(public_reason(&ours), t!("remote-timed-out"), "{ours}");
    }
}
