//! The keys `config.toml` may hold: ring's own ([`KEYS`]) and RiNG's display keys it accepts,
//! how a warning names one, and a `key=value` text read as the file would read it.

use toml::Value;

/// RiNG keys that only affect RiNG's own display or notifications: accepted without a
/// warning and otherwise ignored.
pub(super) const RING_DISPLAY_KEYS: &[&str] = &[
    "lang",
    "interval",
    "legend",
    "notify_sound_name",
    "notify_ignore_dnd",
    "focusers",
    "plugins",
    "colors",
];

/// Every key `apply_value` reads, for the "did you mean" of an unknown one (a test checks
/// each is accepted).
pub const KEYS: &[&str] = &[
    "active_window_seconds",
    "working_threshold_seconds",
    "waiting_window_seconds",
    "codex_permission_wait_seconds",
    "detect_stop_questions",
    "waiting_cooldown_seconds",
    "show_all",
    "notify_backend",
    "debug_payload_log",
    "status_show_project",
    "status_elsewhere",
    "badge_states",
    "zellij_refresh_seconds",
    "notify_debounce_seconds",
    "notify_repeat_seconds",
    "notify_repeat_max",
    "notify_sound",
    "notify_ntfy_url",
    "notify_webhook_url",
    "notify_click_url",
    "notify_command",
    "notify_also",
    "notify_timeout_seconds",
    "notify_remote_detail",
    "notify_terminal",
    "notify_desktop_wait_seconds",
    "notify_display_ms",
    "serve_detail",
    "remote_hosts",
    "remote_refresh_seconds",
    "remote_stale_seconds",
    "remote_timeout_seconds",
    "remote_ssh_command",
    "remote_ring_command",
    "remote_counts",
    "focus_order",
    "serve_answers",
    "notify_answer_button",
];

/// The warning for a key ring does not know, naming the closest known key when one is close
/// enough to be a typo (`notify_ntfy_ulr`: did you mean `notify_ntfy_url`?).
pub(super) fn unknown_key(key: &str) -> String {
    // Two edits (a swap counts as one) catch the usual slips without matching other words.
    let closest = KEYS
        .iter()
        .chain(RING_DISPLAY_KEYS)
        .map(|known| (strsim::damerau_levenshtein(key, known), *known))
        .filter(|(edits, _)| *edits <= 2)
        .min_by_key(|(edits, _)| *edits);
    let key = format!("{key:?}");
    match closest {
        Some((_, known)) => {
            crate::t!(
                "config-unknown-near",
                key = key,
                known = format!("{known:?}")
            )
        }
        None => crate::t!("config-unknown", key = key),
    }
}

/// Whether ring reads `key` (a [`KEYS`] one, or one of RiNG's display keys it accepts).
pub fn is_key(key: &str) -> bool {
    KEYS.contains(&key) || RING_DISPLAY_KEYS.contains(&key)
}

/// How a warning names a `config.toml` key: `config key "show_all"`.
pub(super) fn subject(key: &str) -> String {
    crate::t!("config-key", name = format!("{key:?}"))
}

/// A text value as `config.toml` would read it (see [`Config::apply_kv`]).
pub(super) fn kv_value(key: &str, value: &str) -> Value {
    let parsed = format!("v = {value}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut table| table.remove("v"));
    match parsed {
        Some(value) => value,
        None if matches!(key, "badge_states" | "notify_also" | "focus_order") => Value::Array(
            value
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|part| !part.is_empty())
                .map(|part| Value::String(part.to_owned()))
                .collect(),
        ),
        None => Value::String(value.to_owned()),
    }
}
