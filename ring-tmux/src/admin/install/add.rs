//! `install-hooks`: finding each agent's configuration, preparing ring's hooks in it, showing the
//! change, asking, and writing it with a backup.

use super::jsonfile::Loaded;
use super::*;
use crate::sys::env::Env;
use crate::sys::printable;
use crate::sys::run::same_file;
use ring_shared::provider::{Format, Provider, Trust};
use ring_shared::t;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A change `install-hooks` is about to write into one agent's file.
pub(super) struct Pending<'a> {
    target: &'a Target,
    loaded: Loaded,
    new_text: String,
    events: Vec<String>,
    replace_ring: bool,
}

/// `ring-tmux install-hooks [--dry-run] [--yes] [--agent NAME]… [--replace-ring] [--binary PATH]`.
pub fn install_hooks(args: &InstallArgs) -> ExitCode {
    let Some(binary) = hook_binary(args.binary.as_deref()) else {
        return crate::sys::voice::fail(
            &t!("err-install-no-binary"),
            &t!("err-install-no-binary-fix"),
        );
    };
    let binary = binary.to_string_lossy().into_owned();
    let mut named = Vec::new();
    for name in &args.agent {
        match ring_shared::provider::find(name).filter(|p| p.install.is_some()) {
            Some(provider) => named.push(provider.name),
            None => {
                crate::sys::voice::error(
                    &t!("err-install-agent", name = format!("{name:?}")),
                    &t!("err-install-agent-fix", names = agent_names().join(", ")),
                );
                return ExitCode::from(crate::sys::voice::USAGE);
            }
        }
    }
    let env = Env::from_process();
    let path_var = std::env::var_os("PATH");
    let terminal = std::io::stdin().is_terminal();
    let interactive = !args.yes && !args.dry_run && terminal;
    let all = all_targets(&env.home);
    let (chosen, skipped): (Vec<&Target>, Vec<&Target>) = all.iter().partition(|t| {
        named.contains(&t.provider.name)
            || (named.is_empty() && present(t, &env.home, path_var.as_deref()))
    });
    let mut failed = false;
    let mut pending = Vec::new();
    for target in &chosen {
        match prepare(target, &binary, args, interactive) {
            Some(Some(change)) => pending.push(change),
            Some(None) => {}
            None => failed = true,
        }
    }
    if named.is_empty() {
        report_skipped(&skipped, chosen.is_empty(), &env.home);
    }
    if !pending.is_empty() {
        failed |= !decide(&pending, args, interactive);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The name `--agent` takes for an agent: its program's (`claude`), else its own (`cursor`).
pub(super) fn agent_name(provider: &Provider) -> &'static str {
    provider.process.unwrap_or(provider.name)
}

/// Names `--agent` accepts, one per agent.
pub(super) fn agent_names() -> Vec<&'static str> {
    ring_shared::provider::installable()
        .map(|(p, _)| agent_name(p))
        .collect()
}

/// Says which agents were left out because they are not on this machine, and how to add one.
pub(super) fn report_skipped(skipped: &[&Target], none_found: bool, home: &Path) {
    if none_found {
        out!(
            "{}",
            t!("install-none-found", home = home.display().to_string())
        );
    }
    for target in skipped {
        let program = target
            .provider
            .process
            .map(|p| t!("install-skipped-program", program = p))
            .unwrap_or_default();
        out!(
            "- {}",
            t!(
                "install-skipped",
                agent = target.agent,
                folder = agent_folder(target.spec),
                program = program,
                name = agent_name(target.provider)
            )
        );
    }
}

/// Shows the pending changes and writes them: at once with `--yes`, after a "y" on a
/// terminal, never without one. `false` when something failed or could not be asked.
pub(super) fn decide(pending: &[Pending], args: &InstallArgs, interactive: bool) -> bool {
    if args.dry_run {
        for change in pending {
            print_dry_run(
                change.target,
                &change.loaded,
                &change.new_text,
                &change.events,
            );
        }
        return true;
    }
    if !args.yes {
        for change in pending {
            print_change(change);
        }
        if !interactive {
            crate::sys::voice::error(
                &t!("err-install-no-terminal"),
                &t!("err-install-no-terminal-fix"),
            );
            return false;
        }
        if !ask(&t!("install-ask")) {
            out!("{}", t!("install-declined"));
            return true;
        }
    }
    let mut ok = true;
    for change in pending {
        ok &= write_pending(change);
    }
    ok
}

/// The diff of one pending change, as `--dry-run` shows it, without its "nothing written".
pub(super) fn print_change(change: &Pending) {
    out!(
        "# {}",
        t!(
            "install-change",
            path = change.target.path.display().to_string(),
            events = change.events.join(", ")
        )
    );
    out_raw!(
        "{}",
        jsonfile::diff(
            change.loaded.text.as_deref().unwrap_or(""),
            &change.new_text,
            3
        )
    );
    out!("");
}

/// What one target needs: `Some(Some(change))`, `Some(None)` when nothing (already
/// installed), `None` when it failed (the reason was printed).
pub(super) fn prepare<'a>(
    target: &'a Target,
    binary: &str,
    args: &InstallArgs,
    interactive: bool,
) -> Option<Option<Pending<'a>>> {
    if target.spec.format.is_plugin_file() {
        return prepare_plugin(target, binary);
    }
    let loaded = load_target(target)?;
    let command = merge::hook_command(binary, target.spec);
    let mut replace_ring = args.replace_ring;
    let plan_for = |replace_ring: bool| match target.spec.format {
        Format::CursorHooks => cursor::install(&loaded.doc, target.events, &command),
        Format::CopilotFile => flat::install(&loaded.doc, target.spec, &command),
        _ => merge::install(&loaded.doc, target.spec, &command, replace_ring),
    };
    let mut plan = plan_for(replace_ring);
    let path = &printable::path(&target.path);
    if !plan.ring_commands.is_empty() && !replace_ring {
        let commands = plan.ring_commands.join(", ");
        out!(
            "! {}",
            t!("install-ring-cli", path = path, commands = commands)
        );
        if interactive && ask(&format!("  {}", t!("install-ring-cli-ask"))) {
            replace_ring = true;
            plan = plan_for(true);
        } else {
            out!("  {}", t!("install-ring-cli-kept"));
        }
    }
    if !plan.others_on_wait_events.is_empty() {
        let commands = plan.others_on_wait_events.join(", ");
        out!(
            "! {}",
            t!("install-others", path = path, commands = commands)
        );
    }
    if plan.changed.is_empty() {
        out!("✓ {}", t!("install-already", path = path));
        return Some(None);
    }
    let indent = jsonfile::detect_indent(loaded.text.as_deref());
    let new_text = jsonfile::render(&plan.doc, &indent);
    Some(Some(Pending {
        target,
        loaded,
        new_text,
        events: plan.changed,
        replace_ring,
    }))
}

/// Writes one pending change and says what it did; `false` when it failed.
pub(super) fn write_pending(change: &Pending) -> bool {
    let target = change.target;
    let Some(backup) = commit(target, &change.loaded, &change.new_text) else {
        return false;
    };
    let (events, path) = (change.events.join(", "), printable::path(&target.path));
    say_done(&t!("install-done", events = events, path = path), backup);
    if change.replace_ring {
        out!("  {}", t!("install-ring-cli-replaced"));
    }
    if target.spec.format.is_plugin_file() {
        out!("  {}", t!("install-restart-plugin", agent = target.agent));
        return true;
    }
    out!("  {}", t!("install-restart", agent = target.agent));
    if let Some(Trust::CodexHashes { .. }) = target.spec.trust {
        out!("  {}", t!("install-codex-trust"));
    }
    if let Some(Trust::GeminiFolders { .. }) = target.spec.trust {
        out!("  {}", t!("install-gemini-trust"));
    }
    true
}

/// What ring's plugin file of `target` needs (as [`prepare`]).
pub(super) fn prepare_plugin<'a>(target: &'a Target, binary: &str) -> Option<Option<Pending<'a>>> {
    use super::plugin_file::Found;
    let path = target.path.display();
    let old = match plugin_file::inspect(&target.path) {
        Found::Missing => None,
        Found::Ours { text, .. } => Some(text),
        Found::Foreign(why) => {
            crate::sys::voice::error(
                &t!(
                    "err-install-foreign-plugin",
                    path = path.to_string(),
                    why = why.to_string()
                ),
                &t!("err-install-foreign-plugin-fix"),
            );
            return None;
        }
    };
    let new_text = plugin_file::render(binary, target.spec);
    if old.as_deref() == Some(new_text.as_str()) {
        out!("✓ {}", t!("install-already", path = path.to_string()));
        return Some(None);
    }
    Some(Some(Pending {
        target,
        loaded: Loaded {
            text: old,
            doc: serde_json::Value::Null,
        },
        new_text,
        events: plugin_file::events(target),
        replace_ring: false,
    }))
}

/// The absolute path of the binary hooks should run.
pub(super) fn hook_binary(explicit: Option<&Path>) -> Option<PathBuf> {
    let path = match explicit {
        Some(path) => path.to_path_buf(),
        None => invoked_binary()?,
    };
    if path.is_absolute() {
        Some(path)
    } else {
        Some(std::env::current_dir().ok()?.join(path))
    }
}

/// This binary as the user started it: `argv[0]` (found on `PATH` when it is a bare name)
/// when it is this very file, else the resolved executable. `current_exe` follows symlinks,
/// and a link (`~/.local/bin/ring-tmux`, a package manager's `bin/`) outlives an upgrade or a
/// `cargo clean` that removes the file it points to.
pub(super) fn invoked_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let started = std::env::args_os().next().and_then(|argv0| {
        let cwd = std::env::current_dir().ok()?;
        argv0_path(Path::new(&argv0), std::env::var_os("PATH").as_deref(), &cwd)
    });
    Some(started.filter(|p| same_file(p, &exe)).unwrap_or(exe))
}
