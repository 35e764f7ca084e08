//! The tmux servers of the user running ring: the sockets in tmux's own folder
//! (`$TMUX_TMPDIR/tmux-UID/`, `/tmp` without the variable) and those the rows recorded
//! (`-S` sockets anywhere), each only when tmux itself would trust it.
//!
//! ring talks to a socket only when it is a socket owned by this user, in a folder that is
//! a real folder (not a link) owned by this user with no access for anyone else: what tmux
//! demands of its own folder. A socket another account made, one in a world-writable folder
//! or behind a symlinked folder is never connected to: whoever made it could answer with
//! panes that are not the user's, or take the commands ring sends. A socket whose server is
//! gone refuses the connection at once ([`answers`]); no tmux client is started for it.
//!
//! None of this runs on the status path: the segment needs only the rows' recorded sockets
//! (`ring_shared::servers::split`). `list`, the boards and `jump` ask here.

use crate::sys::run;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// At most this many sockets are taken from tmux's folder (a folder full of junk costs one
/// `stat` each, never a tmux call).
const MAX_SOCKETS: usize = 64;

/// tmux's folder for this user: `$TMUX_TMPDIR` (else `/tmp`), resolved as tmux resolves it
/// (`realpath`), then `tmux-UID`. The last part is not resolved: it must not be a link.
pub(crate) fn tmux_dir() -> PathBuf {
    let base = std::env::var_os("TMUX_TMPDIR")
        .filter(|v| !v.is_empty())
        .map_or_else(|| PathBuf::from("/tmp"), PathBuf::from);
    let base = std::fs::canonicalize(&base).unwrap_or(base);
    base.join(format!("tmux-{}", uid()))
}

fn uid() -> u32 {
    rustix::process::getuid().as_raw()
}

/// A folder tmux would keep this user's sockets in: a real folder (a link is refused, not
/// followed), owned by this user, with no access for group or others.
pub(crate) fn private_dir(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir)
        .is_ok_and(|m| m.file_type().is_dir() && m.uid() == uid() && m.mode() & 0o077 == 0)
}

/// Whether ring may talk to the server at `socket`: a socket (not a link to one) owned by
/// this user, in a [`private_dir`].
pub(crate) fn usable(socket: &Path) -> bool {
    let Some(dir) = socket.parent() else {
        return false;
    };
    let is_own_socket = std::fs::symlink_metadata(socket)
        .is_ok_and(|m| m.file_type().is_socket() && m.uid() == uid());
    is_own_socket && private_dir(dir)
}

/// Whether a server listens on `socket` (a stale socket of a server that is gone refuses at
/// once). Call only on a [`usable`] socket.
pub(crate) fn answers(socket: &Path) -> bool {
    std::os::unix::net::UnixStream::connect(socket).is_ok()
}

/// The user's servers: the usable sockets of [`tmux_dir`] (unless `RING_TMUX_SERVERS=off`) and
/// of `recorded` (the rows' `tmux_socket`s), each once, sorted. Not checked for a live
/// server: see [`answers`].
pub(crate) fn discover<'a>(recorded: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let dir = tmux_dir();
    let mut found: Vec<String> = Vec::new();
    // The test suite's seam (`.cargo/config.toml`): tmux's folder holds the machine's real
    // servers, which no test may read; the tests of this module turn it back on.
    let scan_folder = std::env::var_os("RING_TMUX_SERVERS").is_none_or(|v| v != "off");
    if scan_folder
        && private_dir(&dir)
        && let Ok(entries) = std::fs::read_dir(&dir)
    {
        for entry in entries.flatten().take(MAX_SOCKETS) {
            let path = entry.path();
            if usable(&path)
                && let Some(text) = path.to_str()
            {
                found.push(text.to_owned());
            }
        }
    }
    for socket in recorded {
        if !socket.is_empty() && usable(Path::new(socket)) {
            found.push(socket.to_owned());
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The server a command speaks of as "this one": `$TMUX`'s, else the default server of tmux's
/// folder (where a plain `tmux attach` goes).
pub(crate) fn current_or_default() -> String {
    run::socket_from_env()
        .unwrap_or_else(|| tmux_dir().join("default").to_string_lossy().into_owned())
}

/// One pane of a server, as [`list_panes`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Place {
    pub id: String,
    pub tty: String,
    /// `session:window.pane`.
    pub target: String,
    /// The tmux session's name.
    pub session: String,
}

/// What [`list_panes`] asks for, tab-separated (a session name may hold spaces).
const FORMAT: &str =
    "#{pane_id}\t#{pane_tty}\t#{session_name}:#{window_index}.#{pane_index}\t#{session_name}";

/// The panes of the server at `socket` (checked [`usable`] and [`answers`] first), within
/// `deadline`; `None` when it is not the user's, not running, or does not answer.
pub(crate) fn list_panes(socket: &str, deadline: Instant) -> Option<Vec<Place>> {
    let path = Path::new(socket);
    if !usable(path) || !answers(path) {
        return None;
    }
    let args = ["list-panes", "-a", "-F", FORMAT].map(str::to_owned);
    let out = run::run(socket, &args, deadline).filter(|o| o.success)?;
    Some(parse(&out.stdout))
}

fn parse(stdout: &str) -> Vec<Place> {
    stdout
        .lines()
        .filter_map(|line| {
            let mut f = line.splitn(4, '\t');
            let (id, tty, target, session) = (f.next()?, f.next()?, f.next()?, f.next()?);
            run::is_pane_id(id).then(|| Place {
                id: id.to_owned(),
                tty: tty.to_owned(),
                target: target.to_owned(),
                session: session.to_owned(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn chmod(path: &Path, mode: u32) {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
    }

    #[test]
    fn only_own_sockets_in_private_folders_are_usable() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("tmux-x");
        std::fs::create_dir(&dir).expect("dir");
        chmod(&dir, 0o700);
        let socket = dir.join("work");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).expect("bind");
        assert!(usable(&socket));
        assert!(answers(&socket));
        // A plain file is no socket.
        std::fs::write(dir.join("file"), b"").expect("file");
        assert!(!usable(&dir.join("file")));
        // A folder others may enter is not tmux's.
        chmod(&dir, 0o755);
        assert!(!usable(&socket));
        chmod(&dir, 0o700);
        // A link to the folder is refused, not followed.
        let link = tmp.path().join("link");
        std::os::unix::fs::symlink(&dir, &link).expect("symlink");
        assert!(!usable(&link.join("work")));
        // A link to the socket is refused.
        std::os::unix::fs::symlink(&socket, dir.join("alias")).expect("symlink");
        assert!(!usable(&dir.join("alias")));
    }

    #[test]
    fn a_socket_nobody_listens_on_does_not_answer() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let socket = tmp.path().join("gone");
        drop(std::os::unix::net::UnixListener::bind(&socket).expect("bind"));
        assert!(std::fs::symlink_metadata(&socket).is_ok());
        assert!(!answers(&socket));
    }

    #[test]
    fn listed_panes_keep_session_names_with_spaces_and_skip_junk() {
        let got = parse("%1\t/dev/pts/1\tmy s:0.0\tmy s\njunk\n%x\t/dev/pts/2\ta:0.0\ta\n");
        assert_eq!(
            got,
            vec![Place {
                id: "%1".into(),
                tty: "/dev/pts/1".into(),
                target: "my s:0.0".into(),
                session: "my s".into(),
            }]
        );
    }
}
