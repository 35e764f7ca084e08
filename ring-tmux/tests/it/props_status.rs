//! Properties of ring-tmux's tmux renderers over arbitrary boards with hostile text.
//!
//! Neither takes a width: the status segment (`status::render`) is bounded by its counts and
//! the 24-column project cut, and a menu line (`jump::menu_label`) by the project and detail
//! cuts. So the properties are: the output is a tmux format that holds only ring's own
//! directives (every `#` of user text doubled: nothing can run, restyle or expand), one row
//! (no control character), and its visible width, with ring's default icons in place of the
//! `#{@ring-icon-…}` options, stays within that bound. The menu is cut to fit the client's
//! height (`menu_argv`): never taller than the client, and no session silently left out.
//! Widths are measured with `format::display_width`, the unicode-width measure ring uses.

use proptest::prelude::*;
use ring_shared::board::Board;
use ring_shared::derive::Session;
use ring_shared::format::display_width;
use ring_shared::testing::{self, hostile_text};
use ring_shared::view::View;
use ring_shared::{Row, Status};
use ring_tmux::status;
use ring_tmux::testing::badge::defaults;
use ring_tmux::testing::drift::{self, Pane};
use ring_tmux::testing::jump;

/// Text of the shared hostile pieces (`ring_shared::testing::HOSTILE`, which holds tmux's
/// `#(…)`, `#[…]`, `#{…}`, lone `#`, `}`, `]` and quotes: what the escaping must defuse).
fn hostile() -> impl Strategy<Value = String> {
    hostile_text(40)
}

const NOW: f64 = 1_700_000_000.0;
const SOCKET: &str = "/tmp/tmux-0/default";

fn pane_id() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        Just(None),
        (1u32..6).prop_map(|n| Some(format!("%{n}"))),
        hostile().prop_map(Some),
    ]
}

/// A hook row (`ring_shared::testing::hook_row`) in some pane of some tmux server.
fn row() -> impl Strategy<Value = Row> {
    let socket = prop::option::of(prop_oneof![Just(SOCKET.to_owned()), hostile()]);
    (testing::hook_row(NOW, 40), pane_id(), socket).prop_map(|(mut row, pane, socket)| {
        row.tmux_pane = pane;
        row.tmux_socket = socket;
        row
    })
}

/// The view as `status`, `jump` and `menu` load it: ended sessions dropped (`all` off).
fn summary() -> impl Strategy<Value = View> {
    prop::collection::vec(row(), 0..14).prop_map(|rows| {
        let sessions = rows.into_iter().map(Session::from_hook).collect();
        View::of_board(
            Board::build(sessions, 0, NOW, false),
            &Default::default(),
            "",
        )
    })
}

/// The panes of this server: some of `%1`…`%5`.
fn panes() -> impl Strategy<Value = Vec<Pane>> {
    prop::collection::btree_set(1u32..6, 0..5).prop_map(|ids| {
        let listing: String = ids.iter().map(|n| format!("%{n} /dev/pts/{n}\n")).collect();
        drift::parse_panes(&listing)
    })
}

/// What tmux shows of a format: `##` is `#`, `#{@ring-…}` the option's default value,
/// `#[fg=…]` a style (nothing shown). Any other `#` sequence is a directive ring did not write
/// (user text that would run, restyle or expand): an error, as is a control character.
fn shown(format: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = format;
    while let Some(c) = rest.chars().next() {
        if c.is_control() {
            return Err(format!("control character {c:?}"));
        }
        if c != '#' {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let after = &rest[1..];
        if let Some(tail) = after.strip_prefix('#') {
            out.push('#');
            rest = tail;
        } else if let Some(tail) = after.strip_prefix('{') {
            let end = tail.find('}').ok_or("unclosed #{")?;
            let name = &tail[..end];
            let (_, value) = defaults()
                .into_iter()
                .find(|(n, _)| n == name)
                .ok_or_else(|| format!("#{{{name}}} is not ring's"))?;
            out.push_str(value);
            rest = &tail[end + 1..];
        } else if let Some(tail) = after.strip_prefix('[') {
            let end = tail.find(']').ok_or("unclosed #[")?;
            let style = &tail[..end];
            // `#[]` is the empty style escape_tmux puts after a user's `#`, before a `[`.
            let ok = style.is_empty()
                || style == "fg=default"
                || style
                    .strip_prefix("fg=#{@ring-color-")
                    .is_some_and(|s| ["waiting}", "working}", "idle}"].contains(&s));
            if !ok {
                return Err(format!("#[{style}] is not ring's"));
            }
            rest = &tail[end + 1..];
        } else {
            return Err(format!("bare # before {after:?}"));
        }
    }
    Ok(out)
}

/// Columns of a default icon (`#{@ring-icon-…}`).
const ICON: usize = 2;
/// `status.rs`'s PROJECT_WIDTH and `jump.rs`'s project cut and DETAIL_WIDTH.
const PROJECT: usize = 24;
const DETAIL: usize = 40;

/// A client this wide gets every menu line cut to fit (narrower ones cannot hold the icons).
const WIDE_ENOUGH: usize = 32;

/// The items of a `display-menu` argv: (label, key, command) after `-T TITLE`.
fn items(argv: &[String]) -> Vec<(&str, &str, &str)> {
    let start = argv.iter().position(|a| a == "--").expect("--") + 1;
    assert_eq!((argv.len() - start) % 3, 0, "{argv:?}");
    argv[start..]
        .chunks(3)
        .map(|c| (c[0].as_str(), c[1].as_str(), c[2].as_str()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_status_segment_is_one_safe_row_within_its_bound(
        summary in summary(),
        show_project in any::<bool>(),
    ) {
        let segment = status::render(&summary, show_project);
        let text = shown(&segment).map_err(|e| TestCaseError::fail(format!("{e}: {segment:?}")))?;
        let counts = summary.counts;
        let parts: Vec<usize> = [Status::Waiting, Status::Working, Status::Idle]
            .iter()
            .map(|&s| counts.get(s))
            .filter(|&n| n > 0)
            .map(|n| ICON + n.to_string().len())
            .collect();
        let mut bound = parts.iter().sum::<usize>() + parts.len().saturating_sub(1);
        if show_project && counts.waiting > 0 {
            bound += 1 + PROJECT + ICON;
        }
        prop_assert!(display_width(&text) <= bound, "{} > {bound}: {:?}", display_width(&text), text);
        prop_assert_eq!(segment.is_empty(), parts.is_empty());
    }

    #[test]
    fn menu_lines_are_safe_rows_within_their_bound(
        summary in summary(),
        panes in panes(),
        client in prop::option::of(prop_oneof![Just("/dev/pts/7".to_owned()), hostile()]),
        height in prop::option::of(0usize..60),
        width in prop::option::of(0usize..200),
    ) {
        let entries = &summary.entries;
        let argv = jump::menu_argv(
            entries,
            SOCKET,
            &panes,
            client.as_deref(),
            height,
            width,
            |_| false,
            "ring-tmux",
        );
        let items = items(&argv);
        for (label, key, command) in &items {
            let text = shown(label.strip_prefix('-').unwrap_or(label))
                .map_err(|e| TestCaseError::fail(format!("{e}: {label:?}")))?;
            let bound = ICON + 1 + PROJECT + 1 + ICON + 3 + DETAIL + " (elsewhere)".len();
            prop_assert!(display_width(&text) <= bound, "{} > {bound}: {:?}", display_width(&text), text);
            // tmux 3.3 cuts (with `>`) a menu line of more bytes than the client's width
            // minus 4, minus 4 more for a line with a key (menu.c). Below ~32 columns not
            // even the icons fit.
            if let Some(w) = width.filter(|&w| w >= WIDE_ENOUGH) {
                let item = text.len() + if key.is_empty() { 0 } else { 4 };
                prop_assert!(item + 4 <= w, "{item} + 4 > {w}: {:?}", text);
            }
            // A command names only a pane id and a plain client: nothing from the rows.
            prop_assert!(
                command.is_empty()
                    || (command.starts_with("switch-client ")
                        && command.chars().all(|c| c.is_ascii_alphanumeric() || " %'/_.-".contains(c))),
                "{:?}", command
            );
        }
        // Cut to the client's height (at least one line), and every session accounted for.
        let room = height.map_or(usize::MAX, |h| h.saturating_sub(2).max(1));
        prop_assert!(items.len() <= room.max(1), "{} items for height {height:?}", items.len());
        let more: usize = items
            .last()
            .and_then(|(label, ..)| label.strip_prefix("-… "))
            .and_then(|l| l.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        let listed = items.len() - usize::from(more > 0);
        if entries.is_empty() {
            prop_assert_eq!(items.len(), 1);
        } else if width.is_none_or(|w| w >= WIDE_ENOUGH) {
            prop_assert_eq!(listed + more, entries.len(), "{:?}", items);
        }
    }
}
