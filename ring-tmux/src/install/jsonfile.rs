//! Reading and rewriting an agent's settings file safely: parse errors with their position,
//! the file's own indentation kept, a timestamped backup, an atomic write that keeps the mode
//! (and writes through a symlink instead of replacing it), and a line diff for `--dry-run`.

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
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Io(err) => write!(f, "cannot be read: {err}"),
            LoadError::Json {
                message,
                line,
                column,
            } => write!(
                f,
                "is not valid JSON (line {line}, column {column}: {message})"
            ),
        }
    }
}

/// Reads and parses `path`. A missing or blank file is `{}`.
pub fn load(path: &Path) -> Result<Loaded, LoadError> {
    let text = match crate::store::read_bounded(path, crate::store::SIDE_CAP) {
        Ok(Some(bytes)) => String::from_utf8(bytes).map_err(|e| LoadError::Json {
            message: "not UTF-8 text".into(),
            line: 1 + e.as_bytes()[..e.utf8_error().valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count(),
            column: 1,
        })?,
        Ok(None) => {
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
        Ok(doc) => Ok(Loaded {
            text: Some(text),
            doc,
        }),
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

/// Copies `file` to `file.ring-backup-STAMP` (with `-N` added if that name is taken) and
/// returns the backup's path.
pub fn backup(file: &Path, stamp: &str) -> std::io::Result<PathBuf> {
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut candidate = dir.join(format!("{name}.ring-backup-{stamp}"));
    let mut n = 1;
    while candidate.exists() {
        candidate = dir.join(format!("{name}.ring-backup-{stamp}-{n}"));
        n += 1;
    }
    std::fs::copy(file, &candidate)?;
    Ok(candidate)
}

/// Writes `text` to `file` atomically: a temp file in the same folder, the old file's mode,
/// then a rename. Creates the folder when missing.
pub fn write_atomic(file: &Path, text: &str) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let dir = file.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.ring-tmp-{}", std::process::id()));
    let result = (|| {
        let mut out = std::fs::File::create(&tmp)?;
        out.write_all(text.as_bytes())?;
        out.sync_all()?;
        if let Ok(meta) = std::fs::metadata(file) {
            std::fs::set_permissions(
                &tmp,
                std::fs::Permissions::from_mode(meta.permissions().mode()),
            )?;
        }
        std::fs::rename(&tmp, file)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// A unified-style line diff of `old` → `new` with `context` lines around each change.
pub fn diff(old: &str, new: &str, context: usize) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    // Longest common subsequence table; settings files are small.
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut ops: Vec<(char, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            ops.push((' ', a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(('-', a[i]));
            i += 1;
        } else {
            ops.push(('+', b[j]));
            j += 1;
        }
    }
    let keep: Vec<bool> = (0..ops.len())
        .map(|k| {
            let lo = k.saturating_sub(context);
            let hi = (k + context + 1).min(ops.len());
            ops[lo..hi].iter().any(|(op, _)| *op != ' ')
        })
        .collect();
    let mut out = String::new();
    let mut skipped = false;
    for (k, (op, line)) in ops.iter().enumerate() {
        if keep[k] {
            if skipped {
                out.push_str("@@ … @@\n");
                skipped = false;
            }
            out.push(*op);
            out.push_str(line);
            out.push('\n');
        } else {
            skipped = true;
        }
    }
    out
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
    fn diff_marks_only_changed_lines() {
        let d = diff("a\nb\nc\nd\ne\nf\ng\n", "a\nb\nc\nX\ne\nf\ng\n", 1);
        assert_eq!(d, "@@ … @@\n c\n-d\n+X\n e\n");
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
