//! Running `tmux` against one server, bounded in time, and the checks every value we splice
//! into a tmux command goes through.
//!
//! Every call names its server with `-S <socket>` (never the default server of whoever runs
//! us) and is killed when it outlives its deadline: a hook must never hang an agent on a stuck
//! tmux server. [`bounded`] is how ring runs every short-lived child (tmux, zellij, doctor's
//! probes): in a process group of its own, `SIGKILL`ed with everything it started once past
//! its deadline (a `SIGTERM` can be ignored), and always reaped.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long one push may take in all. Nobody waits for it (it runs in the hook's detached
/// child), but a push that lands seconds late shows a stale badge: on a busy machine (the
/// real-agent suite runs two agents beside two test suites) 300 ms was too short.
pub const PUSH_BUDGET: Duration = Duration::from_secs(2);
/// How long a drift repair or an evidence listing may take (they run inside the status job,
/// after the line is printed; a repair that runs out gives its claim back).
pub const REPAIR_BUDGET: Duration = Duration::from_secs(1);

/// What a finished tmux call printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Exit status was 0.
    pub success: bool,
    /// Standard output, lossily decoded.
    pub stdout: String,
}

/// The socket path of the server we run inside: `$TMUX` is `socket,pid,session`; tmux itself
/// takes everything before the first comma.
pub fn socket_from_env() -> Option<String> {
    let tmux = std::env::var("TMUX").ok()?;
    socket_of(&tmux)
}

/// The socket part of a `$TMUX` value; `None` when empty.
pub fn socket_of(tmux_env: &str) -> Option<String> {
    let socket = tmux_env.split(',').next().unwrap_or_default().trim();
    (!socket.is_empty()).then(|| socket.to_owned())
}

/// `%` followed by digits: the only pane ids we put into a command.
pub fn is_pane_id(text: &str) -> bool {
    text.strip_prefix('%')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A terminal device path we can compare inside a tmux format: `/dev/` then only characters
/// that mean nothing to tmux's format or command parsers.
pub fn is_tty_path(text: &str) -> bool {
    text.strip_prefix("/dev/").is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'.' | b'-'))
    })
}

/// The folder of [`state_dir`], inside the ring folder.
pub const STATE_DIR: &str = "tmux";

/// `tmux/` in the ring folder, for ring's own tmux state (repair stamps, the last jump).
/// Created 0700 when missing; `None` when the ring folder itself does not exist (it is the
/// hook's to create, with its modes).
pub fn state_dir(ring_home: &Path) -> Option<PathBuf> {
    if !ring_home.is_dir() {
        return None;
    }
    let dir = ring_home.join(STATE_DIR);
    crate::store::ensure_dir(&dir).ok().map(|()| dir)
}

/// Runs `tmux -S socket args…` with [`bounded`].
pub fn run(socket: &str, args: &[String], deadline: Instant) -> Option<Output> {
    bounded(tmux_command(socket, args), deadline)
}

/// `tmux -S socket args…`, not started.
pub fn tmux_command(socket: &str, args: &[String]) -> Command {
    let mut command = Command::new(tmux_program());
    command.arg("-S").arg(Path::new(socket)).args(args);
    command
}

/// Runs `command` (stdin and stderr on `/dev/null`, stdout captured) in a new process group
/// and waits at most until `deadline`. Past it, or once the child has exited, whatever is
/// left of its group is killed with `SIGKILL` (nothing it started outlives it, or holds its
/// stdout open), and the child is reaped. `None` when it could not start or did not finish
/// in time.
pub fn bounded(command: Command, deadline: Instant) -> Option<Output> {
    wait_until(spawn_grouped(command)?, deadline)
}

/// The most of a [`bounded_large`] child's stdout that is read: past it the child blocks on
/// its pipe and is killed at its deadline.
const LARGE_CAP: u64 = 64 << 20;

/// [`bounded`] for a child whose output may not fit the pipe buffer (a captured screen: a wide
/// pane of box drawing is past 64 KiB; a board snapshot for `serve`): a thread reads stdout,
/// at most [`LARGE_CAP`], while the child runs.
pub fn bounded_large(command: Command, deadline: Instant) -> Option<Output> {
    let mut child = spawn_grouped(command)?;
    let pipe = child.stdout.take()?;
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.take(LARGE_CAP).read_to_end(&mut bytes);
        bytes
    });
    // The reader holds stdout: `wait_until` sees none and reads nothing.
    let finished = wait_until(child, deadline);
    let bytes = reader.join().unwrap_or_default();
    finished.map(|o| Output {
        success: o.success,
        stdout: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

/// `command` started in a process group of its own, stdin and stderr on `/dev/null`, stdout
/// piped.
fn spawn_grouped(mut command: Command) -> Option<Child> {
    use std::os::unix::process::CommandExt;
    command
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()
}

/// `SIGKILL` to the process group led by `child` (see [`bounded`]).
fn kill_group(child: &Child) {
    let group = i32::try_from(child.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw);
    if let Some(group) = group {
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
}

/// Becomes `tmux -S socket ARGV` (exec): for a command that returns only when a person is
/// done with it (`display-menu`, `display-popup`), no timeout is held on them. Returns only
/// when tmux cannot be run, with the message.
pub fn hand_over(socket: &str, argv: &[String]) -> std::process::ExitCode {
    use std::os::unix::process::CommandExt;
    let err = Command::new(tmux_program())
        .arg("-S")
        .arg(Path::new(socket))
        .args(argv)
        .exec();
    crate::sys::voice::fail(
        &ring_shared::t!("err-run-tmux", error = err.to_string()),
        &ring_shared::t!("err-run-tmux-fix"),
    )
}

/// The tmux binary: `tmux` on `PATH` (tests point `PATH` elsewhere when they need to).
pub fn tmux_program() -> &'static str {
    "tmux"
}

fn wait_until(mut child: Child, deadline: Instant) -> Option<Output> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                // Nothing left in the group may hold stdout open; our outputs are a few lines,
                // they fit the pipe buffer, so reading after the exit cannot block.
                kill_group(&child);
                let mut stdout = String::new();
                if let Some(mut pipe) = child.stdout.take() {
                    let mut bytes = Vec::new();
                    let _ = pipe.read_to_end(&mut bytes);
                    stdout = String::from_utf8_lossy(&bytes).into_owned();
                }
                return Some(Output {
                    success: status.success(),
                    stdout,
                });
            }
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
            _ => {
                kill_group(&child);
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// A client name safe to put in a command after `-c` or `-t`: tty paths and `client-123`,
/// never empty and never starting with `-` (an option to tmux).
pub(crate) fn is_client_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('-')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'.' | b'-'))
}

/// A regular file with an execute bit.
pub fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| {
        m.is_file() && std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o111 != 0
    })
}

/// The first executable `name` on `path` (a `PATH`-style list).
pub fn which(name: &str, path: &std::ffi::OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

/// Whether two paths name one file (same device and inode, links followed): a symlink or a
/// hard link to this binary is this binary.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Quotes `word` for `sh` when it holds anything but safe characters.
pub fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./+,:@%=".contains(c));
    if safe {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::plain("/tmp/tmux-0/default,1234,0", Some("/tmp/tmux-0/default"))]
    #[case::no_commas("/tmp/s", Some("/tmp/s"))]
    #[case::empty("", None)]
    #[case::only_commas(",1,2", None)]
    fn socket_of_takes_the_part_before_the_first_comma(
        #[case] env: &str,
        #[case] want: Option<&str>,
    ) {
        assert_eq!(socket_of(env).as_deref(), want);
    }

    #[rstest]
    #[case::pane("%0", true)]
    #[case::big_pane("%12345", true)]
    #[case::bare_percent("%", false)]
    #[case::no_percent("12", false)]
    #[case::target("main:1.0", false)]
    #[case::injection("%1 ; kill-server", false)]
    #[case::format("%1#{pane_id}", false)]
    fn pane_ids_are_percent_digits_only(#[case] text: &str, #[case] ok: bool) {
        assert_eq!(is_pane_id(text), ok);
    }

    #[rstest]
    #[case::linux("/dev/pts/3", true)]
    #[case::macos("/dev/ttys004", true)]
    #[case::bare_dev("/dev/", false)]
    #[case::relative("pts/3", false)]
    #[case::comma("/dev/pts/3,x", false)]
    #[case::brace("/dev/pts/3}", false)]
    #[case::space("/dev/pts 3", false)]
    #[case::hash("/dev/#(x)", false)]
    fn tty_paths_hold_no_format_syntax(#[case] text: &str, #[case] ok: bool) {
        assert_eq!(is_tty_path(text), ok);
    }

    #[test]
    fn state_dir_is_private_and_never_creates_the_ring_folder() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().expect("temp dir");
        assert_eq!(state_dir(&tmp.path().join("missing")), None);
        assert!(!tmp.path().join("missing").exists());
        let dir = state_dir(tmp.path()).expect("created");
        let mode = std::fs::metadata(&dir)
            .expect("exists")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700);
    }

    #[test]
    fn a_large_output_is_read_whole() {
        let mut command = Command::new("sh");
        command.args(["-c", "yes ─────────────────── | head -c 300000"]);
        let deadline = Instant::now() + Duration::from_secs(20);
        let out = bounded_large(command, deadline).expect("finished");
        assert!(out.success);
        assert_eq!(out.stdout.len(), 300_000);
    }

    #[test]
    fn a_command_past_its_deadline_is_killed() {
        let mut sleep = Command::new("sleep");
        sleep.arg("5");
        // `None` means killed: a `sleep` that ran out its 5 s would have exited 0.
        assert_eq!(bounded(sleep, Instant::now()), None);
    }

    #[test]
    fn a_command_that_ignores_sigterm_and_leaves_a_child_behind_is_still_killed_in_time() {
        let start = Instant::now();
        let mut sh = Command::new("/bin/sh");
        sh.args(["-c", "trap '' TERM; sleep 30 & echo started; wait"]);
        assert_eq!(bounded(sh, start + Duration::from_millis(200)), None);
        let mut sh = Command::new("/bin/sh");
        // Exits at once, its background child holding stdout: still read, and done, at once.
        sh.args(["-c", "sleep 30 & echo done"]);
        let out = bounded(sh, Instant::now() + Duration::from_secs(20)).expect("finishes");
        assert_eq!(out.stdout, "done\n");
        assert!(start.elapsed() < Duration::from_secs(10));
    }
}
