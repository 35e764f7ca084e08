//! The `webhook` channel: a JSON `POST` to `notify_webhook_url`.
//!
//! The body is stable and only ever grows (new keys may be added, none removed or changed):
//!
//! ```json
//! {"version": 1, "source": "ring", "title": "ring: app needs permission",
//!  "body": "…", "count": 1,
//!  "session": {"session_id": "…", "provider": "claude-code", "label": null,
//!              "project": "app", "kind": "permission", "detail": null, "cwd": null}}
//! ```
//!
//! `count` > 1 is a summary (debounce, quiet) naming its first session. `detail` and `cwd`
//! are `null` unless `notify_remote_detail = true`. Text has its control characters removed.

use super::{Note, Target};
use anyhow::Context;
use serde_json::json;

/// The body version.
pub const VERSION: u32 = 1;

/// The JSON body.
pub fn body(note: &Note, target: &Target) -> serde_json::Value {
    let (title, text) = super::remote_text(note, target);
    let clean = |s: &str| ring_shared::format::sanitize(s);
    let private = |s: &str| {
        target
            .send_detail
            .then(|| clean(s))
            .filter(|s| !s.is_empty())
    };
    json!({
        "version": VERSION,
        "source": "ring",
        "title": title,
        "body": text,
        "count": note.count,
        "session": {
            "session_id": clean(&note.wait.session_id),
            "provider": clean(&note.wait.provider),
            "label": note.wait.label.as_deref().map(clean),
            "project": clean(&note.wait.project),
            "kind": clean(&note.wait.kind),
            "detail": private(&note.wait.detail),
            "cwd": private(&note.wait.cwd),
        },
    })
}

/// Posts `note`.
pub fn send(note: &Note, target: &Target) -> anyhow::Result<()> {
    let url = target
        .setting
        .as_deref()
        .with_context(|| ring_shared::t!("notify-unset", key = "notify_webhook_url"))?;
    super::http::post_json(url, &body(note, target), super::dispatch::channel_timeout())
}
