//! Comparing our outputs with RiNG's recorded ones.

use serde_json::{Map, Value};

/// Equality with numbers compared by value (`5` == `5.0`); returns the first difference.
pub fn diff(path: &str, ours: &Value, want: &Value) -> Option<String> {
    match (ours, want) {
        (Value::Number(a), Value::Number(b)) => {
            (a.as_f64() != b.as_f64()).then(|| format!("{path}: ours {a}, RiNG {b}"))
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                return Some(format!(
                    "{path}: ours has {} items, RiNG {}\n  ours: {}\n  RiNG: {}",
                    a.len(),
                    b.len(),
                    short(ours),
                    short(want)
                ));
            }
            a.iter()
                .zip(b)
                .enumerate()
                .find_map(|(i, (x, y))| diff(&format!("{path}[{i}]"), x, y))
        }
        (Value::Object(a), Value::Object(b)) => {
            for key in b.keys() {
                if !a.contains_key(key) {
                    return Some(format!(
                        "{path}: ours lacks key {key:?} (RiNG {})",
                        short(&b[key])
                    ));
                }
            }
            for key in a.keys() {
                if !b.contains_key(key) {
                    return Some(format!(
                        "{path}: ours has extra key {key:?} = {}",
                        short(&a[key])
                    ));
                }
            }
            b.iter()
                .find_map(|(k, v)| diff(&format!("{path}.{k}"), &a[k], v))
        }
        _ if ours == want => None,
        _ => Some(format!(
            "{path}: ours {}, RiNG {}",
            short(ours),
            short(want)
        )),
    }
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 300 {
        format!("{}…", s.chars().take(300).collect::<String>())
    } else {
        s
    }
}

/// Keeps only the keys RiNG has (ring adds keys to the JSON board: an additive interface).
fn keep_keys_of(ours: &Value, want: &Value) -> Value {
    match (ours, want) {
        (Value::Object(a), Value::Object(b)) => Value::Object(
            a.iter()
                .filter(|(k, _)| b.contains_key(*k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        _ => ours.clone(),
    }
}

/// The oneline string of a board's counts (§5.1), without the newline.
pub fn oneline_of(board: &Value) -> String {
    ring_shared::testing::oneline_of_counts(board)
}

/// Where RiNG shows the text `"None"` (Python's `str(None)` of a JSON `null` in a row), ring
/// deliberately reads `null` as absent (§10): accept `null` / `"—"` there. Returns the
/// fields accepted this way.
fn accept_null_as_absent(ours: &mut Value, want: &Value) -> Vec<String> {
    let mut accepted = Vec::new();
    let (Some(Value::Array(sessions)), Some(Value::Array(wanted))) =
        (ours.get_mut("sessions"), want.get("sessions"))
    else {
        return accepted;
    };
    for (s, w) in sessions.iter_mut().zip(wanted) {
        let (Value::Object(s), Value::Object(w)) = (s, w) else {
            continue;
        };
        for (key, value) in w {
            let ours = s.get_mut(key);
            if value == "None"
                && let Some(v) = ours.filter(|v| v.is_null() || *v == "\u{2014}")
            {
                *v = value.clone();
                accepted.push(format!("{}.{key}", w["session_id"]));
            }
        }
    }
    accepted
}

/// Compares our JSON board (parsed, `$HOME` restored) with RiNG's; `notes` gets the
/// deliberate differences that were accepted.
pub fn board(path: &str, ours: &Value, want: &Value, notes: &mut Vec<String>) -> Option<String> {
    let Value::Object(ours_map) = ours else {
        return Some(format!("{path}: not a JSON object: {}", short(ours)));
    };
    let mut top: Map<String, Value> = ours_map.clone();
    top.remove("generated_at");
    let mut ours = keep_keys_of(&Value::Object(top), want);
    if let (Some(Value::Array(sessions)), Some(Value::Array(wanted))) =
        (ours.get_mut("sessions"), want.get("sessions"))
    {
        for (s, w) in sessions.iter_mut().zip(wanted) {
            *s = keep_keys_of(s, w);
        }
    }
    for field in accept_null_as_absent(&mut ours, want) {
        notes.push(format!(
            "{path}: {field} null read as absent (RiNG shows \"None\")"
        ));
    }
    diff(path, &ours, want)
}
