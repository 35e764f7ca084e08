//! Codex's hook trust (Codex CLI 0.169): a hook in `~/.codex/hooks.json` runs only once the
//! user trusted it in the TUI's "Hooks need review" dialog, which writes
//! `[hooks.state."<hooks.json path>:<event_snake>:<group>:<entry>"] trusted_hash = "sha256:…"`
//! to `~/.codex/config.toml`. The hash covers the event, the group's matcher and the entry's
//! command and timeout, so ring keeps its command line and position stable across reinstalls
//! (see `merge::timeout_for` and the in-place upgrade) and `doctor` can tell whether ring's
//! hooks will run. `codex exec` skips untrusted hooks without a word.
//!
//! The hash, verified against what the dialog wrote for all 12 events (real-agent suite,
//! codex trust): `"sha256:" + hex(sha256(json))` of the compact, key-sorted JSON
//! `{"event_name": E, "hooks": [{"async": false, "command": C, "timeout": T, "type":
//! "command"}], "matcher"?: M}`, with `T` the entry's timeout (600 when absent, at least 1,
//! at most 3 for `Interrupt` and `SessionEnd`).

use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

/// Codex's snake-case name of a hook event (`PreToolUse` → `pre_tool_use`).
pub fn snake(event: &str) -> String {
    let mut out = String::with_capacity(event.len() + 4);
    for (i, c) in event.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The timeout Codex hashes for an entry.
fn effective_timeout(event: &str, entry: &Value) -> u64 {
    let timeout = entry
        .get("timeout")
        .and_then(Value::as_u64)
        .unwrap_or(600)
        .max(1);
    if matches!(event, "Interrupt" | "SessionEnd") {
        timeout.min(3)
    } else {
        timeout
    }
}

/// Serializes with sorted keys and no spaces (serde_json keeps insertion order here).
fn canonical(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let inner: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", Value::from(k.as_str()), canonical(&map[k])))
                .collect();
            format!("{{{}}}", inner.join(","))
        }
        Value::Array(items) => {
            let inner: Vec<String> = items.iter().map(canonical).collect();
            format!("[{}]", inner.join(","))
        }
        other => other.to_string(),
    }
}

/// The `trusted_hash` Codex records for one command entry of `event` in `group`.
pub fn trusted_hash(event: &str, group: &Value, entry: &Value) -> String {
    let mut doc = Map::new();
    doc.insert("event_name".into(), Value::from(snake(event)));
    doc.insert(
        "hooks".into(),
        json!([{
            "async": entry.get("async").and_then(Value::as_bool).unwrap_or(false),
            "command": entry.get("command").and_then(Value::as_str).unwrap_or(""),
            "timeout": effective_timeout(event, entry),
            "type": "command",
        }]),
    );
    if let Some(matcher) = group.get("matcher") {
        doc.insert("matcher".into(), matcher.clone());
    }
    let digest = Sha256::digest(canonical(&Value::Object(doc)).as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// One of ring's entries in `hooks.json`, as Codex keys and hashes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub event: String,
    /// `<hooks.json path>:<event_snake>:<group>:<entry>`.
    pub key: String,
    pub hash: String,
}

/// ring's entries (`is_ours`) of `events` in the Codex `hooks.json` document at `path`.
pub fn our_entries(doc: &Value, path: &str, events: &[&str]) -> Vec<Entry> {
    let mut out = Vec::new();
    for event in events {
        let Some(groups) = doc["hooks"].get(*event).and_then(Value::as_array) else {
            continue;
        };
        for (g, group) in groups.iter().enumerate() {
            let Some(entries) = group.get("hooks").and_then(Value::as_array) else {
                continue;
            };
            for (e, entry) in entries.iter().enumerate() {
                if super::merge::entry_command(entry).is_some_and(super::merge::is_ours) {
                    out.push(Entry {
                        event: (*event).to_owned(),
                        key: format!("{path}:{}:{g}:{e}", snake(event)),
                        hash: trusted_hash(event, group, entry),
                    });
                }
            }
        }
    }
    out
}

/// The `trusted_hash` of each key under `[hooks.state]` of a Codex `config.toml`.
pub fn trusted(config_toml: &str) -> std::collections::BTreeMap<String, String> {
    let Ok(doc) = config_toml.parse::<toml::Table>() else {
        return Default::default();
    };
    let Some(state) = doc
        .get("hooks")
        .and_then(|h| h.get("state"))
        .and_then(|s| s.as_table())
    else {
        return Default::default();
    };
    state
        .iter()
        .filter_map(|(k, v)| {
            let hash = v.get("trusted_hash")?.as_str()?;
            Some((k.clone(), hash.to_owned()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("PreToolUse", "pre_tool_use")]
    #[case("SessionEnd", "session_end")]
    #[case("Stop", "stop")]
    #[case("UserPromptSubmit", "user_prompt_submit")]
    fn snake_names_are_codexs(#[case] event: &str, #[case] want: &str) {
        assert_eq!(snake(event), want);
    }

    /// Hashes Codex 0.169's own "Trust all and continue" wrote into config.toml for ring's
    /// entries (real-agent suite, codex trust, 2026-12-01).
    #[rstest]
    #[case(
        "PreToolUse",
        600,
        "sha256:5f34ab9cf596d96567ff9a69c011c9dc5ad171505a02f28d8e06a8a881cd1f84"
    )]
    #[case(
        "PermissionRequest",
        600,
        "sha256:e228eee6df566ed617420eba0d79afae5046e0c9a8713f9bbb09a0ac2295a1a0"
    )]
    #[case(
        "Stop",
        600,
        "sha256:16bf7b61102b0cd9a89a36e44aad9574282bc07e1ae36f9deb68555a26a31ed6"
    )]
    #[case(
        "Interrupt",
        3,
        "sha256:a7432c4507c8dd6f3941d63287eea6f6ee3e72560f8a441ddda80c29291d90b8"
    )]
    #[case(
        "SessionEnd",
        3,
        "sha256:420da661a9be2266d7896bc08772beac75cdbd447c18a9dcee726e6589994bca"
    )]
    fn hashes_match_what_codex_wrote(
        #[case] event: &str,
        #[case] timeout: u64,
        #[case] want: &str,
    ) {
        let entry = json!({"type": "command",
            "command": "/work/main/target/debug/ring-tmux hook --provider codex", "timeout": timeout});
        let group = json!({"hooks": [entry.clone()]});
        assert_eq!(trusted_hash(event, &group, &entry), want);
    }

    #[test]
    fn the_clamped_events_hash_timeout_three() {
        let long = json!({"command": "x", "timeout": 600});
        let short = json!({"command": "x", "timeout": 3});
        let group = json!({});
        assert_eq!(
            trusted_hash("Interrupt", &group, &long),
            trusted_hash("Interrupt", &group, &short)
        );
        assert_ne!(
            trusted_hash("Stop", &group, &long),
            trusted_hash("Stop", &group, &short)
        );
    }

    #[test]
    fn trusted_reads_hooks_state() {
        let toml = "model = \"m\"\n[hooks.state]\n\n[hooks.state.\"/h/.codex/hooks.json:stop:0:0\"]\ntrusted_hash = \"sha256:ab\"\n";
        let got = trusted(toml);
        assert_eq!(
            got.get("/h/.codex/hooks.json:stop:0:0").map(String::as_str),
            Some("sha256:ab")
        );
        assert!(trusted("not toml [").is_empty());
    }
}
