//! Drawing the board with ratatui: a pure function of the [`App`], the clock and the frame.
//!
//! ```text
//!  ring · 3 sessions · 🔴1 🟢1 🟡1
//! ▶🔴🔐 api (agent)      12s  Bash: cargo test                 t:1.0
//!  🟢   web               3m  → Edit src/main.rs               t:2.0
//! ─ api needs permission ───────────────────────────────────────────
//! Bash: cargo test --workspace --all-features -- --nocapture (whole)
//!  ↑↓ jk move · ⏎ jump · p reply · n name · dd hide · a ended+hidden · u unhide · q quit
//! ```
//!
//! Every text from a row is sanitized (escape sequences and control characters removed)
//! before it reaches a cell, and cut to its column with an ellipsis; the colours are the
//! states' (🔴 🟢 🟡 ⚫) and the icons those of the kinds table (`ring_shared::view::KINDS`).
//! A narrow popup drops the location column first, then shortens the name.

use super::state::{App, Mode};
pub use detail::reply_fits;
use detail::{detail_height, draw_detail};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Cell, Paragraph, Row, Table, TableState};
use ring_shared::Status;
use ring_shared::format::{display_width, marker, relative_time, sanitize, truncate};
use ring_shared::view::Entry;

/// The selected row's mark (also what a test reading the screen looks for).
pub const SELECTED: &str = "\u{25b6}";
/// Columns of the state column: marker and kind icon.
const ICONS: u16 = 5;
const IDLE: u16 = 5;
const MAX_NAME: usize = 24;
const MAX_PLACE: usize = 20;
/// Below this width the location column goes.
const PLACE_FROM: u16 = 72;

/// How a row's text looks: the terminal's own colour, readable on light and dark themes alike
/// (yellow text vanishes on a light one); the marker already tells the state. A waiting row is
/// bold, an ended one dim.
fn row_style(status: Status) -> Style {
    match status {
        Status::Waiting => Style::new().add_modifier(Modifier::BOLD),
        Status::Working | Status::Idle => Style::new(),
        Status::Ended => Style::new().add_modifier(Modifier::DIM),
    }
}

/// A session's name as the board shows it: the label (else the project), sanitized.
pub(super) fn name_of(entry: &Entry) -> String {
    sanitize(entry.name()).trim().to_owned()
}

/// The full text the detail pane shows for the selected waiting row (sanitized, uncut).
/// (The view's detail of a waiting row is already its `waiting_detail`, uncut.)
pub fn full_detail(entry: &Entry) -> String {
    sanitize(&entry.detail).trim().to_owned()
}

fn agent_tag() -> String {
    format!(" {}", ring_shared::t!("board-agent"))
}
fn hidden_tag() -> String {
    format!(" {}", ring_shared::t!("board-hidden"))
}

/// Draws the board into the whole frame; `now` ages the idle times between reads.
pub fn draw(frame: &mut Frame<'_>, app: &App, now: f64) {
    let area = frame.area();
    if let Mode::Explain { text } = &app.mode {
        super::explain_view::draw(frame, text, area);
        return;
    }
    let bottom = bottom_lines(app, area.width);
    let detail = detail_height(app, area);
    let [title, table, detail_area, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(detail),
        Constraint::Length(bottom.len() as u16),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(title_line(app)), title);
    draw_table(frame, app, now, table);
    if detail > 0 {
        draw_detail(frame, app, detail_area);
    }
    frame.render_widget(Paragraph::new(Text::from(bottom)), footer);
}

fn title_line(app: &App) -> Line<'static> {
    let view = app.view();
    let total = view.entries.len();
    let mut text = format!(
        " ring \u{b7} {}",
        ring_shared::t!("board-sessions", count = total)
    );
    let counts: Vec<String> = Status::ALL
        .iter()
        .filter(|s| view.counts.get(**s) > 0)
        .map(|s| format!("{}{}", marker(*s), view.counts.get(*s)))
        .collect();
    if !counts.is_empty() {
        text.push_str(" \u{b7} ");
        text.push_str(&counts.join(" "));
    }
    if app.all {
        text.push_str(&format!(" \u{b7} {}", ring_shared::t!("board-with-ended")));
    }
    Line::from(Span::styled(
        text,
        Style::new().add_modifier(Modifier::BOLD),
    ))
}

fn draw_table(frame: &mut Frame<'_>, app: &App, now: f64, area: Rect) {
    let view = app.view();
    if view.entries.is_empty() {
        let empty = if app.all {
            format!("  {}", ring_shared::t!("board-empty"))
        } else {
            format!("  {}", ring_shared::t!("board-empty-hint"))
        };
        frame.render_widget(Paragraph::new(empty), area);
        return;
    }
    let with_place = area.width >= PLACE_FROM;
    let names: Vec<String> = view.entries.iter().map(name_of).collect();
    let widest_name = view
        .entries
        .iter()
        .zip(&names)
        .map(|(e, n)| {
            display_width(n)
                + if e.agent {
                    display_width(&agent_tag())
                } else {
                    0
                }
                + if app.is_hidden(&e.session_id) {
                    display_width(&hidden_tag())
                } else {
                    0
                }
        })
        .max()
        .unwrap_or(0);
    let places: Vec<String> = view.entries.iter().map(|e| sanitize(&e.location)).collect();
    let place_w = if with_place {
        places
            .iter()
            .map(|p| display_width(p))
            .max()
            .unwrap_or(0)
            .min(MAX_PLACE)
    } else {
        0
    };
    // The selection mark, the icons, the idle time and the gaps between columns.
    let columns = if with_place { 5 } else { 4 };
    let fixed = 1 + usize::from(ICONS + IDLE) + columns - 1 + place_w;
    let rest = usize::from(area.width).saturating_sub(fixed);
    // The name gets up to half of what is left, the detail the rest.
    let name_w = widest_name.min(MAX_NAME).min(rest / 2).max(4.min(rest));
    let detail_w = rest.saturating_sub(name_w + 1);
    let aged = now - view.generated_at;
    let rows = view
        .entries
        .iter()
        .zip(&names)
        .zip(&places)
        .map(|((e, name), place)| {
            let icons = format!("{}{}", marker(e.status), e.kind_icon());
            let mut who = vec![Span::raw(name.clone())];
            if e.agent {
                who.push(Span::styled(
                    agent_tag(),
                    Style::new().add_modifier(Modifier::DIM),
                ));
            }
            let hidden = app.is_hidden(&e.session_id);
            if hidden {
                who.push(Span::styled(
                    hidden_tag(),
                    Style::new().add_modifier(Modifier::DIM),
                ));
            }
            let who = fit_spans(who, name_w);
            let idle = relative_time(e.idle_seconds + aged.max(0.0));
            let detail = truncate(sanitize(&e.detail).trim(), detail_w);
            let mut cells = vec![
                Cell::from(icons),
                Cell::from(who),
                Cell::from(Line::from(idle).right_aligned()),
                Cell::from(detail),
            ];
            if with_place {
                cells.push(Cell::from(fit_place(place, place_w)));
            }
            let style = if hidden {
                row_style(e.status).add_modifier(Modifier::DIM)
            } else {
                row_style(e.status)
            };
            Row::new(cells).style(style)
        });
    let mut widths = vec![
        Constraint::Length(ICONS),
        Constraint::Length(name_w as u16),
        Constraint::Length(IDLE),
        Constraint::Fill(1),
    ];
    if with_place {
        widths.push(Constraint::Length(place_w as u16));
    }
    let table = Table::new(rows, widths)
        .column_spacing(1)
        .highlight_symbol(SELECTED)
        .row_highlight_style(Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD));
    let mut state = TableState::default().with_selected(Some(app.index()));
    frame.render_stateful_widget(table, area, &mut state);
}

/// Spans cut to `width` columns (the last one that does not fit is cut with an ellipsis).
fn fit_spans(spans: Vec<Span<'static>>, width: usize) -> Line<'static> {
    let mut out = Vec::new();
    let mut room = width;
    for span in spans {
        let w = display_width(&span.content);
        if w <= room {
            room -= w;
            out.push(span);
        } else {
            let cut = truncate(&span.content, room);
            out.push(Span::styled(cut, span.style));
            break;
        }
    }
    Line::from(out)
}

/// A location cut in its middle so that its end (the pane, the last folder) stays.
fn fit_place(place: &str, width: usize) -> String {
    ring_shared::format::truncate_middle(place, width)
}

/// The last line(s): the name prompt, the reply hint, a note, or the keys.
fn bottom_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let dim = Style::new().add_modifier(Modifier::DIM);
    let long_keys = format!(" {}", ring_shared::t!("board-keys"));
    let keys = if usize::from(width) >= display_width(&long_keys) {
        long_keys
    } else {
        " jk \u{23ce} p n dd a u ? r q".to_owned()
    };
    let line = match &app.mode {
        Mode::Naming { input, .. } => Line::from(vec![
            Span::styled(
                format!(" {} ", ring_shared::t!("board-name")),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Span::raw(sanitize(input)),
            Span::raw("\u{2581}"),
            Span::styled(format!("  {}", ring_shared::t!("board-name-keys")), dim),
        ]),
        Mode::Reply { .. } => Line::from(Span::styled(
            format!(" {}", ring_shared::t!("board-reply-keys")),
            dim,
        )),
        Mode::Delete => Line::from(Span::styled(
            format!(" {}", ring_shared::t!("board-delete")),
            dim,
        )),
        Mode::Explain { .. } => Line::from(Span::styled(
            format!(" {}", ring_shared::t!("board-explain-back")),
            dim,
        )),
        Mode::List => match &app.note {
            Some(note) => Line::from(Span::raw(format!(" {}", sanitize(note)))),
            None => Line::from(Span::styled(keys, dim)),
        },
    };
    let mut lines = vec![line];
    if let (Some(note), false) = (&app.note, app.mode == Mode::List) {
        lines.insert(0, Line::from(format!(" {}", sanitize(note))));
    }
    lines
}

mod detail;

#[cfg(test)]
mod tests;
