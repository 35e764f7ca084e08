//! Small read-only probes of the system for `doctor`: PATH lookup, executability, commands
//! run with a deadline (a wedged tmux server must not hang the doctor).

pub use crate::sys::run::{is_executable, which};

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long one probe may run.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(3);

/// What a probe printed.
#[derive(Debug, Clone)]
pub struct Probe {
    pub success: bool,
    pub stdout: String,
}

/// Runs `program args` with no stdin; `None` if it cannot start or outlives [`PROBE_TIMEOUT`]
/// (then it is killed).
pub fn probe(program: &str, args: &[&str]) -> Option<Probe> {
    let mut command = Command::new(program);
    command.args(args);
    let out = crate::sys::run::bounded(command, Instant::now() + PROBE_TIMEOUT)?;
    Some(Probe {
        success: out.success,
        stdout: out.stdout,
    })
}

/// Whether we may create files in `dir` (write and search permission), as the kernel decides
/// it for this user: owner, group and other bits, ACLs, a read-only mount, root.
pub fn writable_dir(dir: &Path) -> bool {
    rustix::fs::access(
        dir,
        rustix::fs::Access::WRITE_OK | rustix::fs::Access::EXEC_OK,
    )
    .is_ok()
}

/// `(major, minor)` from `tmux -V` output: `tmux 3.3a`, `tmux next-3.4`, `tmux 3.0`.
pub fn tmux_version(text: &str) -> Option<(u32, u32)> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let rest = &text[start..];
    let mut parts = rest.split(|c: char| !c.is_ascii_digit());
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next().and_then(|m| m.parse().ok()).unwrap_or(0);
    Some((major, minor))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn tmux_versions_parse() {
        assert_eq!(tmux_version("tmux 3.3a\n"), Some((3, 3)));
        assert_eq!(tmux_version("tmux next-3.4"), Some((3, 4)));
        assert_eq!(tmux_version("tmux 2.9a"), Some((2, 9)));
        assert_eq!(tmux_version("tmux 3"), Some((3, 0)));
        assert_eq!(tmux_version("tmux master"), None);
    }

    #[test]
    fn writable_dir_asks_the_kernel() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert!(writable_dir(dir.path()));
        assert!(!writable_dir(&dir.path().join("missing")));
        // A plain file has no search permission, not even for root.
        let file = dir.path().join("file");
        std::fs::write(&file, "").expect("write");
        assert!(!writable_dir(&file));
    }

    #[test]
    fn which_finds_only_executables() {
        let dir = tempfile::tempdir().expect("tempdir");
        let plain = dir.path().join("tool");
        std::fs::write(&plain, "").expect("write");
        assert_eq!(which("tool", dir.path().as_os_str()), None);
        std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        assert_eq!(which("tool", dir.path().as_os_str()), Some(plain));
    }
}
