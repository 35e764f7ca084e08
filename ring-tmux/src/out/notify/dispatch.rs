//! Which channels a note goes through, and sending it through each within its timeout.
//!
//! `notify_backend`: `none` (or RiNG's `agent-hooks`, which ring does not run) sends nothing;
//! a channel name sends through it; `auto` picks `desktop` when a session bus is reachable,
//! else `terminal` (bell and OSC; inside tmux to the pane and its clients), and adds every
//! remote channel that is configured (`notify_ntfy_url`, `notify_webhook_url`,
//! `notify_command`). `notify_also` adds channels in every case but `none`.

use super::{Note, Target};
use ring_shared::config::Config;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Every channel, by name.
pub const CHANNELS: &[&str] = &["desktop", "terminal", "tmux", "ntfy", "webhook", "command"];

static TIMEOUT_MS: AtomicU64 = AtomicU64::new(5000);

/// How long one channel may take for one note (`notify_timeout_seconds`): the HTTP and
/// command channels give up (and kill what they started) past it.
pub fn channel_timeout() -> Duration {
    Duration::from_millis(TIMEOUT_MS.load(Ordering::Relaxed))
}

fn set_timeout(config: &Config) {
    let ms = u64::try_from(config.notify_timeout_seconds.max(1))
        .unwrap_or(5)
        .saturating_mul(1000);
    TIMEOUT_MS.store(ms, Ordering::Relaxed);
}

/// Whether notifications are on at all.
pub fn enabled(config: &Config) -> bool {
    !matches!(config.notify_backend.as_str(), "none" | "agent-hooks")
}

/// Whether a D-Bus session bus answers: the address of [`super::desktop::session_bus`] names
/// a socket that accepts a connection (an abstract socket or another transport: taken as
/// reachable; the desktop channel then says what went wrong).
pub fn session_bus_reachable() -> bool {
    let Some(address) = super::desktop::session_bus() else {
        return cfg!(target_os = "macos");
    };
    let path = address.split(';').find_map(|part| {
        part.strip_prefix("unix:")?
            .split(',')
            .find_map(|kv| kv.strip_prefix("path="))
            .map(std::path::PathBuf::from)
    });
    match path {
        Some(path) => std::os::unix::net::UnixStream::connect(path).is_ok(),
        None => true,
    }
}

/// The channels a note goes through, in order, each once.
/// `auto` never picks `tmux` (display-message): a message covers the status line, and tmux
/// runs no status job (so no badge repair) until it goes; name it to have it.
pub fn channels(config: &Config, bus: impl FnOnce() -> bool) -> Vec<String> {
    if !enabled(config) {
        return Vec::new();
    }
    let mut out: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !out.iter().any(|n| n == name) {
            out.push(name.to_owned());
        }
    };
    match config.notify_backend.as_str() {
        "auto" => {
            add(if bus() { "desktop" } else { "terminal" });
            if config.notify_ntfy_url.is_some() {
                add("ntfy");
            }
            if config.notify_webhook_url.is_some() {
                add("webhook");
            }
            if config.notify_command.is_some() {
                add("command");
            }
        }
        name => add(&name.to_lowercase()),
    }
    for name in &config.notify_also {
        add(name);
    }
    out
}

/// What channel `name` needs from the configuration.
pub fn target(config: &Config, name: &str) -> Target {
    let (setting, remote) = match name {
        "ntfy" => (config.notify_ntfy_url.clone(), true),
        "webhook" => (config.notify_webhook_url.clone(), true),
        "command" => (config.notify_command.clone(), false),
        "terminal" => (Some(config.notify_terminal.clone()), false),
        "desktop" => (Some(config.notify_desktop_wait_seconds.to_string()), false),
        "tmux" => (Some(config.notify_display_ms.to_string()), false),
        _ => (None, false),
    };
    Target {
        ring_tmux: std::env::current_exe().unwrap_or_else(|_| "ring-tmux".into()),
        setting,
        send_detail: !remote || config.notify_remote_detail,
        sound: config.notify_sound,
        click: config.notify_click_url.clone().filter(|_| remote),
        answer_button: config.notify_answer_button,
    }
}

/// Sends `note` through the channel `name`.
pub fn send(name: &str, note: &Note, target: &Target) -> anyhow::Result<()> {
    match name {
        "ntfy" => super::ntfy::send(note, target),
        "webhook" => super::webhook::send(note, target),
        "command" => super::command::send(note, target),
        "desktop" => super::desktop::send(note, target),
        "terminal" => super::terminal::send(note, target),
        "tmux" => super::display::send(note, target),
        other => anyhow::bail!(
            "{}",
            ring_shared::t!(
                "notify-unknown-channel",
                channel = format!("{other:?}"),
                channels = CHANNELS.join(", ")
            )
        ),
    }
}

/// Sends every note through every channel of the configuration, the channels side by side,
/// each note in turn; gives each channel's result for each note. Channels that have not
/// finished when their time is up (one timeout per note, plus a second) are reported as
/// timed out and left behind: the caller exits soon after, which ends them.
pub fn send_all(notes: &[Note], config: &Config) -> Vec<(String, anyhow::Result<()>)> {
    set_timeout(config);
    let names = channels(config, session_bus_reachable);
    let (tx, rx) = mpsc::channel();
    for name in &names {
        let (thread_tx, thread_name) = (tx.clone(), name.clone());
        let target = target(config, name);
        let notes = notes.to_vec();
        let spawned = std::thread::Builder::new()
            .name(format!("ring-notify-{name}"))
            .spawn(move || {
                for note in &notes {
                    let result = send(&thread_name, note, &target);
                    if thread_tx.send((thread_name.clone(), result)).is_err() {
                        return;
                    }
                }
            });
        if let Err(e) = spawned {
            let _ = tx.send((name.clone(), Err(anyhow::anyhow!("thread: {e}"))));
        }
    }
    drop(tx);
    let count = u32::try_from(notes.len()).unwrap_or(u32::MAX);
    // The desktop channel stays for its "go to session" click (notify_desktop_wait_seconds).
    let per_note = if names.iter().any(|n| n == "desktop") {
        let wait = super::desktop::action_wait(target(config, "desktop").setting.as_deref());
        channel_timeout().max(wait + super::desktop::SEND_TIMEOUT + Duration::from_secs(3))
    } else {
        channel_timeout()
    };
    let deadline = Instant::now() + per_note * count + Duration::from_secs(1);
    let mut results = Vec::new();
    let expected = names.len() * notes.len();
    while results.len() < expected {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(one) => results.push(one),
            Err(_) => break,
        }
    }
    for name in &names {
        let got = results.iter().filter(|(n, _)| n == name).count();
        for _ in got..notes.len() {
            results.push((
                name.clone(),
                Err(anyhow::anyhow!(ring_shared::t!("notify-timed-out"))),
            ));
        }
    }
    results
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn config(text: &str) -> Config {
        Config::parse(text).0
    }

    #[rstest]
    #[case::none("notify_backend = 'none'\nnotify_also = ['ntfy']", false, true, &[])]
    #[case::agent_hooks_is_not_run("notify_backend = 'agent-hooks'", false, true, &[])]
    #[case::auto_with_a_bus("", false, true, &["desktop"])]
    #[case::auto_in_tmux_rings_the_terminal_not_display_message("", true, false, &["terminal"])]
    #[case::auto_elsewhere("", false, false, &["terminal"])]
    #[case::auto_adds_configured_remotes("notify_webhook_url = 'http://h/'\nnotify_command = 'cat'", false, false, &["terminal", "webhook", "command"])]
    #[case::named_plus_also("notify_backend = 'ntfy'\nnotify_also = 'command, ntfy'", true, true, &["ntfy", "command"])]
    fn channels_follow_the_config(
        #[case] text: &str,
        #[case] in_tmux: bool,
        #[case] bus: bool,
        #[case] want: &[&str],
    ) {
        let _ = in_tmux; // auto no longer depends on it (see `channels`)
        assert_eq!(channels(&config(text), || bus), want);
    }

    #[test]
    fn remote_channels_get_the_detail_only_when_configured() {
        assert!(!target(&config(""), "ntfy").send_detail);
        assert!(target(&config(""), "command").send_detail);
        assert!(target(&config("notify_remote_detail = true"), "webhook").send_detail);
    }
}
