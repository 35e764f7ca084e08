//! Reading the ring folder for the board: `sessions/*.json` rows, `config.toml`,
//! `labels.json`, `deleted_sessions.json`. Bounded, lean (one `open` + usually one `read` per
//! file), and never failing: a file that cannot be used is skipped and counted.

use ring_shared::Row;
use ring_shared::config::Config;
use ring_shared::registry::{DecodeError, decode_row};
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Largest row file read; bigger ones are skipped (RiNG rows are a few KiB). The zellij
/// plugin reads with the same bound.
pub const ROW_CAP: usize = ring_shared::registry::ROW_FILE_CAP;
/// Largest side file (`config.toml`, `labels.json`, `deleted_sessions.json`) read.
pub const SIDE_FILE_CAP: usize = ring_shared::registry::SIDE_FILE_CAP;

/// Reads a file of at most `cap` bytes; `Ok(None)` when it is larger. `buf` is scratch space
/// reused across calls: it only grows and is never cleared, so reading many small files
/// zero-fills memory once, not once per file. Opened with `store::open_for_read` (never
/// blocking, regular files only) so a FIFO or a device named `x.json` cannot hang a status
/// bar or fill its memory.
pub fn read_capped<'a>(
    path: &Path,
    cap: usize,
    buf: &'a mut Vec<u8>,
) -> io::Result<Option<&'a [u8]>> {
    let (mut file, _) = crate::store::open_for_read(path, crate::store::Owner::Anyone)?;
    let len = read_all_capped(&mut file, cap, buf)?;
    Ok(len.map(|n| &buf[..n]))
}

/// First size of the scratch buffer: a row is well under 1 KiB.
const FIRST_CHUNK: usize = 8 << 10;

fn read_all_capped(file: &mut File, cap: usize, buf: &mut Vec<u8>) -> io::Result<Option<usize>> {
    let mut len = 0;
    loop {
        if len == buf.len() {
            // Full: grow (up to one byte past the cap, to tell "exactly cap" from "more").
            let grown = (buf.len() * 2).max(FIRST_CHUNK).min(cap + 1);
            if grown <= len {
                return Ok(None);
            }
            buf.resize(grown, 0);
        }
        let n = match file.read(&mut buf[len..]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let room = buf.len() - len;
        len += n;
        if len > cap {
            return Ok(None);
        }
        // A short read of a regular file is its end: small files cost a single read.
        if n < room {
            return Ok(Some(len));
        }
    }
}

/// What reading `sessions/` found.
#[derive(Debug, Default)]
pub struct RowFiles {
    /// Decoded rows, in file-name order.
    pub rows: Vec<Row>,
    /// Files skipped: unreadable, too big, or not a usable row (with why).
    pub skipped: Vec<(PathBuf, String)>,
    /// Legacy SessionStart-source phantoms (deleted when asked to purge, as RiNG does).
    pub phantoms: Vec<PathBuf>,
}

/// The names of `sessions/*.json`, sorted (temp files and other names ignored); `None` when
/// the folder cannot be listed. Names starting with a dot are rows too: RiNG's pathlib glob
/// lists them, and ids `.` / `..` are stored as `..json` / `...json` (file_name_quoting).
pub fn list_rows(sessions: &Path) -> Option<Vec<String>> {
    Some(
        list_row_entries(sessions)?
            .into_iter()
            .map(|(name, _)| name)
            .collect(),
    )
}

/// [`list_rows`] with each directory entry, whose `metadata()` is a `stat` relative to the
/// open folder (no walk of the whole path per file).
pub fn list_row_entries(sessions: &Path) -> Option<Vec<(String, fs::DirEntry)>> {
    let mut names: Vec<(String, fs::DirEntry)> = fs::read_dir(sessions)
        .ok()?
        .flatten()
        .filter_map(|e| Some((e.file_name().into_string().ok()?, e)))
        .filter(|(n, _)| n.ends_with(".json"))
        .collect();
    names.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Some(names)
}

/// What one row file holds.
#[derive(Debug, Clone, PartialEq)]
// Almost every file is a row: boxing it would cost an allocation per row.
#[allow(clippy::large_enum_variant)]
pub enum RowFile {
    /// A usable row.
    Row(Row),
    /// Not usable, with why as a code (`ring_shared::registry::skip`: the cache keeps it in
    /// no language): unreadable, too big, or not a row.
    Skipped(String),
    /// A legacy SessionStart-source phantom (RiNG deletes those).
    Phantom,
    /// Gone between listing and reading (a SessionEnd, gc): not a problem.
    Gone,
}

/// Reads and decodes one row file; `buf` is scratch space reused across files.
pub fn read_row_file(path: &Path, buf: &mut Vec<u8>) -> RowFile {
    let bytes = match read_capped(path, ROW_CAP, buf) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return RowFile::Skipped(TOO_BIG.into()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return RowFile::Gone,
        Err(e) => return RowFile::Skipped(e.to_string()),
    };
    row_file_from_bytes(bytes)
}

/// What a row file holding `bytes` is.
pub fn row_file_from_bytes(bytes: &[u8]) -> RowFile {
    match decode_row(bytes) {
        Ok(row) => RowFile::Row(row),
        Err(DecodeError::Phantom) => RowFile::Phantom,
        Err(e) => RowFile::Skipped(e.code()),
    }
}

/// Why a row file over [`ROW_CAP`] is skipped (a code: `list` says it in its language).
pub const TOO_BIG: &str = ring_shared::registry::skip::TOO_BIG;

/// Lists `sessions/*.json` by file name, reads and decodes each. With `purge_phantoms`,
/// phantom rows are deleted like RiNG does.
pub fn read_rows(sessions: &Path, purge_phantoms: bool) -> RowFiles {
    let mut found = RowFiles::default();
    let mut buf = Vec::new();
    for name in list_rows(sessions).unwrap_or_default() {
        let path = sessions.join(&name);
        match read_row_file(&path, &mut buf) {
            RowFile::Row(row) => found.rows.push(row),
            RowFile::Skipped(why) => found.skipped.push((path, why)),
            RowFile::Phantom => {
                if purge_phantoms {
                    let _ = fs::remove_file(&path);
                }
                found.phantoms.push(path);
            }
            RowFile::Gone => {}
        }
    }
    found
}

/// Reads a side file of the ring folder; `None` when missing, unreadable or too big.
pub fn read_side_file(ring_home: &Path, name: &str) -> Option<Vec<u8>> {
    let mut buf = Vec::new();
    let bytes = read_capped(&ring_home.join(name), SIDE_FILE_CAP, &mut buf).ok()??;
    Some(bytes.to_vec())
}

/// `config.toml` (defaults when missing or invalid) and its warnings.
pub fn read_config(ring_home: &Path) -> (Config, Vec<String>) {
    match read_side_file(ring_home, "config.toml") {
        Some(bytes) => Config::parse(&String::from_utf8_lossy(&bytes)),
        None => (Config::default(), Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_capped_reads_small_and_chunked_files_and_refuses_big_ones() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut buf = Vec::new();
        // Big first, then small: the scratch buffer keeps its size, the data is exact.
        for size in [
            100_000usize,
            0,
            10,
            FIRST_CHUNK,
            FIRST_CHUNK + 1,
            3 * FIRST_CHUNK,
        ] {
            let path = dir.path().join(format!("f{size}"));
            let content: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
            fs::write(&path, &content).expect("write");
            let got = read_capped(&path, 200_000, &mut buf).expect("read");
            assert_eq!(got, Some(content.as_slice()), "size {size}");
        }
        let path = dir.path().join("big");
        fs::write(&path, vec![b'x'; 300]).expect("write");
        assert_eq!(
            read_capped(&path, 299, &mut Vec::new()).expect("read"),
            None
        );
        assert_eq!(
            read_capped(&path, 300, &mut Vec::new())
                .expect("read")
                .map(<[u8]>::len),
            Some(300)
        );
    }

    #[test]
    fn read_rows_sorts_skips_and_purges_phantoms() {
        let dir = tempfile::tempdir().expect("tempdir");
        let s = dir.path();
        fs::write(s.join("b.json"), r#"{"session_id": "b"}"#).expect("write");
        fs::write(s.join("a.json"), r#"{"session_id": "a"}"#).expect("write");
        fs::write(s.join("bad.json"), "{nope").expect("write");
        fs::write(s.join("x.txt"), r#"{"session_id": "x"}"#).expect("write");
        fs::write(s.join(".ring.1.tmp"), r#"{"session_id": "t"}"#).expect("write");
        fs::write(s.join(".hidden.json"), r#"{"session_id": "h"}"#).expect("write");
        fs::write(
            s.join("p.json"),
            r#"{"session_id": "p", "provider": "startup"}"#,
        )
        .expect("write");
        let found = read_rows(s, true);
        let ids: Vec<&str> = found.rows.iter().map(|r| r.session_id.as_str()).collect();
        // `.hidden.json` is a row: RiNG's glob lists dot-names too (file_name_quoting).
        assert_eq!(ids, ["h", "a", "b"]);
        assert_eq!(found.skipped.len(), 1);
        assert_eq!(found.phantoms, [s.join("p.json")]);
        assert!(!s.join("p.json").exists());
        assert!(s.join("bad.json").exists());
    }

    #[test]
    fn read_rows_keeps_phantoms_when_not_purging() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(
            dir.path().join("p.json"),
            r#"{"session_id": "p", "provider": "resume"}"#,
        )
        .expect("write");
        let found = read_rows(dir.path(), false);
        assert_eq!(found.phantoms.len(), 1);
        assert!(dir.path().join("p.json").exists());
    }
}
