//! The bar: one row, any width, never wrapped.
//!
//! ```text
//!  🔴2 🟢1 🟡3 +2 elsewhere  ⚠ notice   🔐 api   ❓ web  +2
//!  └─ counts ─┘ └ in tmux ┘  └ words ┘  └ badge ┘ └badge┘ └ badges that did not fit
//! ```
//!
//! Counts come first and are never dropped for a badge; notices (bad configuration, missing
//! permission) come next, then one badge per waiting pane, longest waiting first, while they
//! fit. Each badge's cells are recorded as a [`Hit`] so that a click maps to exactly one pane.

use crate::cells;
use crate::model::View;
use crate::settings::Icons;
use crate::theme::{Style, Theme};
use ring_shared::Status;

/// A badge's columns (0-based, end exclusive) and the pane it focuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub start: usize,
    pub end: usize,
    pub pane: u32,
}

/// A rendered bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BarLine {
    /// What to print: styled, exactly the given width in cells, no newline.
    pub text: String,
    /// The same without styles (what a person reads).
    pub plain: String,
    pub hits: Vec<Hit>,
}

/// Longest badge label, in cells.
const LABEL_CELLS: usize = 16;

struct Line<'a> {
    theme: &'a Theme,
    width: usize,
    used: usize,
    text: String,
    plain: String,
    hits: Vec<Hit>,
}

impl Line<'_> {
    fn left(&self) -> usize {
        self.width - self.used
    }

    /// Appends `s` cut to the room left.
    fn push(&mut self, style: Style, s: &str) {
        let s = cells::truncate(s, self.left());
        if s.is_empty() {
            return;
        }
        self.used += cells::width(&s);
        style.paint(&s, &mut self.text);
        self.plain.push_str(&s);
    }
}

/// Lays the bar out in `width` cells.
pub fn layout(
    view: &View,
    notices: &[String],
    icons: &Icons,
    theme: &Theme,
    width: usize,
) -> BarLine {
    let mut line = Line {
        theme,
        width,
        used: 0,
        text: String::new(),
        plain: String::new(),
        hits: Vec::new(),
    };
    let text = theme.text;
    line.push(text, " ");
    let counts = |counts: &[(Status, usize)]| -> String {
        let parts: Vec<String> = counts
            .iter()
            .map(|(status, n)| format!("{}{n}", icons.marker(*status)))
            .collect();
        parts.join(" ")
    };
    let mut parts = vec![counts(&view.counts)];
    if !view.remote_counts.is_empty() {
        parts.push(format!("⇄ {}", counts(&view.remote_counts)));
    }
    parts.extend(ring_shared::servers::elsewhere_mark(&view.elsewhere));
    parts.extend(view.marks.iter().cloned());
    parts.retain(|p| !p.is_empty());
    if parts.is_empty() {
        line.push(text, "ring");
    } else {
        line.push(text, &parts.join(" "));
    }
    for notice in notices {
        line.push(text, "  ");
        line.push(theme.notice, &format!("⚠ {notice}"));
    }
    badges(&mut line, view, icons);
    let pad = line.left();
    line.push(text, &" ".repeat(pad));
    BarLine {
        text: line.text,
        plain: line.plain,
        hits: line.hits,
    }
}

fn badges(line: &mut Line<'_>, view: &View, icons: &Icons) {
    let text = line.theme.text;
    let badge_style = line.theme.badge;
    for (i, badge) in view.badges.iter().enumerate() {
        let icon = icons.kind(&badge.kind);
        let label = cells::truncate(&badge.label, LABEL_CELLS);
        let body = if icon.is_empty() {
            format!(" {label} ")
        } else {
            format!(" {icon} {label} ")
        };
        let rest = view.badges.len() - i - 1;
        // Keep room for "+N" whenever more badges follow.
        let reserve = if rest > 0 {
            cells::width(&format!(" +{rest}"))
        } else {
            0
        };
        if 1 + cells::width(&body) + reserve > line.left() {
            let more = format!(" +{}", view.badges.len() - i);
            if cells::width(&more) <= line.left() {
                line.push(text, &more);
            }
            return;
        }
        line.push(text, " ");
        let start = line.used;
        line.push(badge_style, &body);
        line.hits.push(Hit {
            start,
            end: line.used,
            pane: badge.pane,
        });
    }
}

/// The pane whose badge covers column `col` (0-based), if any.
pub fn hit(hits: &[Hit], col: usize) -> Option<u32> {
    hits.iter()
        .find(|h| (h.start..h.end).contains(&col))
        .map(|h| h.pane)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Badge;
    use ring_shared::Status;
    use rstest::rstest;

    fn view(counts: &[(Status, usize)], badges: &[(&str, &str, u32)]) -> View {
        View {
            counts: counts.to_vec(),
            entries: Vec::new(),
            badges: badges
                .iter()
                .map(|(label, kind, pane)| Badge {
                    pane: *pane,
                    label: (*label).into(),
                    kind: (*kind).into(),
                })
                .collect(),
            ..View::default()
        }
    }

    fn plain(v: &View, width: usize) -> BarLine {
        layout(v, &[], &Icons::default(), &Theme::default(), width)
    }

    #[test]
    fn counts_then_badges() {
        let v = view(
            &[
                (Status::Waiting, 2),
                (Status::Working, 1),
                (Status::Idle, 3),
            ],
            &[("api", "permission", 3), ("web", "question", 5)],
        );
        let bar = plain(&v, 60);
        assert_eq!(bar.plain.trim_end(), " 🔴2 🟢1 🟡3  🔐 api   ❓ web");
        assert_eq!(cells::width(&bar.plain), 60);
    }

    /// Remote hosts (issue 27), as the tmux segment draws them: with `remote_counts =
    /// "apart"` their counts after `⇄`, then each stale or unreachable host.
    #[test]
    fn remote_counts_and_host_marks_follow_the_counts() {
        let mut v = view(&[(Status::Working, 1)], &[("api", "permission", 3)]);
        v.remote_counts = vec![(Status::Waiting, 2)];
        v.marks = vec!["⌛devbox 2m".into(), "✖gone".into()];
        let bar = plain(&v, 60);
        assert_eq!(bar.plain.trim_end(), " 🟢1 ⇄ 🔴2 ⌛devbox 2m ✖gone  🔐 api");
        let only_remote = View {
            remote_counts: vec![(Status::Idle, 1)],
            ..View::default()
        };
        assert_eq!(plain(&only_remote, 20).plain.trim_end(), " ⇄ 🟡1");
    }

    /// Traditional Chinese (issue 26): double-width labels and notices are cut by cells, so
    /// the bar is exactly as wide as given at every width, even or odd.
    #[rstest]
    fn zh_hant_text_is_cut_by_cells(#[values(1, 6, 13, 21, 40, 81)] width: usize) {
        let v = view(
            &[(Status::Waiting, 2), (Status::Working, 1)],
            &[
                ("支付系統重構計畫的後端", "plan", 1),
                ("登入頁面", "permission", 2),
            ],
        );
        let notice = ring_shared::i18n::with_lang(ring_shared::i18n::Lang::ZhHant, || {
            crate::plugin::permission_notice()
        });
        assert!(notice.contains("需要權限"), "{notice}");
        let bar = layout(&v, &[notice], &Icons::default(), &Theme::default(), width);
        assert_eq!(cells::width(&bar.plain), width, "{:?}", bar.plain);
        for h in &bar.hits {
            assert!(h.end <= width);
        }
    }

    #[test]
    fn empty_registry_says_ring() {
        assert_eq!(plain(&View::default(), 10).plain, " ring     ");
    }

    #[rstest]
    #[case(1)]
    #[case(5)]
    #[case(13)]
    #[case(20)]
    #[case(27)]
    #[case(80)]
    fn never_wider_than_given_and_no_newline(#[case] width: usize) {
        let v = view(
            &[(Status::Waiting, 3), (Status::Idle, 12)],
            &[
                ("a-very-long-project-name-indeed", "plan", 1),
                ("b", "permission", 2),
                ("c", "", 3),
            ],
        );
        let bar = layout(
            &v,
            &["ring: bad key".into()],
            &Icons::default(),
            &Theme::default(),
            width,
        );
        assert_eq!(cells::width(&bar.plain), width);
        assert!(!bar.text.contains('\n'));
        for h in &bar.hits {
            assert!(h.end <= width);
        }
    }

    #[test]
    fn badges_that_do_not_fit_become_a_count() {
        let v = view(
            &[(Status::Waiting, 3)],
            &[
                ("alpha", "plan", 1),
                ("beta", "plan", 2),
                ("gamma", "plan", 3),
            ],
        );
        let bar = plain(&v, 26);
        assert_eq!(bar.plain.trim_end(), " 🔴3  🧭 alpha  +2");
        assert_eq!(bar.hits.len(), 1);
    }

    #[test]
    fn long_labels_are_truncated() {
        let v = view(&[(Status::Waiting, 1)], &[("x".repeat(40).as_str(), "", 1)]);
        let bar = plain(&v, 80);
        assert!(bar.plain.contains(&format!("{}…", "x".repeat(15))));
    }

    #[test]
    fn click_on_a_badge_maps_to_its_pane_and_nowhere_else() {
        let v = view(
            &[(Status::Waiting, 2)],
            &[("api", "permission", 3), ("web", "question", 5)],
        );
        let bar = plain(&v, 60);
        // " 🔴2 " is 5 cells, then " " and the first badge " 🔐 api ".
        assert_eq!(
            bar.hits[0],
            Hit {
                start: 5,
                end: 13,
                pane: 3
            }
        );
        assert_eq!(hit(&bar.hits, 5), Some(3));
        assert_eq!(hit(&bar.hits, 12), Some(3));
        assert_eq!(hit(&bar.hits, 13), None);
        assert_eq!(hit(&bar.hits, 14), Some(5));
        assert_eq!(hit(&bar.hits, 0), None);
        let each_pane_once: Vec<u32> = (0..60).filter_map(|c| hit(&bar.hits, c)).collect();
        assert_eq!(each_pane_once.iter().filter(|&&p| p == 3).count(), 8);
    }

    #[rstest]
    #[case::beside_the_counts(&[(Status::Working, 1)], " 🟢1 +3 elsewhere, 2 waiting")]
    #[case::alone(&[], " +3 elsewhere, 2 waiting")]
    fn sessions_in_tmux_are_marked_apart(#[case] counts: &[(Status, usize)], #[case] want: &str) {
        let mut v = view(counts, &[]);
        v.elsewhere = ring_shared::board::Counts {
            waiting: 2,
            working: 1,
            idle: 0,
            ended: 4,
        };
        assert_eq!(plain(&v, 60).plain.trim_end(), want);
    }

    #[test]
    fn notice_is_shown_in_words() {
        let bar = layout(
            &View::default(),
            &["ring: permission needed".into()],
            &Icons::default(),
            &Theme::default(),
            40,
        );
        assert!(
            bar.plain.contains("⚠ ring: permission needed"),
            "{:?}",
            bar.plain
        );
    }

    #[test]
    fn custom_icons_are_used() {
        let icons = Icons {
            waiting: "W".into(),
            permission: "P".into(),
            ..Icons::default()
        };
        let v = view(&[(Status::Waiting, 1)], &[("api", "permission", 1)]);
        let bar = layout(&v, &[], &icons, &Theme::default(), 20);
        assert_eq!(bar.plain.trim_end(), " W1  P api");
    }
}
