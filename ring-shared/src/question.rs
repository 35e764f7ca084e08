//! Trailing-question detection on Stop (§3.3).
//!
//! Conservative on purpose: only the *end* of the message counts. A question in the middle
//! followed by a statement stays idle; a code block after the question is peeled off first.

use crate::event::DETAIL_MAX;
use crate::text::{collapse, rstrip, splitlines, strip, truncate};

/// Characters peeled off the end of the last line before looking for `?` (markdown emphasis,
/// quotes, closing brackets). `」`, `}`, `）` are deliberately not in the set, as in RiNG.
const WRAPPERS: &[char] = &['*', '_', '`', '"', '\'', ' ', ')', ']', '>'];

/// The question line (collapsed, truncated to 160 code points) if `text` ends with a question.
pub fn trailing_question(text: &str) -> Option<String> {
    if text.is_empty() {
        return None;
    }
    let lines = strip_trailing_code_fences(splitlines(rstrip(text)));
    let last = lines.iter().rev().find(|l| !strip(l).is_empty())?;
    let line = peel_wrappers(last);
    if !line.ends_with(['?', '\u{FF1F}']) {
        return None;
    }
    Some(truncate(&collapse(line), DETAIL_MAX))
}

fn is_fence(line: &str) -> bool {
    strip(line).starts_with("```")
}

/// Drops trailing blank lines and closed fenced blocks at the end, repeatedly; stops at an
/// unmatched closing fence (§3.3 step 3).
fn strip_trailing_code_fences(mut lines: Vec<&str>) -> Vec<&str> {
    loop {
        while lines.last().is_some_and(|l| strip(l).is_empty()) {
            lines.pop();
        }
        let Some(closing) = lines.len().checked_sub(1) else {
            return lines;
        };
        if !is_fence(lines[closing]) {
            return lines;
        }
        match lines[..closing].iter().rposition(|l| is_fence(l)) {
            Some(opening) => lines.truncate(opening),
            None => return lines,
        }
    }
}

/// Removes trailing whitespace, then wrapper characters one by one (§3.3 step 5).
fn peel_wrappers(line: &str) -> &str {
    let mut line = rstrip(line);
    while let Some(rest) = line.strip_suffix(WRAPPERS) {
        line = rstrip(rest);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::cjk_question_after_paragraph(
        "先做了 A。\n\n要不要順便修 B？",
        Some("要不要順便修 B？")
    )]
    #[case::question_mid_message("你要 A 還是 B？我會用 A 繼續做。", None)]
    #[case::statement_end("Done. All tests pass.", None)]
    #[case::ascii(
        "Tests pass. Should I also update the changelog?",
        Some("Tests pass. Should I also update the changelog?")
    )]
    #[case::empty("", None)]
    #[case::only_whitespace(" \n\t", None)]
    #[case::fence_after_question("這樣可以嗎？\n\n```bash\nls\n```", Some("這樣可以嗎？"))]
    #[case::two_fences("Ok?\n```\na\n```\n\n```\nb\n```\n", Some("Ok?"))]
    #[case::indented_fences("Ok?\n  ```py\n  x\n  ```  ", Some("Ok?"))]
    #[case::unmatched_fence_stops("Ok?\nx\n```", None)]
    #[case::tilde_fence_not_recognized("Ok?\n~~~\nx\n~~~", None)]
    #[case::question_inside_fence_only("```\nwhat?\n```", None)]
    #[case::crlf("Done.\r\nContinue?\r\n", Some("Continue?"))]
    #[case::line_separator("Statement.\u{2028}Continue?", Some("Continue?"))]
    #[case::bold_wrapper("**Proceed?**", Some("**Proceed?"))]
    #[case::quote_and_paren("(\"Go on?\")  ", Some("(\"Go on?"))]
    #[case::blockquote_kept("> Want me to continue?", Some("> Want me to continue?"))]
    #[case::list_marker_kept("- **Proceed?**", Some("- **Proceed?"))]
    #[case::corner_bracket_not_peeled("「要繼續嗎？」", None)]
    #[case::brace_not_peeled("{ok?}", None)]
    #[case::fullwidth_paren_not_peeled("（好嗎？）", None)]
    #[case::exclamation_not_peeled("Really?!", None)]
    #[case::inner_whitespace_collapsed("Shall\u{3000}we   go?", Some("Shall we go?"))]
    #[case::trailing_blank_lines("Go?\n\n  \n", Some("Go?"))]
    fn trailing_question_cases(#[case] text: &str, #[case] want: Option<&str>) {
        assert_eq!(trailing_question(text).as_deref(), want);
    }

    #[test]
    fn long_question_is_truncated_to_160_code_points() {
        let text = format!("{}?", "問".repeat(200));
        let q = trailing_question(&text).expect("a question");
        assert_eq!(q.chars().count(), 160);
        assert!(q.ends_with('…'));
    }
}
