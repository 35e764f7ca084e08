//! Rendered outputs (§5): `oneline`, the JSON board, markers, icons, relative time;
//! and the text safety every renderer needs: terminal display width, truncation that never
//! exceeds a width, [`sanitize`] for payload text and [`escape_tmux`].
//!
//! Every function returns text without a trailing newline: printing one (as RiNG's `print`
//! does for `--format oneline|json`) is the printer's job.

use crate::registry::Status;
use crate::view::View;

mod json;

pub use crate::duration::{relative_time, relative_time_next};
pub use crate::width::{display_width, sanitize, truncate, truncate_middle};
pub use json::{json, json_value};

/// The status marker (§5.3): 🔴 🟢 🟡 ⚫.
pub fn marker(status: Status) -> &'static str {
    match status {
        Status::Waiting => "\u{1F534}",
        Status::Working => "\u{1F7E2}",
        Status::Idle => "\u{1F7E1}",
        Status::Ended => "\u{26AB}",
    }
}

/// The label of a status for people, in the process's language ([`crate::i18n`]): RiNG's
/// words (`waiting`, `done/idle`; `等你`, `跑完停著`).
pub fn status_label(status: Status) -> String {
    match status {
        Status::Waiting => crate::t!("state-waiting"),
        Status::Working => crate::t!("state-working"),
        Status::Idle => crate::t!("state-idle"),
        Status::Ended => crate::t!("state-ended"),
    }
}

/// The icon of a waiting kind (§5.3): 🔐 ❓ 🧭 ⏸, `""` for anything else (from
/// [`crate::view::KINDS`]).
pub fn waiting_icon(kind: &str) -> &'static str {
    crate::view::icon(kind)
}

/// `ring --format oneline` (§5.1) without its trailing newline: `<marker><count>` per
/// non-zero state in board order, joined by one space (`🔴2 🟢1 🟡3`); `""` for an empty board.
pub fn oneline(view: &View) -> String {
    let counts = view.counts;
    Status::ALL
        .iter()
        .filter(|&&status| counts.get(status) > 0)
        .map(|&status| format!("{}{}", marker(status), counts.get(status)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Escapes text for a tmux format string: `#` → `##`, so `#(cmd)`, `#{…}` and `#[style]` in
/// a directory name or a question stay text and never run or restyle. A `#[` becomes `###[][`
/// rather than `##[` (`##` for the `#`, then an empty style that changes nothing, then the
/// `[`): tmux before 3.2 (Ubuntu 20.04, Debian 11) turns `##` into `#` before it reads
/// styles, so `##[` would still restyle there. Every version draws both as the text.
pub fn escape_tmux(text: &str) -> String {
    text.replace('#', "##").replace("##[", "###[][")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::derive::Session;
    use crate::registry::Row;
    use rstest::rstest;

    fn board(statuses: &[Status], all: bool) -> View {
        let sessions = statuses
            .iter()
            .enumerate()
            .map(|(i, &status)| {
                let mut row = Row::new(format!("s{i}"));
                row.status = status;
                Session::from_hook(row)
            })
            .collect();
        View::of_board(Board::build(sessions, 0, 0.0, all), &Default::default(), "")
    }

    #[rstest]
    #[case::empty_board(&[], false, "")]
    #[case::fixed_order(&[Status::Idle, Status::Waiting, Status::Idle, Status::Working, Status::Waiting, Status::Idle], false, "🔴2 🟢1 🟡3")]
    #[case::zero_counts_skipped(&[Status::Idle], false, "🟡1")]
    #[case::ended_hidden_without_all(&[Status::Ended, Status::Idle], false, "🟡1")]
    #[case::ended_shown_with_all(&[Status::Ended, Status::Idle], true, "🟡1 ⚫1")]
    fn oneline_joins_non_zero_counts(
        #[case] statuses: &[Status],
        #[case] all: bool,
        #[case] expected: &str,
    ) {
        assert_eq!(oneline(&board(statuses, all)), expected);
    }

    #[rstest]
    #[case::seconds(59.9, "59s")]
    #[case::zero(0.0, "0s")]
    #[case::negative(-5.0, "0s")]
    #[case::minute(60.0, "1m")]
    #[case::minutes(3599.0, "59m")]
    #[case::hour(3600.0, "1h00m")]
    #[case::hour_padded(3900.0, "1h05m")]
    #[case::many_hours(90061.0, "25h01m")]
    #[case::nan(f64::NAN, "0s")]
    fn relative_time_truncates(#[case] idle: f64, #[case] expected: &str) {
        assert_eq!(relative_time(idle), expected);
    }

    #[rstest]
    #[case::permission("permission", "🔐")]
    #[case::question("question", "❓")]
    #[case::plan("plan", "🧭")]
    #[case::idle_without_variation_selector("idle", "\u{23F8}")]
    #[case::empty("", "")]
    #[case::unknown("other", "")]
    fn waiting_icons(#[case] kind: &str, #[case] expected: &str) {
        assert_eq!(waiting_icon(kind), expected);
    }

    #[rstest]
    #[case(Status::Waiting, "\u{1F534}")]
    #[case(Status::Working, "\u{1F7E2}")]
    #[case(Status::Idle, "\u{1F7E1}")]
    #[case(Status::Ended, "\u{26AB}")]
    fn markers(#[case] status: Status, #[case] expected: &str) {
        assert_eq!(marker(status), expected);
    }

    #[rstest]
    #[case::command("#(rm -rf ~)", "##(rm -rf ~)")]
    #[case::style("#[fg=red]x", "###[][fg=red]x")]
    #[case::styles_in_a_row("#[#[", "###[][###[][")]
    #[case::hashes_then_a_bracket("##[", "#####[][")]
    #[case::already_doubled("##", "####")]
    #[case::plain("plain", "plain")]
    fn tmux_escape_doubles_hashes(#[case] text: &str, #[case] expected: &str) {
        assert_eq!(escape_tmux(text), expected);
    }
}
