//! The page's words (issue 26): `index.html` with its texts filled in from the catalogue, in
//! the language `serve` runs with (`RING_LANG`, then `LC_ALL`/`LC_MESSAGES`/`LANG`, as every
//! front end of ring), and the texts its scripts say, handed over in the same page.
//!
//! One server, one language: the page says what the terminal boards and the notifications
//! of the same machine say (a phone set to another language still reads the server's).
//! Every text is escaped for where it goes: HTML text and attributes, and a JSON data block
//! (`<script type="application/json">`, never run; the CSP allows no inline script) whose
//! `<`, `>` and `&` are written as `\u003c`… so no text can close it.

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

/// The page in this process's language (rendered once: the language is set at start).
pub(crate) fn page() -> &'static [u8] {
    static PAGE: OnceLock<Vec<u8>> = OnceLock::new();
    PAGE.get_or_init(|| render(TEMPLATE).into_bytes())
}

/// `template` with `{{lang}}`, each `{{key}}` of [`PAGE_TEXTS`] and `{{texts}}` (the
/// scripts' texts as JSON) filled in.
fn render(template: &str) -> String {
    let mut page = template.replace("{{lang}}", i18n::lang().tag());
    for key in PAGE_TEXTS {
        page = page.replace(&format!("{{{{{key}}}}}"), &html(&i18n::text(key, None)));
    }
    page.replace("{{texts}}", &script_json(&texts()))
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
