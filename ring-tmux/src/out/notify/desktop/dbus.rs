//! The freedesktop exchange on its own thread: connect, subscribe, ask the capabilities,
//! notify, then forward the notification's click or close.

use super::{ACTION, CALL_TIMEOUT, NAME, PATH, SOUND_NAME, action_label, escape_markup};
use anyhow::{Context, Result, anyhow};
use ring_shared::t;
use std::collections::HashMap;
use std::sync::mpsc;
use zbus::zvariant::Value;

pub(super) struct Request {
    pub(super) address: String,
    pub(super) summary: String,
    pub(super) body: String,
    pub(super) listen: bool,
    pub(super) sound: bool,
    pub(super) expire_ms: i32,
}

pub(super) enum Event {
    /// The server took it; `actions`: it can invoke ours and we are listening.
    Sent {
        actions: bool,
    },
    Invoked(String),
    Closed,
    Failed(anyhow::Error),
}

pub(super) fn connect(address: &str) -> Result<zbus::blocking::Connection> {
    zbus::blocking::connection::Builder::address(address)
        .with_context(|| t!("notify-bus-bad-address", address = format!("{address:?}")))?
        .method_timeout(CALL_TIMEOUT)
        .build()
        .with_context(|| t!("notify-bus-no-connect", address = address))
}

pub(super) fn call<B, R>(conn: &zbus::blocking::Connection, method: &str, body: &B) -> Result<R>
where
    B: serde::Serialize + zbus::zvariant::DynamicType,
    R: for<'d> serde::Deserialize<'d> + zbus::zvariant::Type,
{
    let reply = conn
        .call_method(Some(NAME), PATH, Some(NAME), method, body)
        .map_err(|e| anyhow!("{method} on {NAME}: {e}"))?;
    reply
        .body()
        .deserialize()
        .map_err(|e| anyhow!("bad {method} reply: {e}"))
}

/// Runs on its own thread: connect, subscribe (before `Notify`, so no signal is missed), ask
/// the capabilities, notify, then forward our notification's signals.
pub(super) fn exchange(request: Request, tx: &mpsc::Sender<Event>) {
    let sent = (|| -> Result<_> {
        let conn = connect(&request.address)?;
        let signals = if request.listen {
            let rule = zbus::MatchRule::builder()
                .msg_type(zbus::message::Type::Signal)
                .interface(NAME)?
                .path(PATH)?
                .build();
            Some(zbus::blocking::MessageIterator::for_match_rule(
                rule,
                &conn,
                Some(64),
            )?)
        } else {
            None
        };
        let caps: Vec<String> = call(&conn, "GetCapabilities", &())?;
        let has = |c: &str| caps.iter().any(|x| x == c);
        let body = if has("body-markup") {
            escape_markup(&request.body)
        } else {
            request.body.clone()
        };
        let label = action_label();
        let mut actions: Vec<&str> = Vec::new();
        let listen = request.listen && has("actions");
        if listen {
            actions.extend([ACTION, label.as_str()]);
        }
        let mut hints: HashMap<&str, Value<'_>> = HashMap::new();
        hints.insert("urgency", Value::U8(1));
        hints.insert("category", Value::from("im.received"));
        if request.sound {
            hints.insert("sound-name", Value::from(SOUND_NAME));
        }
        let id: u32 = call(
            &conn,
            "Notify",
            &(
                "ring",
                0u32,
                "",
                request.summary.as_str(),
                body.as_str(),
                actions,
                hints,
                request.expire_ms,
            ),
        )?;
        Ok((conn, signals.filter(|_| listen), id))
    })();
    let (_conn, signals, id) = match sent {
        Ok(s) => s,
        Err(e) => {
            let _ = tx.send(Event::Failed(e));
            return;
        }
    };
    let _ = tx.send(Event::Sent {
        actions: signals.is_some(),
    });
    for message in signals.into_iter().flatten() {
        let Ok(message) = message else { break };
        let header = message.header();
        let member = header.member().map(|m| m.as_str().to_owned());
        let event = match member.as_deref() {
            Some("ActionInvoked") => match message.body().deserialize::<(u32, String)>() {
                Ok((n, key)) if n == id => Event::Invoked(key),
                _ => continue,
            },
            Some("NotificationClosed") => match message.body().deserialize::<(u32, u32)>() {
                Ok((n, _)) if n == id => Event::Closed,
                _ => continue,
            },
            _ => continue,
        };
        let done = matches!(event, Event::Closed);
        if tx.send(event).is_err() || done {
            return;
        }
    }
}
