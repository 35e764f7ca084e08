use super::*;
use ring_shared::Status;
use rstest::rstest;

fn entry(id: &str, status: Status, target: Option<Target>) -> Entry {
    Entry {
        session_id: id.into(),
        status,
        kind: if status == Status::Waiting {
            "permission".into()
        } else {
            String::new()
        },
        project: id.into(),
        label: String::new(),
        detail: format!("doing {id}"),
        idle: "5s".into(),
        location: format!("tab · pane {id}"),
        target,
        hidden: false,
        remote: false,
    }
}

fn entries() -> Vec<Entry> {
    vec![
        entry("a", Status::Waiting, Some(Target::Pane(1))),
        entry("b", Status::Working, Some(Target::Pane(2))),
        entry("c", Status::Idle, None),
    ]
}

fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[rstest]
#[case::down_moves(vec![Key::Down], 1)]
#[case::down_stops_at_end(vec![Key::Down, Key::Down, Key::Down, Key::Down], 2)]
#[case::up_stops_at_top(vec![Key::Up], 0)]
#[case::bottom_then_up(vec![Key::Bottom, Key::Up], 1)]
#[case::top(vec![Key::Down, Key::Down, Key::Top], 0)]
fn keys_move_the_selection(#[case] keys: Vec<Key>, #[case] want: usize) {
    let list = entries();
    let mut cursor = Cursor::default();
    for key in keys {
        cursor.handle(key, &list);
    }
    assert_eq!(cursor.index(&list), want);
}

#[test]
fn enter_focuses_the_selected_sessions_pane() {
    let list = entries();
    let mut cursor = Cursor::default();
    cursor.handle(Key::Down, &list);
    assert_eq!(
        cursor.handle(Key::Enter, &list),
        Action::Focus(Target::Pane(2))
    );
}

#[test]
fn enter_on_a_session_without_a_pane_does_nothing() {
    let list = entries();
    let mut cursor = Cursor::default();
    cursor.handle(Key::Bottom, &list);
    assert_eq!(cursor.handle(Key::Enter, &list), Action::None);
}

#[test]
fn escape_closes() {
    assert_eq!(
        Cursor::default().handle(Key::Close, &entries()),
        Action::Close
    );
}

#[test]
fn selection_follows_the_session_across_a_reorder() {
    let list = entries();
    let mut cursor = Cursor::default();
    cursor.handle(Key::Down, &list);
    let reordered = vec![list[2].clone(), list[0].clone(), list[1].clone()];
    assert_eq!(cursor.index(&reordered), 2);
}

#[test]
fn selection_falls_back_to_the_first_when_its_session_leaves() {
    let list = entries();
    let mut cursor = Cursor::default();
    cursor.handle(Key::Down, &list);
    assert_eq!(cursor.index(&list[..1]), 0);
}

#[test]
fn click_selects_and_focuses_the_clicked_line() {
    let list = entries();
    let mut board = Board::default();
    // Line 0 is the title; line 2 is the second session.
    assert_eq!(
        board.click(2, 10, 80, &list),
        Action::Focus(Target::Pane(2))
    );
    assert_eq!(board.cursor.index(&list), 1);
    assert_eq!(board.click(0, 10, 80, &list), Action::None);
    assert_eq!(board.click(8, 10, 80, &list), Action::None);
}

fn view() -> View {
    View {
        counts: vec![
            (Status::Waiting, 1),
            (Status::Working, 1),
            (Status::Idle, 1),
        ],
        entries: entries(),
        badges: Vec::new(),
        ..View::default()
    }
}

#[test]
fn render_lists_waiting_first_with_kind_detail_and_location() {
    let text = plain(&render(
        &view(),
        &Board::default(),
        &Icons::default(),
        &Theme::default(),
        6,
        70,
        None,
    ));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0].trim_end(), " ring · 3 sessions · 🔴1 🟢1 🟡1");
    assert_eq!(lines[1].trim_end(), " 🔴 🔐 a    5s  tab · pane a  doing a");
    assert!(lines[2].starts_with(" 🟢    b"), "{:?}", lines[2]);
    assert!(lines[5].contains("Enter"));
}

#[rstest]
#[case::no_rows(0, 10)]
#[case::title_only(1, 10)]
#[case::title_and_one_session(2, 10)]
#[case(3, 10)]
#[case(6, 20)]
#[case(10, 120)]
fn render_fits_the_pane(#[case] rows: usize, #[case] cols: usize) {
    let text = plain(&render(
        &view(),
        &Board::default(),
        &Icons::default(),
        &Theme::default(),
        rows,
        cols,
        None,
    ));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), rows);
    for line in lines {
        assert_eq!(cells::width(line), cols, "{line:?}");
    }
}

#[test]
fn render_scrolls_to_keep_the_selection_visible() {
    let list: Vec<Entry> = (0..10)
        .map(|i| entry(&format!("s{i}"), Status::Idle, None))
        .collect();
    let v = View {
        counts: vec![(Status::Idle, 10)],
        entries: list,
        badges: Vec::new(),
        ..View::default()
    };
    let mut board = Board::default();
    board.cursor.handle(Key::Bottom, &v.entries);
    let text = plain(&render(
        &v,
        &board,
        &Icons::default(),
        &Theme::default(),
        5,
        40,
        None,
    ));
    assert!(text.contains("s9"));
    assert!(!text.contains("s0 "));
}

#[test]
fn empty_board_says_so() {
    let text = plain(&render(
        &View::default(),
        &Board::default(),
        &Icons::default(),
        &Theme::default(),
        4,
        40,
        None,
    ));
    assert!(text.contains("no sessions (a: show ended ones)"), "{text}");
    assert_eq!(
        text.lines().next().map(str::trim_end),
        Some(" ring · 0 sessions")
    );
}

#[rstest]
#[case::wide_keeps_location(100, true)]
#[case::narrow_drops_location(40, false)]
fn narrow_board_gives_the_detail_room_before_the_location(
    #[case] cols: usize,
    #[case] location_shown: bool,
) {
    let text = plain(&render(
        &view(),
        &Board::default(),
        &Icons::default(),
        &Theme::default(),
        5,
        cols,
        None,
    ));
    let first = text.lines().nth(1).expect("first session");
    assert!(first.contains("doing a"), "{first:?}");
    assert_eq!(first.contains("pane a"), location_shown, "{first:?}");
}

#[test]
fn with_a_the_title_says_so_and_a_hidden_row_is_marked() {
    let mut v = view();
    v.entries[2].hidden = true;
    let mut board = Board::default();
    board.handle(Key::Char('a'), &v.entries);
    let text = plain(&render(
        &v,
        &board,
        &Icons::default(),
        &Theme::default(),
        6,
        100,
        None,
    ));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].trim_end().ends_with(" · with ended and hidden"),
        "{:?}",
        lines[0]
    );
    assert!(lines[3].contains("(hidden) doing c"), "{:?}", lines[3]);
    assert!(!lines[1].contains("(hidden)"), "{:?}", lines[1]);
}

/// Issue 27: Enter on another host's session asks for a pane running `ring-tmux jump`
/// (which runs ssh); never a local pane, whatever the entry says.
#[test]
fn enter_on_a_remote_session_opens_its_jump_never_a_local_pane() {
    let mut remote = entry("dev:s1", Status::Waiting, Some(Target::Pane(3)));
    remote.remote = true;
    let list = vec![remote, entry("local", Status::Idle, Some(Target::Pane(4)))];
    let mut board = Board::default();
    assert_eq!(
        board.handle(Key::Enter, &list),
        Action::OpenRemote("dev:s1".into())
    );
    board.handle(Key::Down, &list);
    assert_eq!(
        board.handle(Key::Enter, &list),
        Action::Focus(Target::Pane(4))
    );
}

#[test]
fn the_remote_jump_names_the_ring_folder_and_the_whole_id() {
    assert_eq!(
        act::jump_remote("/bin/ring-tmux", Some("/r"), "dev:-s1"),
        [
            "env",
            "RING_HOME=/r",
            "/bin/ring-tmux",
            "jump",
            "--session",
            "dev:-s1"
        ]
    );
    assert_eq!(
        act::jump_remote("/bin/ring-tmux", None, "dev:s1"),
        ["/bin/ring-tmux", "jump", "--session", "dev:s1"]
    );
}

/// Issue 26: in both languages, with Chinese names and the prompts and messages of the
/// catalogue, every line of the drawn board is exactly as wide as the board (CJK text is two
/// cells a character), at even and odd widths.
#[rstest]
fn the_board_keeps_its_width_in_both_languages(
    #[values(ring_shared::i18n::Lang::En, ring_shared::i18n::Lang::ZhHant)]
    lang: ring_shared::i18n::Lang,
    #[values(23, 40, 61, 100)] cols: usize,
    #[values("", "d", "n支付系統重構計畫的後端服務", "a", "u")] keys: &str,
) {
    let mut v = view();
    v.entries[0].project = "支付系統重構計畫".into();
    v.entries[0].detail = "等你核准 cargo test -p 付款".into();
    v.entries[2].hidden = true;
    let mut board = Board::default();
    let text = ring_shared::i18n::with_lang(lang, || {
        for c in keys.chars() {
            board.handle(Key::Char(c), &v.entries);
        }
        render(
            &v,
            &board,
            &Icons::default(),
            &Theme::default(),
            8,
            cols,
            None,
        )
    });
    let lines: Vec<String> = plain(&text).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 8, "{text}");
    for line in &lines {
        assert_eq!(
            crate::cells::width(line),
            cols,
            "{keys:?} at {cols}: {line:?}"
        );
    }
    if lang == ring_shared::i18n::Lang::ZhHant && keys == "a" && cols >= 61 {
        let hidden = ring_shared::i18n::text_in(lang, "board-hidden", None);
        assert!(lines[3].contains(&hidden), "{:?}", lines[3]);
    }
}
