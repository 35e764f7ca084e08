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

mod add;
mod remove;
pub use add::install_hooks;
pub use remove::remove_hooks;

use crate::sys::voice;
use jsonfile::{LoadError, Loaded};
use ring_shared::provider::{Install, Provider};
use ring_shared::t;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

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
                    &t!(
                        "err-install-shape",
                        path = target.path.display().to_string(),
                        shape = shape.to_string()
                    ),
                    &t!("err-install-shape-fix"),
                );
                return None;
            }
            Some(loaded)
        }
        Err(err @ LoadError::Json { .. }) => {
            crate::sys::voice::error(
                &format!("{} {err}", target.path.display()),
                &t!("err-install-json-fix"),
            );
            None
        }
        Err(err) => {
            crate::sys::voice::error(
                &format!("{} {err}", target.path.display()),
                &t!("err-install-unchanged"),
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
        Some(backup) => Change::Written(backup),
        None => Change::Failed,
    }
}

/// Writes `new_text` over a target (backup first when the file exists): the backup's path,
/// `None` when it failed (said on stderr).
fn commit(target: &Target, loaded: &Loaded, new_text: &str) -> Option<Option<PathBuf>> {
    let written = write_over(target, loaded, new_text);
    if let Err(err) = &written {
        voice::file_error("err-write", &target.path, err, "err-install-unchanged");
    }
    written.ok()
}

fn write_over(
    target: &Target,
    loaded: &Loaded,
    new_text: &str,
) -> std::io::Result<Option<PathBuf>> {
    let file = jsonfile::real_path(&target.path);
    if jsonfile::read_only(&file) {
        return Err(std::io::Error::other(t!(
            "install-read-only",
            path = merge::shell_quote(&file.to_string_lossy())
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
        "# {}",
        t!(
            "install-dry-run",
            path = target.path.display().to_string(),
            events = events.join(", ")
        )
    );
    out!("");
    out_raw!(
        "{}",
        jsonfile::diff(loaded.text.as_deref().unwrap_or(""), new_text, 3)
    );
    out!("{}", t!("install-nothing-written"));
}

/// "✓ what", and the backup's path under it when there is one.
fn say_done(what: &str, backup: Option<PathBuf>) {
    out!("✓ {what}");
    if let Some(backup) = backup {
        let path = crate::sys::printable::path(&backup);
        out!("  {}", t!("install-backup", path = path));
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
