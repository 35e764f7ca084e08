//! Lenient decoding of rows (spec §4.2), reporting instead of crashing.
//!
//! Python coercions are kept where they matter (`7` as an id is `"7"`, `"1699999990.5"` is a
//! time, `hook_pid` must be all digits), with the deliberate differences of spec §10: a file
//! that is not an object, or whose times are `null`, a list, an object or non-numeric text, is
//! reported and skipped instead of failing the whole board; JSON `null` anywhere else means
//! "absent" (RiNG would show the string `"None"`); lists and objects in text fields are absent
//! too (RiNG would show their Python repr).

use super::{DecodeError, Row, Status};
use serde_json::{Map, Value};

/// `provider` values written by an old RiNG bug (SessionStart's `source`); RiNG deletes them.
const PHANTOM_PROVIDERS: [&str; 4] = ["startup", "resume", "clear", "compact"];

/// Decodes a row leniently, as RiNG's reader does (spec §4.2), but reports instead of crashing.
///
/// `Err(DecodeError::Phantom)` asks the caller to delete the file, as RiNG does.
pub fn decode_row(bytes: &[u8]) -> Result<Row, DecodeError> {
    let value: Value =
        serde_json::from_slice(bytes).map_err(|err| DecodeError::Json(err.to_string()))?;
    match value {
        Value::Object(map) => decode_object(&map),
        _ => Err(DecodeError::NotObject),
    }
}

/// Decodes an already parsed JSON object (same rules as [`decode_row`]).
fn decode_object(map: &Map<String, Value>) -> Result<Row, DecodeError> {
    let provider = match map.get("provider") {
        Some(value) if truthy(value) => text(value).unwrap_or_else(|| "claude-code".into()),
        _ => "claude-code".into(),
    };
    if PHANTOM_PROVIDERS.contains(&provider.as_str()) {
        return Err(DecodeError::Phantom);
    }
    let session_id = match map.get("session_id") {
        None | Some(Value::Null) => return Err(DecodeError::MissingSessionId),
        Some(value) => text(value).ok_or(DecodeError::BadField("session_id"))?,
    };
    let status = match map.get("status") {
        None | Some(Value::Null) => Status::Idle,
        Some(Value::String(s)) => {
            Status::parse(s).ok_or_else(|| DecodeError::BadStatus(s.clone()))?
        }
        Some(other) => return Err(DecodeError::BadStatus(other.to_string())),
    };
    let last_active = match map.get("last_active") {
        None => 0.0,
        Some(value) => time(value).ok_or(DecodeError::BadTime("last_active"))?,
    };
    let heartbeat_at = match map.get("heartbeat_at") {
        None => last_active,
        Some(value) => time(value).ok_or(DecodeError::BadTime("heartbeat_at"))?,
    };

    let mut row = Row::new(session_id);
    row.provider = provider;
    row.status = status;
    row.last_active = last_active;
    row.heartbeat_at = heartbeat_at;
    if let Some(action) = map.get("last_action").and_then(text) {
        row.last_action = action;
    }
    row.cwd = text_or_empty(map, "cwd");
    row.origin_cwd = text_or_empty(map, "origin_cwd");
    row.source_path = text_or_empty(map, "source_path");
    row.waiting_for = text_or_empty(map, "waiting_for");
    row.waiting_kind = text_or_empty(map, "waiting_kind");
    row.waiting_detail = text_or_empty(map, "waiting_detail");
    row.last_event = string(map, "last_event");
    row.tmux_pane = non_empty_text(map, "tmux_pane");
    row.tty = non_empty_text(map, "tty");
    row.hook_pid = map.get("hook_pid").and_then(digits);
    row.todo = match map.get("todo") {
        Some(Value::Array(pair)) if pair.len() == 2 => pair[0].as_i64().zip(pair[1].as_i64()),
        _ => None,
    };
    // The stash and cooldown stamps are read back by the next hook event, which takes them
    // only as a non-empty string and as numbers that are not booleans (spec §3.8, §3.10).
    row.pending_permission_detail = string(map, "pending_permission_detail");
    row.pending_permission_detail_at = number(map, "pending_permission_detail_at");
    row.waiting_notified_at = number(map, "waiting_notified_at");
    row.tmux_socket = string(map, "tmux_socket");
    row.zellij_session = string(map, "zellij_session");
    row.zellij_pane = non_empty_text(map, "zellij_pane");
    row.agent_pid = map.get("agent_pid").and_then(digits);
    Ok(row)
}

/// Python truthiness of a JSON value.
fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(map) => !map.is_empty(),
    }
}

/// Python `str()` of a scalar; `None` for null, lists and objects (treated as absent).
fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Bool(true) => Some("True".into()),
        Value::Bool(false) => Some("False".into()),
        Value::Number(n) => Some(match n.as_f64() {
            Some(f) if n.is_f64() => py_float_repr(f),
            _ => n.to_string(),
        }),
        Value::Null | Value::Array(_) | Value::Object(_) => None,
    }
}

fn text_or_empty(map: &Map<String, Value>, key: &str) -> String {
    map.get(key).and_then(text).unwrap_or_default()
}

fn non_empty_text(map: &Map<String, Value>, key: &str) -> Option<String> {
    map.get(key).and_then(text).filter(|s| !s.is_empty())
}

/// A non-empty JSON string, as is.
fn string(map: &Map<String, Value>, key: &str) -> Option<String> {
    match map.get(key) {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        _ => None,
    }
}

/// A JSON number (booleans are not numbers here).
fn number(map: &Map<String, Value>, key: &str) -> Option<f64> {
    map.get(key)
        .and_then(Value::as_f64)
        .filter(|f| f.is_finite())
}

/// Python `float(value)` for a time: numbers, booleans (Python's ints) and numeric text.
/// Non-finite results are refused: no clock comparison means anything with them.
fn time(value: &Value) -> Option<f64> {
    let f = match value {
        Value::Number(n) => n.as_f64()?,
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::String(s) => py_float_parse(s)?,
        Value::Null | Value::Array(_) | Value::Object(_) => return None,
    };
    f.is_finite().then_some(f)
}

/// Python `float(str)`: surrounding whitespace allowed, `_` between digits allowed.
fn py_float_parse(s: &str) -> Option<f64> {
    let trimmed = s.trim_matches(is_py_whitespace);
    let bytes = trimmed.as_bytes();
    // Underscores only between two digits, as Python's grammar requires.
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'_' {
            let before = i.checked_sub(1).map(|j| bytes[j]);
            let after = bytes.get(i + 1).copied();
            if !before.is_some_and(|c| c.is_ascii_digit())
                || !after.is_some_and(|c| c.is_ascii_digit())
            {
                return None;
            }
        }
    }
    let cleaned: String = trimmed.chars().filter(|&c| c != '_').collect();
    // Rust accepts forms Python rejects and vice versa only around inf/nan spellings, which
    // are refused as non-finite anyway; plain digits, signs, dots and exponents agree.
    if cleaned.is_empty()
        || !cleaned
            .bytes()
            .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b))
    {
        return None;
    }
    cleaned.parse::<f64>().ok()
}

/// Python's `str.isspace` set (spec Appendix A).
fn is_py_whitespace(c: char) -> bool {
    matches!(c, '\u{9}'..='\u{d}' | '\u{1c}'..='\u{20}' | '\u{85}' | '\u{a0}' | '\u{1680}'
        | '\u{2000}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}')
}

/// Python `int(str(value))` when `str(value)` is all digits (`str.isdigit`), else `None`.
fn digits(value: &Value) -> Option<i64> {
    let s = text(value)?;
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Python `repr(float)`: shortest round-trip digits, exponent form outside `1e-4 ..< 1e16`.
pub(crate) fn py_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    // `{:e}` gives the shortest round-trip digits: `d.ddde±x`.
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` always has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` exponent is an integer");
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if f < 0.0 { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let point = exp + 1; // digits before the decimal point
        let body = if point <= 0 {
            format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
        } else if point as usize >= digits.len() {
            format!("{digits}{}.0", "0".repeat(point as usize - digits.len()))
        } else {
            let (int, frac) = digits.split_at(point as usize);
            format!("{int}.{frac}")
        };
        format!("{sign}{body}")
    } else {
        let (first, rest) = digits.split_at(1);
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let exp_sign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{first}{frac}e{exp_sign}{:02}", exp.unsigned_abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn decode(json: &str) -> Result<Row, DecodeError> {
        decode_row(json.as_bytes())
    }

    #[rstest]
    #[case::invalid_json("{nope")]
    #[case::empty("")]
    #[case::utf8_bom("\u{feff}{\"session_id\": \"a\"}")]
    fn unparsable_files_are_json_errors(#[case] text: &str) {
        assert!(matches!(decode(text), Err(DecodeError::Json(_))));
    }

    #[rstest]
    #[case::list("[1, 2]")]
    #[case::string("\"s\"")]
    #[case::null("null")]
    #[case::number("3")]
    fn non_object_json_is_skipped_not_fatal(#[case] text: &str) {
        assert_eq!(decode(text), Err(DecodeError::NotObject));
    }

    #[rstest]
    #[case::no_id(r#"{"status": "idle"}"#, DecodeError::MissingSessionId)]
    #[case::null_id(r#"{"session_id": null}"#, DecodeError::MissingSessionId)]
    #[case::list_id(r#"{"session_id": [1]}"#, DecodeError::BadField("session_id"))]
    #[case::upper_status(r#"{"session_id": "a", "status": "WAITING"}"#, DecodeError::BadStatus("WAITING".into()))]
    #[case::unknown_status(r#"{"session_id": "a", "status": "paused"}"#, DecodeError::BadStatus("paused".into()))]
    #[case::word_time(
        r#"{"session_id": "a", "last_active": "yesterday"}"#,
        DecodeError::BadTime("last_active")
    )]
    #[case::null_time(
        r#"{"session_id": "a", "last_active": null}"#,
        DecodeError::BadTime("last_active")
    )]
    #[case::list_time(
        r#"{"session_id": "a", "last_active": [1]}"#,
        DecodeError::BadTime("last_active")
    )]
    #[case::object_heartbeat(
        r#"{"session_id": "a", "heartbeat_at": {}}"#,
        DecodeError::BadTime("heartbeat_at")
    )]
    #[case::phantom_startup(r#"{"session_id": "a", "provider": "startup"}"#, DecodeError::Phantom)]
    #[case::phantom_compact(r#"{"session_id": "a", "provider": "compact"}"#, DecodeError::Phantom)]
    fn bad_rows_report_why(#[case] text: &str, #[case] expected: DecodeError) {
        assert_eq!(decode(text), Err(expected));
    }

    #[test]
    fn minimal_row_gets_reader_defaults() {
        assert_eq!(
            decode(r#"{"session_id": "minimal"}"#),
            Ok(Row::new("minimal"))
        );
    }

    #[test]
    fn lenient_row_coerces_like_python_but_null_is_absent() {
        let row = decode(
            r#"{"session_id": "lenient", "provider": "", "cwd": "/r/len", "status": "waiting",
                "last_active": "1699999990.5", "tmux_pane": null, "tty": null, "hook_pid": "42",
                "todo": [1, 2, 3], "waiting_kind": "question", "last_action": null}"#,
        )
        .expect("lenient row decodes");
        let mut expected = Row::new("lenient");
        expected.cwd = "/r/len".into();
        expected.status = Status::Waiting;
        expected.last_active = 1699999990.5;
        expected.heartbeat_at = 1699999990.5;
        expected.hook_pid = Some(42);
        expected.waiting_kind = "question".into();
        assert_eq!(row, expected);
    }

    #[test]
    fn numeric_id_becomes_text_and_negative_pid_is_dropped() {
        let row = decode(
            r#"{"session_id": 7, "status": "working", "last_active": 1699999995,
                "todo": [0, 4], "hook_pid": -3}"#,
        )
        .expect("numeric id decodes");
        assert_eq!(row.session_id, "7");
        assert_eq!(row.last_active, 1699999995.0);
        assert_eq!(row.heartbeat_at, 1699999995.0);
        assert_eq!(row.todo, Some((0, 4)));
        assert_eq!(row.hook_pid, None);
    }

    #[rstest]
    #[case::int_string("\"42\"", Some(42))]
    #[case::int(r"42", Some(42))]
    #[case::float("42.0", None)]
    #[case::signed_string("\"+4\"", None)]
    #[case::spaced_string("\" 4\"", None)]
    #[case::empty_string("\"\"", None)]
    #[case::bool("true", None)]
    #[case::overflow("\"99999999999999999999\"", None)]
    fn hook_pid_must_be_all_digits(#[case] json: &str, #[case] expected: Option<i64>) {
        let row = decode(&format!(r#"{{"session_id": "a", "hook_pid": {json}}}"#)).expect("row");
        assert_eq!(row.hook_pid, expected);
    }

    #[rstest]
    #[case::spaced(r#"" 12.5 ""#, 12.5)]
    #[case::underscore(r#""1_000""#, 1000.0)]
    #[case::exponent(r#""1e3""#, 1000.0)]
    #[case::bool_is_int("true", 1.0)]
    #[case::integer("17", 17.0)]
    fn times_accept_python_float_forms(#[case] json: &str, #[case] expected: f64) {
        let row = decode(&format!(r#"{{"session_id": "a", "last_active": {json}}}"#)).expect("row");
        assert_eq!(row.last_active, expected);
    }

    #[rstest]
    #[case::double_underscore(r#""1__0""#)]
    #[case::leading_underscore(r#""_1""#)]
    #[case::nan(r#""nan""#)]
    #[case::inf(r#""inf""#)]
    #[case::empty(r#""""#)]
    fn times_refuse_other_text(#[case] json: &str) {
        let text = format!(r#"{{"session_id": "a", "last_active": {json}}}"#);
        assert_eq!(decode(&text), Err(DecodeError::BadTime("last_active")));
    }

    #[rstest]
    #[case::truthy_number("5", "5")]
    #[case::zero_is_default("0", "claude-code")]
    #[case::false_is_default("false", "claude-code")]
    #[case::null_is_default("null", "claude-code")]
    #[case::kept_raw("\"claude\"", "claude")]
    fn provider_is_text_if_truthy(#[case] json: &str, #[case] expected: &str) {
        let row = decode(&format!(r#"{{"session_id": "a", "provider": {json}}}"#)).expect("row");
        assert_eq!(row.provider, expected);
    }

    #[rstest]
    #[case::pair("[1, 2]", Some((1, 2)))]
    #[case::triple("[1, 2, 3]", None)]
    #[case::strings(r#"["a", "b"]"#, None)]
    #[case::object(r#"{"done": 1}"#, None)]
    fn todo_is_a_pair_of_integers(#[case] json: &str, #[case] expected: Option<(i64, i64)>) {
        let row = decode(&format!(r#"{{"session_id": "a", "todo": {json}}}"#)).expect("row");
        assert_eq!(row.todo, expected);
    }

    #[test]
    fn stash_and_cooldown_stamps_must_be_numbers_not_booleans() {
        let row = decode(
            r#"{"session_id": "a", "pending_permission_detail": "Bash: ls",
                "pending_permission_detail_at": true, "waiting_notified_at": 5}"#,
        )
        .expect("row");
        assert_eq!(row.pending_permission_detail.as_deref(), Some("Bash: ls"));
        assert_eq!(row.pending_permission_detail_at, None);
        assert_eq!(row.waiting_notified_at, Some(5.0));
    }

    #[test]
    fn duplicate_keys_last_one_wins() {
        let row = decode(r#"{"session_id": "a", "status": "idle", "status": "waiting"}"#);
        assert_eq!(row.map(|r| r.status), Ok(Status::Waiting));
    }

    #[rstest]
    #[case(1.5, "1.5")]
    #[case(1700000000.0, "1700000000.0")]
    #[case(1e16, "1e+16")]
    #[case(1.5e-5, "1.5e-05")]
    #[case(0.0001, "0.0001")]
    #[case(-2.0, "-2.0")]
    #[case(123456789012345.6, "123456789012345.6")]
    fn float_text_matches_python_repr(#[case] f: f64, #[case] expected: &str) {
        assert_eq!(py_float_repr(f), expected);
    }
}
