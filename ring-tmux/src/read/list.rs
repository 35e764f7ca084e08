//! `ring-tmux list`: the board as an aligned table for people.
//!
//! ```text
//! STATE           PROJECT  IDLE  DOING                      WHERE
//! 🔴 waiting 🔐   api      3m    Bash: npm test             dev:1.0
//! 🟢 working      web      12s   → Edit main.rs             ~/src/web
//! ```
//!
//! Every text from a row is sanitized (escape sequences and control characters removed)
//! before it reaches the terminal. On a terminal the table fits its width: the DOING column
//! gives way first, then WHERE (cut in the middle, keeping the last directory), then PROJECT.

use super::LoadedBoard;
use ring_shared::Status;
use ring_shared::board::{location, project};
use ring_shared::format::{
    display_width, marker, relative_time, sanitize, status_label, truncate, truncate_middle,
    waiting_icon,
};
use std::io::IsTerminal;

/// Narrowest DOING / WHERE / PROJECT columns before they are cut.
const MIN_DOING: usize = 12;
const MIN_WHERE: usize = 12;
const MIN_PROJECT: usize = 8;
const GAP: &str = "  ";

/// The terminal's width when stdout is a terminal; `None` (no fitting) otherwise.
pub fn terminal_width() -> Option<usize> {
    let stdout = std::io::stdout();
    if !stdout.is_terminal() {
        return None;
    }
    terminal_size::terminal_size_of(&stdout).map(|(w, _)| usize::from(w.0))
}

/// One table line's cells, already sanitized.
struct Line {
    state: String,
    project: String,
    idle: String,
    doing: String,
    place: String,
}

fn line_of(loaded: &LoadedBoard, index: usize, home: &str) -> Line {
    let board = &loaded.board;
    let session = &board.sessions[index];
    let row = &session.row;
    let icon = if row.status == Status::Waiting {
        waiting_icon(&row.waiting_kind)
    } else {
        ""
    };
    let label = if session.kind == Some("agent") {
        format!("{} agent", status_label(row.status))
    } else {
        status_label(row.status).to_owned()
    };
    let state = format!("{} {label} {icon}", marker(row.status));
    let name = loaded
        .labels
        .get(&row.session_id)
        .map_or_else(|| project(session).to_owned(), Clone::clone);
    let doing = if row.status == Status::Waiting && !row.waiting_detail.is_empty() {
        &row.waiting_detail
    } else {
        &row.last_action
    };
    Line {
        state: state.trim_end().to_owned(),
        project: sanitize(&name),
        idle: relative_time(session.idle_seconds(board.now)),
        doing: sanitize(doing),
        place: sanitize(&location(session, home)),
    }
}

/// Widest cell of a column (header included).
fn widest(lines: &[Line], header: &str, cell: impl Fn(&Line) -> &str) -> usize {
    lines
        .iter()
        .map(|l| display_width(cell(l)))
        .chain([display_width(header)])
        .max()
        .unwrap_or(0)
}

fn pad(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(display_width(text));
    format!("{text}{}", " ".repeat(fill))
}

/// Renders the table (with a trailing newline); `width` fits it to a terminal.
pub fn render(loaded: &LoadedBoard, home: &str, width: Option<usize>) -> String {
    if loaded.board.sessions.is_empty() {
        return "(no sessions)\n".to_owned();
    }
    let mut lines: Vec<Line> = (0..loaded.board.sessions.len())
        .map(|i| line_of(loaded, i, home))
        .collect();
    let header = Line {
        state: "STATE".into(),
        project: "PROJECT".into(),
        idle: "IDLE".into(),
        doing: "DOING".into(),
        place: "WHERE".into(),
    };
    let state_w = widest(&lines, &header.state, |l| &l.state);
    let idle_w = widest(&lines, &header.idle, |l| &l.idle);
    let mut project_w = widest(&lines, &header.project, |l| &l.project);
    let mut doing_w = widest(&lines, &header.doing, |l| &l.doing);
    let mut place_w = widest(&lines, &header.place, |l| &l.place);
    if let Some(total) = width {
        let fixed = state_w + idle_w + 4 * GAP.len();
        let mut over = (fixed + project_w + doing_w + place_w).saturating_sub(total);
        for (column, min) in [
            (&mut doing_w, MIN_DOING),
            (&mut place_w, MIN_WHERE),
            (&mut project_w, MIN_PROJECT),
        ] {
            let give = over.min(column.saturating_sub(min));
            *column -= give;
            over -= give;
        }
        for line in &mut lines {
            line.project = truncate(&line.project, project_w);
            line.doing = truncate(&line.doing, doing_w);
            line.place = truncate_middle(&line.place, place_w);
        }
    }
    let mut out = String::new();
    for line in std::iter::once(&header).chain(&lines) {
        let text = [
            pad(&line.state, state_w),
            pad(&line.project, project_w),
            pad(&line.idle, idle_w),
            pad(&line.doing, doing_w),
            line.place.clone(),
        ]
        .join(GAP);
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}
