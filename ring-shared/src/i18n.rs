//! The message catalogue (issue 26): every text a person reads comes from here, in English
//! (`en`, the default) or Traditional Chinese as written in Taiwan (`zh-Hant`, RiNG's own
//! language and words).
//!
//! The texts are Fluent files (`ring-shared/locales/<tag>/ring.ftl`), compiled in with
//! `include_str!`, so the native binary, the zellij plugin and the web page carry the same
//! catalogue and no file is read at run time. `docs/adding-a-language.md` says how to add one.
//!
//! The language is chosen at the edge ([`Lang::from_env`] takes the values of `RING_LANG`,
//! `LC_ALL`, `LC_MESSAGES` and `LANG`; this crate never reads the environment) and set once
//! for the process with [`set_lang`], as RiNG's `set_lang` does: a front end then asks
//! [`t!`](crate::t) for a key and gets the text in that language, and the pure renderers
//! below need no language argument threaded through every call. [`text_in`] renders in a
//! given language (tests, the web page's per-call choice).
//!
//! Machine outputs (`--format json|oneline`, row files, the hook) never go through here.
//!
//! ```
//! use ring_shared::i18n::{Lang, text_in};
//! assert_eq!(Lang::from_env(None, None, None, Some("zh_TW.UTF-8")), Lang::ZhHant);
//! assert_eq!(text_in(Lang::ZhHant, "state-waiting", None), "等你");
//! assert_eq!(text_in(Lang::En, "state-waiting", None), "waiting");
//! ```

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::cell::Cell;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// The arguments of a message (`{ $name }` in the .ftl files); [`t!`](crate::t) builds them.
pub type Args<'a> = FluentArgs<'a>;

/// A language ring has a catalogue for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English: the default, and the catalogue every other one is checked against.
    #[default]
    En,
    /// Traditional Chinese as written in Taiwan (RiNG's language).
    ZhHant,
}

/// The English and Chinese catalogues, as written.
const SOURCES: [(Lang, &str, &str); 2] = [
    (Lang::En, "en", include_str!("../locales/en/ring.ftl")),
    (
        Lang::ZhHant,
        "zh-Hant",
        include_str!("../locales/zh-Hant/ring.ftl"),
    ),
];

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhHant];

    /// Its BCP 47 tag (`en`, `zh-Hant`): what `RING_LANG` takes and the folder of its file.
    pub fn tag(self) -> &'static str {
        SOURCES[self as usize].1
    }

    /// The language a tag or a POSIX locale names: `en`, `en_US.UTF-8`, `C`, `POSIX` are
    /// English; `zh-Hant`, `zh-TW`, `zh_TW.UTF-8`, `zh_HK`, `zh_MO` and a bare `zh` are
    /// Traditional Chinese. `None` for a language without a catalogue (`fr_FR`, and
    /// Simplified Chinese `zh_CN` / `zh-Hans`, which ring does not have).
    pub fn parse(value: &str) -> Option<Lang> {
        // `zh_TW.UTF-8@euro` → `zh-tw`.
        let base = value.split(['.', '@']).next().unwrap_or("");
        let tag = base.trim().replace('_', "-").to_ascii_lowercase();
        let mut parts = tag.split('-');
        match parts.next().unwrap_or("") {
            "en" | "c" | "posix" => Some(Lang::En),
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                let simplified = rest
                    .iter()
                    .any(|p| matches!(*p, "hans" | "cn" | "sg" | "my"));
                let traditional = rest
                    .iter()
                    .any(|p| matches!(*p, "hant" | "tw" | "hk" | "mo"));
                (traditional || !simplified).then_some(Lang::ZhHant)
            }
            _ => None,
        }
    }

    /// The language to speak, from the values of `RING_LANG`, then `LC_ALL`, `LC_MESSAGES`
    /// and `LANG` (POSIX's order): the first one set and non-empty decides; English when it
    /// names a language ring has no catalogue for, and when none is set.
    pub fn from_env(
        ring_lang: Option<&str>,
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Lang {
        [ring_lang, lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .map(str::trim)
            .find(|v| !v.is_empty())
            .and_then(Lang::parse)
            .unwrap_or_default()
    }
}

static CURRENT: AtomicU8 = AtomicU8::new(0);

/// Sets the language of this process (the edge calls it once, from [`Lang::from_env`] or a
/// setting).
pub fn set_lang(lang: Lang) {
    CURRENT.store(lang as u8, Ordering::Relaxed);
}

thread_local! {
    /// [`with_lang`]'s language for this thread, over the process's.
    static OVERRIDE: Cell<Option<Lang>> = const { Cell::new(None) };
}

/// Runs `f` with this thread speaking `lang` (tests of a renderer in one language, which
/// must not change the language of tests running beside them).
pub fn with_lang<T>(lang: Lang, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Lang>);
    impl Drop for Restore {
        fn drop(&mut self) {
            OVERRIDE.with(|o| o.set(self.0));
        }
    }
    let _restore = Restore(OVERRIDE.with(|o| o.replace(Some(lang))));
    f()
}

/// The language of this thread ([`with_lang`]), else of this process: English until
/// [`set_lang`] says otherwise.
pub fn lang() -> Lang {
    if let Some(lang) = OVERRIDE.with(Cell::get) {
        return lang;
    }
    Lang::ALL
        .get(usize::from(CURRENT.load(Ordering::Relaxed)))
        .copied()
        .unwrap_or_default()
}

type Bundles = [FluentBundle<FluentResource>; SOURCES.len()];

fn bundles() -> &'static Bundles {
    static BUNDLES: OnceLock<Bundles> = OnceLock::new();
    BUNDLES.get_or_init(|| SOURCES.map(|(_, tag, source)| bundle(tag, source)))
}

fn bundle(tag: &str, source: &str) -> FluentBundle<FluentResource> {
    let id = tag.parse().expect("the catalogue's tags are valid BCP 47");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around arguments: they are invisible, yet a terminal may
    // draw them, and they would throw every width count off.
    bundle.set_use_isolating(false);
    // A syntax error keeps the messages that parsed (the tests below refuse any).
    let resource = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(res, _)| res);
    bundle
        .add_resource(resource)
        .expect("each catalogue is one resource without duplicate keys (tested)");
    bundle
}

/// The text of `key` in `lang` with `args`; the English text when `lang` lacks it, the key
/// itself when no catalogue has it (a test keeps every key in both).
pub fn text_in(lang: Lang, key: &str, args: Option<&Args<'_>>) -> String {
    [lang, Lang::En]
        .into_iter()
        .find_map(|l| render(&bundles()[l as usize], key, args))
        .unwrap_or_else(|| key.to_owned())
}

/// The text of `key` in the process's language ([`lang`]).
pub fn text(key: &str, args: Option<&Args<'_>>) -> String {
    text_in(lang(), key, args)
}

fn render(
    bundle: &FluentBundle<FluentResource>,
    key: &str,
    args: Option<&Args<'_>>,
) -> Option<String> {
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned(),
    )
}

/// The source of a language's catalogue (tests, `docs/adding-a-language.md`'s checks).
pub fn source(lang: Lang) -> &'static str {
    SOURCES[lang as usize].2
}

/// A catalogue text in the process's language: `t!("key")`, `t!("key", name = value, …)`.
/// Values are strings or numbers (numbers choose plural forms).
#[macro_export]
macro_rules! t {
    ($key:literal) => {
        $crate::i18n::text($key, None)
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::Args::new();
        $( args.set(stringify!($name), $value); )+
        $crate::i18n::text($key, Some(&args))
    }};
}

#[cfg(test)]
mod tests;
