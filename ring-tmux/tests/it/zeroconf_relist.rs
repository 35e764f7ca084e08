//! The zero-config listing cache against a listing from scratch, over random sequences of
//! what happens to `~/.claude/projects`: transcripts created (inside the active window or
//! long before it), appended to, deleted, renamed, whole project folders removed. After every
//! step the rows read through the persistent cache (`RING_HOME/cache/scan.bin`, the folders
//! listed again at once) must equal the rows of a ring folder that has no cache at all, both
//! for a status bar's read (live rows only) and for a read of every row right after it.
//!
//! Folder mtimes are set to a distinct past time after each change (as the kernel would move
//! them, but far enough back that the listing trusts them), so the cache's "folder unchanged"
//! path and its "read the folder again" path both run. An old transcript is never made recent
//! in place: that shows up only at the 30 s sweep, by design (`zeroconf/list.rs`).

use crate::zeroconf_support;

use proptest::prelude::*;
use ring_shared::derive::{Proc, Procs};
use ring_tmux::testing::zeroconf::Need;
use serde_json::json;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};
use zeroconf_support::{env, rows, set_mtime, wall_now};

const FOLDERS: usize = 4;
const NAMES: usize = 5;
/// Ages of a created transcript: recent (working, idle) or outside the 6 h window.
const AGES: [f64; 4] = [5.0, 600.0, 7_000.0, 40_000.0];
const WINDOW: f64 = 21_600.0;

#[derive(Debug, Clone)]
enum Op {
    Create {
        folder: usize,
        name: usize,
        age: usize,
        ended_turn: bool,
    },
    Append {
        folder: usize,
        name: usize,
    },
    Delete {
        folder: usize,
        name: usize,
    },
    Rename {
        folder: usize,
        from: usize,
        to: usize,
    },
    RemoveFolder {
        folder: usize,
    },
}

fn op() -> impl Strategy<Value = Op> {
    let f = 0..FOLDERS;
    let n = 0..NAMES;
    prop_oneof![
        4 => (f.clone(), n.clone(), 0..AGES.len(), any::<bool>()).prop_map(
            |(folder, name, age, ended_turn)| Op::Create { folder, name, age, ended_turn }
        ),
        3 => (f.clone(), n.clone()).prop_map(|(folder, name)| Op::Append { folder, name }),
        1 => (f.clone(), n.clone()).prop_map(|(folder, name)| Op::Delete { folder, name }),
        1 => (f.clone(), n.clone(), n).prop_map(|(folder, from, to)| Op::Rename { folder, from, to }),
        1 => f.prop_map(|folder| Op::RemoveFolder { folder }),
    ]
}

struct World {
    _dir: tempfile::TempDir,
    home: PathBuf,
    now: f64,
    /// Bumped for every change: each changed folder gets its own past mtime.
    changes: u32,
}

impl World {
    fn new() -> World {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path().to_path_buf();
        let now = wall_now();
        fs::create_dir_all(home.join(".claude/projects")).expect("projects");
        World {
            _dir: dir,
            home,
            now,
            changes: 0,
        }
    }

    fn folder(&self, folder: usize) -> PathBuf {
        self.home.join(format!(".claude/projects/-p{folder}"))
    }

    fn file(&self, folder: usize, name: usize) -> PathBuf {
        self.folder(folder).join(format!("s{name}.jsonl"))
    }

    fn age(&self, path: &Path, age: f64) {
        set_mtime(path, self.now - age);
    }

    /// The folder (and the projects folder above it) changed: a past mtime of their own.
    fn changed(&mut self, folder: usize) {
        self.changes += 1;
        let age = 3_000.0 - f64::from(self.changes);
        let dir = self.folder(folder);
        if dir.is_dir() {
            self.age(&dir, age);
        }
        self.age(&self.home.join(".claude/projects"), age);
    }

    fn apply(&mut self, op: &Op) {
        match *op {
            Op::Create {
                folder,
                name,
                age,
                ended_turn,
            } => {
                let path = self.file(folder, name);
                let _ = fs::remove_file(&path);
                fs::create_dir_all(self.folder(folder)).expect("mkdir");
                let cwd = format!("/p{folder}");
                let mut text = format!(
                    "{}\n",
                    json!({"type": "user", "cwd": cwd, "message": {"content": [{"type": "text", "text": "go"}]}})
                );
                if ended_turn {
                    text.push_str(&format!(
                        "{}\n",
                        json!({"type": "assistant", "cwd": cwd, "message": {"stop_reason": "end_turn", "content": [{"type": "text", "text": "done"}]}})
                    ));
                }
                fs::write(&path, text).expect("write");
                self.age(&path, AGES[age]);
                self.changed(folder);
            }
            Op::Append { folder, name } => {
                let path = self.file(folder, name);
                let Ok(meta) = fs::metadata(&path) else {
                    return;
                };
                let age = self.now - mtime(&meta);
                let line = json!({"type": "assistant", "cwd": format!("/p{folder}"),
                    "message": {"stop_reason": "tool_use", "content": [{"type": "tool_use", "name": "Edit", "input": {}}]}});
                let mut text = fs::read_to_string(&path).expect("read");
                text.push_str(&format!("{line}\n"));
                fs::write(&path, text).expect("append");
                // Appending moves the file's mtime, not its folder's. A transcript outside
                // the window stays outside it (a resumed old session waits for the sweep).
                let new_age = if age > WINDOW { age } else { 1.0 };
                self.age(&path, new_age);
            }
            Op::Delete { folder, name } => {
                if fs::remove_file(self.file(folder, name)).is_ok() {
                    self.changed(folder);
                }
            }
            Op::Rename { folder, from, to } => {
                if from != to && fs::rename(self.file(folder, from), self.file(folder, to)).is_ok()
                {
                    self.changed(folder);
                }
            }
            Op::RemoveFolder { folder } => {
                if fs::remove_dir_all(self.folder(folder)).is_ok() {
                    self.changed(folder);
                }
            }
        }
    }

    /// (id, status, last_active, last_action) of the rows read with the ring folder `ring`:
    /// every row, or (`live_only`) the read of a status bar, which drops the ended ones.
    fn rows(&self, ring: &Path, live_only: bool) -> Vec<(String, String, u64, String)> {
        let env = env(self.home.clone(), ring.to_path_buf(), self.now);
        let mut procs = Procs::default();
        let live = ["/p0", "/p1"].map(|cwd| Proc {
            cwd: cwd.into(),
            tty: None,
            ..Default::default()
        });
        procs
            .by_provider
            .insert("claude-code".into(), Some(live.to_vec()));
        procs.by_provider.insert("codex".into(), None);
        let need = if live_only {
            Need::LiveRows {
                hook_id: &|_| false,
            }
        } else {
            Need::AllRows
        };
        let mut rows: Vec<_> = rows(&env, &procs, self.now, Duration::ZERO, need)
            .into_iter()
            .filter(|s| !live_only || s.session.row.status != ring_shared::Status::Ended)
            .map(|s| {
                let r = s.session.row;
                (
                    r.session_id,
                    r.status.as_str().to_owned(),
                    r.last_active.to_bits(),
                    r.last_action,
                )
            })
            .collect();
        rows.sort();
        rows
    }
}

fn mtime(meta: &fs::Metadata) -> f64 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0.0, |d| d.as_secs_f64())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn the_cached_listing_always_shows_what_a_listing_from_scratch_shows(
        ops in prop::collection::vec(op(), 1..30),
    ) {
        let mut world = World::new();
        let cached = world.home.join("ring-cached");
        for (step, op) in ops.iter().enumerate() {
            world.apply(op);
            let fresh = world.home.join(format!("ring-fresh-{step}"));
            let want = world.rows(&fresh, false);
            // A status bar's read in between (it may leave transcripts that cannot be live
            // un-stat'ed, and builds only live rows) must show the same live rows...
            let live: Vec<_> = want.iter().filter(|r| r.1 != "ended").cloned().collect();
            prop_assert_eq!(world.rows(&cached, true), live, "status read after step {} ({:?})", step, op);
            // ...and must not stop the next read of every row from seeing everything.
            prop_assert_eq!(world.rows(&cached, false), want, "after step {} ({:?})", step, op);
        }
    }
}
