use super::*;
use ring_shared::Status;
use std::cell::RefCell;

const DIALOG: &str = "\
● Bash(echo ring-bash-ok > ring_bash_out.txt)
────────────────────────────────────────
 Bash command
   echo ring-bash-ok > ring_bash_out.txt
 Do you want to proceed?
 ❯ 1. Yes
   2. Yes, and don't ask again
   3. No
 Esc to cancel · Tab to amend
";

/// The same dialog, asking about another command.
fn other_command() -> String {
    DIALOG.replace("echo ring-bash-ok", "rm -rf ring")
}

/// A pane whose screen is each of `screens` in turn (the last one stays), and the keys it got.
struct Pane {
    screens: RefCell<Vec<String>>,
    keys: RefCell<String>,
}

impl Pane {
    fn new(screens: &[&str]) -> Pane {
        Pane {
            screens: RefCell::new(screens.iter().rev().map(|s| (*s).to_owned()).collect()),
            keys: RefCell::new(String::new()),
        }
    }

    fn capture(&self) -> Option<String> {
        let mut screens = self.screens.borrow_mut();
        if screens.len() > 1 {
            screens.pop()
        } else {
            screens.last().cloned()
        }
    }

    fn answer(&self, shown: &Shown, number: u32) -> Result<(), Refusal> {
        answer_with(
            &mut || self.capture(),
            &mut |d| {
                self.keys.borrow_mut().push(d);
                Ok(())
            },
            shown,
            number,
            Duration::from_millis(300),
        )
    }
}

fn shown() -> Shown {
    read_with(&mut || Some(DIALOG.to_owned())).expect("the dialog reads")
}

#[test]
fn the_digit_is_sent_when_the_dialog_is_the_one_read_and_it_goes() {
    let pane = Pane::new(&[DIALOG, DIALOG, "● Bash(echo ring-bash-ok)\n  ⎿  done\n"]);
    assert_eq!(pane.answer(&shown(), 1), Ok(()));
    assert_eq!(*pane.keys.borrow(), "1");
}

#[test]
fn a_dialog_asking_about_another_command_gets_no_key() {
    let other = other_command();
    let pane = Pane::new(&[&other]);
    let refused = pane.answer(&shown(), 1).expect_err("refused");
    assert!(refused.what.contains("changed"), "{refused}");
    assert_eq!(*pane.keys.borrow(), "", "no key");
}

#[test]
fn a_dialog_that_changes_a_moment_later_gets_no_key() {
    // One frame still showed the old dialog's text; the next shows what is really asked.
    let other = other_command();
    let pane = Pane::new(&[DIALOG, &other]);
    let refused = pane.answer(&shown(), 1).expect_err("refused");
    assert!(refused.what.contains("changed"), "{refused}");
    assert_eq!(*pane.keys.borrow(), "", "no key");
}

#[test]
fn a_moved_marker_is_a_changed_dialog() {
    let moved = DIALOG
        .replace(" ❯ 1. Yes", "   1. Yes")
        .replace("   3. No", " ❯ 3. No");
    let pane = Pane::new(&[&moved]);
    assert!(pane.answer(&shown(), 1).is_err());
    assert_eq!(*pane.keys.borrow(), "");
}

#[test]
fn a_dialog_already_answered_gets_no_key() {
    let pane = Pane::new(&["● Bash(echo ring-bash-ok)\n  ⎿  done\n❯ \n"]);
    let refused = pane.answer(&shown(), 1).expect_err("refused");
    assert!(refused.what.contains("no longer on screen"), "{refused}");
    assert_eq!(*pane.keys.borrow(), "");
}

#[test]
fn a_pane_that_cannot_be_read_gets_no_key() {
    let keys = RefCell::new(String::new());
    let refused = answer_with(
        &mut || None,
        &mut |d| {
            keys.borrow_mut().push(d);
            Ok(())
        },
        &shown(),
        1,
        Duration::from_millis(100),
    );
    assert!(refused.is_err());
    assert_eq!(*keys.borrow(), "");
}

#[test]
fn a_capture_that_shows_nothing_for_a_moment_is_taken_again_before_the_key() {
    // zellij's dump-screen, racing another zellij CLI call, handed back an empty screen: not
    // a sign that the dialog went; the next captures decide, and both must show it.
    let pane = Pane::new(&["", DIALOG, DIALOG, "● Bash(echo ring-bash-ok)\n  ⎿  done\n"]);
    assert_eq!(pane.answer(&shown(), 1), Ok(()));
    assert_eq!(*pane.keys.borrow(), "1");
}

#[test]
fn an_option_the_dialog_lacks_gets_no_key() {
    let pane = Pane::new(&[DIALOG]);
    let refused = pane.answer(&shown(), 4).expect_err("refused");
    assert_eq!(refused.what, "the dialog has no option 4");
    assert_eq!(refused.fix, "choose one of 1, 2, 3");
    assert_eq!(*pane.keys.borrow(), "");
}

#[test]
fn a_dialog_that_stays_after_the_key_is_reported() {
    let pane = Pane::new(&[DIALOG]);
    let refused = pane.answer(&shown(), 3).expect_err("reported");
    assert_eq!(refused.what, "sent 3, but the dialog is still on screen");
    assert_eq!(*pane.keys.borrow(), "3", "the key was sent once");
}

#[test]
fn a_new_dialog_after_the_key_counts_as_answered() {
    let other = other_command();
    let pane = Pane::new(&[DIALOG, DIALOG, &other]);
    assert_eq!(pane.answer(&shown(), 1), Ok(()));
    assert_eq!(*pane.keys.borrow(), "1");
}

#[test]
fn a_capture_that_dropped_the_pane_text_is_taken_again() {
    // zellij's dump-screen can hand back an empty screen while another CLI call runs (CI
    // run on 870aebe: the board's p-then-1 said "no dialog" over a dialog on screen).
    let pane = Pane::new(&["", "", DIALOG]);
    assert_eq!(read_with(&mut || pane.capture()), Ok(shown()));
}

#[test]
fn no_dialog_reads_as_a_refusal() {
    let refused = read_with(&mut || Some("$ ls\nCargo.toml\n$ ".to_owned())).expect_err("none");
    assert!(refused.fix.starts_with("nothing was sent"), "{refused}");
}

fn entry(status: Status, zellij: Option<(&str, &str)>, socket: Option<&str>) -> Entry {
    let mut row = ring_shared::Row::new("s-1");
    row.status = status;
    row.cwd = "/r/p".into();
    row.last_active = 99.0;
    row.tmux_pane = Some("%1".into());
    row.tmux_socket = socket.map(str::to_owned);
    if let Some((session, pane)) = zellij {
        row.zellij_session = Some(session.into());
        row.zellij_pane = Some(pane.into());
    }
    let session = ring_shared::derive::Session::from_hook(row);
    Entry::of(session, 100.0, &Default::default(), "")
}

#[test]
fn a_session_in_zellij_is_answered_in_its_zellij_pane_not_the_tmux_pane_around_it() {
    let e = entry(Status::Waiting, Some(("work", "3")), Some("/tmp/none"));
    assert_eq!(
        Target::of(&e, None),
        Ok(Target::Zellij {
            session: "work".into(),
            pane: "3".into()
        })
    );
}

#[test]
fn a_zellij_pane_that_is_not_a_number_is_refused() {
    let e = entry(Status::Waiting, Some(("work", "3; rm")), None);
    let refused = Target::of(&e, None).expect_err("refused");
    assert!(refused.what.contains("its pane is not known"), "{refused}");
}

#[test]
fn an_ended_session_or_one_in_no_known_pane_is_refused() {
    let ended = entry(Status::Ended, Some(("work", "3")), None);
    assert!(
        Target::of(&ended, None)
            .expect_err("ended")
            .what
            .ends_with("has ended")
    );
    let nowhere = entry(Status::Waiting, None, None);
    let refused = Target::of(&nowhere, None).expect_err("nowhere");
    assert!(
        refused.what.contains("no tmux pane or zellij pane"),
        "{refused}"
    );
}

#[test]
fn a_zellij_pane_is_reached_by_its_session_and_pane_id() {
    let command = zellij_action("work", "dump-screen", "terminal_3");
    let args: Vec<_> = command.get_args().collect();
    assert_eq!(
        args,
        [
            "--session",
            "work",
            "action",
            "dump-screen",
            "--pane-id",
            "terminal_3"
        ]
    );
}
