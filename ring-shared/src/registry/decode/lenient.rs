//! Streaming collection of a row's known keys: one pass over the bytes, no `Value` tree,
//! unknown keys skipped, the last of duplicate keys kept (as Python's `json` does).

use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use std::fmt;

/// A JSON value as far as the coercions care: scalars kept, lists one level deep, objects
/// reduced to whether they are empty (only Python truthiness looks at them).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Lenient {
    Null,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(String),
    List(Vec<Lenient>),
    Object {
        empty: bool,
    },
    /// The whole value, for the keys that hold structures ([`Key::structured`]).
    Json(serde_json::Value),
}

macro_rules! keys {
    ($($variant:ident = $name:literal,)*) => {
        /// The row keys the reader looks at.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(super) enum Key { $($variant,)* }

        const KEY_COUNT: usize = [$($name,)*].len();

        fn key_of(name: &str) -> Option<Key> {
            match name {
                $($name => Some(Key::$variant),)*
                _ => None,
            }
        }
    };
}

keys! {
    SessionId = "session_id",
    Provider = "provider",
    Status = "status",
    LastActive = "last_active",
    HeartbeatAt = "heartbeat_at",
    LastAction = "last_action",
    Cwd = "cwd",
    OriginCwd = "origin_cwd",
    SourcePath = "source_path",
    WaitingFor = "waiting_for",
    WaitingKind = "waiting_kind",
    WaitingDetail = "waiting_detail",
    LastEvent = "last_event",
    TmuxPane = "tmux_pane",
    Tty = "tty",
    HookPid = "hook_pid",
    Todo = "todo",
    PendingDetail = "pending_permission_detail",
    PendingDetailAt = "pending_permission_detail_at",
    WaitingNotifiedAt = "waiting_notified_at",
    TmuxSocket = "tmux_socket",
    ZellijSession = "zellij_session",
    ZellijPane = "zellij_pane",
    AgentPid = "agent_pid",
    AgentStart = "agent_start",
    LastEventOwner = "last_event_owner",
    LastToolUseId = "last_tool_use_id",
    WaitingRequests = "waiting_requests",
    PendingPermissions = "pending_permissions",
    WaitingAgentId = "waiting_agent_id",
    TermEnv = "term_env",
}

impl Key {
    /// Keys whose value is read whole (RiNG 0.17.6's waits, §3.16).
    fn structured(self) -> bool {
        matches!(
            self,
            Key::WaitingRequests | Key::PendingPermissions | Key::TermEnv
        )
    }
}

/// The known keys of one row object.
#[derive(Debug, Default)]
pub(super) struct Fields([Option<Lenient>; KEY_COUNT]);

impl Fields {
    /// The value under `key`, if the key was present (`Some(Lenient::Null)` for `null`).
    pub(super) fn get(&self, key: Key) -> Option<&Lenient> {
        self.0[key as usize].as_ref()
    }

    /// Takes the value under `key` (to move strings out without copying).
    pub(super) fn take(&mut self, key: Key) -> Option<Lenient> {
        self.0[key as usize].take()
    }
}

/// Parses a whole file: `Ok(Some(fields))` for an object, `Ok(None)` for any other JSON
/// value, `Err` for invalid JSON (trailing garbage included).
pub(super) fn parse(bytes: &[u8]) -> Result<Option<Fields>, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let top = (&mut de).deserialize_any(Top)?;
    de.end()?;
    Ok(top)
}

struct Top;

impl<'de> Visitor<'de> for Top {
    type Value = Option<Fields>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON document")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut fields = Fields::default();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            match key {
                Some(key) if key.structured() => {
                    fields.0[key as usize] = Some(Lenient::Json(map.next_value()?));
                }
                Some(key) => fields.0[key as usize] = Some(map.next_value()?),
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Some(fields))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }
}

/// Reads a key without allocating: `Some(key)` for a known key.
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Option<Key>;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        de.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Option<Key>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object key")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Self::Value, E> {
        Ok(key_of(name))
    }
}

impl<'de> Deserialize<'de> for Lenient {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        de.deserialize_any(LenientVisitor)
    }
}

struct LenientVisitor;

impl<'de> Visitor<'de> for LenientVisitor {
    type Value = Lenient;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Lenient, E> {
        Ok(Lenient::Null)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Lenient, E> {
        Ok(Lenient::Bool(b))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Lenient, E> {
        Ok(Lenient::Int(n))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Lenient, E> {
        Ok(Lenient::UInt(n))
    }

    fn visit_f64<E: de::Error>(self, f: f64) -> Result<Lenient, E> {
        Ok(Lenient::Float(f))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Lenient, E> {
        Ok(Lenient::Str(s.to_owned()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Lenient, E> {
        Ok(Lenient::Str(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Lenient, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Lenient::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Lenient, A::Error> {
        let mut empty = true;
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {
            empty = false;
        }
        Ok(Lenient::Object { empty })
    }
}
