//! The optional in-pane cue: a waiting pane's background is tinted, and restored exactly when
//! the wait ends.
//!
//! zellij reports each pane's default colours in `PaneUpdate` (`default_fg`/`default_bg`, `None`
//! when unset) and `set_pane_color(pane, fg, bg)` sets both, `None` unsetting. So the original
//! colours are recorded when the tint goes on and written back when it comes off.
//!
//! The plan is computed from what zellij reports, not from what this instance remembers: a pane
//! showing the tint that should not is restored even by an instance that did not tint it (every
//! tab has its own bar instance); without a record its colours are unset, which is what a pane
//! has unless something else coloured it.

use crate::model::Panes;
use std::collections::{BTreeMap, BTreeSet};

/// One `set_pane_color` call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paint {
    pub pane: u32,
    pub fg: Option<String>,
    pub bg: Option<String>,
}

/// Original colours of the panes this instance tinted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cues {
    originals: BTreeMap<u32, (Option<String>, Option<String>)>,
}

impl Cues {
    /// The calls that make the tint show on exactly the `waiting` panes.
    pub fn plan(&mut self, panes: &Panes, waiting: &BTreeSet<u32>, tint: &str) -> Vec<Paint> {
        let mut paints = Vec::new();
        let is_tint = |bg: &Option<String>| bg.as_deref().is_some_and(|bg| same(bg, tint));
        for pane in panes.terminals.values() {
            let wants = waiting.contains(&pane.id);
            let has = is_tint(&pane.bg);
            match (wants, has) {
                (true, false) => {
                    self.originals
                        .insert(pane.id, (pane.fg.clone(), pane.bg.clone()));
                    paints.push(Paint {
                        pane: pane.id,
                        fg: pane.fg.clone(),
                        bg: Some(tint.to_owned()),
                    });
                }
                (false, true) => {
                    let (fg, bg) = self
                        .originals
                        .remove(&pane.id)
                        .unwrap_or((pane.fg.clone(), None));
                    paints.push(Paint {
                        pane: pane.id,
                        fg,
                        bg: bg.filter(|bg| !same(bg, tint)),
                    });
                }
                (false, false) => {
                    self.originals.remove(&pane.id);
                }
                (true, true) => {}
            }
        }
        self.originals
            .retain(|id, _| panes.terminals.contains_key(id));
        paints
    }

    /// The calls that take every tint this instance set off again (cue turned off, unload).
    pub fn restore_all(&mut self) -> Vec<Paint> {
        std::mem::take(&mut self.originals)
            .into_iter()
            .map(|(pane, (fg, bg))| Paint { pane, fg, bg })
            .collect()
    }
}

fn same(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PaneRef;

    const TINT: &str = "#3a1212";

    fn panes(list: &[(u32, Option<&str>)]) -> Panes {
        Panes {
            known: true,
            terminals: list
                .iter()
                .map(|(id, bg)| {
                    let pane = PaneRef {
                        id: *id,
                        fg: None,
                        bg: bg.map(str::to_owned),
                        ..PaneRef::default()
                    };
                    (*id, pane)
                })
                .collect(),
        }
    }

    fn waiting(ids: &[u32]) -> BTreeSet<u32> {
        ids.iter().copied().collect()
    }

    #[test]
    fn waiting_pane_is_tinted_then_restored_to_its_own_colour() {
        let mut cues = Cues::default();
        let before = panes(&[(1, Some("#000010")), (2, None)]);
        let on = cues.plan(&before, &waiting(&[1]), TINT);
        assert_eq!(
            on,
            vec![Paint {
                pane: 1,
                fg: None,
                bg: Some(TINT.into())
            }]
        );
        let tinted = panes(&[(1, Some("#3A1212")), (2, None)]);
        assert!(cues.plan(&tinted, &waiting(&[1]), TINT).is_empty());
        let off = cues.plan(&tinted, &waiting(&[]), TINT);
        assert_eq!(
            off,
            vec![Paint {
                pane: 1,
                fg: None,
                bg: Some("#000010".into())
            }]
        );
    }

    #[test]
    fn tint_left_by_another_instance_is_unset() {
        let mut cues = Cues::default();
        let off = cues.plan(&panes(&[(4, Some(TINT))]), &waiting(&[]), TINT);
        assert_eq!(
            off,
            vec![Paint {
                pane: 4,
                fg: None,
                bg: None
            }]
        );
    }

    #[test]
    fn a_late_manifest_does_not_record_the_tint_as_original() {
        let mut cues = Cues::default();
        let before = panes(&[(1, None)]);
        cues.plan(&before, &waiting(&[1]), TINT);
        // The manifest still shows the old colour: the plan repeats itself harmlessly.
        assert_eq!(cues.plan(&before, &waiting(&[1]), TINT).len(), 1);
        let off = cues.plan(&panes(&[(1, Some(TINT))]), &waiting(&[]), TINT);
        assert_eq!(off[0].bg, None);
    }

    #[test]
    fn restore_all_undoes_every_tint() {
        let mut cues = Cues::default();
        cues.plan(
            &panes(&[(1, None), (2, Some("#010101"))]),
            &waiting(&[1, 2]),
            TINT,
        );
        let undo = cues.restore_all();
        assert_eq!(undo.len(), 2);
        assert_eq!(undo[1].bg.as_deref(), Some("#010101"));
        assert!(cues.restore_all().is_empty());
    }
}
