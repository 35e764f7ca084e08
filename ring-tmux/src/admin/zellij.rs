//! zellij support on the native side: `install-zellij` (the plugin file, a layout, the
//! plugin's permissions) and the `ring::refresh` pipe the hook sends after a write.
//!
//! Files `install-zellij` writes (each atomically, each only when its content changes):
//!
//! * `~/.config/zellij/plugins/ring.wasm`: the plugin, copied from `--plugin PATH`, else from
//!   `../share/ring/ring.wasm` next to this binary, else from the workspace build
//!   (`target/wasm32-wasip1/release/ring-plugin.wasm`).
//! * `~/.config/zellij/layouts/ring.kdl` (`$ZELLIJ_CONFIG_DIR/layouts` when set): zellij's tab
//!   bar, ring's bar on the row under it, the panes, the status bar. `zellij --layout ring`.
//!   The bar's block names this binary (`ring_tmux`, the absolute path it runs from): the
//!   plugin runs `ring-tmux oneline` every few seconds to keep the zero-config rows
//!   (`zeroconf.json`) fresh, since it can neither read `~/.claude` nor scan processes.
//! * zellij's `permissions.kdl` (`$XDG_CACHE_HOME/zellij`, else `~/.cache/zellij`; macOS
//!   `~/Library/Caches/org.Zellij-Contributors.Zellij`): the plugin's grants, so zellij never
//!   asks inside a one-row pane. Every other entry is kept byte for byte.
//! * zellij's `config.kdl` (`$ZELLIJ_CONFIG_FILE`, else next to `layouts/`): the board's key
//!   (`Alt r`) between two `// ring:` comments in its `keybinds` block (`keybind`), the file
//!   as it was kept as `config.kdl.STAMP.bak` first.

mod files;
mod kdl;
mod keybind;
mod uninstall;

#[cfg(test)]
use files::bar_pane;
pub use files::{board_binding, board_hint, layout};
pub use uninstall::uninstall;

use crate::admin::install::jsonfile::write_atomic;
use crate::admin::install::out;
use crate::sys::env::Env;
use crate::sys::printable;
use crate::sys::voice;
use ring_shared::t;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What the plugin asks for, bar and board alike: pane and mode events
/// (`ReadApplicationState`), focusing panes and tinting them (`ChangeApplicationState`), and
/// running `ring-tmux oneline` (`RunCommands`, used when its layout names `ring_tmux`), and
/// feeding a zjstatus bar (`MessageAndLaunchOtherPlugins`, used with `zjstatus "NAME"`). It
/// reads the ring folder through its `cwd`, which needs no permission.
pub const PERMISSIONS: [&str; 4] = ring_shared::ZELLIJ_PERMISSIONS;

/// The key the printed board binding uses.
const BOARD_KEY: &str = "Alt r";

/// Where the files go, from the environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paths {
    /// The installed plugin.
    pub plugin: PathBuf,
    /// The layout file.
    pub layout: PathBuf,
    /// zellij's permission cache.
    pub permissions: PathBuf,
    /// zellij's configuration (the board's key binding).
    pub config: PathBuf,
    /// The ring folder (the plugin's `cwd`).
    pub ring_home: PathBuf,
}

impl Paths {
    /// Paths for `home`, with zellij's own overrides (`ZELLIJ_CONFIG_DIR`, `XDG_CACHE_HOME`).
    pub fn new(
        home: &Path,
        ring_home: &Path,
        config_dir: Option<PathBuf>,
        cache_home: Option<PathBuf>,
    ) -> Paths {
        let zellij_config = home.join(".config").join("zellij");
        let cache = if cfg!(target_os = "macos") {
            home.join("Library/Caches/org.Zellij-Contributors.Zellij")
        } else {
            cache_home
                .filter(|p| p.is_absolute())
                .unwrap_or_else(|| home.join(".cache"))
                .join("zellij")
        };
        let config_dir = config_dir
            .filter(|p| p.is_absolute())
            .unwrap_or_else(|| zellij_config.clone());
        Paths {
            plugin: zellij_config.join("plugins").join("ring.wasm"),
            layout: config_dir.join("layouts").join("ring.kdl"),
            config: config_dir.join("config.kdl"),
            permissions: cache.join("permissions.kdl"),
            ring_home: ring_home.to_path_buf(),
        }
    }

    pub(crate) fn from_env(env: &Env) -> Paths {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let mut paths = Paths::new(
            &env.home,
            &env.ring_home,
            var("ZELLIJ_CONFIG_DIR"),
            var("XDG_CACHE_HOME"),
        );
        if let Some(file) = var("ZELLIJ_CONFIG_FILE").filter(|p| p.is_absolute()) {
            paths.config = file;
        }
        paths
    }
}

/// What `install-zellij` was asked (`crate::cmd::install_zellij` fills it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InstallArgs {
    /// The plugin's `.wasm`; the one beside this binary when `None`.
    pub plugin: Option<std::path::PathBuf>,
    /// Show the changes and write nothing.
    pub dry_run: bool,
}

/// `ring-tmux install-zellij [--plugin PATH] [--dry-run]`.
pub fn install_zellij(args: &InstallArgs) -> ExitCode {
    let env = Env::from_process();
    let paths = Paths::from_env(&env);
    let exe_dir = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf));
    let data_home = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .unwrap_or_else(|| env.home.join(".local/share"));
    let source = match find_plugin(
        args.plugin.as_deref(),
        exe_dir.as_deref(),
        &data_home,
        &paths.plugin,
    ) {
        Ok(source) => source,
        Err(message) => return voice::fail(&message, ""),
    };
    let ring_tmux = running_binary();
    match install(&paths, &source, ring_tmux.as_deref(), args.dry_run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => voice::fail(&message, ""),
    }
}

/// The plugin file to install: `explicit`, else the first that exists of: next to this
/// binary (`../share/ring/ring.wasm`: a release archive unpacked into a prefix), the
/// workspace build (a binary in `target/{debug,release}/`, or the current folder), the data
/// folder (`$XDG_DATA_HOME/ring/ring.wasm`, `~/.local/share/ring/ring.wasm`), and the plugin
/// already installed (`installed`: a `ring.wasm` downloaded from a release straight into
/// zellij's plugins folder; installing again rewrites the layout and the permissions).
fn find_plugin(
    explicit: Option<&Path>,
    exe_dir: Option<&Path>,
    data_home: &Path,
    installed: &Path,
) -> Result<PathBuf, String> {
    if let Some(path) = explicit {
        return if path.is_file() {
            Ok(path.to_path_buf())
        } else {
            Err(t!(
                "install-zellij-no-plugin-at",
                path = printable::path(path)
            ))
        };
    }
    let mut candidates = Vec::new();
    if let Some(dir) = exe_dir {
        candidates.push(dir.join("../share/ring/ring.wasm"));
        // A workspace binary lives in target/{debug,release}/.
        candidates.push(dir.join("../wasm32-wasip1/release/ring-plugin.wasm"));
    }
    candidates.push(PathBuf::from(
        "target/wasm32-wasip1/release/ring-plugin.wasm",
    ));
    candidates.push(data_home.join("ring/ring.wasm"));
    candidates.push(installed.to_path_buf());
    let path = printable::path(installed);
    let found = candidates.into_iter().find(|p| p.is_file());
    found.ok_or_else(|| t!("install-zellij-no-plugin", path = path))
}

/// The absolute path of this binary, for the layout's `ring_tmux` key; `None` when it cannot
/// be told (or was replaced while running: Linux then reports a path that is gone).
fn running_binary() -> Option<PathBuf> {
    std::env::current_exe()
        .ok()
        .filter(|path| path.is_absolute() && path.is_file())
}

/// Writes (or, with `dry_run`, describes) the three files. `ring_tmux`: the binary the
/// layout's bar runs to refresh the zero-config rows (none: the key is left out).
pub fn install(
    paths: &Paths,
    source: &Path,
    ring_tmux: Option<&Path>,
    dry_run: bool,
) -> Result<(), String> {
    let wasm = match crate::store::read_bounded(source, crate::store::SIDE_CAP) {
        Ok(Some(wasm)) => wasm,
        Ok(None) => {
            return Err(voice::about(
                "err-read",
                source,
                t!("install-zellij-not-found"),
            ));
        }
        Err(e) => return Err(voice::about("err-read", source, e)),
    };
    let shown = printable::path;
    if !wasm.starts_with(b"\0asm") {
        return Err(t!("install-zellij-not-wasm", path = shown(source)));
    }
    let layout = layout(&paths.plugin, &paths.ring_home, ring_tmux);
    let old_permissions = read_text(&paths.permissions)?;
    let binding = board_binding(&paths.plugin, &paths.ring_home, ring_tmux);
    // A config.kdl ring cannot edit safely is left alone: the binding is printed instead.
    let config = keybind::upsert(&read_text(&paths.config)?, &binding);
    let hint = || board_hint(&paths.plugin, &paths.ring_home, ring_tmux);
    let (plugin, grants) = (paths.plugin.to_string_lossy(), PERMISSIONS.join(", "));
    let permissions =
        kdl::upsert_permissions(&old_permissions, &plugin, &PERMISSIONS).map_err(|e| {
            let path = shown(&paths.permissions);
            let entry = kdl::upsert_permissions("", &plugin, &PERMISSIONS).unwrap_or_default();
            format!(
                "{}\n{entry}",
                t!("install-zellij-add-by-hand", path = path, error = e)
            )
        })?;
    let (to, from) = (&shown(&paths.plugin), &shown(source));
    let (layout_at, permissions_at) = (&shown(&paths.layout), &shown(&paths.permissions));
    let config_at = &shown(&paths.config);
    if dry_run {
        out!("{}", t!("install-zellij-would-copy", from = from, to = to));
        let would_write = |path| t!("install-zellij-would-write", path = path);
        out!("{}\n{layout}", would_write(layout_at));
        out!("{}\n{permissions}", would_write(permissions_at));
        match &config {
            Ok(_) => {
                let bind = t!(
                    "install-zellij-would-bind",
                    key = BOARD_KEY,
                    path = config_at
                );
                out!("{bind}\n{binding}");
            }
            Err(_) => out!("{}", hint()),
        }
        return Ok(());
    }
    create_ring_home(&paths.ring_home)?;
    write_if_changed(&paths.plugin, &wasm)?;
    out!("✓ {}", t!("install-zellij-plugin", path = to, from = from));
    if let Some(backup) = back_up_edited(&paths.layout, layout.as_bytes())? {
        out!(
            "  {}",
            t!("install-zellij-layout-kept", path = shown(&backup))
        );
    }
    write_if_changed(&paths.layout, layout.as_bytes())?;
    out!("✓ {}", t!("install-zellij-layout", path = layout_at));
    match ring_tmux {
        Some(path) => out!("  {}", t!("install-zellij-bar-runs", path = shown(path))),
        None => out!("  ! {}", t!("install-zellij-no-binary")),
    }
    write_if_changed(&paths.permissions, permissions.as_bytes())?;
    let granted = t!(
        "install-zellij-permissions",
        grants = grants,
        path = permissions_at
    );
    out!("✓ {granted}");
    match config {
        Ok(config) => {
            if let Some(backup) = back_up_edited(&paths.config, config.as_bytes())? {
                let backup = shown(&backup);
                let kept = t!(
                    "install-zellij-config-kept",
                    path = config_at,
                    backup = backup
                );
                out!("  {kept}");
            }
            write_if_changed(&paths.config, config.as_bytes())?;
            let bound = t!("install-zellij-board", key = BOARD_KEY, path = config_at);
            out!("✓ {bound}\n{binding}");
        }
        Err(e) => {
            out!(
                "  ! {}",
                t!("install-zellij-not-kdl", path = config_at, error = e)
            );
            out!("{}", hint());
        }
    }
    Ok(())
}

/// The ring folder must exist before zellij starts the plugin in it (0700: rows hold commands).
fn create_ring_home(ring_home: &Path) -> Result<(), String> {
    let sessions = ring_home.join("sessions");
    crate::store::ensure_dir(&crate::sys::env::resolve(&sessions))
        .map_err(|e| voice::about("err-create", &sessions, e))
}

/// Before `path` is rewritten with `new`: a copy of what is there (`NAME.STAMP.bak`) when it
/// is neither `new` nor absent, so a layout the user edited is never lost. The copy is a new
/// file (never written through a symlink); `None` when there was nothing to keep.
fn back_up_edited(path: &Path, new: &[u8]) -> Result<Option<PathBuf>, String> {
    let old = match crate::store::read_bounded(path, crate::store::SIDE_CAP) {
        Ok(Some(old)) if old != new => old,
        Ok(_) => return Ok(None),
        Err(e) => return Err(voice::about("err-read", path, e)),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let backup = path.with_file_name(format!(
        "{name}.{}.bak",
        crate::admin::install::stamp_now().replace([':', ' '], "-")
    ));
    write_atomic(&backup, &old).map_err(|e| voice::about("err-write", &backup, e))?;
    Ok(Some(backup))
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if crate::store::read_bounded(path, crate::store::SIDE_CAP)
        .is_ok_and(|old| old.as_deref() == Some(bytes))
    {
        return Ok(());
    }
    write_atomic(path, bytes).map_err(|e| voice::about("err-write", path, e))
}

/// A text file zellij reads (`""` when it is absent).
fn read_text(path: &Path) -> Result<String, String> {
    match crate::store::read_bounded(path, crate::store::SIDE_CAP) {
        Ok(bytes) => String::from_utf8(bytes.unwrap_or_default())
            .map_err(|_| voice::about("err-read", path, t!("install-zellij-not-utf8"))),
        Err(e) => Err(voice::about("err-read", path, e)),
    }
}

#[cfg(test)]
mod tests;
