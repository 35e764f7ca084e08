//! The extra recordings: every `compat/extra/<dir>/` holding both `scenarios.json` and
//! `expected.json` (recorded from RiNG 0.17.2 with `scripts/difftest/record.py`), in folder
//! name order. Shared by the compat_* tests so that a new folder is picked up by all of them.

use serde_json::Value;

const EXTRA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../compat/extra");

/// `(label, scenarios, expected)` for each extra folder; none when `compat/extra` is absent.
pub fn extra_suites() -> Vec<(String, Value, Value)> {
    let mut dirs: Vec<_> = std::fs::read_dir(EXTRA)
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    dirs.sort();
    let read = |p: &std::path::Path| -> Value {
        let text = std::fs::read_to_string(p).expect("extra compat file is readable");
        serde_json::from_str(&text).expect("extra compat file is JSON")
    };
    dirs.into_iter()
        .filter(|d| d.join("scenarios.json").is_file() && d.join("expected.json").is_file())
        .map(|d| {
            let label = format!(
                "compat/extra/{}",
                d.file_name().unwrap_or_default().to_string_lossy()
            );
            (
                label,
                read(&d.join("scenarios.json")),
                read(&d.join("expected.json")),
            )
        })
        .collect()
}
