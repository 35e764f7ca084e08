//! The zellij plugin entry point: `cargo build --release -p ring-plugin --target wasm32-wasip1`.
//! All logic is in the library (`ring_plugin`); this only registers its state with zellij.

#[cfg(target_arch = "wasm32")]
use {ring_plugin::plugin::State, zellij_tile::prelude::*};

#[cfg(target_arch = "wasm32")]
register_plugin!(State);

/// Natively there is nothing to run: the plugin only exists inside zellij.
#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    eprintln!("ring-plugin is a zellij plugin: build it with --target wasm32-wasip1");
    std::process::ExitCode::from(2)
}
