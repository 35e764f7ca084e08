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
        match value.parse::<i64>() {
            Ok(n) => fluent.set(*name, n),
            Err(_) => fluent.set(*name, *value),
        }
    }
    text_in(lang(), key, (!args.is_empty()).then_some(&fluent))
}
