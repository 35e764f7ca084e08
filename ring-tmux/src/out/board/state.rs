//! What the board shows and what a key does: a pure state machine, no terminal and no files.
//!
//! The selection follows a session id (as the zellij board's does), so a live update that
//! reorders or adds rows leaves the cursor on the same session. A key gives an [`Effect`]
//! the loop carries out (a jump, a write, a reply); what it learns comes back through
//! [`App::set_view`], [`App::open_reply`] and [`App::note`].

use ring_shared::Status;
use ring_shared::view::{Entry, View};
use std::collections::BTreeSet;

/// A key as the board reads it (crossterm's events mapped by the loop).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Home,
    End,
    Enter,
    Esc,
    Backspace,
    /// Ctrl-C: quit from any mode.
    Interrupt,
    Char(char),
}

/// A permission dialog as `ring-tmux reply --json` lists it.
pub use ring_shared::dialog::Listing as Dialog;

/// What the board is doing besides listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    List,
    /// `d` was pressed once: a second `d` hides the selected session.
    Delete,
    /// `n`: the label being typed for session `id`.
    Naming {
        id: String,
        input: String,
    },
    /// `?`: why the selected session shows what it shows (`ring-tmux explain`'s text);
    /// any key goes back.
    Explain {
        text: String,
    },
    /// `p`: the dialog of session `id`, waiting for a digit.
    Reply {
        id: String,
        dialog: Dialog,
    },
}

/// What the loop must do after a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Nothing to do (the screen may still be drawn again).
    None,
    /// Switch the client to this session's pane, then quit (the popup closes).
    Jump(String),
    /// Write `labels.json`: this label ("" removes it) for this session.
    Name {
        id: String,
        label: String,
    },
    /// Write `deleted_sessions.json` for this session.
    Hide(String),
    /// Take this session out of `deleted_sessions.json` (`u` on a hidden row).
    Unhide(String),
    /// Read this session's dialog (`ring-tmux reply ID --json`).
    ReadReply(String),
    /// Explain this session (`ring-tmux explain --session ID`).
    Explain(String),
    /// Answer this session's dialog with option `number`, if it is still the one listed
    /// (`expect`: its fingerprint).
    Answer {
        id: String,
        number: u32,
        expect: Option<String>,
    },
    /// Read the board again (`r`, or `a` changed what is shown).
    Reload,
    Quit,
}

/// The board's state.
#[derive(Debug, Clone)]
pub struct App {
    view: View,
    /// Ended and hidden sessions are shown (`a`).
    pub all: bool,
    /// The ids of the hidden sessions listed (with `a`): marked, and `u` shows them again.
    pub hidden: BTreeSet<String>,
    selected: Option<String>,
    pub mode: Mode,
    /// A line for the user under the table: what a key did or why it did nothing.
    pub note: Option<String>,
}

/// The longest label `n` takes (characters): RiNG's labels are short names.
pub const LABEL_MAX: usize = 64;

impl App {
    pub fn new(view: View, all: bool) -> App {
        App {
            view,
            all,
            hidden: BTreeSet::new(),
            selected: None,
            mode: Mode::List,
            note: None,
        }
    }

    pub fn view(&self) -> &View {
        &self.view
    }

    /// [`App::set_view`] with the hidden sessions it lists.
    pub fn set_view_with_hidden(&mut self, view: View, hidden: BTreeSet<String>) {
        self.hidden = hidden;
        self.set_view(view);
    }

    /// Whether this session is listed only because `a` shows hidden ones.
    pub fn is_hidden(&self, id: &str) -> bool {
        self.hidden.contains(id)
    }

    /// A new read of the board; the selection stays on its session when it is still listed.
    pub fn set_view(&mut self, view: View) {
        let index = self.index();
        self.view = view;
        if self.selected_entry().is_none() {
            let last = self.view.entries.len().saturating_sub(1);
            self.selected = self
                .view
                .entries
                .get(index.min(last))
                .map(|e| e.session_id.clone());
        }
    }

    /// The selected row: the selected session if it is still listed, else the first.
    pub fn index(&self) -> usize {
        self.selected
            .as_ref()
            .and_then(|id| self.view.entries.iter().position(|e| &e.session_id == id))
            .unwrap_or(0)
    }

    pub fn selected_entry(&self) -> Option<&Entry> {
        let id = self.selected.as_ref()?;
        self.view.entries.iter().find(|e| &e.session_id == id)
    }

    /// The entry the cursor is on (the first when nothing was chosen yet).
    pub fn current(&self) -> Option<&Entry> {
        self.view.entries.get(self.index())
    }

    fn select(&mut self, index: usize) {
        self.selected = self.view.entries.get(index).map(|e| e.session_id.clone());
    }

    pub fn note(&mut self, text: impl Into<String>) {
        self.note = Some(text.into());
    }

    /// `ring-tmux reply --json` answered: show its options and wait for a digit.
    pub fn open_reply(&mut self, id: String, dialog: Dialog) {
        self.mode = Mode::Reply { id, dialog };
    }

    /// `?` was answered: show why the session shows what it shows.
    pub fn open_explain(&mut self, text: String) {
        self.mode = Mode::Explain { text };
    }

    /// Applies a key.
    pub fn handle(&mut self, key: Key) -> Effect {
        if key == Key::Interrupt {
            return Effect::Quit;
        }
        match std::mem::replace(&mut self.mode, Mode::List) {
            Mode::List => self.list_key(key),
            Mode::Delete => match key {
                Key::Char('d') => {
                    let Some(entry) = self.current() else {
                        return Effect::None;
                    };
                    Effect::Hide(entry.session_id.clone())
                }
                Key::Esc => Effect::None,
                // Any other key cancels the pending `d` and does what it does.
                other => self.list_key(other),
            },
            Mode::Naming { id, mut input } => match key {
                Key::Enter => Effect::Name {
                    id,
                    label: input.trim().to_owned(),
                },
                Key::Esc => Effect::None,
                Key::Backspace => {
                    input.pop();
                    self.mode = Mode::Naming { id, input };
                    Effect::None
                }
                Key::Char(c) if !c.is_control() && input.chars().count() < LABEL_MAX => {
                    input.push(c);
                    self.mode = Mode::Naming { id, input };
                    Effect::None
                }
                _ => {
                    self.mode = Mode::Naming { id, input };
                    Effect::None
                }
            },
            Mode::Explain { .. } => Effect::None,
            Mode::Reply { id, dialog } => match key {
                Key::Char(c) if c.is_ascii_digit() => {
                    let number = c.to_digit(10).unwrap_or(0);
                    if dialog.options.iter().any(|o| o.number == number) {
                        Effect::Answer {
                            id,
                            number,
                            expect: dialog.fingerprint,
                        }
                    } else {
                        self.note(ring_shared::t!(
                            "board-not-an-option",
                            number = number.to_string()
                        ));
                        self.mode = Mode::Reply { id, dialog };
                        Effect::None
                    }
                }
                Key::Esc | Key::Char('q') => Effect::None,
                _ => {
                    self.mode = Mode::Reply { id, dialog };
                    Effect::None
                }
            },
        }
    }

    fn list_key(&mut self, key: Key) -> Effect {
        let index = self.index();
        let last = self.view.entries.len().saturating_sub(1);
        match key {
            Key::Up | Key::Char('k') => self.select(index.saturating_sub(1)),
            Key::Down | Key::Char('j') => self.select((index + 1).min(last)),
            Key::Home | Key::Char('g') => self.select(0),
            Key::End | Key::Char('G') => self.select(last),
            Key::Enter | Key::Char(' ') => {
                return self
                    .current()
                    .map_or(Effect::None, |e| Effect::Jump(e.session_id.clone()));
            }
            Key::Char('q') | Key::Esc => return Effect::Quit,
            Key::Char('r') => return Effect::Reload,
            Key::Char('a') => {
                self.all = !self.all;
                return Effect::Reload;
            }
            Key::Char('d') if self.current().is_some() => self.mode = Mode::Delete,
            Key::Char('u') => match self.current() {
                Some(e) if self.is_hidden(&e.session_id) => {
                    return Effect::Unhide(e.session_id.clone());
                }
                Some(_) => self.note(ring_shared::t!("board-only-hidden")),
                None => {}
            },
            Key::Char('n') => {
                if let Some(entry) = self.current() {
                    self.mode = Mode::Naming {
                        id: entry.session_id.clone(),
                        input: entry.label.clone(),
                    };
                }
            }
            Key::Char('?') => {
                if let Some(e) = self.current() {
                    return Effect::Explain(e.session_id.clone());
                }
            }
            Key::Char('p') => match self.current() {
                Some(e) if e.status == Status::Waiting => {
                    return Effect::ReadReply(e.session_id.clone());
                }
                Some(_) => self.note(ring_shared::t!("board-only-waiting")),
                None => {}
            },
            _ => {}
        }
        Effect::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_shared::Row;
    use ring_shared::board::Board;
    use ring_shared::derive::Session;
    use ring_shared::dialog::Choice;

    fn view(ids: &[(&str, Status)]) -> View {
        let rows = ids.iter().map(|(id, status)| {
            let mut row = Row::new(*id);
            row.status = *status;
            row.cwd = format!("/r/{id}");
            row.last_active = 50.0;
            if *status == Status::Waiting {
                row.waiting_kind = "permission".into();
            }
            Session::from_hook(row)
        });
        View::of_board(
            Board::build(rows.collect(), 0, 100.0, true),
            &Default::default(),
            "/home/u",
        )
    }

    fn app() -> App {
        App::new(
            view(&[
                ("a", Status::Waiting),
                ("b", Status::Working),
                ("c", Status::Idle),
            ]),
            false,
        )
    }

    fn keys(app: &mut App, keys: &[Key]) -> Vec<Effect> {
        keys.iter().map(|k| app.handle(*k)).collect()
    }

    fn selected(app: &App) -> String {
        app.current()
            .map(|e| e.session_id.clone())
            .unwrap_or_default()
    }

    #[test]
    fn arrows_vi_keys_and_g_move_within_the_list() {
        let mut app = app();
        assert_eq!(selected(&app), "a");
        keys(&mut app, &[Key::Down, Key::Char('j'), Key::Char('j')]);
        assert_eq!(selected(&app), "c", "stops at the last row");
        keys(&mut app, &[Key::Char('k')]);
        assert_eq!(selected(&app), "b");
        keys(&mut app, &[Key::Char('g')]);
        assert_eq!(selected(&app), "a");
        keys(&mut app, &[Key::Char('G')]);
        assert_eq!(selected(&app), "c");
        keys(&mut app, &[Key::Up, Key::Up, Key::Up]);
        assert_eq!(selected(&app), "a", "stops at the first row");
    }

    #[test]
    fn enter_and_space_jump_to_the_selected_session() {
        let mut app = app();
        app.handle(Key::Down);
        assert_eq!(app.handle(Key::Enter), Effect::Jump("b".into()));
        assert_eq!(app.handle(Key::Char(' ')), Effect::Jump("b".into()));
    }

    #[test]
    fn the_selection_follows_its_session_through_a_reordering_update() {
        let mut app = app();
        app.handle(Key::Char('G'));
        assert_eq!(selected(&app), "c");
        app.set_view(view(&[
            ("new", Status::Waiting),
            ("a", Status::Waiting),
            ("c", Status::Idle),
        ]));
        assert_eq!(selected(&app), "c");
        // Its session gone: the cursor stays at about the same place.
        app.set_view(view(&[("a", Status::Waiting), ("b", Status::Working)]));
        assert_eq!(selected(&app), "b");
    }

    #[test]
    fn dd_hides_and_d_then_another_key_does_that_key() {
        let mut app = app();
        assert_eq!(
            keys(&mut app, &[Key::Char('d'), Key::Char('d')])[1],
            Effect::Hide("a".into())
        );
        assert_eq!(app.handle(Key::Char('d')), Effect::None);
        assert_eq!(app.handle(Key::Char('j')), Effect::None);
        assert_eq!(app.mode, Mode::List);
        assert_eq!(selected(&app), "b");
        assert_eq!(app.handle(Key::Char('d')), Effect::None);
        assert_eq!(
            app.handle(Key::Esc),
            Effect::None,
            "Esc cancels, does not quit"
        );
    }

    #[test]
    fn n_edits_the_label_inline_and_enter_writes_it() {
        let mut app = app();
        app.handle(Key::Char('n'));
        for c in "api x".chars() {
            app.handle(Key::Char(c));
        }
        app.handle(Key::Backspace);
        app.handle(Key::Backspace);
        // `q` and `j` are text while naming.
        app.handle(Key::Char('q'));
        assert!(matches!(&app.mode, Mode::Naming { input, .. } if input == "apiq"));
        assert_eq!(
            app.handle(Key::Enter),
            Effect::Name {
                id: "a".into(),
                label: "apiq".into()
            }
        );
        app.handle(Key::Char('n'));
        assert_eq!(app.handle(Key::Esc), Effect::None);
        assert_eq!(app.mode, Mode::List);
    }

    #[test]
    fn p_reads_the_dialog_of_a_waiting_session_only_and_a_listed_digit_answers() {
        let mut app = app();
        assert_eq!(app.handle(Key::Char('p')), Effect::ReadReply("a".into()));
        app.open_reply(
            "a".into(),
            Dialog {
                question: "Run it?".into(),
                options: vec![
                    Choice {
                        number: 1,
                        text: "Yes".into(),
                    },
                    Choice {
                        number: 2,
                        text: "No".into(),
                    },
                ],
                fingerprint: Some("f00d".into()),
                ..Dialog::default()
            },
        );
        assert_eq!(app.handle(Key::Char('7')), Effect::None);
        assert!(matches!(app.mode, Mode::Reply { .. }), "still asking");
        assert_eq!(
            app.handle(Key::Char('2')),
            Effect::Answer {
                id: "a".into(),
                number: 2,
                expect: Some("f00d".into())
            }
        );
        app.handle(Key::Down);
        assert_eq!(app.handle(Key::Char('p')), Effect::None);
        assert!(app.note.is_some());
    }

    #[test]
    fn a_toggles_ended_sessions_r_reloads_q_and_esc_quit() {
        let mut app = app();
        assert_eq!(app.handle(Key::Char('a')), Effect::Reload);
        assert!(app.all);
        assert_eq!(app.handle(Key::Char('r')), Effect::Reload);
        assert_eq!(app.handle(Key::Char('q')), Effect::Quit);
        assert_eq!(app.handle(Key::Esc), Effect::Quit);
        app.handle(Key::Char('n'));
        assert_eq!(app.handle(Key::Interrupt), Effect::Quit);
    }

    #[test]
    fn an_empty_board_ignores_moves_and_jumps() {
        let mut app = App::new(view(&[]), false);
        assert_eq!(
            keys(
                &mut app,
                &[Key::Down, Key::Enter, Key::Char('d'), Key::Char('n')]
            ),
            vec![Effect::None; 4]
        );
        assert_eq!(app.mode, Mode::List);
    }
}
