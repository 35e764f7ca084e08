//! Terminal cells: ring-shared's width, truncation and sanitizing (one definition for tmux and
//! zellij), plus the padding the plugin's fixed-width lines need.
//!
//! Widths follow `unicode-width`, as zellij's own grid does, so the plugin's idea of a line's
//! width is the one zellij draws.

pub use ring_shared::format::{display_width as width, sanitize, truncate, truncate_middle};

/// Pads `s` with spaces to exactly `cells` cells (truncating first when it is wider).
pub fn fit(s: &str, cells: usize) -> String {
    let mut out = truncate(s, cells);
    let w = width(&out);
    out.extend(std::iter::repeat_n(' ', cells.saturating_sub(w)));
    out
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
    fn width_counts_cells(#[case] s: &str, #[case] cells: usize) {
        assert_eq!(width(s), cells);
    }

    #[rstest]
    #[case::pads("ab", 4, "ab  ")]
    #[case::cuts("abcdef", 4, "abc…")]
    #[case::wide("🔴🔴🔴", 5, "🔴🔴…")]
    #[case::wide_pads("🔴🔴🔴", 4, "🔴… ")]
    #[case::zero("abc", 0, "")]
    fn fit_gives_exact_width(#[case] s: &str, #[case] cells: usize, #[case] want: &str) {
        let got = fit(s, cells);
        assert_eq!(got, want);
        assert_eq!(width(&got), cells);
    }

    #[rstest]
    #[case::csi_colour("\u{1b}[31mred\u{1b}[0m", "red")]
    #[case::clear_screen("a\u{1b}[2Jb", "ab")]
    #[case::osc_title("\u{1b}]0;pwned\u{7}ok", "ok")]
    #[case::bell_and_backspace("a\u{7}\u{8}b", "ab")]
    #[case::tmux_format_kept_inert("#[fg=red]#(rm -rf ~)", "#[fg=red]#(rm -rf ~)")]
    fn sanitize_makes_payload_text_inert(#[case] raw: &str, #[case] want: &str) {
        assert_eq!(sanitize(raw), want);
    }
}
