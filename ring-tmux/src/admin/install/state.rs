//! The state of ring's hooks for each agent, read from their files for the hook-health rule
//! ([`ring_shared::health`]): `doctor` and `list` say why a live session's hooks are silent.

use super::{Target, cursor, flat, jsonfile, merge, plugin_file, targets};
use ring_shared::health::{AgentHooks, HookState};
use ring_shared::provider::{Format, Trust};
use std::path::Path;

/// Every installable agent present under `home` with its [`HookState`].
pub fn hook_states(home: &Path) -> Vec<AgentHooks> {
    let targets = targets(home);
    ring_shared::provider::installable()
        .filter_map(|(provider, spec)| {
            let target = targets.iter().find(|t| std::ptr::eq(t.spec, spec))?;
            Some(AgentHooks {
                provider: provider.name.to_owned(),
                state: state_of(home, target),
            })
        })
        .collect()
}

/// What one target's file says.
pub fn state_of(home: &Path, target: &Target) -> HookState {
    if target.spec.format.is_plugin_file() {
        return match plugin_file::inspect(&target.path) {
            plugin_file::Found::Ours { program, .. } => program_state(&program),
            _ => HookState::NotInstalled,
        };
    }
    let Ok(loaded) = jsonfile::load(&target.path) else {
        return HookState::NotInstalled;
    };
    if target.spec.format == Format::CursorHooks {
        let unknown = cursor::unknown_events(&loaded.doc);
        if !unknown.is_empty() {
            return HookState::FileRejected(unknown);
        }
    }
    let found = installed(target.spec.format, &loaded.doc, target.events);
    if found.missing.len() == target.events.len() {
        return HookState::NotInstalled;
    }
    if let Some(missing) = found
        .programs
        .iter()
        .find(|p| program_state(p) != HookState::Installed)
    {
        return HookState::ProgramMissing(missing.clone());
    }
    if let Some(Trust::CodexHashes { config }) = target.spec.trust {
        let untrusted =
            untrusted_codex_events(&home.join(config), &target.path, &loaded.doc, target.events);
        if !untrusted.is_empty() {
            return HookState::Untrusted(untrusted);
        }
    }
    HookState::Installed
}

/// Which of `events` carry ring's hook in a hooks file of `format`, and which programs it
/// runs (for this hook-health rule and `doctor` alike).
pub(crate) fn installed(
    format: Format,
    doc: &serde_json::Value,
    events: &[&str],
) -> merge::Installed {
    match format {
        Format::CursorHooks => cursor::installed(doc, events),
        Format::CopilotFile => flat::installed(doc, events),
        _ => merge::installed(doc, events),
    }
}

/// [`HookState::Installed`] when `program` is an executable file (a bare name: on `PATH`).
fn program_state(program: &str) -> HookState {
    let path = Path::new(program);
    let found = if program.contains('/') {
        crate::admin::doctor::is_executable(path)
    } else {
        std::env::var_os("PATH").is_some_and(|p| {
            std::env::split_paths(&p).any(|d| crate::admin::doctor::is_executable(&d.join(path)))
        })
    };
    if found {
        HookState::Installed
    } else {
        HookState::ProgramMissing(program.to_owned())
    }
}

/// The events of ring's entries in Codex's `hooks.json` that its `config.toml` does not
/// trust (`[hooks.state]`): Codex runs none of them.
pub fn untrusted_codex_events(
    config: &Path,
    hooks_json: &Path,
    doc: &serde_json::Value,
    events: &[&str],
) -> Vec<String> {
    use super::codex_trust;
    let entries = codex_trust::our_entries(doc, &hooks_json.to_string_lossy(), events);
    let text = crate::store::read_bounded(config, 4 << 20)
        .ok()
        .flatten()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let trusted = codex_trust::trusted(&text);
    entries
        .iter()
        .filter(|e| trusted.get(&e.key) != Some(&e.hash))
        .map(|e| e.event.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Copilot CLI's hooks file has its entries straight in each event's list: read as
    /// Claude's groups it looked empty, and a live Copilot session with silent hooks was told
    /// to install them instead of to restart.
    #[test]
    fn copilot_hooks_ring_installed_read_as_installed() {
        let home = tempfile::tempdir().expect("temp HOME");
        std::fs::create_dir_all(home.path().join(".copilot/hooks")).expect("mkdir");
        let target = targets(home.path())
            .into_iter()
            .find(|t| t.spec.format == Format::CopilotFile)
            .expect("Copilot's target");
        // ring's hook command, its program an executable file.
        let program = home.path().join("ring-tmux");
        std::fs::write(&program, "#!/bin/sh\n").expect("program");
        std::fs::set_permissions(
            &program,
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        )
        .expect("chmod");
        let command = format!("{} hook --provider copilot", program.display());
        let plan = flat::install(&serde_json::json!({}), target.spec, &command);
        std::fs::write(&target.path, plan.doc.to_string()).expect("write");
        assert_eq!(state_of(home.path(), &target), HookState::Installed);
    }
}
