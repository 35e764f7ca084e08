//! The board's `?` view: `ring-tmux explain`'s text for the selected session, over the whole
//! board, wrapped to its width, until any key.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Paragraph, Wrap};

/// Draws `text` (already sanitized by [`crate::out::explain::text`]) into `area`, with the way
/// back on the last line.
pub(super) fn draw(frame: &mut Frame<'_>, text: &str, area: Rect) {
    let [body, footer] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(area);
    let lines: Vec<Line<'static>> = text.lines().map(|l| Line::raw(l.to_owned())).collect();
    frame.render_widget(
        Paragraph::new(Text::from(lines)).wrap(Wrap { trim: false }),
        body,
    );
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(
            format!(" {}", ring_shared::t!("explain-board-footer")),
            Style::new().add_modifier(Modifier::DIM),
        ))),
        footer,
    );
}

#[cfg(test)]
mod tests {
    use crate::out::board::state::{App, Effect, Key, Mode};
    use ring_shared::Row;
    use ring_shared::board::Board;
    use ring_shared::derive::Session;
    use ring_shared::view::View;

    fn app() -> App {
        let mut row = Row::new("s1");
        row.status = ring_shared::Status::Idle;
        row.cwd = "/r/api".into();
        let view = View::of_board(
            Board::build(vec![Session::from_hook(row)], 0, 10.0, true),
            &Default::default(),
            "/home/u",
        );
        App::new(view, false)
    }

    /// The board drawn on a `width` × `height` screen, its cells in order.
    fn screen(app: &App, width: u16, height: u16) -> String {
        let backend = ratatui::backend::TestBackend::new(width, height);
        let mut terminal = ratatui::Terminal::new(backend).expect("terminal");
        terminal
            .draw(|f| crate::out::board::render::draw(f, app, 10.0))
            .expect("draw");
        let cells = terminal.backend().buffer().content().iter();
        cells.map(|c| c.symbol()).collect()
    }

    #[test]
    fn question_mark_explains_the_selected_session_and_any_key_goes_back() {
        let mut app = app();
        assert_eq!(app.handle(Key::Char('?')), Effect::Explain("s1".into()));
        app.open_explain("session s1\nrule: §2.6 Event → status\n".into());
        let screen = screen(&app, 40, 6);
        assert!(screen.contains("rule: §2.6 Event → status"), "{screen}");
        assert_eq!(app.handle(Key::Char('x')), Effect::None);
        assert!(app.mode == Mode::List);
    }

    #[test]
    fn the_way_back_is_said_in_the_board_s_language() {
        use ring_shared::i18n::{Lang, text_in, with_lang};
        for lang in Lang::ALL {
            let mut app = app();
            app.open_explain("session s1\n".into());
            // A wide character's second cell is blank: compare without spaces.
            let screen: String = with_lang(lang, || screen(&app, 80, 4))
                .split_whitespace()
                .collect();
            let footer: String = text_in(lang, "explain-board-footer", None)
                .split_whitespace()
                .collect();
            assert!(screen.contains(&footer), "{lang:?}: {screen}");
        }
    }
}
