use super::*;
use crate::model::Target;
use rstest::rstest;

fn entry(id: &str, project: &str, status: Status) -> Entry {
    Entry {
        session_id: id.into(),
        status,
        kind: if status == Status::Waiting {
            "permission".into()
        } else {
            String::new()
        },
        project: project.into(),
        label: String::new(),
        detail: String::new(),
        idle: "5s".into(),
        location: String::new(),
        target: Some(Target::Pane(1)),
        hidden: false,
        remote: false,
    }
}

fn entries() -> Vec<Entry> {
    vec![
        entry("id-api", "api", Status::Waiting),
        entry("id-web", "web", Status::Working),
    ]
}

fn ready() -> Board {
    let mut board = Board::default();
    board.set_commands(Commands::Ready);
    board
}

/// Presses `keys` (a char each; `⏎` Enter, `⎋` Esc, `⌫` Backspace, `←` `→` `↓`), returns the
/// commands started, in order.
fn press(board: &mut Board, keys: &str) -> Vec<Command> {
    let list = entries();
    let mut started = Vec::new();
    for c in keys.chars() {
        let key = match c {
            '⏎' => Key::Enter,
            '⎋' => Key::Close,
            '⌫' => Key::Backspace,
            '⌦' => Key::Delete,
            '←' => Key::Left,
            '→' => Key::Right,
            '↓' => Key::Down,
            '⇱' => Key::Top,
            c => Key::Char(c),
        };
        if let Action::Run(run) = board.handle(key, &list) {
            started.push(run.command);
        }
    }
    started
}

fn name(session: &str, label: &str) -> Command {
    Command::Name {
        session: session.into(),
        label: label.into(),
    }
}

fn footer_text(board: &Board) -> Vec<String> {
    board
        .footer(None, 200)
        .into_iter()
        .map(|l| l.text.trim_end().to_owned())
        .collect()
}

/// What `ring-tmux reply --json` prints for Claude's Bash dialog.
const DIALOG: &str = r#"{"session_id":"id-api","question":"Do you want to proceed?","options":[{"number":1,"text":"Yes"},{"number":2,"text":"Yes, and don't ask again for cargo test commands in /src/api"},{"number":3,"text":"No, and tell Claude what to do differently (esc)"}],"selected":1}"#;

#[rstest]
#[case::name_then_enter("nfront⏎", vec![name("id-api", "front")])]
#[case::name_on_the_second_row("↓nweb ui⏎", vec![name("id-web", "web ui")])]
#[case::backspace_edits("nfrontx⌫⏎", vec![name("id-api", "front")])]
#[case::caret_moves_and_inserts("nfrnt←←o⏎", vec![name("id-api", "front")])]
#[case::home_then_delete("nxfront⇱⌦⏎", vec![name("id-api", "front")])]
#[case::list_keys_are_text_in_the_prompt("njkqgG⏎", vec![name("id-api", "jkqgG")])]
#[case::spaces_trimmed("n  a b  ⏎", vec![name("id-api", "a b")])]
#[case::empty_removes("n⏎", vec![name("id-api", "")])]
#[case::esc_cancels_the_prompt("nfront⎋", vec![])]
#[case::dd_hides("dd", vec![Command::Hide { session: "id-api".into() }])]
#[case::dd_on_the_second_row("↓dd", vec![Command::Hide { session: "id-web".into() }])]
#[case::d_then_another_key_cancels("dj", vec![])]
#[case::d_then_esc_cancels("d⎋", vec![])]
#[case::d_other_d_is_a_new_pending_d("dxd", vec![])]
#[case::d_other_dd_hides("dxdd", vec![Command::Hide { session: "id-api".into() }])]
#[case::p_reads_the_dialog("p", vec![Command::Read { session: "id-api".into() }])]
#[case::p_on_a_working_row_runs_nothing("↓p", vec![])]
fn keys_start_commands(#[case] keys: &str, #[case] want: Vec<Command>) {
    assert_eq!(press(&mut ready(), keys), want);
}

#[test]
fn d_then_another_key_does_only_cancel() {
    let mut board = ready();
    press(&mut board, "dj");
    // `j` did not move the selection: it only cancelled.
    assert_eq!(board.cursor.index(&entries()), 0);
    assert!(!board.busy());
}

#[test]
fn the_pending_d_says_what_a_second_d_does() {
    let mut board = ready();
    press(&mut board, "d");
    assert_eq!(
        footer_text(&board),
        [" hide api? d hides · any other key cancels"]
    );
}

#[test]
fn commands_name_the_session_by_its_exact_id() {
    assert_eq!(
        name("-x", "-y").args(),
        ["name", "--session", "-x", "--", "-y"]
    );
    assert_eq!(
        Command::Hide {
            session: "s".into()
        }
        .args(),
        ["hide", "--session", "s"]
    );
    assert_eq!(
        Command::Read {
            session: "s".into()
        }
        .args(),
        ["reply", "--json", "--session", "s"]
    );
    assert_eq!(
        Command::Answer {
            session: "s".into(),
            number: 2,
            expect: None,
        }
        .args(),
        ["reply", "--session", "s", "--", "2"]
    );
    assert_eq!(
        Command::Answer {
            session: "s".into(),
            number: 2,
            expect: Some("f00d".into()),
        }
        .args(),
        ["reply", "--expect", "f00d", "--session", "s", "--", "2"]
    );
}

#[test]
fn the_prompt_shows_what_is_typed_with_the_caret() {
    let mut board = ready();
    press(&mut board, "nfrnt←←o");
    assert_eq!(
        footer_text(&board),
        [" name api: fro▏nt  · Enter save (empty removes) · Esc cancel"]
    );
}

#[test]
fn a_long_name_keeps_the_caret_in_sight() {
    let mut board = ready();
    press(&mut board, &format!("n{}", "abcdefghij".repeat(5)));
    let line = &board.footer(None, 20)[0].text;
    assert_eq!(line, " …defghijabcdefghij▏");
    assert_eq!(cells::width(line), 20);
}

/// Starts a reply and hands back `stdout` as the read's result; returns the board.
fn read(code: Option<i32>, stdout: &str, stderr: &str) -> Board {
    let mut board = ready();
    let list = entries();
    let Action::Run(run) = board.handle(Key::Char('p'), &list) else {
        panic!("p starts a read");
    };
    board.finished(run.seq, code, stdout.as_bytes(), stderr.as_bytes());
    board
}

#[test]
fn the_dialog_options_are_shown_verbatim() {
    let board = read(Some(0), DIALOG, "");
    assert_eq!(
        footer_text(&board),
        [
            " reply to api:",
            " Do you want to proceed?",
            " › 1. Yes",
            "   2. Yes, and don't ask again for cargo test commands in /src/api",
            "   3. No, and tell Claude what to do differently (esc)",
            " 1-3 answer · Enter 1 · Esc cancel (nothing is sent)",
        ]
    );
    assert_eq!(board.footer(None, 200)[2].tone, Tone::Selected);
}

#[rstest]
#[case::a_digit("2", vec![Command::Answer { session: "id-api".into(), number: 2, expect: None }])]
#[case::enter_answers_the_highlighted_one("⏎", vec![Command::Answer { session: "id-api".into(), number: 1, expect: None }])]
#[case::a_digit_not_offered_sends_nothing("7", vec![])]
#[case::then_a_good_one("73", vec![Command::Answer { session: "id-api".into(), number: 3, expect: None }])]
#[case::esc_sends_nothing("⎋2", vec![])]
#[case::letters_send_nothing("yn", vec![])]
fn a_digit_answers_the_dialog(#[case] keys: &str, #[case] want: Vec<Command>) {
    let mut board = read(Some(0), DIALOG, "");
    assert_eq!(press(&mut board, keys), want);
}

#[test]
fn an_answer_reports_what_was_sent() {
    let mut board = read(Some(0), DIALOG, "");
    let Action::Run(run) = board.handle(Key::Char('2'), &entries()) else {
        panic!("2 answers");
    };
    assert!(!board.busy());
    board.finished(run.seq, Some(0), b"", b"");
    assert_eq!(
        footer_text(&board)[0],
        " ✓ sent 2 (Yes, and don't ask again for cargo test commands in /src/api) to api"
    );
}

#[test]
fn a_refused_answer_shows_ring_tmux_s_message() {
    let mut board = read(Some(0), DIALOG, "");
    let Action::Run(run) = board.handle(Key::Char('1'), &entries()) else {
        panic!("1 answers");
    };
    let refusal =
        "ring-tmux: the dialog changed since it was read; nothing was sent, press p again\n";
    board.finished(run.seq, Some(1), b"", refusal.as_bytes());
    let footer = board.footer(None, 200);
    assert_eq!(
        footer[0].text,
        " ⚠ ring-tmux: the dialog changed since it was read; nothing was sent, press p again"
    );
    assert_eq!(footer[0].tone, Tone::Error);
}

#[rstest]
#[case::refused_on_stdout(
    Some(1),
    "ring-tmux: no permission dialog in pane 3; answer it there\n",
    "",
    " ⚠ ring-tmux: no permission dialog in pane 3; answer it there"
)]
#[case::not_startable(
    Some(2),
    "",
    "No such file or directory (os error 2)",
    " ⚠ ring-tmux failed (exit 2): No such file or directory (os error 2)"
)]
#[case::unreadable_output(
    Some(0),
    "{\"options\": []}",
    "",
    " ⚠ could not read api's dialog from ring-tmux reply --json; nothing was sent"
)]
#[case::control_sequences_removed(Some(1), "", "\u{1b}[2Jring-tmux: bad\u{7}", " ⚠ ring-tmux: bad")]
fn a_failed_read_says_why(
    #[case] code: Option<i32>,
    #[case] stdout: &str,
    #[case] stderr: &str,
    #[case] want: &str,
) {
    let board = read(code, stdout, stderr);
    assert!(!board.busy());
    assert_eq!(footer_text(&board)[0], want);
}

#[test]
fn a_read_cancelled_with_esc_ignores_its_result() {
    let mut board = ready();
    let list = entries();
    let Action::Run(run) = board.handle(Key::Char('p'), &list) else {
        panic!("p starts a read");
    };
    assert_eq!(footer_text(&board), [" reading api's dialog… · Esc cancel"]);
    board.handle(Key::Close, &list);
    assert_eq!(
        board.finished(run.seq, Some(0), DIALOG.as_bytes(), b""),
        Action::None
    );
    assert!(!board.busy());
    assert_eq!(footer_text(&board), [help()]);
}

#[test]
fn dialog_text_is_made_inert() {
    let json = r#"{"question":"ok?\u001b[2J","options":[{"number":1,"text":"Yes\u001b]0;x\u0007!"}],"selected":1}"#;
    let dialog = parse_dialog(json.as_bytes()).expect("parses");
    assert_eq!(dialog.question, "ok?");
    assert_eq!(dialog.options[0].text, "Yes!");
}

/// The zellij board reads exactly what `ring-tmux reply --json` writes: one type,
/// ring-shared's `Listing`, serde at both ends (issue 24 item 7).
#[test]
fn the_listing_reply_writes_is_read_whole() {
    let screen = "\
────────────────────────────────────────
 Bash command

   rm -rf build && cargo build
   Rebuild from scratch

 Do you want to proceed?
 ❯ 1. Yes
   2. No, and tell Claude what to do differently (esc)

 Esc to cancel
";
    let dialog = ring_shared::dialog::read(screen).expect("a dialog");
    let listing = ring_shared::dialog::Listing::of(&dialog, "s-1");
    let json = serde_json::to_string(&listing).expect("serializes");
    let read = parse_dialog(json.as_bytes()).expect("parses");
    assert_eq!(read, listing);
    assert_eq!(read.selected, Some(1));
    assert!(
        read.context.iter().any(|l| l.contains("rm -rf build")),
        "{read:?}"
    );
}

#[rstest]
#[case::name(name("id-api", "front"), " ✓ named api “front”")]
#[case::unname(name("id-api", ""), " ✓ api: name removed")]
#[case::hide(Command::Hide { session: "id-api".into() }, " ✓ hid api (it shows again on its next event, or with a, then u)")]
#[case::unhide(Command::Unhide { session: "id-api".into() }, " ✓ api shows again")]
fn outcomes_show_in_the_footer(#[case] command: Command, #[case] want: &str) {
    let mut board = ready();
    let seq = match board.run(command, "api".into(), String::new()) {
        Action::Run(run) => run.seq,
        other => panic!("{other:?}"),
    };
    board.finished(seq, Some(0), b"", b"");
    assert_eq!(footer_text(&board), [want, &help()]);
    // Until the next key.
    assert_eq!(board.handle(Key::Down, &entries()), Action::Redraw);
    assert_eq!(footer_text(&board), [help()]);
}

#[test]
fn a_failed_name_shows_its_message() {
    let mut board = ready();
    let seq = match board.run(name("id-api", "x"), "api".into(), String::new()) {
        Action::Run(run) => run.seq,
        other => panic!("{other:?}"),
    };
    board.finished(
        seq,
        Some(1),
        b"",
        b"ring-tmux: labels.json is locked by another ring process; try again in a moment\n",
    );
    assert_eq!(
        footer_text(&board)[0],
        " ⚠ ring-tmux: labels.json is locked by another ring process; try again in a moment"
    );
}

#[rstest]
#[case::no_ring_tmux(Commands::default(), NO_RING_TMUX)]
#[case::not_granted(Commands::Missing(NO_RUN_COMMANDS.into()), NO_RUN_COMMANDS)]
fn without_ring_tmux_the_keys_say_what_to_add(#[case] commands: Commands, #[case] hint: &str) {
    for key in ['p', 'n', 'd', 'u'] {
        let mut board = Board::default();
        board.set_commands(commands.clone());
        assert_eq!(press(&mut board, &key.to_string()), vec![]);
        assert!(!board.busy());
        let footer = board.footer(None, 400);
        let said = ring_shared::i18n::text(hint, None);
        assert!(
            said.contains("ring-tmux"),
            "{hint} is in the catalogue: {said}"
        );
        assert_eq!(footer[0].text, format!(" ⚠ {said}"));
        assert_eq!(footer[0].tone, Tone::Error);
    }
}

#[test]
fn a_result_of_an_unknown_run_changes_nothing() {
    let mut board = ready();
    assert_eq!(board.finished(42, Some(0), b"", b""), Action::None);
    assert_eq!(footer_text(&board), [help()]);
}

#[test]
fn esc_closes_the_board_only_when_nothing_is_open() {
    let list = entries();
    let mut board = ready();
    press(&mut board, "n");
    assert_eq!(board.handle(Key::Close, &list), Action::Redraw);
    assert_eq!(board.handle(Key::Close, &list), Action::Close);
    assert_eq!(board.handle(Key::Char('q'), &list), Action::Close);
}

#[test]
fn a_notice_replaces_the_help_line_but_not_a_prompt() {
    let mut board = ready();
    assert_eq!(
        board.footer(Some("ring: boom"), 80)[0].text,
        " ⚠ ring: boom"
    );
    press(&mut board, "n");
    assert!(
        board.footer(Some("ring: boom"), 80)[0]
            .text
            .starts_with(" name api: ")
    );
}

/// What the real `ring-tmux reply --json` prints for a subagent's dialog.
const SUBAGENT: &str = r#"{"session_id":"id-api","question":"Do you want to proceed?","options":[{"number":1,"text":"Yes"},{"number":2,"text":"No"}],"selected":1,"context":["Bash command · from the general-purpose agent","ls /tmp"],"agent":"general-purpose","fingerprint":"9a8b7c"}"#;

#[test]
fn the_listing_s_context_and_agent_are_shown_and_its_fingerprint_sent_back() {
    let mut board = read(Some(0), SUBAGENT, "");
    assert_eq!(
        footer_text(&board),
        [
            " reply to api (from the general-purpose agent):",
            "   Bash command · from the general-purpose agent",
            "   ls /tmp",
            " Do you want to proceed?",
            " › 1. Yes",
            "   2. No",
            " 1-2 answer · Enter 1 · Esc cancel (nothing is sent)",
        ]
    );
    assert_eq!(
        press(&mut board, "2"),
        [Command::Answer {
            session: "id-api".into(),
            number: 2,
            expect: Some("9a8b7c".into()),
        }]
    );
}

#[test]
fn a_named_session_s_prompt_starts_from_its_name() {
    let mut list = entries();
    list[0].project = "front".into();
    list[0].label = "front".into();
    let mut board = ready();
    board.handle(Key::Char('n'), &list);
    assert_eq!(
        footer_text(&board),
        [" name front: front▏  · Enter save (empty removes) · Esc cancel"]
    );
    board.handle(Key::Char('s'), &list);
    assert_eq!(
        board.handle(Key::Enter, &list),
        Action::Run(Run {
            seq: 0,
            command: name("id-api", "fronts")
        })
    );
}

#[rstest]
#[case::fits(12, 80, true)]
#[case::too_few_rows(7, 80, false)]
#[case::too_narrow(12, 40, false)]
fn an_answer_goes_only_when_the_whole_dialog_fits_the_board(
    #[case] rows: usize,
    #[case] cols: usize,
    #[case] sent: bool,
) {
    // The footer: 6 lines (the reply line, the question, 3 options, the help), the longest
    // option 70 columns; the board keeps its title and one list row.
    let mut board = read(Some(0), DIALOG, "");
    board.set_size(rows, cols);
    let commands = press(&mut board, "2");
    if sent {
        assert_eq!(commands.len(), 1, "{:?}", footer_text(&board));
    } else {
        assert!(commands.is_empty(), "{commands:?}");
        let said = footer_text(&board).join("\n");
        assert!(said.contains("nothing was sent"), "{said}");
        assert!(said.contains("answer it in the pane"), "{said}");
    }
}

/// The tmux board's keys (`ring-tmux board`): `a` lists ended and hidden sessions (the glue
/// reads them again), `r` reads again, `u` shows a hidden session again.
#[test]
fn a_toggles_ended_and_hidden_and_r_reads_again() {
    let mut board = ready();
    let list = entries();
    assert!(!board.all());
    assert_eq!(board.handle(Key::Char('a'), &list), Action::Reload);
    assert!(board.all());
    assert_eq!(board.handle(Key::Char('r'), &list), Action::Reload);
    assert!(board.all());
    assert_eq!(board.handle(Key::Char('a'), &list), Action::Reload);
    assert!(!board.all());
    assert!(!board.busy());
}

#[test]
fn u_unhides_a_hidden_row_by_its_exact_id_and_explains_on_another() {
    let mut board = ready();
    let mut list = entries();
    assert_eq!(
        board.handle(Key::Char('u'), &list),
        Action::Redraw,
        "a shown session"
    );
    assert_eq!(
        footer_text(&board)[0],
        " ⚠ only a hidden session can be shown again (a lists them)"
    );
    list[0].hidden = true;
    let Action::Run(run) = board.handle(Key::Char('u'), &list) else {
        panic!("u on a hidden row runs ring-tmux");
    };
    assert_eq!(
        run.command,
        Command::Unhide {
            session: "id-api".into()
        }
    );
    assert_eq!(run.command.args(), ["unhide", "--", "id-api"]);
}

#[test]
fn the_help_line_names_the_tmux_boards_keys_and_shortens_on_a_narrow_board() {
    let board = ready();
    let wide = board.footer(None, 200);
    for key in [
        "p reply",
        "n name",
        "dd hide",
        "a ended+hidden",
        "u unhide",
        "? why",
        "r refresh",
    ] {
        assert!(wide[0].text.contains(key), "{key}: {}", wide[0].text);
    }
    // A floating board of 78 columns: two lines, the acts' words kept.
    let two: Vec<String> = board.footer(None, 78).into_iter().map(|l| l.text).collect();
    assert_eq!(two, [help_more(), help_keys()]);
    assert!(two.iter().all(|l| crate::cells::width(l) <= 78));
    let narrow = board.footer(None, 60);
    assert_eq!(narrow[0].text, help_short());
    assert!(crate::cells::width(&help_short()) <= 60);
}

/// The help line in Traditional Chinese (issue 26): chosen by cells, never wider than the
/// board, at every width from the floating board's to a narrow pane.
#[test]
fn the_zh_hant_help_line_fits_by_cells() {
    use ring_shared::i18n::{Lang, with_lang};
    let board = Board::default();
    for cols in [130, 100, 78, 60, 50] {
        let lines = with_lang(Lang::ZhHant, || board.footer(None, cols));
        let last = &lines.last().expect("a help line").text;
        assert!(
            last.contains("移動") && last.contains("關閉"),
            "{cols}: {last}"
        );
        for line in &lines {
            assert!(
                crate::cells::width(&line.text) <= cols,
                "{cols}: {}",
                line.text
            );
        }
    }
}

mod explain;
mod zh_hant;
