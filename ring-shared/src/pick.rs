//! Which session a person means by `SESSION` on the command line (`ring-tmux jump SESSION`,
//! `name`, `hide`, `reply`): an id, a prefix of one, a label from `labels.json`, or the
//! project `ring-tmux list` shows.
//!
//! An exact id wins, then an exact label, then an exact project, then a label or id prefix
//! that only one session has. Several sessions behind a name or prefix are
//! [`Pick::Ambiguous`]: the caller lists them rather than guess.

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

/// Resolves `query` among `ids` (the sessions on the board) with their `labels` and
/// `projects` (id → name; a missing id has none).
pub fn pick<'a>(
    query: &str,
    ids: impl IntoIterator<Item = &'a str>,
    labels: &BTreeMap<String, String>,
    projects: &BTreeMap<String, String>,
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
    let project = |id: &str| projects.get(id).map(String::as_str).unwrap_or("");
    let by_project: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| project(id) == query)
        .collect();
    if let Some(found) = one_or_many(&by_project) {
        return found;
    }
    let by_prefix: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| id.starts_with(query) || label(id).starts_with(query))
        .collect();
    one_or_many(&by_prefix).unwrap_or(Pick::None)
}

/// The fewest characters that still name a session: an id of at most [`WHOLE_ID`]
/// characters whole, a longer one (a UUID) cut to at least [`SHORT_ID`], more while another
/// of `ids` starts the same (the whole id at most). A provider's qualifier (`codex:`) is
/// kept and not counted. What `ring-tmux list` shows in its ID
/// column, and [`pick`] takes back as a prefix.
pub fn short_ids<'a>(ids: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, String> {
    let ids: Vec<&str> = ids.into_iter().collect();
    ids.iter()
        .map(|&id| {
            // A provider's prefix (`codex:`) is kept whole and not counted.
            let qualifier = id.find(':').map_or(0, |i| id[..=i].chars().count());
            let long = id.chars().count() > qualifier + WHOLE_ID;
            let cuts = id
                .char_indices()
                .map(|(i, _)| i)
                .skip(qualifier + SHORT_ID)
                .filter(|_| long)
                .chain([id.len()]);
            let short = cuts
                .map(|cut| &id[..cut])
                .find(|prefix| {
                    ids.iter()
                        .all(|&other| other == id || !other.starts_with(prefix))
                })
                .unwrap_or(id);
            (id.to_owned(), short.to_owned())
        })
        .collect()
}

/// How many characters of an id [`short_ids`] shows at least.
pub const SHORT_ID: usize = 8;

/// Ids up to this long [`short_ids`] shows whole (`demo-web`, `codex:a1`).
pub const WHOLE_ID: usize = 12;

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

    fn projects() -> BTreeMap<String, String> {
        [
            ("abc123", "api"),
            ("abd456", "api"),
            ("ffff00", "web"),
            ("9a9a", "deploy"),
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
    #[case::uuids_are_cut_to_eight_characters(
        &["3f2a1c9d-0b1e-4c2a-9d7e-5a6b7c8d9e0f", "9c41d0e2-1111-4c2a-9d7e-5a6b7c8d9e0f"],
        &["3f2a1c9d", "9c41d0e2"]
    )]
    #[case::a_shared_prefix_grows_until_it_differs(
        &["0123456789abcdef", "0123456789cdefab"],
        &["0123456789a", "0123456789c"]
    )]
    #[case::short_ids_are_whole(&["abc", "demo-earlier", "abcdefghijklm"], &["abc", "demo-earlier", "abcdefgh"])]
    #[case::a_qualifier_is_not_counted(
        &["codex:019a1b2c-3d4e-7f00-8a9b-0c1d2e3f4a5b", "codex:demo-cli"],
        &["codex:019a1b2c", "codex:demo-cli"]
    )]
    #[case::one_id_the_start_of_another(
        &["abcdefghijklm", "abcdefghijklmnop"],
        &["abcdefghijklm", "abcdefghijklmn"]
    )]
    fn shortens(#[case] ids: &[&str], #[case] want: &[&str]) {
        let short = short_ids(ids.iter().copied());
        let got: Vec<&str> = ids.iter().map(|id| short[*id].as_str()).collect();
        assert_eq!(got, want);
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
    #[case::unambiguous_project("web", one("ffff00"))]
    #[case::project_of_two_sessions("api", many(&["abc123", "abd456"]))]
    // "deploy" is ffff00's label and 9a9a's project: the label wins.
    #[case::exact_label_beats_a_project("deploy", one("ffff00"))]
    #[case::a_project_prefix_is_no_name("we", Pick::None)]
    #[case::nothing("zzz", Pick::None)]
    #[case::empty("", Pick::None)]
    fn picks(#[case] query: &str, #[case] want: Pick) {
        assert_eq!(pick(query, IDS, &labels(), &projects()), want);
    }
}
