//! The board: a floating pane listing every shown session, waiting first.
//!
//! ```text
//!   ring · 3 sessions · 🔴1 🟢1 🟡1
//! ▌🔴 🔐 api          12s  main · pane 3     Bash: cargo test
//!   🟢    web           3m  zellij other · pane 1  Edit src/main.rs
//!   🟡    docs       1h05m  ~/src/docs       —
//!   ↑↓/jk move · Enter go · p reply · n name · dd hide · a ended+hidden · u unhide · ? why · r refresh · Esc close
//! ```
//!
//! The selection follows a session id, so a refresh that reorders the list keeps the cursor
//! on the same session. Naming, hiding and replying ([`act`]) draw their prompt, the dialog's
//! options and their outcome under the list.

use crate::cells;
use crate::model::{Entry, Target, View};
use crate::settings::Icons;
use crate::theme::Theme;

pub mod act;
pub mod explain;

pub use act::Board;

/// A key the board reacts to. Letters arrive as [`Key::Char`]: the list reads `j`, `k`, `g`,
/// `G`, `q` as moves, a prompt reads them as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    /// Home.
    Top,
    /// End.
    Bottom,
    Left,
    Right,
    Enter,
    /// Esc.
    Close,
    Backspace,
    Delete,
    Char(char),
    Other,
}

/// What the glue must do after a key or a click.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Nothing changed.
    None,
    /// The selection moved: render again.
    Redraw,
    /// Focus this session's pane (and close the board).
    Focus(Target),
    /// Go to a session of another host: a pane running `ring-tmux jump --session ID`, which
    /// runs ssh there (the plugin never runs ssh itself). Then close the board.
    OpenRemote(String),
    /// Close the board.
    Close,
    /// Start this `ring-tmux` run (naming, hiding, replying).
    Run(act::Run),
    /// Read the ring folder again now (`r`, or `a` changed what is listed).
    Reload,
}

/// The board's selection.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cursor {
    selected: Option<String>,
}

impl Cursor {
    /// The selected row: the selected session if it is still listed, else the first.
    pub fn index(&self, entries: &[Entry]) -> usize {
        self.selected
            .as_ref()
            .and_then(|id| entries.iter().position(|e| &e.session_id == id))
            .unwrap_or(0)
    }

    fn select(&mut self, index: usize, entries: &[Entry]) -> Action {
        let before = self.index(entries);
        self.selected = entries.get(index).map(|e| e.session_id.clone());
        if index == before {
            Action::None
        } else {
            Action::Redraw
        }
    }

    /// Applies a key.
    pub fn handle(&mut self, key: Key, entries: &[Entry]) -> Action {
        let index = self.index(entries);
        let last = entries.len().saturating_sub(1);
        match key {
            Key::Up | Key::Char('k') => self.select(index.saturating_sub(1), entries),
            Key::Down | Key::Char('j') => self.select((index + 1).min(last), entries),
            Key::Top | Key::Char('g') => self.select(0, entries),
            Key::Bottom | Key::Char('G') => self.select(last, entries),
            Key::Enter | Key::Char(' ') => match entries.get(index) {
                Some(e) if e.remote => Action::OpenRemote(e.session_id.clone()),
                Some(e) => e.target.clone().map_or(Action::None, Action::Focus),
                None => Action::None,
            },
            Key::Close | Key::Char('q') => Action::Close,
            _ => Action::None,
        }
    }

    /// A click on screen line `line` of a list `area` rows high (under the title): selects
    /// and focuses that session.
    fn click(&mut self, line: usize, area: usize, entries: &[Entry]) -> Action {
        let offset = scroll_offset(self.index(entries), area);
        let Some(index) = line.checked_sub(1).map(|l| l + offset) else {
            return Action::None;
        };
        if line > area || index >= entries.len() {
            return Action::None;
        }
        self.select(index, entries);
        self.handle(Key::Enter, entries)
    }
}

impl Board {
    /// A click on screen line `line` of a board `rows` × `cols`: selects and focuses that
    /// session (not while a prompt or a dialog holds the keys).
    pub fn click(&mut self, line: usize, rows: usize, cols: usize, entries: &[Entry]) -> Action {
        if self.busy() {
            return Action::None;
        }
        let area = Layout::of(rows, self.footer(None, cols).len()).list;
        self.cursor.click(line, area, entries)
    }
}

/// How a board's rows are shared: the title, the list, the lines under it.
struct Layout {
    list: usize,
    /// How many of the footer's lines fit (its last ones: the help or prompt line last).
    footer: usize,
}

impl Layout {
    /// The title takes one row and the list at least one; the footer gets the rest, up to
    /// its `footer` lines.
    fn of(rows: usize, footer: usize) -> Layout {
        let footer = footer.min(rows.saturating_sub(2));
        Layout {
            list: rows.saturating_sub(1 + footer).max(1),
            footer,
        }
    }
}

/// First listed entry so that `index` is visible in `area` rows.
fn scroll_offset(index: usize, area: usize) -> usize {
    (index + 1).saturating_sub(area)
}

/// Renders the board in `rows` × `cols` cells: exactly `rows` lines separated by `\n`, each
/// exactly `cols` cells wide.
/// `notice` (what blocks ring) takes the help line's place; `?`'s explanation, once it came,
/// takes the whole board.
pub fn render(
    view: &View,
    board: &Board,
    icons: &Icons,
    theme: &Theme,
    rows: usize,
    cols: usize,
    notice: Option<&str>,
) -> String {
    if let Some(explained) = board.explained() {
        return explained.render(theme, rows, cols);
    }
    let cursor = &board.cursor;
    let mut out = String::new();
    if rows == 0 {
        return out;
    }
    let total = view.entries.len();
    let counts: Vec<String> = view
        .counts
        .iter()
        .map(|(status, n)| format!("{}{n}", icons.marker(*status)))
        .collect();
    let mut title = format!(
        " ring · {}",
        ring_shared::t!("board-sessions", count = total)
    );
    if !counts.is_empty() {
        title = format!("{title} · {}", counts.join(" "));
    }
    if board.all() {
        title.push_str(&format!(" · {}", ring_shared::t!("board-with-ended")));
    }
    theme.title.paint(&cells::fit(&title, cols), &mut out);
    // Never more lines than rows: below 3 rows the help line is left out, below 2 the list.
    if rows == 1 {
        return out;
    }
    let footer = board.footer(notice, cols);
    let layout = Layout::of(rows, footer.len());
    let area = layout.list;
    let selected = cursor.index(&view.entries);
    let offset = scroll_offset(selected, area);
    let widths = Widths::of(&view.entries[offset..total.min(offset + area)], cols);
    for row in 0..area {
        out.push('\n');
        let line = match view.entries.get(offset + row) {
            Some(entry) => {
                let line = widths.line(entry, icons);
                let style = if offset + row == selected {
                    theme.selected
                } else {
                    theme.text
                };
                style.paint(&cells::fit(&line, cols), &mut out);
                continue;
            }
            None if row == 0 && total == 0 && board.all() => {
                format!("  {}", ring_shared::t!("board-empty"))
            }
            None if row == 0 && total == 0 => format!("  {}", ring_shared::t!("board-empty-hint")),
            None => String::new(),
        };
        theme.text.paint(&cells::fit(&line, cols), &mut out);
    }
    for line in &footer[footer.len() - layout.footer..] {
        out.push('\n');
        let style = match line.tone {
            act::Tone::Text => theme.text,
            act::Tone::Error => theme.notice,
            act::Tone::Selected => theme.selected,
        };
        style.paint(&cells::fit(&line.text, cols), &mut out);
    }
    out
}

/// Column widths for the visible entries: the project and the location as wide as their
/// longest value (capped), the detail gets the rest; a narrow board shrinks the location first
/// (what waits matters more than where), then drops it.
struct Widths {
    project: usize,
    location: usize,
}

/// Cells of a line other than project, location and detail: " 🔴 🔐 " + " " + idle + "  " × 2.
const FIXED_CELLS: usize = 7 + 1 + 5 + 4;
/// The detail keeps at least this many cells before the location shrinks.
const MIN_DETAIL: usize = 20;
/// Below this the location is dropped rather than shown as a stub.
const MIN_LOCATION: usize = 8;

impl Widths {
    fn of(entries: &[Entry], cols: usize) -> Widths {
        let max = |f: fn(&Entry) -> &str, cap: usize| {
            entries
                .iter()
                .map(|e| cells::width(f(e)))
                .max()
                .unwrap_or(0)
                .min(cap)
        };
        let project = max(|e| &e.project, 16);
        let mut location = max(|e| &e.location, 24);
        let detail = cols.saturating_sub(FIXED_CELLS + project + location);
        if detail < MIN_DETAIL {
            location = location.saturating_sub(MIN_DETAIL - detail);
            if location < MIN_LOCATION {
                location = 0;
            }
        }
        Widths { project, location }
    }

    fn line(&self, entry: &Entry, icons: &Icons) -> String {
        let kind = icons.kind(&entry.kind);
        let head = format!(
            " {} {} {} {:>5}",
            cells::fit(icons.marker(entry.status), 2),
            cells::fit(kind, 2),
            cells::fit(&entry.project, self.project),
            entry.idle,
        );
        // As on the tmux board: a hidden row (listed with `a`) says so, and `u` shows it again.
        let hidden = if entry.hidden {
            format!("{} ", ring_shared::t!("board-hidden"))
        } else {
            String::new()
        };
        if self.location == 0 {
            return format!("{head}  {hidden}{}", entry.detail);
        }
        format!(
            "{head}  {}  {hidden}{}",
            cells::fit(
                &cells::truncate_middle(&entry.location, self.location),
                self.location
            ),
            entry.detail,
        )
    }
}

#[cfg(test)]
mod tests;
