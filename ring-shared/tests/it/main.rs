//! ring-shared's integration tests, one test binary (`cargo test -p ring-shared --test it`) with
//! a module per area; filter by module path, e.g. `cargo test -p ring-shared --test it compat_write::`.

// The purity lint (`ring-shared/clippy.toml`) is for the library: these tests read the RiNG
// recordings, the agents' fixtures and docs/rules.md from disk and print notes about what
// they skip.
#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_types,
    clippy::disallowed_macros
)]

mod compat_read;
mod compat_scan;
mod compat_write;
mod explain_rules;
mod props_read;
mod props_width;
mod props_write;
mod real_agents;
mod rules_doc;
