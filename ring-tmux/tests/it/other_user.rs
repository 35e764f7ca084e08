//! Running `ring-tmux` as another user (`nobody`) from tests that run as root: root writes
//! through any mode bits, so a rule about modes or owners is only seen by an ordinary user.
//! Here: who that user is, how a fixture becomes theirs, and a binary they can execute (and
//! [`copy_executable`], which every test that starts a copied executable needs).

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// `nobody`.
pub const NOBODY: u32 = 65534;

/// The uid the tests run as (the owner of `/proc/self`).
pub fn own_uid() -> u32 {
    std::fs::metadata("/proc/self").expect("/proc/self").uid()
}

/// Gives every file under `path` to `uid` (symlinks themselves, not their targets), as a
/// user owns their HOME.
pub fn chown_tree(path: &Path, uid: u32) {
    std::os::unix::fs::lchown(path, Some(uid), Some(uid)).expect("chown");
    if path.is_dir() && !path.is_symlink() {
        for entry in std::fs::read_dir(path).expect("list") {
            chown_tree(&entry.expect("entry").path(), uid);
        }
    }
}

/// The built `ring-tmux` at a path every user can execute: cargo's own when every folder
/// above it lets others through (a checkout under `/home`, `/tmp` or `/work`), else a copy,
/// made once per test process, in a folder of the system temp dir. The copy is for a build
/// cache under root's own 0700 home (`.ci/run` keeps `target/` in `~/.cache/ring-ci`),
/// where `nobody` could not start cargo's binary at all. Copies left by earlier test
/// processes that no longer run are removed.
pub fn binary() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let built = assert_cmd::cargo::cargo_bin("ring-tmux");
        if reachable_by_others(&built) {
            return built;
        }
        let tmp = std::env::temp_dir();
        remove_stale_copies(&tmp);
        let dir = tmp.join(format!("{PREFIX}{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("binary folder");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let copy = dir.join("ring-tmux");
        copy_executable(&built, &copy);
        copy
    })
    .clone()
}

/// Copies an executable to `to` (mode 0755) that this process will start. The copy is made
/// by a `cp` child, never through a file this process opens for writing: a test thread that
/// forks while that file is open hands the open file to its child until the child's exec,
/// and starting the copy meanwhile fails with "Text file busy" (ETXTBSY; clean-clone run
/// 41, `doctor_health`).
pub fn copy_executable(from: &Path, to: &Path) {
    let status = std::process::Command::new("cp")
        .arg("--")
        .arg(from)
        .arg(to)
        .status()
        .expect("cp runs");
    assert!(status.success(), "cp {} {}", from.display(), to.display());
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// The folders under the temp dir that hold [`binary`]'s copies: `ring-it-bin-<pid>`.
const PREFIX: &str = "ring-it-bin-";

/// Whether others may execute `path`: `x` for others on it and on every folder above it,
/// links resolved (`target/` may be a link into root's home).
fn reachable_by_others(path: &Path) -> bool {
    let Ok(path) = std::fs::canonicalize(path) else {
        return false;
    };
    path.ancestors()
        .filter(|p| !p.as_os_str().is_empty())
        .all(|p| std::fs::metadata(p).is_ok_and(|m| m.mode() & 0o001 != 0))
}

/// Removes the copies of test processes that have exited.
fn remove_stale_copies(tmp: &Path) {
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(PREFIX)) else {
            continue;
        };
        let gone = pid.parse::<u32>().is_ok_and(|pid| {
            pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()
        });
        if gone {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[test]
fn a_binary_under_a_private_folder_is_copied_where_others_can_run_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let private = dir.path().join("private");
    std::fs::create_dir(&private).expect("dir");
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    let bin = private.join("ring-tmux");
    std::fs::write(&bin, "").expect("file");
    std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    assert!(!reachable_by_others(&bin));
    // Through a link from a folder everyone may enter, as .ci/run's target/ link.
    let link = dir.path().join("target");
    std::os::unix::fs::symlink(&private, &link).expect("link");
    assert!(!reachable_by_others(&link.join("ring-tmux")));
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o711)).expect("chmod");
    assert_eq!(reachable_by_others(&bin), reachable_by_others(dir.path()));
    let shared = binary();
    assert!(reachable_by_others(&shared), "{}", shared.display());
}
