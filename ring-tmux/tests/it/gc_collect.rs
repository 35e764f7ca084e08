//! `ring-tmux gc` on temporary ring folders, through the real binary.

use assert_cmd::Command;
use rstest::rstest;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::lang_support::{holds, pieces, tr};

/// The clock of RiNG's recorded `gc_candidates` scenario (compat/).
const NOW: f64 = 1_700_691_201.0;

struct Fixture {
    dir: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        let f = Fixture {
            dir: tempfile::tempdir().expect("tempdir"),
        };
        std::fs::create_dir_all(f.sessions()).expect("mkdir");
        std::fs::create_dir_all(f.dir.path().join("home")).expect("mkdir");
        f.procs(json!({"claude-code": [["/repo/live", ""]], "codex": []}));
        f
    }

    fn ring(&self) -> PathBuf {
        self.dir.path().join("ring")
    }

    fn sessions(&self) -> PathBuf {
        self.ring().join("sessions")
    }

    fn procs(&self, procs: Value) {
        std::fs::write(self.dir.path().join("procs.json"), procs.to_string()).expect("procs");
    }

    fn row(&self, id: &str, cwd: &str, last_active: f64) {
        let row = json!({
            "session_id": id, "provider": "claude-code", "cwd": cwd, "origin_cwd": cwd,
            "status": "idle", "last_event": "Stop", "last_active": last_active,
            "heartbeat_at": last_active, "last_action": "—"
        });
        self.file(&format!("sessions/{id}.json"), &row.to_string());
    }

    fn file(&self, rel: &str, text: &str) -> PathBuf {
        let path = self.ring().join(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, text).expect("write");
        path
    }

    /// The recorded `gc_candidates` registry: two ended rows (8 days and 1 s old), a live
    /// one, an unreadable file and a SessionStart phantom.
    fn recorded(&self) {
        self.row("old-ended", "/repo/gone", 1_700_000_000.0);
        self.row("new-ended", "/repo/gone2", 1_700_691_200.0);
        self.row("alive", "/repo/live", 1_700_691_201.0);
        self.file("sessions/broken.json", "{");
        self.file(
            "sessions/startup:p.json",
            r#"{"session_id": "startup:p", "provider": "startup", "status": "working"}"#,
        );
    }

    fn gc(&self, args: &[&str], now: Option<f64>) -> assert_cmd::assert::Assert {
        let mut cmd = Command::cargo_bin("ring-tmux").expect("binary");
        cmd.arg("gc")
            .args(args)
            .env("HOME", self.dir.path().join("home"))
            .env("RING_HOME", self.ring())
            .env("RING_PROCS", self.dir.path().join("procs.json"));
        match now {
            Some(now) => cmd.env("RING_NOW", now.to_string()),
            None => cmd.env_remove("RING_NOW"),
        };
        cmd.assert()
    }

    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.sessions())
            .expect("list")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort();
        names
    }
}

fn stdout(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stdout).into_owned()
}

/// The paths of gc's "would remove PATH (WHY)" lines, in the suite's language.
fn candidates(out: &str) -> Vec<String> {
    let line = pieces("gc-would-remove", &[]);
    out.lines()
        .filter_map(|l| l.strip_prefix(line[0].as_str()))
        .filter_map(|l| l.split(line[1].as_str()).next())
        .map(str::to_owned)
        .collect()
}

fn set_age(path: &Path, seconds: u64) {
    let when = SystemTime::now() - Duration::from_secs(seconds);
    std::fs::File::options()
        .write(true)
        .open(path)
        .expect("open")
        .set_modified(when)
        .expect("mtime");
}

fn real_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock")
        .as_secs_f64()
}

#[rstest]
#[case::default_seven_days(&[], &["sessions/broken.json", "sessions/old-ended.json", "sessions/startup:p.json"])]
#[case::all_ended(&["--all-ended"], &["sessions/broken.json", "sessions/new-ended.json", "sessions/old-ended.json", "sessions/startup:p.json"])]
#[case::short_threshold(&["--older-than", "0"], &["sessions/broken.json", "sessions/new-ended.json", "sessions/old-ended.json", "sessions/startup:p.json"])]
#[case::long_threshold(&["--older-than", "9d"], &["sessions/broken.json", "sessions/startup:p.json"])]
// One duration rule (issue 25 item 10): a bare number is minutes, as in `quiet 45`; the row
// that ended a second ago is not a minute old.
#[case::a_bare_number_is_minutes(&["--older-than", "1"], &["sessions/broken.json", "sessions/old-ended.json", "sessions/startup:p.json"])]
#[case::seconds_take_an_s(&["--older-than", "1s"], &["sessions/broken.json", "sessions/new-ended.json", "sessions/old-ended.json", "sessions/startup:p.json"])]
fn dry_run_lists_ring_gc_candidates_and_changes_nothing(
    #[case] args: &[&str],
    #[case] want: &[&str],
) {
    let f = Fixture::new();
    f.recorded();
    let before = f.names();
    let mut all = vec!["--dry-run"];
    all.extend_from_slice(args);
    let out = f.gc(&all, Some(NOW)).success();
    assert_eq!(candidates(&stdout(&out)), want);
    assert_eq!(f.names(), before, "dry-run removed files");
}

#[test]
fn gc_removes_candidates_and_keeps_live_and_recent_rows() {
    let f = Fixture::new();
    f.recorded();
    let out = f.gc(&[], Some(NOW)).success();
    let text = stdout(&out);
    let removed = |path: &str, why: &str| tr("gc-removed", &[("path", path), ("why", why)]);
    // The age as every duration ring prints (`8d 0h`, `8天0小時`).
    let age = tr("duration-d-h", &[("d", "8"), ("h", "0")]);
    let ended = tr("gc-reason-ended", &[("age", &age)]);
    assert!(
        text.contains(&removed("sessions/old-ended.json", &ended)),
        "{text}"
    );
    // The reason goes on with the decoder's own words: its start is what is known.
    let broken = format!(
        "{}{}",
        pieces("gc-removed", &[("path", "sessions/broken.json")]).remove(0),
        pieces("gc-reason-unreadable", &[]).remove(0)
    );
    assert!(text.contains(&broken), "{text}");
    let phantom = tr("doctor-row-phantom", &[]);
    assert!(
        text.contains(&removed("sessions/startup:p.json", &phantom)),
        "{text}"
    );
    assert_eq!(f.names(), ["alive.json", "new-ended.json"]);
    let again = f.gc(&[], Some(NOW)).success();
    assert!(stdout(&again).contains(&tr("gc-nothing", &[])));
}

#[test]
fn rows_of_a_provider_whose_scan_is_unknown_are_never_collected() {
    let f = Fixture::new();
    f.recorded();
    f.procs(json!({"claude-code": null, "codex": []}));
    let out = f.gc(&["--dry-run", "--all-ended"], Some(NOW)).success();
    assert_eq!(
        candidates(&stdout(&out)),
        ["sessions/broken.json", "sessions/startup:p.json"]
    );
}

#[rstest]
#[case::negative("-1d")]
#[case::unknown_unit("7w")]
#[case::words("soon")]
#[case::empty("")]
fn a_bad_duration_exits_2_and_says_why(#[case] value: &str) {
    let f = Fixture::new();
    f.recorded();
    let out = f.gc(&["--older-than", value], Some(NOW)).code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(err.contains(&tr("err-duration", &[])), "{err}");
    assert_eq!(f.names().len(), 5, "nothing removed");
}

#[test]
fn files_outside_the_ring_folder_are_never_touched() {
    let f = Fixture::new();
    let outside = f.dir.path().join("transcript.jsonl");
    std::fs::write(&outside, "{}").expect("write");
    let outside_row = f.dir.path().join("elsewhere.json");
    std::fs::write(&outside_row, "{").expect("write");
    std::os::unix::fs::symlink(&outside_row, f.sessions().join("evil.json")).expect("symlink");
    let row = json!({
        "session_id": "t", "provider": "claude-code", "cwd": "/repo/gone", "status": "idle",
        "last_event": "Stop", "last_active": 1_700_000_000.0,
        "source_path": outside.to_string_lossy()
    });
    f.file("sessions/t.json", &row.to_string());
    let out = f.gc(&[], Some(NOW)).success();
    let text = stdout(&out);
    assert!(
        text.contains(&format!(
            "sessions/evil.json: {}",
            tr("gc-link-outside", &[])
        )),
        "{text}"
    );
    let removed = pieces("gc-removed", &[("path", "sessions/t.json")]).remove(0);
    assert!(text.contains(&removed), "{text}");
    assert_eq!(std::fs::read_to_string(&outside).expect("transcript"), "{}");
    assert_eq!(std::fs::read_to_string(&outside_row).expect("target"), "{");
    assert!(
        std::fs::symlink_metadata(f.sessions().join("evil.json")).is_ok(),
        "symlink kept"
    );
}

#[test]
fn a_sessions_folder_linked_outside_is_left_alone() {
    let f = Fixture::new();
    let elsewhere = f.dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).expect("mkdir");
    std::fs::write(elsewhere.join("broken.json"), "{").expect("write");
    std::fs::remove_dir(f.sessions()).expect("rmdir");
    std::os::unix::fs::symlink(&elsewhere, f.sessions()).expect("symlink");
    let out = f.gc(&[], Some(NOW)).success();
    assert!(
        stdout(&out).contains(&tr("gc-sessions-unsafe", &[])),
        "{}",
        stdout(&out)
    );
    assert!(elsewhere.join("broken.json").exists());
}

#[test]
fn stale_temp_and_orphan_lock_files_go_and_fresh_ones_stay() {
    let f = Fixture::new();
    let now = real_now();
    f.row("alive", "/repo/live", now);
    let old_tmp = f.file("sessions/.ring.42.abc1.tmp", "{");
    set_age(&old_tmp, 120);
    let fresh_tmp = f.file("sessions/.ring.43.abc2.tmp", "{");
    let root_tmp = f.file("deleted_sessions.json.tmp", "{");
    set_age(&root_tmp, 120);
    let orphan = f.file("sessions/.locks/gone.lock", "");
    set_age(&orphan, 120);
    let young_orphan = f.file("sessions/.locks/young.lock", "");
    let owned = f.file("sessions/.locks/alive.lock", "");
    set_age(&owned, 120);
    let not_ours = f.file("notes.txt", "mine");
    set_age(&not_ours, 100_000);
    let out = f.gc(&[], None).success();
    let text = stdout(&out);
    assert!(!old_tmp.exists(), "{text}");
    assert!(!root_tmp.exists(), "{text}");
    assert!(!orphan.exists(), "{text}");
    for kept in [&fresh_tmp, &young_orphan, &owned, &not_ours] {
        assert!(kept.exists(), "{} removed: {text}", kept.display());
    }
    assert_eq!(f.names(), ["alive.json"]);
}

#[test]
fn stale_or_unreadable_tui_files_go() {
    let f = Fixture::new();
    let now = real_now();
    let focus = f.file("focus-request", &json!({"ts": now - 40.0}).to_string());
    let presence = f.file("tui-presence", &json!({"ts": now - 10.0}).to_string());
    let out = f.gc(&[], None).success();
    assert!(!focus.exists(), "{}", stdout(&out));
    assert!(presence.exists());
    std::fs::write(&presence, "garbage").expect("write");
    f.gc(&[], None).success();
    assert!(!presence.exists());
}

#[test]
fn hidden_list_drops_unknown_ids_and_old_entries() {
    let f = Fixture::new();
    f.row("alive", "/repo/live", NOW);
    f.row("hidden-recent", "/repo/live", NOW - 100.0);
    f.file(
        "deleted_sessions.json",
        r#"{"alive": "2023-11-14T22:00:00+00:00", "ghost": "2023-11-22T22:13:00+00:00", "hidden-recent": "2023-11-22T22:13:00+00:00"}"#,
    );
    let dry = f.gc(&["--dry-run"], Some(NOW)).success();
    let text = stdout(&dry);
    assert!(
        text.contains(&tr(
            "gc-would-unhide",
            &[("session", "ghost"), ("why", &tr("gc-unhide-gone", &[]))]
        )),
        "{text}"
    );
    assert!(
        text.contains(&tr(
            "gc-would-unhide",
            &[("session", "alive"), ("why", &tr("gc-unhide-old", &[]))]
        )),
        "{text}"
    );
    let recent = pieces("gc-would-unhide", &[("session", "hidden-recent")]).remove(0);
    assert!(!text.contains(&recent), "{text}");
    f.gc(&[], Some(NOW)).success();
    let left: Value = serde_json::from_str(
        &std::fs::read_to_string(f.ring().join("deleted_sessions.json")).expect("hidden"),
    )
    .expect("json");
    assert_eq!(left, json!({"hidden-recent": "2023-11-22T22:13:00+00:00"}));
}

#[test]
fn gc_without_a_ring_folder_is_a_no_op() {
    let f = Fixture::new();
    std::fs::remove_dir_all(f.ring()).expect("rm");
    let out = f.gc(&[], Some(NOW)).success();
    let none = pieces("gc-no-folder", &[]);
    assert!(
        stdout(&out).lines().any(|l| holds(l, &none)),
        "{}",
        stdout(&out)
    );
    assert!(!f.ring().exists(), "gc created the ring folder");
}

#[test]
fn a_locks_folder_linked_elsewhere_is_never_emptied() {
    let f = Fixture::new();
    let elsewhere = f.dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).expect("mkdir");
    let theirs = [elsewhere.join("thesis.txt"), elsewhere.join("old.lock")];
    for file in &theirs {
        std::fs::write(file, "keep").expect("write");
        set_age(file, 100_000);
    }
    std::os::unix::fs::symlink(&elsewhere, f.sessions().join(".locks")).expect("symlink");
    let out = f.gc(&[], None).success();
    let text = stdout(&out);
    for file in &theirs {
        assert!(file.exists(), "{} removed: {text}", file.display());
    }
    let unsafe_folder = pieces("gc-unsafe", &[]);
    assert!(
        text.lines()
            .any(|l| l.contains("sessions/.locks: ") && holds(l, &unsafe_folder)),
        "{text}"
    );
}

#[test]
fn only_lock_files_go_from_a_real_locks_folder() {
    let f = Fixture::new();
    let orphan = f.file("sessions/.locks/gone.lock", "");
    let notes = f.file("sessions/.locks/notes.txt", "mine");
    for file in [&orphan, &notes] {
        set_age(file, 100_000);
    }
    let out = f.gc(&[], None).success();
    let text = stdout(&out);
    assert!(!orphan.exists(), "{text}");
    assert!(
        notes.exists(),
        "a file without ring's name was removed: {text}"
    );
}

#[test]
fn gc_prunes_session_end_tombstones_no_event_can_still_race() {
    let f = Fixture::new();
    let old = f.file("sessions/.ended/old.json", "1700000000");
    let new = f.file("sessions/.ended/new.json", "1700000000");
    set_age(&old, 3600);
    let out = f.gc(&[], None).success();
    assert!(
        stdout(&out).contains(&format!(
            "{}{}",
            pieces("gc-removed", &[("path", "sessions/.ended/old.json")]).remove(0),
            tr("gc-reason-tombstone", &[])
        )),
        "{}",
        stdout(&out)
    );
    assert!(!old.exists() && new.exists());
}

/// Issue 29 item 8 (RiNG 0.17.5+): while a source cannot be read (Codex's database locked
/// by Codex), a hidden session missing from the sources is unknown, not gone: gc keeps it.
#[test]
fn a_failing_source_never_makes_a_hidden_entry_gone() {
    let f = Fixture::new();
    let db = f.dir.path().join("home/.codex/state_5.sqlite");
    std::fs::create_dir_all(db.parent().expect("parent")).expect("mkdir");
    let locker = rusqlite::Connection::open(&db).expect("sqlite");
    locker
        .execute_batch(
            "create table threads (id text primary key, cwd text, title text, \
             rollout_path text, preview text, updated_at integer, updated_at_ms integer, \
             archived integer not null default 0);",
        )
        .expect("create");
    f.file(
        "deleted_sessions.json",
        r#"{"ghost": "2023-11-22T22:13:00+00:00"}"#,
    );
    locker.execute_batch("begin exclusive;").expect("lock");
    let text = stdout(&f.gc(&["--dry-run"], Some(NOW)).success());
    let ghost = pieces("gc-would-unhide", &[("session", "ghost")]).remove(0);
    assert!(!text.contains(&ghost), "{text}");
    locker.execute_batch("rollback;").expect("unlock");
    let text = stdout(&f.gc(&["--dry-run"], Some(NOW)).success());
    assert!(
        text.contains(&tr(
            "gc-would-unhide",
            &[("session", "ghost"), ("why", &tr("gc-unhide-gone", &[]))]
        )),
        "{text}"
    );
}
