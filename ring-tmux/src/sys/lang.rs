//! The language ring-tmux speaks (issue 26): `RING_LANG`, then `LC_ALL`, `LC_MESSAGES`,
//! `LANG`, read once at start and handed to the catalogue ([`ring_shared::i18n`]).
//! English where nothing says otherwise. Machine outputs never depend on it.

use ring_shared::i18n::{Lang, set_lang};

/// The language this process's environment asks for.
pub(crate) fn from_process() -> Lang {
    let var = |name| std::env::var(name).ok();
    Lang::from_env(
        var("RING_LANG").as_deref(),
        var("LC_ALL").as_deref(),
        var("LC_MESSAGES").as_deref(),
        var("LANG").as_deref(),
    )
}

/// Sets the catalogue's language from the environment (`main` calls it first).
pub fn init() {
    set_lang(from_process());
}
