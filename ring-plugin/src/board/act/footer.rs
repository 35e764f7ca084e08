//! The lines under the board's list: the last outcome, the prompt or the dialog's options,
//! and the help line.

use super::{Board, Mode};
use crate::cells;

/// A line under the board's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub tone: Tone,
}

/// How a line under the list is painted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Help, prompts, the dialog's text.
    Text,
    /// An outcome that went wrong, or what to add.
    Error,
    /// The dialog's highlighted option.
    Selected,
}

impl Board {
    /// The lines under the list, the last one being the help or the prompt line; `notice`
    /// (what blocks ring) takes the help line's place while only listing.
    pub fn footer(&self, notice: Option<&str>, cols: usize) -> Vec<Line> {
        let mut lines: Vec<Line> = self.message.iter().cloned().collect();
        let last = match &self.mode {
            Mode::List => match notice {
                Some(notice) => error(notice),
                None if cells::width(&help()) <= cols => text(&help()),
                // Two lines rather than keys without their words; the moves and acts last
                // (the line kept when only one fits).
                None if cells::width(&help_keys()) <= cols => {
                    lines.push(text(&help_more()));
                    text(&help_keys())
                }
                None => text(&help_short()),
            },
            Mode::Delete { subject, .. } => text(&format!(
                " {}",
                ring_shared::t!("zj-hide-confirm", subject = subject.as_str())
            )),
            Mode::Name {
                subject, text: t, ..
            } => text(&self.name_line(subject, t, cols)),
            Mode::Reading { subject, .. } => text(&format!(
                " {}",
                ring_shared::t!("zj-reading", subject = subject.as_str())
            )),
            Mode::Explaining { subject, .. } => text(&format!(
                " {}",
                ring_shared::t!("zj-explaining", subject = subject.as_str())
            )),
            // Drawn over the whole board instead (board::render).
            Mode::Explained(_) => text(""),
            Mode::Choosing {
                subject, dialog, ..
            } => {
                let head = match &dialog.agent {
                    Some(agent) => ring_shared::t!(
                        "zj-reply-to-from",
                        subject = subject.as_str(),
                        agent = agent.as_str()
                    ),
                    None => ring_shared::t!("zj-reply-to", subject = subject.as_str()),
                };
                lines.push(text(&format!(" {head}")));
                for line in &dialog.context {
                    lines.push(text(&format!("   {line}")));
                }
                if !dialog.question.is_empty() {
                    lines.push(text(&format!(" {}", dialog.question)));
                }
                for option in &dialog.options {
                    let selected = dialog.selected == Some(option.number);
                    lines.push(Line {
                        text: format!(
                            " {} {}. {}",
                            if selected { "›" } else { " " },
                            option.number,
                            option.text
                        ),
                        tone: if selected { Tone::Selected } else { Tone::Text },
                    });
                }
                let (first, last) = (
                    dialog.options.first().map_or(0, |o| o.number),
                    dialog.options.last().map_or(0, |o| o.number),
                );
                let (first, last) = (first.to_string(), last.to_string());
                let keys = match dialog.selected {
                    Some(n) => ring_shared::t!(
                        "zj-answer-keys-enter",
                        first = first,
                        last = last,
                        selected = n.to_string()
                    ),
                    None => ring_shared::t!("zj-answer-keys", first = first, last = last),
                };
                text(&format!(" {keys}"))
            }
        };
        lines.push(last);
        lines
    }

    /// The name prompt in `cols` cells: the hint goes first when it does not fit, then the
    /// head of the text, so that the caret stays in sight.
    fn name_line(&self, subject: &str, typed: &[char], cols: usize) -> String {
        let Mode::Name { at, .. } = &self.mode else {
            return String::new();
        };
        let at = (*at).min(typed.len());
        let before: String = typed[..at].iter().collect();
        let after: String = typed[at..].iter().collect();
        let prompt = ring_shared::t!("zj-name", subject = subject);
        let line = format!(" {prompt} {before}▏{after}");
        let hint = format!("  {}", ring_shared::t!("zj-name-keys"));
        if cells::width(&line) + cells::width(&hint) <= cols {
            return format!("{line}{hint}");
        }
        let head = format!(" {prompt} {before}▏");
        if cells::width(&head) <= cols {
            return line;
        }
        // Only the end of what is before the caret fits.
        let room = cols.saturating_sub(cells::width(" …▏"));
        let mut tail: Vec<char> = Vec::new();
        let mut used = 0;
        for c in typed[..at].iter().rev() {
            let w = cells::width(&c.to_string());
            if used + w > room {
                break;
            }
            used += w;
            tail.push(*c);
        }
        let tail: String = tail.into_iter().rev().collect();
        format!(" …{tail}▏{after}")
    }
}

/// The help line while listing: the tmux board's keys (`ring-tmux board`), Esc for q.
pub fn help() -> String {
    format!(" {}", ring_shared::t!("zellij-board-help"))
}
/// [`help`] on two lines, on a board narrower than it: the moves and acts…
pub fn help_keys() -> String {
    format!(" {}", ring_shared::t!("zellij-board-help-keys"))
}
/// … and the keys the tmux board added.
pub fn help_more() -> String {
    format!(" {}", ring_shared::t!("zellij-board-help-more"))
}
/// The help line on a board narrower than [`help_keys`].
pub fn help_short() -> String {
    format!(" {}", ring_shared::t!("zellij-board-help-short"))
}

pub(super) fn text(s: &str) -> Line {
    Line {
        text: s.to_owned(),
        tone: Tone::Text,
    }
}

pub(super) fn done(s: &str) -> Line {
    text(&format!(" ✓ {s}"))
}

pub(super) fn error(s: &str) -> Line {
    Line {
        text: format!(" ⚠ {s}"),
        tone: Tone::Error,
    }
}
