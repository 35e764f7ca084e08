use super::*;

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

fn sample() -> RowFiles {
    RowFiles {
        rows: vec![full_row(), Row::new("minimal")],
        skipped: vec![(PathBuf::from("/s/bad.json"), "not valid JSON".into())],
        phantoms: Vec::new(),
    }
}

#[test]
fn rows_round_trip_through_the_cache() {
    let dir = tempfile::tempdir().expect("tempdir");
    store(
        dir.path(),
        "rows.bin",
        key(),
        1000.0 + RACY_SECONDS,
        &sample(),
    );
    let loaded = load(&dir.path().join("rows.bin"), key()).expect("cache hit");
    assert_eq!(loaded.rows, sample().rows);
    assert_eq!(loaded.skipped, sample().skipped);
}

#[test]
fn a_changed_folder_or_binary_misses() {
    let dir = tempfile::tempdir().expect("tempdir");
    store(dir.path(), "rows.bin", key(), 2000.0, &sample());
    let file = dir.path().join("rows.bin");
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
        assert!(load(&file, other).is_none(), "{other:?}");
    }
}

#[test]
fn a_cache_built_right_after_a_change_is_not_trusted() {
    let dir = tempfile::tempdir().expect("tempdir");
    store(
        dir.path(),
        "rows.bin",
        key(),
        1000.0 + RACY_SECONDS / 2.0,
        &sample(),
    );
    assert!(load(&dir.path().join("rows.bin"), key()).is_none());
}

#[test]
fn a_truncated_or_foreign_cache_misses() {
    let dir = tempfile::tempdir().expect("tempdir");
    store(dir.path(), "rows.bin", key(), 2000.0, &sample());
    let file = dir.path().join("rows.bin");
    let bytes = std::fs::read(&file).expect("read");
    std::fs::write(&file, &bytes[..bytes.len() - 3]).expect("truncate");
    assert!(load(&file, key()).is_none());
    std::fs::write(&file, b"something else entirely").expect("write");
    assert!(load(&file, key()).is_none());
    assert!(load(&dir.path().join("missing.bin"), key()).is_none());
}
