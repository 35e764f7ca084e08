//! The row cache (`RING_HOME/cache/rows.bin`) and the process memo through the real binary:
//! reused while `sessions/` is unchanged, rebuilt on any change, never hiding time rules.

use crate::read_support;

use read_support::{NOW, Ring};
use serde_json::json;
use std::fs::File;
use std::time::{Duration, SystemTime};

/// Rewrites a row in place (no writer does this): invisible to the folder's mtime.
fn rewrite_in_place(ring: &Ring, name: &str, text: &str) {
    std::fs::write(ring.ring.join("sessions").join(name), text).expect("rewrite");
}

#[test]
fn cache_is_reused_while_the_folder_is_unchanged() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "waiting", "cwd": "/r"}));
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
    assert!(ring.ring.join("cache/rows.bin").exists());
    // An in-place edit does not change the folder: the cached row is still shown.
    rewrite_in_place(
        &ring,
        "s1.json",
        r#"{"session_id": "s1", "status": "idle"}"#,
    );
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
}

#[test]
fn a_new_or_removed_row_rebuilds_the_cache() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "waiting", "cwd": "/r"}));
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
    ring.row("s2", json!({"status": "working", "cwd": "/r"}));
    assert_eq!(ring.stdout(&["oneline"]), "🔴1 🟢1\n");
    std::fs::remove_file(ring.ring.join("sessions/s1.json")).expect("remove");
    assert_eq!(ring.stdout(&["oneline"]), "🟢1\n");
}

#[test]
fn a_replaced_row_rebuilds_the_cache() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "waiting", "cwd": "/r"}));
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
    // What every writer does: a temp file renamed over the row.
    let tmp = ring.ring.join("sessions/.s1.tmp");
    std::fs::write(&tmp, r#"{"session_id": "s1", "status": "idle"}"#).expect("tmp");
    std::fs::rename(&tmp, ring.ring.join("sessions/s1.json")).expect("rename");
    assert_eq!(ring.stdout(&["oneline"]), "🟡1\n");
}

#[test]
fn time_rules_apply_to_cached_rows() {
    let ring = Ring::new();
    // A Codex permission request becomes waiting after 10 s (§4.2 a).
    ring.row(
        "codex:t1",
        json!({"provider": "codex", "status": "working", "last_event": "PermissionRequest",
               "last_active": NOW - 5.0, "cwd": "/r"}),
    );
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🟢1\n");
    let later = std::process::Command::new(assert_cmd::cargo::cargo_bin!("ring-tmux"))
        .arg("oneline")
        .env("HOME", &ring.home)
        .env("RING_HOME", &ring.ring)
        .env("RING_NOW", (NOW + 20.0).to_string())
        .env("RING_PROCS", ring.dir.path().join("procs.json"))
        .output()
        .expect("run");
    assert_eq!(String::from_utf8_lossy(&later.stdout), "🔴1\n");
}

#[test]
fn corrupt_rows_stay_skipped_and_reported_from_the_cache() {
    let ring = Ring::new();
    ring.row("ok", json!({"status": "idle"}))
        .file("bad.json", "{nope");
    ring.age_sessions();
    for _ in 0..2 {
        let out = ring.run(&["json"]);
        assert_eq!(out.status.code(), Some(0));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("bad.json"), "{stderr}");
    }
}

#[test]
fn a_garbage_cache_is_ignored() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "waiting"}));
    ring.age_sessions();
    std::fs::create_dir_all(ring.ring.join("cache")).expect("cache dir");
    std::fs::write(ring.ring.join("cache/rows.bin"), "garbage").expect("garbage");
    std::fs::write(ring.ring.join("cache/procs.bin"), "garbage").expect("garbage");
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
}

#[test]
fn after_a_change_unchanged_files_are_not_read_again() {
    let ring = Ring::new();
    let waiting = r#"{"session_id": "s1", "status": "waiting", "last_active": 1}"#;
    ring.file("s1.json", waiting);
    let path = ring.ring.join("sessions/s1.json");
    let mtime = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .expect("mtime");
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
    // Same inode, same size, same mtime: the cached row stands (no writer does this; it
    // shows that the file was not read again)…
    let idle = r#"{"session_id": "s1", "status": "idle"   , "last_active": 1}"#;
    assert_eq!(idle.len(), waiting.len());
    std::fs::write(&path, idle).expect("rewrite");
    File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_modified(mtime))
        .expect("restore mtime");
    // …while a new row in the same folder is read.
    ring.row("s2", json!({"status": "working"}));
    assert_eq!(ring.stdout(&["oneline"]), "🔴1 🟢1\n");
    // A real replacement (new inode) is read.
    let tmp = ring.ring.join("sessions/.s1.tmp");
    std::fs::write(&tmp, idle).expect("tmp");
    std::fs::rename(&tmp, &path).expect("rename");
    assert_eq!(ring.stdout(&["oneline"]), "🟢1 🟡1\n");
}

/// A row replaced (temp file renamed over it) at the same size and with the very mtime the
/// cache holds, to the nanosecond: a replacement within one clock tick. Its new inode tells.
#[test]
fn a_row_replaced_within_one_tick_at_the_same_size_is_seen() {
    let ring = Ring::new();
    let waiting = r#"{"session_id": "s1", "status": "waiting", "last_active": 1}"#;
    ring.file("s1.json", waiting);
    ring.row("s2", json!({"status": "working"}));
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🔴1 🟢1\n");
    let path = ring.ring.join("sessions/s1.json");
    let mtime = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .expect("mtime");
    let idle = r#"{"session_id": "s1", "status": "idle"   , "last_active": 1}"#;
    assert_eq!(idle.len(), waiting.len());
    let tmp = ring.ring.join("sessions/.s1.tmp");
    std::fs::write(&tmp, idle).expect("tmp");
    File::options()
        .write(true)
        .open(&tmp)
        .and_then(|f| f.set_modified(mtime))
        .expect("same mtime");
    std::fs::rename(&tmp, &path).expect("rename");
    assert_eq!(ring.stdout(&["oneline"]), "🟢1 🟡1\n");
}

/// After a change, the file level keeps going past a row that turned corrupt and drops a
/// deleted one: the rest still come from the cache and show.
#[test]
fn after_a_change_a_corrupt_row_is_skipped_a_deleted_one_gone_and_the_rest_shown() {
    let ring = Ring::new();
    ring.row("a", json!({"status": "waiting", "cwd": "/r"}));
    ring.row("b", json!({"status": "working", "cwd": "/r"}));
    ring.row("c", json!({"status": "idle", "cwd": "/r"}));
    ring.row("d", json!({"status": "working", "cwd": "/r"}));
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🔴1 🟢2 🟡1\n");
    assert_eq!(ring.stdout(&["oneline"]), "🔴1 🟢2 🟡1\n");
    ring.replace_row("a.json", "{not a row");
    std::fs::remove_file(ring.ring.join("sessions/b.json")).expect("remove");
    assert_eq!(ring.stdout(&["oneline"]), "🟢1 🟡1\n");
    // And again, from the cache that read wrote or kept.
    assert_eq!(ring.stdout(&["oneline"]), "🟢1 🟡1\n");
}

#[test]
fn a_cache_built_in_the_racy_window_is_refreshed_once_the_change_is_old_enough() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "waiting"}));
    let one_second_ago = SystemTime::now() - Duration::from_secs(1);
    File::open(ring.ring.join("sessions"))
        .and_then(|d| d.set_modified(one_second_ago))
        .expect("folder mtime");
    // Built one second after the change: not trusted at the folder level yet.
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
    // Waiting is the point: the folder level needs its change to be two seconds old.
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
    // Now the folder level holds: an in-place edit (even of another size) is not seen.
    rewrite_in_place(
        &ring,
        "s1.json",
        r#"{"session_id": "s1", "status": "idle"}"#,
    );
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
}

fn cache_bytes(ring: &Ring) -> Vec<u8> {
    std::fs::read(ring.ring.join("cache/rows.bin")).expect("rows.bin")
}

#[test]
fn a_few_fresh_changes_are_read_from_disk_without_rewriting_the_cache() {
    let ring = Ring::new();
    for id in ["s1", "s2", "s3"] {
        ring.row(id, json!({"status": "idle", "cwd": "/r"}));
    }
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🟡3\n");
    let built = cache_bytes(&ring);
    // Fresh changes (the folder level cannot hold yet): replaced, added and removed rows are
    // all seen, read from disk each time, while the cache file stays as it was.
    ring.replace_row("s1.json", r#"{"session_id": "s1", "status": "waiting"}"#);
    assert_eq!(ring.stdout(&["oneline"]), "🔴1 🟡2\n");
    ring.row("s4", json!({"status": "working", "cwd": "/r"}));
    std::fs::remove_file(ring.ring.join("sessions/s2.json")).expect("remove");
    for _ in 0..2 {
        assert_eq!(ring.stdout(&["oneline"]), "🔴1 🟢1 🟡1\n");
    }
    assert_eq!(cache_bytes(&ring), built);
    // Once the change is old enough for the folder level, the cache is rewritten and holds.
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🔴1 🟢1 🟡1\n");
    assert_ne!(cache_bytes(&ring), built);
    rewrite_in_place(
        &ring,
        "s1.json",
        r#"{"session_id": "s1", "status": "idle"}"#,
    );
    assert_eq!(ring.stdout(&["oneline"]), "🔴1 🟢1 🟡1\n");
}

#[test]
fn many_fresh_changes_rewrite_the_cache_at_once() {
    let ring = Ring::new();
    let ids: Vec<String> = (0..12).map(|i| format!("s{i:02}")).collect();
    for id in &ids {
        ring.row(id, json!({"status": "idle", "cwd": "/r"}));
    }
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🟡12\n");
    let built = cache_bytes(&ring);
    // Fewer than ring's threshold (8): the cache stays; from 8 on it is rewritten.
    for (n, id) in ids.iter().enumerate().take(8) {
        let text = format!(r#"{{"session_id": "{id}", "status": "waiting"}}"#);
        ring.replace_row(&format!("{id}.json"), &text);
        let idle = 12 - (n + 1);
        assert_eq!(ring.stdout(&["oneline"]), format!("🔴{} 🟡{idle}\n", n + 1));
        assert_eq!(
            cache_bytes(&ring) == built,
            n + 1 < 8,
            "after {} changes",
            n + 1
        );
    }
}

/// Every cache ring keeps is checked: a same-length edit of `rows.bin` (here the cached
/// row's cwd) used to be shown as the board until the folder changed, indefinitely.
#[test]
fn a_row_cache_edited_at_the_same_length_is_dropped_and_rebuilt() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "waiting", "cwd": "/repo/alpha"}));
    ring.age_sessions();
    // `oneline` keeps the caches; `list` only reads them.
    ring.stdout(&["oneline"]);
    assert!(ring.stdout(&["list"]).contains("alpha"));
    let cache = ring.ring.join("cache/rows.bin");
    let bytes = std::fs::read(&cache).expect("rows.bin");
    let at = bytes
        .windows(5)
        .position(|w| w == b"alpha")
        .expect("the cwd is in the cache");
    let mut edited = bytes.clone();
    edited[at..at + 5].copy_from_slice(b"omega");
    std::fs::write(&cache, &edited).expect("edit");
    let shown = ring.stdout(&["list"]);
    assert!(
        shown.contains("alpha") && !shown.contains("omega"),
        "the edited cache was trusted: {shown}"
    );
    ring.stdout(&["oneline"]);
    let rebuilt = std::fs::read(&cache).expect("rows.bin");
    assert!(rebuilt.windows(5).any(|w| w == b"alpha"), "not rebuilt");
}

/// The frame's format version of a cache file (bytes 8..12, `store::frame`).
pub fn frame_version(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(bytes[8..12].try_into().expect("a frame header"))
}

/// `bytes` with the frame's format version set to `version` (the checksum covers only the
/// payload: the file is otherwise valid, as one written by an older ring).
pub fn with_frame_version(bytes: &[u8], version: u32) -> Vec<u8> {
    let mut old = bytes.to_vec();
    old[8..12].copy_from_slice(&version.to_le_bytes());
    old
}

/// A `rows.bin` left by a ring of the previous format is not decoded as this one's (its
/// rows would be misread): it is dropped, the rows read from their files, and the cache
/// rewritten in the current format.
#[test]
fn a_row_cache_of_the_previous_format_is_dropped_and_rebuilt() {
    let ring = Ring::new();
    ring.row("s1", json!({"status": "waiting", "cwd": "/r"}));
    ring.age_sessions();
    assert_eq!(ring.stdout(&["oneline"]), "🔴1\n");
    let cache = ring.ring.join("cache/rows.bin");
    let current = std::fs::read(&cache).expect("rows.bin");
    let version = frame_version(&current);
    std::fs::write(&cache, with_frame_version(&current, version - 1)).expect("old cache");
    // Invisible to the folder: only a dropped cache shows the row as it is now.
    rewrite_in_place(
        &ring,
        "s1.json",
        r#"{"session_id": "s1", "status": "idle"}"#,
    );
    assert_eq!(ring.stdout(&["oneline"]), "🟡1\n");
    let rebuilt = std::fs::read(&cache).expect("rows.bin");
    assert_eq!(
        frame_version(&rebuilt),
        version,
        "rewritten in the current format"
    );
}

/// Issue 26: a skipped row's reason is kept in the cache in no language, so each run says it
/// in its own, whichever language built the cache.
#[test]
fn a_skipped_rows_reason_is_said_in_each_runs_language_from_the_cache() {
    use ring_shared::i18n::{Args, Lang, text_in};
    let ring = Ring::new();
    ring.row("ok", json!({"status": "idle"}))
        .file("list.json", "[1, 2]");
    ring.age_sessions();
    let path = ring.ring.join("sessions/list.json");
    // `oneline` writes the cache (in English); `json` reads it and reports the skipped file.
    let built = ring.run_with(&["oneline"], &[("RING_LANG", "en")]);
    assert_eq!(built.status.code(), Some(0), "{built:?}");
    assert!(ring.ring.join("cache/rows.bin").exists());
    for lang in [Lang::ZhHant, Lang::En, Lang::ZhHant] {
        let out = ring.run_with(&["json"], &[("RING_LANG", lang.tag())]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let mut args = Args::new();
        args.set("path", path.display().to_string());
        args.set("why", text_in(lang, "row-not-object", None));
        let said = text_in(lang, "list-skipped", Some(&args));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&said), "{lang:?}: {stderr}");
    }
}
