//! macOS: `terminal-notifier` when installed (its click runs the jump), else `osascript`'s
//! `display notification` (no click action).
//!
//! Not testable on the Linux machines ring's tests run on (no Notification Center): the
//! escaping is unit-tested in `desktop/tests.rs`, the rest is two bounded child processes.

use super::{Jump, Note, Target, jump_command, sanitize_text};
use anyhow::{Result, bail};
use ring_shared::t;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long `osascript` / `terminal-notifier` may take.
const TIMEOUT: Duration = Duration::from_secs(3);

/// Delivers `note` through `terminal-notifier` or `osascript`, whichever is present.
pub fn send(note: &Note, target: &Target) -> Result<()> {
    let title = sanitize_text(&note.title, 120);
    let body = sanitize_text(&note.body, 400);
    let command = if let Some(tn) = which("terminal-notifier") {
        let mut c = Command::new(tn);
        c.args(terminal_notifier_args(&title, &body, target.sound));
        if let Some(Jump::Command(jump)) = jump_command(note, target) {
            c.arg("-execute").arg(shell_line(&jump));
        }
        c
    } else if let Some(osa) = which("osascript") {
        let mut c = Command::new(osa);
        c.arg("-e").arg(applescript(&title, &body, target.sound));
        c
    } else {
        bail!("{}", t!("notify-macos-none"));
    };
    match crate::sys::run::bounded(command, Instant::now() + TIMEOUT) {
        Some(out) if out.success => Ok(()),
        Some(_) => bail!("{}", t!("notify-macos-failed")),
        None => bail!("{}", t!("notify-macos-unfinished")),
    }
}

/// Doctor's probe on macOS.
pub fn check() -> Result<String, String> {
    if let Some(tn) = which("terminal-notifier") {
        Ok(t!(
            "notify-macos-clicks",
            program = tn.display().to_string()
        ))
    } else if let Some(osa) = which("osascript") {
        Ok(t!(
            "notify-macos-no-click",
            program = osa.display().to_string()
        ))
    } else {
        Err(t!("notify-macos-none"))
    }
}

fn which(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// An AppleScript string literal: `"` and `\` escaped with `\`, control characters gone.
pub fn applescript_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars().filter(|c| !c.is_control()) {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The `display notification` script.
pub fn applescript(title: &str, body: &str, sound: bool) -> String {
    let mut script = format!(
        "display notification {} with title {}",
        applescript_string(body),
        applescript_string(title)
    );
    if sound {
        script.push_str(" sound name \"default\"");
    }
    script
}

/// terminal-notifier's arguments. A value starting with `-` or `[` would be read as an option
/// or a placeholder: such text gets a leading `\`, which terminal-notifier drops.
pub fn terminal_notifier_args(title: &str, body: &str, sound: bool) -> Vec<String> {
    let value = |t: &str| {
        if t.starts_with(['-', '[', '\\']) {
            format!("\\{t}")
        } else {
            t.to_owned()
        }
    };
    let mut args = vec![
        "-title".to_owned(),
        value(title),
        "-message".to_owned(),
        value(if body.is_empty() { " " } else { body }),
        "-group".to_owned(),
        "ring".to_owned(),
    ];
    if sound {
        args.extend(["-sound".to_owned(), "default".to_owned()]);
    }
    args
}

/// `argv` as one `/bin/sh` line, every word single-quoted (`'` written `'\''`).
pub fn shell_line(argv: &[OsString]) -> String {
    argv.iter()
        .map(|a| format!("'{}'", a.to_string_lossy().replace('\'', "'\\''")))
        .collect::<Vec<_>>()
        .join(" ")
}
