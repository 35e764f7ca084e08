use super::*;

fn write_op(json: &[u8]) -> Op<'_> {
    Op::Write {
        file: (42, json.len() as u64, 1700000000.5),
        json,
    }
}

fn key(sec: i64, nsec: u32) -> FolderState {
    FolderState {
        dev: 1,
        ino: 2,
        sec,
        nsec,
    }
}

/// A ring folder with `sessions/` and the journal's folder; gives (root, sessions, cache).
fn folders() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let root = tempfile::tempdir().expect("tempdir");
    let sessions = root.path().join("sessions");
    std::fs::create_dir(&sessions).expect("sessions");
    let cache = root.path().join("cache");
    (root, sessions, cache)
}

fn journal_entries(cache: &Path) -> Vec<(FolderState, FolderState, String, bool)> {
    let journal = Journal::open(cache).expect("journal");
    let bytes = journal.read_from(HEADER_LEN).expect("read");
    entries(&bytes)
        .expect("entries")
        .into_iter()
        .map(|e| (e.before, e.after, e.name.to_owned(), e.op == Op::Remove))
        .collect()
}

#[test]
fn entries_round_trip_and_torn_ones_are_refused() {
    let json = br#"{"session_id": "s"}"#;
    let first = Entry {
        before: key(10, 5),
        after: key(11, 999_999_999),
        name: "s.json",
        op: write_op(json),
    };
    let second = Entry {
        before: key(11, 999_999_999),
        after: key(12, 0),
        name: "t.json",
        op: Op::Remove,
    };
    let mut bytes = first.encode();
    bytes.extend(second.encode());
    assert_eq!(entries(&bytes), Some(vec![first, second]));
    assert_eq!(entries(&bytes[..bytes.len() - 1]), None);
    assert_eq!(entries(&[]), Some(Vec::new()));
}

#[rstest::rstest]
#[case::within_a_second(key(5, 7), key(5, 6))]
#[case::on_a_second(key(5, 0), key(4, 999_999_999))]
fn a_signature_is_one_nanosecond_before_the_kernel_time(
    #[case] kernel: FolderState,
    #[case] want: FolderState,
) {
    assert_eq!(kernel.signed(), want);
}

#[test]
fn a_journaled_change_signs_the_folder_and_chains_entries() {
    let (_root, sessions, cache) = folders();
    let change = Change::begin(&cache, &sessions).expect("begin");
    let before = FolderState::stat(&sessions).expect("stat");
    std::fs::write(sessions.join("a.json"), "{}").expect("write");
    let kernel = FolderState::stat(&sessions).expect("stat");
    assert!(change.commit("a.json", write_op(b"{}")));
    let first_after = FolderState::stat(&sessions).expect("stat");
    assert_eq!(
        first_after,
        kernel.signed(),
        "the folder carries the signature"
    );

    let change = Change::begin(&cache, &sessions).expect("begin");
    std::fs::remove_file(sessions.join("a.json")).expect("remove");
    assert!(change.commit("a.json", Op::Remove));
    let now = FolderState::stat(&sessions).expect("stat");
    assert_eq!(
        journal_entries(&cache),
        [
            (before, first_after, "a.json".to_owned(), false),
            (first_after, now, "a.json".to_owned(), true),
        ]
    );
}

#[test]
fn any_later_change_leaves_a_state_no_signature_has() {
    let (_root, sessions, cache) = folders();
    let change = Change::begin(&cache, &sessions).expect("begin");
    std::fs::write(sessions.join("a.json"), "{}").expect("write");
    assert!(change.commit("a.json", write_op(b"{}")));
    let signed = FolderState::stat(&sessions).expect("stat");
    // A foreign writer at once, inside the same clock tick: the kernel's time is later.
    std::fs::write(sessions.join("b.json"), "{}").expect("write");
    assert_ne!(FolderState::stat(&sessions).expect("stat"), signed);
}

#[test]
fn the_hook_does_not_wait_long_for_a_busy_journal() {
    let (_root, sessions, cache) = folders();
    let held = Change::begin(&cache, &sessions).expect("begin");
    assert!(Change::begin(&cache, &sessions).is_none());
    drop(held);
    assert!(Change::begin(&cache, &sessions).is_some());
}

#[test]
fn a_full_journal_takes_no_more_entries() {
    let (_root, sessions, cache) = folders();
    drop(Change::begin(&cache, &sessions).expect("begin"));
    let file = std::fs::OpenOptions::new()
        .append(true)
        .open(cache.join(JOURNAL))
        .expect("open");
    file.set_len(JOURNAL_CAP + 1).expect("grow");
    assert!(Change::begin(&cache, &sessions).is_none());
}

#[test]
fn rotation_starts_a_new_epoch_only_when_the_folder_is_as_expected() {
    let (_root, sessions, cache) = folders();
    let change = Change::begin(&cache, &sessions).expect("begin");
    std::fs::write(sessions.join("a.json"), "{}").expect("write");
    assert!(change.commit("a.json", write_op(b"{}")));
    let old = Journal::open(&cache).expect("journal");
    assert!(old.len > HEADER_LEN);
    let stale = key(1, 0);
    assert_eq!(rotate(&cache, &sessions, stale, old.len), None);
    assert_eq!(Journal::open(&cache).expect("journal").len, old.len);
    let now = FolderState::stat(&sessions).expect("stat");
    assert_eq!(
        rotate(&cache, &sessions, now, old.len - 1),
        None,
        "an entry unseen"
    );
    let (epoch, len) = rotate(&cache, &sessions, now, old.len).expect("rotated");
    let new = Journal::open(&cache).expect("journal");
    assert_eq!((new.epoch, new.len), (epoch, len));
    assert_ne!(new.epoch, old.epoch);
    assert_eq!(len, HEADER_LEN);
}

#[test]
fn a_change_made_without_the_journal_leaves_an_entry_that_breaks_chains() {
    let (_root, sessions, cache) = folders();
    note_unjournaled(&cache);
    assert!(
        Journal::open(&cache).is_none(),
        "no journal, nothing to note"
    );
    let change = Change::begin(&cache, &sessions).expect("begin");
    std::fs::write(sessions.join("a.json"), "{}").expect("write");
    assert!(change.commit("a.json", write_op(b"{}")));
    note_unjournaled(&cache);
    let found = journal_entries(&cache);
    assert_eq!(found.len(), 2);
    assert_eq!(
        found[1].1,
        FolderState::default(),
        "no state follows a breaker"
    );
}
