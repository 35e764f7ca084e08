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
        last_event_owner: Some("agent:a1".into()),
        last_tool_use_id: Some("toolu_1".into()),
        waiting_requests: Some(vec![ring_shared::owner::Wait {
            owner: "agent:a1".into(),
            kind: "permission".into(),
            detail: "Bash: rm".into(),
            waiting_for: "approval".into(),
            since: 1699999998.5,
            revision: "r1".into(),
            tool_use_id: "toolu_1".into(),
            agent_type: "reviewer".into(),
        }]),
        pending_permissions: Some(vec![ring_shared::owner::Pending {
            owner: "agent:a1".into(),
            request_id: "toolu_1".into(),
            detail: "Bash: rm".into(),
            at: 1699999999.0,
        }]),
        waiting_agent_id: Some("a1".into()),
        tmux_socket: Some("/tmp/tmux-0/default".into()),
        zellij_session: Some("z".into()),
        zellij_pane: Some("7".into()),
        agent_pid: Some(-1),
        agent_start: Some(-2),
        term_env: [("NVIM".to_owned(), "/run/user/1000/nvim.7.0".to_owned())].into(),
    }
}

fn key() -> Key {
    Key {
        dir: FolderState {
            dev: 1,
            ino: 2,
            sec: 1000,
            nsec: 0,
        },
        exe_mtime: 5.0,
    }
}

/// `key()` with the folder's mtime at `sec` + `nsec`.
fn at(sec: i64, nsec: u32) -> Key {
    Key {
        dir: FolderState {
            sec,
            nsec,
            ..key().dir
        },
        ..key()
    }
}

/// A cache built at `built_at`.
fn listed(built_at: f64) -> Meta {
    Meta { built_at }
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
    let mut writer = Writer::new(key(), &listed(built_at), 0);
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
    match decode_for(bytes, at(1999, 500_000_000), Path::new("/s")) {
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
    let meta = listed(1000.0 + RACY_SECONDS);
    assert!(holds(key(), &meta, key()));
    for other in [
        at(1000, 1),
        Key {
            dir: FolderState {
                ino: 3,
                ..key().dir
            },
            ..key()
        },
        Key {
            exe_mtime: 6.0,
            ..key()
        },
    ] {
        assert!(!holds(key(), &meta, other), "{other:?}");
    }
}

#[test]
fn a_cache_built_right_after_a_change_does_not_hold_for_the_folder() {
    let meta = listed(1000.0 + RACY_SECONDS / 2.0);
    assert!(!holds(key(), &meta, key()));
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

/// The rows when the folder level holds for `bytes`.
fn ready(bytes: &[u8]) -> Option<RowFiles> {
    match decode_for(bytes, key(), Path::new("/s")) {
        Loaded::Holds(found) => Some(found),
        Loaded::Stale(..) | Loaded::None => None,
    }
}

#[test]
fn a_truncated_or_foreign_cache_is_no_cache() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bytes = write(dir.path(), 2000.0, &sample());
    // Both levels, at every cut of the file and inside a valid frame at every cut of the
    // payload (what a checksum collision or a bug would leave).
    crate::store::codec::assert_every_cut_is_refused(&bytes, slots);
    crate::store::codec::assert_every_cut_is_refused(&bytes, ready);
    let payload = frame::unseal(KIND, VERSION, &bytes)
        .expect("payload")
        .to_vec();
    let sealed_cut = |cut: &[u8]| frame::seal(KIND, VERSION, cut);
    crate::store::codec::assert_every_cut_is_refused(&payload, |p| slots(&sealed_cut(p)));
    crate::store::codec::assert_every_cut_is_refused(&payload, |p| ready(&sealed_cut(p)));
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
    let moved = at(1999, 500_000_000);
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

#[test]
fn a_hostile_entry_count_is_refused_without_reading_on() {
    let mut frame = Frame::new(KIND, VERSION, 0);
    frame.w.put(&key());
    frame.w.put(&listed(2000.0));
    frame.w.u32(u32::MAX);
    frame.w.raw(&[0; 200]);
    let bytes = frame.seal();
    assert!(slots(&bytes).is_none() && ready(&bytes).is_none());
}

#[test]
fn a_cache_of_the_previous_format_is_no_cache() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bytes = write(dir.path(), 2000.0, &sample());
    let payload = frame::unseal(KIND, VERSION, &bytes).expect("payload");
    let old = frame::seal(KIND, VERSION - 1, payload);
    assert!(ready(&bytes).is_some());
    assert!(ready(&old).is_none() && slots(&old).is_none());
}
