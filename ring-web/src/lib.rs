//! ring-web: ring's read side for JavaScript. A page (`ring-tmux serve`), an editor extension or
//! any Node program hands it a snapshot of the ring folder (`ring-tmux json --snapshot`,
//! [`ring_shared::view::Snapshot`]) and the clock, and gets back the board every ring front end
//! draws ([`ring_shared::view::View`]), derived by the same code as the tmux status line and the
//! zellij plugin, so they cannot disagree. The time rules (the Codex permission wait, idle
//! times) run at the caller's clock: a page ticks them without asking its server.
//!
//! ```text
//!  ring-tmux json --snapshot ──▶ snapshot JSON ─┐
//!  Date.now() / 1000 ───────────────────────────┤ view / viewWith / board
//!                                               ▼
//!                     View JSON (entries, counts, waiting) │ `ring-tmux json` text
//! ```
//!
//! Natively these are plain functions returning `Result<String, String>` (tested here and
//! usable from Rust); built for `wasm32-unknown-unknown` the `js` module exports them
//! through wasm-bindgen under the JavaScript names below, an `Err` thrown as an `Error`.
//!
//! | JavaScript | Rust |
//! | --- | --- |
//! | `view(snapshotJson, nowSeconds)` | [`view_json`] with default options |
//! | `viewWith(snapshotJson, nowSeconds, optionsJson)` | [`view_json`] |
//! | `board(snapshotJson, nowSeconds, all)` | [`board_json`] |
//! | `kinds()` | [`kinds_json`] |
//! | `statuses()` | [`statuses_json`] |
//! | `relativeTime(seconds)` | [`relative_time`] |
//! | `version()` | [`VERSION`] |
//! | `snapshotVersion()` | [`ring_shared::view::snapshot::SNAPSHOT_VERSION`] |
//!
//! The snapshot of a `ring-tmux serve` page may carry `hosts` beside this machine's keys
//! (each remote host's last snapshot, [`ring_shared::view::page`]): their sessions join the
//! view named `host:project`, and the view gets `hosts`, a note per host (`ok`, `stale`,
//! `unreachable`, `unread`).
//!
//! Strings in the results are the rows' data as written (never sanitized here): whoever draws
//! them escapes them for where they go (HTML, a terminal).
//!
//! ```
//! let snapshot = r#"{"rows": [{"session_id": "s1", "status": "waiting", "last_active": 100}]}"#;
//! let view: serde_json::Value =
//!     serde_json::from_str(&ring_web::view_json(snapshot, 160.0, None).unwrap()).unwrap();
//! assert_eq!(view["entries"][0]["status"], "waiting");
//! assert_eq!(view["entries"][0]["idle_seconds"], 60.0);
//! ```

use ring_shared::Status;
use ring_shared::format;
use ring_shared::i18n::{self, Lang};
use ring_shared::view::page::PageHosts;
use ring_shared::view::{self, KINDS, Snapshot, ViewOptions};
use serde::{Deserialize, Serialize};

#[cfg(target_arch = "wasm32")]
pub mod js;

/// This crate's version (the workspace's), as `version()` returns it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The board a snapshot shows at `now_seconds` (epoch seconds), as [`view::View`] JSON.
/// `options_json` is a [`ViewOptions`] object (`{"all": true}` keeps ended sessions), with
/// `"lang"` for its words (`"zh-Hant"`); `None` or `""` for the defaults.
pub fn view_json(
    snapshot_json: &str,
    now_seconds: f64,
    options_json: Option<&str>,
) -> Result<String, String> {
    let (snapshot, now) = inputs(snapshot_json, now_seconds)?;
    let options: WebOptions = match options_json.map(str::trim).filter(|o| !o.is_empty()) {
        None => WebOptions::default(),
        Some(text) => serde_json::from_str(text).map_err(|e| {
            format!(
                "ring-web: the options are not a JSON object like {{\"all\": true}} ({e}); pass one, or none"
            )
        })?,
    };
    // A page's snapshot (`ring-tmux serve`) carries the remote hosts beside this machine's.
    let hosts = serde_json::from_str::<PageHosts>(snapshot_json)
        .map(|h| h.hosts)
        .unwrap_or_default();
    // The view's words (who waits, in an entry's detail) in the page's language.
    let lang = options
        .lang
        .as_deref()
        .and_then(Lang::parse)
        .unwrap_or_default();
    let (view, notes) = i18n::with_lang(lang, || {
        view::page::view(&snapshot, &hosts, now, &options.view)
    });
    let mut value =
        serde_json::to_value(&view).map_err(|e| format!("ring-web: cannot write the view: {e}"))?;
    if !notes.is_empty()
        && let Some(object) = value.as_object_mut()
    {
        object.insert(
            "hosts".into(),
            serde_json::to_value(&notes).unwrap_or_default(),
        );
    }
    Ok(value.to_string())
}

/// [`view_json`]'s options: the view's, and the language of its words (`"lang": "zh-Hant"`, a
/// tag `RING_LANG` takes; English when absent or unknown).
#[derive(Default, Deserialize)]
struct WebOptions {
    #[serde(flatten)]
    view: ViewOptions,
    #[serde(default)]
    lang: Option<String>,
}

/// The board a snapshot shows at `now_seconds`, as the text `ring-tmux json [--all]` prints
/// (without its trailing newline): RiNG's keys, for tools that already read that board.
pub fn board_json(snapshot_json: &str, now_seconds: f64, all: bool) -> Result<String, String> {
    let (snapshot, now) = inputs(snapshot_json, now_seconds)?;
    Ok(format::json(&view::view(
        &snapshot,
        now,
        &ViewOptions { all },
    )))
}

fn inputs(snapshot_json: &str, now_seconds: f64) -> Result<(Snapshot, f64), String> {
    if !now_seconds.is_finite() || now_seconds < 0.0 {
        return Err(format!(
            "ring-web: the clock is {now_seconds}, not a time; pass epoch seconds (Date.now() / 1000)"
        ));
    }
    let snapshot = Snapshot::from_json(snapshot_json).map_err(|e| {
        format!(
            "ring-web: the snapshot is not a ring snapshot ({e}); pass the JSON `ring-tmux json --snapshot` prints"
        )
    })?;
    Ok((snapshot, now_seconds))
}

/// One waiting kind, as [`kinds_json`] lists it.
#[derive(Serialize)]
struct KindJson {
    name: &'static str,
    icon: &'static str,
    label: String,
    badged: bool,
}

/// The waiting kinds (`permission`, `question`, `plan`, `idle`) with their icon, words and
/// whether badges draw them: `[{name, icon, label, badged}]`, the one table every front end uses.
pub fn kinds_json() -> String {
    let kinds: Vec<KindJson> = KINDS
        .iter()
        .map(|k| KindJson {
            name: k.name,
            icon: k.icon,
            label: k.kind.label(),
            badged: k.badged,
        })
        .collect();
    serde_json::to_string(&kinds).unwrap_or_default()
}

/// One state, as [`statuses_json`] lists it.
#[derive(Serialize)]
struct StatusJson {
    name: &'static str,
    marker: &'static str,
    label: String,
    /// Board order: lower first.
    rank: u8,
}

/// The states in board order with their marker (`🔴`) and label:
/// `[{name, marker, label, rank}]`.
pub fn statuses_json() -> String {
    let statuses: Vec<StatusJson> = Status::ALL
        .iter()
        .map(|&s| StatusJson {
            name: s.as_str(),
            marker: format::marker(s),
            label: format::status_label(s),
            rank: s.rank(),
        })
        .collect();
    serde_json::to_string(&statuses).unwrap_or_default()
}

/// An idle time as every front end writes it (§5.4): `42s`, `3m`, `1h05m`, `2d`.
pub fn relative_time(seconds: f64) -> String {
    format::relative_time(seconds)
}

#[cfg(test)]
mod tests;
