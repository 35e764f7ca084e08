//! The board's prompts and messages in Traditional Chinese (issue 26): each one is the
//! catalogue's zh-Hant text (the expected strings come from the catalogue, not from literals
//! here), and none is wider than the board.

use super::*;
use ring_shared::i18n::{Args, Lang, text_in, with_lang};

/// The zh-Hant text of `key` with `args`.
fn zh(key: &str, args: &[(&'static str, &str)]) -> String {
    let mut fluent = Args::new();
    for (name, value) in args {
        fluent.set(*name, value.to_string());
    }
    let text = text_in(Lang::ZhHant, key, Some(&fluent));
    assert_ne!(text, key, "{key} is in the catalogue");
    assert_ne!(
        text,
        text_in(Lang::En, key, Some(&fluent)),
        "{key} is translated"
    );
    text
}

fn footer_zh(board: &Board) -> Vec<String> {
    with_lang(Lang::ZhHant, || footer_text(board))
}

fn pressed_zh(keys: &str) -> Board {
    let mut board = ready();
    with_lang(Lang::ZhHant, || press(&mut board, keys));
    board
}

#[test]
fn the_prompts_speak_zh_hant() {
    assert_eq!(
        footer_zh(&pressed_zh("d")),
        [format!(" {}", zh("zj-hide-confirm", &[("subject", "api")]))]
    );
    let name = footer_zh(&pressed_zh("n前端"));
    assert_eq!(
        name,
        [format!(
            " {} 前端▏  {}",
            zh("zj-name", &[("subject", "api")]),
            zh("zj-name-keys", &[])
        )]
    );
    let mut reading = ready();
    with_lang(Lang::ZhHant, || press(&mut reading, "p"));
    assert_eq!(
        footer_zh(&reading),
        [format!(" {}", zh("zj-reading", &[("subject", "api")]))]
    );
}

#[test]
fn the_dialog_frame_speaks_zh_hant_and_the_dialog_stays_verbatim() {
    let board = read(Some(0), DIALOG, "");
    let lines = footer_zh(&board);
    assert_eq!(
        lines[0],
        format!(" {}", zh("zj-reply-to", &[("subject", "api")]))
    );
    assert_eq!(
        lines[1], " Do you want to proceed?",
        "the agent's own words"
    );
    let keys = zh(
        "zj-answer-keys-enter",
        &[("first", "1"), ("last", "3"), ("selected", "1")],
    );
    assert_eq!(lines.last(), Some(&format!(" {keys}")));
}

#[rstest]
#[case::named(name("id-api", "前端"), "zj-named", &[("subject", "api"), ("label", "前端")])]
#[case::unnamed(name("id-api", ""), "zj-name-removed", &[("subject", "api")])]
#[case::hid(Command::Hide { session: "id-api".into() }, "zj-hid", &[("subject", "api")])]
#[case::unhid(Command::Unhide { session: "id-api".into() }, "zj-shows-again", &[("subject", "api")])]
fn what_a_run_did_is_said_in_zh_hant(
    #[case] command: Command,
    #[case] key: &str,
    #[case] args: &[(&'static str, &str)],
) {
    let mut board = ready();
    let seq = with_lang(Lang::ZhHant, || {
        board.run(command, "api".into(), String::new())
    });
    let Action::Run(run) = seq else {
        panic!("a run starts")
    };
    with_lang(Lang::ZhHant, || board.finished(run.seq, Some(0), b"", b""));
    assert_eq!(footer_zh(&board)[0], format!(" ✓ {}", zh(key, args)));
}

#[test]
fn a_failed_run_and_a_missing_ring_tmux_are_said_in_zh_hant() {
    let board = with_lang(Lang::ZhHant, || {
        read(Some(2), "", "No such file or directory (os error 2)\n")
    });
    let status = zh("zj-exit", &[("code", "2")]);
    let want = zh(
        "zj-failed-because",
        &[
            ("status", &status),
            ("reason", "No such file or directory (os error 2)"),
        ],
    );
    assert_eq!(footer_zh(&board)[0], format!(" ⚠ {want}"));

    let mut board = Board::default();
    with_lang(Lang::ZhHant, || press(&mut board, "p"));
    assert_eq!(
        footer_zh(&board)[0],
        format!(" ⚠ {}", zh(NO_RING_TMUX, &[]))
    );
    for key in [NO_RING_TMUX, NO_RUN_COMMANDS, PERMISSION_PENDING] {
        zh(key, &[]);
    }
}
