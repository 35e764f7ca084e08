//! The value of one key, checked: its TOML type, and the names a list may hold. A value
//! that does not fit is a warning, and the key keeps its default.

use super::Config;
use crate::registry::Status;
use toml::Value;

/// A TOML integer; floats and booleans are rejected, as RiNG does.
pub(super) fn int(key: &str, value: &Value) -> Result<i64, String> {
    match value {
        Value::Integer(n) => Ok(*n),
        _ => Err(wrong_type(key, &crate::t!("config-expect-integer"), value)),
    }
}

/// A TOML boolean; the strings `"true"`/`"false"` are rejected, as RiNG does.
pub(super) fn boolean(key: &str, value: &Value) -> Result<bool, String> {
    match value {
        Value::Boolean(b) => Ok(*b),
        _ => Err(wrong_type(key, &crate::t!("config-expect-bool"), value)),
    }
}

/// A list of state names. An empty list is honoured (no badges); unknown names are an error
/// so that a typo does not silently hide a state.
pub(super) fn states(key: &str, value: &Value) -> Result<Vec<Status>, String> {
    let Value::Array(items) = value else {
        return Err(wrong_type(key, &crate::t!("config-expect-states"), value));
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        match item.as_str().and_then(Status::parse) {
            Some(status) if !out.contains(&status) => out.push(status),
            Some(_) => {}
            None => {
                return Err(crate::t!(
                    "config-not-a-state",
                    key = key,
                    item = item.to_string()
                ));
            }
        }
    }
    Ok(out)
}

/// A string setting; the empty string means unset.
pub(super) fn text(key: &str, value: &Value) -> Result<Option<String>, String> {
    match value {
        Value::String(s) => Ok(Some(s.trim().to_owned()).filter(|s| !s.is_empty())),
        _ => Err(wrong_type(key, &crate::t!("config-expect-string"), value)),
    }
}

/// A list of focus backend names; an unknown one is an error (a typo would silently drop
/// a way to jump).
pub(super) fn backends(key: &str, value: &Value) -> Result<Vec<crate::focus::Backend>, String> {
    names(key, value)?
        .iter()
        .map(|name| {
            crate::focus::Backend::parse(name).ok_or_else(|| {
                let known: Vec<&str> = crate::focus::Backend::ALL.map(|b| b.name()).to_vec();
                crate::t!(
                    "config-not-a-backend",
                    key = key,
                    name = format!("{name:?}"),
                    known = known.join(", ")
                )
            })
        })
        .collect()
}

/// Channel names: a list of strings, or one string of names split on commas and spaces.
pub(super) fn names(key: &str, value: &Value) -> Result<Vec<String>, String> {
    let words: Vec<&str> = match value {
        Value::String(s) => vec![s.as_str()],
        Value::Array(items) => items
            .iter()
            .map(|item| {
                item.as_str()
                    .ok_or_else(|| wrong_type(key, &crate::t!("config-expect-names"), value))
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(wrong_type(key, &crate::t!("config-expect-names"), value)),
    };
    let mut out: Vec<String> = Vec::new();
    for name in words
        .iter()
        .flat_map(|w| w.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|n| !n.is_empty())
    {
        let name = name.to_lowercase();
        if !out.contains(&name) {
            out.push(name);
        }
    }
    Ok(out)
}

/// RiNG's `notify_repeat_seconds`: a list of positive integers; other items are dropped and
/// an empty result gives the default.
pub(super) fn gaps(key: &str, value: &Value) -> Result<Vec<i64>, String> {
    let Value::Array(items) = value else {
        return Err(wrong_type(key, &crate::t!("config-expect-seconds"), value));
    };
    let kept: Vec<i64> = items
        .iter()
        .filter_map(Value::as_integer)
        .filter(|n| *n > 0)
        .collect();
    Ok(if kept.is_empty() {
        Config::default().notify_repeat_seconds
    } else {
        kept
    })
}

/// The warning for a value of the wrong type; `key` is how the warning names the key
/// (`config key "show_all"`, or the zellij layout's own name).
pub(super) fn wrong_type(key: &str, expected: &str, value: &Value) -> String {
    crate::t!(
        "config-wrong-type",
        key = key,
        expected = expected,
        value = value.to_string()
    )
}
