use super::*;
use crate::board::Board;
use crate::registry::Status;
use crate::view::View;
use rstest::rstest;

fn wait(id: &str) -> Wait {
    Wait {
        session_id: id.into(),
        provider: "claude-code".into(),
        project: format!("p{id}"),
        kind: "permission".into(),
        detail: format!("rm -rf {id}"),
        promoted: id.starts_with('c'),
        ..Wait::default()
    }
}

/// Runs: `now/rang/waiting; …`, e.g. `100/1/1,2` (at 100 the hook rang for 1; 1 and 2 wait).
fn steps(text: &str) -> Vec<(f64, Vec<String>, Vec<Wait>)> {
    let ids = |list: &str| -> Vec<String> {
        list.split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    };
    text.split(';')
        .map(|step| {
            let parts: Vec<&str> = step.trim().split('/').collect();
            let now = parts[0].parse().expect("clock");
            let waiting = ids(parts[2]).iter().map(|id| wait(id)).collect();
            (now, ids(parts[1]), waiting)
        })
        .collect()
}

/// Runs the steps from an empty state (after `setup`); every step's note titles.
fn run(settings: &Settings, setup: fn(State) -> State, text: &str) -> Vec<Vec<String>> {
    let mut state = setup(State::default());
    let mut out = Vec::new();
    for (now, rang, waiting) in steps(text) {
        let input = Input {
            now,
            rang: &rang,
            waiting: &waiting,
        };
        let (notes, next) = decide(&state, &input, settings);
        out.push(notes.iter().map(Out::title).collect());
        state = next;
    }
    out
}

fn settings(debounce: f64, gaps: &[f64], repeat_max: u32) -> Settings {
    Settings {
        debounce,
        gaps: gaps.to_vec(),
        repeat_max,
        cooldown: 180.0,
    }
}

fn none(state: State) -> State {
    state
}

fn quiet_until_200(state: State) -> State {
    quiet_on(&state, 100.0, Some(100.0))
}

fn quiet_indefinitely(state: State) -> State {
    quiet_on(&state, 100.0, None)
}

const W1: &str = "ring: p1 needs permission";
const W2: &str = "ring: p2 needs permission";

#[rstest]
#[case::no_debounce_every_ring_at_once(settings(0.0, &[], 0), none,
    "100.0/1/1; 100.001/2/1,2",
    vec![vec![W1], vec![W2]])]
#[case::debounce_first_at_once_rest_merged(settings(10.0, &[], 0), none,
    "100.0/1/1; 101.0/2/1,2; 102.0/3/1,2,3; 109.999//1,2,3; 110.0//1,2,3",
    vec![vec![W1], vec![], vec![], vec![], vec!["ring: 2 more waiting"]])]
#[case::debounce_drops_waits_that_ended(settings(10.0, &[], 0), none,
    "100.0/1/1; 101.0/2/1,2; 110.0//1",
    vec![vec![W1], vec![], vec![]])]
#[case::debounce_window_over_rings_at_once(settings(10.0, &[], 0), none,
    "100.0/1/1; 110.0/2/1,2",
    vec![vec![W1], vec![W2]])]
#[case::two_rings_in_one_run_are_debounced(settings(5.0, &[], 0), none,
    "100.0/1,2/1,2; 105.0//1,2",
    vec![vec![W1], vec!["ring: 1 more waiting"]])]
#[case::quiet_queues_and_summarizes_when_over(settings(0.0, &[], 0), quiet_until_200,
    "150.0/1/1; 160.0/2/1,2; 199.999//1,2; 200.0//1,2; 201.0//1,2",
    vec![vec![], vec![], vec![], vec!["ring: 2 waited while quiet"], vec![]])]
#[case::quiet_on_holds_until_turned_off(settings(0.0, &[], 0), quiet_indefinitely,
    "150.0/1/1; 1e9//1",
    vec![vec![], vec![]])]
#[case::quiet_summary_skips_ended_waits(settings(0.0, &[], 0), quiet_until_200,
    "150.0/1/1; 210.0//",
    vec![vec![], vec![]])]
#[case::reminders_follow_the_gaps_then_the_last_gap(settings(0.0, &[30.0, 120.0], 3), none,
    "100.0/1/1; 129.999//1; 130.0//1; 249.999//1; 250.0//1; 370.0//1; 10000.0//1",
    vec![vec![W1], vec![], vec!["ring: reminder: p1 needs permission"], vec![],
         vec!["ring: reminder: p1 needs permission"], vec!["ring: reminder: p1 needs permission"], vec![]])]
#[case::reminders_stop_when_the_wait_ends(settings(0.0, &[30.0], 3), none,
    "100.0/1/1; 120.0//; 130.0//1",
    vec![vec![W1], vec![], vec![]])]
#[case::a_new_ring_restarts_the_reminders(settings(0.0, &[30.0], 3), none,
    "100.0/1/1; 120.0/1/1; 130.0//1; 150.0//1",
    vec![vec![W1], vec![W1], vec![], vec!["ring: reminder: p1 needs permission"]])]
#[case::no_reminders_while_quiet_then_from_its_end(settings(0.0, &[30.0], 3), quiet_until_200,
    "150.0/1/1; 190.0//1; 200.0//1; 229.999//1; 230.0//1",
    vec![vec![], vec![], vec!["ring: 1 waited while quiet"], vec![], vec!["ring: reminder: p1 needs permission"]])]
#[case::codex_promoted_wait_rings_once(settings(0.0, &[], 0), none,
    "100.0//c1; 101.0//c1; 102.0//; 103.0//c1; 282.0//; 283.0//c1",
    vec![vec!["ring: pc1 needs permission"], vec![], vec![], vec![], vec![],
         vec!["ring: pc1 needs permission"]])]
#[case::codex_promoted_wait_is_debounced_too(settings(10.0, &[], 0), none,
    "100.0/1/1; 101.0//1,c2; 110.0//1,c2",
    vec![vec![W1], vec![], vec!["ring: 1 more waiting"]])]
fn decisions_to_the_millisecond(
    #[case] settings: Settings,
    #[case] setup: fn(State) -> State,
    #[case] steps: &str,
    #[case] want: Vec<Vec<&str>>,
) {
    assert_eq!(run(&settings, setup, steps), want);
}

#[test]
fn quiet_off_sends_the_summary_at_the_next_run() {
    let s = settings(0.0, &[], 0);
    let state = quiet_on(&State::default(), 100.0, None);
    let w = [wait("1")];
    let rang = ["1".to_owned()];
    let (notes, state) = decide(
        &state,
        &Input {
            now: 101.0,
            rang: &rang,
            waiting: &w,
        },
        &s,
    );
    assert!(notes.is_empty());
    let state = quiet_off(&state, 102.0);
    let (notes, state) = decide(
        &state,
        &Input {
            now: 102.0,
            rang: &[],
            waiting: &w,
        },
        &s,
    );
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].kind, Kind::Quiet);
    assert_eq!(state.quiet, None);
}

#[rstest]
#[case::nothing_timed(settings(10.0, &[], 0), "100.0/1/1", None)]
#[case::debounce_window(settings(10.0, &[], 0), "100.0/1/1; 101.5/2/1,2", Some(110.0))]
#[case::reminder(settings(0.0, &[30.0], 1), "100.25/1/1", Some(130.25))]
#[case::reminders_used_up(settings(0.0, &[30.0], 1), "100.0/1/1; 130.0//1", None)]
fn due_is_the_next_timer(
    #[case] settings: Settings,
    #[case] text: &str,
    #[case] want: Option<f64>,
) {
    let mut state = State::default();
    for (now, rang, waiting) in steps(text) {
        state = decide(
            &state,
            &Input {
                now,
                rang: &rang,
                waiting: &waiting,
            },
            &settings,
        )
        .1;
    }
    assert_eq!(state.due, want);
}

#[test]
fn quiet_until_is_due() {
    let state = quiet_on(&State::default(), 100.0, Some(1800.0));
    let (_, state) = decide(
        &state,
        &Input {
            now: 100.0,
            rang: &[],
            waiting: &[],
        },
        &settings(0.0, &[], 0),
    );
    assert_eq!(state.due, Some(1900.0));
}

#[rstest]
#[case::minutes("30m", Some(1800.0))]
#[case::bare_minutes("45", Some(2700.0))]
#[case::combined("1h30m", Some(5400.0))]
#[case::seconds("90s", Some(90.0))]
#[case::trailing_number("1h30", None)]
#[case::unit_only("m", None)]
#[case::zero("0m", None)]
#[case::junk("soon", None)]
fn durations(#[case] text: &str, #[case] want: Option<f64>) {
    assert_eq!(parse_duration(text), want);
}

#[test]
fn body_hides_the_detail_unless_asked() {
    let note = Out {
        kind: Kind::Waiting,
        waits: vec![wait("1")],
    };
    assert_eq!(note.body(true), "rm -rf 1");
    assert_eq!(note.body(false), "Claude Code needs permission");
}

#[test]
fn label_names_the_wait() {
    let mut w = wait("1");
    w.label = Some("my label".into());
    let note = Out {
        kind: Kind::Repeat(1),
        waits: vec![w],
    };
    assert_eq!(note.title(), "ring: reminder: my label needs permission");
}

#[test]
fn state_survives_json() {
    let s = settings(10.0, &[30.0], 2);
    let w = [wait("1"), wait("2")];
    let rang = ["1".to_owned(), "2".to_owned()];
    let (_, state) = decide(
        &quiet_on(&State::default(), 1.0, Some(5.0)),
        &Input {
            now: 2.0,
            rang: &rang,
            waiting: &w,
        },
        &s,
    );
    let text = serde_json::to_string(&state).expect("encodes");
    assert_eq!(
        serde_json::from_str::<State>(&text).expect("decodes"),
        state
    );
}

/// A waiting session whose row still says working on a `PermissionRequest` (the read side
/// promoted it), of `provider`.
fn promoted_by_the_read_side(provider: &str) -> crate::derive::Session {
    crate::derive::Session {
        row: crate::Row {
            provider: provider.into(),
            status: Status::Waiting,
            last_event: Some("PermissionRequest".into()),
            last_active: 100.0,
            ..crate::Row::new("s1")
        },
        source: crate::derive::Source::Hook,
        hook_stale: false,
        kind: None,
        tmux_target: None,
    }
}

#[rstest]
#[case::codex_approves_on_its_own("codex", true)]
#[case::claude_shows_its_dialog_at_once("claude-code", false)]
#[case::gemini("gemini", false)]
fn only_an_agent_that_approves_on_its_own_is_promoted(#[case] provider: &str, #[case] want: bool) {
    assert_eq!(promoted(&promoted_by_the_read_side(provider)), want);
    let mut rang = promoted_by_the_read_side(provider);
    rang.row.waiting_notified_at = Some(100.5);
    assert!(
        !promoted(&rang),
        "the hook rang for it after its last activity"
    );
}

/// §3.16: a notification about a subagent's wait says which subagent asks.
#[test]
fn a_subagents_wait_is_named_in_the_title_and_body() {
    let mut w = wait("s1");
    w.kind = "permission".into();
    w.detail = "subagent reviewer: Bash: rm".into();
    w.waiter = Some("subagent reviewer".into());
    let out = Out {
        kind: Kind::Waiting,
        waits: vec![w],
    };
    assert!(
        out.title()
            .ends_with(": subagent reviewer needs permission"),
        "{}",
        out.title()
    );
    assert_eq!(out.body(true), "subagent reviewer: Bash: rm");
    assert_eq!(
        out.body(false),
        "Claude Code (subagent reviewer) needs permission"
    );
}

/// A waiting row, read into the view the boards show.
fn board_of(row: crate::Row, labels: &[(&str, &str)]) -> (View, Board) {
    let session = crate::derive::Session::from_hook(row);
    let board = Board::build(vec![session], 0, 200.0, false);
    let labels = labels
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    (View::of_board(board.clone(), &labels, ""), board)
}

/// Issue 24 item 2: a note says what the board says: the entry's name (its label), the
/// kind's label, and the view's detail (with its `waiting_for` fallback).
#[rstest]
#[case::question_with_its_text(
    "question", "Which database?", "", &[], "ring: search asks a question", "Which database?"
)]
#[case::the_waiting_for_fallback(
    "permission", "", "permission_prompt", &[], "ring: search needs permission", "permission_prompt"
)]
#[case::the_label_names_it(
    "plan", "Rewrite the parser", "", &[("s1", "parser work")],
    "ring: parser work has a plan to approve", "Rewrite the parser"
)]
fn a_note_says_what_the_board_says(
    #[case] kind: &str,
    #[case] detail: &str,
    #[case] waiting_for: &str,
    #[case] labels: &[(&str, &str)],
    #[case] title: &str,
    #[case] body: &str,
) {
    let row = crate::Row {
        status: Status::Waiting,
        waiting_kind: kind.into(),
        waiting_detail: detail.into(),
        waiting_for: waiting_for.into(),
        cwd: "/src/search".into(),
        last_action: "→ Read lib.rs".into(),
        last_active: 100.0,
        ..crate::Row::new("s1")
    };
    let (view, board) = board_of(row, labels);
    let waits = waits(&view, &board);
    assert_eq!(waits.len(), 1);
    let out = Out {
        kind: Kind::Waiting,
        waits,
    };
    assert_eq!(out.title(), title);
    assert_eq!(out.body(true), body);
    let what = crate::view::Kind::parse(kind).map_or_else(String::new, crate::view::Kind::label);
    assert_eq!(
        out.body(false),
        format!("Claude Code {what}"),
        "without the detail"
    );
    assert_eq!(
        out.waits[0].detail, view.entries[0].detail,
        "the board's detail"
    );
}
