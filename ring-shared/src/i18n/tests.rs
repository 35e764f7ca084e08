use super::*;
use fluent_bundle::FluentResource;
use rstest::rstest;
use std::collections::{BTreeMap, BTreeSet};

#[rstest]
#[case::nothing_set(None, None, None, None, Lang::En)]
#[case::ring_lang_first(Some("zh-Hant"), Some("en_US.UTF-8"), None, None, Lang::ZhHant)]
#[case::ring_lang_english_over_a_chinese_locale(
    Some("en"),
    None,
    None,
    Some("zh_TW.UTF-8"),
    Lang::En
)]
#[case::lc_all_before_lc_messages(
    None,
    Some("zh_TW.UTF-8"),
    Some("en_US"),
    Some("en_US"),
    Lang::ZhHant
)]
#[case::lc_messages_before_lang(None, None, Some("zh_TW"), Some("en_US.UTF-8"), Lang::ZhHant)]
#[case::lang_last(None, None, None, Some("zh_TW.UTF-8"), Lang::ZhHant)]
#[case::empty_values_are_unset(Some(""), Some(" "), None, Some("zh_TW.UTF-8"), Lang::ZhHant)]
#[case::c_locale_is_english(None, Some("C"), None, Some("zh_TW.UTF-8"), Lang::En)]
#[case::unknown_language_is_english(Some("fr_FR.UTF-8"), None, None, Some("zh_TW"), Lang::En)]
fn language_comes_from_ring_lang_then_posix_order(
    #[case] ring_lang: Option<&str>,
    #[case] lc_all: Option<&str>,
    #[case] lc_messages: Option<&str>,
    #[case] lang: Option<&str>,
    #[case] want: Lang,
) {
    assert_eq!(Lang::from_env(ring_lang, lc_all, lc_messages, lang), want);
}

#[rstest]
#[case("en", Some(Lang::En))]
#[case("en_GB.UTF-8", Some(Lang::En))]
#[case("POSIX", Some(Lang::En))]
#[case("zh-Hant", Some(Lang::ZhHant))]
#[case("zh-Hant-TW", Some(Lang::ZhHant))]
#[case("zh_TW.UTF-8", Some(Lang::ZhHant))]
#[case("zh_HK.Big5HKSCS", Some(Lang::ZhHant))]
#[case("zh", Some(Lang::ZhHant))]
#[case("zh_CN.UTF-8", None)]
#[case("zh-Hans", None)]
#[case("de_DE@euro", None)]
#[case("", None)]
fn tags_and_locales_parse(#[case] value: &str, #[case] want: Option<Lang>) {
    assert_eq!(Lang::parse(value), want);
}

#[test]
fn every_tag_parses_back_to_its_language() {
    for lang in Lang::ALL {
        assert_eq!(Lang::parse(lang.tag()), Some(lang));
    }
}

/// Each message's id and the `$variables` its text uses.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    FluentResource::try_new(source(lang).to_owned())
        .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", lang.tag()));
    let bundle = &bundles()[lang as usize];
    // Message lines start at the margin with `id =`; the bundle confirms each is one.
    let ids: Vec<String> = source(lang)
        .lines()
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id))
        .filter(|id| id.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !id.is_empty())
        .inspect(|id| assert!(bundle.has_message(id), "{}: {id} is a message", lang.tag()))
        .map(str::to_owned)
        .collect();
    // A message's text runs from its `id =` line to the next message.
    let mut out = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in source(lang).lines() {
        if let Some((id, _)) = line.split_once(" =")
            && ids.iter().any(|i| i == id)
        {
            current = Some(id.to_owned());
            out.insert(id.to_owned(), BTreeSet::new());
        }
        if let Some(id) = &current
            && !line.starts_with('#')
        {
            for part in line.split("{ $").skip(1) {
                let name: String = part
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                out.get_mut(id).expect("inserted above").insert(name);
            }
        }
    }
    assert_eq!(
        out.len(),
        ids.len(),
        "{}: duplicate message ids",
        lang.tag()
    );
    out
}

#[test]
fn every_catalogue_parses_and_has_the_same_keys_and_arguments_as_english() {
    let english = messages(Lang::En);
    assert!(english.len() > 40, "the English catalogue is read whole");
    for lang in Lang::ALL {
        assert_eq!(
            messages(lang),
            english,
            "{} must have exactly English's keys, each with the same $arguments",
            lang.tag()
        );
    }
}

#[test]
fn the_four_states_keep_ring_cli_words_in_chinese() {
    let zh = |key| text_in(Lang::ZhHant, key, None);
    assert_eq!(
        [
            zh("state-waiting"),
            zh("state-working"),
            zh("state-idle"),
            zh("state-ended")
        ],
        ["等你", "工作中", "跑完停著", "已離場"]
    );
}

#[test]
fn arguments_are_filled_without_invisible_isolation_marks() {
    let mut args = Args::new();
    args.set("name", "api");
    args.set("what", "asks a question");
    let text = text_in(Lang::En, "notify-said", Some(&args));
    assert_eq!(text, "api asks a question");
    assert!(!text.contains(['\u{2068}', '\u{2069}']));
}

#[rstest]
#[case(1, "1 session")]
#[case(2, "2 sessions")]
fn english_plurals_follow_the_count(#[case] count: usize, #[case] want: &str) {
    let mut args = Args::new();
    args.set("count", count);
    assert_eq!(text_in(Lang::En, "board-sessions", Some(&args)), want);
    assert_eq!(
        text_in(Lang::ZhHant, "board-sessions", Some(&args)),
        format!("{count} 個 session")
    );
}

#[test]
fn an_unknown_key_shows_as_itself() {
    assert_eq!(text_in(Lang::ZhHant, "no-such-key", None), "no-such-key");
}

#[test]
fn the_process_language_is_english_until_set() {
    // No test in this crate calls set_lang: the macro speaks English here.
    assert_eq!(lang(), Lang::En);
    assert_eq!(crate::t!("state-idle"), "done/idle");
    assert_eq!(crate::t!("notify-more", count = 3), "ring: 3 more waiting");
}

#[test]
#[allow(clippy::disallowed_methods)] // A second thread shows the language is per thread.
fn with_lang_speaks_for_this_thread_only_and_restores() {
    let inner = with_lang(Lang::ZhHant, || {
        let other = std::thread::spawn(|| crate::t!("state-waiting")).join();
        (crate::t!("state-waiting"), other.expect("thread"))
    });
    assert_eq!(inner, ("等你".to_owned(), "waiting".to_owned()));
    assert_eq!(crate::t!("state-waiting"), "waiting", "restored after");
}
