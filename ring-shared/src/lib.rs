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
//!                                   board::Board ──▶ format::{oneline, json, …}, board::Summary
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

pub mod agent;
pub mod board;
pub mod config;
pub mod derive;
pub mod event;
pub mod fasthash;
pub mod format;
pub mod hidden;
pub mod provider;
pub mod pyjson;
pub mod question;
pub mod reduce;
pub mod registry;
pub mod scan;
#[cfg(feature = "testing")]
pub mod testing;
pub mod text;
pub mod transcript;

pub use registry::{Row, Status};
