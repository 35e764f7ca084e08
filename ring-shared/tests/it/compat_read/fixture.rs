//! The fake home of one scenario: row files, file times, the hidden list, and the inputs of a
//! read (config, labels, processes, tmux panes) turned into ring-shared's types.

use super::{HOME, SESSIONS};
use ring_shared::config::Config;
use ring_shared::derive::{self, Proc, Procs};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// State of the fake home while walking a scenario's steps.
pub struct Home {
    pub rows: Map<String, Value>,
    pub mtimes: BTreeMap<String, f64>,
    pub hidden: BTreeMap<String, f64>,
    /// Unmasked `hook_pid`s of hand-written rows (RiNG's output masks every pid).
    pub original_pids: BTreeMap<String, Value>,
}

pub fn add_files(home: &mut Home, files: &Value, clock: f64) {
    for file in files.as_array().into_iter().flatten() {
        let path = file["path"].as_str().expect("file path");
        let age = file["age"].as_f64().unwrap_or(0.0);
        home.mtimes.insert(path.replace("$HOME", HOME), clock - age);
        if let (Some(name), Some(pid)) = (path.strip_prefix(SESSIONS), file["json"].get("hook_pid"))
        {
            home.original_pids.insert(name.to_owned(), pid.clone());
        }
        // A hidden list written by the scenario (a legacy list is migrated as hidden at this
        // clock: the scenarios read or hook at the clock of the file step).
        if path == "$HOME/.config/ring/deleted_sessions.json" && !file["json"].is_null() {
            home.hidden = hidden_of(&file["json"], clock);
        }
    }
}

pub fn config_of(scenario: &Value) -> Config {
    let text = match (&scenario["config_text"], &scenario["config"]) {
        (Value::String(text), _) => text.clone(),
        (_, Value::Object(map)) => {
            let table: toml::Table = map
                .iter()
                .map(|(k, v)| {
                    let v = match v {
                        Value::Bool(b) => toml::Value::Boolean(*b),
                        Value::Number(n) if n.is_i64() => {
                            toml::Value::Integer(n.as_i64().expect("i64"))
                        }
                        Value::Number(n) => toml::Value::Float(n.as_f64().expect("f64")),
                        Value::String(s) => toml::Value::String(s.clone()),
                        other => panic!("config value {other} not supported"),
                    };
                    (k.clone(), v)
                })
                .collect();
            toml::to_string(&table).expect("config serializes")
        }
        _ => String::new(),
    };
    Config::parse(&text).0
}

pub fn labels_of(scenario: &Value) -> BTreeMap<String, String> {
    let text = serde_json::to_vec(&scenario["labels"]).expect("labels serialize");
    derive::parse_labels(&text)
}

pub fn hidden_of(value: &Value, now: f64) -> BTreeMap<String, f64> {
    let bytes = serde_json::to_vec(value).expect("hidden serializes");
    derive::parse_hidden(&bytes, now, 0).at
}

/// Replaces `from` by `to` in every string of a JSON value.
pub fn replace_strings(value: &mut Value, from: &str, to: &str) {
    match value {
        Value::String(s) => *s = s.replace(from, to),
        Value::Array(items) => items.iter_mut().for_each(|v| replace_strings(v, from, to)),
        Value::Object(map) => map.values_mut().for_each(|v| replace_strings(v, from, to)),
        _ => {}
    }
}

/// The row files as bytes, sorted by name, `.json` only, `$HOME` and masked pids restored.
pub fn row_files(home: &Home) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = home
        .rows
        .iter()
        .filter(|(name, _)| name.ends_with(".json"))
        .map(|(name, value)| {
            if let Some(raw) = value.get("__raw__").and_then(Value::as_str) {
                return (name.clone(), raw.as_bytes().to_vec());
            }
            let mut value = value.clone();
            replace_strings(&mut value, "$HOME", HOME);
            if value.get("hook_pid") == Some(&json!("<pid>")) {
                let pid = home.original_pids.get(name).cloned().unwrap_or(json!(4242));
                value["hook_pid"] = pid;
            }
            (
                name.clone(),
                serde_json::to_vec(&value).expect("row serializes"),
            )
        })
        .collect();
    files.sort();
    files
}

pub fn procs_of(spec: &Value) -> Procs {
    let mut procs = Procs::default();
    for (provider, list) in spec["procs"].as_object().into_iter().flatten() {
        let list = list.as_array().map(|list| {
            list.iter()
                .map(|pair| Proc {
                    cwd: pair[0].as_str().expect("cwd").replace("$HOME", HOME),
                    tty: pair[1].as_str().filter(|t| !t.is_empty()).map(Into::into),
                    ..Default::default()
                })
                .collect()
        });
        procs.by_provider.insert(provider.clone(), list);
    }
    for id in spec["background_agent_ids"]
        .as_array()
        .into_iter()
        .flatten()
    {
        procs
            .background_agent_ids
            .insert(id.as_str().expect("id").to_owned());
    }
    procs
}

pub fn panes_of(scenario: &Value, spec: &Value) -> Vec<(String, String)> {
    let panes = if spec["tmux_panes"].is_array() {
        &spec["tmux_panes"]
    } else {
        &scenario["tmux_panes"]
    };
    panes
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            (
                p["pane_id"].as_str().expect("pane id").into(),
                p["target"].as_str().expect("target").into(),
            )
        })
        .collect()
}
