//! `?` on the zellij board: `ring-tmux explain --session ID` for the selected row (local or
//! remote: ring-tmux asks the host), its text over the board, scrolled, any other key back.

use super::*;
use crate::board::render;
use crate::model::View;

const EXPLAIN: &str = "session id-api (claude-code)\nshows:   waiting (permission)\nrule:    §11.1 A Claude permission request waits at once\n         docs/rules.md#rule-11-1\n";

fn explain(session: &str) -> Command {
    Command::Explain {
        session: session.into(),
    }
}

/// The board's lines, SGR codes dropped.
fn drawn(board: &Board, rows: usize, cols: usize) -> Vec<String> {
    let view = View {
        entries: entries(),
        ..View::default()
    };
    let text = render(
        &view,
        board,
        &crate::settings::Icons::default(),
        &crate::theme::Theme::default(),
        rows,
        cols,
        None,
    );
    text.split('\n').map(crate::cells::sanitize).collect()
}

#[rstest]
#[case::selected_row("?", vec![explain("id-api")])]
#[case::second_row_any_state("↓?", vec![explain("id-web")])]
#[case::scroll_keys_stay_in_the_view_while_it_loads("?jk?", vec![explain("id-api")])]
fn question_mark_runs_explain_for_the_selected_session(
    #[case] keys: &str,
    #[case] want: Vec<Command>,
) {
    assert_eq!(press(&mut ready(), keys), want);
}

#[test]
fn explain_names_the_session_by_its_exact_id() {
    assert_eq!(explain("-x").args(), ["explain", "--session", "-x"]);
    assert_eq!(
        explain("devbox:s-1").args(),
        ["explain", "--session", "devbox:s-1"]
    );
}

#[test]
fn the_explanation_fills_the_board_and_any_other_key_goes_back() {
    let mut board = ready();
    board.set_size(8, 60);
    let list = entries();
    let Action::Run(run) = board.handle(Key::Char('?'), &list) else {
        panic!("? starts explain");
    };
    assert_eq!(
        footer_text(&board),
        [" asking ring-tmux explain why api shows this… · Esc cancel"]
    );
    assert_eq!(
        board.finished(run.seq, Some(0), EXPLAIN.as_bytes(), b""),
        Action::Redraw
    );
    let lines = drawn(&board, 8, 60);
    assert_eq!(lines.len(), 8);
    assert!(
        lines.iter().all(|l| crate::cells::width(l) == 60),
        "{lines:?}"
    );
    assert_eq!(
        lines[0].trim_end(),
        " ring · why api shows this (docs/rules.md)"
    );
    assert_eq!(lines[1].trim_end(), "session id-api (claude-code)");
    assert_eq!(lines[4].trim_end(), "         docs/rules.md#rule-11-1");
    assert_eq!(lines[7].trim_end(), " ↑↓ scroll · any other key: back");
    // Scrolling keys stay; a key the view does not use goes back to the list, and does
    // nothing else there (`d` asks for no second `d`).
    assert_eq!(board.handle(Key::Down, &list), Action::Redraw);
    assert!(board.explained().is_some());
    assert_eq!(board.handle(Key::Char('d'), &list), Action::Redraw);
    assert!(board.explained().is_none() && !board.busy());
    assert_eq!(drawn(&board, 8, 60)[0].trim_end(), " ring · 2 sessions");
}

#[test]
fn esc_goes_back_from_the_explanation_without_closing_the_board() {
    let mut board = ready();
    let list = entries();
    let Action::Run(run) = board.handle(Key::Char('?'), &list) else {
        panic!("? starts explain");
    };
    board.finished(run.seq, Some(0), EXPLAIN.as_bytes(), b"");
    assert!(board.busy(), "the view holds Esc");
    assert_eq!(board.handle(Key::Close, &list), Action::Redraw);
    assert!(!board.busy());
}

#[test]
fn a_failed_explain_shows_ring_tmux_s_reason_in_the_view() {
    let mut board = ready();
    let list = entries();
    let Action::Run(run) = board.handle(Key::Char('?'), &list) else {
        panic!("? starts explain");
    };
    let refusal =
        "ring-tmux: devbox did not answer: no answer within 10s\u{1b}]0;x\u{7}; try again";
    board.finished(run.seq, Some(1), b"", refusal.as_bytes());
    let lines = drawn(&board, 5, 80);
    assert_eq!(
        lines[1].trim_end(),
        " ⚠ ring-tmux: devbox did not answer: no answer within 10s; try again"
    );
}

#[test]
fn an_explain_cancelled_with_esc_ignores_its_result() {
    let mut board = ready();
    let list = entries();
    let Action::Run(run) = board.handle(Key::Char('?'), &list) else {
        panic!("? starts explain");
    };
    board.handle(Key::Close, &list);
    assert_eq!(
        board.finished(run.seq, Some(0), EXPLAIN.as_bytes(), b""),
        Action::None
    );
    assert!(board.explained().is_none() && !board.busy());
}

#[test]
fn without_ring_tmux_question_mark_says_what_to_add() {
    let mut board = Board::default();
    assert_eq!(press(&mut board, "?"), vec![]);
    let said = ring_shared::i18n::text(NO_RING_TMUX, None);
    assert!(said.contains('?'), "the hint names ?: {said}");
    assert_eq!(board.footer(None, 400)[0].text, format!(" ⚠ {said}"));
}
