//! Opening folders and files for writing without following links (issue 12).
//!
//! Every writer of the ring folder goes through here, so a symlink planted in it (a lock
//! file, a log, `cache/`, `tmux/`, `sessions/.locks` …) can never send a write, a `chmod`
//! or a rename somewhere else:
//!
//! * a folder is opened one component at a time, each with `O_NOFOLLOW | O_DIRECTORY`
//!   relative to the one before (`openat`), so no component of the path may be a symlink.
//!   The ring folder's own path is resolved once, when the environment is read
//!   ([`crate::sys::env::Env::from_process`]): a `~/.config` linked to a dotfiles folder is the
//!   user's choice, anything inside the ring folder is not;
//! * the folder written in must be ours and writable by nobody else (OpenSSH's and git's
//!   `safe.directory` rule): another user who can write there could swap files under us;
//! * files are opened relative to that folder with `O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK |
//!   O_NOCTTY` and must then be regular files (`fstat`): no FIFO blocks us, no device is
//!   written; created files get mode 0600 at creation (then `fchmod`, umask-independent),
//!   folders 0700;
//! * temp files for atomic replaces are created `O_EXCL | O_NOFOLLOW`, mode 0600, and renamed
//!   relative to the same folder (a rename replaces a symlink, never writes through it).

use rustix::fs::{AtFlags, CWD, FileType, Mode, OFlags, RenameFlags, Stat};
use std::fs::File;
use std::io::{self, Write};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::{Component, Path, PathBuf};

/// Mode of every folder ring creates.
pub const DIR_MODE: u32 = 0o700;
/// Mode of every file ring creates.
pub const FILE_MODE: u32 = 0o600;

/// How folders are held: `O_PATH` needs no read permission on them (Linux).
#[cfg(target_os = "linux")]
const DIR_OPEN: OFlags = OFlags::PATH;
#[cfg(not(target_os = "linux"))]
const DIR_OPEN: OFlags = OFlags::RDONLY;

/// Flags every file open adds.
fn file_flags() -> OFlags {
    OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NONBLOCK | OFlags::NOCTTY
}

fn error(path: &Path, what: impl std::fmt::Display) -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!("{}: {what}", path.display()),
    )
}

fn with_path(path: &Path, err: rustix::io::Errno) -> io::Error {
    let err = io::Error::from(err);
    let what = match err.raw_os_error() {
        // O_NOFOLLOW on a symlink (ELOOP), or O_DIRECTORY on a link or a file (ENOTDIR).
        Some(libc::ELOOP) => ring_shared::t!("err-store-symlink"),
        Some(libc::ENOTDIR) => ring_shared::t!("err-store-not-folder"),
        _ => err.to_string(),
    };
    io::Error::new(err.kind(), format!("{}: {what}", path.display()))
}

/// Why a folder must not be written in, if it must not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsafe {
    /// Owned by another user (`uid`), who could replace anything in it.
    Owner { uid: u32, me: u32 },
    /// Writable by its group or everyone (`mode`): they could swap files under ring.
    Writable { mode: u32 },
}

impl std::fmt::Display for Unsafe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsafe::Owner { uid, me } => f.write_str(&ring_shared::t!(
                "err-store-other-owner",
                uid = uid.to_string(),
                me = me.to_string()
            )),
            Unsafe::Writable { mode } => f.write_str(&ring_shared::t!(
                "err-store-writable",
                mode = format!("{mode:04o}")
            )),
        }
    }
}

/// Whether a folder of owner `uid` and `mode` is safe to write in (OpenSSH's and git's
/// `safe.directory` rule): ours, and writable by nobody else.
pub fn folder_check(uid: u32, mode: u32) -> Result<(), Unsafe> {
    let me = rustix::process::geteuid().as_raw();
    let mode = mode & 0o7777;
    if uid != me {
        Err(Unsafe::Owner { uid, me })
    } else if mode & 0o022 != 0 {
        Err(Unsafe::Writable { mode })
    } else {
        Ok(())
    }
}

/// A folder opened without following any link on its path, and checked safe to write in.
#[derive(Debug)]
pub struct Dir {
    fd: OwnedFd,
    path: PathBuf,
}

impl Dir {
    /// Opens the folder `path` (see the module doc): an error if any component is a symlink,
    /// or the folder is not ours or writable by others.
    pub fn open(path: &Path) -> io::Result<Dir> {
        walk(path, false)
    }

    /// [`Dir::open`], creating missing folders with mode 0700 on the way.
    pub fn create(path: &Path) -> io::Result<Dir> {
        walk(path, true)
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The open folder (`O_PATH` on Linux: for `*at` calls, not for reading).
    pub(crate) fn fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }

    /// The folder `name` inside this one (never through a link), created 0700 when `create`.
    pub fn sub(&self, name: &str, create: bool) -> io::Result<Dir> {
        let path = self.path.join(name);
        let fd = step(self.fd.as_fd(), name, create, &path)?;
        checked(fd, path)
    }

    /// Opens the file `name` in this folder for writing with `flags` (`APPEND`, `RDWR`,
    /// `WRONLY`, `CREATE`, `EXCL` …): never through a symlink, never anything but a regular
    /// file, created with mode 0600.
    pub fn open_file(&self, name: &str, flags: OFlags) -> io::Result<File> {
        let path = self.path.join(name);
        let fd = rustix::fs::openat(
            self.fd.as_fd(),
            name,
            flags | file_flags(),
            Mode::from_raw_mode(FILE_MODE as _),
        )
        .map_err(|e| with_path(&path, e))?;
        let stat = rustix::fs::fstat(&fd).map_err(|e| with_path(&path, e))?;
        if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile {
            return Err(error(&path, ring_shared::t!("err-store-not-regular")));
        }
        if stat.st_mode & 0o777 != FILE_MODE {
            // Best effort: a failure leaves the umask-reduced mode, never wider than 0600.
            let _ = rustix::fs::fchmod(&fd, Mode::from_raw_mode(FILE_MODE as _));
        }
        Ok(File::from(fd))
    }

    /// A fresh temp file (`O_EXCL`, mode 0600) in this folder: its name and the open file.
    pub fn create_temp(&self, stem: &str) -> io::Result<(String, File)> {
        let mut attempt = 0;
        loop {
            let name = super::temp_name(stem);
            match self.open_file(&name, OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL) {
                Ok(file) => return Ok((name, file)),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 4 => {
                    attempt += 1;
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Writes `bytes` as `name` atomically (temp file + replace, see [`Dir::replace`]).
    pub fn write_atomic(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let (tmp, mut file) = self.create_temp("ring")?;
        let written = file
            .write_all(bytes)
            .and_then(|()| self.replace(&tmp, name));
        if written.is_err() {
            let _ = self.remove(&tmp);
        }
        written
    }

    /// Moves `tmp` over `target` atomically.
    ///
    /// Over an existing regular file this is an exchange (`renameat2(RENAME_EXCHANGE)`) and
    /// then an unlink of the old contents, now at `tmp`: readers see the old or the new file,
    /// never none, as with a rename. A plain rename over an existing file makes ext4
    /// (`auto_da_alloc`) allocate and start writing the new file's blocks inside the rename,
    /// which costs milliseconds under I/O load; the exchange does not. No target yet, or a
    /// file system without exchange: a plain rename (which replaces a symlink itself).
    pub fn replace(&self, tmp: &str, target: &str) -> io::Result<()> {
        let existing_file = self
            .lstat(target)
            .is_some_and(|s| FileType::from_raw_mode(s.st_mode) == FileType::RegularFile);
        let fd = self.fd.as_fd();
        if existing_file
            && rustix::fs::renameat_with(fd, tmp, fd, target, RenameFlags::EXCHANGE).is_ok()
        {
            let _ = self.remove(tmp);
            return Ok(());
        }
        rustix::fs::renameat(fd, tmp, fd, target).map_err(|e| with_path(&self.path.join(target), e))
    }

    /// Renames `from` to `to` inside this folder (the entries themselves, links included).
    pub fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        let fd = self.fd.as_fd();
        rustix::fs::renameat(fd, from, fd, to).map_err(|e| with_path(&self.path.join(from), e))
    }

    /// Removes the entry `name` (a file or a link, never what a link points to); a missing
    /// one is fine.
    pub fn remove(&self, name: &str) -> io::Result<()> {
        match rustix::fs::unlinkat(self.fd.as_fd(), name, AtFlags::empty()) {
            Err(rustix::io::Errno::NOENT) => Ok(()),
            other => other.map_err(|e| with_path(&self.path.join(name), e)),
        }
    }

    /// `lstat` of `name`: the entry itself, not what a link points to.
    pub fn lstat(&self, name: &str) -> Option<Stat> {
        rustix::fs::statat(self.fd.as_fd(), name, AtFlags::SYMLINK_NOFOLLOW).ok()
    }
}

/// Opens `path` for writing with `flags` through [`Dir::open`] of its folder (created when
/// `flags` has `CREATE`).
pub fn open_file(path: &Path, flags: OFlags) -> io::Result<File> {
    let (dir, name) = split(path)?;
    let dir = if flags.contains(OFlags::CREATE) {
        Dir::create(dir)?
    } else {
        Dir::open(dir)?
    };
    dir.open_file(name, flags)
}

/// A file path's folder and name.
pub fn split(path: &Path) -> io::Result<(&Path, &str)> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| error(path, ring_shared::t!("err-store-not-file-name")))?;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    Ok((dir, name))
}

/// One component: `openat(O_NOFOLLOW | O_DIRECTORY)`, after a `mkdirat` (0700) when missing
/// and `create`.
fn step(at: BorrowedFd<'_>, name: &str, create: bool, path: &Path) -> io::Result<OwnedFd> {
    let open = || {
        rustix::fs::openat(
            at,
            name,
            DIR_OPEN | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::empty(),
        )
    };
    match open() {
        Err(rustix::io::Errno::NOENT) if create => {
            match rustix::fs::mkdirat(at, name, Mode::from_raw_mode(DIR_MODE as _)) {
                Ok(()) => {
                    // The umask may have taken bits from 0700; set them on the folder we just
                    // made (NOFOLLOW: the name may have been swapped for a link since).
                    let fresh = rustix::fs::openat(
                        at,
                        name,
                        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                        Mode::empty(),
                    );
                    if let Ok(fresh) = fresh {
                        let _ = rustix::fs::fchmod(&fresh, Mode::from_raw_mode(DIR_MODE as _));
                    }
                }
                Err(rustix::io::Errno::EXIST) => {}
                Err(e) => return Err(with_path(path, e)),
            }
            open().map_err(|e| with_path(path, e))
        }
        other => other.map_err(|e| with_path(path, e)),
    }
}

fn checked(fd: OwnedFd, path: PathBuf) -> io::Result<Dir> {
    let stat = rustix::fs::fstat(&fd).map_err(|e| with_path(&path, e))?;
    if FileType::from_raw_mode(stat.st_mode) != FileType::Directory {
        return Err(error(&path, "not a folder"));
    }
    if let Err(why) = folder_check(stat.st_uid, stat.st_mode) {
        return Err(error(&path, why));
    }
    Ok(Dir { fd, path })
}

fn walk(path: &Path, create: bool) -> io::Result<Dir> {
    let mut fd: Option<OwnedFd> = None;
    let mut so_far = PathBuf::new();
    for component in path.components() {
        let at = fd.as_ref().map_or(CWD, |fd| fd.as_fd());
        let next = match component {
            Component::RootDir => {
                so_far.push("/");
                rustix::fs::openat(
                    CWD,
                    "/",
                    DIR_OPEN | OFlags::DIRECTORY | OFlags::CLOEXEC,
                    Mode::empty(),
                )
                .map_err(|e| with_path(&so_far, e))?
            }
            Component::CurDir => continue,
            Component::ParentDir => {
                so_far.push("..");
                step(at, "..", false, &so_far)?
            }
            Component::Normal(name) => {
                so_far.push(name);
                let name = name
                    .to_str()
                    .ok_or_else(|| error(&so_far, ring_shared::t!("err-store-not-folder-name")))?;
                step(at, name, create, &so_far)?
            }
            Component::Prefix(_) => {
                return Err(error(path, ring_shared::t!("err-store-not-unix-path")));
            }
        };
        fd = Some(next);
    }
    let fd = match fd {
        Some(fd) => fd,
        None => rustix::fs::openat(
            CWD,
            ".",
            DIR_OPEN | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .map_err(|e| with_path(path, e))?,
    };
    checked(fd, path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};

    fn mode(path: &Path) -> u32 {
        std::fs::symlink_metadata(path).expect("metadata").mode() & 0o777
    }

    #[test]
    fn a_link_anywhere_on_the_path_is_refused() {
        let root = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(root.path().join("real")).expect("dir");
        symlink(root.path().join("real"), root.path().join("link")).expect("link");
        assert!(Dir::open(&root.path().join("real")).is_ok());
        assert!(Dir::open(&root.path().join("link")).is_err());
        assert!(Dir::create(&root.path().join("link/sub")).is_err());
        assert!(!root.path().join("real/sub").exists());
    }

    #[test]
    fn files_are_created_0600_and_links_refused() {
        let root = tempfile::tempdir().expect("tempdir");
        let dir = Dir::create(&root.path().join("d")).expect("dir");
        assert_eq!(mode(dir.path()), DIR_MODE);
        dir.open_file("f", OFlags::WRONLY | OFlags::CREATE)
            .expect("create");
        assert_eq!(mode(&dir.path().join("f")), FILE_MODE);
        let victim = root.path().join("victim");
        std::fs::write(&victim, "keep").expect("victim");
        std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        symlink(&victim, dir.path().join("l")).expect("link");
        symlink(root.path().join("gone"), dir.path().join("dangling")).expect("link");
        for name in ["l", "dangling"] {
            assert!(
                dir.open_file(name, OFlags::APPEND | OFlags::CREATE)
                    .is_err()
            );
        }
        assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep");
        assert_eq!(mode(&victim), 0o644);
        assert!(!root.path().join("gone").exists());
    }

    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let root = tempfile::tempdir().expect("tempdir");
        let dir = Dir::open(root.path()).expect("dir");
        rustix::fs::mknodat(dir.fd(), "p", FileType::Fifo, Mode::from_raw_mode(0o600), 0)
            .expect("fifo");
        assert!(dir.open_file("p", OFlags::RDWR | OFlags::CREATE).is_err());
        assert!(dir.open_file("p", OFlags::APPEND).is_err());
    }

    #[test]
    fn a_folder_others_can_write_is_refused() {
        let root = tempfile::tempdir().expect("tempdir");
        let open = root.path().join("open");
        std::fs::create_dir(&open).expect("dir");
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        let err = Dir::open(&open).expect_err("refused");
        assert!(err.to_string().contains("other users can write"), "{err}");
    }
}
