//! Width properties of the plugin's renderers over arbitrary views: rows with hostile text go
//! through the real pipeline (`model::ReadInputs::sessions` → `model::build`, which sanitizes), then
//! `bar::layout` must give exactly one row of exactly the given width, and `board::render`
//! exactly `rows` lines of exactly `cols` cells, for any size. Widths are measured with
//! `cells::width` (ring-shared's unicode-width measure, the one zellij's grid uses) after the
//! SGR sequences the theme paints are stripped.

use proptest::prelude::*;
use ring_plugin::bar;
use ring_plugin::board::act::Commands;
use ring_plugin::board::{self, Action, Board, Key};
use ring_plugin::cells;
use ring_plugin::model::{self, Inputs, PaneRef, Panes, View};
use ring_plugin::settings::Settings;
use ring_plugin::theme::{Color, ColorOverrides, Palette, Theme};
use ring_shared::config::Config;
use ring_shared::testing::{self, hostile_text};
use ring_shared::view::Snapshot;
use ring_shared::{Row, Status};

/// Text of the shared hostile pieces (`ring_shared::testing::HOSTILE`).
fn hostile() -> impl Strategy<Value = String> {
    hostile_text(32)
}

const NOW: f64 = 1_700_000_000.0;
const SESSION: &str = "main";

/// Waiting more often than not: waiting rows are the ones with badges.
fn status() -> impl Strategy<Value = Status> {
    prop_oneof![
        3 => Just(Status::Waiting),
        2 => testing::status(),
    ]
}

/// Where a row says it runs: nowhere known, a pane of this session, another session.
fn place() -> impl Strategy<Value = Option<(String, String)>> {
    prop_oneof![
        1 => Just(None),
        3 => (1u32..7).prop_map(|p| Some((SESSION.to_owned(), p.to_string()))),
        1 => (hostile(), 1u32..7).prop_map(|(s, p)| Some((s, p.to_string()))),
    ]
}

/// A hook row (`ring_shared::testing::hook_row`) as the plugin meets it: mostly waiting and
/// recently active (the rows that show), with the fields only the plugin reads.
fn row() -> impl Strategy<Value = Row> {
    // An unknown provider has no process detector: its rows end, so mostly known ones.
    let provider = prop_oneof![
        4 => prop::sample::select(&["claude-code", "codex"][..]).prop_map(str::to_owned),
        1 => hostile(),
    ];
    (
        testing::hook_row(NOW, 32),
        status(),
        (hostile(), hostile(), provider),
        place(),
        prop::option::of(hostile()),
        prop_oneof![4 => 0.0f64..3_600.0, 1 => 0.0f64..400_000.0, 1 => prop::num::f64::ANY],
    )
        .prop_map(|(mut row, status, text, place, tmux_pane, idle)| {
            let (waiting_for, last_action, provider) = text;
            row.status = status;
            row.last_active = NOW - idle;
            row.waiting_for = waiting_for;
            row.last_action = last_action;
            row.provider = provider;
            row.tmux_pane = tmux_pane;
            if let Some((session, pane)) = place {
                row.zellij_session = Some(session);
                row.zellij_pane = Some(pane);
            }
            row
        })
}

fn panes() -> impl Strategy<Value = Panes> {
    (
        any::<bool>(),
        prop::collection::btree_map(1u32..7, hostile(), 0..12),
    )
        .prop_map(|(known, tabs)| Panes {
            known,
            terminals: tabs
                .into_iter()
                .map(|(id, tab_name)| {
                    let pane = PaneRef {
                        id,
                        tab_position: id as usize,
                        tab_name,
                        ..PaneRef::default()
                    };
                    (id, pane)
                })
                .collect(),
        })
}

/// Layout keys as a user may write them: icons of any text (Settings sanitizes and rejects
/// those wider than 4 cells, as a notice), a label source.
fn settings() -> impl Strategy<Value = Settings> {
    let keys = prop::sample::select(
        &[
            "icon_waiting",
            "icon_working",
            "icon_idle",
            "icon_ended",
            "icon_permission",
            "icon_question",
            "icon_plan",
            "label",
        ][..],
    );
    let value = prop_oneof![hostile(), ".{0,2}"];
    prop::collection::btree_map(keys.prop_map(str::to_owned), value, 0..4).prop_map(|mut m| {
        if let Some(label) = m.get_mut("label") {
            *label = if label.len() % 2 == 0 {
                "tab"
            } else {
                "project"
            }
            .to_owned();
        }
        Settings::parse(&m)
    })
}

fn theme() -> impl Strategy<Value = Theme> {
    let palette = Palette {
        text_fg: Color::Index(7),
        text_bg: Color::Rgb(1, 2, 3),
        badge_fg: Color::Index(0),
        badge_bg: Color::Rgb(200, 100, 0),
        error: Color::Index(1),
        title: Color::Index(3),
        list_selected_fg: Color::Index(0),
        list_selected_bg: Color::Index(4),
    };
    prop_oneof![
        Just(Theme::default()),
        Just(Theme::new(Some(&palette), &ColorOverrides::default())),
    ]
}

/// A view built the way the plugin builds it, with the settings it was built under and the
/// notices the bar shows (settings errors first, then any other sanitized message).
fn scene() -> impl Strategy<Value = (View, Settings, Vec<String>)> {
    (
        prop::collection::vec(row(), 0..14),
        panes(),
        prop::collection::btree_map("[a-z0-9]{1,8}", hostile(), 0..3),
        prop_oneof![
            2 => Just(vec![Status::Waiting, Status::Working, Status::Idle]),
            1 => prop::sample::subsequence(Status::ALL.to_vec(), 0..=4),
        ],
        settings(),
        prop::collection::vec(hostile(), 0..2),
    )
        .prop_map(|(rows, panes, labels, shown, settings, extra)| {
            let inputs = model::ReadInputs {
                config: Config::default(),
                snapshot: Snapshot {
                    rows,
                    ..Snapshot::default()
                },
                hosts: Vec::new(),
            };
            let sessions = inputs.sessions(NOW);
            let view = model::build(
                sessions,
                &Inputs {
                    now: NOW,
                    session_name: Some(SESSION),
                    panes: &panes,
                    labels: &labels,
                    label: settings.label,
                    shown: &shown,
                    elsewhere: inputs.config.status_elsewhere,
                },
            );
            let mut notices = settings.errors.clone();
            notices.extend(extra.iter().map(|n| cells::sanitize(n)));
            (view, settings, notices)
        })
}

/// The text without the SGR sequences `Style::paint` writes (`ESC [ … m`).
fn strip_sgr(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            assert_eq!(chars.next(), Some('['), "only SGR sequences: {text:?}");
            for c in chars.by_ref() {
                if ('\u{40}'..='\u{7e}').contains(&c) {
                    assert_eq!(c, 'm', "only SGR sequences: {text:?}");
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_bar_is_one_row_of_exactly_the_width(
        (view, settings, notices) in scene(),
        theme in theme(),
        width in 0usize..300,
    ) {
        let line = bar::layout(&view, &notices, &settings.icons, &theme, width);
        let plain = strip_sgr(&line.text);
        prop_assert_eq!(&plain, &line.plain);
        prop_assert!(!plain.chars().any(char::is_control), "{:?}", plain);
        prop_assert_eq!(cells::width(&plain), width, "{:?}", plain);
        let mut end = 0;
        for hit in &line.hits {
            prop_assert!(end <= hit.start && hit.start < hit.end && hit.end <= width, "{:?}", line.hits);
            end = hit.end;
        }
    }

    #[test]
    fn the_board_fills_exactly_rows_by_cols(
        (view, settings, notices) in scene(),
        theme in theme(),
        down in 0usize..12,
        keys in proptest::collection::vec(
            prop_oneof![Just('p'), Just('n'), Just('d'), Just('x'), Just('🔴'), Just('2')],
            0..6,
        ),
        options in 0usize..12,
        rows in 0usize..60,
        cols in 0usize..300,
    ) {
        let mut board = Board::default();
        board.set_commands(Commands::Ready);
        for _ in 0..down {
            board.handle(Key::Down, &view.entries);
        }
        // Prompts, a pending `d`, and a dialog of `options` options read by `p`.
        let dialog = serde_json::json!({
            "question": "Do you want to proceed?",
            "options": (1..=options).map(|n| serde_json::json!({"number": n, "text": "Yes ".repeat(n)})).collect::<Vec<_>>(),
            "selected": 1,
        })
        .to_string();
        for key in keys {
            if let Action::Run(run) = board.handle(Key::Char(key), &view.entries) {
                board.finished(run.seq, Some(0), dialog.as_bytes(), b"");
            }
        }
        let text = board::render(
            &view,
            &board,
            &settings.icons,
            &theme,
            rows,
            cols,
            notices.first().map(String::as_str),
        );
        let plain = strip_sgr(&text);
        let lines: Vec<&str> = if plain.is_empty() && rows == 0 {
            Vec::new()
        } else {
            plain.split('\n').collect()
        };
        prop_assert_eq!(lines.len(), rows, "{:?}", plain);
        for line in lines {
            prop_assert!(!line.chars().any(char::is_control), "{:?}", line);
            prop_assert_eq!(cells::width(line), cols, "{:?}", line);
        }
    }
}
