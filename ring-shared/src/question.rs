//! Trailing-question detection on Stop (spec §3.3).

/// The question line (collapsed, truncated to 160 code points) if `text` ends with a question.
pub fn trailing_question(text: &str) -> Option<String> {
    todo!("{text}")
}
