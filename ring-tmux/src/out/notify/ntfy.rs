//! The `ntfy` channel: ntfy's JSON publish (`POST` to the server root with the topic in the
//! body) to `notify_ntfy_url` (`https://ntfy.sh/my-topic`). Text has its control characters
//! removed; the detail is sent only with `notify_remote_detail = true`. With
//! `notify_click_url` (where you reach the board, e.g. `ring-tmux serve` behind your VPN),
//! tapping the note opens it, at the session the note is about (`#session=ID` added to the
//! address's fragment, where the page looks); without one a note has no `click` (ring cannot
//! know an address your phone reaches). With `notify_answer_button = true` too, a note of one
//! session has an "Answer" button: ntfy's `view` action, which only opens that same page (the
//! person reads the dialog there and chooses); never an `http` action, which would answer
//! from the notification without anyone seeing the dialog.

use super::{Note, Target};
use anyhow::Context;
use serde_json::json;

/// Splits a topic URL into the server and the topic (`https://ntfy.sh/t` → `https://ntfy.sh/`, `t`).
pub fn split_topic(url: &str) -> Option<(String, String)> {
    let url = url.trim_end_matches('/');
    let (scheme, rest) = url.split_once("://")?;
    let (host_and_path, topic) = rest.rsplit_once('/')?;
    if host_and_path.is_empty() || topic.is_empty() || topic.contains(['?', '#']) {
        return None;
    }
    Some((format!("{scheme}://{host_and_path}/"), topic.to_owned()))
}

/// The JSON ntfy publishes.
pub fn body(note: &Note, target: &Target, topic: &str) -> serde_json::Value {
    let (title, message) = super::remote_text(note, target);
    let mut body = json!({
        "topic": topic,
        "title": title,
        "message": message,
        "tags": ["bell"],
        "priority": 4,
    });
    if let Some(board) = target.click.as_deref().filter(|url| is_web_url(url)) {
        let one = note.count <= 1 && !note.wait.session_id.is_empty();
        let page = if one {
            session_page(board, &note.wait.session_id)
        } else {
            board.to_owned()
        };
        if one && target.answer_button {
            body["actions"] = json!([{
                "action": "view",
                "label": ring_shared::t!("web-answer"),
                "url": page,
                "clear": true,
            }]);
        }
        body["click"] = json!(page);
    }
    body
}

/// The board's page at `board` opened at session `id`: `session=ID` in the fragment (after a
/// `#token=…` already there), percent-encoded.
pub fn session_page(board: &str, id: &str) -> String {
    let encoded: String = id
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    let joint = match board.split_once('#') {
        None => "#",
        Some((_, "")) => "",
        Some(_) => "&",
    };
    format!("{board}{joint}session={encoded}")
}

/// An `http://` or `https://` URL: what a phone can open (anything else gets no `click`).
fn is_web_url(url: &str) -> bool {
    ["http://", "https://"]
        .iter()
        .any(|scheme| url.len() > scheme.len() && url.to_ascii_lowercase().starts_with(scheme))
}

/// Publishes `note`.
pub fn send(note: &Note, target: &Target) -> anyhow::Result<()> {
    let url = target
        .setting
        .as_deref()
        .with_context(|| ring_shared::t!("notify-unset", key = "notify_ntfy_url"))?;
    let (server, topic) = split_topic(url)
        .with_context(|| ring_shared::t!("notify-ntfy-not-topic", url = format!("{url:?}")))?;
    super::http::post_json(
        &server,
        &body(note, target, &topic),
        super::dispatch::channel_timeout(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[rstest::rstest]
    #[case::plain("https://ntfy.sh/my-topic", Some(("https://ntfy.sh/", "my-topic")))]
    #[case::trailing_slash("http://127.0.0.1:8080/t/", Some(("http://127.0.0.1:8080/", "t")))]
    #[case::sub_path("http://h/ntfy/t", Some(("http://h/ntfy/", "t")))]
    #[case::no_topic("https://ntfy.sh", None)]
    #[case::query("https://ntfy.sh/t?x=1", None)]
    fn topic_urls(#[case] url: &str, #[case] want: Option<(&str, &str)>) {
        let want = want.map(|(a, b)| (a.to_owned(), b.to_owned()));
        assert_eq!(split_topic(url), want);
    }

    #[rstest::rstest]
    #[case::bare("https://h/", "s1", "https://h/#session=s1")]
    #[case::with_token(
        "http://h:7380/#token=abc",
        "s1",
        "http://h:7380/#token=abc&session=s1"
    )]
    #[case::empty_fragment("http://h/#", "s1", "http://h/#session=s1")]
    #[case::encoded(
        "https://h/",
        "codex:t 1&x=#",
        "https://h/#session=codex%3At%201%26x%3D%23"
    )]
    fn a_note_opens_the_page_at_its_session(
        #[case] board: &str,
        #[case] id: &str,
        #[case] want: &str,
    ) {
        assert_eq!(session_page(board, id), want);
    }
}
