//! The detail pane under the table: a waiting row's whole detail, or the reply dialog with
//! its numbered options, and the rows each takes.

use super::{full_detail, name_of};
use crate::out::board::state::{App, Dialog, Mode};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ring_shared::Status;
use ring_shared::format::{display_width, sanitize, truncate};
use ring_shared::view::Kind;

/// The detail pane takes at most this share of the height (1/N).
const DETAIL_SHARE: u16 = 3;

/// Rows of the detail pane: a waiting row's whole detail, wrapped, at most a third of the
/// board; the reply dialog's options in reply mode; nothing otherwise.
pub(super) fn detail_height(app: &App, area: Rect) -> u16 {
    if area.height < 8 {
        return 0;
    }
    let (wanted, cap) = match &app.mode {
        Mode::Reply { dialog, .. } => (reply_height(dialog, area.width), reply_room(area)),
        _ => match app.current() {
            Some(e) if e.status == Status::Waiting && !full_detail(e).is_empty() => (
                1 + wrapped_rows(&full_detail(e), area.width),
                (area.height / DETAIL_SHARE).max(2),
            ),
            _ => (0, 0),
        },
    };
    u16::try_from(wanted).unwrap_or(u16::MAX).min(cap)
}

/// Rows `text` takes wrapped at `width` columns.
pub(super) fn wrapped_rows(text: &str, width: u16) -> usize {
    let width = usize::from(width.max(1));
    text.lines()
        .map(|l| display_width(l) / width + 1)
        .sum::<usize>()
}

/// Rows the reply view of `dialog` takes at `width` columns: its border, what it asks
/// about, the question and the options, each wrapped as drawn.
pub(super) fn reply_height(dialog: &Dialog, width: u16) -> usize {
    let rows = |text: &str| wrapped_rows(&sanitize(text), width);
    1 + dialog.context.iter().map(|l| rows(l)).sum::<usize>()
        + rows(&dialog.question)
        + dialog
            .options
            .iter()
            .map(|c| rows(&format!(" {}  {}", c.number, c.text)))
            .sum::<usize>()
}

/// The rows a reply dialog may take: all but the title, one row of the table and the
/// footer's two.
pub(super) fn reply_room(area: Rect) -> u16 {
    if area.height < 8 {
        return 0;
    }
    area.height - 4
}

/// Whether the board has room to draw `dialog` whole on a screen of `area` (a digit is
/// taken only for a dialog the person saw whole); else how many rows it needs and has.
pub fn reply_fits(dialog: &Dialog, area: Rect) -> Result<(), (usize, u16)> {
    let (wanted, room) = (reply_height(dialog, area.width), reply_room(area));
    if wanted <= usize::from(room) {
        Ok(())
    } else {
        Err((wanted, room))
    }
}

pub(super) fn draw_detail(frame: &mut Frame<'_>, app: &App, area: Rect) {
    let (title, text) = match &app.mode {
        Mode::Reply { dialog, .. } => {
            let dim = Style::new().add_modifier(Modifier::DIM);
            let mut lines: Vec<Line<'static>> = dialog
                .context
                .iter()
                .map(|l| Line::from(Span::styled(sanitize(l), dim)))
                .collect();
            lines.push(Line::from(sanitize(&dialog.question)));
            lines.extend(dialog.options.iter().map(|c| {
                Line::from(vec![
                    Span::styled(
                        format!(" {} ", c.number),
                        Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
                    ),
                    Span::raw(format!(" {}", sanitize(&c.text))),
                ])
            }));
            let title = match &dialog.agent {
                Some(agent) => format!(
                    " {} ",
                    ring_shared::t!("board-reply-from", agent = sanitize(agent))
                ),
                None => format!(" {} ", ring_shared::t!("board-reply")),
            };
            (title, Text::from(lines))
        }
        _ => {
            let Some(entry) = app.current() else { return };
            let what = entry
                .waiting_kind()
                .map_or_else(|| ring_shared::t!("kind-other"), |k: Kind| k.label());
            let mut title = format!(" {} {what} ", truncate(&name_of(entry), 32));
            if !entry.location.is_empty() {
                title.push_str(&format!("\u{b7} {} ", sanitize(&entry.location)));
            }
            (title, Text::from(full_detail(entry)))
        }
    };
    let block = Block::new()
        .borders(Borders::TOP)
        .title(title)
        .border_style(Style::new().fg(Color::Red));
    frame.render_widget(
        Paragraph::new(text).block(block).wrap(Wrap { trim: false }),
        area,
    );
}
