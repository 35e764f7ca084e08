//! The language the suite runs in (issue 26): `.cargo/config.toml` hands every process cargo
//! starts `RING_LANG=en` unless the shell sets `RING_LANG` (scripts/ci.sh runs the suite again
//! under `zh-Hant`), and every ring-tmux a test starts inherits it. A test that compares what
//! a person reads takes the expected text from the catalogue in that language with [`tr`],
//! never an English literal; machine output (json, oneline, row files) is compared as is.

use ring_shared::i18n::{Args, Lang, text_in};

/// The language a ring-tmux started by this test speaks: read from this process's
/// environment by the same rule as ring-tmux's (`RING_LANG`, then the locale).
pub fn lang() -> Lang {
    let var = |name| std::env::var(name).ok();
    Lang::from_env(
        var("RING_LANG").as_deref(),
        var("LC_ALL").as_deref(),
        var("LC_MESSAGES").as_deref(),
        var("LANG").as_deref(),
    )
}

/// The catalogue's text of `key` with `args` (`[("name", "value")]`; numbers as their
/// digits) in the suite's language.
pub fn tr(key: &str, args: &[(&str, &str)]) -> String {
    let mut fluent = Args::new();
    for (name, value) in args {
        // A number (it chooses plural forms) only as Fluent would print it back: `0755` is text.
        match value.parse::<i64>() {
            Ok(n) if n.to_string() == *value => fluent.set(*name, n),
            _ => fluent.set(*name, *value),
        }
    }
    text_in(lang(), key, (!args.is_empty()).then_some(&fluent))
}

/// The literal pieces of the catalogue's text of `key` with `args`, split where an argument
/// not given stands (a temporary path, an error from the system): a line shows that message
/// when it holds them in order ([`holds`]).
pub fn pieces(key: &str, args: &[(&str, &str)]) -> Vec<String> {
    let text = tr(key, args);
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("{$") {
        out.push(rest[..at].to_owned());
        rest = rest[at..].find('}').map_or("", |end| &rest[at + end + 1..]);
    }
    out.push(rest.to_owned());
    out
}

/// Whether `line` holds every piece, in order.
pub fn holds(line: &str, pieces: &[String]) -> bool {
    let mut rest = line;
    pieces.iter().all(|piece| match rest.find(piece.as_str()) {
        Some(at) => {
            rest = &rest[at + piece.len()..];
            true
        }
        None => false,
    })
}

/// Whether a line of `text` shows the catalogue's message `key` with `args` (the arguments
/// not given may be anything: a temporary path, a list of events).
pub fn said(text: &str, key: &str, args: &[(&str, &str)]) -> bool {
    let pieces = pieces(key, args);
    text.lines().any(|line| holds(line, &pieces))
}
