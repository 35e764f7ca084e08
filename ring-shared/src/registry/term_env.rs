//! The row's `term_env`: the few variables of the agent's own environment the hook records
//! (ring's own key, RiNG ignores it), and the bounds a stored value keeps. `focus` plans
//! `jump` from them.

use std::collections::BTreeMap;

/// The agent's environment variables the hook records (only those set and non-empty).
pub const RECORDED: &[&str] = &[
    "NVIM",
    "KITTY_WINDOW_ID",
    "KITTY_LISTEN_ON",
    "WEZTERM_PANE",
    "WEZTERM_UNIX_SOCKET",
    "TERM_PROGRAM",
    "ITERM_SESSION_ID",
    "TERM_SESSION_ID",
    "WINDOWID",
    "DISPLAY",
    "WAYLAND_DISPLAY",
    "SWAYSOCK",
    "HYPRLAND_INSTANCE_SIGNATURE",
];

/// Longest recorded value kept, in bytes (a socket path fits; anything longer is dropped).
pub const VALUE_MAX: usize = 512;

/// Recorded variables by name (empty: none recorded).
pub type TermEnv = BTreeMap<String, String>;

/// The [`RECORDED`] variables `get` knows, trimmed; empty values, values with control
/// characters and values over [`VALUE_MAX`] bytes are left out.
pub fn record(get: impl Fn(&str) -> Option<String>) -> TermEnv {
    RECORDED
        .iter()
        .filter_map(|&name| Some((name.to_owned(), kept(&get(name)?)?)))
        .collect()
}

/// `value` as it may be stored, if it may.
pub fn kept(value: &str) -> Option<String> {
    let value = value.trim();
    (!value.is_empty() && value.len() <= VALUE_MAX && !value.chars().any(char::is_control))
        .then(|| value.to_owned())
}

/// Keeps only recorded names with storable values (a row file may say anything).
pub fn bound(env: &mut TermEnv) {
    env.retain(|k, v| RECORDED.contains(&k.as_str()) && kept(v).as_deref() == Some(v.as_str()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_named_non_empty_clean_values_are_recorded() {
        let env = record(|k| match k {
            "NVIM" => Some(" /tmp/nvim.sock ".into()),
            "KITTY_WINDOW_ID" => Some(String::new()),
            "WINDOWID" => Some("12\u{1b}[2J".into()),
            "DISPLAY" => Some(format!(":{}", "0".repeat(VALUE_MAX))),
            "HOME" => Some("/root".into()),
            _ => None,
        });
        assert_eq!(
            env.into_iter().collect::<Vec<_>>(),
            [("NVIM".to_owned(), "/tmp/nvim.sock".to_owned())]
        );
    }

    #[test]
    fn bound_drops_names_and_values_a_row_file_should_not_hold() {
        let mut env = TermEnv::new();
        env.insert("PATH".into(), "/bin".into());
        env.insert("WINDOWID".into(), "1\n2".into());
        env.insert("WEZTERM_PANE".into(), "3".into());
        bound(&mut env);
        assert_eq!(env.keys().collect::<Vec<_>>(), ["WEZTERM_PANE"]);
    }
}
