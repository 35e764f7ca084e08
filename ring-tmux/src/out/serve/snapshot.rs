//! What a remote listener may send of a [`Snapshot`] (`crate::gather::snapshot`, the read
//! inputs the page derives the board from): what the page draws, and no secret.
//!
//! - `config.toml`: only the keys the page's rules read ([`DISPLAY_KEYS`]: time windows,
//!   `show_all`, …); never a notification key (`notify_command` may hold an API key,
//!   `notify_ntfy_url` a private topic, `notify_webhook_url` a secret URL), never an unknown
//!   one. Also with `serve_detail = true`.
//! - Without `serve_detail = true`: no details (what each session waits on, what it did
//!   last), and no folder names but the projects'. Every path (the sessions' folders, their
//!   transcripts, `$HOME`, the scanned processes' folders) keeps its shape, each folder
//!   name but a project's replaced by a keyed digest of it, so the page's rules (which
//!   compare folders and ask which is inside which) still hold while `/home/alice` and the
//!   transcript files stay on the machine.

use ring_shared::view::Snapshot;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;

/// The environment variable the server hands its read children the disguise key in.
pub const KEY_ENV: &str = "RING_SERVE_KEY";

/// The `config.toml` keys a remote page gets: those its rules (ring-shared's view) read.
pub const DISPLAY_KEYS: &[&str] = &[
    "active_window_seconds",
    "working_threshold_seconds",
    "waiting_window_seconds",
    "codex_permission_wait_seconds",
    "waiting_cooldown_seconds",
    "detect_stop_questions",
    "show_all",
    "status_show_project",
    "badge_states",
];

/// Makes `snapshot` fit for a remote page; `detail`: `serve_detail = true`.
pub fn redact(snapshot: &mut Snapshot, detail: bool, key: &str) {
    snapshot.config = display_config(&snapshot.config);
    if detail {
        return;
    }
    for row in &mut snapshot.rows {
        row.last_action.clear();
        row.waiting_detail.clear();
        row.waiting_for.clear();
        row.pending_permission_detail = None;
        // Each owner's wait and captured detail (rules §3.16) say the same things.
        for wait in row.waiting_requests.iter_mut().flatten() {
            wait.detail.clear();
            wait.waiting_for.clear();
        }
        for pending in row.pending_permissions.iter_mut().flatten() {
            pending.detail.clear();
        }
    }
    if let Some(published) = &mut snapshot.published {
        for row in &mut published.sessions {
            row.last_action.clear();
        }
    }
    let Ok(mut value) = serde_json::to_value(&*snapshot) else {
        return;
    };
    let mut projects = BTreeSet::new();
    collect_projects(&value, &mut projects);
    let disguise = Disguise { key, projects };
    disguise.value(&mut value);
    match serde_json::from_value::<Snapshot>(value) {
        Ok(disguised) => *snapshot = disguised,
        // Never send what could not be disguised.
        Err(_) => *snapshot = Snapshot::default(),
    }
}

/// `config.toml` with only [`DISPLAY_KEYS`] (`""` when nothing is left or it does not parse).
pub fn display_config(text: &str) -> String {
    let Ok(table) = text.parse::<toml::Table>() else {
        return String::new();
    };
    let kept: toml::Table = table
        .into_iter()
        .filter(|(k, _)| DISPLAY_KEYS.contains(&k.as_str()))
        .collect();
    toml::to_string(&kept).unwrap_or_default()
}

/// The last folder name of every `cwd` in `value`: the projects the page names.
fn collect_projects(value: &Value, projects: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k == "cwd"
                    && let Some(name) = v
                        .as_str()
                        .and_then(|p| p.trim_end_matches('/').rsplit('/').next())
                    && !name.is_empty()
                {
                    projects.insert(name.to_owned());
                }
                collect_projects(v, projects);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_projects(v, projects)),
        _ => {}
    }
}

struct Disguise<'a> {
    key: &'a str,
    projects: BTreeSet<String>,
}

impl Disguise<'_> {
    fn value(&self, value: &mut Value) {
        match value {
            Value::String(text) if text.starts_with('/') => *text = self.path(text),
            Value::Array(items) => items.iter_mut().for_each(|v| self.value(v)),
            Value::Object(map) => {
                let old = std::mem::take(map);
                for (k, mut v) in old {
                    self.value(&mut v);
                    let k = if k.starts_with('/') { self.path(&k) } else { k };
                    map.insert(k, v);
                }
            }
            _ => {}
        }
    }

    /// `/home/alice/work/api` → `/d-1f…/d-9c…/d-07…/api`: the same name gives the same
    /// digest wherever it is, so equal paths stay equal and a folder stays inside its parent.
    fn path(&self, path: &str) -> String {
        path.split('/')
            .map(|name| {
                if name.is_empty() || self.projects.contains(name) {
                    name.to_owned()
                } else {
                    self.name(name)
                }
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    fn name(&self, name: &str) -> String {
        let digest = Sha256::new()
            .chain_update(self.key.as_bytes())
            .chain_update([0])
            .chain_update(name.as_bytes())
            .finalize();
        let hex: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
        format!("d-{hex}")
    }
}

/// The key a read child disguises with: the server's, else one of its own.
pub fn key_from_env() -> String {
    std::env::var(KEY_ENV)
        .ok()
        .filter(|k| !k.is_empty())
        .unwrap_or_else(|| super::auth::fresh_token().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_keeps_display_keys_and_never_a_notification_secret() {
        let text = "notify_command = \"curl -H 'Authorization: Bearer SECRET123' x\"\n\
                    notify_ntfy_url = \"https://ntfy.sh/topic-SECRET\"\n\
                    notify_webhook_url = \"https://hooks.example/SECRET\"\n\
                    mystery = \"SECRET\"\n\
                    working_threshold_seconds = 7\nshow_all = true\n";
        let kept = display_config(text);
        assert!(!kept.contains("SECRET"), "{kept}");
        assert!(kept.contains("working_threshold_seconds = 7"), "{kept}");
        assert!(kept.contains("show_all = true"), "{kept}");
        assert_eq!(display_config("not toml ["), "");
    }

    #[test]
    fn paths_keep_equality_nesting_and_the_project_name() {
        let disguise = Disguise {
            key: "k",
            projects: ["api".to_owned()].into(),
        };
        let home = disguise.path("/home/alice");
        let api = disguise.path("/home/alice/work/api");
        assert!(
            !home.contains("alice") && !api.contains("work"),
            "{home} {api}"
        );
        assert!(api.starts_with(&format!("{home}/")), "{home} {api}");
        assert!(api.ends_with("/api"), "{api}");
        assert_eq!(api, disguise.path("/home/alice/work/api"));
        let other = Disguise {
            key: "other",
            projects: BTreeSet::new(),
        };
        assert_ne!(home, other.path("/home/alice"), "the key matters");
    }
}
