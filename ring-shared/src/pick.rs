//! Which session a person means by `SESSION` on the command line (`ring-tmux jump SESSION`,
//! `name`, `hide`): an id, a prefix of one, or a label from `labels.json`.
//!
//! An exact id wins, then an exact label, then a label or id prefix that only one session has.
//! Several sessions behind a prefix are [`Pick::Ambiguous`]: the caller lists them rather
//! than guess.

use std::collections::BTreeMap;

/// What a `SESSION` argument names among the known ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pick {
    /// Exactly one session: its id.
    One(String),
    /// Several sessions match: their ids, sorted.
    Ambiguous(Vec<String>),
    /// Nothing matches.
    None,
}

/// Resolves `query` among `ids` (the sessions on the board) with their `labels`.
pub fn pick<'a>(
    query: &str,
    ids: impl IntoIterator<Item = &'a str>,
    labels: &BTreeMap<String, String>,
) -> Pick {
    let mut ids: Vec<&str> = ids.into_iter().collect();
    ids.sort_unstable();
    ids.dedup();
    if query.is_empty() {
        return Pick::None;
    }
    let label = |id: &str| labels.get(id).map(String::as_str).unwrap_or("");
    if ids.contains(&query) {
        return Pick::One(query.to_owned());
    }
    let by_label: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| label(id) == query)
        .collect();
    if let Some(found) = one_or_many(&by_label) {
        return found;
    }
    let by_prefix: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| id.starts_with(query) || label(id).starts_with(query))
        .collect();
    one_or_many(&by_prefix).unwrap_or(Pick::None)
}

fn one_or_many(found: &[&str]) -> Option<Pick> {
    match found {
        [] => None,
        [one] => Some(Pick::One((*one).to_owned())),
        many => Some(Pick::Ambiguous(
            many.iter().map(|s| (*s).to_owned()).collect(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const IDS: [&str; 4] = ["abc123", "abd456", "ffff00", "9a9a"];

    fn labels() -> BTreeMap<String, String> {
        [
            ("ffff00", "deploy"),
            ("9a9a", "deploy-docs"),
            ("abd456", "abc"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
    }

    fn one(id: &str) -> Pick {
        Pick::One(id.to_owned())
    }

    fn many(ids: &[&str]) -> Pick {
        Pick::Ambiguous(ids.iter().map(|s| (*s).to_owned()).collect())
    }

    #[rstest]
    #[case::exact_id("abc123", one("abc123"))]
    #[case::unique_id_prefix("ff", one("ffff00"))]
    #[case::ambiguous_id_prefix("ab", many(&["abc123", "abd456"]))]
    #[case::exact_label_beats_a_longer_label("deploy", one("ffff00"))]
    #[case::label_prefix("deploy-", one("9a9a"))]
    #[case::ambiguous_label_prefix("dep", many(&["9a9a", "ffff00"]))]
    // "abc" is abd456's label and a prefix of abc123's id: the exact label wins.
    #[case::exact_label_beats_an_id_prefix("abc", one("abd456"))]
    #[case::nothing("zzz", Pick::None)]
    #[case::empty("", Pick::None)]
    fn picks(#[case] query: &str, #[case] want: Pick) {
        assert_eq!(pick(query, IDS, &labels()), want);
    }
}
