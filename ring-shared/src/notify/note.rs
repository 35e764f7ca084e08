//! One note to send and the words it says: its title and body from the catalogue.

use super::Wait;
use serde::Serialize;

/// What a note says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A session became waiting.
    Waiting,
    /// Debounce: the waits held back since the last note.
    More,
    /// Quiet ended: the waits held back while quiet.
    Quiet,
    /// Reminder number n (1-based) of a wait still waiting.
    Repeat(u32),
    /// `ring-tmux notify --test`.
    Test,
}

/// One note to send.
#[derive(Debug, Clone, PartialEq)]
pub struct Out {
    pub kind: Kind,
    /// The waits it stands for (one, or the summary's), the first one named.
    pub waits: Vec<Wait>,
}

impl Out {
    /// How many sessions it stands for.
    pub fn count(&self) -> usize {
        self.waits.len()
    }

    /// One-line title: who waits for what, as the board's detail pane says it
    /// (`ring: api asks a question`).
    pub fn title(&self) -> String {
        let first = self.waits.first();
        let said = first.map_or(String::new(), |w| match &w.waiter {
            Some(who) => crate::t!(
                "notify-said-by",
                name = w.name(),
                who = who.as_str(),
                what = w.what()
            ),
            None => crate::t!("notify-said", name = w.name(), what = w.what()),
        });
        match self.kind {
            Kind::Waiting => crate::t!("notify-waiting", said = said),
            Kind::Repeat(_) => crate::t!("notify-reminder", said = said),
            Kind::More => crate::t!("notify-more", count = self.count()),
            Kind::Quiet => crate::t!("notify-quiet", count = self.count()),
            Kind::Test => crate::t!("notify-test"),
        }
    }

    /// Body text: the detail the boards show for one wait (when `detail`), else which
    /// agent waits for what (`Claude Code asks a question`); the names for a summary.
    pub fn body(&self, detail: bool) -> String {
        match self.kind {
            Kind::Waiting | Kind::Repeat(_) => {
                let Some(w) = self.waits.first() else {
                    return String::new();
                };
                if detail && !w.detail.is_empty() {
                    w.detail.clone()
                } else {
                    crate::t!("notify-said", name = w.who(), what = w.what())
                }
            }
            Kind::More | Kind::Quiet => self
                .waits
                .iter()
                .map(Wait::name)
                .collect::<Vec<_>>()
                .join(", "),
            Kind::Test => crate::t!("notify-test-body"),
        }
    }
}
