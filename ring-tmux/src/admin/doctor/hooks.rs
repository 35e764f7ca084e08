//! The agents' hooks as doctor checks them: each agent's configuration file, ring's plugin
//! files, and the agent's own gates (Codex's trust, Gemini's and Copilot's switches).

use super::Finding;
use super::checks::q;
use super::system::is_executable;
use crate::admin::install::{self, jsonfile, merge};
use ring_shared::provider::{Format, Trust};
use ring_shared::t;
use std::path::Path;

/// ring's hook in the settings of every agent of the provider table
/// ([`install::targets`]: Claude Code's, and Codex's when `~/.codex` exists).
pub fn hooks(home: &Path) -> Vec<Finding> {
    let mut out = Vec::new();
    for target in install::targets(home) {
        let path = &target.path.display().to_string();
        // An agent installed into always (no `only_if`) may not be there at all: its
        // settings folder (`~/.claude`) says whether it is.
        let folder = target.spec.settings.split('/').next().unwrap_or_default();
        if target.spec.only_if.is_none() && !home.join(folder).is_dir() {
            out.push(Finding::absent(
                t!("doctor-agent-absent", agent = target.agent, folder = folder),
                t!("doctor-agent-absent-fix", agent = target.agent),
            ));
            continue;
        }
        if target.spec.format.is_plugin_file() {
            out.push(plugin(&target));
            continue;
        }
        let loaded = match jsonfile::load(&target.path) {
            Ok(loaded) => loaded,
            Err(err) => {
                out.push(Finding::error(
                    format!("{path} {err}"),
                    t!("doctor-hooks-unparsed-fix", path = path),
                ));
                continue;
            }
        };
        let found = install::state::installed(target.spec.format, &loaded.doc, target.events);
        if target.spec.format == Format::CursorHooks {
            let unknown = install::cursor::unknown_events(&loaded.doc);
            if !unknown.is_empty() {
                let (agent, events) = (target.agent, unknown.join(", "));
                out.push(Finding::error(
                    t!(
                        "doctor-cursor-unknown",
                        path = path,
                        agent = agent,
                        events = events
                    ),
                    t!("doctor-cursor-unknown-fix", path = path),
                ));
            }
        }
        if found.missing.len() == target.events.len() {
            let agent = target.agent;
            out.push(Finding::error(
                t!("doctor-hooks-none", agent = agent, path = path),
                "ring-tmux install-hooks",
            ));
        } else if !found.missing.is_empty() {
            let events = found.missing.join(", ");
            out.push(Finding::error(
                t!("doctor-hooks-missing", events = events, path = path),
                "ring-tmux install-hooks",
            ));
        }
        let mut programs_ok = true;
        for program in &found.programs {
            if !is_executable(Path::new(program)) {
                programs_ok = false;
                out.push(Finding::error(
                    t!(
                        "doctor-hooks-bad-program",
                        agent = target.agent,
                        program = program.as_str()
                    ),
                    t!("doctor-hooks-repoint-fix"),
                ));
            }
        }
        if found.missing.is_empty() && programs_ok {
            out.push(Finding::ok(t!(
                "doctor-hooks-ok",
                agent = target.agent,
                events = target.events.len(),
                programs = found.programs.join(", ")
            )));
        }
        if let Some(Trust::CodexHashes { config }) = target.spec.trust
            && !found.programs.is_empty()
        {
            out.push(codex_trust(
                &home.join(config),
                &target.path,
                &loaded.doc,
                target.events,
            ));
        }
        if target.spec.format == ring_shared::provider::Format::CopilotFile
            && !found.programs.is_empty()
        {
            out.extend(copilot_switches(home, &loaded.doc, path));
        }
        if let Some(Trust::GeminiFolders { folders }) = target.spec.trust
            && !found.programs.is_empty()
        {
            out.extend(gemini_gates(
                &loaded.doc,
                &home.join(folders),
                target.events,
            ));
        }
        if !found.ring_events.is_empty() {
            out.push(Finding::warn(
                t!("doctor-hooks-ring-cli", path = path),
                t!("doctor-hooks-ring-cli-fix"),
            ));
        }
    }
    out
}

/// ring's plugin file of an agent that loads plugins (OpenCode's `plugins/ring-tmux.js`).
pub(super) fn plugin(target: &install::Target) -> Finding {
    use crate::admin::install::plugin_file::{Found, inspect};
    let path = target.path.display().to_string();
    match inspect(&target.path) {
        Found::Missing => Finding::error(
            t!("doctor-plugin-none", agent = target.agent, path = path),
            "ring-tmux install-hooks",
        ),
        Found::Foreign(why) => Finding::warn(
            t!(
                "doctor-plugin-foreign",
                path = path,
                why = why.to_string(),
                agent = target.agent
            ),
            t!("doctor-plugin-foreign-fix", path = q(&target.path)),
        ),
        Found::Ours { program, .. } if !is_executable(Path::new(&program)) => Finding::error(
            t!(
                "doctor-plugin-bad-program",
                agent = target.agent,
                program = program
            ),
            t!("doctor-hooks-repoint-fix"),
        ),
        Found::Ours { program, .. } => Finding::ok(t!(
            "doctor-plugin-ok",
            agent = target.agent,
            events = target.events.len(),
            program = program
        )),
    }
}

/// Whether Codex trusts ring's entries of `hooks.json` (`[hooks.state]` of its
/// `config.toml`): an untrusted hook never runs, and `codex exec` skips it without a word.
pub(super) fn codex_trust(
    config: &Path,
    hooks_json: &Path,
    doc: &serde_json::Value,
    events: &[&str],
) -> Finding {
    let entries =
        crate::admin::install::codex_trust::our_entries(doc, &hooks_json.to_string_lossy(), events);
    let untrusted =
        crate::admin::install::state::untrusted_codex_events(config, hooks_json, doc, events);
    if untrusted.is_empty() {
        Finding::ok(t!("doctor-codex-trusted", count = entries.len()))
    } else {
        Finding::error(
            t!(
                "doctor-codex-untrusted",
                events = untrusted.join(", "),
                untrusted = untrusted.len(),
                count = entries.len()
            ),
            t!("doctor-codex-untrusted-fix"),
        )
    }
}

/// Gemini CLI's own gates before a hook runs: its hooks switch (`hooksConfig.enabled`), its
/// list of disabled hooks (`hooksConfig.disabled`, by command), and its folder trust
/// (`security.folderTrust.enabled`, on by default in 0.61): in a folder not trusted it runs
/// no hook at all, the user settings' ones included.
pub(super) fn gemini_gates(
    settings: &serde_json::Value,
    folders: &Path,
    events: &[&str],
) -> Vec<Finding> {
    let mut out = Vec::new();
    let path = |keys: &[&str]| keys.iter().try_fold(settings, |v, k| v.get(*k));
    if path(&["hooksConfig", "enabled"]).and_then(serde_json::Value::as_bool) == Some(false) {
        out.push(Finding::error(
            t!("doctor-gemini-off"),
            t!("doctor-gemini-off-fix"),
        ));
    }
    let ours: Vec<String> = events
        .iter()
        .flat_map(|e| merge::event_commands(settings, e))
        .filter(|c| merge::is_ours(c))
        .collect();
    let disabled: Vec<&str> = path(&["hooksConfig", "disabled"])
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(serde_json::Value::as_str)
        .filter(|d| ours.iter().any(|c| c == d))
        .collect();
    if !disabled.is_empty() {
        out.push(Finding::error(
            t!("doctor-gemini-disabled", hooks = disabled.join(", ")),
            t!("doctor-gemini-disabled-fix"),
        ));
    }
    if path(&["security", "folderTrust", "enabled"]).and_then(serde_json::Value::as_bool)
        == Some(false)
    {
        out.push(Finding::ok(t!("doctor-gemini-trust-off")));
        return out;
    }
    let trusted = match jsonfile::load(folders) {
        Ok(loaded) => loaded
            .doc
            .as_object()
            .map(|map| {
                map.iter()
                    .filter(|(_, v)| matches!(v.as_str(), Some("TRUST_FOLDER" | "TRUST_PARENT")))
                    .map(|(k, _)| k.clone())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default(),
        Err(err) => {
            out.push(Finding::warn(
                crate::sys::voice::about("doctor-gemini-folders-bad", folders, err),
                t!("doctor-fix-by-hand", path = q(folders)),
            ));
            return out;
        }
    };
    if trusted.is_empty() {
        out.push(Finding::warn(
            t!("doctor-gemini-untrusted"),
            t!("doctor-gemini-untrusted-fix"),
        ));
    } else {
        let shown: Vec<&str> = trusted.iter().take(3).map(String::as_str).collect();
        let more = trusted.len().saturating_sub(shown.len());
        out.push(Finding::info(if more > 0 {
            t!(
                "doctor-gemini-trusted-more",
                folders = shown.join(", "),
                more = more
            )
        } else {
            t!("doctor-gemini-trusted", folders = shown.join(", "))
        }));
    }
    out
}

/// Copilot CLI's `disableAllHooks`: in ring's own hooks file it skips that file, in
/// `~/.copilot/settings.json` every hook.
pub(super) fn copilot_switches(home: &Path, doc: &serde_json::Value, path: &str) -> Vec<Finding> {
    let off = |doc: &serde_json::Value| {
        doc.get("disableAllHooks")
            .and_then(serde_json::Value::as_bool)
            == Some(true)
    };
    let mut out = Vec::new();
    if off(doc) {
        out.push(Finding::error(
            t!("doctor-copilot-file-off", path = path),
            t!("doctor-copilot-file-off-fix"),
        ));
    }
    let settings = home.join(ring_shared::provider::copilot::SETTINGS);
    if let Ok(loaded) = jsonfile::load(&settings)
        && off(&loaded.doc)
    {
        out.push(Finding::error(
            t!("doctor-copilot-off", path = settings.display().to_string()),
            t!("doctor-copilot-off-fix", path = q(&settings)),
        ));
    }
    out
}
