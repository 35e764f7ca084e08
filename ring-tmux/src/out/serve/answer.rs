//! Answering a waiting session's dialog from the page (a phone): the same reading and the
//! same check as `ring-tmux reply` ([`crate::act::reply`]).
//!
//! ```text
//!  GET  /api/dialog?session=ID   the dialog on the session's pane now: the Listing
//!                                (every row verbatim, the options, the fingerprint)
//!  POST /api/reply               {"session", "option", "fingerprint"}: the option's digit,
//!                                sent only while the pane still shows that very dialog
//! ```
//!
//! Beyond what every request needs ([`super::auth`]: the token, JSON for a POST), an answer
//! needs: `serve_answers` to allow it on this listener (by default only on loopback); an
//! `Origin` that is this server's own (a POST without one is refused, not let through); a
//! `Sec-Fetch-Site`, when the browser sends one, of `same-origin`; a session that waits now;
//! the fingerprint of the dialog the person read. One answer at a time (another one meanwhile
//! gets 429). Every POST that passed the token is a line in `events.jsonl`: when, from which
//! address and browser, which session and option, and what happened. The line has no `ts`
//! and no `status`, so neither `ring-tmux stats` nor RiNG's `ring stats` takes it for a
//! status change. A session on another host (`host:id`) is listed and answered by that
//! host's own `ring-tmux reply` over ssh, always with the fingerprint ([`super::remote`]);
//! its line names the host.

use super::Shared;
use super::reply::{self, Response};
use crate::gather::remote::RemoteId;
use crate::out::board::reply::NotSent;
use crate::store::jsonl;
use ring_shared::Status;
use ring_shared::config::Config;
use ring_shared::t;
use ring_shared::view::{Entry, View};
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};

/// Headers an answer is judged by.
#[derive(Debug, Clone, Default)]
pub(super) struct Asked {
    pub(super) host: Option<String>,
    pub(super) origin: Option<String>,
    pub(super) fetch_site: Option<String>,
    pub(super) user_agent: Option<String>,
}

/// One answer at a time per server: a burst of POSTs cannot queue keys for a pane.
#[derive(Debug, Default)]
pub(super) struct Gate(AtomicBool);

/// Released when dropped.
struct Turn<'a>(&'a Gate);

impl Gate {
    fn take(&self) -> Option<Turn<'_>> {
        (!self.0.swap(true, Ordering::SeqCst)).then_some(Turn(self))
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        (self.0).0.store(false, Ordering::SeqCst);
    }
}

/// What to say when this listener takes no answers.
fn off() -> String {
    t!("err-serve-answers-off")
}

/// Why nothing was sent: the log's language-free code ([`Record::why`]) and the reply's text.
type Why = (&'static str, String);

/// Why a request from elsewhere than the page itself is refused (`None`: it is the page's).
/// A browser always sends `Origin` with a `fetch` POST: one without it is not the page.
pub(super) fn foreign(asked: &Asked, post: bool) -> Option<Why> {
    if asked
        .fetch_site
        .as_deref()
        .is_some_and(|s| !s.trim().eq_ignore_ascii_case("same-origin"))
    {
        return Some(("foreign-site", t!("err-serve-foreign-site")));
    }
    let own = match (asked.origin.as_deref(), asked.host.as_deref()) {
        (Some(origin), Some(host)) => origin
            .strip_prefix("http://")
            .is_some_and(|o| o.eq_ignore_ascii_case(host)),
        (None, _) => !post,
        (Some(_), None) => false,
    };
    (!own).then(|| ("foreign-origin", t!("err-serve-foreign-origin")))
}

/// Whether this listener takes answers now (`config.toml` read once at each request, so
/// turning it on or off needs no restart).
fn enabled(shared: &Shared, config: &Config) -> bool {
    config.serve_answers.allows(!shared.reader.remote)
}

fn read_config(shared: &Shared) -> Config {
    crate::gather::read_config(&shared.env.ring_home).0
}

/// `GET /api/dialog?session=ID`.
pub(super) fn dialog(query: Option<&str>, asked: &Asked, shared: &Shared) -> Response {
    if let Some((_, why)) = foreign(asked, false) {
        return reply::json_error(403, &why);
    }
    let config = read_config(shared);
    if !enabled(shared, &config) {
        return reply::json_error(403, &off());
    }
    let Some(id) = query.and_then(|q| param(q, "session")) else {
        return reply::json_error(400, "ask /api/dialog?session=ID");
    };
    let entry = match waiting(shared, &config, &id) {
        Ok(entry) => entry,
        Err((status, why)) => return reply::json_error(status, &why),
    };
    if let Some(id) = RemoteId::of(&entry) {
        return super::remote::dialog(&entry, &id, shared);
    }
    match crate::out::board::reply::read(&entry, socket().as_deref()) {
        Ok(listing) => reply::json(200, serde_json::to_string(&listing).unwrap_or_default()),
        Err(why) => reply::json_error(409, &why),
    }
}

/// What a POST /api/reply carries.
#[derive(Debug, Deserialize)]
struct Answer {
    session: String,
    option: u32,
    fingerprint: String,
}

/// `POST /api/reply` (its body read, at most `BODY_CAP`).
pub(super) fn answer(body: &[u8], peer: IpAddr, asked: &Asked, shared: &Shared) -> Response {
    let parsed = serde_json::from_slice::<Answer>(body).ok();
    let config = read_config(shared);
    let (status, said) = decide(parsed.as_ref(), asked, shared, &config);
    let mut record = Record {
        at: shared.env.now(),
        event: "answer",
        via: "serve",
        remote: peer.to_string(),
        user_agent: asked
            .user_agent
            .as_deref()
            .map(agent_text)
            .unwrap_or_default(),
        session: parsed
            .as_ref()
            .map(|a| a.session.clone())
            .unwrap_or_default(),
        option: parsed.as_ref().map(|a| a.option),
        result: "refused",
        why: "",
        host: parsed
            .as_ref()
            .and_then(|a| RemoteId::parse(&a.session))
            .filter(|id| id.configured(&config))
            .map(|id| id.host)
            .unwrap_or_default(),
    };
    let response = match said {
        Ok(text) => {
            record.result = "sent";
            reply::json(
                status,
                serde_json::json!({ "ok": true, "sent": text }).to_string(),
            )
        }
        Err((code, why)) => {
            record.why = code;
            reply::json_error(status, &why)
        }
    };
    let path = shared.env.ring_home.join("events.jsonl");
    if let Err(e) = jsonl::append_line(&path, &jsonl::to_python_json(&record), jsonl::EVENTS_CAP) {
        shared.log.write(
            shared.env.now(),
            "serve",
            &t!("err-serve-log-events", error = e.to_string()),
        );
    }
    response
}

/// The status and what was sent, or why nothing was.
fn decide(
    ask: Option<&Answer>,
    asked: &Asked,
    shared: &Shared,
    config: &Config,
) -> (u16, Result<String, Why>) {
    if let Some(why) = foreign(asked, true) {
        return (403, Err(why));
    }
    if !enabled(shared, config) {
        return (403, Err(("answers-off", off())));
    }
    let Some(ask) = ask else {
        let send = "send {\"session\": ID, \"option\": N, \"fingerprint\": F}";
        return (400, Err(("bad-request", send.into())));
    };
    if ask.fingerprint.is_empty() {
        return (400, Err(("no-fingerprint", t!("err-serve-no-fingerprint"))));
    }
    let Some(_turn) = shared.answers.take() else {
        return (429, Err(("busy", t!("err-serve-busy"))));
    };
    let entry = match waiting(shared, config, &ask.session) {
        Ok(entry) => entry,
        Err((status, why)) => {
            let code = match status {
                404 => "no-session",
                409 => "not-waiting",
                _ => "unreadable",
            };
            return (status, Err((code, why)));
        }
    };
    let remote = RemoteId::of(&entry);
    // Whatever happens, the next listing of a host's dialog is its screen then.
    if let Some(id) = &remote {
        super::remote::forget(id);
    }
    let fingerprint = Some(ask.fingerprint.as_str());
    match crate::out::board::reply::send(&entry, ask.option, fingerprint, socket().as_deref()) {
        Ok(text) => (200, Ok(text)),
        Err(NotSent::Changed) => {
            let (what, fix) = (t!("err-serve-changed"), t!("err-serve-changed-fix"));
            (409, Err(("changed", format!("{what}; {fix}"))))
        }
        Err(NotSent::Said(why)) => match &remote {
            Some(id) => (
                409,
                Err(("remote", super::remote::told(&id.host, why, shared))),
            ),
            // One of `ring-tmux reply`'s own refusals (the pane, the dialog, the option).
            None => (409, Err(("reply", why))),
        },
    }
}

/// The session `id` as the board has it now, if it waits.
fn waiting(shared: &Shared, config: &Config, id: &str) -> Result<Entry, (u16, String)> {
    let view = shared
        .reader
        .read_private("view")
        .and_then(|json| serde_json::from_str::<View>(&json).ok())
        .ok_or_else(|| (503, t!("err-serve-unreadable")))?;
    let Some(entry) = view.entries.into_iter().find(|e| e.session_id == id) else {
        let why =
            super::remote::unknown_host(id, config).unwrap_or_else(|| t!("err-serve-no-session"));
        return Err((404, why));
    };
    if entry.status != Status::Waiting {
        return Err((409, t!("err-serve-not-waiting")));
    }
    Ok(entry)
}

/// The tmux server to look in when a row names none: the server's own `$TMUX`.
fn socket() -> Option<String> {
    crate::sys::run::socket_from_env()
}

/// One `events.jsonl` line of an answer.
#[derive(Debug, Serialize)]
struct Record {
    /// Seconds since the epoch (not `ts`: see the module's doc).
    at: f64,
    event: &'static str,
    via: &'static str,
    remote: String,
    user_agent: String,
    session: String,
    option: Option<u32>,
    result: &'static str,
    /// Why it was refused, as a code in no language (a log is data; the reply said it in
    /// words): `foreign-site`, `foreign-origin`, `answers-off`, `bad-request`, `no-fingerprint`, `busy`,
    /// `unreadable`, `no-session`, `not-waiting`, `remote`, `changed`, `reply`. Lines
    /// written before it (and RiNG's) may hold English words.
    #[serde(skip_serializing_if = "str::is_empty")]
    why: &'static str,
    /// The host of a session on another machine (`remote_hosts`), answered over ssh.
    #[serde(skip_serializing_if = "String::is_empty")]
    host: String,
}

/// A browser's `User-Agent` as data: control sequences out, at most 200 characters.
fn agent_text(agent: &str) -> String {
    ring_shared::format::sanitize(agent)
        .chars()
        .take(200)
        .collect()
}

/// The value of `name` in a query string (`a=1&session=codex%3At1`), percent-decoded.
fn param(query: &str, name: &str) -> Option<String> {
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == name).then(|| decode(value)).flatten()
    })
}

/// `%XX` and `+` decoded; `None` when that is not UTF-8 or a `%` is not followed by two hex
/// digits.
fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const HOST: &str = "127.0.0.1:7380";

    #[rstest]
    #[case::the_page(Some("http://127.0.0.1:7380"), Some("same-origin"), true, None)]
    #[case::an_old_browser(Some("http://127.0.0.1:7380"), None, true, None)]
    #[case::no_origin_on_a_post(None, None, true, Some("Origin"))]
    #[case::no_origin_on_a_get(None, Some("same-origin"), false, None)]
    #[case::another_site(Some("http://evil.example"), None, true, Some("Origin"))]
    #[case::https_is_not_this_server(Some("https://127.0.0.1:7380"), None, true, Some("Origin"))]
    #[case::cross_site_fetch(
        Some("http://127.0.0.1:7380"),
        Some("cross-site"),
        true,
        Some("Sec-Fetch-Site")
    )]
    #[case::same_site_is_not_same_origin(None, Some("same-site"), false, Some("Sec-Fetch-Site"))]
    fn only_the_page_itself_may_answer(
        #[case] origin: Option<&str>,
        #[case] fetch_site: Option<&str>,
        #[case] post: bool,
        #[case] refused_for: Option<&str>,
    ) {
        let asked = Asked {
            host: Some(HOST.into()),
            origin: origin.map(str::to_owned),
            fetch_site: fetch_site.map(str::to_owned),
            user_agent: None,
        };
        let why = foreign(&asked, post);
        match refused_for {
            None => assert_eq!(why, None),
            Some(header) => assert!(
                why.as_ref().is_some_and(|w| w.1.contains(header)),
                "{why:?}"
            ),
        }
    }

    #[rstest]
    #[case::plain("session=s1", Some("s1"))]
    #[case::encoded("x=1&session=codex%3At1", Some("codex:t1"))]
    #[case::missing("sessions=s1", None)]
    #[case::broken_escape("session=%4", None)]
    #[case::not_utf8("session=%ff", None)]
    fn the_session_is_read_from_the_query(#[case] query: &str, #[case] want: Option<&str>) {
        assert_eq!(param(query, "session").as_deref(), want);
    }

    #[test]
    fn a_user_agent_is_kept_as_short_plain_text() {
        let agent = format!("Mozilla\u{1b}]0;x\u{7}\n{}", "a".repeat(500));
        let kept = agent_text(&agent);
        assert!(kept.starts_with("Mozilla "), "{kept:?}");
        assert_eq!(kept.chars().count(), 200);
        assert!(!kept.chars().any(char::is_control));
    }
}
