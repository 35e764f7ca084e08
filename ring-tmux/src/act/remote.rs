//! `jump` and `reply` for a session on another host: both go through ssh, and only there.
//!
//! * jump: inside tmux, a window named `host:project` running `ssh -t HOST tmux attach -t
//!   PANE` (selected when it is there already); outside tmux, that ssh in place of ring.
//! * reply: the remote `ring-tmux reply --session ID [N] [--expect FINGERPRINT]`, so the
//!   host's own ring reads its screen and sends nothing unless the dialog is still the one
//!   listed. Its output is the host's word: printed sanitized, its ids named `host:id`.

use crate::gather::remote::RemoteId;
use crate::gather::remote::ssh::{Output, Ssh, reason};
use crate::sys::env::Env;
use crate::sys::run;
use ring_shared::config::Config;
use ring_shared::format::sanitize;
use ring_shared::t;
use ring_shared::view::Entry;
use ring_shared::view::remote::{Remote, valid_session_id};
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The most a remote reply may take: its own capture, settle and wait for the dialog to go.
const REPLY_BUDGET: Duration = Duration::from_secs(30);

fn remote_of(entry: &Entry) -> Result<&Remote, ExitCode> {
    entry.remote.as_ref().ok_or_else(|| {
        crate::sys::voice::fail(&t!("err-remote-local"), &t!("err-remote-local-fix"))
    })
}

/// The words that attach to `remote`'s pane on its host.
fn attach_words(remote: &Remote) -> Option<Vec<String>> {
    let pane = remote.tmux_pane.clone()?;
    let mut words = vec!["tmux".to_owned()];
    if let Some(socket) = &remote.tmux_socket {
        words.extend(["-S".to_owned(), socket.clone()]);
    }
    for (i, command) in ["attach-session", "select-window", "select-pane"]
        .iter()
        .enumerate()
    {
        if i > 0 {
            words.push(";".to_owned());
        }
        words.extend([(*command).to_owned(), "-t".to_owned(), pane.clone()]);
    }
    Some(words)
}

/// The name of the jump window: the session's name, its `#` dropped (a name is not a
/// format, but a status line may draw it as one).
pub(crate) fn window_name(entry: &Entry) -> String {
    sanitize(entry.name()).replace('#', "")
}

/// `jump` to a remote session: `socket` is the tmux server to open the window in (`None`:
/// not in tmux, ssh runs here), `client` the client to switch.
pub(crate) fn jump(entry: &Entry, socket: Option<&str>, client: Option<&str>) -> ExitCode {
    let remote = match remote_of(entry) {
        Ok(remote) => remote,
        Err(code) => return code,
    };
    let env = Env::from_process();
    let config = crate::gather::read_config(&env.ring_home).0;
    let ssh = Ssh {
        config: &config,
        ring_home: &env.ring_home,
    };
    let Some(words) = attach_words(remote) else {
        return crate::sys::voice::fail(
            &t!("err-remote-no-pane", session = sanitize(entry.name())),
            &t!("err-remote-no-pane-fix", host = remote.host.as_str()),
        );
    };
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let Some(argv) = ssh.argv(&remote.host, true, &words) else {
        return crate::sys::voice::FAILURE;
    };
    match socket {
        Some(socket) => open_window(socket, client, &window_name(entry), &argv),
        None => exec(&argv),
    }
}

fn exec(argv: &[String]) -> ExitCode {
    use std::os::unix::process::CommandExt;
    let Some((program, args)) = argv.split_first() else {
        return crate::sys::voice::FAILURE;
    };
    let err = std::process::Command::new(program).args(args).exec();
    crate::sys::voice::fail(
        &t!(
            "err-remote-cannot-run",
            program = program.as_str(),
            error = err.to_string()
        ),
        &t!("err-remote-cannot-run-fix"),
    )
}

/// Selects the window called `name` on `socket`'s server, or opens it running `argv`.
fn open_window(socket: &str, client: Option<&str>, name: &str, argv: &[String]) -> ExitCode {
    let deadline = Instant::now() + Duration::from_secs(3);
    let call = |args: Vec<String>| run::run(socket, &args, deadline).filter(|o| o.success);
    let list = vec![
        "list-windows".to_owned(),
        "-a".to_owned(),
        "-F".to_owned(),
        "#{window_id}\t#{window_name}".to_owned(),
    ];
    let existing = call(list).and_then(|o| {
        o.stdout
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .find(|(_, n)| *n == name)
            .map(|(id, _)| id.to_owned())
    });
    let window = match existing {
        Some(id) => id,
        None => {
            let mut args: Vec<String> = ["new-window", "-d", "-P", "-F", "#{window_id}", "-n"]
                .iter()
                .map(|s| (*s).to_owned())
                .collect();
            args.push(name.to_owned());
            args.extend(argv.iter().cloned());
            match call(args) {
                Some(o) => o.stdout.trim().to_owned(),
                None => {
                    return crate::sys::voice::fail(
                        &t!("err-remote-no-window"),
                        &t!("err-remote-no-window-fix"),
                    );
                }
            }
        }
    };
    let mut switch = vec!["switch-client".to_owned()];
    switch.extend(crate::tmux::client_args(client));
    switch.extend(["-t".to_owned(), window.clone()]);
    // No client (a test, a script): the window is there; switching is the client's part.
    let _ = call(switch);
    if client.is_none() {
        crate::gather::named::report(&t!(
            "err-remote-opened",
            name = name,
            window = sanitize(&window)
        ));
    }
    ExitCode::SUCCESS
}

/// Why a remote reply sent nothing: what happened, and what to do.
pub(crate) struct Refused {
    pub what: String,
    pub fix: String,
}

/// Whether `fp` can be a fingerprint a listing printed (hex digits, short).
fn valid_fingerprint(fp: &str) -> bool {
    fp.len() <= 64 && fp.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Runs the host's own `ring-tmux reply --session ID [N] [--expect FP] [--json]` for the
/// session `remote`: the host reads its screen and types nothing unless the dialog is still
/// the one listed. `Ok` is whatever the host answered (its success included).
pub(crate) fn call_reply(
    remote: &RemoteId,
    number: Option<u32>,
    expect: Option<&str>,
    json: bool,
) -> Result<Output, Refused> {
    if !valid_session_id(&remote.session_id) {
        return Err(Refused {
            what: t!("err-remote-bad-id", host = remote.host.as_str()),
            fix: t!("err-remote-bad-id-fix"),
        });
    }
    if expect.is_some_and(|fp| !valid_fingerprint(fp)) {
        return Err(Refused {
            what: t!("err-remote-bad-expect"),
            fix: t!("err-remote-bad-expect-fix"),
        });
    }
    let number = number.map(|n| n.to_string());
    let mut words = vec!["ring-tmux", "reply", "--session", &remote.session_id];
    words.extend(number.as_deref());
    if let Some(fp) = expect {
        words.extend(["--expect", fp]);
    }
    if json {
        words.push("--json");
    }
    let env = Env::from_process();
    let mut config: Config = crate::gather::read_config(&env.ring_home).0;
    config.remote_timeout_seconds = config
        .remote_timeout_seconds
        .max(REPLY_BUDGET.as_secs().try_into().unwrap_or(30));
    let ssh = Ssh {
        config: &config,
        ring_home: &env.ring_home,
    };
    ssh.run(&remote.host, &words).map_err(|why| Refused {
        what: t!(
            "err-remote-silent",
            host = remote.host.as_str(),
            why = sanitize(&why)
        ),
        fix: t!("err-remote-silent-fix"),
    })
}

/// `reply` to a remote session: the host's own `ring-tmux reply`, its output relayed.
pub(crate) fn reply(
    entry: &Entry,
    number: Option<u32>,
    expect: Option<&str>,
    json: bool,
) -> ExitCode {
    let Some(remote) = RemoteId::of(entry) else {
        return crate::sys::voice::fail(&t!("err-remote-local"), &t!("err-remote-local-fix"));
    };
    if expect.is_some_and(|fp| !valid_fingerprint(fp)) {
        return crate::sys::voice::usage(
            &t!("err-remote-bad-expect"),
            &t!("err-remote-bad-expect-fix"),
        );
    }
    match call_reply(&remote, number, expect, json) {
        Err(refused) => crate::sys::voice::fail(&refused.what, &refused.fix),
        Ok(out) => {
            let local_id = format!("{}:{}", remote.host, remote.session_id);
            let text = String::from_utf8_lossy(&out.stdout);
            let mut shown = String::new();
            for line in text.lines() {
                let line = sanitize(line).replace(
                    &format!("--session {}", remote.session_id),
                    &format!("--session {local_id}"),
                );
                shown.push_str(&line);
                shown.push('\n');
            }
            let _ = std::io::stdout().write_all(shown.as_bytes());
            if out.success {
                ExitCode::SUCCESS
            } else {
                let _ = writeln!(
                    std::io::stderr(),
                    "ring-tmux: {}: {}",
                    remote.host,
                    host_reason(&out)
                );
                crate::sys::voice::FAILURE
            }
        }
    }
}

/// The host's own one-line reason for a failed command, its `ring-tmux: ` dropped.
pub(crate) fn host_reason(out: &Output) -> String {
    let why = reason(&out.stderr);
    why.strip_prefix("ring-tmux: ").unwrap_or(&why).to_owned()
}
