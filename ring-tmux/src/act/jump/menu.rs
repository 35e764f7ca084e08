//! `ring-tmux menu`: a tmux `display-menu` of every session, cut to fit the client.

use super::{Args, DETAIL_WIDTH, context, in_neovim, row_for};
use crate::sys::run::{self, is_client_name};
use crate::tmux::client_args;
use crate::tmux::drift::Pane;
use ring_shared::format::{escape_tmux, sanitize, truncate};
use ring_shared::view::Entry;
use std::process::ExitCode;

/// One menu line: state and kind icons (tmux formats of the user's options), name (the
/// label, else the project) and detail (sanitized, `#` doubled: menu names are formats too).
pub fn menu_label(entry: &Entry) -> String {
    menu_label_within(entry, usize::MAX)
}

/// How many bytes [`menu_label_within`] counts for an icon (the default icons are emoji of
/// four bytes or three).
pub const ICON_BYTES: usize = 4;
/// How wide a project name may be in a menu line (columns).
const PROJECT_WIDTH: usize = 24;
/// A detail shorter than this (bytes) is left out rather than cut to a stub.
const MIN_DETAIL: usize = 8;
/// What goes between the project and the detail.
const DETAIL_SEPARATOR: &str = " \u{b7} ";

/// [`menu_label`] whose text, once tmux expands it, holds at most `bytes` bytes (icons
/// counted as [`ICON_BYTES`]): tmux 3.3 measures a menu line in bytes, not columns, when it
/// decides to cut it. The detail shrinks first, then goes, then the project name shrinks.
pub fn menu_label_within(entry: &Entry, bytes: usize) -> String {
    let state = entry.status.as_str();
    let kind = ring_shared::view::Kind::on_badge(entry.status, &entry.kind);
    // Icon and space, and " " + kind icon.
    let fixed = ICON_BYTES + 1 + if kind.is_some() { 1 + ICON_BYTES } else { 0 };
    let project = cut(
        &sanitize(entry.name()),
        PROJECT_WIDTH,
        bytes.saturating_sub(fixed),
    );
    let mut label = format!("#{{@ring-icon-{state}}} {}", escape_tmux(&project));
    if let Some(kind) = kind {
        label.push_str(&format!(" #{{@ring-icon-{}}}", kind.name()));
    }
    let detail = sanitize(&entry.detail);
    let room = bytes.saturating_sub(fixed + project.len() + DETAIL_SEPARATOR.len());
    if !detail.trim().is_empty() && room >= MIN_DETAIL {
        label.push_str(DETAIL_SEPARATOR);
        label.push_str(&escape_tmux(&cut(detail.trim(), DETAIL_WIDTH, room)));
    }
    label
}

/// `text` cut (with an ellipsis) to at most `columns` columns and `bytes` bytes.
fn cut(text: &str, columns: usize, bytes: usize) -> String {
    let mut columns = columns.min(ring_shared::format::display_width(text));
    loop {
        let out = truncate(text, columns);
        if out.len() <= bytes || columns == 0 {
            return if out.len() <= bytes {
                out
            } else {
                String::new()
            };
        }
        columns -= 1;
    }
}

/// Rows a menu takes besides its items: the top and bottom borders.
pub(super) const MENU_FRAME: usize = 2;
/// What tmux 3.3 keeps of a client's width for a menu line (borders and padding): it cuts a
/// line of more bytes than that, minus [`KEY_COLUMNS`] for a line with a key, and marks the
/// cut with `>` (menu.c, `menu_add_item`).
pub(super) const MENU_SIDES: usize = 4;
/// What tmux adds to an item with a one-character key: ` (k)`.
pub(super) const KEY_COLUMNS: usize = 4;
/// Columns added to an item that cannot jump.
pub(super) const ELSEWHERE: &str = " (elsewhere)";

/// The `display-menu` argv for the sessions (board order): reachable ones jump to their pane,
/// the others are shown greyed out. tmux draws no menu at all when it is taller than the
/// client, so with the client's `height` known the list is cut to fit and ends with a line
/// saying how many sessions were left out (the board order puts those who wait first); and
/// it cuts lines wider than the client where they end, so with its `width` known each line
/// is cut by ring instead, detail first, and keeps its end. A session whose agent runs in a
/// Neovim terminal (`in_neovim`) is chosen through `bin jump --session ID`, the focus path
/// that also brings Neovim's buffer forward.
#[allow(clippy::too_many_arguments)]
pub fn menu_argv(
    entries: &[Entry],
    socket: &str,
    panes: &[Pane],
    client: Option<&str>,
    height: Option<usize>,
    width: Option<usize>,
    in_neovim: impl Fn(&Entry) -> bool,
    bin: &str,
) -> Vec<String> {
    let room = width.map_or(usize::MAX, |w| w.saturating_sub(MENU_SIDES));
    let mut argv = vec!["display-menu".to_owned()];
    argv.extend(client_args(client));
    // `--`: a greyed-out first item starts with `-`, which tmux would read as a flag (and
    // draw no menu at all).
    argv.extend(["-T", "#[align=centre] ring ", "--"].map(str::to_owned));
    let keys = "123456789abcdefghijklmnopqrstuvwxyz";
    let mut key = keys.chars();
    let lines = height.map_or(usize::MAX, |h| h.saturating_sub(MENU_FRAME));
    let (shown, left_out) = if entries.len() > lines {
        // One line goes to saying what was left out (nothing fits below 2 lines).
        let fit = lines.saturating_sub(1);
        (&entries[..fit], entries.len() - fit)
    } else {
        (entries, 0)
    };
    for entry in shown {
        let neovim = in_neovim(entry);
        let pane = crate::act::focus::mux::pane_of(entry, neovim, socket, panes);
        let extra = if pane.is_some() {
            KEY_COLUMNS
        } else {
            ELSEWHERE.len()
        };
        let label = menu_label_within(entry, room.saturating_sub(extra));
        match pane {
            Some(pane) => {
                let through_focus = neovim
                    .then(|| jump_item(bin, socket, client, &entry.session_id))
                    .flatten();
                let command = through_focus.unwrap_or_else(|| {
                    let mut command = "switch-client".to_owned();
                    if let Some(c) = client.filter(|c| is_client_name(c)) {
                        command.push_str(&format!(" -c '{c}'"));
                    }
                    command.push_str(&format!(" -t {}", pane.id));
                    command
                });
                argv.push(label);
                argv.push(key.next().map(String::from).unwrap_or_default());
                argv.push(command);
            }
            None => {
                // A leading `-` greys the item out: the session runs elsewhere.
                argv.push(format!("-{label}{ELSEWHERE}"));
                argv.push(String::new());
                argv.push(String::new());
            }
        }
    }
    if entries.is_empty() {
        argv.extend([
            format!("-{}", ring_shared::t!("jump-menu-none")),
            String::new(),
            String::new(),
        ]);
    }
    if left_out > 0 {
        let more = format!(
            "\u{2026} {}",
            ring_shared::t!("jump-menu-more", count = left_out)
        );
        argv.extend([
            format!("-{}", cut(&more, usize::MAX, room)),
            String::new(),
            String::new(),
        ]);
    }
    argv
}

/// The menu command that runs `bin jump --socket S [--client C] --session ID` in the
/// background; `None` unless every word is plain (no quote, space or `#`: tmux expands
/// formats in a menu command and again in `run-shell`), so nothing needs quoting twice.
fn jump_item(bin: &str, socket: &str, client: Option<&str>, id: &str) -> Option<String> {
    let plain = |w: &str| {
        !w.is_empty()
            && !w.starts_with('-')
            && w.bytes().all(|b| {
                b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'.' | b'-' | b'%' | b':')
            })
    };
    let client = client.filter(|c| is_client_name(c));
    if ![bin, socket, id].into_iter().chain(client).all(plain) {
        return None;
    }
    let client = client.map(|c| format!(" --client {c}")).unwrap_or_default();
    Some(format!(
        "run-shell -b \"{bin} jump --socket {socket}{client} --session {id}\""
    ))
}

/// `ring-tmux menu`: a `display-menu` of every session; choosing one jumps to it.
pub fn menu(args: &Args) -> ExitCode {
    let Some(ctx) = context(args) else {
        return crate::sys::voice::fail(
            &ring_shared::t!("err-needs-tmux", command = "menu"),
            &ring_shared::t!("err-needs-tmux-fix"),
        );
    };
    let neovim: std::collections::BTreeSet<&str> = ctx
        .view
        .entries
        .iter()
        .filter(|e| in_neovim(&row_for(&ctx.env, e)))
        .map(|e| e.session_id.as_str())
        .collect();
    let bin = std::env::current_exe()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    let argv = menu_argv(
        &ctx.view.entries,
        &ctx.socket,
        &ctx.panes,
        ctx.args.client.as_deref(),
        ctx.args.height,
        ctx.args.width,
        |e| neovim.contains(e.session_id.as_str()),
        &bin,
    );
    // display-menu returns only when the menu closes.
    run::hand_over(&ctx.socket, &argv)
}
