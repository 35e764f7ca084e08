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

/// Row files as read: in file-name order, with their file keys.
fn sample() -> Vec<(&'static str, FileKey, RowFile)> {
    vec![
        ("a.json", file(10), RowFile::Row(full_row())),
        (
            "bad.json",
            file(11),
            RowFile::Skipped("not valid JSON".into()),
        ),
        ("minimal.json", file(12), RowFile::Row(Row::new("minimal"))),
    ]
}

/// Writes `entries` as a cache of `key()` built at `built_at`; gives the file's bytes.
fn write(dir: &Path, built_at: f64, entries: &[(&str, FileKey, RowFile)]) -> Vec<u8> {
    let mut writer = Writer::new(key(), built_at, 0);
    for (name, file, content) in entries {
        if let Some(body) = encode_body(content) {
            writer.push(name, *file, &body);
        }
    }
    writer.store(dir, "rows.bin");
    read(&dir.join("rows.bin")).expect("cache file")
}

/// The entries of a cache file as the file level sees them.
fn slots(bytes: &[u8]) -> Option<Vec<(String, FileKey, RowFile)>> {
    let moved = Key {
        mtime: 1999.5,
        ..key()
    };
    match decode_for(bytes, moved, Path::new("/s")) {
        Loaded::Stale(slots) => slots
            .iter()
            .map(|s| Some((s.name.to_owned(), s.file, s.content()?)))
            .collect(),
        Loaded::Holds(_) | Loaded::None => None,
    }
}

fn owned(entries: Vec<(&str, FileKey, RowFile)>) -> Vec<(String, FileKey, RowFile)> {
    entries
        .into_iter()
        .map(|(name, file, content)| (name.to_owned(), file, content))
        .collect()
}

#[test]
fn entries_round_trip_through_the_cache_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bytes = write(dir.path(), 2000.0, &sample());
    assert_eq!(slots(&bytes), Some(owned(sample())));
}

#[test]
fn the_folder_level_holds_only_for_the_same_folder_state_and_binary() {
    assert!(holds(key(), 1000.0 + RACY_SECONDS, key()));
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
        assert!(!holds(key(), 1000.0 + RACY_SECONDS, other), "{other:?}");
    }
}

#[test]
fn a_cache_built_right_after_a_change_does_not_hold_for_the_folder() {
    assert!(!holds(key(), 1000.0 + RACY_SECONDS / 2.0, key()));
}

#[test]
fn phantoms_and_gone_files_have_no_body() {
    assert_eq!(encode_body(&RowFile::Phantom), None);
    assert_eq!(encode_body(&RowFile::Gone), None);
}

#[test]
fn a_corrupt_body_decodes_to_nothing() {
    let mut body = encode_body(&RowFile::Row(full_row())).expect("body");
    fn slot(body: &[u8]) -> Slot<'_> {
        Slot {
            name: "a.json",
            file: file(1),
            body,
        }
    }
    assert_eq!(slot(&body).content(), Some(RowFile::Row(full_row())));
    body.push(0);
    assert_eq!(slot(&body).content(), None);
    assert_eq!(slot(&body[..body.len() - 4]).content(), None);
    assert_eq!(slot(&[7]).content(), None);
}

#[test]
fn a_truncated_or_foreign_cache_is_no_cache() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bytes = write(dir.path(), 2000.0, &sample());
    assert_eq!(slots(&bytes[..bytes.len() - 3]), None);
    assert_eq!(slots(b"something else entirely"), None);
    assert_eq!(slots(b""), None);
    assert_eq!(read(&dir.path().join("missing.bin")), None);
}

#[test]
fn the_rows_come_ready_when_the_folder_level_holds_and_as_slots_otherwise() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bytes = write(dir.path(), 2000.0, &sample());
    match decode_for(&bytes, key(), Path::new("/s")) {
        Loaded::Holds(found) => {
            let ids: Vec<&str> = found.rows.iter().map(|r| r.session_id.as_str()).collect();
            assert_eq!(ids, ["s1", "minimal"]);
            assert_eq!(found.rows[0], full_row());
            assert_eq!(
                found.skipped,
                [(PathBuf::from("/s/bad.json"), "not valid JSON".to_owned())]
            );
        }
        _ => panic!("the folder level should hold"),
    }
    let moved = Key {
        mtime: 1999.5,
        ..key()
    };
    let Loaded::Stale(stale) = decode_for(&bytes, moved, Path::new("/s")) else {
        panic!("only the file level should be usable");
    };
    let names: Vec<&str> = stale.iter().map(|s| s.name).collect();
    assert_eq!(names, ["a.json", "bad.json", "minimal.json"]);
    let new_binary = Key {
        exe_mtime: 6.0,
        ..moved
    };
    assert!(matches!(
        decode_for(&bytes, new_binary, Path::new("/s")),
        Loaded::None
    ));
}
