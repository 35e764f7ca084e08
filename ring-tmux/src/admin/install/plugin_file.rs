//! Agents whose hook is a whole file ring owns ([`Format::OpencodePlugin`]: OpenCode's
//! `plugins/ring-tmux.js`; [`Format::PiExtension`]: Pi's `extensions/ring-tmux.ts`). The file
//! is ring's alone: its first line marks it, a rewrite is a backup plus an atomic replace,
//! `remove-hooks` backs it up and deletes it, and a file at that path without the mark is
//! someone else's and is never touched.
//!
//! [`Format::OpencodePlugin`]: ring_shared::provider::Format::OpencodePlugin
//! [`Format::PiExtension`]: ring_shared::provider::Format::PiExtension

use super::Target;
use ring_shared::provider::{Format, Install};
use ring_shared::t;
use std::path::Path;

/// How the first line of every plugin file ring writes starts (then the agent's name).
pub const MARK: &str = "// ring-tmux: ";

/// The file ring writes for an agent of `format`.
fn template(format: Format) -> &'static str {
    match format {
        Format::PiExtension => include_str!("pi_extension.ts"),
        _ => include_str!("opencode_plugin.js"),
    }
}

/// The plugin's text for hooks that run `binary` (`ring-tmux hook` plus the table's
/// `hook_args`, forwarding the table's events).
pub fn render(binary: &str, spec: &Install) -> String {
    let quote = |s: &str| serde_json::Value::String(s.to_owned()).to_string();
    let args: Vec<serde_json::Value> = spec
        .hook_args
        .split_whitespace()
        .map(|a| serde_json::Value::String(a.to_owned()))
        .collect();
    template(spec.format)
        .replace("__RING_BIN__", &quote(binary))
        .replace("__RING_ARGS__", &serde_json::Value::Array(args).to_string())
        .replace(
            "__RING_EVENTS__",
            &serde_json::to_string(spec.events).unwrap_or_else(|_| "[]".into()),
        )
}

/// What is at a target's path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// Nothing.
    Missing,
    /// ring's plugin, running this program.
    Ours { text: String, program: String },
    /// A file without ring's mark (or unreadable as text): not ring's.
    Foreign(String),
}

/// Reads the target's file (a symlink is followed, a FIFO or device refused, as for settings
/// files).
pub fn inspect(path: &Path) -> Found {
    match super::jsonfile::read_text(path) {
        Ok(None) => Found::Missing,
        Ok(Some(text)) if text.starts_with(MARK) => Found::Ours {
            program: program_of(&text).unwrap_or_default(),
            text,
        },
        Ok(Some(_)) => Found::Foreign(t!("install-no-mark")),
        Err(err) => Found::Foreign(err),
    }
}

/// The program an installed plugin runs (its `const RING = "…"` line).
pub fn program_of(text: &str) -> Option<String> {
    let line = text.lines().find(|l| l.starts_with("const RING = "))?;
    serde_json::from_str::<String>(line.trim_start_matches("const RING = ").trim()).ok()
}

/// The lines `--dry-run` prints and the summary's event list.
pub fn events(target: &Target) -> Vec<String> {
    target.events.iter().map(|e| (*e).to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendered_plugin_names_the_binary_and_events_as_js_literals() {
        let spec = ring_shared::provider::opencode::PROVIDER
            .install
            .expect("OpenCode installs");
        let text = render("/opt/it's \"here\"/ring-tmux", &spec);
        assert!(text.starts_with(MARK));
        assert_eq!(
            program_of(&text).as_deref(),
            Some("/opt/it's \"here\"/ring-tmux")
        );
        assert!(text.contains(r#"const ARGS = ["--provider","opencode"]"#));
        assert!(text.contains(r#""permission.asked""#));
        assert!(!text.contains("__RING_"));
    }

    #[test]
    fn pi_gets_its_extension_with_its_events() {
        let spec = ring_shared::provider::pi::PROVIDER
            .install
            .expect("Pi installs");
        let text = render("/opt/ring-tmux", &spec);
        assert!(text.starts_with("// ring-tmux: Pi extension"), "{text}");
        assert_eq!(program_of(&text).as_deref(), Some("/opt/ring-tmux"));
        assert!(text.contains(r#"const ARGS = ["--provider","pi"]"#));
        assert!(text.contains(r#""session_shutdown""#));
        assert!(!text.contains("__RING_"));
    }
}
