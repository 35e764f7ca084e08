//! The runs the board starts, kept by sequence number, and what each one's result does: a
//! line under the list, the dialog to choose from, or the explanation over the board.

use super::footer::{done, error};
use super::{Board, Command, Mode, Pending, Run, failure, parse_dialog};
use crate::board::Action;
use crate::board::explain::Explained;
use crate::cells;

impl Board {
    pub(super) fn run(&mut self, command: Command, subject: String, choice: String) -> Action {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.pending.insert(
            seq,
            Pending {
                command: command.clone(),
                subject,
                choice,
            },
        );
        Action::Run(Run { seq, command })
    }

    /// A run came back (`seq` from its context). A result nobody waits for any more (a read
    /// cancelled with Esc) changes nothing.
    pub fn finished(
        &mut self,
        seq: u64,
        exit_code: Option<i32>,
        stdout: &[u8],
        stderr: &[u8],
    ) -> Action {
        let Some(pending) = self.pending.remove(&seq) else {
            return Action::None;
        };
        let ok = exit_code == Some(0);
        let subject = &pending.subject;
        let outcome = match &pending.command {
            Command::Name { label, .. } if ok && label.is_empty() => Some(done(&ring_shared::t!(
                "zj-name-removed",
                subject = subject.as_str()
            ))),
            Command::Name { label, .. } if ok => Some(done(&ring_shared::t!(
                "zj-named",
                subject = subject.as_str(),
                label = cells::sanitize(label)
            ))),
            Command::Hide { .. } if ok => {
                Some(done(&ring_shared::t!("zj-hid", subject = subject.as_str())))
            }
            Command::Unhide { .. } if ok => Some(done(&ring_shared::t!(
                "zj-shows-again",
                subject = subject.as_str()
            ))),
            Command::Answer { number, .. } if ok => Some(done(&ring_shared::t!(
                "zj-sent",
                number = number.to_string(),
                choice = pending.choice.as_str(),
                subject = subject.as_str()
            ))),
            Command::Read { .. } => {
                if !matches!(&self.mode, Mode::Reading { seq: s, .. } if *s == seq) {
                    return Action::None;
                }
                let Mode::Reading {
                    session, subject, ..
                } = std::mem::take(&mut self.mode)
                else {
                    return Action::None;
                };
                match parse_dialog(stdout).filter(|_| ok) {
                    Some(dialog) => {
                        self.mode = Mode::Choosing {
                            session,
                            subject,
                            dialog,
                        };
                        None
                    }
                    None if ok => Some(error(&ring_shared::t!(
                        "zj-unreadable-dialog",
                        subject = subject.as_str()
                    ))),
                    None => Some(error(&failure(exit_code, stdout, stderr))),
                }
            }
            Command::Explain { .. } => {
                let Mode::Explaining { seq: s, subject } = std::mem::take(&mut self.mode) else {
                    return Action::None;
                };
                if s != seq {
                    self.mode = Mode::Explaining { seq: s, subject };
                    return Action::None;
                }
                let reason = || failure(exit_code, stdout, stderr);
                self.mode = Mode::Explained(Explained::of(&subject, ok, stdout, reason));
                None
            }
            _ => Some(error(&failure(exit_code, stdout, stderr))),
        };
        if outcome.is_some() {
            self.message = outcome;
        }
        Action::Redraw
    }
}
