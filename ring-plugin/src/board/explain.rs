//! `?`: why ring shows the selected session as it does, in the board's whole pane. The text
//! is `ring-tmux explain --session ID`'s (for a session of another host, ring-tmux asks that
//! host over ssh: the plugin runs only ring-tmux), made inert, each line cut to the pane's
//! width; ↑↓ jk g G scroll, any other key goes back to the list.
//!
//! ```text
//!  ring · why api shows this (docs/rules.md)
//!  session 3f2a… (claude-code)
//!  shows:   waiting (needs permission)
//!  rule:    §11.1 A Claude permission request waits at once…
//!  ↑↓ scroll · any other key: back                      1-3/12
//! ```

use super::Key;
use crate::cells;
use crate::theme::Theme;

/// What `ring-tmux explain` gave for one session, and how far it is scrolled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Explained {
    /// The session as the board showed it (its project).
    subject: String,
    lines: Vec<String>,
    /// The first line shown.
    top: usize,
    /// The lines are why explain gave nothing (painted as an error).
    failed: bool,
}

impl Explained {
    /// The view of `ring-tmux explain`'s output (`ok`: it exited 0), every line sanitized; a
    /// failure shows `reason` (ring-tmux's own message) instead.
    pub fn of(subject: &str, ok: bool, stdout: &[u8], reason: impl FnOnce() -> String) -> Self {
        let lines: Vec<String> = if ok {
            String::from_utf8_lossy(stdout)
                .lines()
                .map(cells::sanitize)
                .collect()
        } else {
            vec![format!(" ⚠ {}", reason())]
        };
        Explained {
            subject: subject.to_owned(),
            lines,
            top: 0,
            failed: !ok,
        }
    }

    /// Applies a key in a pane `rows` high: `true` while the view stays (a scroll key),
    /// `false` for any other key (back to the list).
    pub fn key(&mut self, key: Key, rows: usize) -> bool {
        let last = self.lines.len().saturating_sub(body(rows));
        self.top = match key {
            Key::Up | Key::Char('k') => self.top.saturating_sub(1),
            Key::Down | Key::Char('j') => (self.top + 1).min(last),
            Key::Top | Key::Char('g') => 0,
            Key::Bottom | Key::Char('G') => last,
            _ => return false,
        };
        true
    }

    /// The view in `rows` × `cols` cells: exactly `rows` lines, each exactly `cols` wide
    /// (a longer line is cut with `…`; ↑↓ reach the lines below the pane).
    pub fn render(&self, theme: &Theme, rows: usize, cols: usize) -> String {
        let mut out = String::new();
        if rows == 0 {
            return out;
        }
        let title = format!(
            " ring · {}",
            ring_shared::t!("zj-explain-title", subject = self.subject.as_str())
        );
        theme.title.paint(&cells::fit(&title, cols), &mut out);
        if rows == 1 {
            return out;
        }
        let area = body(rows);
        let top = self.top.min(self.lines.len().saturating_sub(area));
        let style = if self.failed {
            theme.notice
        } else {
            theme.text
        };
        for row in 0..area {
            out.push('\n');
            let line = self.lines.get(top + row).map_or("", String::as_str);
            style.paint(&cells::fit(line, cols), &mut out);
        }
        if rows > 2 {
            out.push('\n');
            let keys = format!(" {}", ring_shared::t!("zj-explain-keys"));
            let shown = self.lines.len().min(top + area);
            let at = if self.lines.len() > area {
                format!("{}-{shown}/{} ", top + 1, self.lines.len())
            } else {
                String::new()
            };
            let room = cols.saturating_sub(cells::width(&at));
            let line = format!("{}{at}", cells::fit(&keys, room));
            theme.text.paint(&cells::fit(&line, cols), &mut out);
        }
        out
    }
}

/// Rows for the text: all but the title and the key line (below 3 rows, all but the title).
fn body(rows: usize) -> usize {
    if rows > 2 {
        rows - 2
    } else {
        rows.saturating_sub(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain() -> Theme {
        Theme::default()
    }

    /// The rendered lines without their SGR codes.
    fn screen(view: &Explained, rows: usize, cols: usize) -> Vec<String> {
        let text = view.render(&plain(), rows, cols);
        text.split('\n')
            .map(|l| cells::sanitize(l).replace("[0m", ""))
            .collect()
    }

    fn explained(text: &str) -> Explained {
        Explained::of("api", true, text.as_bytes(), String::new)
    }

    #[test]
    fn every_line_fits_the_pane_and_escapes_are_dropped() {
        let view = explained(
            "session s-1 (claude-code)\n\u{1b}]0;owned\u{7}shows:   waiting \u{1b}[31m(permission)\nrule:    §11.1 A Claude permission request waits at once: the permission dialog is on screen\n",
        );
        let text = view.render(&plain(), 6, 40);
        assert!(
            !text.contains("owned") && !text.contains("\u{7}"),
            "{text:?}"
        );
        let lines = screen(&view, 6, 40);
        assert_eq!(lines.len(), 6, "{lines:?}");
        for line in &lines {
            assert_eq!(cells::width(line), 40, "{line:?}");
        }
        assert!(lines[2].starts_with("shows:   waiting (permission)"));
        assert!(lines[3].starts_with("rule:    §11.1 A Claude") && lines[3].ends_with('…'));
        assert!(lines[5].contains(&ring_shared::t!("zj-explain-keys")));
    }

    #[test]
    fn arrows_scroll_within_the_text_and_any_other_key_goes_back() {
        let text: String = (1..=10).map(|n| format!("line {n}\n")).collect();
        let mut view = explained(&text);
        // 6 rows: the title, 4 lines of text, the keys.
        assert!(screen(&view, 6, 40)[1].starts_with("line 1 "));
        assert!(view.key(Key::Down, 6) && view.key(Key::Char('j'), 6));
        let lines = screen(&view, 6, 40);
        assert!(lines[1].starts_with("line 3 "), "{lines:?}");
        assert!(lines[5].trim_end().ends_with("3-6/10"), "{lines:?}");
        assert!(view.key(Key::Bottom, 6));
        assert!(screen(&view, 6, 40)[4].starts_with("line 10"));
        assert!(view.key(Key::Down, 6), "no further than the last line");
        assert!(screen(&view, 6, 40)[4].starts_with("line 10"));
        assert!(view.key(Key::Char('g'), 6) && view.key(Key::Up, 6));
        assert!(screen(&view, 6, 40)[1].starts_with("line 1 "));
        assert!(!view.key(Key::Char('x'), 6));
        assert!(!view.key(Key::Close, 6));
        assert!(!view.key(Key::Enter, 6));
    }

    #[test]
    fn a_failure_shows_ring_tmux_s_reason() {
        let view = Explained::of("api", false, b"", || {
            "ring-tmux: hosta did not answer: no answer within 10s".into()
        });
        let lines = screen(&view, 4, 70);
        assert!(
            lines[1].starts_with(" ⚠ ring-tmux: hosta did not answer"),
            "{lines:?}"
        );
    }

    #[test]
    fn tiny_panes_get_exactly_their_rows() {
        let view = explained("a\nb\nc\n");
        for rows in 0..5 {
            let text = view.render(&plain(), rows, 10);
            let count = if text.is_empty() {
                0
            } else {
                text.split('\n').count()
            };
            assert_eq!(count, rows, "{text:?}");
        }
    }
}
