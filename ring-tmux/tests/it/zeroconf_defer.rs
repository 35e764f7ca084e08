//! A listing for a read that drops ended rows may leave transcripts whose rows are ended
//! whatever their mtime un-`stat`ed (`zeroconf::Need::LiveRows`, the `defer` module). These
//! tests replay sequences of changes (appends, agents starting, ending, moving) and check,
//! after every step, that such a cached read gives exactly the live rows of a read with no
//! cache at all; and that a read showing ended rows gets their current times.

use crate::zeroconf_support;

use ring_shared::derive::{Proc, Procs};
use ring_shared::registry::Status;
use ring_shared::scan::ScanSession;
use ring_tmux::testing::env::Env;
use ring_tmux::testing::zeroconf::Need;
use serde_json::{Value, json};
use std::fs;
use std::path::PathBuf;
use std::time::Duration;
use zeroconf_support::{set_mtime, wall_now};

struct Home {
    dir: tempfile::TempDir,
    now: f64,
    /// Files created so far: each moves its folder's mtime to a distinct time long past (a
    /// folder changed within the last second is read again whole, which would hide what is
    /// tested).
    writes: std::cell::Cell<u32>,
}

/// One step: transcripts written (folder, id, cwd of the new record, age), then the live
/// Claude cwds.
struct Step {
    writes: &'static [(&'static str, &'static str, &'static str, f64)],
    live: &'static [&'static str],
}

impl Home {
    fn new() -> Home {
        Home {
            dir: tempfile::tempdir().expect("tempdir"),
            now: wall_now(),
            writes: std::cell::Cell::new(0),
        }
    }

    fn env(&self, ring: &str) -> Env {
        zeroconf_support::env(
            self.dir.path().join("home"),
            self.dir.path().join(ring),
            self.now,
        )
    }

    /// Appends a record with `cwd` to `<folder>/<id>.jsonl` (created with an opening record in
    /// the folder's own directory) and sets its mtime `age` seconds before now.
    fn write(&self, folder: &str, id: &str, cwd: &str, age: f64) {
        let path: PathBuf = self
            .dir
            .path()
            .join("home/.claude/projects")
            .join(folder)
            .join(format!("{id}.jsonl"));
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        let opening = format!("/{}", folder.trim_start_matches('-').replace('-', "/"));
        let created = !path.exists();
        let mut text = fs::read_to_string(&path).unwrap_or_else(|_| line(&opening, "start"));
        text.push_str(&line(cwd, &format!("step at {age}")));
        fs::write(&path, text).expect("write");
        set_mtime(&path, self.now - age);
        if !created {
            // An append changes the file, not its folder.
            return;
        }
        self.writes.set(self.writes.get() + 1);
        let folder_time = self.now - 1000.0 + f64::from(self.writes.get());
        set_mtime(path.parent().expect("folder"), folder_time);
    }

    fn read(&self, ring: &str, live: &[&str], need: Need<'_>) -> Vec<ScanSession> {
        let mut procs = Procs::default();
        let list = live
            .iter()
            .map(|cwd| Proc {
                cwd: (*cwd).to_owned(),
                tty: None,
                ..Default::default()
            })
            .collect();
        procs.by_provider.insert("claude-code".into(), Some(list));
        procs.by_provider.insert("codex".into(), Some(Vec::new()));
        zeroconf_support::rows(&self.env(ring), &procs, self.now, Duration::ZERO, need)
    }
}

fn line(cwd: &str, text: &str) -> String {
    let record: Value = json!({"type": "user", "cwd": cwd,
        "message": {"role": "user", "content": [{"type": "text", "text": text}]}});
    format!("{record}\n")
}

/// Every field of the rows that are not ended.
fn live_rows(rows: &[ScanSession]) -> Vec<String> {
    rows.iter()
        .filter(|s| s.session.row.status != Status::Ended)
        .map(|s| format!("{:?}", s.session))
        .collect()
}

const NO_HOOK: &dyn Fn(&str) -> bool = &|_| false;

/// Replays `steps`; after each, the cached live-rows read must equal a fresh read.
fn replay(steps: &[Step]) {
    let home = Home::new();
    for (i, step) in steps.iter().enumerate() {
        for &(folder, id, cwd, age) in step.writes {
            home.write(folder, id, cwd, age);
        }
        let cached = home.read("ring", step.live, Need::LiveRows { hook_id: NO_HOOK });
        let fresh = home.read(&format!("fresh-{i}"), step.live, Need::AllRows);
        assert_eq!(live_rows(&cached), live_rows(&fresh), "step {i}");
        assert!(!live_rows(&fresh).is_empty(), "step {i} shows something");
    }
}

#[test]
fn appends_to_a_transcript_no_agent_can_write_change_no_live_row() {
    replay(&[
        Step {
            writes: &[
                ("-live", "q", "/live", 100.0),
                ("-dead", "d1", "/dead", 200.0),
                ("-dead", "d2", "/dead", 300.0),
            ],
            live: &["/live"],
        },
        Step {
            writes: &[("-dead", "d1", "/dead", 5.0), ("-live", "q", "/live", 50.0)],
            live: &["/live"],
        },
        Step {
            writes: &[("-dead", "d2", "/dead", 1.0)],
            live: &["/live"],
        },
    ]);
}

#[test]
fn an_agent_starting_in_a_quiet_cwd_makes_its_transcripts_count_at_once() {
    replay(&[
        Step {
            writes: &[
                ("-live", "q", "/live", 100.0),
                ("-dead", "d1", "/dead", 300.0),
            ],
            live: &["/live"],
        },
        Step {
            writes: &[("-dead", "d1", "/dead", 2.0)],
            live: &["/live"],
        },
        Step {
            writes: &[],
            live: &["/live", "/dead"],
        },
    ]);
}

#[test]
fn a_session_that_moved_to_a_live_cwd_and_ended_is_seen_in_its_new_group() {
    // `t` was started in /gone (its writer lived there), moved to /live (another session's
    // cwd), wrote there and ended: the next read must `stat` it and let it compete for the
    // /live slot, which it wins by mtime.
    replay(&[
        Step {
            writes: &[
                ("-live", "q", "/live", 100.0),
                ("-gone", "t", "/gone", 200.0),
            ],
            live: &["/live", "/gone"],
        },
        Step {
            writes: &[("-gone", "t", "/live", 1.0)],
            live: &["/live"],
        },
    ]);
}

#[test]
fn a_session_that_moved_away_from_its_folder_is_still_watched_while_its_agent_lives() {
    // `t` started in /proj (folder -proj, agent there) and moved to /proj-sub, where nothing
    // else lives: its row is ended, but its agent may bring it back to /proj at any time.
    replay(&[
        Step {
            writes: &[("-proj", "t", "/proj/sub", 100.0)],
            live: &["/proj"],
        },
        Step {
            writes: &[("-proj", "t", "/proj", 1.0)],
            live: &["/proj"],
        },
    ]);
}

#[test]
fn a_read_of_all_rows_after_a_partial_listing_sees_current_times() {
    let home = Home::new();
    home.write("-live", "q", "/live", 100.0);
    home.write("-dead", "d", "/dead", 300.0);
    let live = ["/live"];
    home.read("ring", &live, Need::LiveRows { hook_id: NO_HOOK });
    home.read("ring", &live, Need::LiveRows { hook_id: NO_HOOK });
    home.write("-dead", "d", "/dead", 3.0);
    home.read("ring", &live, Need::LiveRows { hook_id: NO_HOOK });
    let time = |rows: &[ScanSession]| {
        rows.iter()
            .find(|s| s.session.row.session_id == "d")
            .map(|s| s.session.row.last_active)
    };
    let all = home.read("ring", &live, Need::AllRows);
    assert_eq!(time(&all), Some(home.now - 3.0));
    let fresh = home.read("fresh", &live, Need::AllRows);
    assert_eq!(
        all.iter()
            .map(|s| format!("{:?}", s.session))
            .collect::<Vec<_>>(),
        fresh
            .iter()
            .map(|s| format!("{:?}", s.session))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_hook_rows_transcript_is_always_current() {
    // A newer transcript can replace a waiting hook row of the same id (§4.7), even ended.
    let home = Home::new();
    home.write("-live", "q", "/live", 100.0);
    home.write("-dead", "h", "/dead", 300.0);
    let live = ["/live"];
    let hook_id = |id: &str| id == "h";
    home.read("ring", &live, Need::LiveRows { hook_id: &hook_id });
    home.read("ring", &live, Need::LiveRows { hook_id: &hook_id });
    home.write("-dead", "h", "/dead", 2.0);
    let rows = home.read("ring", &live, Need::LiveRows { hook_id: &hook_id });
    let h = rows
        .iter()
        .find(|s| s.session.row.session_id == "h")
        .expect("h listed");
    assert_eq!(h.session.row.last_active, home.now - 2.0);
}
