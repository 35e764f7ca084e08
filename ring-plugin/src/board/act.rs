//! Acting from the board with RiNG's keys: `n` names the selected session, `dd` hides it,
//! `p` answers its permission dialog in place, and as on the tmux board `a` lists ended and
//! hidden sessions too, `u` shows a hidden one again, `r` reads again. The plugin may not
//! write the ring folder, so each act is a run of the native `ring-tmux` (the layout's
//! `ring_tmux`, with `RunCommands`):
//!
//! ```text
//!  n  → prompt "name api: …" → Enter → ring-tmux name -- ID LABEL
//!  dd → ring-tmux hide -- ID                   (d then any other key cancels)
//!  u  → ring-tmux unhide -- ID                 (a hidden row, listed with a)
//!  p  → ring-tmux reply --json -- ID → the options, verbatim → a digit
//!     → ring-tmux reply --expect FP -- ID N    (exit 0 sent, 1 refused: its message)
//!  ?  → ring-tmux explain --session ID → its text over the board ([`super::explain`])
//! ```
//!
//! This module is the pure state machine: keys and results in, [`Action`]s (among them the
//! [`Run`]s to start) out, and the lines the board draws under its list. The glue
//! (`plugin::runner`) starts the runs and hands their results back by sequence number.

use super::explain::Explained;
use super::{Action, Cursor, Key};
use crate::cells;
use crate::model::Entry;
use footer::error;
use ring_shared::Status;
use std::collections::BTreeMap;

mod finish;
mod footer;
mod run;

pub use footer::{Line, Tone, help, help_keys, help_more, help_short};
pub use run::{
    Choice, Command, Commands, Dialog, NO_RING_TMUX, NO_RUN_COMMANDS, PERMISSION_PENDING, Run,
    failure, jump_remote, parse_dialog,
};

/// What the board is doing besides listing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
enum Mode {
    #[default]
    List,
    /// `d` pressed once: a second `d` hides.
    Delete { session: String, subject: String },
    /// The name prompt: `text` with the caret before `text[at]`.
    Name {
        session: String,
        subject: String,
        text: Vec<char>,
        at: usize,
    },
    /// `ring-tmux reply --json` is running.
    Reading {
        seq: u64,
        session: String,
        subject: String,
    },
    /// The dialog's options are shown; a digit answers.
    Choosing {
        session: String,
        subject: String,
        dialog: Dialog,
    },
    /// `ring-tmux explain` is running.
    Explaining { seq: u64, subject: String },
    /// Its text fills the board until a key other than a scroll.
    Explained(Explained),
}

/// A run that has not come back, with what its outcome will say.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Pending {
    command: Command,
    /// The session as the board showed it (its label or project).
    subject: String,
    /// For an answer: the option's text.
    choice: String,
}

/// The board's state beyond the selection: the mode, the last outcome, the runs under way.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Board {
    pub cursor: Cursor,
    mode: Mode,
    /// The last outcome, shown above the help line until the next key.
    message: Option<Line>,
    commands: Commands,
    next_seq: u64,
    pending: BTreeMap<u64, Pending>,
    /// The board's rows and columns as last drawn (the glue sets them before each key):
    /// an answer is sent only when the whole dialog fits them.
    size: Option<(usize, usize)>,
    /// `a`: ended and hidden sessions are listed too (the glue reads them).
    all: bool,
}

impl Board {
    /// The board's size as drawn, so that a dialog it shows cut gets no answer.
    pub fn set_size(&mut self, rows: usize, cols: usize) {
        self.size = Some((rows, cols));
    }

    /// Why the dialog, drawn under the list, would not be seen whole on a board of the size
    /// last drawn (its top rows cut, or a row wider than the board), if it would not.
    fn cut(&mut self, session: &str, subject: &str, dialog: &Dialog) -> Option<String> {
        let (rows, cols) = self.size?;
        self.mode = Mode::Choosing {
            session: session.to_owned(),
            subject: subject.to_owned(),
            dialog: dialog.clone(),
        };
        let lines = self.footer(None, cols);
        self.mode = Mode::List;
        // The title and one row of the list stay (board::Layout).
        let room = rows.saturating_sub(2);
        if lines.len() > room {
            return Some(ring_shared::t!(
                "zj-does-not-fit",
                lines = lines.len().to_string(),
                room = room.to_string()
            ));
        }
        let wide = lines.iter().any(|line| cells::width(&line.text) > cols);
        wide.then(|| ring_shared::t!("zj-too-wide", cols = cols.to_string()))
    }

    /// The explanation `?` shows over the board, once it came.
    pub fn explained(&self) -> Option<&Explained> {
        match &self.mode {
            Mode::Explained(view) => Some(view),
            _ => None,
        }
    }

    /// Whether ended and hidden sessions are listed (`a`).
    pub fn all(&self) -> bool {
        self.all
    }

    /// Shows `text` as an error under the list until the next key.
    pub fn say(&mut self, text: &str) {
        self.message = Some(error(text));
    }

    /// Whether `ring-tmux` can be run (set by the glue from the layout and the grant).
    pub fn set_commands(&mut self, commands: Commands) {
        self.commands = commands;
    }

    /// Whether a prompt, a pending `d` or a dialog holds the keys (Esc then cancels it
    /// rather than closing the board).
    pub fn busy(&self) -> bool {
        self.mode != Mode::List
    }

    /// Applies a key.
    pub fn handle(&mut self, key: Key, entries: &[Entry]) -> Action {
        let had_message = self.message.take().is_some();
        let action = match std::mem::take(&mut self.mode) {
            Mode::List => self.list_key(key, entries),
            Mode::Delete { session, subject } => match key {
                Key::Char('d') => self.run(Command::Hide { session }, subject, String::new()),
                // Any other key cancels, and does nothing else.
                _ => Action::Redraw,
            },
            Mode::Name {
                session,
                subject,
                text,
                at,
            } => self.name_key(key, session, subject, text, at),
            // While the dialog or the explanation is read only Esc counts: it gives up waiting.
            reading @ (Mode::Reading { .. } | Mode::Explaining { .. }) if key != Key::Close => {
                self.mode = reading;
                Action::None
            }
            Mode::Reading { .. } | Mode::Explaining { .. } => Action::Redraw,
            Mode::Explained(mut view) => {
                if view.key(key, self.size.map_or(0, |(rows, _)| rows)) {
                    self.mode = Mode::Explained(view);
                }
                Action::Redraw
            }
            Mode::Choosing {
                session,
                subject,
                dialog,
            } => self.choose_key(key, session, subject, dialog),
        };
        if had_message && action == Action::None {
            Action::Redraw
        } else {
            action
        }
    }

    fn list_key(&mut self, key: Key, entries: &[Entry]) -> Action {
        let verb = match key {
            Key::Char('r') => return Action::Reload,
            Key::Char('a') => {
                self.all = !self.all;
                return Action::Reload;
            }
            Key::Char(c @ ('p' | 'n' | 'd' | 'u' | '?')) => c,
            _ => return self.cursor.handle(key, entries),
        };
        let Some(entry) = entries.get(self.cursor.index(entries)) else {
            return Action::None;
        };
        if let Commands::Missing(hint) = &self.commands {
            self.message = Some(error(&ring_shared::i18n::text(hint, None)));
            return Action::Redraw;
        }
        let session = entry.session_id.clone();
        let subject = entry.project.clone();
        match verb {
            'n' => {
                // A named session's prompt starts from its name (Enter keeps it), the caret
                // at the end.
                let text: Vec<char> = entry.label.chars().collect();
                self.mode = Mode::Name {
                    session,
                    subject,
                    at: text.len(),
                    text,
                };
                Action::Redraw
            }
            'd' => {
                self.mode = Mode::Delete { session, subject };
                Action::Redraw
            }
            '?' => {
                self.mode = Mode::Explaining {
                    seq: self.next_seq,
                    subject: subject.clone(),
                };
                self.run(Command::Explain { session }, subject, String::new())
            }
            'u' if entry.hidden => self.run(Command::Unhide { session }, subject, String::new()),
            'u' => {
                self.message = Some(error(&ring_shared::t!("board-only-hidden")));
                Action::Redraw
            }
            _ if entry.status != Status::Waiting => {
                self.message = Some(error(&ring_shared::t!(
                    "zj-not-waiting",
                    subject = subject.as_str()
                )));
                Action::Redraw
            }
            _ => {
                let seq = self.next_seq;
                self.mode = Mode::Reading {
                    seq,
                    session: session.clone(),
                    subject: subject.clone(),
                };
                self.run(Command::Read { session }, subject, String::new())
            }
        }
    }

    fn name_key(
        &mut self,
        key: Key,
        session: String,
        subject: String,
        mut text: Vec<char>,
        mut at: usize,
    ) -> Action {
        match key {
            Key::Close => return Action::Redraw,
            Key::Enter => {
                let label: String = text.iter().collect();
                let label = label.trim().to_owned();
                return self.run(Command::Name { session, label }, subject, String::new());
            }
            Key::Char(c) if !c.is_control() => {
                text.insert(at, c);
                at += 1;
            }
            Key::Backspace if at > 0 => {
                at -= 1;
                text.remove(at);
            }
            Key::Delete if at < text.len() => {
                text.remove(at);
            }
            Key::Left => at = at.saturating_sub(1),
            Key::Right => at = (at + 1).min(text.len()),
            Key::Top => at = 0,
            Key::Bottom => at = text.len(),
            _ => {}
        }
        self.mode = Mode::Name {
            session,
            subject,
            text,
            at,
        };
        Action::Redraw
    }

    fn choose_key(&mut self, key: Key, session: String, subject: String, dialog: Dialog) -> Action {
        let number = match key {
            Key::Close => return Action::Redraw,
            Key::Char(c) if c.is_ascii_digit() => c.to_digit(10),
            Key::Enter => dialog.selected,
            _ => None,
        };
        let choice = number.and_then(|n| dialog.options.iter().find(|o| o.number == n));
        match (number, choice) {
            (Some(_), Some(_)) if let Some(why) = self.cut(&session, &subject, &dialog) => {
                self.message = Some(error(&why));
                self.mode = Mode::Choosing {
                    session,
                    subject,
                    dialog,
                };
                Action::Redraw
            }
            (Some(number), Some(choice)) => {
                let text = choice.text.clone();
                let expect = dialog.fingerprint.clone();
                self.run(
                    Command::Answer {
                        session,
                        number,
                        expect,
                    },
                    subject,
                    text,
                )
            }
            (Some(number), None) => {
                self.message = Some(error(&ring_shared::t!(
                    "zj-no-option",
                    number = number.to_string()
                )));
                self.mode = Mode::Choosing {
                    session,
                    subject,
                    dialog,
                };
                Action::Redraw
            }
            (None, _) => {
                self.mode = Mode::Choosing {
                    session,
                    subject,
                    dialog,
                };
                Action::None
            }
        }
    }
}

#[cfg(test)]
mod tests;
