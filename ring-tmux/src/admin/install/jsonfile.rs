//! Reading and rewriting an agent's settings file safely: parse errors with their position,
//! the file's own indentation kept, a timestamped backup, an atomic write that keeps the mode
//! (and writes through a symlink instead of replacing it), and a line diff for `--dry-run`.

mod diff;
mod duplicates;

pub use diff::diff;

use ring_shared::t;
use serde::Serialize;
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A settings file as found on disk.
#[derive(Debug)]
pub struct Loaded {
    /// The exact text, `None` when the file does not exist.
    pub text: Option<String>,
    /// The parsed document (`{}` for a missing or blank file).
    pub doc: Value,
}

/// Why a settings file cannot be used.
#[derive(Debug)]
pub enum LoadError {
    /// Reading failed (permissions, a directory, …).
    Io(std::io::Error),
    /// Not JSON: the parser's message and position (1-based).
    Json {
        message: String,
        line: usize,
        column: usize,
    },
    /// An object has the same key twice: JSON readers keep only one of them, so a rewrite
    /// would silently drop the other.
    Duplicate {
        key: String,
        line: usize,
        column: usize,
    },
    /// Not a regular file (a FIFO, a device, a folder): never read, never replaced.
    NotRegular,
    /// A symlink to nothing: writing would replace the link (a dotfile manager's) with a file.
    Dangling(PathBuf),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Io(err) => f.write_str(&t!("install-unreadable", error = err.to_string())),
            LoadError::Json {
                message,
                line,
                column,
            } => f.write_str(&t!(
                "install-not-json",
                line = line.to_string(),
                column = column.to_string(),
                message = message.as_str()
            )),
            LoadError::Duplicate { key, line, column } => f.write_str(&t!(
                "install-duplicate",
                key = format!("{key:?}"),
                line = line.to_string(),
                column = column.to_string()
            )),
            LoadError::NotRegular => f.write_str(&t!("install-not-regular")),
            LoadError::Dangling(target) => f.write_str(&t!(
                "install-dangling",
                target = target.display().to_string()
            )),
        }
    }
}

/// Reads `path` (through a symlink: settings files are often a dotfile manager's links)
/// without blocking: `O_NONBLOCK`, then `fstat` says whether it is a regular file at all.
fn read_regular(path: &Path) -> std::io::Result<Result<Vec<u8>, LoadError>> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let file = match std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
    {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            if let Ok(target) = std::fs::read_link(path) {
                return Ok(Err(LoadError::Dangling(target)));
            }
            return Err(err);
        }
        Err(err) => return Err(err),
    };
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Ok(Err(LoadError::NotRegular));
    }
    // Settings files are small; a larger one is not one ring should rewrite.
    let mut bytes = Vec::new();
    file.take(SETTINGS_CAP + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > SETTINGS_CAP {
        return Err(std::io::Error::other(t!("install-too-large")));
    }
    Ok(Ok(bytes))
}

/// Largest settings file read.
const SETTINGS_CAP: u64 = 16 << 20;

/// Reads `path` as UTF-8 text with the same care as [`load`] (through a symlink, never a FIFO
/// or device, at most 16 MiB): `None` when it does not exist, else why it cannot be used.
pub fn read_text(path: &Path) -> Result<Option<String>, String> {
    match read_regular(path) {
        Ok(Ok(bytes)) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| t!("install-not-utf8")),
        Ok(Err(refused)) => Err(refused.to_string()),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(err) => Err(t!("install-unreadable", error = err.to_string())),
    }
}

/// Reads and parses `path`. A missing or blank file is `{}`. A FIFO or device, a dangling
/// symlink and a document with a duplicate key are errors (see [`LoadError`]).
pub fn load(path: &Path) -> Result<Loaded, LoadError> {
    let read = match read_regular(path) {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(refused)) => return Err(refused),
        Err(err) => Err(err),
    };
    let text = match read {
        Ok(bytes) => String::from_utf8(bytes).map_err(|e| LoadError::Json {
            message: "not UTF-8 text".into(),
            line: 1 + e.as_bytes()[..e.utf8_error().valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count(),
            column: 1,
        })?,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Loaded {
                text: None,
                doc: Value::Object(serde_json::Map::new()),
            });
        }
        Err(err) => return Err(LoadError::Io(err)),
    };
    if text.trim().is_empty() {
        return Ok(Loaded {
            text: Some(text),
            doc: Value::Object(serde_json::Map::new()),
        });
    }
    match serde_json::from_str::<Value>(&text) {
        Ok(doc) => {
            duplicates::check(&text)?;
            Ok(Loaded {
                text: Some(text),
                doc,
            })
        }
        Err(err) => {
            let message = err.to_string();
            // serde_json appends " at line L column C"; the position is printed separately.
            let message = message
                .split(" at line ")
                .next()
                .unwrap_or(&message)
                .to_owned();
            Err(LoadError::Json {
                message,
                line: err.line(),
                column: err.column(),
            })
        }
    }
}

/// The indentation unit the file already uses (its first indented line), else two spaces.
pub fn detect_indent(text: Option<&str>) -> String {
    text.into_iter()
        .flat_map(str::lines)
        .skip(1)
        .map(|line| {
            line.chars()
                .take_while(|c| *c == ' ' || *c == '\t')
                .collect::<String>()
        })
        .find(|indent| !indent.is_empty())
        .unwrap_or_else(|| "  ".to_owned())
}

/// Serializes `doc` pretty-printed with `indent`, non-ASCII kept literal, with a final newline.
pub fn render(doc: &Value, indent: &str) -> String {
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(indent.as_bytes());
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    doc.serialize(&mut ser)
        .expect("a serde_json::Value always serializes");
    let mut text = String::from_utf8(out).expect("serde_json writes UTF-8");
    text.push('\n');
    text
}

/// The file to write: the symlink's target when `path` is a symlink (dotfile managers link
/// settings files; replacing the link with a file would silently fork the user's config).
pub fn real_path(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// UTC `YYYYmmddTHHMMSS` for Unix seconds `secs` (outside chrono's range: the epoch).
pub fn timestamp(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .format("%Y%m%dT%H%M%S")
        .to_string()
}

/// How many of ring's backups of one settings file are kept.
pub const BACKUPS_KEPT: usize = 5;

/// The mode a rewrite of `file` gets: its own, or 0600 for a new file.
fn mode_for(file: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(file).map_or(0o600, |m| m.permissions().mode() & 0o777)
}

/// Creates a new file next to `file` (`O_EXCL | O_NOFOLLOW`, never through a planted link)
/// with `mode` from the start (then `fchmod`, whatever the umask), named by `name_for(n)`
/// for the first free `n`.
fn create_new(
    dir: &Path,
    mode: u32,
    name_for: impl Fn(usize) -> String,
) -> std::io::Result<(PathBuf, std::fs::File)> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    for n in 0..1000 {
        let path = dir.join(name_for(n));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&path)
        {
            Ok(file) => {
                file.set_permissions(std::fs::Permissions::from_mode(mode))?;
                return Ok((path, file));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(t!("install-no-free-name")))
}

/// Copies `text` (the file's contents as loaded) to `file.ring-backup-STAMP` (with `-N`
/// added if that name is taken), with the file's own mode, and keeps only the newest
/// [`BACKUPS_KEPT`] of ring's backups of it. Returns the backup's path.
pub fn backup(file: &Path, text: &str, stamp: &str) -> std::io::Result<PathBuf> {
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = file.parent().unwrap_or(Path::new("."));
    // After the newest backup of this second, so (STAMP, N) stays in the order they were made
    // even once older ones are pruned.
    let first = backups_of(dir, &name)
        .iter()
        .filter(|((s, _), _)| s == stamp)
        .map(|((_, n), _)| n + 1)
        .max()
        .unwrap_or(0);
    let (path, mut out) = create_new(dir, mode_for(file), |i| match first + i as u64 {
        0 => format!("{name}.ring-backup-{stamp}"),
        n => format!("{name}.ring-backup-{stamp}-{n}"),
    })?;
    out.write_all(text.as_bytes())?;
    let ours = backups_of(dir, &name);
    let excess = ours.len().saturating_sub(BACKUPS_KEPT);
    for (_, path) in ours.into_iter().take(excess) {
        let _ = std::fs::remove_file(path);
    }
    Ok(path)
}

/// ring's backups of `name` in `dir`, oldest first: regular files named
/// `name.ring-backup-STAMP[-N]` only, ordered by (STAMP, N).
fn backups_of(dir: &Path, name: &str) -> Vec<((String, u64), PathBuf)> {
    let prefix = format!("{name}.ring-backup-");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut ours: Vec<((String, u64), PathBuf)> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let file_name = e.file_name().to_str()?.to_owned();
            let rest = file_name.strip_prefix(&prefix)?;
            let (stamp, n) = match rest.split_once('-') {
                Some((stamp, n)) => (stamp, n.parse().ok()?),
                None => (rest, 0),
            };
            let ok = stamp.len() == 15 && stamp.as_bytes()[8] == b'T';
            ok.then(|| ((stamp.to_owned(), n), e.path()))
        })
        .collect();
    ours.sort();
    ours
}

/// Writes `bytes` to `file` atomically: a new temp file in the same folder (`O_EXCL |
/// O_NOFOLLOW`) created with the final mode (the old file's, else 0600: never a readable
/// copy of a private file, not even for a moment), then a rename. Creates the folder (0700)
/// when missing.
pub fn write_atomic(file: &Path, bytes: impl AsRef<[u8]>) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    let dir = file.parent().unwrap_or(Path::new("."));
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)?;
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let pid = std::process::id();
    let (tmp, mut out) = create_new(dir, mode_for(file), |n| {
        format!(".{name}.ring-tmp-{pid}-{n}")
    })?;
    let result = out
        .write_all(bytes.as_ref())
        .and_then(|()| out.sync_all())
        .and_then(|()| std::fs::rename(&tmp, file));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Whether `file` (followed, as it is written) has no write bit for its owner: the user made
/// it read-only, and ring does not override that.
pub fn read_only(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(file).is_ok_and(|m| m.permissions().mode() & 0o200 == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamp_is_utc_calendar_time() {
        assert_eq!(timestamp(0), "19700101T000000");
        assert_eq!(timestamp(1_700_000_000), "20231114T221320");
        assert_eq!(timestamp(951_782_400), "20000229T000000");
    }

    #[test]
    fn indent_follows_the_file() {
        assert_eq!(detect_indent(Some("{\n    \"a\": 1\n}\n")), "    ");
        assert_eq!(detect_indent(Some("{\n\t\"a\": 1\n}\n")), "\t");
        assert_eq!(detect_indent(Some("{\"a\": 1}")), "  ");
        assert_eq!(detect_indent(None), "  ");
    }

    #[test]
    fn invalid_json_reports_line_and_column() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("s.json");
        std::fs::write(&path, "{\n  \"a\": 1,\n  oops\n}\n").expect("write");
        match load(&path) {
            Err(LoadError::Json { line, column, .. }) => assert_eq!((line, column), (3, 3)),
            other => panic!("expected a JSON error, got {other:?}"),
        }
    }
}
