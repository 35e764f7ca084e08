//! Width properties of ring-shared's renderers over hostile text and arbitrary boards: the
//! width-bounded ones (`truncate`, `truncate_middle`, and each after `sanitize`, as every
//! front end calls them) never exceed the width they were given, for any width 0..300; the
//! one-row ones (`oneline`) never hold a line break. Widths are measured with
//! `format::display_width`, the unicode-width measure the renderers use.

use proptest::prelude::*;
use ring_shared::board::{Board, project};
use ring_shared::derive::Session;
use ring_shared::format::{display_width, marker, oneline, sanitize, truncate, truncate_middle};
use ring_shared::registry::{Row, Status};
use ring_shared::testing::{self, hostile_text};
use ring_shared::view::View;

/// Text of the shared hostile pieces (`ring_shared::testing::HOSTILE`); the longest of the
/// workspace's, as cutting it at every width is what these tests are about.
fn hostile() -> impl Strategy<Value = String> {
    hostile_text(48)
}

/// A board row: any state, waiting kind, project path and detail, any idle time.
fn row() -> impl Strategy<Value = Row> {
    testing::hook_row(NOW, 48)
}

const NOW: f64 = 1_700_000_000.0;

fn board() -> impl Strategy<Value = Board> {
    (
        prop::collection::vec(row(), 0..12),
        0usize..40,
        any::<bool>(),
    )
        .prop_map(|(rows, procs, all)| {
            Board::build(
                rows.into_iter().map(Session::from_hook).collect(),
                procs,
                NOW,
                all,
            )
        })
}

fn width() -> impl Strategy<Value = usize> {
    0usize..300
}

fn one_row(text: &str) -> bool {
    !text.contains([
        '\n', '\r', '\u{b}', '\u{c}', '\u{85}', '\u{2028}', '\u{2029}',
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn truncate_fits_any_width_and_only_cuts_the_end(text in hostile(), width in width()) {
        let out = truncate(&text, width);
        prop_assert!(display_width(&out) <= width, "{:?} → {:?}", text, out);
        if display_width(&text) <= width {
            prop_assert_eq!(&out, &text);
        } else if let Some(kept) = out.strip_suffix('…') {
            prop_assert!(text.starts_with(kept), "{:?} → {:?}", text, out);
        } else {
            prop_assert_eq!(out, "");
        }
    }

    #[test]
    fn truncate_middle_fits_any_width_and_keeps_both_ends(text in hostile(), width in width()) {
        let out = truncate_middle(&text, width);
        prop_assert!(display_width(&out) <= width, "{:?} → {:?}", text, out);
        if display_width(&text) <= width {
            prop_assert_eq!(&out, &text);
        } else if width >= 3 {
            // Some `…` of the output (the text may hold its own) joins a head and a tail.
            let joined = out.match_indices('…').any(|(at, dots)| {
                text.starts_with(&out[..at]) && text.ends_with(&out[at + dots.len()..])
            });
            prop_assert!(joined || out.is_empty(), "{:?} → {:?}", text, out);
        }
    }

    #[test]
    fn sanitized_then_cut_text_is_one_row_within_the_width(text in hostile(), width in width()) {
        for out in [truncate(&sanitize(&text), width), truncate_middle(&sanitize(&text), width)] {
            prop_assert!(display_width(&out) <= width, "{:?} → {:?}", text, out);
            prop_assert!(one_row(&out) && !out.chars().any(char::is_control), "{:?}", out);
        }
    }

    /// What the status bars draw of a board: each project and detail sanitized and cut.
    #[test]
    fn summary_text_of_any_board_fits_any_width(board in board(), width in width()) {
        for entry in View::of_board(board, &Default::default(), "/home/u").entries {
            for out in [
                truncate(&sanitize(&entry.project), width),
                truncate(&sanitize(&entry.detail), width),
                truncate_middle(&sanitize(&entry.project), width),
            ] {
                prop_assert!(display_width(&out) <= width, "{:?} → {:?}", entry.project, out);
                prop_assert!(one_row(&out), "{:?}", out);
            }
        }
    }

    /// `oneline` takes no width: it is one row whose width follows from the counts alone
    /// (marker + digits per non-zero state, one space between), whatever the rows hold.
    #[test]
    fn oneline_is_one_row_sized_by_the_counts(board in board()) {
        let counts = board.counts();
        let line = oneline(&View::of_board(board, &Default::default(), ""));
        prop_assert!(one_row(&line), "{:?}", line);
        let parts: Vec<usize> = Status::ALL
            .iter()
            .map(|&s| counts.get(s))
            .zip(Status::ALL.iter().map(|&s| display_width(marker(s))))
            .filter(|&(n, _)| n > 0)
            .map(|(n, icon)| icon + n.to_string().len())
            .collect();
        let want = parts.iter().sum::<usize>() + parts.len().saturating_sub(1);
        prop_assert_eq!(display_width(&line), want, "{:?}", line);
    }

    /// `project` of a hostile path is still text the renderers can cut: never wider after
    /// sanitizing and cutting, whatever `/`, `.` and control characters it holds.
    #[test]
    fn project_names_of_hostile_paths_fit(row in row(), width in width()) {
        let session = Session::from_hook(row);
        let out = truncate(&sanitize(project(&session)), width);
        prop_assert!(display_width(&out) <= width && one_row(&out), "{:?}", out);
    }
}
