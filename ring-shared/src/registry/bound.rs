//! Bounds on what a row may hold, so that every row the hook writes can be read back: the
//! readers skip files over 1 MiB ([`ROW_FILE_CAP`]), and a payload can carry fields of
//! any size. With these bounds a row stays well under that even when every character of every
//! field must be written as a six-byte `\uXXXX` escape.

use super::Row;
use crate::text::truncate;

/// Largest row file a reader reads (`ring-tmux` and the zellij plugin); bigger ones are
/// skipped as corrupt (RiNG rows are a few KiB; the bounds below keep every row ring writes
/// far under it).
pub const ROW_FILE_CAP: usize = 1 << 20;
/// Largest side file (`config.toml`, `labels.json`, `deleted_sessions.json`) a reader reads.
pub const SIDE_FILE_CAP: usize = 4 << 20;

/// Longest cwd kept, in bytes (`PATH_MAX` on Linux); longer ones are cut, with `…`.
pub const PATH_MAX: usize = 4096;
/// Longest session id kept, in bytes; longer ones are cut (the same id is always cut the same
/// way, so a session keeps one row). Generous: RiNG 0.17.2 stores ids of any length (under a
/// hashed file name), and ring must name the same row for every id an agent really sends;
/// 64 KiB, even escaped six-fold, leaves the row far under the readers' 1 MiB.
pub const ID_MAX: usize = 64 << 10;
/// Longest short name kept (provider, event name, pane id, zellij session and pane), in bytes.
pub const NAME_MAX: usize = 256;
/// Longest free text kept (`last_action`, `waiting_for`, details), in code points.
pub const TEXT_MAX: usize = 1024;

/// Most waits and most captured permission details a row keeps (§3.16); the newest stay.
pub const OWNERS_MAX: usize = 32;

/// The longest prefix of `s` of at most `max` bytes that ends on a character boundary.
pub fn prefix_bytes(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// `s` cut to at most `max` bytes, ending in `…` when cut (shown, never used as a path).
fn cut_shown(s: &mut String, max: usize) {
    if s.len() > max {
        let mut out = prefix_bytes(s, max - '…'.len_utf8()).to_owned();
        out.push('…');
        *s = out;
    }
}

/// A path used to open or compare (transcript, tty, socket): a prefix of it would name
/// another file, so one over the bound is dropped.
fn drop_long_path(s: &mut String) {
    if s.len() > PATH_MAX {
        s.clear();
    }
}

fn drop_long_opt(s: &mut Option<String>, max: usize) {
    if s.as_ref().is_some_and(|v| v.len() > max) {
        *s = None;
    }
}

fn cut_text(s: &mut String) {
    if s.chars().nth(TEXT_MAX).is_some() {
        *s = truncate(s, TEXT_MAX);
    }
}

impl Row {
    /// Cuts or drops every field past its bound (see the constants of this module).
    pub fn bound(&mut self) {
        let id = prefix_bytes(&self.session_id, ID_MAX).len();
        self.session_id.truncate(id);
        cut_shown(&mut self.provider, NAME_MAX);
        cut_shown(&mut self.cwd, PATH_MAX);
        cut_shown(&mut self.origin_cwd, PATH_MAX);
        if let Some(event) = &mut self.last_event {
            cut_shown(event, NAME_MAX);
        }
        cut_text(&mut self.last_action);
        drop_long_path(&mut self.source_path);
        drop_long_opt(&mut self.tmux_pane, NAME_MAX);
        cut_text(&mut self.waiting_for);
        if let Some(detail) = &mut self.pending_permission_detail {
            cut_text(detail);
        }
        cut_shown(&mut self.waiting_kind, NAME_MAX);
        cut_text(&mut self.waiting_detail);
        drop_long_opt(&mut self.tty, PATH_MAX);
        drop_long_opt(&mut self.tmux_socket, PATH_MAX);
        drop_long_opt(&mut self.zellij_session, NAME_MAX);
        drop_long_opt(&mut self.zellij_pane, NAME_MAX);
        crate::registry::term_env::bound(&mut self.term_env);
        for id in [
            &mut self.last_event_owner,
            &mut self.last_tool_use_id,
            &mut self.waiting_agent_id,
        ]
        .into_iter()
        .flatten()
        {
            cut_shown(id, NAME_MAX);
        }
        if let Some(waits) = &mut self.waiting_requests {
            // Keep the newest: a flood of subagents cannot grow a row past what readers read.
            let over = waits.len().saturating_sub(OWNERS_MAX);
            waits.drain(..over);
            for w in waits {
                for name in [
                    &mut w.owner,
                    &mut w.kind,
                    &mut w.revision,
                    &mut w.tool_use_id,
                    &mut w.agent_type,
                ] {
                    cut_shown(name, NAME_MAX);
                }
                cut_text(&mut w.detail);
                cut_text(&mut w.waiting_for);
            }
        }
        if let Some(items) = &mut self.pending_permissions {
            let over = items.len().saturating_sub(OWNERS_MAX);
            items.drain(..over);
            for p in items {
                cut_shown(&mut p.owner, NAME_MAX);
                cut_shown(&mut p.request_id, NAME_MAX);
                cut_text(&mut p.detail);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{decode_row, encode_row};

    #[test]
    fn a_row_of_huge_control_character_fields_encodes_under_a_mebibyte() {
        let huge = "\u{1}".repeat(2 << 20);
        let mut row = Row::new(huge.clone());
        row.provider = huge.clone();
        row.cwd = huge.clone();
        row.origin_cwd = huge.clone();
        row.last_event = Some(huge.clone());
        row.last_action = huge.clone();
        row.source_path = huge.clone();
        row.tmux_pane = Some(huge.clone());
        row.waiting_for = huge.clone();
        row.pending_permission_detail = Some(huge.clone());
        row.waiting_kind = huge.clone();
        row.waiting_detail = huge.clone();
        row.tty = Some(huge.clone());
        row.tmux_socket = Some(huge.clone());
        row.zellij_session = Some(huge.clone());
        row.zellij_pane = Some(huge);
        row.bound();
        let text = encode_row(&row);
        assert!(text.len() < 1 << 20, "{} bytes", text.len());
        assert_eq!(decode_row(text.as_bytes()).expect("decodes"), row);
    }

    #[test]
    fn a_long_cwd_is_cut_on_a_character_boundary_and_marked() {
        let mut row = Row::new("s");
        row.cwd = "/é".repeat(PATH_MAX);
        row.bound();
        assert!(row.cwd.len() <= PATH_MAX && row.cwd.ends_with('…'));
    }

    #[test]
    fn rows_within_the_bounds_are_unchanged() {
        let mut row = Row::new("s");
        row.cwd = "/".repeat(PATH_MAX);
        row.last_action = "x".repeat(TEXT_MAX);
        let before = row.clone();
        row.bound();
        assert_eq!(row, before);
    }
}
