//! `ring_shared::explain::RuleId` names sections of `docs/rules.md`: every id a heading of
//! the page with the same words, and every section of the page either an id or listed here as
//! one that decides no state (so a new rule section fails until `explain` can name it).

use ring_shared::explain::RuleId;
use ring_shared::i18n::Lang;
use std::collections::BTreeMap;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Sections that decide no session's state (what a row holds, how it is written, found,
/// shown or installed), so no explanation names them.
const NOT_A_STATE_RULE: &[&str] = &[
    "0", "1", "2", "2.1", "2.2", "2.3", "2.5", "2.7", "2.8", "2.9", "3", "3.1", "3.2", "3.6",
    "3.7", "3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14", "3.15", "4", "4.1", "4.10",
    "4.11", "4.12", "5", "5.1", "5.2", "5.3", "5.4", "6", "7", "8", "9", "9.1", "9.2", "9.3",
    "9.4", "9.5", "9.6", "9.7", "9.8", "9.9", "9.10", "9.11", "9.12", "9.13", "9.14", "9.15",
    "9.16", "10", "11", "11.5", "11.6", "11.8", "11.9", "11.10", "11.12", "11.14", "11.16",
    // §11.17: which tmux server a session is in (where it shows, not what it is).
    "11.17",
];

/// The page's numbered headings: section → heading words.
fn headings() -> BTreeMap<String, String> {
    let doc = std::fs::read_to_string(format!("{ROOT}/docs/rules.md")).expect("docs/rules.md");
    doc.lines()
        .filter_map(|line| {
            line.strip_prefix("### ")
                .or_else(|| line.strip_prefix("## "))
        })
        .filter_map(|rest| {
            let (number, words) = rest.split_once(' ')?;
            let number = number.trim_end_matches('.');
            number
                .starts_with(|c: char| c.is_ascii_digit())
                .then(|| (number.to_owned(), words.trim().to_owned()))
        })
        .collect()
}

#[test]
fn every_rule_id_names_a_heading_of_rules_md() {
    let headings = headings();
    for rule in RuleId::ALL {
        assert_eq!(
            headings.get(rule.section()).map(String::as_str),
            Some(rule.heading(Lang::En).as_str()),
            "{rule:?} names §{} \"{}\", which docs/rules.md does not have",
            rule.section(),
            rule.heading(Lang::En)
        );
    }
}

#[test]
fn every_section_of_rules_md_is_a_rule_id_or_decides_no_state() {
    let named: Vec<&str> = RuleId::ALL.iter().map(|r| r.section()).collect();
    for section in headings().keys() {
        assert!(
            named.contains(&section.as_str()) || NOT_A_STATE_RULE.contains(&section.as_str()),
            "§{section} of docs/rules.md has no explain::RuleId: give it one (and a situation \
             in ring-shared/src/explain/tests.rs), or list it in NOT_A_STATE_RULE"
        );
    }
    for section in NOT_A_STATE_RULE {
        assert!(
            !named.contains(section),
            "§{section} is both a RuleId and NOT_A_STATE_RULE"
        );
    }
}
