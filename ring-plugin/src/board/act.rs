//! Acting from the board with RiNG's keys: `n` names the selected session, `dd` hides it,
//! `p` answers its permission dialog in place. The plugin may not write the ring folder, so
//! each act is a run of the native `ring-tmux` (the layout's `ring_tmux`, with `RunCommands`):
//!
//! ```text
//!  n  → prompt "name api: …" → Enter → ring-tmux name -- ID LABEL
//!  dd → ring-tmux hide -- ID                   (d then any other key cancels)
//!  p  → ring-tmux reply --json -- ID → the options, verbatim → a digit
//!     → ring-tmux reply --expect FP -- ID N    (exit 0 sent, 1 refused: its message)
//! ```
//!
//! This module is the pure state machine: keys and results in, [`Action`]s (among them the
//! [`Run`]s to start) out, and the lines the board draws under its list. The glue
//! (`plugin::runner`) starts the runs and hands their results back by sequence number.

use super::{Action, Cursor, Key};
use crate::cells;
use crate::model::Entry;
use ring_shared::Status;
use std::collections::BTreeMap;

/// A `ring-tmux` command the board asks the glue to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `ring-tmux name -- SESSION LABEL` (an empty label removes the name).
    Name { session: String, label: String },
    /// `ring-tmux hide -- SESSION`.
    Hide { session: String },
    /// `ring-tmux reply --json -- SESSION`: the dialog's options.
    Read { session: String },
    /// `ring-tmux reply [--expect FINGERPRINT] -- SESSION N`: send option N, only while the
    /// dialog is still the one listed (its fingerprint, when the listing gave one).
    Answer {
        session: String,
        number: u32,
        expect: Option<String>,
    },
}

impl Command {
    /// The arguments after the binary. `--` ends the options: an id or a label may start
    /// with `-`.
    pub fn args(&self) -> Vec<String> {
        let words: Vec<&str> = match self {
            Command::Name { session, label } => vec!["name", "--", session, label],
            Command::Hide { session } => vec!["hide", "--", session],
            Command::Read { session } => vec!["reply", "--json", "--", session],
            Command::Answer {
                session,
                number,
                expect,
            } => {
                let mut args = vec!["reply".to_owned()];
                if let Some(fingerprint) = expect {
                    args.extend(["--expect".to_owned(), fingerprint.clone()]);
                }
                args.extend(["--".to_owned(), session.clone(), number.to_string()]);
                return args;
            }
        };
        words.into_iter().map(str::to_owned).collect()
    }
}

/// A run to start: the glue puts `seq` in the run's context and hands it back with the
/// result ([`Board::finished`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub seq: u64,
    pub command: Command,
}

/// Whether the board can run `ring-tmux`, and if not, what the user has to add.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Commands {
    Ready,
    /// The hint shown when `p`, `n` or `d` is pressed.
    Missing(String),
}

impl Default for Commands {
    fn default() -> Self {
        Commands::Missing(NO_RING_TMUX.to_owned())
    }
}

/// The hint when the board's block names no `ring_tmux`.
pub const NO_RING_TMUX: &str = "p, n and dd run ring-tmux: add ring_tmux \"/path/to/ring-tmux\" to the board's plugin block in config.kdl (ring-tmux install-zellij prints it)";
/// The hint when zellij has not granted the plugin's permissions (among them `RunCommands`).
pub const NO_RUN_COMMANDS: &str = "p, n and dd need zellij's RunCommands permission: run `ring-tmux install-zellij`, then reopen the board";
/// The hint while zellij has not answered the permission request yet.
pub const PERMISSION_PENDING: &str =
    "p, n and dd wait for zellij's permission grant (RunCommands): answer its prompt";

/// One option of a dialog, as `ring-tmux reply --json` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub number: u32,
    pub text: String,
}

/// A permission dialog read by `ring-tmux reply --json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dialog {
    pub question: String,
    pub options: Vec<Choice>,
    /// The option the agent's dialog has highlighted (what Enter picks there and here).
    pub selected: Option<u32>,
    /// What it asks about (`Bash command`, the command), when the listing says.
    pub context: Vec<String>,
    /// The subagent that asks, if one does.
    pub agent: Option<String>,
    /// The listing's `fingerprint`, passed back with the answer (`--expect`) so that a
    /// dialog redrawn since gets no key.
    pub fingerprint: Option<String>,
}

/// Reads `ring-tmux reply --json`'s output:
/// `{"session_id","question","options":[{"number":1,"text":"Yes"}],"selected":1}`, and the
/// optional `context` (lines), `agent` and `fingerprint`. Text is made inert for the
/// terminal. `None` when it is not that shape or lists no option.
pub fn parse_dialog(stdout: &[u8]) -> Option<Dialog> {
    let value: serde_json::Value = serde_json::from_slice(stdout).ok()?;
    let question = cells::sanitize(value.get("question")?.as_str().unwrap_or(""));
    let options = value
        .get("options")?
        .as_array()?
        .iter()
        .map(|o| {
            Some(Choice {
                number: u32::try_from(o.get("number")?.as_u64()?).ok()?,
                text: cells::sanitize(o.get("text")?.as_str()?),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    if options.is_empty() {
        return None;
    }
    let selected = value
        .get("selected")
        .and_then(serde_json::Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .filter(|n| options.iter().any(|o| o.number == *n));
    let text = |key: &str| {
        value
            .get(key)
            .and_then(serde_json::Value::as_str)
            .map(cells::sanitize)
            .filter(|s| !s.trim().is_empty())
    };
    let context = value
        .get("context")
        .and_then(serde_json::Value::as_array)
        .map(|lines| {
            lines
                .iter()
                .filter_map(serde_json::Value::as_str)
                .map(cells::sanitize)
                .collect()
        })
        .unwrap_or_default();
    Some(Dialog {
        question,
        options,
        selected,
        context,
        agent: text("agent"),
        fingerprint: value
            .get("fingerprint")
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned),
    })
}

/// What a failed run says: the first line of its error output, else of its output, made
/// inert; zellij reports a command it could not start as exit 2 with the reason on stderr.
pub fn failure(exit_code: Option<i32>, stdout: &[u8], stderr: &[u8]) -> String {
    let first = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes);
        let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        cells::sanitize(line.trim())
    };
    let line = Some(first(stderr))
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| first(stdout));
    let status = match exit_code {
        Some(code) => format!("exit {code}"),
        None => "killed".to_owned(),
    };
    if line.is_empty() {
        format!("ring-tmux failed ({status})")
    } else if line.starts_with("ring-tmux") {
        line
    } else {
        format!("ring-tmux failed ({status}): {line}")
    }
}

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
}

impl Board {
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
            Mode::Reading {
                seq,
                session,
                subject,
            } => {
                if key != Key::Close {
                    self.mode = Mode::Reading {
                        seq,
                        session,
                        subject,
                    };
                    return if had_message {
                        Action::Redraw
                    } else {
                        Action::None
                    };
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
            Key::Char(c @ ('p' | 'n' | 'd')) => c,
            _ => return self.cursor.handle(key, entries),
        };
        let Some(entry) = entries.get(self.cursor.index(entries)) else {
            return Action::None;
        };
        if let Commands::Missing(hint) = &self.commands {
            self.message = Some(error(hint));
            return Action::Redraw;
        }
        let session = entry.session_id.clone();
        let subject = entry.project.clone();
        match verb {
            'n' => {
                self.mode = Mode::Name {
                    session,
                    subject,
                    text: Vec::new(),
                    at: 0,
                };
                Action::Redraw
            }
            'd' => {
                self.mode = Mode::Delete { session, subject };
                Action::Redraw
            }
            _ if entry.status != Status::Waiting => {
                self.message = Some(error(&format!(
                    "{subject} is not waiting: p answers a session's permission dialog"
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
                self.message = Some(error(&format!("the dialog has no option {number}")));
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

    fn run(&mut self, command: Command, subject: String, choice: String) -> Action {
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
            Command::Name { label, .. } if ok && label.is_empty() => {
                Some(done(&format!("{subject}: name removed")))
            }
            Command::Name { label, .. } if ok => Some(done(&format!(
                "named {subject} “{}”",
                cells::sanitize(label)
            ))),
            Command::Hide { .. } if ok => Some(done(&format!(
                "hid {subject} (it shows again on its next event)"
            ))),
            Command::Answer { number, .. } if ok => Some(done(&format!(
                "sent {number} ({}) to {subject}",
                pending.choice
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
                    None if ok => Some(error(&format!(
                        "could not read {subject}'s dialog from ring-tmux reply --json; nothing was sent"
                    ))),
                    None => Some(error(&failure(exit_code, stdout, stderr))),
                }
            }
            _ => Some(error(&failure(exit_code, stdout, stderr))),
        };
        if outcome.is_some() {
            self.message = outcome;
        }
        Action::Redraw
    }

    /// The lines under the list, the last one being the help or the prompt line; `notice`
    /// (what blocks ring) takes the help line's place while only listing.
    pub fn footer(&self, notice: Option<&str>, cols: usize) -> Vec<Line> {
        let mut lines: Vec<Line> = self.message.iter().cloned().collect();
        let last = match &self.mode {
            Mode::List => match notice {
                Some(notice) => error(notice),
                None => text(HELP),
            },
            Mode::Delete { subject, .. } => {
                text(&format!(" hide {subject}? d hides · any other key cancels"))
            }
            Mode::Name {
                subject, text: t, ..
            } => text(&self.name_line(subject, t, cols)),
            Mode::Reading { subject, .. } => {
                text(&format!(" reading {subject}'s dialog… · Esc cancel"))
            }
            Mode::Choosing {
                subject, dialog, ..
            } => {
                let from = dialog
                    .agent
                    .as_ref()
                    .map(|agent| format!(" (from the {agent} agent)"))
                    .unwrap_or_default();
                lines.push(text(&format!(" {subject}{from}:")));
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
                let enter = dialog
                    .selected
                    .map(|n| format!(" · Enter {n}"))
                    .unwrap_or_default();
                text(&format!(
                    " {first}-{last} answer{enter} · Esc cancel (nothing is sent)"
                ))
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
        let line = format!(" name {subject}: {before}▏{after}");
        let hint = "  · Enter save (empty removes) · Esc cancel";
        if cells::width(&line) + cells::width(hint) <= cols {
            return format!("{line}{hint}");
        }
        let head = format!(" name {subject}: {before}▏");
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

/// The help line while listing.
pub const HELP: &str = " ↑↓/jk move · Enter go · p reply · n name · dd hide · Esc close";

fn text(s: &str) -> Line {
    Line {
        text: s.to_owned(),
        tone: Tone::Text,
    }
}

fn done(s: &str) -> Line {
    text(&format!(" ✓ {s}"))
}

fn error(s: &str) -> Line {
    Line {
        text: format!(" ⚠ {s}"),
        tone: Tone::Error,
    }
}

#[cfg(test)]
mod tests;
