//! Reading and answering a session's dialog wherever it is, for the board's `p` and the
//! page: this machine's pane through [`crate::act::reply`] (the library `ring-tmux reply` is
//! built on), or another host's own `ring-tmux reply` over ssh
//! ([`crate::act::remote::call_reply`]). The listing keeps the dialog's fingerprint, and an
//! answer is sent only to the dialog that has it: checked here on this machine's screen
//! (then [`crate::act::reply::answer`] checks it once more, sends, and checks it went), or by
//! the host on its own (`--expect`), so a host's dialog is answered only with one. Nothing
//! here sends a key itself.

use crate::act::remote;
use crate::act::reply::{self, Target};
use crate::gather::remote::RemoteId;
use ring_shared::dialog::Listing as Dialog;
use ring_shared::format::sanitize;
use ring_shared::t;
use ring_shared::view::Entry;

/// Why an answer was not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NotSent {
    /// The dialog on this machine's screen is not the one listed (each front end says it in
    /// its own words).
    Changed,
    /// Anything else, said.
    Said(String),
}

/// Reads the session's dialog; `Err` is what to tell the user.
pub fn read(entry: &Entry, socket: Option<&str>) -> Result<Dialog, String> {
    let Some(id) = RemoteId::of(entry) else {
        let (_, shown) = screen(entry, socket)?;
        return Ok(Dialog::of(&shown.dialog, &entry.session_id));
    };
    let out = host_reply(&id, None, None)?;
    let host = sanitize(&id.host);
    let mut dialog: Dialog = serde_json::from_slice(&out)
        .map_err(|_| t!("board-remote-unreadable", host = host.as_str()))?;
    if dialog.fingerprint.is_none() {
        // Without it the host could not check the answer: never offered.
        return Err(t!("board-remote-no-fingerprint", host = host));
    }
    dialog.session_id = entry.session_id.clone();
    Ok(dialog)
}

/// Sends option `number` if the dialog is still the one listed (`expect`, its fingerprint);
/// `Ok`: the option sent (`3. No` from this machine's screen, `3` from a host).
pub(crate) fn send(
    entry: &Entry,
    number: u32,
    expect: Option<&str>,
    socket: Option<&str>,
) -> Result<String, NotSent> {
    let Some(id) = RemoteId::of(entry) else {
        let (target, shown) = screen(entry, socket).map_err(NotSent::Said)?;
        if expect.is_some_and(|e| e != shown.dialog.fingerprint()) {
            return Err(NotSent::Changed);
        }
        reply::answer(&target, &shown, number).map_err(|r| NotSent::Said(r.to_string()))?;
        let choice = shown.dialog.choices.iter().find(|c| c.number == number);
        return Ok(choice.map_or_else(
            || number.to_string(),
            |c| format!("{}. {}", c.number, c.text),
        ));
    };
    let Some(expect) = expect else {
        let host = sanitize(&id.host);
        return Err(NotSent::Said(t!(
            "board-remote-nothing-to-check",
            host = host
        )));
    };
    host_reply(&id, Some(number), Some(expect)).map_err(NotSent::Said)?;
    Ok(number.to_string())
}

/// [`send`] as the board says it: `Ok` what was done, `Err` why nothing was sent.
pub fn answer(
    entry: &Entry,
    number: u32,
    expect: Option<&str>,
    socket: Option<&str>,
) -> Result<String, String> {
    match send(entry, number, expect, socket) {
        Ok(_) => Ok(t!("board-sent", number = number.to_string())),
        Err(NotSent::Changed) => Err(t!("board-reply-changed")),
        Err(NotSent::Said(why)) => Err(why),
    }
}

/// This machine's pane of `entry` and the dialog on it now.
fn screen(entry: &Entry, socket: Option<&str>) -> Result<(Target, reply::Shown), String> {
    let target = Target::of(entry, socket).map_err(|r| r.to_string())?;
    let shown = reply::read(&target).map_err(|r| r.to_string())?;
    Ok((target, shown))
}

/// The host's own `reply --session ID [N --expect FP]` (`--json` when listing), its
/// output; `Err` what to tell the user, the host's own reason when it refused.
fn host_reply(id: &RemoteId, number: Option<u32>, expect: Option<&str>) -> Result<Vec<u8>, String> {
    let out = remote::call_reply(id, number, expect, number.is_none())
        .map_err(|refused| format!("{}; {}", refused.what, refused.fix))?;
    if !out.success {
        let host = sanitize(&id.host);
        return Err(format!("{host}: {}", remote::host_reason(&out)));
    }
    Ok(out.stdout)
}
