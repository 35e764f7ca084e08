//! ring-shared: every state rule of ring, pure.
//!
//! ```text
//!  hook payload bytes
//!        │ event::normalize            (§2)
//!        ▼
//!  event::Event ──┐
//!  previous row ──┤ reduce::reduce      (§3: promotion, keep-waiting, stash, cooldown)
//!  now, config ───┘
//!        ▼
//!  reduce::Outcome (row to write | delete, transition, notify)
//!        │ registry::encode_row / registry::file_name
//!        ▼
//!  sessions/<id>.json ── registry::decode_row ──▶ derive::derive   (§4: time rules, liveness)
//!                                                       ▼
//!                                   board::Board ──▶ view::View ──▶ format::{oneline, json, …}
//!                                                    (view::sessions runs the read in RiNG's order)
//!  view::Snapshot (the read inputs as one JSON document) ── view::view(snapshot, now) ──▶ View
//!                                    (a page and the npm package, through ring-web)
//! ```
//!
//! Nothing here touches a file, a clock, the environment or a process: time, file contents,
//! mtimes and process lists are arguments. The same code runs in the native `ring-tmux`
//! binary and, compiled to `wasm32-wasip1`, inside the zellij plugin.
//! `ring-shared/clippy.toml` denies what would break that (files, environment, processes,
//! clock, network, sleeping, printing).
//!
//! The rules are written out in `docs/rules.md`; a `§N.M` in a comment here (or anywhere in
//! the workspace) is its section N.M (anchor `rule-N-M`).
//!
//! ```
//! use ring_shared::registry::file_name;
//! assert_eq!(file_name("codex:thread-1"), "codex:thread-1.json");
//! ```

// The modules in the pipeline's order: each uses only those above it (no import circle).

// Leaves: text, time, the catalogue, the agents' table.
pub mod contrast;
pub mod duration;
pub mod fasthash;
pub mod hidden;
pub mod i18n;
pub mod pick;
pub mod provider;
pub mod pyjson;
pub mod stats;
pub mod text;
pub mod width;

// The registry: rows, their owners and the screen's dialogs.
pub mod dialog;
pub mod owner;
pub mod transcript;

pub mod registry;

// The hook's side: payload → event → row.
pub mod event;
pub mod focus;

pub mod config;
pub mod question;

pub mod derive;
pub mod reduce;

// The read side: rows and agents' own files → sessions → one View.
pub mod agent;
pub mod board;
pub mod explain;
pub mod labels;
#[cfg(feature = "testing")]
pub mod testing;

pub mod scan;

pub mod view;

// What front ends say from the View.
pub mod format;
pub mod health;
pub mod notify;
pub mod servers;

pub use registry::{Row, Status};

/// The permissions ring's zellij plugin asks for, by zellij's names, in every mode: the bar
/// and the board (`Alt r`) must ask for the same set, because zellij rewrites a plugin's
/// entry in `permissions.kdl` with whatever set was last asked for, even when it grants
/// without a prompt (an instance asking for less erases the rest, and the next one asking
/// for more prompts). `ring-tmux install-zellij` seeds exactly this set. A layout that sets
/// `ring_home` also asks for `FullHdAccess` (`change_host_folder`). `MessageAndLaunchOtherPlugins`: feeding a zjstatus
/// bar (`zjstatus "NAME"`), asked for by every instance for the same reason.
pub const ZELLIJ_PERMISSIONS: [&str; 4] = [
    "ReadApplicationState",
    "ChangeApplicationState",
    "RunCommands",
    "MessageAndLaunchOtherPlugins",
];
