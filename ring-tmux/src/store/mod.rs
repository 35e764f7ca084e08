//! The registry on disk: folders and files with private modes, atomic writes, bounded reads,
//! per-session locks, `events.jsonl` and the payload log, hidden sessions, the error log.
//!
//! Everything here is plain I/O with bounds: reads are capped, locks wait at most
//! [`lock::LOCK_TIMEOUT`], nothing prints. Folders are created 0700 and files 0600 whatever
//! the umask (rows hold commands and questions).

pub mod codec;
pub mod ended;
pub mod frame;
pub mod hidden;
pub mod jsonl;
pub mod labels;
pub mod lock;
pub mod safe;

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Largest registry row the hook reads back (rows are a few KiB).
pub const ROW_READ_CAP: u64 = 4 << 20;
/// The error log is rotated to `ring.log.1` past this size.
pub const LOG_CAP: u64 = 256 << 10;
/// Longest message written to the error log, in characters.
pub const LOG_LINE_CHARS: usize = 2000;
/// Folder of per-session lock files inside `sessions/`.
pub const LOCKS_DIR: &str = ".locks";

/// Creates `dir` (and missing parents) with mode 0700; an existing folder is left as it is.
/// No component may be a symlink, and the folder must be ours and private to us
/// ([`safe::Dir::create`]). Missing parents are created one at a time, so a parent that
/// "exists" as a dangling symlink (a `~/.config` linked to an unmounted dotfiles folder) or a
/// file system that refuses with `NotFound` (`/proc`) is an error, never a loop.
pub fn ensure_dir(dir: &Path) -> io::Result<()> {
    safe::Dir::create(dir).map(drop)
}

/// Whose file a read opens: ring's own (its caches, stamps, tombstones: a symlink in its
/// place is refused, never followed out of the ring folder) or anyone's (rows RiNG also
/// writes, transcripts, rollouts, configs, `/proc`: followed, as RiNG follows them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Ring,
    Anyone,
}

/// The one way ring opens a file to read it: `O_NONBLOCK` (a FIFO cannot hang the caller),
/// `O_NOCTTY`, `O_NOFOLLOW` for ring's own files; then `fstat` must say it is a regular file
/// (a FIFO, a device such as `/dev/zero`, a folder are errors: a payload or a database can
/// name any path). Gives the file and its size. Readers then bound what they read: see
/// [`read_bounded`], [`read_tail`], `read::files::read_capped`.
pub fn open_for_read(path: &Path, owner: Owner) -> io::Result<(File, u64)> {
    let nofollow = match owner {
        Owner::Ring => libc::O_NOFOLLOW,
        Owner::Anyone => 0,
    };
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | nofollow)
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::other(ring_shared::t!("err-store-not-regular")));
    }
    Ok((file, meta.len()))
}

/// [`open_for_read`]; `None` if the file is missing.
fn open_regular(path: &Path, owner: Owner) -> io::Result<Option<(File, u64)>> {
    match open_for_read(path, owner) {
        Ok(found) => Ok(Some(found)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Reads a whole regular file of at most `cap` bytes; `Ok(None)` when it is missing.
/// A larger file is an error (not read at all).
pub fn read_bounded(path: &Path, cap: u64) -> io::Result<Option<Vec<u8>>> {
    read_regular(path, cap, Owner::Anyone)
}

/// [`read_bounded`] for a file ring owns (its caches, rows, tombstones, stamps): a symlink
/// in its place is refused (`O_NOFOLLOW`) rather than followed out of the ring folder.
pub fn read_owned(path: &Path, cap: u64) -> io::Result<Option<Vec<u8>>> {
    read_regular(path, cap, Owner::Ring)
}

fn read_regular(path: &Path, cap: u64, owner: Owner) -> io::Result<Option<Vec<u8>>> {
    read_opened(open_regular(path, owner)?, cap)
}

/// [`read_bounded`] (`Owner::Anyone`) or [`read_owned`] (`Owner::Ring`) of the file `name`
/// in the open folder `dir`: the same checks, without resolving the folder's path again.
pub(crate) fn read_in(
    dir: &safe::Dir,
    name: &str,
    cap: u64,
    owner: Owner,
) -> io::Result<Option<Vec<u8>>> {
    use rustix::fs::OFlags;
    let mut flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
    if owner == Owner::Ring {
        flags |= OFlags::NOFOLLOW;
    }
    let file = match rustix::fs::openat(dir.fd(), name, flags, rustix::fs::Mode::empty()) {
        Ok(fd) => File::from(fd),
        Err(rustix::io::Errno::NOENT) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::other(ring_shared::t!("err-store-not-regular")));
    }
    let len = meta.len();
    read_opened(Some((file, len)), cap)
}

fn read_opened(found: Option<(File, u64)>, cap: u64) -> io::Result<Option<Vec<u8>>> {
    let Some((file, len)) = found else {
        return Ok(None);
    };
    if len > cap {
        return Err(io::Error::other(ring_shared::t!("err-store-too-large")));
    }
    let buf = read_sized(file.take(cap + 1), len)?;
    if buf.len() as u64 > cap {
        return Err(io::Error::other(ring_shared::t!("err-store-grew")));
    }
    Ok(Some(buf))
}

/// What a `/proc` file (whose `fstat` size is 0) is read into first: a process's `stat` and
/// most command lines fit.
const PROC_FILE_GUESS: u64 = 4 << 10;

/// Reads `reader` to its end in as few `read` calls as the kernel allows: a file `fstat`
/// says has `len` bytes in one call, then one more that finds the end (`read_to_end` reads
/// in chunks from 8 KiB, or from 32 bytes up when the size is 0, as it is for every `/proc`
/// file: six calls for one `/proc/<pid>/stat`). A file that grew is read on to its end.
fn read_sized(mut reader: impl Read, len: u64) -> io::Result<Vec<u8>> {
    let guess = if len == 0 { PROC_FILE_GUESS } else { len };
    // One byte over: a read that fills only `guess` bytes is then followed by one at the end.
    let mut buf = vec![0; usize::try_from(guess).unwrap_or(usize::MAX) + 1];
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    buf.truncate(filled);
    if filled as u64 > guess {
        reader.read_to_end(&mut buf)?;
    }
    Ok(buf)
}

/// A whole regular file of at most `cap` bytes as UTF-8 text; `None` when missing,
/// unusable, larger, or not UTF-8.
pub fn read_text(path: &Path, cap: u64, owner: Owner) -> Option<String> {
    String::from_utf8(read_regular(path, cap, owner).ok()??).ok()
}

/// Largest side file ring reads whole when it has no tighter bound of its own (settings,
/// permission lists, injected test seams, a plugin binary).
pub const SIDE_CAP: u64 = 64 << 20;

/// Reads the last `tail` bytes of a regular file: `(bytes, cut)` where `cut` says the file
/// was larger than `tail` (the caller then drops the partial first line, §3.7).
/// `None` when the file is missing, not a regular file, or unreadable.
pub fn read_tail(path: &Path, tail: u64) -> Option<(Vec<u8>, bool)> {
    let (mut file, len) = open_regular(path, Owner::Anyone).ok()??;
    let cut = len > tail;
    if cut {
        file.seek(SeekFrom::Start(len - tail)).ok()?;
    }
    let mut buf = Vec::with_capacity(len.min(tail) as usize);
    file.take(tail).read_to_end(&mut buf).ok()?;
    Some((buf, cut))
}

/// A name for a temp file in the same folder, unique to this writer; never ends in `.json`
/// so no reader takes it for a row.
pub fn temp_name(stem: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static SEQ: AtomicU32 = AtomicU32::new(0);
    // A random word per process (std seeds `RandomState` from the OS), so a temp file a dead
    // process with the same pid left behind is not this one's; `O_EXCL` catches the rest.
    static WORD: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    let word = *WORD.get_or_init(|| {
        use std::hash::{BuildHasher, Hasher};
        std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish() as u32
    });
    let seq = SEQ.fetch_add(1, Ordering::Relaxed);
    format!(".{stem}.{}.{word:x}{seq}.tmp", std::process::id())
}

/// Whether this process keeps the read path's caches (`RING_HOME/cache/`: the process memo,
/// the zero-config scan cache and its listing stamp, the tmux evidence) and the rows
/// published for zellij. Who writes them: the commands status bars run every few seconds,
/// `status` (tmux) and `oneline` (RiNG's line, and the zellij plugin's `oneline --all`, whose
/// job is publishing), and no other. The readable commands (`json`, `list`) call
/// [`read_only`] and use the caches as they find them; the hook never writes them.
static KEEPS_CACHES: AtomicBool = AtomicBool::new(true);

/// Makes every later cache write of this process a no-op (see [`keeps_caches`]).
pub fn read_only() {
    KEEPS_CACHES.store(false, Ordering::Relaxed);
}

/// Whether this process writes the read path's caches ([`read_only`] not called).
pub fn keeps_caches() -> bool {
    KEEPS_CACHES.load(Ordering::Relaxed)
}

/// Writes `bytes` to `dir/name` atomically: a fresh temp file (mode 0600) in `dir`, then
/// [`safe::Dir::replace`]. No fsync: a status row is not worth a disk flush per tool call.
/// `dir` is opened with [`safe::Dir::open`]: never through a link.
pub fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> io::Result<()> {
    safe::Dir::open(dir)?.write_atomic(name, bytes)
}

/// Opens a file for appending (and reading), creating it with mode 0600: the shared logs. Never through a symlink, never blocking on a FIFO, never anything but a
/// regular file (`safe::open_file`).
pub(crate) fn open_append(path: &Path) -> io::Result<File> {
    open_append_with(path, true)
}

/// [`open_append`], creating the file only when `create` says so.
pub(crate) fn open_append_with(path: &Path, create: bool) -> io::Result<File> {
    use rustix::fs::OFlags;
    let mut flags = OFlags::RDWR | OFlags::APPEND;
    if create {
        flags |= OFlags::CREATE;
    }
    safe::open_file(path, flags)
}

/// Removes a file; a missing file is fine.
pub fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// The bounded error log `ring.log` in the ring folder: one line per failure, rotated to
/// `ring.log.1` past [`LOG_CAP`]. Never fails, never prints.
#[derive(Debug, Clone)]
pub struct ErrorLog {
    path: PathBuf,
}

impl ErrorLog {
    /// The log of the ring folder `ring_home`.
    pub fn new(ring_home: &Path) -> ErrorLog {
        ErrorLog {
            path: ring_home.join("ring.log"),
        }
    }

    /// Appends `ts source: message` (control characters replaced so a line stays a line,
    /// cut at [`LOG_LINE_CHARS`]).
    pub fn write(&self, now: f64, source: &str, message: &str) {
        // Bounded: a panic message can quote a whole payload.
        let clean: String = message
            .chars()
            .take(LOG_LINE_CHARS)
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let line = format!("{now:.3} {source}: {clean}\n");
        let _ = self.append(line.as_bytes());
    }

    fn append(&self, line: &[u8]) -> io::Result<()> {
        use rustix::fs::OFlags;
        let (dir, name) = safe::split(&self.path)?;
        let dir = safe::Dir::create(dir)?;
        if dir.lstat(name).is_some_and(|s| s.st_size as u64 > LOG_CAP) {
            let _ = dir.rename(name, &format!("{name}.1"));
        }
        let mut file = dir.open_file(name, OFlags::WRONLY | OFlags::APPEND | OFlags::CREATE)?;
        file.write_all(line)
    }
}

/// Moves the file `name` in `ring_home` out of the way as `<name>.corrupt-<now>` (`-1`,
/// `-2`… when taken), 0600, and gives the new name: a file that does not parse is kept for a
/// person to recover, never silently replaced (RiNG's `quarantine_file`). Call with the
/// file's lock held.
pub fn set_aside(ring_home: &Path, name: &str, now: f64) -> io::Result<String> {
    let dir = safe::Dir::open(ring_home)?;
    let stem = format!("{name}.corrupt-{}", now.max(0.0) as u64);
    let aside = (0..100)
        .map(|n| match n {
            0 => stem.clone(),
            n => format!("{stem}-{n}"),
        })
        .find(|candidate| dir.lstat(candidate).is_none())
        .ok_or_else(|| {
            io::Error::other(ring_shared::t!("err-store-too-many-copies", name = name))
        })?;
    dir.rename(name, &aside)?;
    // Opening through the folder makes it 0600 (RiNG may have written it 0644).
    let _ = dir.open_file(&aside, rustix::fs::OFlags::RDONLY);
    Ok(aside)
}

#[cfg(test)]
mod tests {
    use super::*;
    use safe::{DIR_MODE, FILE_MODE};
    use std::os::unix::fs::MetadataExt;

    fn mode(path: &Path) -> u32 {
        fs::metadata(path).expect("metadata").mode() & 0o777
    }

    /// A reader that counts its `read` calls.
    struct Counted<'a>(&'a [u8], usize);

    impl Read for Counted<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.1 += 1;
            self.0.read(buf)
        }
    }

    #[rstest::rstest]
    #[case::proc_file_size_zero(300, 0)]
    #[case::regular_file(45_000, 45_000)]
    fn a_whole_file_takes_one_read_and_one_at_the_end(#[case] size: usize, #[case] len: u64) {
        let data: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
        let mut reader = Counted(&data, 0);
        assert_eq!(read_sized(&mut reader, len).expect("read"), data);
        assert_eq!(reader.1, 2, "read calls");
    }

    #[rstest::rstest]
    #[case::grew(10, 4)]
    #[case::larger_proc_file(10_000, 0)]
    #[case::shrank(3, 10)]
    fn a_file_other_than_its_size_is_read_whole(#[case] size: usize, #[case] len: u64) {
        let data: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
        assert_eq!(read_sized(&data[..], len).expect("read"), data);
    }

    #[test]
    fn ensure_dir_creates_private_parents() {
        let root = tempfile::tempdir().expect("tempdir");
        let dir = root.path().join("a").join("b");
        ensure_dir(&dir).expect("create");
        assert_eq!(mode(&dir), DIR_MODE);
        assert_eq!(mode(&root.path().join("a")), DIR_MODE);
        ensure_dir(&dir).expect("existing is fine");
    }

    #[rstest::rstest]
    #[case::under_a_dangling_symlink("dangling/ring/sessions")]
    #[case::in_a_folder_that_refuses_mkdir("/proc/ring/sessions")]
    fn ensure_dir_fails_without_looping_when_mkdir_says_not_found(#[case] dir: &str) {
        let root = tempfile::tempdir().expect("tempdir");
        std::os::unix::fs::symlink(root.path().join("gone"), root.path().join("dangling"))
            .expect("link");
        assert!(ensure_dir(&root.path().join(dir)).is_err());
    }

    #[test]
    fn write_atomic_replaces_and_leaves_no_temp() {
        let root = tempfile::tempdir().expect("tempdir");
        write_atomic(root.path(), "x.json", b"{}").expect("write");
        write_atomic(root.path(), "x.json", b"{\"a\": 1}").expect("rewrite");
        let names: Vec<_> = fs::read_dir(root.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["x.json"]);
        assert_eq!(
            fs::read(root.path().join("x.json")).expect("read"),
            b"{\"a\": 1}"
        );
        assert_eq!(mode(&root.path().join("x.json")), FILE_MODE);
    }

    #[test]
    fn write_atomic_never_swaps_a_directory_away() {
        let root = tempfile::tempdir().expect("tempdir");
        fs::create_dir(root.path().join("d.json")).expect("dir");
        assert!(write_atomic(root.path(), "d.json", b"{}").is_err());
        assert!(root.path().join("d.json").is_dir());
        assert_eq!(
            fs::read_dir(root.path()).expect("list").count(),
            1,
            "no temp left"
        );
    }

    #[test]
    fn write_atomic_replaces_a_symlink_not_its_target() {
        let root = tempfile::tempdir().expect("tempdir");
        fs::write(root.path().join("real"), b"keep").expect("real");
        std::os::unix::fs::symlink(root.path().join("real"), root.path().join("l.json"))
            .expect("link");
        write_atomic(root.path(), "l.json", b"{}").expect("write");
        assert_eq!(fs::read(root.path().join("real")).expect("real"), b"keep");
        assert_eq!(fs::read(root.path().join("l.json")).expect("row"), b"{}");
    }

    #[test]
    fn temp_names_never_look_like_rows() {
        let a = temp_name("ring");
        assert!(a.starts_with('.') && a.ends_with(".tmp"));
        assert_ne!(a, temp_name("ring"));
    }

    #[test]
    fn read_tail_cuts_only_large_files() {
        let root = tempfile::tempdir().expect("tempdir");
        let p = root.path().join("t");
        fs::write(&p, b"0123456789").expect("write");
        assert_eq!(read_tail(&p, 10), Some((b"0123456789".to_vec(), false)));
        assert_eq!(read_tail(&p, 4), Some((b"6789".to_vec(), true)));
        assert_eq!(read_tail(&root.path().join("missing"), 4), None);
        assert_eq!(read_tail(root.path(), 4), None);
    }

    #[test]
    fn read_bounded_refuses_large_and_special_files() {
        let root = tempfile::tempdir().expect("tempdir");
        let p = root.path().join("r");
        fs::write(&p, b"abc").expect("write");
        assert_eq!(read_bounded(&p, 3).expect("read"), Some(b"abc".to_vec()));
        assert!(read_bounded(&p, 2).is_err());
        assert_eq!(
            read_bounded(&root.path().join("none"), 2).expect("missing"),
            None
        );
        assert!(read_bounded(Path::new("/dev/zero"), 2).is_err());
    }

    #[test]
    fn error_log_rotates_past_its_cap() {
        let root = tempfile::tempdir().expect("tempdir");
        let log = ErrorLog::new(root.path());
        let big = "x".repeat(1024);
        for _ in 0..300 {
            log.write(1.0, "test", &big);
        }
        let size = fs::metadata(root.path().join("ring.log"))
            .expect("log")
            .len();
        assert!(size <= LOG_CAP + 2048, "log is {size} bytes");
        assert!(root.path().join("ring.log.1").exists());
        log.write(1.0, "test", "two\nlines\x1b[31m");
        let text = fs::read_to_string(root.path().join("ring.log")).expect("read");
        assert!(text.ends_with("1.000 test: two lines [31m\n"));
    }
}
