use super::*;
use crate::out::board::state::{Dialog, Effect, Key};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;
use ring_shared::Row;
use ring_shared::board::Board;
use ring_shared::derive::Session;
use ring_shared::dialog::Choice;
use ring_shared::view::View;
use rstest::rstest;
use std::collections::BTreeMap;

const NOW: f64 = 1000.0;

fn waiting(id: &str, project: &str, detail: &str) -> Row {
    let mut row = Row::new(id);
    row.status = Status::Waiting;
    row.cwd = format!("/r/{project}");
    row.waiting_kind = "permission".into();
    row.waiting_for = detail.into();
    row.waiting_detail = detail.into();
    row.last_active = NOW - 30.0;
    row
}

/// Sessions in tmux's `t:1.0`; an id starting with `agent-` is a background agent's.
fn view_of(rows: Vec<Row>, labels: &BTreeMap<String, String>) -> View {
    let sessions = rows
        .into_iter()
        .map(|row| {
            let agent = row.session_id.starts_with("agent-");
            let mut session = Session::from_hook(row);
            session.tmux_target = Some("t:1.0".into());
            session.kind = agent.then_some("agent");
            session
        })
        .collect();
    View::of_board(Board::build(sessions, 0, NOW, true), labels, "/home/u")
}

/// The screen as text, one string per line.
fn screen(app: &App, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(|frame| draw(frame, app, NOW)).expect("drawn");
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            let mut line = String::new();
            for x in 0..width {
                line.push_str(buffer[(x, y)].symbol());
            }
            line
        })
        .collect()
}

fn hostile() -> String {
    // A screen clear, an OSC 52 clipboard write, a title change, a tmux style, line breaks.
    "rm -rf /tmp/x\u{1b}[2J\u{1b}]52;c;ZXZpbA==\u{7}\u{1b}]0;owned\u{7} #[fg=red]#(touch /tmp/p)\nnext\rline \u{202e}evil"
        .to_owned()
}

#[rstest]
#[case::popup(100, 20)]
#[case::narrow(40, 16)]
#[case::tiny(24, 6)]
fn hostile_payload_text_reaches_no_cell_as_a_control_sequence(
    #[case] width: u16,
    #[case] height: u16,
) {
    let mut row = waiting("s1", "api", &hostile());
    row.last_action = hostile();
    let app = App::new(view_of(vec![row], &BTreeMap::new()), false);
    let lines = screen(&app, width, height);
    for line in &lines {
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert!(
            !line.contains("]52;") && !line.contains("owned"),
            "{line:?}"
        );
        assert!(!line.contains('\u{202e}'), "{line:?}");
    }
    assert!(
        lines.concat().contains("rm"),
        "the text itself shows: {lines:#?}"
    );
}

#[test]
fn the_selected_waiting_rows_whole_detail_shows_under_the_table() {
    let long = "Bash: cargo test --workspace --all-features -- --nocapture and then a few more \
                words so that the table cuts it but the detail pane does not END";
    let app = App::new(
        view_of(vec![waiting("s1", "api", long)], &BTreeMap::new()),
        false,
    );
    let lines = screen(&app, 60, 20);
    let row = lines.iter().find(|l| l.contains("api")).expect("row");
    assert!(
        row.contains('\u{2026}') && !row.contains("END"),
        "cut in the table: {row}"
    );
    let joined: String = lines
        .iter()
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(joined.contains("needs permission"), "{lines:#?}");
    assert!(joined.contains("does not END"), "whole below: {lines:#?}");
}

#[rstest]
#[case::wide(120)]
#[case::popup(80)]
#[case::narrow(40)]
#[case::very_narrow(28)]
fn rows_fit_a_narrow_popup_with_labels_agents_and_the_selection(#[case] width: u16) {
    let agent = waiting("agent-s2", "web", "Edit");
    let mut labels = BTreeMap::new();
    labels.insert("s1".to_owned(), "billing".to_owned());
    let rows = vec![
        waiting("s1", "a-very-long-project-name-indeed", "Bash"),
        agent,
    ];
    let view = view_of(rows, &labels);
    assert!(
        view.entries.iter().any(|e| e.agent),
        "a background agent entry"
    );
    let mut app = App::new(view, false);
    let lines = screen(&app, width, 12);
    let selected: Vec<&String> = lines.iter().filter(|l| l.contains(SELECTED)).collect();
    assert_eq!(selected.len(), 1, "{lines:#?}");
    assert!(
        selected[0].contains("bil"),
        "the label, not the project: {lines:#?}"
    );
    assert!(!lines.concat().contains("a-very-long-project-name-indeed"));
    if width >= 40 {
        assert!(lines.concat().contains("(agent)"), "{lines:#?}");
    }
    if width >= PLACE_FROM {
        assert!(selected[0].contains("t:1.0"), "{lines:#?}");
    }
    app.handle(Key::Down);
    let lines = screen(&app, width, 12);
    let selected = lines
        .iter()
        .find(|l| l.contains(SELECTED))
        .expect("selected");
    assert!(selected.contains("web"), "the mark moved: {lines:#?}");
}

#[test]
fn the_name_prompt_and_the_reply_options_replace_the_key_help() {
    let mut app = App::new(
        view_of(vec![waiting("s1", "api", "Bash")], &BTreeMap::new()),
        false,
    );
    app.handle(Key::Char('n'));
    for c in "new\u{1b}name".chars() {
        app.handle(Key::Char(c));
    }
    let lines = screen(&app, 60, 12);
    assert!(
        lines.last().is_some_and(|l| l.contains("name: newname")),
        "{lines:#?}"
    );
    app.handle(Key::Esc);
    app.open_reply(
        "s1".into(),
        Dialog {
            question: "Do you want to run \u{1b}[31mcargo test\u{1b}[0m?".into(),
            context: vec!["Bash command".into(), "cargo test --all".into()],
            agent: Some("general-purpose".into()),
            options: vec![
                Choice {
                    number: 1,
                    text: "Yes".into(),
                },
                Choice {
                    number: 2,
                    text: "No, and tell Claude what to do differently".into(),
                },
            ],
            fingerprint: None,
            ..Dialog::default()
        },
    );
    let lines = screen(&app, 60, 20);
    let all = lines.concat();
    assert!(all.contains("from the general-purpose agent"), "{lines:#?}");
    assert!(all.contains("cargo test --all"), "{lines:#?}");
    assert!(all.contains("Do you want to run cargo test?"), "{lines:#?}");
    assert!(
        all.contains(" 1  Yes") && all.contains(" 2  No, and tell"),
        "{lines:#?}"
    );
}

#[test]
fn an_empty_board_says_so_and_how_to_see_ended_sessions() {
    let app = App::new(view_of(vec![], &BTreeMap::new()), false);
    let lines = screen(&app, 50, 8);
    assert!(
        lines.concat().contains("no sessions (a: show ended ones)"),
        "{lines:#?}"
    );
}

#[test]
fn rows_keep_the_terminals_own_colour_so_every_state_reads_on_light_and_dark_themes() {
    let mut idle = Row::new("s-idle");
    idle.status = Status::Idle;
    idle.cwd = "/r/quiet".into();
    idle.last_active = NOW - 30.0;
    let mut working = Row::new("s-work");
    working.status = Status::Working;
    working.cwd = "/r/busy".into();
    working.last_active = NOW - 5.0;
    let rows = vec![waiting("s-wait", "asks", "Bash"), working, idle];
    let app = App::new(view_of(rows, &BTreeMap::new()), false);
    let mut terminal = Terminal::new(TestBackend::new(100, 10)).expect("test terminal");
    terminal
        .draw(|frame| draw(frame, &app, NOW))
        .expect("drawn");
    let buffer = terminal.backend().buffer();
    for project in ["asks", "busy", "quiet"] {
        let (x, y) = (0..10u16)
            .flat_map(|y| (0..100u16).map(move |x| (x, y)))
            .find(|&(x, y)| {
                (0..project.len() as u16).all(|i| {
                    buffer[(x + i, y)].symbol() == &project[usize::from(i)..=usize::from(i)]
                })
            })
            .unwrap_or_else(|| panic!("{project} drawn"));
        let cell = &buffer[(x, y)];
        // The selected row is reversed, the others plain; none is in a state's colour.
        assert_eq!(cell.fg, Color::Reset, "{project}: {:?}", cell.fg);
    }
}

/// Issue 25 item 12: with `a` the board lists hidden sessions too, each marked, and `u` on one
/// asks to show it again.
#[test]
fn hidden_sessions_show_marked_with_a_and_u_unhides_the_selected_one() {
    let view = view_of(
        vec![waiting("h1", "secret", "ls"), waiting("v1", "open", "pwd")],
        &BTreeMap::new(),
    );
    let mut app = App::new(view, true);
    app.hidden = ["h1".to_owned()].into();
    let lines = screen(&app, 100, 12);
    let row_of = |project: &str| {
        lines
            .iter()
            .find(|l| l.contains(project))
            .cloned()
            .unwrap_or_default()
    };
    assert!(row_of("secret").contains("(hidden)"), "{lines:#?}");
    assert!(!row_of("open").contains("(hidden)"), "{lines:#?}");
    // `u` on a hidden row asks to unhide it; on a shown row it does nothing (a note says why).
    let ids: Vec<String> = app
        .view()
        .entries
        .iter()
        .map(|e| e.session_id.clone())
        .collect();
    let select = |app: &mut App, id: &str| {
        app.handle(Key::Home);
        for _ in 0..ids.iter().position(|i| i == id).expect("listed") {
            app.handle(Key::Down);
        }
    };
    select(&mut app, "v1");
    assert_eq!(app.handle(Key::Char('u')), Effect::None);
    select(&mut app, "h1");
    assert_eq!(app.handle(Key::Char('u')), Effect::Unhide("h1".into()));
}

/// The board in Traditional Chinese (issue 26): double-width text keeps its columns, and
/// the key help falls back to the short form by cells, not bytes or characters.
#[test]
fn the_board_speaks_zh_hant_in_its_width() {
    use ring_shared::i18n::{Lang, text_in, with_lang};
    let rows = vec![
        waiting("s1", "登入頁面", "Bash: cargo test"),
        waiting("agent-1", "支付系統", "Bash: npm test"),
        waiting("s2", "支付系統重構計畫的後端服務", "Bash: make"),
    ];
    let app = App::new(view_of(rows, &BTreeMap::new()), false);
    // The screen as text, each wide character once (ratatui keeps the cell after it).
    let screen = |width: u16| {
        let mut terminal = Terminal::new(TestBackend::new(width, 14)).expect("test terminal");
        terminal
            .draw(|frame| draw(frame, &app, NOW))
            .expect("drawn");
        let buffer = terminal.backend().buffer();
        (0..14)
            .map(|y| {
                let (mut line, mut x) = (String::new(), 0);
                while x < width {
                    let symbol = buffer[(x, y)].symbol();
                    line.push_str(symbol);
                    x += display_width(symbol).max(1) as u16;
                }
                line
            })
            .collect::<Vec<String>>()
    };
    let (wide, narrow) = with_lang(Lang::ZhHant, || (screen(120), screen(80)));
    let all = wide.concat();
    assert!(wide[0].contains("ring · 3 個 session"), "{wide:#?}");
    assert!(
        all.contains("（agent）") && all.contains("要你核准權限"),
        "{wide:#?}"
    );
    assert!(
        all.contains("移動") && all.contains("離開"),
        "the whole key help: {wide:#?}"
    );
    // Each key line fits its width whole: the long one at 120 cells, the short one at 80
    // (a line wider than the board is cut; the buffer alone is always as wide as the board,
    // so measuring its lines asserts nothing).
    let long = format!(" {}", text_in(Lang::ZhHant, "board-keys", None));
    let keys = |lines: &[String]| lines.last().map(|l| l.trim_end().to_owned());
    assert_eq!(keys(&wide), Some(long), "{wide:#?}");
    assert_eq!(
        keys(&narrow).as_deref(),
        Some(" jk \u{23ce} p n dd a u ? r q"),
        "{narrow:#?}"
    );
    // The name column is measured in cells: the agent's row holds 「支付系統 （agent）」 whole,
    // and the long name is cut with an ellipsis at the same column.
    let agent = wide
        .iter()
        .find(|l| l.contains("支付系統 （agent）"))
        .expect("agent row");
    let long = wide
        .iter()
        .find(|l| l.contains("支付系統重構"))
        .expect("long row");
    assert!(long.contains('…'), "{long}");
    let idle_at = |l: &str| display_width(&l[..l.find("30s").expect("idle")]);
    assert_eq!(idle_at(agent), idle_at(long), "{wide:#?}");
}
