//! The individual `doctor` checks. Each returns findings; none changes anything.

use super::Finding;
use super::system::{self, which};
use crate::store;
use crate::sys::env::Env;
use crate::sys::run::{same_file, shell_quote};
use ring_shared::registry::{DecodeError, decode_row};
use ring_shared::t;
use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// This binary, resolved.
pub(super) fn this_binary() -> Option<PathBuf> {
    std::env::current_exe().ok()
}

/// The repository this binary was built from, when it still has `ring.tmux`.
pub(super) fn repo_dir() -> Option<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()?
        .to_path_buf();
    repo.join("ring.tmux").exists().then_some(repo)
}

/// `ring-tmux` on PATH, and whether it is this binary.
pub fn binary(path: &OsStr) -> Vec<Finding> {
    match which("ring-tmux", path) {
        None => vec![Finding::error(
            t!("doctor-binary-missing"),
            t!("doctor-binary-missing-fix"),
        )],
        Some(found) => {
            let path = found.display().to_string();
            let mut out = vec![Finding::ok(t!("doctor-binary-ok", path = path))];
            if let Some(me) = this_binary()
                && !same_file(&found, &me)
            {
                let path = me.display().to_string();
                out.push(Finding::info(t!("doctor-binary-other", path = path)));
            }
            out
        }
    }
}

/// A path as a shell word.
pub(super) fn q(path: &Path) -> String {
    shell_quote(&path.to_string_lossy())
}

pub(super) fn mode_of(path: &Path) -> Option<u32> {
    std::fs::metadata(path)
        .ok()
        .map(|m| m.permissions().mode() & 0o777)
}

/// The ring folder: exists, writable, private; rows private and readable.
pub fn ring_folder(env: &Env) -> Vec<Finding> {
    let dir = &env.ring_home;
    let shown = dir.display().to_string();
    let Ok(meta) = std::fs::metadata(dir) else {
        return vec![Finding::info(t!("doctor-folder-absent", path = shown))];
    };
    if !meta.is_dir() {
        return vec![Finding::error(
            t!("doctor-folder-not-a-folder", path = shown),
            t!("doctor-folder-not-a-folder-fix", path = q(dir)),
        )];
    }
    let mut out = Vec::new();
    let sessions = env.sessions_dir();
    for folder in [dir.clone(), sessions.clone()] {
        if !folder.is_dir() {
            continue;
        }
        let at = &folder.display().to_string();
        let owner_and_mode = std::fs::metadata(&folder).map(|m| {
            (
                std::os::unix::fs::MetadataExt::uid(&m),
                m.permissions().mode(),
            )
        });
        if let Ok((uid, mode)) = owner_and_mode
            && let Err(why) = store::safe::folder_check(uid, mode)
        {
            // The hook refuses such a folder (store::safe), so nothing is recorded at all.
            let fix = match why {
                store::safe::Unsafe::Owner { .. } => {
                    format!("sudo chown \"$(id -u)\" {0} && chmod 700 {0}", q(&folder))
                }
                store::safe::Unsafe::Writable { .. } => format!("chmod 700 {}", q(&folder)),
            };
            out.push(Finding::error(
                t!("doctor-folder-unsafe", path = at, why = why.to_string()),
                fix,
            ));
        } else if !system::writable_dir(&folder) {
            out.push(Finding::error(
                t!("doctor-folder-not-writable", path = at),
                format!("chown \"$(id -u)\" {0} && chmod 700 {0}", q(&folder)),
            ));
        } else if let Some(mode) = mode_of(&folder).filter(|m| m & 0o077 != 0) {
            out.push(Finding::warn(
                t!(
                    "doctor-folder-open",
                    path = at,
                    mode = format!("{mode:04o}")
                ),
                format!("chmod 700 {}", q(&folder)),
            ));
        }
    }
    let mut rows = 0;
    let mut open_rows = 0;
    let mut corrupt: Vec<String> = Vec::new();
    let mut names: Vec<(String, PathBuf)> = std::fs::read_dir(&sessions)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(name, _)| name.ends_with(".json"))
        .collect();
    names.sort();
    for (name, path) in names {
        rows += 1;
        if mode_of(&path).is_some_and(|m| m & 0o077 != 0) {
            open_rows += 1;
        }
        let problem = match store::read_bounded(&path, store::ROW_READ_CAP) {
            Ok(Some(bytes)) => match decode_row(&bytes) {
                Ok(_) => None,
                Err(DecodeError::Phantom) => Some(t!("doctor-row-phantom")),
                Err(err) => Some(err.to_string()),
            },
            Ok(None) => None,
            Err(err) => Some(err.to_string()),
        };
        if let Some(problem) = problem {
            corrupt.push(format!("{name} ({problem})"));
        }
    }
    if open_rows > 0 {
        out.push(Finding::warn(
            t!("doctor-rows-open", open = open_rows, rows = rows),
            format!("chmod 600 {}/*.json", q(&sessions)),
        ));
    }
    if !corrupt.is_empty() {
        out.push(Finding::warn(
            t!(
                "doctor-rows-corrupt",
                count = corrupt.len(),
                rows = corrupt.join(", ")
            ),
            t!("doctor-rows-corrupt-fix"),
        ));
    }
    if !out.iter().any(Finding::is_problem) {
        out.insert(
            0,
            Finding::ok(t!("doctor-folder-ok", path = shown, rows = rows)),
        );
    }
    out
}

/// RiNG itself on PATH (compatible: it reads the same rows).
pub fn ring(path: &OsStr) -> Vec<Finding> {
    match which("ring", path) {
        Some(found) => {
            let path = found.display().to_string();
            vec![Finding::info(t!("doctor-ring-cli", path = path))]
        }
        None => Vec::new(),
    }
}
