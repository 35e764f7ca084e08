//! ring for zellij: the bar (one borderless row) and the board (a floating list).
//!
//! ```text
//!  /host/sessions/*.json ─ source::Registry (stat, parse only changed files)
//!        │ model::ReadInputs::sessions (ring_shared::view::Snapshot::sessions, wall clock, no process scan)
//!        ▼
//!  PaneUpdate + ModeUpdate ─ model::build (ring_shared::view::View, placed on panes)
//!                              ─▶ model::View (counts, entries, badges)
//!                                               │
//!                    bar::layout (width, hits) ◀┴▶ board::render / board::Cursor
//!                                               │
//!                                   cue::plan (pane colours to set)
//!                                   tab_badge (the waiting marker on tab names)
//! ```
//!
//! With `ring_tmux` in the layout, [`zero_config`] schedules `ring-tmux oneline --all`, which keeps
//! `/host/zeroconf.json` (the sessions found without hooks) fresh.
//!
//! [`pace`] decides when the timer wakes the plugin: the configured interval while things happen,
//! up to 4 s while nothing does, never past a clock rule's deadline.
//!
//! Everything here is pure and tested natively; [`plugin`] is the thin zellij glue, and
//! `main.rs` registers it when built for `wasm32-wasip1`.

pub mod bar;
pub mod board;
pub mod cells;
pub mod cue;
pub mod model;
pub mod pace;
pub mod plugin;
pub mod settings;
pub mod source;
pub mod tab_badge;
pub mod theme;
pub mod zero_config;
pub mod zjstatus;
