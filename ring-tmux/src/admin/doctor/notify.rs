//! Notifications: each configured channel can work (issue 14). `ring-tmux notify --test`
//! sends one through each.

use super::{Finding, system};
use crate::out::notify::{desktop, dispatch, ntfy, terminal};
use crate::sys::env::Env;
use ring_shared::config::Config;
use std::ffi::OsStr;
use std::path::Path;

fn url_problem(url: &str, path: &OsStr) -> Option<String> {
    if url.starts_with("https://") {
        return system::which("curl", path)
            .is_none()
            .then(|| "https:// needs curl on PATH (not found)".to_owned());
    }
    (!url.starts_with("http://")).then(|| format!("{url:?} is not an http:// or https:// URL"))
}

fn one(config: &Config, name: &str, path: &OsStr) -> Finding {
    let test = "then: ring-tmux notify --test";
    match name {
        "desktop" => match desktop::check(&dispatch::target(config, name)) {
            Ok(what) => Finding::ok(format!("notify: desktop: {what}")),
            Err(why) => Finding::warn(
                format!("notify: desktop: {why}"),
                "run inside a desktop session, or set notify_backend = \"terminal\" in config.toml",
            ),
        },
        "terminal" => match terminal::check(&dispatch::target(config, name)) {
            Ok(what) => Finding::ok(format!("notify: terminal: {what}")),
            Err(why) => Finding::warn(
                format!("notify: terminal: {why}"),
                "set notify_terminal = \"bell,osc9\" in config.toml",
            ),
        },
        "tmux" => match system::which("tmux", path) {
            Some(_) => Finding::ok("notify: tmux display-message"),
            None => Finding::warn("notify: tmux: tmux is not on PATH", "install tmux"),
        },
        "ntfy" => match config.notify_ntfy_url.as_deref() {
            None => Finding::warn(
                "notify: ntfy is on but notify_ntfy_url is not set",
                format!(
                    "set notify_ntfy_url = \"https://ntfy.sh/YOUR-TOPIC\" in config.toml; {test}"
                ),
            ),
            Some(url) => match (ntfy::split_topic(url), url_problem(url, path)) {
                (None, _) => Finding::warn(
                    format!("notify: ntfy: {url:?} is not a topic URL"),
                    format!("set notify_ntfy_url = \"https://ntfy.sh/YOUR-TOPIC\"; {test}"),
                ),
                (_, Some(problem)) => {
                    Finding::warn(format!("notify: ntfy: {problem}"), "install curl")
                }
                _ => Finding::ok(format!("notify: ntfy ({url})")),
            },
        },
        "webhook" => match config.notify_webhook_url.as_deref() {
            None => Finding::warn(
                "notify: webhook is on but notify_webhook_url is not set",
                format!("set notify_webhook_url = \"http://…\" in config.toml; {test}"),
            ),
            Some(url) => match url_problem(url, path) {
                Some(problem) => Finding::warn(
                    format!("notify: webhook: {problem}"),
                    format!("fix notify_webhook_url in config.toml; {test}"),
                ),
                None => Finding::ok(format!("notify: webhook ({url})")),
            },
        },
        "command" => match config.notify_command.as_deref() {
            None => Finding::warn(
                "notify: command is on but notify_command is not set",
                format!("set notify_command = \"…\" in config.toml; {test}"),
            ),
            Some(line) => {
                let program = line.split_whitespace().next().unwrap_or("");
                let found = if program.contains('/') {
                    system::is_executable(Path::new(program))
                } else {
                    system::which(program, path).is_some()
                };
                if found {
                    Finding::ok(format!("notify: command ({program})"))
                } else {
                    Finding::warn(
                        format!("notify: command: {program:?} is not an executable on PATH"),
                        format!("fix notify_command in config.toml; {test}"),
                    )
                }
            }
        },
        other => Finding::warn(
            format!("notify: unknown channel {other:?}"),
            format!(
                "use one of {} in notify_backend / notify_also",
                dispatch::CHANNELS.join(", ")
            ),
        ),
    }
}

/// One finding per configured channel.
pub fn notify(env: &Env, path: &OsStr) -> Vec<Finding> {
    let config = crate::gather::read_config(&env.ring_home).0;
    if !dispatch::enabled(&config) {
        return vec![Finding::info(format!(
            "notify: off (notify_backend = {:?})",
            config.notify_backend
        ))];
    }
    dispatch::channels(&config, dispatch::session_bus_reachable)
        .iter()
        .map(|name| one(&config, name, path))
        .collect()
}
