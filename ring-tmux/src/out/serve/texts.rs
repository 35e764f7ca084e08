//! The page's words (issue 26): `index.html` with its texts filled in from the catalogue, in
//! the language `serve` runs with (`RING_LANG`, then `LC_ALL`/`LC_MESSAGES`/`LANG`, as every
//! front end of ring), and `texts.js` with the texts its scripts say.
//!
//! One server, one language: the page says what the terminal boards and the notifications
//! of the same machine say (a phone set to another language still reads the server's).
//! Every text is escaped for where it goes: HTML text and attributes, and a JSON object in a
//! module of this origin (the CSP allows no inline script) whose `<`, `>` and `&` are written
//! as `\u003c`…, so no text could end a script even if the object were ever inlined.

use ring_shared::i18n::{self, Args};
use std::sync::OnceLock;

/// The scripts' texts: each key with the names of its arguments. The page fills an argument
/// `{name}` itself (a count, a time, an error from the server); these texts use no plural
/// selector, so the placeholder stands for any value.
const SCRIPT_TEXTS: &[(&str, &[&str])] = &[
    ("state-waiting", &[]),
    ("state-working", &[]),
    ("state-idle", &[]),
    ("state-ended", &[]),
    ("kind-permission", &[]),
    ("kind-question", &[]),
    ("kind-plan", &[]),
    ("kind-idle", &[]),
    ("web-go", &[]),
    ("web-answer", &[]),
    ("web-since-waiting", &["time"]),
    ("web-since-working", &["time"]),
    ("web-since-idle", &["time"]),
    ("web-since-ended", &["time"]),
    ("web-count-waiting", &["count"]),
    ("web-count-working", &["count"]),
    ("web-count-idle", &["count"]),
    ("web-count-ended", &["count"]),
    ("web-nothing", &[]),
    ("web-switched", &[]),
    ("web-jump-failed", &["error"]),
    ("web-unreachable", &[]),
    ("web-no-token", &[]),
    ("web-reconnecting", &[]),
    ("web-live", &[]),
    ("web-no-wasm", &[]),
    ("web-reading", &[]),
    ("web-unreadable", &["status"]),
    ("web-choose", &[]),
    ("web-sending", &["number"]),
    ("web-sent", &["number"]),
    ("web-not-sent", &["status"]),
    ("web-maybe-sent", &[]),
    ("web-host-stale", &["host", "time"]),
    ("web-host-unreachable", &["host", "error"]),
    ("web-host-unread", &["host"]),
];

/// The texts of `index.html`, each at its `{{key}}`.
const PAGE_TEXTS: &[&str] = &[
    "web-loading",
    "web-board-label",
    "web-empty",
    "web-back",
    "web-read-again",
    "web-noscript",
];

const TEMPLATE: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/texts.js");

/// The page in this process's language (rendered once: the language is set at start).
pub(crate) fn page() -> &'static [u8] {
    static PAGE: OnceLock<Vec<u8>> = OnceLock::new();
    PAGE.get_or_init(|| render(TEMPLATE).into_bytes())
}

/// `texts.js` with the scripts' texts in this process's language.
pub(crate) fn script() -> &'static [u8] {
    static SCRIPT_TEXT: OnceLock<Vec<u8>> = OnceLock::new();
    SCRIPT_TEXT.get_or_init(|| render_script(SCRIPT).into_bytes())
}

/// `template` with `{{lang}}` and each `{{key}}` of [`PAGE_TEXTS`] filled in.
fn render(template: &str) -> String {
    let mut page = template.replace("{{lang}}", i18n::lang().tag());
    for key in PAGE_TEXTS {
        page = page.replace(&format!("{{{{{key}}}}}"), &html(&i18n::text(key, None)));
    }
    page
}

/// `texts.js` with `{{texts}}` (the scripts' texts as a JSON object) filled in.
fn render_script(template: &str) -> String {
    template.replace("{{texts}}", &script_json(&texts()))
}

/// The scripts' texts, each argument left as `{name}` for the page to fill.
fn texts() -> serde_json::Map<String, serde_json::Value> {
    SCRIPT_TEXTS
        .iter()
        .map(|(key, names)| {
            let mut args = Args::new();
            for name in *names {
                args.set(*name, format!("{{{name}}}"));
            }
            let text = i18n::text(key, (!names.is_empty()).then_some(&args));
            ((*key).to_owned(), serde_json::Value::String(text))
        })
        .collect()
}

/// HTML-escaped for text and quoted attributes.
fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON that cannot end the `<script>` block it sits in, nor open a comment in it.
fn script_json(map: &serde_json::Map<String, serde_json::Value>) -> String {
    serde_json::to_string(map)
        .expect("a map of strings serializes")
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests;
