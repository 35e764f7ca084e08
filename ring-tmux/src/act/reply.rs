//! Reply in place: answer a session's permission or question dialog from outside its pane.
//!
//! [`read`] captures the pane the session lives in (tmux `capture-pane`, zellij
//! `dump-screen`) and parses the dialog at its bottom ([`ring_shared::dialog::parse`]).
//! [`answer`] captures again and sends nothing unless the screen still shows exactly the
//! dialog that was read, every row of it from its top (the same question, options, marker
//! and the whole of what it asks about: a new dialog for another command reads alike but
//! for the command); then it sends that one
//! digit and captures until the dialog went away or changed. Whatever does not parse whole
//! is a [`Refusal`], and no key is sent.
//!
//! `ring-tmux reply` ([`crate::cmd::reply`]) is the command; the boards call these.

use crate::sys::run;
use crate::tmux::drift;
use ring_shared::Status;
use ring_shared::dialog::{self, Dialog, Unreadable};
use ring_shared::format::sanitize;
use ring_shared::view::Entry;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

/// How long one capture or one key may take.
const CALL_BUDGET: Duration = Duration::from_secs(3);
/// How long the dialog must stay the same on screen before the key goes.
const SETTLE: Duration = Duration::from_millis(150);
/// How long the agent may take to take the dialog down after the key.
const GONE_WITHIN: Duration = Duration::from_secs(5);

/// Where a session's agent draws its screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A tmux pane (`%12`) of the server at `socket`.
    Tmux { socket: String, pane: String },
    /// A terminal pane (`$ZELLIJ_PANE_ID`, digits) of a zellij session.
    Zellij { session: String, pane: String },
}

/// A dialog as [`read`] found it on screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    pub dialog: Dialog,
}

/// Why nothing was sent (or why a key that was sent did not take): `ring-tmux: <what>; <fix>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub what: String,
    pub fix: String,
}

impl Refusal {
    fn new(what: impl Into<String>, fix: impl Into<String>) -> Refusal {
        Refusal {
            what: what.into(),
            fix: fix.into(),
        }
    }

    /// Says it on stderr in ring's voice; exit code 1.
    pub fn say(&self) -> ExitCode {
        crate::sys::voice::fail(&self.what, &self.fix)
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}; {}", self.what, self.fix)
    }
}

impl Target {
    /// Where `entry` lives: its zellij pane when the hook ran inside zellij (a tmux pane
    /// around zellij would hand the key to whichever zellij pane has focus), else its tmux
    /// pane as this server lists it now (by pane id and terminal, [`drift::pane_of`]).
    /// `socket` is the tmux server to look in when the row names none (`$TMUX`'s).
    pub fn of(entry: &Entry, socket: Option<&str>) -> Result<Target, Refusal> {
        let name = sanitize(entry.name());
        if entry.status == Status::Ended {
            return Err(Refusal::new(
                ring_shared::t!("err-reply-ended", session = name.as_str()),
                ring_shared::t!("err-reply-ended-fix"),
            ));
        }
        let zellij = (
            entry.zellij_session.as_deref().filter(|s| !s.is_empty()),
            entry.zellij_pane.as_deref(),
        );
        if let (Some(session), pane) = zellij {
            return match pane.filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) {
                Some(pane) => Ok(Target::Zellij {
                    session: session.to_owned(),
                    pane: pane.to_owned(),
                }),
                None => Err(Refusal::new(
                    ring_shared::t!("err-reply-zellij-pane", session = name.as_str()),
                    ring_shared::t!("err-reply-in-pane"),
                )),
            };
        }
        let Some(socket) = entry.tmux_socket.as_deref().or(socket) else {
            return Err(Refusal::new(
                ring_shared::t!("err-reply-no-pane", session = name.as_str()),
                ring_shared::t!("err-reply-no-pane-fix"),
            ));
        };
        let list: Vec<String> = ["list-panes", "-a", "-F", drift::LIST_FORMAT]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        let deadline = Instant::now() + CALL_BUDGET;
        let Some(listing) = run::run(socket, &list, deadline).filter(|o| o.success) else {
            return Err(Refusal::new(
                ring_shared::t!("err-reply-server", session = name.as_str()),
                ring_shared::t!("err-reply-server-fix"),
            ));
        };
        let panes = drift::parse_panes(&listing.stdout);
        match drift::pane_of(entry, socket, &panes) {
            Some(pane) => Ok(Target::Tmux {
                socket: socket.to_owned(),
                pane: pane.id.clone(),
            }),
            None => Err(Refusal::new(
                ring_shared::t!("err-reply-pane-gone", session = name.as_str()),
                ring_shared::t!("err-where-sessions-live"),
            )),
        }
    }

    /// The screen as the pane shows it now, plain text (`None`: the capture failed).
    fn capture(&self) -> Option<String> {
        let deadline = Instant::now() + CALL_BUDGET;
        match self {
            Target::Tmux { socket, pane } => {
                let argv = strings(&["capture-pane", "-p", "-t", pane]);
                run::bounded_large(run::tmux_command(socket, &argv), deadline)
                    .filter(|o| o.success)
                    .map(|o| o.stdout)
            }
            Target::Zellij { session, pane } => {
                run::bounded_large(zellij_action(session, "dump-screen", pane), deadline)
                    .filter(|o| o.success)
                    .map(|o| o.stdout)
            }
        }
    }

    /// Types `digit` into the pane, as if pressed there. A tmux pane in copy mode would take
    /// it as a repeat count: refused.
    fn send(&self, digit: char) -> Result<(), Refusal> {
        let deadline = Instant::now() + CALL_BUDGET;
        let key = digit.to_string();
        let sent = match self {
            Target::Tmux { socket, pane } => {
                let mode = strings(&["display-message", "-p", "-t", pane, "#{pane_in_mode}"]);
                let in_mode = run::run(socket, &mode, deadline)
                    .filter(|o| o.success)
                    .map(|o| o.stdout.trim() != "0");
                match in_mode {
                    Some(false) => {}
                    Some(true) => {
                        return Err(Refusal::new(
                            ring_shared::t!("err-reply-copy-mode", pane = pane.to_string()),
                            ring_shared::t!("err-reply-copy-mode-fix"),
                        ));
                    }
                    None => return Err(gone_pane()),
                }
                let argv = strings(&["send-keys", "-t", pane, "-l", &key]);
                run::run(socket, &argv, deadline).is_some_and(|o| o.success)
            }
            Target::Zellij { session, pane } => {
                let mut command = zellij_action(session, "write-chars", pane);
                command.arg(&key);
                run::bounded(command, deadline).is_some_and(|o| o.success)
            }
        };
        if sent {
            Ok(())
        } else {
            Err(Refusal::new(
                ring_shared::t!("err-reply-type", digit = digit.to_string()),
                ring_shared::t!("err-reply-in-pane"),
            ))
        }
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| (*s).to_owned()).collect()
}

/// `zellij --session SESSION action ACTION --pane-id PANE`, with the zellij ring runs
/// everywhere ([`crate::zellij::program`]).
fn zellij_action(session: &str, action: &str, pane: &str) -> Command {
    let mut command = Command::new(crate::zellij::program());
    command.args(["--session", session, "action", action, "--pane-id", pane]);
    command
}

fn gone_pane() -> Refusal {
    Refusal::new(
        ring_shared::t!("err-reply-gone"),
        ring_shared::t!("err-reply-gone-fix"),
    )
}

/// Captures `target` and parses its dialog.
pub fn read(target: &Target) -> Result<Shown, Refusal> {
    read_with(&mut || target.capture())
}

/// Captures `target`, checks it still shows `shown`, types `number`, and checks the dialog
/// went away or changed.
pub fn answer(target: &Target, shown: &Shown, number: u32) -> Result<(), Refusal> {
    answer_with(
        &mut || target.capture(),
        &mut |digit| target.send(digit),
        shown,
        number,
        GONE_WITHIN,
    )
}

/// [`read`] over any capture. A capture that failed or shows no dialog at all is taken again
/// a few times: zellij's `dump-screen` can fail, or hand back a screen without the pane's
/// text, while another zellij CLI call runs (CI on 870aebe: the board's p, then 1, said "no
/// dialog" over a dialog on screen). Only what a capture shows decides: no key goes without
/// the two equal reads in [`answer_with`].
pub fn read_with(capture: &mut dyn FnMut() -> Option<String>) -> Result<Shown, Refusal> {
    let mut last = read_once(capture);
    let again = [
        ring_shared::t!("err-reply-no-dialog"),
        ring_shared::t!("err-reply-gone"),
    ];
    for _ in 0..RETRIES {
        match &last {
            Err(refusal) if again.contains(&refusal.what) => {
                std::thread::sleep(SETTLE);
                last = read_once(capture);
            }
            _ => break,
        }
    }
    last
}

fn read_once(capture: &mut dyn FnMut() -> Option<String>) -> Result<Shown, Refusal> {
    let screen = capture().ok_or_else(gone_pane)?;
    dialog::read(&screen)
        .map(|dialog| Shown { dialog })
        .map_err(|why| unreadable(&why))
}

/// What to say when the screen gives no dialog one may answer.
fn unreadable(why: &Unreadable) -> Refusal {
    match why {
        Unreadable::NoDialog => Refusal::new(
            ring_shared::t!("err-reply-no-dialog"),
            ring_shared::t!("err-reply-no-dialog-fix"),
        ),
        Unreadable::Cut { rows } => Refusal::new(
            ring_shared::t!("err-reply-cut", rows = rows),
            ring_shared::t!("err-reply-cut-fix"),
        ),
        Unreadable::Ambiguous(how) => Refusal::new(
            ring_shared::t!("err-reply-ambiguous", how = how.to_string()),
            ring_shared::t!("err-reply-ambiguous-fix"),
        ),
    }
}

/// [`answer`] over any capture and key sender; `gone_within` bounds the wait for the dialog
/// to go.
pub fn answer_with(
    capture: &mut dyn FnMut() -> Option<String>,
    send: &mut dyn FnMut(char) -> Result<(), Refusal>,
    shown: &Shown,
    number: u32,
    gone_within: Duration,
) -> Result<(), Refusal> {
    let digit = digit_for(&shown.dialog, number)?;
    // Twice, a moment apart: a capture can land while the agent redraws (part of the frame
    // old, part new), and a key must never go to what one capture only seemed to show.
    for i in 0..2 {
        if i > 0 {
            std::thread::sleep(SETTLE);
        }
        let now = read_with(capture).map_err(|_| {
            Refusal::new(
                ring_shared::t!("err-reply-off-screen"),
                ring_shared::t!("err-reply-off-screen-fix"),
            )
        })?;
        if now != *shown {
            return Err(Refusal::new(
                ring_shared::t!("err-reply-changed"),
                ring_shared::t!("err-reply-changed-fix"),
            ));
        }
    }
    send(digit)?;
    let deadline = Instant::now() + gone_within;
    loop {
        // A failed capture right after the key is not proof of anything: keep looking.
        if let Some(screen) = capture()
            && dialog::parse(&screen).as_ref() != Some(&shown.dialog)
        {
            return Ok(());
        }
        if Instant::now() >= deadline {
            return Err(Refusal::new(
                ring_shared::t!("err-reply-still-there", number = number),
                ring_shared::t!("err-reply-still-there-fix"),
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// How many more captures [`read_with`] takes.
const RETRIES: usize = 4;

/// The key for option `number`: one digit, of an option the dialog has.
fn digit_for(dialog: &Dialog, number: u32) -> Result<char, Refusal> {
    let listed = || {
        dialog
            .choices
            .iter()
            .map(|c| c.number.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !dialog.choices.iter().any(|c| c.number == number) {
        return Err(Refusal::new(
            ring_shared::t!("err-reply-no-option", number = number),
            ring_shared::t!("err-reply-no-option-fix", options = listed()),
        ));
    }
    char::from_digit(number, 10).ok_or_else(|| {
        Refusal::new(
            ring_shared::t!("err-reply-many-keys", number = number),
            ring_shared::t!("err-reply-in-pane"),
        )
    })
}

#[cfg(test)]
mod tests;
