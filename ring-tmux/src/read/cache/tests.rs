use super::*;
use ring_shared::Row;
use ring_shared::registry::Status;
use std::path::PathBuf;

fn full_row() -> Row {
    Row {
        session_id: "s1".into(),
        provider: "codex".into(),
        cwd: "/r/重構".into(),
        origin_cwd: "/r".into(),
        status: Status::Waiting,
        last_event: Some("PermissionRequest".into()),
        last_active: 1700000000.25,
        heartbeat_at: 1700000001.5,
        last_action: "→ Bash: ls".into(),
        hook_pid: Some(42),
        source_path: "/t.jsonl".into(),
        tmux_pane: Some("%3".into()),
        todo: Some((1, 4)),
        waiting_for: "approval".into(),
        pending_permission_detail: Some("Bash: rm".into()),
        pending_permission_detail_at: Some(1699999999.0),
        waiting_kind: "permission".into(),
        waiting_detail: "Bash: rm".into(),
        tty: Some("/dev/pts/3".into()),
        waiting_notified_at: Some(1700000000.0),
        tmux_socket: Some("/tmp/tmux-0/default".into()),
        zellij_session: Some("z".into()),
        zellij_pane: Some("7".into()),
        agent_pid: Some(-1),
    }
}

fn key() -> Key {
    Key {
        dev: 1,
        ino: 2,
        mtime: 1000.0,
        exe_mtime: 5.0,
    }
}

fn file(ino: u64) -> FileKey {
    FileKey {
        ino,
        size: 100,
        mtime: 900.5,
    }
}

fn sample(built_at: f64) -> Cached {
    Cached {
        key: key(),
        built_at,
        entries: vec![
            Entry {
                name: "a.json".into(),
                file: file(10),
                content: RowFile::Row(full_row()),
            },
            Entry {
                name: "bad.json".into(),
                file: file(11),
                content: RowFile::Skipped("not valid JSON".into()),
            },
            Entry {
                name: "minimal.json".into(),
                file: file(12),
                content: RowFile::Row(Row::new("minimal")),
            },
        ],
    }
}

#[test]
fn entries_round_trip_through_the_cache_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    store(dir.path(), "rows.bin", &sample(2000.0));
    assert_eq!(load(&dir.path().join("rows.bin")), Some(sample(2000.0)));
}

#[test]
fn row_files_keep_file_name_order_and_name_skipped_files() {
    let found = sample(2000.0).into_row_files(Path::new("/s"));
    let ids: Vec<&str> = found.rows.iter().map(|r| r.session_id.as_str()).collect();
    assert_eq!(ids, ["s1", "minimal"]);
    assert_eq!(
        found.skipped,
        [(PathBuf::from("/s/bad.json"), "not valid JSON".to_owned())]
    );
}

#[test]
fn the_folder_level_holds_only_for_the_same_folder_state_and_binary() {
    let cached = sample(1000.0 + RACY_SECONDS);
    assert!(cached.holds_for(key()));
    for other in [
        Key {
            mtime: 1000.5,
            ..key()
        },
        Key { ino: 3, ..key() },
        Key {
            exe_mtime: 6.0,
            ..key()
        },
    ] {
        assert!(!cached.holds_for(other), "{other:?}");
    }
}

#[test]
fn a_cache_built_right_after_a_change_does_not_hold_for_the_folder() {
    assert!(!sample(1000.0 + RACY_SECONDS / 2.0).holds_for(key()));
}

#[test]
fn phantoms_and_gone_files_are_not_stored() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut cached = sample(2000.0);
    cached.entries.push(Entry {
        name: "p.json".into(),
        file: file(13),
        content: RowFile::Phantom,
    });
    store(dir.path(), "rows.bin", &cached);
    assert_eq!(load(&dir.path().join("rows.bin")), Some(sample(2000.0)));
}

#[test]
fn a_truncated_or_foreign_cache_is_no_cache() {
    let dir = tempfile::tempdir().expect("tempdir");
    store(dir.path(), "rows.bin", &sample(2000.0));
    let path = dir.path().join("rows.bin");
    let bytes = std::fs::read(&path).expect("read");
    std::fs::write(&path, &bytes[..bytes.len() - 3]).expect("truncate");
    assert_eq!(load(&path), None);
    std::fs::write(&path, b"something else entirely").expect("write");
    assert_eq!(load(&path), None);
    assert_eq!(load(&dir.path().join("missing.bin")), None);
}

#[test]
fn load_for_gives_the_rows_when_the_folder_level_holds_and_the_entries_otherwise() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("rows.bin");
    store(dir.path(), "rows.bin", &sample(2000.0));
    match load_for(&file, key(), Path::new("/s")) {
        Loaded::Holds(found) => {
            let want = sample(2000.0).into_row_files(Path::new("/s"));
            assert_eq!(found.rows, want.rows);
            assert_eq!(found.skipped, want.skipped);
        }
        _ => panic!("the folder level should hold"),
    }
    let moved = Key {
        mtime: 1999.5,
        ..key()
    };
    assert!(
        matches!(load_for(&file, moved, Path::new("/s")), Loaded::Stale(c) if c == sample(2000.0))
    );
    assert!(matches!(
        load_for(&dir.path().join("none"), key(), Path::new("/s")),
        Loaded::None
    ));
}
