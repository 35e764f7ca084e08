//! `ring-tmux list`: the board as an aligned table for people.
//!
//! ```text
//! ID        STATE           PROJECT  IDLE  DOING                      WHERE
//! 3f2a1c9d  🔴 waiting 🔐   api      3m    Bash: npm test             dev:1.0
//! 9c41d0e2  🟢 working      web      12s   → Edit main.rs             ~/src/web
//! ```
//!
//! The ID column is what `jump`, `reply`, `name` and `hide` take (as are the label and a
//! project only one session has): the shortest prefix of at least eight characters that no
//! other listed session shares ([`ring_shared::pick::short_ids`]).
//!
//! Every text from a row is sanitized (escape sequences and control characters removed)
//! before it reaches the terminal. On a terminal the table fits its width: the DOING column
//! gives way first, then WHERE (cut in the middle, keeping the last directory), then PROJECT.

use ring_shared::format::{
    display_width, marker, relative_time, sanitize, status_label, truncate, truncate_middle,
};
use ring_shared::view::{Entry, View};
use std::io::IsTerminal;

/// Narrowest DOING / WHERE / PROJECT columns before they are cut.
const MIN_DOING: usize = 12;
const MIN_WHERE: usize = 12;
const MIN_PROJECT: usize = 8;
const GAP: &str = "  ";

/// The terminal's width when stdout is a terminal; `None` (no fitting) otherwise.
pub fn terminal_width() -> Option<usize> {
    let stdout = std::io::stdout();
    if !stdout.is_terminal() {
        return None;
    }
    terminal_size::terminal_size_of(&stdout).map(|(w, _)| usize::from(w.0))
}

/// One table line's cells, already sanitized.
struct Line {
    id: String,
    state: String,
    project: String,
    idle: String,
    doing: String,
    place: String,
}

fn line_of(entry: &Entry, id: &str) -> Line {
    let icon = entry.kind_icon();
    let label = if entry.agent {
        ring_shared::t!("state-agent", state = status_label(entry.status))
    } else {
        status_label(entry.status)
    };
    let state = format!("{} {label} {icon}", marker(entry.status));
    Line {
        id: sanitize(id),
        state: state.trim_end().to_owned(),
        project: sanitize(entry.name()),
        idle: relative_time(entry.idle_seconds),
        doing: sanitize(&entry.detail),
        place: sanitize(&entry.location),
    }
}

/// Widest cell of a column (header included).
fn widest(lines: &[Line], header: &str, cell: impl Fn(&Line) -> &str) -> usize {
    lines
        .iter()
        .map(|l| display_width(cell(l)))
        .chain([display_width(header)])
        .max()
        .unwrap_or(0)
}

fn pad(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(display_width(text));
    format!("{text}{}", " ".repeat(fill))
}

/// A location cut to `width`, keeping its last directory whole when it can
/// (`/home/u/src…/app`), else cut in the middle.
fn fit_place(place: &str, width: usize) -> String {
    if display_width(place) <= width {
        return place.to_owned();
    }
    if let Some(slash) = place.rfind('/') {
        let last = &place[slash..];
        let room = width.saturating_sub(display_width(last));
        if room >= 2 {
            return format!("{}{last}", truncate(&place[..slash], room));
        }
    }
    truncate_middle(place, width)
}

/// Renders the table (with a trailing newline); `width` fits it to a terminal.
pub fn render(view: &View, width: Option<usize>) -> String {
    if view.entries.is_empty() {
        return format!("{}\n", ring_shared::t!("list-empty"));
    }
    let short = ring_shared::pick::short_ids(view.entries.iter().map(|e| e.session_id.as_str()));
    let mut lines: Vec<Line> = view
        .entries
        .iter()
        .map(|e| line_of(e, short.get(&e.session_id).unwrap_or(&e.session_id)))
        .collect();
    let header = Line {
        id: ring_shared::t!("list-id"),
        state: ring_shared::t!("list-state"),
        project: ring_shared::t!("list-project"),
        idle: ring_shared::t!("list-idle"),
        doing: ring_shared::t!("list-doing"),
        place: ring_shared::t!("list-where"),
    };
    let id_w = widest(&lines, &header.id, |l| &l.id);
    let state_w = widest(&lines, &header.state, |l| &l.state);
    let idle_w = widest(&lines, &header.idle, |l| &l.idle);
    let mut project_w = widest(&lines, &header.project, |l| &l.project);
    let mut doing_w = widest(&lines, &header.doing, |l| &l.doing);
    let mut place_w = widest(&lines, &header.place, |l| &l.place);
    if let Some(total) = width {
        let fixed = id_w + state_w + idle_w + 5 * GAP.len();
        let mut over = (fixed + project_w + doing_w + place_w).saturating_sub(total);
        for (column, min) in [
            (&mut doing_w, MIN_DOING),
            (&mut place_w, MIN_WHERE),
            (&mut project_w, MIN_PROJECT),
        ] {
            let give = over.min(column.saturating_sub(min));
            *column -= give;
            over -= give;
        }
        for line in &mut lines {
            line.project = truncate(&line.project, project_w);
            line.doing = truncate(&line.doing, doing_w);
            line.place = fit_place(&line.place, place_w);
        }
    }
    let mut out = String::new();
    for line in std::iter::once(&header).chain(&lines) {
        let text = [
            pad(&line.id, id_w),
            pad(&line.state, state_w),
            pad(&line.project, project_w),
            pad(&line.idle, idle_w),
            pad(&line.doing, doing_w),
            line.place.clone(),
        ]
        .join(GAP);
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_shared::board::Board;
    use ring_shared::derive::Session;
    use ring_shared::{Row, Status};
    use rstest::rstest;

    fn loaded(rows: Vec<Row>, home: &str) -> View {
        let sessions = rows.into_iter().map(Session::from_hook).collect();
        View::of_board(
            Board::build(sessions, 0, 100.0, true),
            &Default::default(),
            home,
        )
    }

    fn long_rows() -> Vec<Row> {
        let mut a = Row::new("a");
        a.status = Status::Waiting;
        a.waiting_kind = "question".into();
        a.waiting_detail = "Should I also rewrite the whole persistence layer to use the new \
                            storage engine before the release, or keep it for later?"
            .into();
        a.cwd = "/home/someone/src/very/deeply/nested/projects/the-project-name".into();
        let mut b = Row::new("b");
        b.last_action = "→ Bash: cargo test --workspace --all-features".into();
        b.cwd = "/srv/x".into();
        vec![a, b]
    }

    #[rstest]
    #[case::wide(200, true)]
    #[case::medium(100, true)]
    #[case::narrow(80, true)]
    #[case::tiny_cuts_the_project_last(64, false)]
    fn fitted_table_never_exceeds_the_width(#[case] width: usize, #[case] whole: bool) {
        let text = render(&loaded(long_rows(), "/home/someone"), Some(width));
        for line in text.lines() {
            assert!(
                display_width(line) <= width,
                "{} > {width}: {line}",
                display_width(line)
            );
        }
        let project = text
            .lines()
            .nth(1)
            .is_some_and(|l| l.contains("the-project-name "));
        assert_eq!(project, whole, "{text}");
    }

    #[rstest]
    #[case::fits("/srv/app", 20, "/srv/app")]
    #[case::keeps_last_directory("/home/u/src/deep/app", 12, "/home/u…/app")]
    #[case::last_directory_too_long("/r/a-very-long-directory", 10, "/r/a…ctory")]
    fn fit_place_keeps_the_last_directory(
        #[case] place: &str,
        #[case] width: usize,
        #[case] want: &str,
    ) {
        assert_eq!(fit_place(place, width), want);
        assert!(display_width(&fit_place(place, width)) <= width);
    }

    #[test]
    fn where_keeps_the_last_directory_when_cut() {
        let text = render(&loaded(long_rows(), "/nowhere"), Some(80));
        let first = text.lines().nth(1).expect("first row");
        assert!(first.ends_with("the-project-name"), "{first}");
        assert!(first.contains('…'), "{first}");
    }

    #[test]
    fn unfitted_table_keeps_everything() {
        let text = render(&loaded(long_rows(), "/home/someone"), None);
        assert!(text.contains("keep it for later?"), "{text}");
        assert!(
            text.contains("~/src/very/deeply/nested/projects/the-project-name"),
            "{text}"
        );
    }

    /// The narrowest table `render` will make: fixed columns, gaps, and the cut columns at
    /// their minimum (or narrower when their widest cell is).
    fn narrowest(text: &str) -> usize {
        let header = text.lines().next().unwrap_or_default();
        // ID, STATE and IDLE are never cut: their width is where PROJECT and DOING start.
        let state_w = header.find("PROJECT").unwrap_or(0);
        let idle_w = header
            .find("DOING")
            .and_then(|d| header.find("IDLE").map(|i| d - i - GAP.len()))
            .unwrap_or(0);
        state_w + idle_w + 4 * GAP.len() + MIN_PROJECT + MIN_DOING + MIN_WHERE
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// Any rows, any width: every line fits the width (or the narrowest table there is),
        /// and nothing from a row reaches the terminal as a control character.
        #[test]
        fn a_fitted_table_of_hostile_rows_never_exceeds_the_width(
            rows in proptest::collection::vec(ring_shared::testing::hook_row(100.0, 24), 1..12),
            width in 0usize..240,
        ) {
            let text = render(&loaded(rows, "/home/u"), Some(width));
            let bound = width.max(narrowest(&text));
            for line in text.lines() {
                proptest::prop_assert!(display_width(line) <= bound, "{} > {bound}: {line:?}", display_width(line));
                proptest::prop_assert!(!line.chars().any(char::is_control), "{line:?}");
            }
            proptest::prop_assert!(text.starts_with("ID"));
        }
    }
}
