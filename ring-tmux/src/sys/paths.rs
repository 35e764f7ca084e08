//! Paths for the read-side rules: Python's `os.path.realpath` with memoized prefixes (rows
//! share project folders, so a board of 1,000 rows costs a handful of `lstat`s), and
//! transcript mtimes.

use ring_shared::fasthash::Map;
use std::cell::RefCell;
use std::path::{Component, Path, PathBuf};
use std::time::UNIX_EPOCH;

/// Memoized realpaths: whole answers per input, and resolved prefixes shared by all inputs.
#[derive(Default)]
pub struct RealPaths {
    answers: RefCell<Map<String, String>>,
    /// Lexically absolute prefix → resolved path; `None` when it does not exist.
    prefixes: RefCell<Map<PathBuf, Option<PathBuf>>>,
}

impl RealPaths {
    /// Memoized realpaths that already know `canonical` paths as their own realpaths, and
    /// every prefix of them as a real folder: the cwds the kernel gave for live processes
    /// (`/proc/<pid>/cwd` is resolved), so rows in those folders cost no `lstat`. Paths that
    /// do not look canonical (relative, with `.`, `..`, `//`, or the kernel's " (deleted)")
    /// are left to be resolved.
    pub fn seeded<'a>(canonical: impl IntoIterator<Item = &'a str>) -> RealPaths {
        let paths = RealPaths::default();
        for dir in canonical {
            let plain = dir.starts_with('/')
                && !dir.ends_with(" (deleted)")
                && dir[1..]
                    .split('/')
                    .all(|part| !matches!(part, "" | "." | ".."));
            if !plain {
                continue;
            }
            let mut prefixes = paths.prefixes.borrow_mut();
            for ancestor in Path::new(dir).ancestors() {
                if ancestor.parent().is_none() {
                    break;
                }
                prefixes.insert(ancestor.to_owned(), Some(ancestor.to_owned()));
            }
            paths
                .answers
                .borrow_mut()
                .insert(dir.to_owned(), dir.to_owned());
        }
        paths
    }

    /// `os.path.realpath(dir)`: symlinks resolved as far as the path exists, `.` and `..`
    /// applied, the missing rest kept as written; an empty path stays empty.
    pub fn get(&self, dir: &str) -> String {
        if dir.is_empty() {
            return String::new();
        }
        if let Some(known) = self.answers.borrow().get(dir) {
            return known.clone();
        }
        let real = self.resolve(dir).to_string_lossy().into_owned();
        self.answers
            .borrow_mut()
            .insert(dir.to_owned(), real.clone());
        real
    }

    fn resolve(&self, dir: &str) -> PathBuf {
        let mut path = if Path::new(dir).is_relative() {
            std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"))
        } else {
            PathBuf::from("/")
        };
        // Past the first missing component nothing further exists: no more syscalls.
        let mut exists = true;
        for part in Path::new(dir).components() {
            match part {
                Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
                Component::ParentDir => {
                    path.pop();
                }
                Component::Normal(name) => {
                    let next = path.join(name);
                    path = if exists {
                        match self.prefix(&next) {
                            Some(real) => real,
                            None => {
                                exists = false;
                                next
                            }
                        }
                    } else {
                        next
                    };
                }
            }
        }
        path
    }

    /// The resolved form of `next`, whose parent is already resolved.
    fn prefix(&self, next: &Path) -> Option<PathBuf> {
        if let Some(known) = self.prefixes.borrow().get(next) {
            return known.clone();
        }
        let real = match std::fs::symlink_metadata(next) {
            Err(_) => None,
            Ok(meta) if meta.file_type().is_symlink() => {
                // Rare: let the C library follow the chain (a loop or a dangling link keeps
                // the path as written, as Python does).
                Some(std::fs::canonicalize(next).unwrap_or_else(|_| next.to_owned()))
            }
            Ok(_) => Some(next.to_owned()),
        };
        self.prefixes
            .borrow_mut()
            .insert(next.to_owned(), real.clone());
        real
    }
}

/// Modification time of a transcript path (following symlinks, like `os.path.getmtime`).
pub fn mtime(path: &str) -> Option<f64> {
    let modified = std::fs::metadata(path).ok()?.modified().ok()?;
    Some(match modified.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs_f64(),
        Err(e) => -e.duration().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::empty("", "")]
    #[case::missing_absolute("/nonexistent-ring/a/b", "/nonexistent-ring/a/b")]
    #[case::trailing_slash("/nonexistent-ring/a/", "/nonexistent-ring/a")]
    #[case::dot_dot_lexical("/nonexistent-ring/a/../b", "/nonexistent-ring/b")]
    #[case::dot("/nonexistent-ring/./a", "/nonexistent-ring/a")]
    #[case::root("/", "/")]
    #[case::above_root("/../x", "/x")]
    fn realpath_normalizes_missing_paths_like_python(#[case] dir: &str, #[case] want: &str) {
        assert_eq!(RealPaths::default().get(dir), want);
    }

    #[test]
    fn realpath_resolves_symlinks_in_an_existing_prefix() {
        let dir = tempfile::tempdir().expect("tempdir");
        let real = std::fs::canonicalize(dir.path()).expect("canonical");
        std::fs::create_dir(real.join("target")).expect("dir");
        std::os::unix::fs::symlink(real.join("target"), real.join("link")).expect("link");
        let paths = RealPaths::default();
        let through_link = format!("{}/link/missing", real.display());
        assert_eq!(
            paths.get(&through_link),
            format!("{}/target/missing", real.display())
        );
        // `..` applies to the resolved path, as in Python.
        let up = format!("{}/link/..", real.display());
        assert_eq!(paths.get(&up), real.display().to_string());
    }

    #[test]
    fn realpath_of_a_relative_path_starts_at_the_current_directory() {
        let cwd = std::fs::canonicalize(".").expect("cwd");
        let want = cwd.join("no-such-dir-ring").display().to_string();
        assert_eq!(RealPaths::default().get("no-such-dir-ring"), want);
    }

    #[test]
    fn seeded_folders_answer_without_looking_and_the_rest_is_resolved() {
        let dir = tempfile::tempdir().expect("tempdir");
        let real = std::fs::canonicalize(dir.path()).expect("canonical");
        std::fs::create_dir(real.join("target")).expect("dir");
        std::os::unix::fs::symlink(real.join("target"), real.join("link")).expect("link");
        // A seeded path is taken as real even where it is not (it is never checked): the
        // proof that seeded answers cost no lstat.
        let seeded = format!("{}/link", real.display());
        let paths =
            RealPaths::seeded([seeded.as_str(), "relative/x", "/a/../b", "/gone (deleted)"]);
        assert_eq!(paths.get(&seeded), seeded);
        assert_eq!(paths.get(&format!("{seeded}/sub")), format!("{seeded}/sub"));
        // What does not look canonical was not seeded: resolved as usual.
        let cwd = std::fs::canonicalize(".").expect("cwd");
        assert_eq!(
            paths.get("relative/x"),
            cwd.join("relative/x").display().to_string()
        );
        assert_eq!(paths.get("/a/../b"), "/b");
        // Other paths are resolved as usual.
        let other = RealPaths::seeded([]);
        assert_eq!(other.get(&seeded), format!("{}/target", real.display()));
    }

    #[test]
    fn mtime_of_a_missing_file_is_none() {
        assert_eq!(mtime("/nonexistent-ring/t.jsonl"), None);
        assert!(mtime("/").is_some());
    }
}
