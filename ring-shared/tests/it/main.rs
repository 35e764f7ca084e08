//! ring-shared's integration tests, one test binary (`cargo test -p ring-shared --test it`) with
//! a module per area; filter by module path, e.g. `cargo test -p ring-shared --test it compat_write::`.

mod compat_read;
mod compat_scan;
mod compat_write;
mod props_read;
mod props_width;
mod props_write;
mod real_agents;
