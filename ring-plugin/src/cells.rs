//! Terminal cells: display width, truncation and making payload text inert.
//!
//! Widths follow `unicode-width` without the CJK option, as zellij's own grid does, so the
//! plugin's idea of a line's width is the one zellij draws.

use unicode_width::UnicodeWidthChar;

/// Display width of `s` in terminal cells.
pub fn width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// Cuts `s` to at most `max` cells, ending in `…` when something was cut.
pub fn truncate(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_owned();
    }
    if max == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = char_width(c);
        if used + w > max - 1 {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// Cuts `s` to at most `max` cells keeping its end (paths: the last component matters most).
pub fn truncate_start(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_owned();
    }
    if max == 0 {
        return String::new();
    }
    let mut kept: Vec<char> = Vec::new();
    let mut used = 0;
    for c in s.chars().rev() {
        let w = char_width(c);
        if used + w > max - 1 {
            break;
        }
        kept.push(c);
        used += w;
    }
    std::iter::once('…').chain(kept.into_iter().rev()).collect()
}

/// Pads `s` with spaces to exactly `cells` cells (truncating first when it is wider).
pub fn fit(s: &str, cells: usize) -> String {
    let mut out = truncate(s, cells);
    let w = width(&out);
    out.extend(std::iter::repeat_n(' ', cells.saturating_sub(w)));
    out
}

/// Makes text from a payload or a file safe to print: escape sequences (CSI, OSC, DCS and
/// two-byte escapes) are removed whole, other control characters (C0, DEL, C1) and
/// bidirectional overrides are removed, and tabs and newlines become one space.
///
/// What is left can still contain `#[` or `{}`: the plugin never interprets its text as a
/// format, so those stay inert.
pub fn sanitize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => skip_escape(&mut chars),
            // C1 CSI/OSC/DCS/APC/PM/SOS introduce a sequence just as ESC [ does.
            '\u{9b}' => skip_until_final(&mut chars),
            '\u{90}' | '\u{98}' | '\u{9d}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            '\t' | '\n' | '\r' => {
                if !out.ends_with(' ') {
                    out.push(' ');
                }
            }
            c if c.is_control() => {}
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {}
            c => out.push(c),
        }
    }
    out
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// After ESC: CSI runs to its final byte, OSC/DCS/APC/PM/SOS to BEL or ST, anything else is a
/// two-character sequence.
fn skip_escape(chars: &mut Chars<'_>) {
    match chars.next() {
        Some('[') => skip_until_final(chars),
        Some(']' | 'P' | '_' | '^' | 'X') => skip_string(chars),
        // Character-set designations take one more character (ESC ( B).
        Some('(' | ')' | '*' | '+' | '-' | '.' | '/' | '#' | '%' | ' ') => {
            chars.next();
        }
        _ => {}
    }
}

fn skip_until_final(chars: &mut Chars<'_>) {
    for c in chars.by_ref() {
        if ('\u{40}'..='\u{7e}').contains(&c) {
            break;
        }
    }
}

fn skip_string(chars: &mut Chars<'_>) {
    while let Some(c) = chars.next() {
        match c {
            '\u{7}' | '\u{9c}' => break,
            '\u{1b}' => {
                if chars.peek() == Some(&'\\') {
                    chars.next();
                }
                break;
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
    #[case::emoji_marker("🔴2", 3)]
    #[case::kind_icons("🔐❓🧭", 6)]
    #[case::pause_is_narrow("⏸", 1)]
    #[case::ellipsis("…", 1)]
    #[case::cjk("項目", 4)]
    fn width_counts_cells(#[case] s: &str, #[case] cells: usize) {
        assert_eq!(width(s), cells);
    }

    #[rstest]
    #[case::fits("abc", 3, "abc")]
    #[case::cut("abcdef", 4, "abc…")]
    #[case::zero("abc", 0, "")]
    #[case::wide_char_not_split("a🔴b", 2, "a…")]
    #[case::one_cell("abcdef", 1, "…")]
    fn truncate_never_exceeds_width(#[case] s: &str, #[case] max: usize, #[case] want: &str) {
        let got = truncate(s, max);
        assert_eq!(got, want);
        assert!(width(&got) <= max);
    }

    #[rstest]
    #[case::keeps_tail("/home/me/src/project", 10, "…c/project")]
    #[case::fits("/a/b", 10, "/a/b")]
    fn truncate_start_keeps_the_end(#[case] s: &str, #[case] max: usize, #[case] want: &str) {
        assert_eq!(truncate_start(s, max), want);
    }

    #[test]
    fn fit_pads_to_exact_width() {
        assert_eq!(fit("ab", 4), "ab  ");
        assert_eq!(width(&fit("🔴🔴🔴", 5)), 5);
    }

    #[rstest]
    #[case::csi_colour("\u{1b}[31mred\u{1b}[0m", "red")]
    #[case::clear_screen("a\u{1b}[2Jb", "ab")]
    #[case::osc_title_bel("\u{1b}]0;pwned\u{7}ok", "ok")]
    #[case::osc_title_st("\u{1b}]2;x\u{1b}\\ok", "ok")]
    #[case::c1_csi("a\u{9b}31mb", "ab")]
    #[case::bell_and_backspace("a\u{7}\u{8}b", "ab")]
    #[case::newlines_become_space("a\n\nb\tc", "a b c")]
    #[case::bidi_override("a\u{202e}b", "ab")]
    #[case::tmux_format_kept_inert("#[fg=red]#(rm -rf ~)", "#[fg=red]#(rm -rf ~)")]
    #[case::charset("\u{1b}(Bx", "x")]
    #[case::emoji_kept("🔐 api", "🔐 api")]
    fn sanitize_removes_sequences_and_controls(#[case] raw: &str, #[case] want: &str) {
        assert_eq!(sanitize(raw), want);
    }

    #[test]
    fn sanitize_output_has_no_control_characters() {
        let hostile: String = (0u32..0xa0).filter_map(char::from_u32).collect();
        assert!(!sanitize(&hostile).chars().any(|c| c.is_control()));
    }
}
