//! `p`: reply in place through [`crate::act::reply`], the library `ring-tmux reply` is built on.
//! The listing keeps the dialog's fingerprint; the answer reads the screen again and sends
//! the digit only when the dialog is still the one the person read (then
//! [`crate::act::reply::answer`] itself checks it once more, sends, and checks it went). The board
//! never sends a key itself.

use crate::act::reply::{self, Target};
use ring_shared::dialog::Listing as Dialog;
use ring_shared::view::Entry;

/// Reads the session's dialog; `Err` is what to tell the user.
pub fn read(entry: &Entry, socket: Option<&str>) -> Result<Dialog, String> {
    let target = Target::of(entry, socket).map_err(|r| r.to_string())?;
    let shown = reply::read(&target).map_err(|r| r.to_string())?;
    Ok(Dialog::of(&shown.dialog, &entry.session_id))
}

/// Sends option `number` if the dialog on screen is still the one listed (`expect`, its
/// fingerprint); `Ok` says what was done, `Err` why nothing was sent.
pub fn answer(
    entry: &Entry,
    number: u32,
    expect: Option<&str>,
    socket: Option<&str>,
) -> Result<String, String> {
    let target = Target::of(entry, socket).map_err(|r| r.to_string())?;
    let shown = reply::read(&target).map_err(|r| r.to_string())?;
    if expect.is_some_and(|e| e != shown.dialog.fingerprint()) {
        return Err(ring_shared::t!("board-reply-changed"));
    }
    reply::answer(&target, &shown, number).map_err(|r| r.to_string())?;
    Ok(ring_shared::t!("board-sent", number = number.to_string()))
}
