//! Notifications: each configured channel can work (issue 14). `ring-tmux notify --test`
//! sends one through each.

use super::{Finding, system};
use crate::out::notify::{desktop, dispatch, ntfy, terminal};
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::t;
use std::ffi::OsStr;
use std::path::Path;

fn url_problem(url: &str, path: &OsStr) -> Option<String> {
    if url.starts_with("https://") {
        return system::which("curl", path)
            .is_none()
            .then(|| t!("doctor-notify-no-curl"));
    }
    (!url.starts_with("http://")).then(|| t!("doctor-notify-not-http", url = format!("{url:?}")))
}

fn one(config: &Config, name: &str, path: &OsStr) -> Finding {
    let channel = |what: String| t!("doctor-notify-channel", channel = name, what = what);
    let unset = |key: &str, fix: String| {
        Finding::warn(t!("doctor-notify-unset", channel = name, key = key), fix)
    };
    let checked = |result: Result<String, String>, fix: String| match result {
        Ok(what) => Finding::ok(channel(what)),
        Err(why) => Finding::warn(channel(why), fix),
    };
    match name {
        "desktop" => checked(
            desktop::check(&dispatch::target(config, name)),
            t!("doctor-notify-desktop-fix"),
        ),
        "terminal" => checked(
            terminal::check(&dispatch::target(config, name)),
            t!("doctor-notify-terminal-fix"),
        ),
        "tmux" => match system::which("tmux", path) {
            Some(_) => Finding::ok(t!("doctor-notify-tmux")),
            None => Finding::warn(t!("doctor-notify-no-tmux"), t!("doctor-notify-no-tmux-fix")),
        },
        "ntfy" => match config.notify_ntfy_url.as_deref() {
            None => unset("notify_ntfy_url", t!("doctor-notify-ntfy-fix")),
            Some(url) => match (ntfy::split_topic(url), url_problem(url, path)) {
                (None, _) => Finding::warn(
                    t!("doctor-notify-ntfy-not-topic", url = format!("{url:?}")),
                    t!("doctor-notify-ntfy-fix"),
                ),
                (_, Some(problem)) => Finding::warn(channel(problem), t!("doctor-notify-curl-fix")),
                _ => Finding::ok(t!("doctor-notify-on", channel = name, what = url)),
            },
        },
        "webhook" => match config.notify_webhook_url.as_deref() {
            None => unset("notify_webhook_url", t!("doctor-notify-webhook-fix")),
            Some(url) => match url_problem(url, path) {
                Some(problem) => Finding::warn(
                    channel(problem),
                    t!("doctor-notify-fix-key", key = "notify_webhook_url"),
                ),
                None => Finding::ok(t!("doctor-notify-on", channel = name, what = url)),
            },
        },
        "command" => match config.notify_command.as_deref() {
            None => unset("notify_command", t!("doctor-notify-command-fix")),
            Some(line) => {
                let program = line.split_whitespace().next().unwrap_or("");
                let found = if program.contains('/') {
                    system::is_executable(Path::new(program))
                } else {
                    system::which(program, path).is_some()
                };
                if found {
                    Finding::ok(t!("doctor-notify-on", channel = name, what = program))
                } else {
                    Finding::warn(
                        t!("doctor-notify-no-program", program = format!("{program:?}")),
                        t!("doctor-notify-fix-key", key = "notify_command"),
                    )
                }
            }
        },
        other => Finding::warn(
            t!("doctor-notify-unknown", channel = format!("{other:?}")),
            t!(
                "doctor-notify-unknown-fix",
                channels = dispatch::CHANNELS.join(", ")
            ),
        ),
    }
}

/// One finding per configured channel.
pub fn notify(env: &Env, path: &OsStr) -> Vec<Finding> {
    let config = crate::gather::read_config(&env.ring_home).0;
    if !dispatch::enabled(&config) {
        return vec![Finding::info(t!(
            "doctor-notify-off",
            backend = format!("{:?}", config.notify_backend)
        ))];
    }
    dispatch::channels(&config, dispatch::session_bus_reachable)
        .iter()
        .map(|name| one(&config, name, path))
        .collect()
}
