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

/// Pieces that break naive width code: escape sequences, line breaks, C0/C1 controls, zero
/// width and joiner characters, variation selectors, combining marks, emoji (ZWJ families,
/// flags, keycaps), CJK, Hangul jamo and Arabic ligatures (string width differs from the sum
/// of character widths), bidi overrides and tmux format syntax.
const HOSTILE: &[&str] = &[
    "\u{1b}[31m",
    "\u{1b}]0;title\u{7}",
    "\u{1b}P+q\u{1b}\\",
    "\u{9b}2J",
    "\n",
    "\r\n",
    "\t",
    "\0",
    "\u{7}",
    "\u{7f}",
    "\u{85}",
    "\u{2028}",
    "\u{200b}",
    "\u{200d}",
    "\u{fe0f}",
    "\u{fe0e}",
    "\u{301}",
    "e\u{301}",
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
    "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
    "\u{1F1FA}\u{1F1F8}",
    "1\u{FE0F}\u{20E3}",
    "\u{1F534}",
    "\u{2764}\u{FE0F}",
    "\u{23F8}",
    "\u{23F8}\u{FE0F}",
    "重構登入",
    "ｱｲ",
    "\u{1100}\u{1161}\u{11A8}",
    "\u{644}\u{627}",
    "\u{202e}",
    "\u{2066}",
    "\u{ad}",
    "…",
    "#(rm -rf ~)",
    "#[fg=red]",
    "#{pane_id}",
    "/home/u/projects/",
    "a",
    " ",
];

/// Text made of hostile pieces and arbitrary characters.
fn hostile() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => prop::sample::select(HOSTILE).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
        1 => "[a-z/._-]{1,12}",
    ];
    prop::collection::vec(piece, 0..48).prop_map(|pieces| pieces.concat())
}

fn status() -> impl Strategy<Value = Status> {
    prop::sample::select(Status::ALL.to_vec())
}

fn kind() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(&["permission", "question", "plan", "idle", ""][..])
            .prop_map(str::to_owned),
        hostile(),
    ]
}

/// A board row: any state, waiting kind, project path and detail, any idle time.
fn row() -> impl Strategy<Value = Row> {
    (
        "[a-z0-9-]{1,12}",
        status(),
        kind(),
        hostile(),
        hostile(),
        hostile(),
        prop_oneof![Just(0.0), 0.0f64..400_000.0, prop::num::f64::ANY],
    )
        .prop_map(|(id, status, kind, cwd, origin, detail, idle)| {
            let mut row = Row::new(id);
            row.status = status;
            row.waiting_kind = kind;
            row.cwd = cwd;
            row.origin_cwd = origin;
            row.waiting_detail = detail;
            row.last_active = NOW - idle;
            row
        })
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
        for entry in board.summarize().sessions {
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
        let line = oneline(&board);
        prop_assert!(one_row(&line), "{:?}", line);
        let counts = board.counts();
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
