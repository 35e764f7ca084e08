//! The terminal channel: a bell and OSC 9 / OSC 777 notifications, which is what reaches a
//! laptop when the agent runs over SSH (the terminal emulator shows them).
//!
//! * Inside tmux (the note names a tmux server): the bell goes to the session's pane (tmux
//!   marks the window and rings its clients as the user's `bell-action` says); the OSC goes
//!   straight to the terminal of every client of that server (`#{client_tty}`: the outer
//!   terminal, or the SSH connection to it). When no client terminal can be written, it goes
//!   to the pane wrapped in tmux's DCS passthrough (`ESC P tmux; … ESC \`, ESC doubled),
//!   which tmux forwards when `allow-passthrough` is on.
//! * Otherwise: bell and OSC to the agent's terminal (`note.wait.tty`).
//!
//! A terminal is written only when it is a character device that is a terminal owned by us,
//! opened `O_WRONLY | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW` (a full buffer is an error, never
//! a wait). Text is data: escape sequences and control characters are stripped, and `;`
//! becomes `,`, so nothing in it can end the OSC or start another.
//!
//! The `terminal` setting picks the parts, comma-separated: `bell`, `osc9`, `osc777`
//! (default `bell,osc9`; terminals that read both would show two notifications).

use super::{Note, Target};
use crate::sys::run::{self, is_pane_id, is_tty_path};
use anyhow::{Result, bail};
use ring_shared::format::{sanitize, truncate};
use ring_shared::t;
use std::io::{IsTerminal, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};
use std::time::{Duration, Instant};

/// How long the tmux queries may take together.
pub const TIMEOUT: Duration = Duration::from_secs(2);
/// Longest text in an OSC (characters).
const TEXT_WIDTH: usize = 200;
pub const BEL: &str = "\u{7}";

/// Which parts a `terminal` setting asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parts {
    pub bell: bool,
    pub osc9: bool,
    pub osc777: bool,
}

/// Reads the `terminal` setting; unknown words are ignored, nothing known = the default.
pub fn parts(setting: Option<&str>) -> Parts {
    let mut p = Parts {
        bell: false,
        osc9: false,
        osc777: false,
    };
    for word in setting.unwrap_or_default().split([',', ' ']) {
        match word.trim().to_ascii_lowercase().as_str() {
            "bell" => p.bell = true,
            "osc9" => p.osc9 = true,
            "osc777" => p.osc777 = true,
            _ => {}
        }
    }
    if p == (Parts {
        bell: false,
        osc9: false,
        osc777: false,
    }) {
        Parts {
            bell: true,
            osc9: true,
            osc777: false,
        }
    } else {
        p
    }
}

/// Text that cannot end or split an OSC: sanitized, `;` → `,`, cut to `TEXT_WIDTH`.
pub fn osc_text(text: &str) -> String {
    truncate(sanitize(text).replace(';', ",").trim(), TEXT_WIDTH)
}

/// The OSC sequences of `parts` for `note` (no bell).
pub fn osc(note: &Note, parts: Parts) -> String {
    let title = osc_text(&note.title);
    let title = if title.is_empty() {
        "ring".to_owned()
    } else {
        title
    };
    let body = osc_text(&note.body);
    let mut out = String::new();
    if parts.osc9 {
        let text = if body.is_empty() {
            title.clone()
        } else {
            format!("{title}: {body}")
        };
        out.push_str(&format!("\u{1b}]9;{text}{BEL}"));
    }
    if parts.osc777 {
        out.push_str(&format!("\u{1b}]777;notify;{title};{body}{BEL}"));
    }
    out
}

/// `sequence` wrapped in tmux's DCS passthrough: `ESC P tmux;`, the sequence with every ESC
/// doubled, `ESC \`.
pub fn passthrough(sequence: &str) -> String {
    format!(
        "\u{1b}Ptmux;{}\u{1b}\\",
        sequence.replace('\u{1b}', "\u{1b}\u{1b}")
    )
}

/// Rings and notifies the note's terminal (see the module docs).
pub fn send(note: &Note, target: &Target) -> Result<()> {
    let parts = parts(target.setting.as_deref());
    let osc = osc(note, parts);
    match note.wait.tmux_socket.as_deref().filter(|s| !s.is_empty()) {
        Some(socket) => send_in_tmux(note, socket, parts.bell, &osc),
        None => {
            let tty = note
                .wait
                .tty
                .as_deref()
                .filter(|t| !t.is_empty())
                .ok_or_else(|| anyhow::anyhow!(t!("notify-terminal-none")))?;
            let mut bytes = String::new();
            if parts.bell {
                bytes.push_str(BEL);
            }
            bytes.push_str(&osc);
            write_tty(tty, bytes.as_bytes())
        }
    }
}

fn send_in_tmux(note: &Note, socket: &str, bell: bool, osc: &str) -> Result<()> {
    let deadline = Instant::now() + TIMEOUT;
    let pane_tty = pane_tty(note, socket, deadline);
    let mut errors = Vec::new();
    let mut delivered = false;
    if bell {
        match pane_tty.as_deref() {
            Some(tty) => match write_tty(tty, BEL.as_bytes()) {
                Ok(()) => delivered = true,
                Err(e) => errors.push(format!("{e:#}")),
            },
            None => errors.push(t!("notify-terminal-pane-none")),
        }
    }
    if !osc.is_empty() {
        let mut reached = false;
        for tty in client_ttys(socket, deadline) {
            match write_tty(&tty, osc.as_bytes()) {
                Ok(()) => reached = true,
                Err(e) => errors.push(format!("{e:#}")),
            }
        }
        if !reached && let Some(tty) = pane_tty.as_deref() {
            match write_tty(tty, passthrough(osc).as_bytes()) {
                Ok(()) => reached = true,
                Err(e) => errors.push(format!("{e:#}")),
            }
        }
        delivered |= reached;
    }
    if delivered || (osc.is_empty() && !bell) {
        Ok(())
    } else if errors.is_empty() {
        bail!("{}", t!("notify-terminal-no-client", socket = socket))
    } else {
        bail!("{}", errors.join("; "))
    }
}

/// The pane's terminal: the note's tty, else what tmux says of the note's pane.
fn pane_tty(note: &Note, socket: &str, deadline: Instant) -> Option<String> {
    if let Some(tty) = note.wait.tty.as_deref().filter(|t| is_tty_path(t)) {
        return Some(tty.to_owned());
    }
    let pane = note.wait.tmux_pane.as_deref().filter(|p| is_pane_id(p))?;
    let argv = ["display-message", "-p", "-t", pane, "#{pane_tty}"].map(String::from);
    let out = run::run(socket, &argv, deadline).filter(|o| o.success)?;
    let tty = out.stdout.trim().to_owned();
    is_tty_path(&tty).then_some(tty)
}

/// The terminals of the clients attached to the server at `socket`.
pub fn client_ttys(socket: &str, deadline: Instant) -> Vec<String> {
    let argv = ["list-clients", "-F", "#{client_tty}"].map(String::from);
    let Some(out) = run::run(socket, &argv, deadline).filter(|o| o.success) else {
        return Vec::new();
    };
    let mut ttys: Vec<String> = out
        .stdout
        .lines()
        .map(str::trim)
        .filter(|t| is_tty_path(t))
        .map(str::to_owned)
        .collect();
    ttys.dedup();
    ttys
}

/// Writes `bytes` to the terminal at `path` in one go, if it is a terminal of ours; never
/// waits for it.
pub fn write_tty(path: &str, bytes: &[u8]) -> Result<()> {
    if !is_tty_path(path) {
        bail!(
            "{}",
            t!("notify-terminal-not-device", path = format!("{path:?}"))
        );
    }
    let file = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NOCTTY | libc::O_NONBLOCK | libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)
        .map_err(|e| {
            anyhow::anyhow!(t!(
                "notify-terminal-open",
                path = path,
                error = e.to_string()
            ))
        })?;
    let meta = file.metadata()?;
    if !meta.file_type().is_char_device() || !file.is_terminal() {
        bail!("{}", t!("notify-terminal-not-tty", path = path));
    }
    if meta.uid() != rustix::process::geteuid().as_raw() {
        bail!("{}", t!("notify-terminal-not-yours", path = path));
    }
    (&file).write_all(bytes).map_err(|e| {
        anyhow::anyhow!(t!(
            "notify-terminal-write",
            path = path,
            error = e.to_string()
        ))
    })
}

/// Doctor's probe: what the channel sends, and where it would go from here.
pub fn check(target: &Target) -> Result<String, String> {
    let p = parts(target.setting.as_deref());
    let what: Vec<&str> = [(p.bell, "bell"), (p.osc9, "OSC 9"), (p.osc777, "OSC 777")]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, name)| *name)
        .collect();
    let what = what.join(" + ");
    match run::socket_from_env() {
        Some(socket) => {
            let clients = client_ttys(&socket, Instant::now() + TIMEOUT).len();
            Ok(t!(
                "notify-terminal-in-tmux",
                what = what,
                clients = clients,
                socket = socket
            ))
        }
        None => Ok(t!("notify-terminal-here", what = what)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::default(None, (true, true, false))]
    #[case::empty(Some(""), (true, true, false))]
    #[case::all(Some("bell,osc9,osc777"), (true, true, true))]
    #[case::only_777(Some("OSC777"), (false, false, true))]
    #[case::spaces(Some("bell osc777"), (true, false, true))]
    #[case::unknown_only(Some("kitty"), (true, true, false))]
    fn parts_read_the_setting(#[case] setting: Option<&str>, #[case] want: (bool, bool, bool)) {
        let p = parts(setting);
        assert_eq!((p.bell, p.osc9, p.osc777), want);
    }

    #[rstest]
    #[case::semicolon("a;b", "a,b")]
    #[case::bel_and_esc("x\u{7}\u{1b}]0;pwn\u{7}y", "xy")]
    #[case::string_terminator("x\u{1b}\\y", "xy")]
    #[case::c1_osc("x\u{9d}0;t\u{9c}y", "xy")]
    #[case::newline("a\nb", "a b")]
    fn osc_text_cannot_end_the_sequence(#[case] text: &str, #[case] want: &str) {
        assert_eq!(osc_text(text), want);
    }

    fn note(title: &str, body: &str) -> Note {
        Note {
            title: title.into(),
            body: body.into(),
            ..Note::default()
        }
    }

    #[test]
    fn osc_9_and_777_carry_title_and_body() {
        let all = Parts {
            bell: false,
            osc9: true,
            osc777: true,
        };
        assert_eq!(
            osc(&note("ring: api waits", "rm -rf; x"), all),
            "\u{1b}]9;ring: api waits: rm -rf, x\u{7}\u{1b}]777;notify;ring: api waits;rm -rf, x\u{7}"
        );
        assert_eq!(
            osc(&note("", ""), all),
            "\u{1b}]9;ring\u{7}\u{1b}]777;notify;ring;\u{7}"
        );
    }

    #[test]
    fn hostile_text_makes_exactly_one_osc() {
        let seq = osc(
            &note("t\u{7}\u{1b}]52;c;cHdu\u{7}", "\u{1b}P+q\u{1b}\\b;"),
            Parts {
                bell: false,
                osc9: true,
                osc777: false,
            },
        );
        assert_eq!(seq.matches('\u{1b}').count(), 1, "{seq:?}");
        assert_eq!(seq.matches('\u{7}').count(), 1, "{seq:?}");
        assert_eq!(seq, "\u{1b}]9;t: b,\u{7}");
    }

    #[test]
    fn passthrough_doubles_every_escape() {
        assert_eq!(
            passthrough("\u{1b}]9;hi\u{7}"),
            "\u{1b}Ptmux;\u{1b}\u{1b}]9;hi\u{7}\u{1b}\\"
        );
    }

    #[rstest]
    #[case::not_dev("/tmp/x")]
    #[case::regular_file_in_dev("/dev/null")]
    #[case::traversal_chars("/dev/pts/1;rm")]
    fn only_terminals_are_written(#[case] path: &str) {
        assert!(write_tty(path, b"x").is_err(), "{path}");
    }
}
