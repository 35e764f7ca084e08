//! `p`: reply in place through [`crate::act::reply`], the library `ring-tmux reply` is built on.
//! The listing keeps the dialog's fingerprint; the answer reads the screen again and sends
//! the digit only when the dialog is still the one the person read (then
//! [`crate::act::reply::answer`] itself checks it once more, sends, and checks it went). The board
//! never sends a key itself.
//!
//! A session on another host goes through that host's own `ring-tmux reply` over ssh
//! ([`crate::act::remote::call_reply`]): listed with `--json`, answered only with
//! `--expect` the listing's fingerprint, so the host types nothing into a changed dialog.

use crate::act::remote;
use crate::act::reply::{self, Target};
use ring_shared::dialog::Listing as Dialog;
use ring_shared::format::sanitize;
use ring_shared::view::Entry;

/// Reads the session's dialog; `Err` is what to tell the user.
pub fn read(entry: &Entry, socket: Option<&str>) -> Result<Dialog, String> {
    if entry.remote.is_some() {
        return read_remote(entry);
    }
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
    if entry.remote.is_some() {
        return answer_remote(entry, number, expect);
    }
    let target = Target::of(entry, socket).map_err(|r| r.to_string())?;
    let shown = reply::read(&target).map_err(|r| r.to_string())?;
    if expect.is_some_and(|e| e != shown.dialog.fingerprint()) {
        return Err(ring_shared::t!("board-reply-changed"));
    }
    reply::answer(&target, &shown, number).map_err(|r| r.to_string())?;
    Ok(ring_shared::t!("board-sent", number = number.to_string()))
}

/// The host's own listing (`reply --session ID --json`), named with this machine's id.
fn read_remote(entry: &Entry) -> Result<Dialog, String> {
    let out = remote::call_reply(entry, None, None, true).map_err(say)?;
    if !out.success {
        return Err(host_said(entry, &out));
    }
    let mut dialog: Dialog = serde_json::from_slice(&out.stdout)
        .map_err(|_| ring_shared::t!("board-remote-unreadable", host = host(entry)))?;
    if dialog.fingerprint.is_none() {
        // Without it the host could not check the answer: never offered.
        return Err(ring_shared::t!(
            "board-remote-no-fingerprint",
            host = host(entry)
        ));
    }
    dialog.session_id = entry.session_id.clone();
    Ok(dialog)
}

/// The host's own answer, with `--expect` always: the host refuses a changed dialog.
fn answer_remote(entry: &Entry, number: u32, expect: Option<&str>) -> Result<String, String> {
    let Some(expect) = expect else {
        return Err(ring_shared::t!(
            "board-remote-nothing-to-check",
            host = host(entry)
        ));
    };
    let out = remote::call_reply(entry, Some(number), Some(expect), false).map_err(say)?;
    if !out.success {
        return Err(host_said(entry, &out));
    }
    Ok(ring_shared::t!("board-sent", number = number.to_string()))
}

fn host(entry: &Entry) -> String {
    entry
        .remote
        .as_ref()
        .map(|r| sanitize(&r.host))
        .unwrap_or_default()
}

fn host_said(entry: &Entry, out: &crate::gather::remote::ssh::Output) -> String {
    format!("{}: {}", host(entry), remote::host_reason(out))
}

fn say(refused: remote::Refused) -> String {
    format!("{}; {}", refused.what, refused.fix)
}
