//! The badge on the tab (`tab_badge`, on by default): zellij's tab bar shows `🔴 NAME` while a
//! pane of that tab waits, and `NAME` again the moment none does. zellij draws a pane's frame
//! title from the terminal (agents set it as they go), so renaming a pane would freeze that
//! title; a tab's name is the user's, or zellij's `Tab #N`, and comes back exactly.
//!
//! The badge is a prefix (the waiting marker and a space), and the plan is computed from the
//! names zellij reports, not from what this instance remembers: every tab of ring's layout
//! has its own bar instance, and each computes the same names from the same tabs and rows, so
//! they never fight (one that reads a change a tick late corrects itself on its next read).

use std::collections::{BTreeMap, BTreeSet};

/// A tab as `TabUpdate` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tab {
    pub id: usize,
    pub position: usize,
    pub name: String,
}

/// One `rename_tab_with_id` call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rename {
    pub tab_id: usize,
    pub name: String,
}

/// The prefix the badge is (`""` marker: no badge).
fn prefix(marker: &str) -> String {
    format!("{marker} ")
}

/// The tab's name without ring's badge: what the board and `label "tab"` show.
pub fn base<'a>(name: &'a str, marker: &str) -> &'a str {
    if marker.is_empty() {
        return name;
    }
    name.strip_prefix(prefix(marker).as_str()).unwrap_or(name)
}

/// Renames already asked for and not yet seen in a `TabUpdate`: asked once, not at every read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TabBadges {
    asked: BTreeMap<usize, String>,
}

impl TabBadges {
    /// The renames that make the badge show on exactly the tabs at `waiting` positions (an
    /// empty set takes every badge off: `tab_badge false`, or nothing waits).
    pub fn plan(&mut self, tabs: &[Tab], waiting: &BTreeSet<usize>, marker: &str) -> Vec<Rename> {
        if marker.is_empty() {
            return Vec::new();
        }
        let mut renames = Vec::new();
        for tab in tabs {
            let plain = base(&tab.name, marker);
            let wanted = if waiting.contains(&tab.position) {
                format!("{}{plain}", prefix(marker))
            } else {
                plain.to_owned()
            };
            if wanted == tab.name {
                self.asked.remove(&tab.id);
                continue;
            }
            if self.asked.get(&tab.id) == Some(&wanted) {
                continue;
            }
            self.asked.insert(tab.id, wanted.clone());
            renames.push(Rename {
                tab_id: tab.id,
                name: wanted,
            });
        }
        self.asked.retain(|id, _| tabs.iter().any(|t| t.id == *id));
        renames
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: &str = "\u{1F534}";

    fn tabs(names: &[&str]) -> Vec<Tab> {
        names
            .iter()
            .enumerate()
            .map(|(i, name)| Tab {
                id: 10 + i,
                position: i,
                name: (*name).to_owned(),
            })
            .collect()
    }

    fn waiting(positions: &[usize]) -> BTreeSet<usize> {
        positions.iter().copied().collect()
    }

    fn rename(tab_id: usize, name: &str) -> Rename {
        Rename {
            tab_id,
            name: name.to_owned(),
        }
    }

    #[test]
    fn a_waiting_tab_gets_the_badge_and_loses_it_when_the_wait_ends() {
        let mut badges = TabBadges::default();
        let on = badges.plan(&tabs(&["Tab #1", "api"]), &waiting(&[1]), RED);
        assert_eq!(on, [rename(11, "\u{1F534} api")]);
        // Asked once: the same read before zellij's TabUpdate asks nothing more.
        assert!(
            badges
                .plan(&tabs(&["Tab #1", "api"]), &waiting(&[1]), RED)
                .is_empty()
        );
        let shown = tabs(&["Tab #1", "\u{1F534} api"]);
        assert!(badges.plan(&shown, &waiting(&[1]), RED).is_empty());
        assert_eq!(badges.plan(&shown, &waiting(&[]), RED), [rename(11, "api")]);
    }

    #[test]
    fn another_instances_badge_is_kept_or_taken_off_the_same_way() {
        // A tab this instance never renamed: the plan reads the name, not a memory.
        let mut badges = TabBadges::default();
        let shown = tabs(&["\u{1F534} web", "docs"]);
        assert!(badges.plan(&shown, &waiting(&[0]), RED).is_empty());
        assert_eq!(
            badges.plan(&shown, &waiting(&[1]), RED),
            [rename(10, "web"), rename(11, "\u{1F534} docs")]
        );
    }

    #[test]
    fn a_name_the_user_changes_while_badged_keeps_the_badge() {
        let mut badges = TabBadges::default();
        assert_eq!(
            badges.plan(&tabs(&["renamed"]), &waiting(&[0]), RED),
            [rename(10, "\u{1F534} renamed")]
        );
    }

    #[test]
    fn an_empty_marker_badges_nothing() {
        let mut badges = TabBadges::default();
        assert!(badges.plan(&tabs(&["api"]), &waiting(&[0]), "").is_empty());
        assert_eq!(base("\u{1F534} api", ""), "\u{1F534} api");
        assert_eq!(base("\u{1F534} api", RED), "api");
    }
}
