//! The waiting kinds (§2.7, §5.3): one table of what each kind is called, which icon
//! it has, and whether badges, the tmux segment and the menu draw it. Every front end asks
//! this table; none keeps its own list.

use crate::registry::Status;
use serde::{Deserialize, Serialize};

/// What a waiting session waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A tool call waits for the user's permission.
    Permission,
    /// The agent asked the user a question.
    Question,
    /// A plan waits for approval.
    Plan,
    /// The agent has been idle at its prompt (Claude's idle notification).
    Idle,
}

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindInfo {
    pub kind: Kind,
    /// The `waiting_kind` value in rows and JSON.
    pub name: &'static str,
    /// RiNG's icon (§5.3), also the default of the tmux option `@ring-icon-<name>` and
    /// of the zellij plugin's icon setting.
    pub icon: &'static str,
    /// The catalogue key of a few words for people (menus, notifications): [`Kind::label`]
    /// says them in the process's language ([`crate::i18n`]).
    pub label: &'static str,
    /// Drawn on badges, in the tmux segment and in the menu (with its own `@ring-icon-…`
    /// option). `idle` is not: an idle prompt asks nothing in particular.
    pub badged: bool,
}

/// Every waiting kind, in the order the pane badge tests them.
pub const KINDS: [KindInfo; 4] = [
    KindInfo {
        kind: Kind::Permission,
        name: "permission",
        icon: "\u{1F510}",
        label: "kind-permission",
        badged: true,
    },
    KindInfo {
        kind: Kind::Question,
        name: "question",
        icon: "\u{2753}",
        label: "kind-question",
        badged: true,
    },
    KindInfo {
        kind: Kind::Plan,
        name: "plan",
        icon: "\u{1F9ED}",
        label: "kind-plan",
        badged: true,
    },
    KindInfo {
        kind: Kind::Idle,
        name: "idle",
        // RiNG's ⏸ without a variation selector.
        icon: "\u{23F8}",
        label: "kind-idle",
        badged: false,
    },
];

impl Kind {
    /// The kind a `waiting_kind` value names; `None` for `""` and anything unknown.
    pub fn parse(name: &str) -> Option<Kind> {
        KINDS.iter().find(|k| k.name == name).map(|k| k.kind)
    }

    /// Its row of [`KINDS`].
    pub fn info(self) -> &'static KindInfo {
        &KINDS[self as usize]
    }

    /// The `waiting_kind` value.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// RiNG's icon.
    pub fn icon(self) -> &'static str {
        self.info().icon
    }

    /// Words for people, in the process's language.
    pub fn label(self) -> String {
        crate::i18n::text(self.info().label, None)
    }

    /// Words for a recorded `waiting_kind`: its kind's label, else the catalogue's word for
    /// a kind ring does not know (never the raw value: it is the agent's, not a person's).
    pub fn label_of(waiting_kind: &str) -> String {
        Kind::parse(waiting_kind).map_or_else(|| crate::t!("kind-other"), Kind::label)
    }

    /// The kinds badges draw, in table order.
    pub fn badged() -> impl DoubleEndedIterator<Item = Kind> {
        KINDS.iter().filter(|k| k.badged).map(|k| k.kind)
    }

    /// The kind a badge (and the segment, and the menu) draws for a session: a badged kind,
    /// while waiting only.
    pub fn on_badge(status: Status, waiting_kind: &str) -> Option<Kind> {
        if status != Status::Waiting {
            return None;
        }
        Kind::parse(waiting_kind).filter(|k| k.info().badged)
    }
}

/// The icon of a `waiting_kind` value (§5.3), `""` for anything else.
pub fn icon(waiting_kind: &str) -> &'static str {
    Kind::parse(waiting_kind).map_or("", Kind::icon)
}
