//! `install-hooks` / `remove-hooks`: put ring-tmux's hook into the settings of each agent
//! found on this machine (Claude Code's `~/.claude/settings.json`, Codex's
//! `~/.codex/hooks.json`, Gemini CLI's `~/.gemini/settings.json`, …), or take it out,
//! touching nothing else (§7 with our command). An agent is found by its folder in `$HOME` or
//! its program on `PATH` ([`present`]); `--agent NAME` installs for one that is not.
//!
//! Safety first: the change is shown as a diff and written only after a "y" on a terminal
//! (`--yes` for scripts; without a terminal and without `--yes`, nothing is written); a file
//! that is not JSON is left byte-identical and named with the position to fix; a write is
//! preceded by a timestamped backup and done atomically; a second run is a no-op that does not
//! even touch the file; RiNG's own `ring hook` entries are never silently duplicated or
//! removed.

pub mod codex_trust;
pub mod cursor;
pub mod flat;
pub mod jsonfile;
pub mod merge;
pub mod plugin_file;
pub mod state;

/// `println!` that ignores a closed stdout (`| head` is not an error), as ripgrep does.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}
/// `print!` without the newline, same rule.
macro_rules! out_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout(), $($arg)*);
    }};
}
pub(crate) use out;

use crate::sys::env::Env;
use jsonfile::{LoadError, Loaded};
use ring_shared::provider::{Format, Install, Provider, Trust};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One agent's settings file.
#[derive(Debug, Clone)]
pub struct Target {
    /// The agent's label (`Claude Code`, `Codex`).
    pub agent: &'static str,
    /// The agent's provider (its name for `--agent`, its program for [`present`]).
    pub provider: &'static Provider,
    pub path: PathBuf,
    pub events: &'static [&'static str],
    /// What the provider table says about its hooks.
    pub spec: &'static Install,
}

/// The settings files ring manages under `home`, one per agent of the provider table that has
/// hooks ([`ring_shared::provider::installable`]): those without [`Install::only_if`] always
/// (Claude's), the others when that folder exists (Codex's when `~/.codex` is a folder).
pub fn targets(home: &Path) -> Vec<Target> {
    all_targets(home)
        .into_iter()
        .filter(|t| t.spec.only_if.is_none_or(|dir| home.join(dir).is_dir()))
        .collect()
}

/// Every agent `install-hooks` can install into, present or not.
fn all_targets(home: &Path) -> Vec<Target> {
    ring_shared::provider::installable()
        .map(|(provider, spec)| Target {
            agent: provider.label,
            provider,
            path: home.join(spec.settings),
            events: spec.events,
            spec,
        })
        .collect()
}

/// The folder in `$HOME` that shows the agent is set up: [`Install::only_if`], else the first
/// folder of its settings path (`.claude`).
fn agent_folder(spec: &Install) -> &'static str {
    spec.only_if
        .unwrap_or_else(|| spec.settings.split('/').next().unwrap_or(spec.settings))
}

/// Whether the agent of `target` is on this machine: its folder in `home`, or its program in
/// one of `path_var`'s folders. A machine without Claude Code gets no `~/.claude`.
pub fn present(target: &Target, home: &Path, path_var: Option<&std::ffi::OsStr>) -> bool {
    if home.join(agent_folder(target.spec)).is_dir() {
        return true;
    }
    let Some(program) = target.provider.process else {
        return false;
    };
    path_var.is_some_and(|path| {
        std::env::split_paths(path).any(|dir| {
            dir.is_absolute()
                && std::fs::metadata(dir.join(program)).is_ok_and(|m| {
                    m.is_file()
                        && std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o111 != 0
                })
        })
    })
}

/// What `install-hooks` was asked (`crate::cmd::install_hooks` fills it from the command line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InstallArgs {
    /// Show the changes and write nothing.
    pub dry_run: bool,
    /// Write without asking.
    pub yes: bool,
    /// Only these agents (provider names); all of them when empty.
    pub agent: Vec<String>,
    /// Take over the hooks RiNG wrote.
    pub replace_ring: bool,
    /// The ring-tmux the hooks run; this one when `None`.
    pub binary: Option<std::path::PathBuf>,
}

/// What `remove-hooks` was asked (`crate::cmd::remove_hooks` fills it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RemoveArgs {
    /// Show the changes and write nothing.
    pub dry_run: bool,
    /// Remove without asking.
    pub yes: bool,
    /// Remove RiNG's own hooks too.
    pub include_ring: bool,
}

/// The absolute path of the binary hooks should run.
fn hook_binary(explicit: Option<&Path>) -> Option<PathBuf> {
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
fn invoked_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let started = std::env::args_os().next().and_then(|argv0| {
        let cwd = std::env::current_dir().ok()?;
        argv0_path(Path::new(&argv0), std::env::var_os("PATH").as_deref(), &cwd)
    });
    Some(started.filter(|p| same_file(p, &exe)).unwrap_or(exe))
}

/// The absolute path `argv0` names: a path (anything with a `/`) against `cwd`, a bare name
/// in the first `PATH` folder that has it, as `execvp` looks it up. Symlinks are kept.
pub fn argv0_path(argv0: &Path, path_var: Option<&std::ffi::OsStr>, cwd: &Path) -> Option<PathBuf> {
    let absolute = |p: &Path| -> PathBuf {
        cwd.join(p)
            .components()
            .filter(|c| !matches!(c, std::path::Component::CurDir))
            .collect()
    };
    if argv0.as_os_str().is_empty() {
        return None;
    }
    if argv0.as_os_str().as_encoded_bytes().contains(&b'/') {
        return Some(absolute(argv0));
    }
    std::env::split_paths(path_var?)
        .map(|dir| absolute(&dir.join(argv0)))
        .find(|p| p.is_file())
}

fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

pub(crate) fn stamp_now() -> String {
    let secs = i64::try_from(crate::sys::env::since_epoch().as_secs()).unwrap_or(0);
    jsonfile::timestamp(secs)
}

/// Loads a target, printing what to fix when it cannot be used.
fn load_target(target: &Target) -> Option<Loaded> {
    match jsonfile::load(&target.path) {
        Ok(loaded) => {
            if let Err(shape) = merge::check_shape(&loaded.doc, target.events) {
                crate::sys::voice::error(
                    &ring_shared::t!(
                        "err-install-shape",
                        path = target.path.display().to_string(),
                        shape = shape.to_string()
                    ),
                    &ring_shared::t!("err-install-shape-fix"),
                );
                return None;
            }
            Some(loaded)
        }
        Err(err @ LoadError::Json { .. }) => {
            crate::sys::voice::error(
                &format!("{} {err}", target.path.display()),
                &ring_shared::t!("err-install-json-fix"),
            );
            None
        }
        Err(err) => {
            crate::sys::voice::error(
                &format!("{} {err}", target.path.display()),
                &ring_shared::t!("err-install-unchanged"),
            );
            None
        }
    }
}

/// What [`write_change`] did.
enum Change {
    /// `--dry-run`: the change was printed, nothing written.
    DryRun,
    /// Written (after a backup of the old file, if there was one).
    Written(Option<PathBuf>),
    /// Not written; the reason was printed.
    Failed,
}

/// Renders `doc` in the file's own indentation, then prints it (`dry_run`) or writes it.
fn write_change(
    target: &Target,
    loaded: &Loaded,
    doc: &serde_json::Value,
    changed: &[String],
    dry_run: bool,
) -> Change {
    let indent = jsonfile::detect_indent(loaded.text.as_deref());
    let new_text = jsonfile::render(doc, &indent);
    if dry_run {
        print_dry_run(target, loaded, &new_text, changed);
        return Change::DryRun;
    }
    match commit(target, loaded, &new_text) {
        Ok(backup) => Change::Written(backup),
        Err(err) => {
            crate::sys::voice::error(
                &ring_shared::t!(
                    "err-write",
                    path = target.path.display().to_string(),
                    error = err.to_string()
                ),
                &ring_shared::t!("err-install-unchanged"),
            );
            Change::Failed
        }
    }
}

/// Writes `new_text` over a target (backup first when the file exists); prints the backup.
fn commit(target: &Target, loaded: &Loaded, new_text: &str) -> std::io::Result<Option<PathBuf>> {
    let file = jsonfile::real_path(&target.path);
    if jsonfile::read_only(&file) {
        return Err(std::io::Error::other(format!(
            "it is read-only (no write bit for its owner). If ring may edit it: chmod u+w {}",
            merge::shell_quote(&file.to_string_lossy())
        )));
    }
    let backup = match &loaded.text {
        Some(text) => Some(jsonfile::backup(&file, text, &stamp_now())?),
        None => None,
    };
    jsonfile::write_atomic(&file, new_text)?;
    Ok(backup)
}

pub(crate) fn ask(question: &str) -> bool {
    out_raw!("{question} [y/N] ");
    let _ = std::io::stdout().flush();
    let mut answer = String::new();
    if std::io::stdin().lock().read_line(&mut answer).is_err() {
        return false;
    }
    matches!(answer.trim().to_lowercase().as_str(), "y" | "yes")
}

fn print_dry_run(target: &Target, loaded: &Loaded, new_text: &str, events: &[String]) {
    out!(
        "# dry-run → {} (events: {})",
        target.path.display(),
        events.join(", ")
    );
    out!("");
    out_raw!(
        "{}",
        jsonfile::diff(loaded.text.as_deref().unwrap_or(""), new_text, 3)
    );
    out!("(dry run: nothing written)");
}

/// A change `install-hooks` is about to write into one agent's file.
struct Pending<'a> {
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
            &ring_shared::t!("err-install-no-binary"),
            &ring_shared::t!("err-install-no-binary-fix"),
        );
    };
    let binary = binary.to_string_lossy().into_owned();
    let mut named = Vec::new();
    for name in &args.agent {
        match ring_shared::provider::find(name).filter(|p| p.install.is_some()) {
            Some(provider) => named.push(provider.name),
            None => {
                crate::sys::voice::error(
                    &ring_shared::t!("err-install-agent", name = format!("{name:?}")),
                    &ring_shared::t!("err-install-agent-fix", names = agent_names().join(", ")),
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
fn agent_name(provider: &Provider) -> &'static str {
    provider.process.unwrap_or(provider.name)
}

/// Names `--agent` accepts, one per agent.
fn agent_names() -> Vec<&'static str> {
    ring_shared::provider::installable()
        .map(|(p, _)| agent_name(p))
        .collect()
}

/// Says which agents were left out because they are not on this machine, and how to add one.
fn report_skipped(skipped: &[&Target], none_found: bool, home: &Path) {
    if none_found {
        out!(
            "No coding agent found on this machine (none of their folders in {}, none of their programs on PATH): no hooks installed.",
            home.display()
        );
    }
    for target in skipped {
        let program = target
            .provider
            .process
            .map(|p| format!(", no `{p}` on PATH"))
            .unwrap_or_default();
        out!(
            "- skipped {}: not found (no ~/{}{program}); once it is installed: ring-tmux install-hooks --agent {}",
            target.agent,
            agent_folder(target.spec),
            agent_name(target.provider)
        );
    }
}

/// Shows the pending changes and writes them: at once with `--yes`, after a "y" on a
/// terminal, never without one. `false` when something failed or could not be asked.
fn decide(pending: &[Pending], args: &InstallArgs, interactive: bool) -> bool {
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
                &ring_shared::t!("err-install-no-terminal"),
                &ring_shared::t!("err-install-no-terminal-fix"),
            );
            return false;
        }
        if !ask("Write these changes?") {
            out!("Nothing was changed. To install later: ring-tmux install-hooks");
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
fn print_change(change: &Pending) {
    out!(
        "# {} (events: {})",
        change.target.path.display(),
        change.events.join(", ")
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
fn prepare<'a>(
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
    if !plan.ring_commands.is_empty() && !replace_ring {
        out!(
            "! {} also has RiNG's hook ({}). RiNG and ring-tmux write the same session rows, so keeping both records every event twice.",
            target.path.display(),
            plan.ring_commands.join(", ")
        );
        if interactive && ask("  Replace RiNG's entries with ring-tmux's?") {
            replace_ring = true;
            plan = plan_for(true);
        } else {
            out!(
                "  Keeping them. To keep only ring-tmux's: ring-tmux install-hooks --replace-ring"
            );
        }
    }
    if !plan.others_on_wait_events.is_empty() {
        out!(
            "! Other hooks on PermissionRequest/Notification in {} also run: {}",
            target.path.display(),
            plan.others_on_wait_events.join(", ")
        );
    }
    if plan.changed.is_empty() {
        out!(
            "✓ ring hooks already installed in {} (no change)",
            target.path.display()
        );
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
fn write_pending(change: &Pending) -> bool {
    let target = change.target;
    let backup = match commit(target, &change.loaded, &change.new_text) {
        Ok(backup) => backup,
        Err(err) => {
            crate::sys::voice::error(
                &ring_shared::t!(
                    "err-write",
                    path = target.path.display().to_string(),
                    error = err.to_string()
                ),
                &ring_shared::t!("err-install-unchanged"),
            );
            return false;
        }
    };
    out!(
        "✓ Installed ring hooks ({}) into {}",
        change.events.join(", "),
        target.path.display()
    );
    if let Some(backup) = backup {
        out!("  backup: {}", backup.display());
    }
    if change.replace_ring {
        out!("  RiNG's `ring hook` entries were replaced.");
    }
    if target.spec.format.is_plugin_file() {
        out!(
            "  Restart running {} sessions so they load the plugin.",
            target.agent
        );
        return true;
    }
    out!(
        "  Restart running {} sessions so they pick the hooks up.",
        target.agent
    );
    if let Some(Trust::CodexHashes { .. }) = target.spec.trust {
        out!(
            "  Codex runs a new or changed hook only once you trust it: at its next start \
             choose \"Trust all and continue\" in \"Hooks need review\" (`ring-tmux doctor` \
             says whether Codex trusts ring's hooks; `codex exec` skips untrusted ones)."
        );
    }
    if let Some(Trust::GeminiFolders { .. }) = target.spec.trust {
        out!(
            "  Gemini CLI runs hooks only in folders you trust: answer \"Trust folder\" when it \
             asks at its start (`ring-tmux doctor` lists the trusted ones)."
        );
    }
    true
}

/// `ring-tmux remove-hooks [--dry-run] [--include-ring]`.
pub fn remove_hooks(args: &RemoveArgs) -> ExitCode {
    let env = Env::from_process();
    let mut failed = false;
    for target in targets(&env.home) {
        failed |= !remove_target(&target, args);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn remove_target(target: &Target, args: &RemoveArgs) -> bool {
    if target.spec.format.is_plugin_file() {
        return remove_plugin(target, args.dry_run);
    }
    if !target.path.exists() {
        out!(
            "✓ {} does not exist; nothing to remove",
            target.path.display()
        );
        return true;
    }
    let Some(loaded) = load_target(target) else {
        return false;
    };
    let plan = match target.spec.format {
        Format::CursorHooks => cursor::remove(&loaded.doc, target.events),
        Format::CopilotFile => flat::remove(&loaded.doc, target.events, args.include_ring),
        _ => merge::remove(&loaded.doc, target.events, args.include_ring),
    };
    if plan.changed.is_empty() {
        out!(
            "✓ no ring hooks in {}; nothing to remove",
            target.path.display()
        );
        return true;
    }
    if target.spec.format == Format::CopilotFile && flat::is_empty_file(&plan.doc) {
        return delete_own_file(target, &loaded, &plan.changed, args.dry_run);
    }
    match write_change(target, &loaded, &plan.doc, &plan.changed, args.dry_run) {
        Change::DryRun => true,
        Change::Failed => false,
        Change::Written(backup) => {
            out!(
                "✓ Removed ring hooks ({}) from {}",
                plan.changed.join(", "),
                target.path.display()
            );
            if let Some(backup) = backup {
                out!("  backup: {}", backup.display());
            }
            true
        }
    }
}

/// What ring's plugin file of `target` needs (as [`prepare`]).
fn prepare_plugin<'a>(target: &'a Target, binary: &str) -> Option<Option<Pending<'a>>> {
    use plugin_file::Found;
    let path = target.path.display();
    let old = match plugin_file::inspect(&target.path) {
        Found::Missing => None,
        Found::Ours { text, .. } => Some(text),
        Found::Foreign(why) => {
            crate::sys::voice::error(
                &ring_shared::t!(
                    "err-install-foreign-plugin",
                    path = path.to_string(),
                    why = why.to_string()
                ),
                &ring_shared::t!("err-install-foreign-plugin-fix"),
            );
            return None;
        }
    };
    let new_text = plugin_file::render(binary, target.spec);
    if old.as_deref() == Some(new_text.as_str()) {
        out!("✓ ring hooks already installed in {path} (no change)");
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

/// Deletes ring's plugin file of `target` (after a backup); `false` when it failed.
fn remove_plugin(target: &Target, dry_run: bool) -> bool {
    use plugin_file::Found;
    let path = target.path.display();
    let text = match plugin_file::inspect(&target.path) {
        Found::Missing => {
            out!("✓ {path} does not exist; nothing to remove");
            return true;
        }
        Found::Foreign(why) => {
            out!("✓ {path} is not ring's plugin ({why}); left alone, nothing to remove");
            return true;
        }
        Found::Ours { text, .. } => text,
    };
    if dry_run {
        out!("# dry-run → delete {path} (ring's plugin; a backup is kept)");
        out!("(dry run: nothing written)");
        return true;
    }
    let file = jsonfile::real_path(&target.path);
    let result = jsonfile::backup(&file, &text, &stamp_now())
        .and_then(|backup| std::fs::remove_file(&file).map(|()| backup));
    match result {
        Ok(backup) => {
            out!(
                "✓ Removed ring hooks ({}) from {path} (the file was ring's; deleted)",
                plugin_file::events(target).join(", ")
            );
            out!("  backup: {}", backup.display());
            true
        }
        Err(err) => {
            crate::sys::voice::error(
                &ring_shared::t!(
                    "err-remove",
                    path = path.to_string(),
                    error = err.to_string()
                ),
                &ring_shared::t!("err-install-unchanged"),
            );
            false
        }
    }
}

/// Removes ring's own hooks file (nothing but ring's entries were in it), after a backup.
fn delete_own_file(target: &Target, loaded: &Loaded, changed: &[String], dry_run: bool) -> bool {
    if dry_run {
        out!(
            "# dry-run → delete {} (ring's own file; events: {})",
            target.path.display(),
            changed.join(", ")
        );
        out!("(dry run: nothing written)");
        return true;
    }
    let file = jsonfile::real_path(&target.path);
    let backup = match &loaded.text {
        Some(text) => jsonfile::backup(&file, text, &stamp_now()).map(Some),
        None => Ok(None),
    };
    match backup.and_then(|b| std::fs::remove_file(&target.path).map(|()| b)) {
        Ok(backup) => {
            out!(
                "✓ Removed ring hooks ({}): deleted {}",
                changed.join(", "),
                target.path.display()
            );
            if let Some(backup) = backup {
                out!("  backup: {}", backup.display());
            }
            true
        }
        Err(err) => {
            crate::sys::voice::error(
                &ring_shared::t!(
                    "err-install-delete",
                    path = target.path.display().to_string(),
                    error = err.to_string()
                ),
                &ring_shared::t!("err-install-unchanged"),
            );
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;
    use std::ffi::OsStr;

    #[rstest]
    #[case::absolute("/opt/bin/ring-tmux", "/opt/bin/ring-tmux")]
    #[case::relative("bin/ring-tmux", "/work/bin/ring-tmux")]
    #[case::dot_relative("./ring-tmux", "/work/ring-tmux")]
    fn argv0_with_a_slash_is_a_path_from_the_cwd(#[case] argv0: &str, #[case] want: &str) {
        let got = argv0_path(Path::new(argv0), None, Path::new("/work"));
        assert_eq!(got.as_deref(), Some(Path::new(want)));
    }

    #[test]
    fn a_bare_argv0_is_the_first_match_on_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::create_dir_all(&a).expect("a");
        std::fs::create_dir_all(&b).expect("b");
        std::fs::write(b.join("ring-tmux"), "").expect("file");
        let path = std::env::join_paths([&a, &b]).expect("PATH");
        let got = argv0_path(Path::new("ring-tmux"), Some(&path), Path::new("/"));
        assert_eq!(got, Some(b.join("ring-tmux")));
        let none = argv0_path(Path::new("ring-tmux"), Some(OsStr::new("")), Path::new("/"));
        assert_eq!(none, None);
    }
}
