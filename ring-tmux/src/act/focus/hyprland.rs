//! A Hyprland window: the client whose process is the agent or one of its ancestors (the
//! terminal emulator), from `hyprctl -j clients` of the recorded instance; focused by address.

use super::{Focus, Sys, ancestors, recorded};
use ring_shared::Row;
use ring_shared::focus::Backend;
use serde_json::Value;

pub(crate) struct Hyprland;

/// The address (`0x…`, checked) of the client whose `pid` is the nearest of `pids`.
pub(crate) fn window_of(clients: &Value, pids: &[i64]) -> Option<String> {
    let clients = clients.as_array()?;
    pids.iter().find_map(|p| {
        clients
            .iter()
            .find(|c| c.get("pid").and_then(Value::as_i64) == Some(*p))?
            .get("address")?
            .as_str()
            .filter(|a| {
                a.strip_prefix("0x").is_some_and(|h| {
                    !h.is_empty() && h.len() <= 16 && h.bytes().all(|b| b.is_ascii_hexdigit())
                })
            })
            .map(str::to_owned)
    })
}

/// An instance signature: letters, digits and `_` only.
fn signature(text: &str) -> Option<&str> {
    (!text.is_empty()
        && text.len() <= 128
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
    .then_some(text)
}

impl Focus for Hyprland {
    fn backend(&self) -> Backend {
        Backend::Hyprland
    }

    fn programs(&self) -> &'static [&'static str] {
        &["hyprctl"]
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        let sig = recorded(row, "HYPRLAND_INSTANCE_SIGNATURE")
            .and_then(signature)
            .ok_or_else(|| ring_shared::t!("focus-hyprland-name"))?;
        let env = [("HYPRLAND_INSTANCE_SIGNATURE", sig)];
        let clients = sys.run("hyprctl", &["-j", "clients"], &env)?;
        let clients: Value = serde_json::from_str(&clients)
            .map_err(|_| ring_shared::t!("focus-hyprland-no-list"))?;
        let address = window_of(&clients, &ancestors(row))
            .ok_or_else(|| ring_shared::t!("focus-hyprland-none"))?;
        sys.run(
            "hyprctl",
            &["dispatch", "focuswindow", &format!("address:{address}")],
            &env,
        )?;
        Ok(ring_shared::t!("focus-hyprland-window", address = address))
    }
}
