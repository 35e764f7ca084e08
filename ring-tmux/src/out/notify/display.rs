//! The tmux channel: `display-message` on every client of the session's tmux server.
//!
//! The text is data: sanitized (no escape sequences or control characters) and escaped for
//! tmux formats (`#` doubled, see [`escape_tmux`]), so `#(cmd)`, `#{…}` and `#[style]` in a
//! project name or a question show as typed and never run. Every tmux call is bounded by
//! [`TIMEOUT`] in all. The `display` setting is how long the message shows, in milliseconds
//! (default [`DEFAULT_MS`]; tmux before 3.2 has no `-d` and uses its `display-time`).

use super::{Note, Target};
use crate::sys::run;
use anyhow::{Result, bail};
use ring_shared::format::{escape_tmux, sanitize, truncate};
use ring_shared::t;
use std::time::{Duration, Instant};

/// How long all tmux calls of one send may take.
pub const TIMEOUT: Duration = Duration::from_secs(2);
/// How long the message shows by default (ms).
pub const DEFAULT_MS: u64 = 5000;
/// Longest message (columns).
const WIDTH: usize = 200;

/// The message: title and body on one line, cleaned and escaped for tmux.
pub fn message(note: &Note) -> String {
    let title = sanitize(&note.title);
    let body = sanitize(&note.body);
    let text = match (title.trim(), body.trim()) {
        ("", "") => "ring".to_owned(),
        (t, "") => t.to_owned(),
        ("", b) => b.to_owned(),
        (t, b) => format!("{t}: {b}"),
    };
    escape_tmux(&truncate(&text, WIDTH))
}

/// How long to show it: the `display` setting (ms), else [`DEFAULT_MS`].
pub fn duration_ms(setting: Option<&str>) -> u64 {
    setting
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(DEFAULT_MS)
        .min(600_000)
}

/// Shows the note on every client of `note.wait.tmux_socket`.
pub fn send(note: &Note, target: &Target) -> Result<()> {
    let Some(socket) = note.wait.tmux_socket.as_deref().filter(|s| !s.is_empty()) else {
        bail!("{}", t!("notify-display-no-tmux"));
    };
    let deadline = Instant::now() + TIMEOUT;
    let list = ["list-clients", "-F", "#{client_name}"].map(String::from);
    let Some(out) = run::run(socket, &list, deadline).filter(|o| o.success) else {
        bail!("{}", t!("notify-display-silent", socket = socket));
    };
    let clients: Vec<&str> = out
        .stdout
        .lines()
        .map(str::trim)
        .filter(|c| run::is_client_name(c))
        .collect();
    if clients.is_empty() {
        bail!("{}", t!("notify-display-no-client", socket = socket));
    }
    let text = message(note);
    let ms = duration_ms(target.setting.as_deref()).to_string();
    let mut shown = 0;
    for client in &clients {
        let with_d = ["display-message", "-c", client, "-d", &ms, &text].map(String::from);
        let ok = run::run(socket, &with_d, deadline).is_some_and(|o| o.success)
            || run::run(
                socket,
                &["display-message", "-c", client, &text].map(String::from),
                deadline,
            )
            .is_some_and(|o| o.success);
        shown += usize::from(ok);
    }
    if shown == 0 {
        bail!("{}", t!("notify-display-failed", socket = socket));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn note(title: &str, body: &str) -> Note {
        Note {
            title: title.into(),
            body: body.into(),
            ..Note::default()
        }
    }

    #[rstest]
    #[case::both("ring: api waits", "ls", "ring: api waits: ls")]
    #[case::title_only("t", "", "t")]
    #[case::nothing("", " ", "ring")]
    #[case::format_injection(
        "#(touch x)",
        "#{pane_id} #[fg=red]",
        "##(touch x): ##{pane_id} ###[][fg=red]"
    )]
    #[case::controls("a\u{1b}[2Jb", "c\nd", "ab: c d")]
    fn message_is_clean_tmux_text(#[case] title: &str, #[case] body: &str, #[case] want: &str) {
        assert_eq!(message(&note(title, body)), want);
    }

    #[rstest]
    #[case(None, DEFAULT_MS)]
    #[case(Some("1500"), 1500)]
    #[case(Some("x"), DEFAULT_MS)]
    #[case(Some("99999999"), 600_000)]
    fn duration_reads_the_setting(#[case] setting: Option<&str>, #[case] want: u64) {
        assert_eq!(duration_ms(setting), want);
    }

    #[test]
    fn no_tmux_is_an_error() {
        assert!(send(&note("t", "b"), &Target::default()).is_err());
    }
}
