//! Terminal text safety: display width, truncation that never exceeds a width, and
//! [`sanitize`] for text that came from a payload (commands, questions, directory names).
//!
//! Widths follow `unicode-width` (East Asian Wide/Fullwidth and emoji-presentation
//! characters are 2 columns, combining marks and zero-width characters 0), which is what
//! tmux and zellij approximate too.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Columns `text` takes in a terminal.
pub fn display_width(text: &str) -> usize {
    text.width()
}

/// `text` cut to at most `width` columns, ending in `…` when something was cut.
pub fn truncate(text: &str, width: usize) -> String {
    if display_width(text) <= width {
        return text.to_owned();
    }
    if width == 0 {
        return String::new();
    }
    let mut out = take_columns(text.chars(), width - 1);
    out.push('…');
    fit(out, width, |s| {
        // Drop the character before the ellipsis.
        let cut = s[..s.len() - '…'.len_utf8()]
            .char_indices()
            .next_back()
            .map_or(0, |(i, _)| i);
        s.replace_range(cut..s.len() - '…'.len_utf8(), "");
    })
}

/// `text` cut to at most `width` columns by removing its middle (`/home/u/…/ring/app`), so
/// the end of a path stays readable. Falls back to [`truncate`] below 3 columns.
pub fn truncate_middle(text: &str, width: usize) -> String {
    if display_width(text) <= width {
        return text.to_owned();
    }
    if width < 3 {
        return truncate(text, width);
    }
    let budget = width - 1;
    let head = take_columns(text.chars(), budget / 2);
    // The tail gets every column the head could not use (a wide character may not fit).
    let tail: String = take_columns(
        text.chars().rev(),
        budget.saturating_sub(display_width(&head)),
    )
    .chars()
    .rev()
    .collect();
    let out = format!("{head}…{tail}");
    // The ellipsis inserted here, not the first `…` of the text (the head may hold one).
    let after = head.len() + '…'.len_utf8();
    fit(out, width, |s| {
        // Drop the first character after the ellipsis.
        if let Some(c) = s[after..].chars().next() {
            s.replace_range(after..after + c.len_utf8(), "");
        } else {
            s.clear();
        }
    })
}

/// Characters from `chars` while their summed widths stay within `columns`.
fn take_columns(chars: impl Iterator<Item = char>, columns: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in chars {
        let w = c.width().unwrap_or(0);
        if used + w > columns {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

/// Shrinks `out` with `shrink` until the whole string fits: string width is not always the
/// sum of character widths (a variation selector can widen the character before it).
fn fit(mut out: String, width: usize, shrink: impl Fn(&mut String)) -> String {
    while display_width(&out) > width && !out.is_empty() {
        let before = out.len();
        shrink(&mut out);
        if out.len() == before {
            out.clear();
        }
    }
    out
}

/// Makes payload text safe to put on a terminal or a status line: escape sequences (CSI,
/// OSC, DCS, …) are removed, line breaks and tabs become spaces, every other control
/// character (C0, DEL, C1) and the bidirectional overrides that can reorder a line are
/// dropped.
pub fn sanitize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next() {
                Some('[') => skip_csi(&mut chars),
                Some(']' | 'P' | 'X' | '^' | '_') => skip_string(&mut chars),
                // Two-character sequences (`ESC c`, `ESC 7`, …) and a lone trailing ESC.
                _ => {}
            },
            '\u{9b}' => skip_csi(&mut chars),
            '\u{90}' | '\u{98}' | '\u{9d}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            '\t' | '\n' | '\r' | '\u{b}' | '\u{c}' | '\u{85}' | '\u{2028}' | '\u{2029}' => {
                out.push(' ');
            }
            c if c.is_control() => {}
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {}
            c => out.push(c),
        }
    }
    out
}

/// Skips the rest of a CSI sequence: parameter and intermediate bytes, then one final byte.
fn skip_csi(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    for c in chars.by_ref() {
        if ('\u{40}'..='\u{7e}').contains(&c) || !('\u{20}'..='\u{3f}').contains(&c) {
            return;
        }
    }
}

/// Skips an OSC/DCS/… string up to its terminator (BEL, `ESC \` or ST).
fn skip_string(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    while let Some(c) = chars.next() {
        match c {
            '\u{7}' | '\u{9c}' => return,
            '\u{1b}' => {
                if chars.peek() == Some(&'\\') {
                    chars.next();
                }
                return;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::ascii("abc", 3)]
    #[case::emoji("🔴2", 3)]
    #[case::cjk("重構登入", 8)]
    #[case::combining("e\u{301}", 1)]
    #[case::zero_width_space("a\u{200b}b", 2)]
    #[case::pause_without_selector("\u{23F8}", 1)]
    fn display_width_counts_columns(#[case] text: &str, #[case] expected: usize) {
        assert_eq!(display_width(text), expected);
    }

    #[rstest]
    #[case::fits("abc", 3, "abc")]
    #[case::cut("abcdef", 4, "abc…")]
    #[case::cjk_not_split("重構登入", 5, "重構…")]
    #[case::cjk_exact("重構登入", 7, "重構登…")]
    #[case::emoji("🔴🔴🔴", 4, "🔴…")]
    #[case::zero("abc", 0, "")]
    #[case::one("abc", 1, "…")]
    #[case::wide_one("重構", 1, "…")]
    #[case::combining_kept_with_base("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…")]
    fn truncate_never_exceeds_width(
        #[case] text: &str,
        #[case] width: usize,
        #[case] expected: &str,
    ) {
        let out = truncate(text, width);
        assert_eq!(out, expected);
        assert!(display_width(&out) <= width);
    }

    #[rstest]
    #[case::fits("/a/b", 4, "/a/b")]
    #[case::middle("/home/u/projects/ring/app", 12, "/home…ng/app")]
    #[case::narrow("abcdef", 2, "a…")]
    #[case::cjk("重構登入重構登入", 7, "重…登入")]
    fn truncate_middle_keeps_both_ends(
        #[case] text: &str,
        #[case] width: usize,
        #[case] expected: &str,
    ) {
        let out = truncate_middle(text, width);
        assert_eq!(out, expected);
        assert!(display_width(&out) <= width);
    }

    #[test]
    fn truncate_middle_shrinks_the_tail_when_the_text_holds_an_ellipsis() {
        // Found by props_width: the shrink step cut after the text's own `…` in the head.
        let text = "…\u{1b}[31m\u{1b}[31m\u{1b}[31m_-_\u{1b}[31m\u{1b}[31m";
        let out = truncate_middle(text, 12);
        assert!(display_width(&out) <= 12, "{out:?}");
        let (head, tail) = out.rsplit_once('…').expect("an ellipsis");
        assert!(text.starts_with(head) && text.ends_with(tail), "{out:?}");
    }

    #[test]
    fn truncate_middle_survives_characters_whose_widths_disagree() {
        // Control characters count 0 alone but 1 inside a string: no underflow, still fits.
        let out = truncate_middle("\0\u{7f} \0", 3);
        assert!(display_width(&out) <= 3, "{out:?}");
    }

    #[rstest]
    #[case::csi_colour("\u{1b}[31mred\u{1b}[0m", "red")]
    #[case::osc_title_bel("\u{1b}]0;pwned\u{7}ok", "ok")]
    #[case::osc_title_st("\u{1b}]8;;http://x\u{1b}\\link", "link")]
    #[case::dcs("\u{1b}Ptmux;x\u{1b}\\after", "after")]
    #[case::two_char_escape("\u{1b}cclear", "clear")]
    #[case::c1_csi("\u{9b}2Jx", "x")]
    #[case::newlines_to_spaces("a\nb\r\nc\td", "a b  c d")]
    #[case::other_controls_dropped("a\u{0}b\u{7f}c\u{8}d", "abcd")]
    #[case::bidi_override_dropped("a\u{202e}b\u{2066}c", "abc")]
    #[case::unicode_kept("重構 🔴 é", "重構 🔴 é")]
    #[case::lone_escape("end\u{1b}", "end")]
    fn sanitize_strips_escapes_and_controls(#[case] text: &str, #[case] expected: &str) {
        assert_eq!(sanitize(text), expected);
    }
}
