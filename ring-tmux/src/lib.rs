//! ring-tmux: all of ring's native I/O on top of `ring-shared`.
//!
//! `§N.M` in comments: section N.M of `docs/rules.md`, where every state rule is written out.
//!
//! The modules are layers, listed from the bottom up; each uses only the ones before it
//! (`python3 scripts/layers.py` lists every use that goes the other way; CI counts them):
//!
//! * `store/`: files: bounded reads that never follow a link out, atomic writes under a
//!   per-session lock, `events.jsonl`, hidden sessions, labels, the bounded error log, the
//!   cache codec.
//! * `sys/`: the process's world: the ring folder and clock seams (`sys::env`), live agent
//!   processes (read through `store`'s bounded readers, their memo in its codec), terminals,
//!   running programs with a deadline (`sys::run`), the language, the one voice of errors and
//!   terminal-safe text.
//! * `gather/`: one read's inputs from disk, `/proc`, tmux servers and remote hosts, turned
//!   into `ring_shared::view` by one path; which session a person named.
//! * `tmux/`, `zellij/`: the multiplexers: pane options, badges, drift repair, popups;
//!   zellij's refresh pipe.
//! * `act/`: what ring does for the user at a distance: reply in place, jump and the menu,
//!   focus a terminal, the same on a remote host.
//! * `out/`: what a person reads: the status line, the text outputs, the boards, the web
//!   page, notifications, `explain`; and the work the hook leaves to a detached child.
//! * `hook/`: `ring-tmux hook`, the writer every agent event runs.
//! * `admin/`: lifecycle commands: install (the agents' hooks, the zellij plugin), doctor,
//!   gc.
//! * `cmd/`: the one clap definition (`cmd::cli`) and one module per subcommand, each
//!   handing typed values to the layers before it.

// Its only reader is ring-tmux itself, whose docs are read with private items: links to them
// are the point.
#![allow(rustdoc::private_intra_doc_links)]

pub(crate) mod act;
pub(crate) mod admin;
pub mod cmd;
pub(crate) mod gather;
pub mod hook;
pub(crate) mod out;
pub(crate) mod store;
pub(crate) mod sys;
pub(crate) mod tmux;
pub(crate) mod zellij;
pub use out::detached;
pub use out::status;
pub use out::text::oneline;
pub use sys::lang;

/// The seams the integration tests (`tests/it`) drive directly, gathered here so every layer
/// can stay `pub(crate)` (and the compiler sees what nothing uses); not an API.
#[doc(hidden)]
pub mod testing {
    pub use crate::act::focus::iterm2::script as iterm2_script;
    pub use crate::act::focus::terminal_app::script as terminal_app_script;
    pub use crate::gather::realpath;
    /// Of jump: the menu's command and labels, and the last jump remembered.
    pub mod jump {
        pub use crate::act::jump::{menu_argv, menu_label, remember_last};
    }
    /// What `doctor_checks` needs of install's Codex trust.
    pub mod codex_trust {
        pub use crate::admin::install::codex_trust::our_entries;
    }
    /// And of its hook events.
    pub mod merge {
        pub use crate::admin::install::merge::CODEX_EVENTS;
    }
    /// Of the zero-config read: one scan and what it publishes.
    pub mod zeroconf {
        pub use crate::gather::zeroconf::{Need, PUBLISHED_FILE, scan};
    }
    /// Of the boards: the marker of the selected row.
    pub mod board {
        pub use crate::out::board::SELECTED;
    }
    /// Of notifications: each local channel, and the spool the hook leaves.
    pub mod notify {
        pub use crate::out::notify::{Note, Target};
        pub mod desktop {
            pub use crate::out::notify::desktop::{
                ACTION, NAME, SOUND_NAME, action_label, check_on, notify_on, send_on,
            };
        }
        pub mod display {
            pub use crate::out::notify::display::send;
        }
        pub mod terminal {
            pub use crate::out::notify::terminal::{passthrough, send, write_tty};
        }
        pub mod spool {
            pub use crate::out::notify::spool::push;
        }
    }
    /// Of hidden sessions: RiNG's timestamps.
    pub mod hidden {
        pub use crate::store::hidden::epoch_to_iso;
    }
    /// The process's world, as the binary reads it.
    pub mod env {
        pub use crate::sys::env::Env;
    }
    /// Running a program with a deadline.
    pub mod run {
        pub use crate::sys::run::bounded;
    }
    /// Of the badges: their defaults.
    pub mod badge {
        pub use crate::tmux::badge::defaults;
    }
    /// Of drift repair: claiming a pane, and tmux's pane list.
    pub mod drift {
        pub use crate::tmux::drift::{Pane, claim, parse_panes};
    }
}
