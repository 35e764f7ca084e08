//! `ring-tmux notify --test | --flush` and `ring-tmux quiet [on|off|DURATION]`.

use super::{Note, dispatch, state};
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::notify::{self, Kind, Out, Wait};
use ring_shared::t;
use std::io::Write;
use std::process::ExitCode;

fn config(env: &Env) -> Config {
    crate::gather::read_config(&env.ring_home).0
}

fn say(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// `ring-tmux notify`: `--test` sends one note through each configured channel and reports
/// each result (exit 1 if one failed); `--flush` sends what is due (for the zellij plugin's
/// timer; prints nothing).
pub fn notify(test: bool, flush: bool) -> ExitCode {
    let env = Env::from_process();
    let config = config(&env);
    if flush && !test {
        super::flush::flush(&env, &config);
        return ExitCode::SUCCESS;
    }
    let names = dispatch::channels(&config, dispatch::session_bus_reachable);
    if names.is_empty() {
        return crate::sys::voice::fail(
            &t!(
                "notify-test-none",
                backend = format!(
                    "{:?}",
                    crate::sys::printable::printable(&config.notify_backend)
                )
            ),
            &t!("notify-test-none-fix"),
        );
    }
    let tmux_socket = std::env::var("TMUX")
        .ok()
        .and_then(|t| t.split(',').next().map(str::to_owned))
        .filter(|s| !s.is_empty());
    // Outside tmux the terminal channel rings the terminal the test runs in.
    let tty = tmux_socket.is_none().then(this_terminal).flatten();
    let mut note = Note::of(&Out {
        kind: Kind::Test,
        waits: vec![Wait {
            session_id: "ring-test".into(),
            provider: "ring".into(),
            project: "ring".into(),
            tmux_socket,
            tmux_pane: std::env::var("TMUX_PANE").ok().filter(|p| !p.is_empty()),
            tty,
            ..Wait::default()
        }],
    });
    note.wait.detail = "ring-tmux notify --test".into();
    // A test waits for no click: the desktop note goes up and the command returns.
    let config = Config {
        notify_desktop_wait_seconds: 0,
        ..config
    };
    let results = dispatch::send_all(std::slice::from_ref(&note), &config);
    let mut failed = false;
    for (name, result) in &results {
        match result {
            Ok(()) => say(&t!("notify-test-sent", channel = name.as_str())),
            Err(e) => {
                failed = true;
                say(&crate::sys::printable::printable(&t!(
                    "notify-test-failed",
                    channel = name.as_str(),
                    error = format!("{e:#}")
                )));
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The terminal this command runs in: its stdin's, stdout's or stderr's, the first that is
/// one.
fn this_terminal() -> Option<String> {
    (0..3).find_map(|fd| {
        let target = std::fs::read_link(format!("/proc/self/fd/{fd}")).ok()?;
        let path = target.to_str()?;
        (path.starts_with("/dev/pts/") || path.starts_with("/dev/tty")).then(|| path.to_owned())
    })
}

/// `ring-tmux quiet`: `on` (until `off`), `off` (the summary of what was held back goes out
/// now), a duration (`30m`, `2h`, `90s`, `45` minutes); no argument: say whether it is on.
pub fn quiet(when: Option<&str>) -> ExitCode {
    let env = Env::from_process();
    let now = env.now();
    let change: Option<Box<dyn FnOnce(notify::State) -> notify::State>> = match when {
        None => None,
        Some("on") => Some(Box::new(move |s| notify::quiet_on(&s, now, None))),
        Some("off") => Some(Box::new(move |s| notify::quiet_off(&s, now))),
        Some(text) => match notify::parse_duration(text) {
            Some(seconds) => Some(Box::new(move |s| notify::quiet_on(&s, now, Some(seconds)))),
            None => {
                return crate::sys::voice::usage(
                    &t!(
                        "notify-quiet-bad",
                        given = crate::sys::printable::printable(text)
                    ),
                    &t!("notify-quiet-bad-fix"),
                );
            }
        },
    };
    if let Some(change) = change {
        // The next flush sees when quiet ends: keep `due` in step.
        if let Err(e) = state::update(&env.ring_home, |s| {
            let mut next = change(s);
            next.due = match next.quiet.and_then(|q| q.until) {
                Some(until) => Some(next.due.map_or(until, |d| d.min(until))),
                None => next.due,
            };
            (next, ())
        }) {
            return crate::sys::voice::fail(
                &t!(
                    "err-file-write",
                    file = "notify.json",
                    error = e.to_string()
                ),
                &t!("err-file-write-fix"),
            );
        }
        if when == Some("off") {
            super::flush::flush(&env, &config(&env));
        }
    }
    let s = state::read(&env.ring_home);
    match s.quiet {
        Some(q) if s.quiet_at(now) => match q.until {
            Some(until) => say(&t!(
                "notify-quiet-for",
                minutes = ((until - now) / 60.0).ceil().to_string(),
                held = s.queue.len()
            )),
            None => say(&t!("notify-quiet-on", held = s.queue.len())),
        },
        _ => say(&t!("notify-quiet-off")),
    }
    ExitCode::SUCCESS
}
