//! `ring-tmux uninstall`'s zellij part.

use super::{Paths, kdl, keybind};
use crate::admin::install::jsonfile::write_atomic;
use crate::sys::{printable, voice};
use ring_shared::t;
use std::path::Path;

/// Deletes the plugin file, the layout when it is ring's (it loads the plugin), ring's entry
/// in `permissions.kdl` (every other entry kept byte for byte) and the board's key in
/// `config.kdl`. Returns what it removed (or, with `dry_run`, would remove), one line each.
pub fn uninstall(paths: &Paths, dry_run: bool) -> Result<Vec<String>, String> {
    let mut removed = Vec::new();
    let plugin_key = paths.plugin.to_string_lossy().into_owned();
    let read = |path: &Path| match crate::store::read_bounded(path, crate::store::SIDE_CAP) {
        Ok(bytes) => Ok(bytes.map(|b| String::from_utf8_lossy(&b).into_owned())),
        Err(e) => Err(voice::about("err-read", path, e)),
    };
    let write = |path: &Path, text: String| {
        if dry_run {
            return Ok(());
        }
        write_atomic(path, text).map_err(|e| voice::about("err-write", path, e))
    };
    let (permissions, config) = (
        &printable::path(&paths.permissions),
        &printable::path(&paths.config),
    );
    if let Some(text) = read(&paths.permissions)? {
        let edited = kdl::remove_node(&text, &plugin_key).map_err(|e| {
            let entry = kdl::quote(&plugin_key);
            t!(
                "install-zellij-remove-by-hand",
                path = permissions,
                error = e,
                entry = entry
            )
        })?;
        if let Some(edited) = edited {
            write(&paths.permissions, edited)?;
            removed.push(t!("install-zellij-grants", path = permissions));
        }
    }
    if let Some(edited) = read(&paths.config)?.and_then(|text| keybind::remove(&text)) {
        write(&paths.config, edited)?;
        removed.push(t!("install-zellij-board-key", path = config));
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
        std::fs::remove_file(path).map_err(|e| voice::about("err-remove", path, e))?;
    }
    Ok(printable::path(path))
}
