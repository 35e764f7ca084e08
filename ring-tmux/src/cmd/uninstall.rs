//! `ring-tmux uninstall [--yes] [--dry-run] [--prefix DIR]`: undoes every install path
//! (`scripts/install.sh`, `install-hooks`, `install-zellij`) and says what it kept.
//! `scripts/install.sh --uninstall` runs it.

use crate::admin::install::out;
use ring_shared::t;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Remove ring: its hooks, zellij files and grants, completions, man pages and the binary.
///
/// Removes ring's hook entries from every agent's settings (as `remove-hooks`), the zellij
/// plugin, its layout, ring's grants in zellij's permissions.kdl and its board key in
/// config.kdl, the completion scripts
/// and man pages install.sh wrote, and this binary when it lives where install.sh puts it
/// (~/.local/bin or --prefix). Keeps the ring folder (your session history and settings)
/// and says how to remove it.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Do not ask first.
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Print what would be removed and remove nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// The folder install.sh put the binary in (default ~/.local/bin).
    #[arg(long, value_name = "DIR")]
    pub prefix: Option<PathBuf>,
}

/// The files install.sh writes besides the binary, for `home` (`data`: `$XDG_DATA_HOME`,
/// else `~/.local/share`; `config`: `$XDG_CONFIG_HOME`, else `~/.config`).
pub fn extra_files(data: &Path, config: &Path) -> Vec<PathBuf> {
    let mut files = vec![
        data.join("bash-completion/completions/ring-tmux"),
        data.join("zsh/site-functions/_ring-tmux"),
        config.join("fish/completions/ring-tmux.fish"),
        // Where a release archive unpacked into ~/.local puts fish's.
        data.join("fish/vendor_completions.d/ring-tmux.fish"),
    ];
    let man1 = data.join("man/man1");
    files.extend(
        super::man::page_names()
            .into_iter()
            .map(|name| man1.join(format!("{name}.1"))),
    );
    files
}

/// `$NAME` when set to an absolute path, else `home/fallback`.
fn xdg(name: &str, home: &Path, fallback: &str) -> PathBuf {
    std::env::var_os(name)
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .unwrap_or_else(|| home.join(fallback))
}

pub fn run(args: Args) -> ExitCode {
    let env = crate::sys::env::Env::from_process();
    if !args.yes && !args.dry_run {
        if !std::io::stdin().is_terminal() {
            return crate::sys::voice::fail(
                &t!("err-uninstall-no-terminal"),
                &t!("err-uninstall-no-terminal-fix"),
            );
        }
        if !crate::admin::install::ask(&t!("err-uninstall-ask")) {
            out!("{}", t!("err-uninstall-nothing"));
            return ExitCode::SUCCESS;
        }
    }
    let mut failed = false;
    // The hooks: remove-hooks' own code and report.
    let hooks = crate::admin::install::remove_hooks(&crate::admin::install::RemoveArgs {
        dry_run: args.dry_run,
        yes: true,
        include_ring: false,
    });
    failed |= hooks != ExitCode::SUCCESS;
    let mut removed = Vec::new();
    match crate::admin::zellij::uninstall(
        &crate::admin::zellij::Paths::from_env(&env),
        args.dry_run,
    ) {
        Ok(lines) => removed.extend(lines),
        Err(message) => {
            crate::sys::voice::error(&message, &t!("err-uninstall-goes-on"));
            failed = true;
        }
    }
    let data = xdg("XDG_DATA_HOME", &env.home, ".local/share");
    let config = xdg("XDG_CONFIG_HOME", &env.home, ".config");
    let mut targets = extra_files(&data, &config);
    let prefix = args
        .prefix
        .clone()
        .unwrap_or_else(|| env.home.join(".local/bin"));
    let mut folders = Vec::new();
    match own_binary(&prefix) {
        Some(binary) => {
            targets.push(binary);
            // A release archive unpacked into the prefix's parent: its share/ files.
            if let Some(root) = prefix.parent() {
                let (ring, doc) = (root.join("share/ring"), root.join("share/doc/ring"));
                targets.extend(["ring.tmux", "ring.wasm"].map(|f| ring.join(f)));
                targets.extend(["README.md", "LICENSE"].map(|f| doc.join(f)));
                folders.extend([ring, doc]);
            }
        }
        None => {
            let path = prefix.display().to_string();
            out!("  {}", t!("err-uninstall-binary-elsewhere", path = path));
        }
    }
    let man1 = data.join("man/man1");
    let mut pages = 0;
    for path in targets {
        if path.symlink_metadata().is_err() {
            continue;
        }
        if !args.dry_run
            && let Err(e) = std::fs::remove_file(&path)
        {
            crate::sys::voice::file_error("err-remove", &path, e, "");
            failed = true;
            continue;
        }
        if path.parent() == Some(man1.as_path()) {
            pages += 1;
        } else {
            removed.push(path.display().to_string());
        }
    }
    if !args.dry_run {
        for folder in folders {
            // Only when emptied: anything else in it is not ring's.
            let _ = std::fs::remove_dir(folder);
        }
    }
    if pages > 0 {
        let path = man1.display().to_string();
        removed.push(t!("err-uninstall-man-pages", pages = pages, path = path));
    }
    for line in &removed {
        let said = if args.dry_run {
            t!("err-uninstall-would", what = line.as_str())
        } else {
            t!("err-uninstall-removed", what = line.as_str())
        };
        out!("✓ {said}");
    }
    let path = env.ring_home.display().to_string();
    out!("{}", t!("err-uninstall-kept", path = path));
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// This binary's path when it lives in `prefix` (where install.sh copied it); a binary run
/// from a build folder or a package manager's prefix is not ours to delete.
fn own_binary(prefix: &Path) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.canonicalize().ok()?;
    (dir == prefix.canonicalize().ok()?).then_some(exe)
}
