//! Paths and names as ring prints them to a terminal: a file name is whatever bytes the
//! folder holds, and a name with ESC in it (`sessions/\e]0;…\a.json`) printed raw would
//! retitle, recolour or rewrite the user's terminal. Every control character (and every
//! bidirectional override) that [`ring_shared::format::sanitize`] would take out is printed
//! as a visible escape instead (`\u{1b}`), so the name is still recognisable and nothing
//! reaches the terminal as a control.

use std::path::Path;

/// `text` with every character [`ring_shared::format::sanitize`] would drop or replace shown
/// as its Rust escape (`\u{1b}`, `\t`, `\u{202e}`); everything else as it is.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let one: &str = c.encode_utf8(&mut buf);
        if ring_shared::format::sanitize(one) == one {
            out.push(c);
        } else {
            out.extend(c.escape_debug());
        }
    }
    out
}

/// [`printable`] of a path (undecodable bytes as U+FFFD).
pub fn path(path: &Path) -> String {
    printable(&path.to_string_lossy())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[rstest::rstest]
    #[case::plain("sessions/s1.json", "sessions/s1.json")]
    #[case::osc_title("a\u{1b}]0;pwned\u{7}.json", "a\\u{1b}]0;pwned\\u{7}.json")]
    #[case::csi("\u{1b}[2J", "\\u{1b}[2J")]
    #[case::newline_and_tab("a\nb\tc", "a\\nb\\tc")]
    #[case::c1_and_bidi("x\u{9b}y\u{202e}z", "x\\u{9b}y\\u{202e}z")]
    #[case::unicode_kept("重構 é 🔴", "重構 é 🔴")]
    fn controls_are_shown_escaped(#[case] text: &str, #[case] want: &str) {
        assert_eq!(printable(text), want);
    }
}
