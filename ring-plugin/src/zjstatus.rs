//! Feeding an existing zjstatus bar instead of adding a row: with `zjstatus "NAME"` in its
//! block, the plugin sends its counts and badges as zjstatus's pipe protocol
//! (`zjstatus::pipe::pipe_NAME::TEXT`) whenever they change, and zjstatus shows them where its
//! format names `{pipe_NAME}` (with `pipe_NAME_format "{output}"`).

/// Whether `name` can be a zjstatus widget name (`pipe_NAME`): letters, digits, `_`.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The pipe payload that sets `pipe_NAME` to `text` (the bar's plain text). Text is data:
/// control characters become spaces, `::` (zjstatus's separator) is broken up, and `#[`
/// (zjstatus's style markup) cannot start a style.
pub fn payload(name: &str, text: &str) -> String {
    let mut clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    while clean.contains("::") {
        clean = clean.replace("::", ": :");
    }
    let clean = clean.replace("#[", "# [");
    format!("zjstatus::pipe::pipe_{name}::{}", clean.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_payload_follows_zjstatus_pipe_protocol() {
        assert_eq!(
            payload("ring", "🔴2 web🔐 🟢1   "),
            "zjstatus::pipe::pipe_ring::🔴2 web🔐 🟢1"
        );
    }

    #[test]
    fn hostile_text_cannot_break_the_protocol_or_style_it() {
        let p = payload("ring", "a:::b #[fg=red]x\u{1b}[31m\ny");
        assert_eq!(p, "zjstatus::pipe::pipe_ring::a: : :b # [fg=red]x [31m y");
        assert_eq!(p.matches("::").count(), 3, "{p}");
    }

    #[test]
    fn names_are_widget_names() {
        assert!(valid_name("ring"));
        assert!(valid_name("ring_2"));
        assert!(!valid_name(""));
        assert!(!valid_name("a::b"));
        assert!(!valid_name("a b"));
    }
}
