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

mod kdl;
mod keybind;

use crate::admin::install::jsonfile::write_atomic;
use crate::admin::install::out;
use crate::sys::env::Env;
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
        Err(message) => return crate::sys::voice::fail(&message, ""),
    };
    let ring_tmux = running_binary();
    match install(&paths, &source, ring_tmux.as_deref(), args.dry_run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => crate::sys::voice::fail(&message, ""),
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
            Err(format!("no plugin at {}", path.display()))
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
    candidates.into_iter().find(|p| p.is_file()).ok_or_else(|| {
        format!(
            "no plugin found: download ring.wasm from a release \
             (https://github.com/ring-status/ring/releases/latest/download/ring.wasm) to {}, \
             or build it in the repository (cargo build --release -p ring-plugin --target \
             wasm32-wasip1), or pass --plugin PATH",
            installed.display()
        )
    })
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
        Ok(None) => return Err(format!("cannot read {}: not found", source.display())),
        Err(e) => return Err(format!("cannot read {}: {e}", source.display())),
    };
    if !wasm.starts_with(b"\0asm") {
        return Err(format!("{} is not a WebAssembly file", source.display()));
    }
    let layout = layout(&paths.plugin, &paths.ring_home, ring_tmux);
    let old_permissions =
        match crate::store::read_bounded(&paths.permissions, crate::store::SIDE_CAP) {
            Ok(Some(bytes)) => String::from_utf8(bytes)
                .map_err(|_| format!("cannot read {}: not UTF-8", paths.permissions.display()))?,
            Ok(None) => String::new(),
            Err(e) => return Err(format!("cannot read {}: {e}", paths.permissions.display())),
        };
    let binding = board_binding(&paths.plugin, &paths.ring_home, ring_tmux);
    let old_config = match crate::store::read_bounded(&paths.config, crate::store::SIDE_CAP) {
        Ok(Some(bytes)) => String::from_utf8(bytes)
            .map_err(|_| format!("cannot read {}: not UTF-8", paths.config.display()))?,
        Ok(None) => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", paths.config.display())),
    };
    // A config.kdl ring cannot edit safely is left alone: the binding is printed instead.
    let config = keybind::upsert(&old_config, &binding);
    let plugin_key = paths.plugin.to_string_lossy();
    let permissions = kdl::upsert_permissions(&old_permissions, &plugin_key, &PERMISSIONS)
        .map_err(|e| {
            format!(
                "{} is not KDL ring can edit safely ({e}); add this entry by hand:\n{}",
                paths.permissions.display(),
                kdl::upsert_permissions("", &plugin_key, &PERMISSIONS).unwrap_or_default()
            )
        })?;
    if dry_run {
        out!(
            "would copy {} → {}",
            source.display(),
            paths.plugin.display()
        );
        out!("would write {}:\n{layout}", paths.layout.display());
        out!(
            "would write {}:\n{permissions}",
            paths.permissions.display()
        );
        match &config {
            Ok(_) => out!(
                "would add the board's key ({BOARD_KEY}) to the keybinds of {}:\n{binding}",
                paths.config.display()
            ),
            Err(_) => out!("{}", board_hint(&paths.plugin, &paths.ring_home, ring_tmux)),
        }
        return Ok(());
    }
    create_ring_home(&paths.ring_home)?;
    write_if_changed(&paths.plugin, &wasm)?;
    out!(
        "✓ plugin: {} (from {})",
        paths.plugin.display(),
        source.display()
    );
    if let Some(backup) = back_up_edited(&paths.layout, layout.as_bytes())? {
        out!(
            "  the layout there was not ring's: kept as {}",
            backup.display()
        );
    }
    write_if_changed(&paths.layout, layout.as_bytes())?;
    out!(
        "✓ layout: {} — start zellij with `zellij --layout ring`, or copy its ring pane into your own layout",
        paths.layout.display()
    );
    match ring_tmux {
        Some(path) => out!(
            "  its bar runs {} oneline every 5 s to list the sessions found without hooks",
            path.display()
        ),
        None => out!(
            "  ! this binary's path is unknown: add `ring_tmux \"/path/to/ring-tmux\"` to the bar's block to list sessions found without hooks"
        ),
    }
    write_if_changed(&paths.permissions, permissions.as_bytes())?;
    out!(
        "✓ permissions: {} granted in {}",
        PERMISSIONS.join(", "),
        paths.permissions.display()
    );
    match config {
        Ok(config) => {
            if let Some(backup) = back_up_edited(&paths.config, config.as_bytes())? {
                out!(
                    "  {} as it was: {}",
                    paths.config.display(),
                    backup.display()
                );
            }
            write_if_changed(&paths.config, config.as_bytes())?;
            out!(
                "✓ board: {BOARD_KEY} opens it, bound in {} (between `// ring:` comments; \
                 ring-tmux uninstall removes it):\n{binding}",
                paths.config.display()
            );
        }
        Err(e) => {
            out!(
                "  ! {} is not KDL ring can edit safely ({e})",
                paths.config.display()
            );
            out!("{}", board_hint(&paths.plugin, &paths.ring_home, ring_tmux));
        }
    }
    Ok(())
}

/// `ring-tmux uninstall`'s zellij part: deletes the plugin file, the layout when it is ring's
/// (it loads the plugin), and ring's entry in `permissions.kdl` (every other entry kept byte
/// for byte). Returns what it removed (or, with `dry_run`, would remove), one line each.
pub fn uninstall(paths: &Paths, dry_run: bool) -> Result<Vec<String>, String> {
    let mut removed = Vec::new();
    let plugin_key = paths.plugin.to_string_lossy().into_owned();
    let read = |path: &Path| match crate::store::read_bounded(path, crate::store::SIDE_CAP) {
        Ok(bytes) => Ok(bytes.map(|b| String::from_utf8_lossy(&b).into_owned())),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    };
    if let Some(text) = read(&paths.permissions)? {
        let edited = kdl::remove_node(&text, &plugin_key).map_err(|e| {
            format!(
                "{} is not KDL ring can edit safely ({e}); remove the {} entry by hand",
                paths.permissions.display(),
                kdl::quote(&plugin_key)
            )
        })?;
        if let Some(edited) = edited {
            if !dry_run {
                write_atomic(&paths.permissions, edited.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", paths.permissions.display()))?;
            }
            removed.push(format!("ring's grants in {}", paths.permissions.display()));
        }
    }
    if let Some(text) = read(&paths.config)?
        && let Some(edited) = keybind::remove(&text)
    {
        if !dry_run {
            write_atomic(&paths.config, edited.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", paths.config.display()))?;
        }
        removed.push(format!("ring's board key in {}", paths.config.display()));
    }
    let ours = |text: &str| text.contains(&kdl::quote(&format!("file:{plugin_key}")));
    if read(&paths.layout)?.is_some_and(|text| ours(&text)) {
        removed.push(delete(&paths.layout, dry_run)?);
    }
    if paths.plugin.symlink_metadata().is_ok() {
        removed.push(delete(&paths.plugin, dry_run)?);
    }
    Ok(removed)
}

/// Deletes `path` (a symlink itself, never what it points to) unless `dry_run`.
fn delete(path: &Path, dry_run: bool) -> Result<String, String> {
    if !dry_run {
        std::fs::remove_file(path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    Ok(path.display().to_string())
}

/// The ring folder must exist before zellij starts the plugin in it (0700: rows hold commands).
fn create_ring_home(ring_home: &Path) -> Result<(), String> {
    let sessions = ring_home.join("sessions");
    crate::store::ensure_dir(&crate::sys::env::resolve(&sessions))
        .map_err(|e| format!("cannot create {}: {e}", sessions.display()))
}

/// Before `path` is rewritten with `new`: a copy of what is there (`NAME.STAMP.bak`) when it
/// is neither `new` nor absent, so a layout the user edited is never lost. The copy is a new
/// file (never written through a symlink); `None` when there was nothing to keep.
fn back_up_edited(path: &Path, new: &[u8]) -> Result<Option<PathBuf>, String> {
    let old = match crate::store::read_bounded(path, crate::store::SIDE_CAP) {
        Ok(Some(old)) if old != new => old,
        Ok(_) => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let backup = path.with_file_name(format!(
        "{name}.{}.bak",
        crate::admin::install::stamp_now().replace([':', ' '], "-")
    ));
    write_atomic(&backup, &old).map_err(|e| format!("cannot write {}: {e}", backup.display()))?;
    Ok(Some(backup))
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if crate::store::read_bounded(path, crate::store::SIDE_CAP)
        .is_ok_and(|old| old.as_deref() == Some(bytes))
    {
        return Ok(());
    }
    write_atomic(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The plugin's `ring_tmux` setting line, indented `indent` spaces (empty without a binary),
/// and its `lang` line when this process speaks other than English: a wasm plugin sees none of
/// the user's environment, so install-zellij hands it the language it runs with (issue 26).
fn ring_tmux_setting(ring_tmux: Option<&Path>, indent: usize) -> String {
    let binary = ring_tmux.map_or_else(String::new, |path| {
        format!(
            "{:indent$}ring_tmux {}\n",
            "",
            kdl::quote(&path.to_string_lossy())
        )
    });
    let lang = ring_shared::i18n::lang();
    if lang == ring_shared::i18n::Lang::En {
        return binary;
    }
    format!("{binary}{:indent$}lang {}\n", "", kdl::quote(lang.tag()))
}

/// The plugin block of a layout: the bar, reading `ring_home` through its `cwd`, and running
/// `ring_tmux` (when given) to keep the zero-config rows fresh.
pub fn bar_pane(plugin: &Path, ring_home: &Path, ring_tmux: Option<&Path>) -> String {
    let ring_tmux = ring_tmux_setting(ring_tmux, 8);
    format!(
        "pane size=1 borderless=true {{\n    plugin location={} {{\n        mode \"bar\"\n        cwd {}\n{ring_tmux}    }}\n}}",
        kdl::quote(&format!("file:{}", plugin.display())),
        kdl::quote(&ring_home.to_string_lossy()),
    )
}

/// `layouts/ring.kdl`: zellij's default layout with ring's bar under the tab bar.
pub fn layout(plugin: &Path, ring_home: &Path, ring_tmux: Option<&Path>) -> String {
    let indent = |text: &str, n: usize| -> String {
        text.lines()
            .map(|l| format!("{}{l}\n", " ".repeat(n)))
            .collect()
    };
    format!(
        "// ring: zellij's tab bar, ring's bar on the row under it, your panes, the status bar.\n\
         // Written by `ring-tmux install-zellij`; start with `zellij --layout ring`.\n\
         // In your own layout, copy the ring pane. Beside the tab bar (a vertical split of a\n\
         // one-row pane) works only with `pane_frame_style \"full\"`: zellij 0.45's default\n\
         // title-only frames draw a border over a split one-row pane.\n\
         layout {{\n    default_tab_template {{\n        pane size=1 borderless=true {{\n            plugin location=\"zellij:tab-bar\"\n        }}\n{}        children\n        pane size=2 borderless=true {{\n            plugin location=\"zellij:status-bar\"\n        }}\n    }}\n}}\n",
        indent(&bar_pane(plugin, ring_home, ring_tmux), 8)
    )
}

/// The keybinding that opens the board, a `shared {…}` block of `keybinds` (config.kdl;
/// layouts cannot hold keybindings). With `ring_tmux` the board's `p`, `n`, `dd` and `u` run
/// this binary (`reply`, `name`, `hide`, `unhide`).
pub fn board_binding(plugin: &Path, ring_home: &Path, ring_tmux: Option<&Path>) -> String {
    let ring_tmux = ring_tmux_setting(ring_tmux, 12);
    format!(
        "shared {{\n    bind \"{BOARD_KEY}\" {{\n        LaunchOrFocusPlugin {} {{\n            floating true\n            mode \"board\"\n            cwd {}\n{ring_tmux}        }}\n    }}\n}}",
        kdl::quote(&format!("file:{}", plugin.display())),
        kdl::quote(&ring_home.to_string_lossy()),
    )
}

/// [`board_binding`] for a person to paste, when config.kdl cannot be edited safely.
pub fn board_hint(plugin: &Path, ring_home: &Path, ring_tmux: Option<&Path>) -> String {
    let binding = board_binding(plugin, ring_home, ring_tmux);
    let binding: String = binding.lines().map(|l| format!("\n    {l}")).collect();
    format!(
        "Board: add this inside `keybinds {{ … }}` in ~/.config/zellij/config.kdl, then press {BOARD_KEY}:{binding}"
    )
}

#[cfg(test)]
mod tests;
