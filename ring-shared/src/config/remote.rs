//! The `remote_*` keys' values ([`crate::view::remote`] reads the hosts' sessions).

use super::wrong_type;
use toml::Value;

/// `remote_hosts`: a list of ssh destinations; an invalid one is an error (the key keeps
/// its default) so that a typo never runs ssh with an option or a shell word.
pub(super) fn hosts(key: &str, value: &Value) -> Result<Vec<String>, String> {
    let Value::Array(items) = value else {
        return Err(wrong_type(key, &crate::t!("config-expect-hosts"), value));
    };
    let mut out: Vec<String> = Vec::new();
    for item in items {
        let Some(host) = item.as_str().map(str::trim) else {
            return Err(wrong_type(key, &crate::t!("config-expect-hosts"), value));
        };
        if !valid_host(host) {
            return Err(crate::t!(
                "config-not-a-host",
                key = key,
                item = item.to_string()
            ));
        }
        if !out.iter().any(|h| h == host) {
            out.push(host.to_owned());
        }
    }
    Ok(out)
}

/// `remote_ssh_command`: the program and its first arguments, split on whitespace.
pub(super) fn ssh_command(key: &str, value: &Value) -> Result<Vec<String>, String> {
    let words: Vec<String> = match value {
        Value::String(s) => s.split_whitespace().map(str::to_owned).collect(),
        _ => return Err(wrong_type(key, &crate::t!("config-expect-string"), value)),
    };
    if words.is_empty() {
        return Ok(vec!["ssh".into()]);
    }
    Ok(words)
}

/// `remote_ring_command`: one word the remote shell may expand `~` in, nothing else.
pub(super) fn ring_command(key: &str, value: &Value) -> Result<String, String> {
    match value {
        Value::String(s)
            if !s.is_empty()
                && !s.starts_with('-')
                && s.bytes().all(|b| {
                    b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'~' | b'-')
                }) =>
        {
            Ok(s.clone())
        }
        _ => Err(wrong_type(key, &crate::t!("config-expect-program"), value)),
    }
}

/// `remote_counts`: how the tmux segment counts remote sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RemoteCounts {
    /// With the local ones (the default).
    #[default]
    Together,
    /// After the local ones, behind `⇄`.
    Apart,
}

/// `remote_counts`: `"together"` or `"apart"`.
pub(super) fn counts(key: &str, value: &Value) -> Result<RemoteCounts, String> {
    match value.as_str() {
        Some("together") => Ok(RemoteCounts::Together),
        Some("apart") => Ok(RemoteCounts::Apart),
        _ => Err(wrong_type(
            key,
            &crate::t!("config-expect-remote-counts"),
            value,
        )),
    }
}

/// An ssh destination ring accepts from `remote_hosts`: a name, `user@name` or an alias of
/// letters, digits and `._-@`, not starting with `-` (ssh would read an option) nor `.`, no
/// `:` (it separates host and project in names), at most 253 bytes.
pub fn valid_host(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 253
        && !host.starts_with(['-', '.'])
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'@'))
}
