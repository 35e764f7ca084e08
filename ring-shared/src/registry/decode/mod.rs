//! Lenient decoding of rows (§4.2), reporting instead of crashing.
//!
//! Python coercions are kept where they matter (`7` as an id is `"7"`, `"1699999990.5"` is a
//! time, `hook_pid` must be all digits), with the deliberate differences of §10: a file
//! that is not an object, or whose times are `null`, a list, an object or non-numeric text, is
//! reported and skipped instead of failing the whole board; JSON `null` anywhere else means
//! "absent" (RiNG would show the string `"None"`); lists and objects in text fields are absent
//! too (RiNG would show their Python repr).

use super::{DecodeError, Row, Status};
use crate::provider::claude::PROVIDER;
use crate::text::py_float_repr;
use lenient::{Fields, Key, Lenient};
use python::py_float_parse;

mod lenient;
mod python;

/// `provider` values written by an old RiNG bug (SessionStart's `source`); RiNG deletes them.
const PHANTOM_PROVIDERS: [&str; 4] = ["startup", "resume", "clear", "compact"];

/// Decodes a row leniently, as RiNG's reader does (§4.2), but reports instead of crashing.
///
/// `Err(DecodeError::Phantom)` asks the caller to delete the file, as RiNG does.
pub fn decode_row(bytes: &[u8]) -> Result<Row, DecodeError> {
    match lenient::parse(bytes) {
        Ok(Some(fields)) => decode_fields(fields),
        Ok(None) => Err(DecodeError::NotObject),
        Err(err) => Err(DecodeError::Json(err.to_string())),
    }
}

fn decode_fields(mut f: Fields) -> Result<Row, DecodeError> {
    let provider = match f.take(Key::Provider) {
        Some(value) if truthy(&value) => text(value).unwrap_or_else(|| PROVIDER.name.into()),
        _ => PROVIDER.name.into(),
    };
    if PHANTOM_PROVIDERS.contains(&provider.as_str()) {
        return Err(DecodeError::Phantom);
    }
    let session_id = match f.take(Key::SessionId) {
        None | Some(Lenient::Null) => return Err(DecodeError::MissingSessionId),
        Some(value) => text(value).ok_or(DecodeError::BadField("session_id"))?,
    };
    let status = match f.take(Key::Status) {
        None | Some(Lenient::Null) => Status::Idle,
        Some(Lenient::Str(s)) => Status::parse(&s).ok_or(DecodeError::BadStatus(s))?,
        Some(other) => return Err(DecodeError::BadStatus(format!("{other:?}"))),
    };
    let last_active = match f.get(Key::LastActive) {
        None => 0.0,
        Some(value) => time(value).ok_or(DecodeError::BadTime("last_active"))?,
    };
    let heartbeat_at = match f.get(Key::HeartbeatAt) {
        None => last_active,
        Some(value) => time(value).ok_or(DecodeError::BadTime("heartbeat_at"))?,
    };

    let mut row = Row::new(session_id);
    row.provider = provider;
    row.status = status;
    row.last_active = last_active;
    row.heartbeat_at = heartbeat_at;
    if let Some(action) = f.take(Key::LastAction).and_then(text) {
        row.last_action = action;
    }
    row.cwd = text_or_empty(&mut f, Key::Cwd);
    row.origin_cwd = text_or_empty(&mut f, Key::OriginCwd);
    row.source_path = text_or_empty(&mut f, Key::SourcePath);
    row.waiting_for = text_or_empty(&mut f, Key::WaitingFor);
    row.waiting_kind = text_or_empty(&mut f, Key::WaitingKind);
    row.waiting_detail = text_or_empty(&mut f, Key::WaitingDetail);
    row.last_event = string(&mut f, Key::LastEvent);
    row.tmux_pane = non_empty_text(&mut f, Key::TmuxPane);
    row.tty = non_empty_text(&mut f, Key::Tty);
    row.hook_pid = f.take(Key::HookPid).and_then(digits);
    row.todo = match f.get(Key::Todo) {
        Some(Lenient::List(pair)) if pair.len() == 2 => integer(&pair[0]).zip(integer(&pair[1])),
        _ => None,
    };
    // The stash and cooldown stamps are read back by the next hook event, which takes them
    // only as a non-empty string and as numbers that are not booleans (§3.8, §3.10).
    row.pending_permission_detail = string(&mut f, Key::PendingDetail);
    row.pending_permission_detail_at = number(&f, Key::PendingDetailAt);
    row.waiting_notified_at = number(&f, Key::WaitingNotifiedAt);
    row.last_event_owner = string(&mut f, Key::LastEventOwner);
    row.last_tool_use_id = string(&mut f, Key::LastToolUseId);
    row.waiting_agent_id = string(&mut f, Key::WaitingAgentId);
    // RiNG 0.17.6's waits (§3.16), read as its `read_waiting_requests` does; the pending
    // details as stored (their freshness is the next hook event's business).
    let mut structured = serde_json::Map::new();
    for (key, name) in [
        (Key::WaitingRequests, "waiting_requests"),
        (Key::PendingPermissions, "pending_permissions"),
    ] {
        if let Some(Lenient::Json(value)) = f.take(key) {
            structured.insert(name.into(), value);
        }
    }
    if structured.contains_key("waiting_requests") {
        row.waiting_requests = structured
            .get("waiting_requests")
            .filter(|v| v.is_object())
            .map(|_| crate::owner::read_waits(&structured));
    }
    if let Some(serde_json::Value::Array(_)) = structured.get("pending_permissions") {
        row.pending_permissions = Some(crate::owner::read_pending(
            &structured,
            f64::INFINITY,
            f64::INFINITY,
        ));
    }
    row.tmux_socket = string(&mut f, Key::TmuxSocket);
    row.zellij_session = string(&mut f, Key::ZellijSession);
    row.zellij_pane = non_empty_text(&mut f, Key::ZellijPane);
    row.agent_pid = f.take(Key::AgentPid).and_then(digits);
    row.agent_start = f.take(Key::AgentStart).and_then(digits);
    if let Some(Lenient::Json(serde_json::Value::Object(env))) = f.take(Key::TermEnv) {
        row.term_env = env
            .into_iter()
            .filter_map(|(k, v)| Some((k, v.as_str()?.to_owned())))
            .collect();
        crate::registry::term_env::bound(&mut row.term_env);
    }
    Ok(row)
}

/// Python truthiness of a JSON value.
fn truthy(value: &Lenient) -> bool {
    match value {
        Lenient::Null => false,
        Lenient::Bool(b) => *b,
        Lenient::Int(n) => *n != 0,
        Lenient::UInt(n) => *n != 0,
        Lenient::Float(f) => *f != 0.0,
        Lenient::Str(s) => !s.is_empty(),
        Lenient::List(items) => !items.is_empty(),
        Lenient::Object { empty } => !empty,
        Lenient::Json(value) => crate::text::is_truthy(value),
    }
}

/// Python `str()` of a scalar; `None` for null, lists and objects (treated as absent).
fn text(value: Lenient) -> Option<String> {
    match value {
        Lenient::Str(s) => Some(s),
        Lenient::Bool(true) => Some("True".into()),
        Lenient::Bool(false) => Some("False".into()),
        Lenient::Int(n) => Some(n.to_string()),
        Lenient::UInt(n) => Some(n.to_string()),
        Lenient::Float(f) => Some(py_float_repr(f)),
        Lenient::Null | Lenient::List(_) | Lenient::Object { .. } | Lenient::Json(_) => None,
    }
}

fn text_or_empty(f: &mut Fields, key: Key) -> String {
    f.take(key).and_then(text).unwrap_or_default()
}

fn non_empty_text(f: &mut Fields, key: Key) -> Option<String> {
    f.take(key).and_then(text).filter(|s| !s.is_empty())
}

/// A non-empty JSON string, as is.
fn string(f: &mut Fields, key: Key) -> Option<String> {
    match f.take(key) {
        Some(Lenient::Str(s)) if !s.is_empty() => Some(s),
        _ => None,
    }
}

/// A finite JSON number (booleans are not numbers here).
fn number(f: &Fields, key: Key) -> Option<f64> {
    let n = match f.get(key)? {
        Lenient::Int(n) => *n as f64,
        Lenient::UInt(n) => *n as f64,
        Lenient::Float(x) => *x,
        _ => return None,
    };
    n.is_finite().then_some(n)
}

/// A JSON integer that fits an `i64`.
fn integer(value: &Lenient) -> Option<i64> {
    match value {
        Lenient::Int(n) => Some(*n),
        Lenient::UInt(n) => i64::try_from(*n).ok(),
        _ => None,
    }
}

/// Python `float(value)` for a time: numbers, booleans (Python's ints) and numeric text.
/// Non-finite results are refused: no clock comparison means anything with them.
fn time(value: &Lenient) -> Option<f64> {
    let f = match value {
        Lenient::Int(n) => *n as f64,
        Lenient::UInt(n) => *n as f64,
        Lenient::Float(x) => *x,
        Lenient::Bool(b) => f64::from(u8::from(*b)),
        Lenient::Str(s) => py_float_parse(s)?,
        Lenient::Null | Lenient::List(_) | Lenient::Object { .. } | Lenient::Json(_) => {
            return None;
        }
    };
    f.is_finite().then_some(f)
}

/// Python `int(str(value))` when `str(value)` is all digits (`str.isdigit`), else `None`.
fn digits(value: Lenient) -> Option<i64> {
    let s = text(value)?;
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests;
