//! The `command` channel: `notify_command` run by `sh -c`, the note as JSON on its stdin
//! (the [`Note`] fields, detail included: the command runs on this machine). Past the
//! channel timeout its process group is killed (by its pid) and reaped.

use super::{Note, Target};
use anyhow::{Context, bail};
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Sends `note` to the configured command.
pub fn send(note: &Note, target: &Target) -> anyhow::Result<()> {
    let line = target
        .setting
        .as_deref()
        .with_context(|| ring_shared::t!("notify-unset", key = "notify_command"))?;
    let json = serde_json::to_vec(note)?;
    let mut cmd = Command::new("/bin/sh");
    cmd.arg("-c").arg(line);
    run(cmd, &json, super::dispatch::channel_timeout())
}

/// Runs `cmd` in a process group of its own with `input` on stdin and stdout/stderr on
/// `/dev/null`; an error when it fails, or when it is still running after `timeout` (then
/// its group is killed and it is reaped).
pub fn run(mut cmd: Command, input: &[u8], timeout: Duration) -> anyhow::Result<()> {
    let mut child = cmd
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| {
            ring_shared::t!(
                "notify-cannot-run",
                program = format!("{:?}", cmd.get_program())
            )
        })?;
    let deadline = Instant::now() + timeout;
    // A command that never reads its stdin must not block us: write from a thread.
    if let Some(mut stdin) = child.stdin.take() {
        let input = input.to_vec();
        let _ = std::thread::Builder::new()
            .name("ring-notify-stdin".into())
            .spawn(move || {
                let _ = stdin.write_all(&input);
            });
    }
    loop {
        if let Some(status) = child.try_wait()? {
            if status.success() {
                return Ok(());
            }
            bail!(
                "{}",
                ring_shared::t!(
                    "notify-command-failed",
                    program = format!("{:?}", cmd.get_program()),
                    status = status.to_string()
                )
            );
        }
        if Instant::now() >= deadline {
            kill_group(child.id());
            let _ = child.kill();
            let _ = child.wait();
            bail!(
                "{}",
                ring_shared::t!(
                    "notify-command-killed",
                    program = format!("{:?}", cmd.get_program()),
                    seconds = timeout.as_secs_f64().to_string()
                )
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
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
