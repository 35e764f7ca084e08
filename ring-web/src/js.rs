//! The JavaScript exports (wasm32 only): the crate's functions under their JavaScript names,
//! an `Err` thrown as an `Error` whose message says what to do.

use wasm_bindgen::prelude::*;

/// `view(snapshotJson: string, nowSeconds: number): string`: the View JSON.
#[wasm_bindgen]
pub fn view(snapshot_json: &str, now_seconds: f64) -> Result<String, JsError> {
    crate::view_json(snapshot_json, now_seconds, None).map_err(|e| JsError::new(&e))
}

/// `viewWith(snapshotJson: string, nowSeconds: number, optionsJson: string): string`.
#[wasm_bindgen(js_name = viewWith)]
pub fn view_with(
    snapshot_json: &str,
    now_seconds: f64,
    options_json: &str,
) -> Result<String, JsError> {
    crate::view_json(snapshot_json, now_seconds, Some(options_json)).map_err(|e| JsError::new(&e))
}

/// `board(snapshotJson: string, nowSeconds: number, all: boolean): string`: the text
/// `ring-tmux json [--all]` prints.
#[wasm_bindgen]
pub fn board(snapshot_json: &str, now_seconds: f64, all: bool) -> Result<String, JsError> {
    crate::board_json(snapshot_json, now_seconds, all).map_err(|e| JsError::new(&e))
}

/// `kinds(): string`: `[{name, icon, label, badged}]`.
#[wasm_bindgen]
pub fn kinds() -> String {
    crate::kinds_json()
}

/// `statuses(): string`: `[{name, marker, label, rank}]`.
#[wasm_bindgen]
pub fn statuses() -> String {
    crate::statuses_json()
}

/// `relativeTime(seconds: number): string`: `42s`, `3m`, `1h05m`.
#[wasm_bindgen(js_name = relativeTime)]
pub fn relative_time(seconds: f64) -> String {
    crate::relative_time(seconds)
}

/// `version(): string`: the crate's (and ring's) version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::VERSION.to_owned()
}

/// `snapshotVersion(): number`: the snapshot format this build reads.
#[wasm_bindgen(js_name = snapshotVersion)]
pub fn snapshot_version() -> u32 {
    ring_shared::view::snapshot::SNAPSHOT_VERSION
}
