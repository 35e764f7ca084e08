//! `labels.json` (spec §1, §5.2): `{session_id: label}`, the names people give sessions
//! (`ring-tmux name`, RiNG's TUI `n`). Read by [`crate::derive::parse_labels`]; this is the
//! write rule.

use crate::derive::parse_labels;

/// The file's new text with `session_id` labelled `label` (trimmed; an empty label removes
/// the name). `bytes` is the current file, `None` when there is none; only non-empty string
/// values survive (what the reader keeps). Keys sorted, Python's `json.dumps` separators,
/// non-ASCII literal. `None` for an empty id.
pub fn set(bytes: Option<&[u8]>, session_id: &str, label: &str) -> Option<String> {
    if session_id.is_empty() {
        return None;
    }
    let mut labels = bytes.map(parse_labels).unwrap_or_default();
    let label = label.trim();
    if label.is_empty() {
        labels.remove(session_id);
    } else {
        labels.insert(session_id.to_owned(), label.to_owned());
    }
    let quote = |s: &str| serde_json::to_string(s).expect("a string always serializes");
    let body: Vec<String> = labels
        .iter()
        .map(|(id, label)| format!("{}: {}", quote(id), quote(label)))
        .collect();
    Some(format!("{{{}}}", body.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::set;
    use rstest::rstest;

    #[rstest]
    #[case::no_file(None, "b", "ship", r#"{"b": "ship"}"#)]
    #[case::sorted_and_kept(Some(r#"{"c": "x"}"#), "b", "ship", r#"{"b": "ship", "c": "x"}"#)]
    #[case::renamed(Some(r#"{"b": "old"}"#), "b", "new", r#"{"b": "new"}"#)]
    #[case::trimmed(None, "b", "  ship it \n", r#"{"b": "ship it"}"#)]
    #[case::empty_removes(Some(r#"{"b": "old", "c": "x"}"#), "b", " ", r#"{"c": "x"}"#)]
    #[case::non_strings_dropped(Some(r#"{"a": 1, "c": ""}"#), "b", "y", r#"{"b": "y"}"#)]
    #[case::unicode_literal(None, "b", "部署 \"x\"", r#"{"b": "部署 \"x\""}"#)]
    #[case::garbage_starts_over(Some("[1"), "b", "y", r#"{"b": "y"}"#)]
    fn set_writes_ring_s_format(
        #[case] before: Option<&str>,
        #[case] id: &str,
        #[case] label: &str,
        #[case] after: &str,
    ) {
        assert_eq!(
            set(before.map(str::as_bytes), id, label).as_deref(),
            Some(after)
        );
    }
}
