//! Waits owned per actor (§3.16): a Claude Code session is its foreground agent plus the
//! subagents and teammates it runs, and each of them waits on its own.
//!
//! The shapes are RiNG 0.17.6's, key for key, so either tool reads the other's rows:
//! `waiting_requests` is an object from owner to wait (insertion order matters: with no
//! foreground wait the first one is the summary), `pending_permissions` a list of the details
//! captured from `PermissionRequest`s. A row without them reads as one foreground wait.

use crate::text::as_number;
use serde_json::{Map, Value};

/// The session's own agent: events without `agent_id` / `agent_type`.
pub const FOREGROUND: &str = "foreground";
/// An actor known only by its `agent_type` (no id): only a foreground reply clears it.
pub const UNKNOWN: &str = "unknown";
/// Prefix of a subagent's owner: `agent:<agent_id>`.
pub const AGENT_PREFIX: &str = "agent:";

/// The owner of a payload (§3.16 rule 1): `agent:<id>` for a non-empty string `agent_id` /
/// `agentId`, `unknown` for only a non-empty string `agent_type` / `agentType`, else the
/// foreground.
pub fn owner_of(obj: &Map<String, Value>) -> String {
    let text = |keys: &[&str]| {
        keys.iter()
            .filter_map(|k| obj.get(*k).and_then(Value::as_str))
            .find(|s| !s.is_empty())
            .map(str::to_owned)
    };
    if let Some(id) = text(&["agent_id", "agentId"]) {
        return format!("{AGENT_PREFIX}{id}");
    }
    match text(&["agent_type", "agentType"]) {
        Some(_) => UNKNOWN.into(),
        None => FOREGROUND.into(),
    }
}

/// The payload's `agent_type` / `agentType` (first non-empty string), `""` if none: the name
/// front ends show for a subagent ("subagent `reviewer`").
pub fn agent_type_of(obj: &Map<String, Value>) -> String {
    ["agent_type", "agentType"]
        .iter()
        .filter_map(|k| obj.get(*k).and_then(Value::as_str))
        .find(|s| !s.is_empty())
        .unwrap_or_default()
        .to_owned()
}

/// The payload's `tool_use_id` / `toolUseId` (first non-empty string), `""` if none.
pub fn tool_use_id_of(obj: &Map<String, Value>) -> String {
    ["tool_use_id", "toolUseId"]
        .iter()
        .filter_map(|k| obj.get(*k).and_then(Value::as_str))
        .find(|s| !s.is_empty())
        .unwrap_or_default()
        .to_owned()
}

/// Whether `owner` is one RiNG reads back (`foreground`, `unknown`, `agent:…`).
pub fn is_owner(owner: &str) -> bool {
    owner == FOREGROUND || owner == UNKNOWN || owner.starts_with(AGENT_PREFIX)
}

/// One owner's wait: RiNG's `WaitingRequest`, plus ring's own `agent_type`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Wait {
    /// `foreground`, `unknown` or `agent:<id>`.
    pub owner: String,
    /// `permission`, `question`, `plan`, … (`waiting_kind`).
    pub kind: String,
    /// What is waited on (`waiting_detail`).
    pub detail: String,
    /// `waiting_for` token.
    pub waiting_for: String,
    /// When this wait opened.
    pub since: f64,
    /// Stable id of this request across events (RiNG: a random hex; ring: a hash).
    pub revision: String,
    /// The tool call this wait is about, `""` if unknown.
    pub tool_use_id: String,
    /// ring's own: the subagent's `agent_type`, `""` if none (RiNG drops it when it rewrites).
    pub agent_type: String,
}

impl Wait {
    /// The subagent's id for `waiting_agent_id`, if the owner is one.
    pub fn agent_id(&self) -> Option<&str> {
        self.owner.strip_prefix(AGENT_PREFIX)
    }

    /// RiNG's `request_id`: the revision, or for a wait without one RiNG's own stable id, the
    /// SHA-256 of `json.dumps([owner, since, tool_use_id])`: the same in both tools, natively
    /// and in wasm (the zellij plugin and the web page compute it too).
    pub fn request_id(&self) -> String {
        if !self.revision.is_empty() {
            return self.revision.clone();
        }
        let identity = format!(
            "[{}, {}, {}]",
            crate::text::py_json_str(&self.owner),
            crate::text::py_float_repr(self.since),
            crate::text::py_json_str(&self.tool_use_id)
        );
        format!("legacy:{}", sha256_hex(identity.as_bytes()))
    }

    /// The wait as RiNG writes it (`asdict` order), `agent_type` last when set.
    pub fn to_json(&self) -> Value {
        let mut obj = Map::new();
        obj.insert("owner".into(), self.owner.as_str().into());
        obj.insert("kind".into(), self.kind.as_str().into());
        obj.insert("detail".into(), self.detail.as_str().into());
        obj.insert("waiting_for".into(), self.waiting_for.as_str().into());
        obj.insert("since".into(), float(self.since));
        obj.insert("revision".into(), self.revision.as_str().into());
        obj.insert("tool_use_id".into(), self.tool_use_id.as_str().into());
        if !self.agent_type.is_empty() {
            obj.insert("agent_type".into(), self.agent_type.as_str().into());
        }
        Value::Object(obj)
    }
}

/// A permission detail captured from a `PermissionRequest` (RiNG's `pending_permissions` item).
#[derive(Debug, Clone, PartialEq)]
pub struct Pending {
    /// Whose request.
    pub owner: String,
    /// Its `tool_use_id`, `""` if none.
    pub request_id: String,
    /// The command or file it asks about.
    pub detail: String,
    /// When it was captured.
    pub at: f64,
}

impl Pending {
    /// The item as RiNG writes it.
    pub fn to_json(&self) -> Value {
        let mut obj = Map::new();
        obj.insert("owner".into(), self.owner.as_str().into());
        obj.insert("request_id".into(), self.request_id.as_str().into());
        obj.insert("detail".into(), self.detail.as_str().into());
        obj.insert("at".into(), float(self.at));
        Value::Object(obj)
    }
}

/// The waits of a raw row (§3.16 rule 2, RiNG's `read_waiting_requests`): its
/// `waiting_requests` object when there is one (an empty one means none, never the old
/// fields), else one wait from the old single-wait fields when the row is waiting, owned by
/// `agent:<waiting_agent_id>` when that is set, else by the foreground. Entries whose owner
/// is not one RiNG knows, or whose value is not an object, are skipped.
pub fn read_waits(row: &Map<String, Value>) -> Vec<Wait> {
    let text = |obj: &Map<String, Value>, key: &str| {
        obj.get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let Some(raw) = row.get("waiting_requests").and_then(Value::as_object) else {
        if row.get("status").and_then(Value::as_str) != Some("waiting") {
            return Vec::new();
        }
        let owner = match row.get("waiting_agent_id").and_then(Value::as_str) {
            Some(id) if !id.is_empty() => format!("{AGENT_PREFIX}{id}"),
            _ => FOREGROUND.into(),
        };
        return vec![Wait {
            owner,
            kind: text(row, "waiting_kind"),
            detail: text(row, "waiting_detail"),
            waiting_for: text(row, "waiting_for"),
            since: row
                .get("last_active")
                .and_then(as_number)
                .unwrap_or_default(),
            revision: String::new(),
            tool_use_id: String::new(),
            agent_type: text(row, "waiting_agent_type"),
        }];
    };
    raw.iter()
        .filter(|(owner, _)| is_owner(owner))
        .filter_map(|(owner, value)| {
            let value = value.as_object()?;
            Some(Wait {
                owner: owner.clone(),
                kind: text(value, "kind"),
                detail: text(value, "detail"),
                waiting_for: text(value, "waiting_for"),
                since: value
                    .get("since")
                    .and_then(as_number)
                    .filter(|t| t.is_finite())
                    .unwrap_or_default(),
                revision: text(value, "revision"),
                tool_use_id: text(value, "tool_use_id"),
                agent_type: text(value, "agent_type"),
            })
        })
        .collect()
}

/// The captured permission details of a raw row that are still usable at `now` (at most
/// `ttl` seconds old): its `pending_permissions` list, else the old single
/// `pending_permission_detail` as the foreground's.
pub fn read_pending(row: &Map<String, Value>, now: f64, ttl: f64) -> Vec<Pending> {
    let legacy;
    let items: &[Value] = match row.get("pending_permissions") {
        Some(Value::Array(items)) => items,
        _ => {
            let mut obj = Map::new();
            obj.insert("owner".into(), FOREGROUND.into());
            obj.insert("request_id".into(), "".into());
            for (to, from) in [
                ("detail", "pending_permission_detail"),
                ("at", "pending_permission_detail_at"),
            ] {
                obj.insert(to.into(), row.get(from).cloned().unwrap_or(Value::Null));
            }
            legacy = [Value::Object(obj)];
            &legacy
        }
    };
    items
        .iter()
        .filter_map(|item| {
            let item = item.as_object()?;
            let text = |key: &str| item.get(key).and_then(Value::as_str).map(str::to_owned);
            let at = item.get("at").and_then(as_number)?;
            let pending = Pending {
                owner: text("owner")?,
                request_id: text("request_id")?,
                detail: text("detail").filter(|d| !d.is_empty())?,
                at,
            };
            // RiNG also drops a detail stamped after `now`; ring keeps it, so concurrent hooks
            // whose clocks read a little apart (or a clock stepped back) never lose it.
            (now - at <= ttl).then_some(pending)
        })
        .collect()
}

/// The wait the summary fields show (RiNG's `primary_wait`): the foreground's, else the
/// first opened, so background activity does not keep changing who the row names.
pub fn primary(waits: &[Wait]) -> Option<&Wait> {
    waits
        .iter()
        .find(|w| w.owner == FOREGROUND)
        .or_else(|| waits.first())
}

/// RiNG's `renew_wait`: the same request again (same owner and kind, and the same tool call,
/// or without tool ids the same detail and `waiting_for`) keeps its start and id; anything
/// else is a new request with a new id (`fresh`).
pub fn renew(previous: Option<&Wait>, mut current: Wait, fresh: String) -> Wait {
    if let Some(prev) = previous.filter(|p| p.owner == current.owner && p.kind == current.kind) {
        let same = if !prev.tool_use_id.is_empty() && !current.tool_use_id.is_empty() {
            prev.tool_use_id == current.tool_use_id
        } else {
            (&prev.detail, &prev.waiting_for) == (&current.detail, &current.waiting_for)
        };
        if same {
            current.since = prev.since;
            current.revision = prev.request_id();
            if current.tool_use_id.is_empty() {
                current.tool_use_id.clone_from(&prev.tool_use_id);
            }
            if current.agent_type.is_empty() {
                current.agent_type.clone_from(&prev.agent_type);
            }
            return current;
        }
    }
    current.revision = fresh;
    current
}

/// 32 hex digits from a hash of `parts` (RiNG uses `uuid4().hex`; ring stays pure, so a
/// revision is a hash of what makes the request unique): SHA-256, the same on every platform
/// and in every version.
pub fn hex_id(parts: &[&str]) -> String {
    let mut joined = Vec::new();
    for part in parts {
        joined.extend_from_slice(part.as_bytes());
        joined.push(0xff);
    }
    let mut hex = sha256_hex(&joined);
    hex.truncate(32);
    hex
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    // Two table look-ups a byte: `format!` per byte was one allocation each.
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let digest = sha2::Sha256::digest(bytes);
    let mut hex = String::with_capacity(digest.len() * 2);
    for b in digest {
        hex.push(char::from(DIGITS[usize::from(b >> 4)]));
        hex.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    hex
}

fn float(t: f64) -> Value {
    let t = if t.is_finite() { t } else { 0.0 };
    serde_json::Number::from_f64(t).map_or(Value::from(0.0), Value::Number)
}

#[cfg(test)]
mod tests;
