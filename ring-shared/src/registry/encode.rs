//! Encoding rows (§3.6) and their file names (§3.2).

use super::Row;
use serde_json::Value;
use std::fmt::Write as _;

/// The longest file name most file systems accept, in bytes.
pub const MAX_FILE_NAME: usize = 255;

const SUFFIX: &str = ".json";

/// Marks a bounded (hashed) file name. `quote` only ever emits `%` followed by two upper-case
/// hex digits, so `%~` can never appear in a RiNG-compatible name: the two kinds of names
/// cannot collide.
const HASH_MARK: &str = "%~";

/// File name of a session's row: percent-encoded id + `.json` (§3.2), bounded for
/// ids whose encoding would exceed the file-system limit.
///
/// The encoding is Python's `urllib.parse.quote(id, safe=":")`: UTF-8 bytes;
/// `A–Z a–z 0–9 _ . - ~ :` kept, every other byte `%XX` (upper-case hex). Names of up to 255 bytes are exactly
/// RiNG's. Longer ones (RiNG crashes on them) become a prefix of the encoding, cut on an
/// escape boundary, then `%~`, then the 32 hex digits of the FNV-1a 128-bit hash of the full
/// id, then `.json` — exactly 255 bytes at most, deterministic, and distinct from every
/// RiNG-compatible name, since `quote` only emits `%` before two hex digits.
///
/// ```
/// use ring_shared::registry::file_name;
/// assert_eq!(file_name("a/b c%d~e.f_g-h"), "a%2Fb%20c%25d~e.f_g-h.json");
/// assert!(file_name(&"x".repeat(1000)).len() <= 255);
/// ```
pub fn file_name(session_id: &str) -> String {
    let quoted = quote(session_id);
    if quoted.len() + SUFFIX.len() <= MAX_FILE_NAME {
        return quoted + SUFFIX;
    }
    let hash = format!("{:032x}", fnv1a_128(session_id.as_bytes()));
    let budget = MAX_FILE_NAME - SUFFIX.len() - HASH_MARK.len() - hash.len();
    // Never cut inside a `%XX` escape: back up to the escape's `%`.
    let mut cut = budget;
    if let Some(pct) = quoted[cut.saturating_sub(2)..cut].rfind('%') {
        cut = cut - 2 + pct;
    }
    format!("{}{HASH_MARK}{hash}{SUFFIX}", &quoted[..cut])
}

/// `urllib.parse.quote(s, safe=":")`.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'~' | b':') {
            out.push(char::from(b));
        } else {
            write!(out, "%{b:02X}").expect("writing to a String cannot fail");
        }
    }
    out
}

/// FNV-1a, 128-bit: a tiny, dependency-free, well-spread hash; ids are not adversarial
/// (a collision would need two over-long ids of the same user's sessions crafted to collide).
fn fnv1a_128(bytes: &[u8]) -> u128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    bytes.iter().fold(OFFSET, |hash, &b| {
        (hash ^ u128::from(b)).wrapping_mul(PRIME)
    })
}

/// Encodes a row with RiNG's keys in RiNG's order, times as JSON floats.
///
/// Keys as §3.6 and §3.16 (optional ones only when set: `source_path`, `waiting_for`,
/// `waiting_kind`, `waiting_detail` when non-empty, the others when `Some`), then ring's own
/// `tmux_socket`, `zellij_session`, `zellij_pane`, `agent_pid`, `agent_start`, `term_env`. Separators as Python's
/// `json.dumps` (`", "`, `": "`), non-ASCII written literally, no trailing newline. Times are
/// always floats (`1700000000.0`); a non-finite time, which JSON cannot hold, is written as
/// `0.0` so RiNG's reader still parses the file.
pub fn encode_row(row: &Row) -> String {
    let mut fields: Vec<(&str, Value)> = vec![
        ("session_id", row.session_id.as_str().into()),
        ("provider", row.provider.as_str().into()),
        ("cwd", row.cwd.as_str().into()),
        ("origin_cwd", row.origin_cwd.as_str().into()),
        ("status", row.status.as_str().into()),
    ];
    let mut push = |key, value: Option<Value>| {
        if let Some(value) = value {
            fields.push((key, value));
        }
    };
    let text = |s: &str| (!s.is_empty()).then(|| Value::from(s));
    push("last_event", row.last_event.as_deref().map(Value::from));
    push(
        "last_event_owner",
        row.last_event_owner.as_deref().map(Value::from),
    );
    push(
        "last_tool_use_id",
        row.last_tool_use_id.as_deref().map(Value::from),
    );
    push("last_active", Some(time(row.last_active)));
    push("heartbeat_at", Some(time(row.heartbeat_at)));
    push("last_action", Some(row.last_action.as_str().into()));
    push("hook_pid", row.hook_pid.map(Value::from));
    push(
        "waiting_requests",
        row.waiting_requests.as_ref().map(|waits| {
            Value::Object(
                waits
                    .iter()
                    .map(|w| (w.owner.clone(), w.to_json()))
                    .collect(),
            )
        }),
    );
    push(
        "pending_permissions",
        row.pending_permissions
            .as_ref()
            .map(|items| Value::Array(items.iter().map(|p| p.to_json()).collect())),
    );
    push("source_path", text(&row.source_path));
    push("tmux_pane", row.tmux_pane.as_deref().map(Value::from));
    push(
        "todo",
        row.todo.map(|(done, total)| Value::from(vec![done, total])),
    );
    push("waiting_for", text(&row.waiting_for));
    push(
        "pending_permission_detail",
        row.pending_permission_detail.as_deref().map(Value::from),
    );
    push(
        "pending_permission_detail_at",
        row.pending_permission_detail_at.map(time),
    );
    push("waiting_kind", text(&row.waiting_kind));
    push(
        "waiting_agent_id",
        row.waiting_agent_id.as_deref().map(Value::from),
    );
    push("waiting_detail", text(&row.waiting_detail));
    push("tty", row.tty.as_deref().map(Value::from));
    push("waiting_notified_at", row.waiting_notified_at.map(time));
    push("tmux_socket", row.tmux_socket.as_deref().map(Value::from));
    push(
        "zellij_session",
        row.zellij_session.as_deref().map(Value::from),
    );
    push("zellij_pane", row.zellij_pane.as_deref().map(Value::from));
    push("agent_pid", row.agent_pid.map(Value::from));
    push("agent_start", row.agent_start.map(Value::from));
    push(
        "term_env",
        (!row.term_env.is_empty()).then(|| {
            Value::Object(
                row.term_env
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::from(v.as_str())))
                    .collect(),
            )
        }),
    );

    let mut out = String::from("{");
    for (i, (key, value)) in fields.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_json(&mut out, &Value::from(*key));
        out.push_str(": ");
        write_json(&mut out, value);
    }
    out.push('}');
    out
}

/// Writes a value with Python's `json.dumps` separators (`", "`, `": "`).
fn write_json(out: &mut String, value: &Value) {
    match value {
        Value::Object(obj) => {
            out.push('{');
            for (i, (key, item)) in obj.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json(out, &Value::from(key.as_str()));
                out.push_str(": ");
                write_json(out, item);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json(out, item);
            }
            out.push(']');
        }
        // Serializing a string, a number, a bool or null cannot fail.
        scalar => out.push_str(&serde_json::to_string(scalar).expect("a JSON scalar serializes")),
    }
}

/// A time as a JSON float (serde_json writes finite `f64`s with a fraction or exponent).
fn time(t: f64) -> Value {
    let t = if t.is_finite() { t } else { 0.0 };
    serde_json::Number::from_f64(t).map_or(Value::from(0.0), Value::Number)
}

#[cfg(test)]
mod tests;
