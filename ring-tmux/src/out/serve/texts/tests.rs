use super::*;
use ring_shared::i18n::{Lang, text_in, with_lang};

fn every_key() -> impl Iterator<Item = &'static str> {
    SCRIPT_TEXTS
        .iter()
        .map(|(k, _)| *k)
        .chain(PAGE_TEXTS.iter().copied())
}

#[test]
fn every_page_text_is_in_both_catalogues() {
    for key in every_key() {
        for lang in Lang::ALL {
            assert_ne!(text_in(lang, key, None), key, "{key} in {}", lang.tag());
        }
        if key.starts_with("web-") {
            assert_ne!(
                text_in(Lang::ZhHant, key, None),
                text_in(Lang::En, key, None),
                "{key} is translated"
            );
        }
    }
}

#[test]
fn the_template_has_a_place_for_each_text_and_none_is_left() {
    for key in PAGE_TEXTS {
        assert!(TEMPLATE.contains(&format!("{{{{{key}}}}}")), "{key}");
    }
    for lang in Lang::ALL {
        let page = with_lang(lang, || render(TEMPLATE));
        assert!(!page.contains("{{"), "{}: {page}", lang.tag());
        assert!(page.contains(&format!("<html lang=\"{}\">", lang.tag())));
        let script = with_lang(lang, || render_script(SCRIPT));
        assert!(!script.contains("{{"), "{}: {script}", lang.tag());
        assert!(script.contains("\"web-go\":"), "{script}");
    }
}

/// The page in Chinese holds none of the English texts (a text that bypassed the catalogue
/// would stay English in both), and each Chinese one escaped.
#[test]
fn the_zh_hant_page_says_everything_in_chinese() {
    let page = with_lang(Lang::ZhHant, || render(TEMPLATE));
    for key in PAGE_TEXTS {
        let zh = html(&text_in(Lang::ZhHant, key, None));
        assert!(page.contains(&zh), "{key}: {zh}");
        let en = html(&text_in(Lang::En, key, None));
        assert!(!page.contains(&en), "{key} is English: {en}");
    }
    let texts = with_lang(Lang::ZhHant, texts);
    assert_eq!(
        texts.get("web-count-waiting").and_then(|v| v.as_str()),
        Some("{count} 個等你")
    );
    assert_eq!(
        texts.get("state-idle").and_then(|v| v.as_str()),
        Some("跑完停著")
    );
}

/// Every `t("key")` of the page's scripts is a text the server hands over (else the page
/// would show the key).
#[test]
fn every_key_the_scripts_ask_for_is_handed_over() {
    let scripts = [
        include_str!("../page/app.js"),
        include_str!("../page/answer.js"),
    ];
    let mut asked = 0;
    for script in scripts {
        // `t("key"`, not `split("…"`: the `t` starts a word.
        let calls = script.match_indices("t(\"").filter(|(at, _)| {
            !script[..*at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
        });
        for (at, _) in calls {
            let rest = &script[at + 3..];
            let key = rest.split('"').next().unwrap_or_default();
            asked += 1;
            assert!(
                SCRIPT_TEXTS.iter().any(|(k, _)| *k == key),
                "t(\"{key}\") is not in SCRIPT_TEXTS"
            );
        }
        // The computed keys: `web-since-${status}`, `web-count-${key}`, `state-`/`kind-`.
        for status in ["waiting", "working", "idle", "ended"] {
            for prefix in ["web-since-", "web-count-", "state-"] {
                let key = format!("{prefix}{status}");
                assert!(SCRIPT_TEXTS.iter().any(|(k, _)| *k == key), "{key}");
            }
        }
    }
    assert!(asked > 15, "the scripts are read: {asked} keys");
}

#[test]
fn arguments_are_left_for_the_page_to_fill() {
    let texts = with_lang(Lang::En, texts);
    let text = |key: &str| texts.get(key).and_then(|v| v.as_str()).map(str::to_owned);
    assert_eq!(text("web-sending").as_deref(), Some("sending {number}…"));
    assert_eq!(
        text("web-since-working").as_deref(),
        Some("active, last {time} ago")
    );
}

#[test]
fn texts_cannot_break_out_of_html_or_the_data_block() {
    assert_eq!(
        html(r#"<b title="x" onclick='y'>&"#),
        "&lt;b title=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;"
    );
    let mut map = serde_json::Map::new();
    map.insert(
        "k".into(),
        serde_json::Value::String("</script><!-- & -->".into()),
    );
    let json = script_json(&map);
    assert!(
        !json.contains('<') && !json.contains('>') && !json.contains('&'),
        "{json}"
    );
    let back: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&json).expect("still JSON");
    assert_eq!(back, map);
}
