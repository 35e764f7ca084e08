//! Symlinks planted in the ring folder never redirect a write: every file ring writes there
//! (lock files, logs, the hidden list's lock, tmux state) is opened without
//! following links, so the file a link points to keeps its bytes and its mode, and the
//! target of a dangling link is never created.

use crate::hook_support;

use hook_support::{Home, T0};
use serde_json::json;
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};

/// A file outside the ring folder that a planted link points to.
struct Victim {
    path: PathBuf,
}

impl Victim {
    fn new(dir: &Path, name: &str) -> Victim {
        let path = dir.join(name);
        fs::write(&path, format!("victim {name}\n")).expect("victim");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("chmod");
        Victim { path }
    }

    fn assert_untouched(&self, why: &str) {
        let name = self.path.file_name().expect("name").to_string_lossy();
        assert_eq!(
            fs::read_to_string(&self.path).expect("victim"),
            format!("victim {name}\n"),
            "{why}: {} was written through",
            self.path.display()
        );
        let mode = fs::metadata(&self.path).expect("victim").mode() & 0o777;
        assert_eq!(mode, 0o644, "{why}: {} was chmod'ed", self.path.display());
    }
}

fn plant(ring: &Path, rel: &str, target: &Path) {
    let link = ring.join(rel);
    fs::create_dir_all(link.parent().expect("parent")).expect("mkdir");
    symlink(target, link).expect("symlink");
}

/// The names in `dir` (what a write through a link left there).
fn names_in(dir: &Path) -> Vec<std::ffi::OsString> {
    fs::read_dir(dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .collect()
}

fn private_dir(path: &Path) {
    fs::create_dir_all(path).expect("mkdir");
    fs::set_permissions(path, fs::Permissions::from_mode(0o700)).expect("chmod");
}

#[test]
fn hook_writes_never_follow_links_planted_in_the_ring_folder() {
    let h = Home::new();
    let outside = h.dir.path().join("outside");
    fs::create_dir(&outside).expect("outside");
    let ring = h.ring();
    for dir in ["", "sessions", "sessions/.locks", "cache"] {
        private_dir(&ring.join(dir));
    }
    // The session is hidden, so the hook takes the hidden list's lock to un-hide it.
    fs::write(
        ring.join("deleted_sessions.json"),
        r#"{"s1": "2023-11-14T22:13:20+00:00"}"#,
    )
    .expect("hidden");
    let planted = [
        ("sessions/.locks/s1.lock", "lock"),
        ("events.jsonl", "events"),
        ("hook_payloads.jsonl", "payloads"),
        ("ring.log", "log"),
        ("deleted_sessions.json.lock", "hidden-lock"),
    ];
    let victims: Vec<Victim> = planted
        .iter()
        .map(|(rel, name)| {
            let victim = Victim::new(&outside, name);
            plant(&ring, rel, &victim.path);
            victim
        })
        .collect();
    let event = json!({"session_id": "s1", "hook_event_name": "UserPromptSubmit", "cwd": "/repo", "prompt": "hi"});
    h.event_logging_payloads(event.clone(), T0);
    for ((rel, _), victim) in planted.iter().zip(&victims) {
        victim.assert_untouched(rel);
        assert!(
            fs::symlink_metadata(ring.join(rel))
                .expect("link")
                .file_type()
                .is_symlink(),
            "{rel}: the link itself is left for the user to see"
        );
    }

    // Dangling links: their targets are never created.
    let h = Home::new();
    let ring = h.ring();
    for dir in ["", "sessions", "sessions/.locks", "cache"] {
        private_dir(&ring.join(dir));
    }
    let gone = h.dir.path().join("gone");
    fs::create_dir(&gone).expect("gone");
    for (rel, name) in planted {
        plant(&ring, rel, &gone.join(name));
    }
    h.event_logging_payloads(event, T0);
    let created = names_in(&gone);
    assert!(
        created.is_empty(),
        "dangling links' targets created: {created:?}"
    );
}

#[test]
fn tmux_state_files_replace_a_planted_link_instead_of_writing_through_it() {
    let h = Home::new();
    let outside = h.dir.path().join("outside");
    fs::create_dir(&outside).expect("outside");
    let ring = h.ring();
    private_dir(&ring.join("tmux"));
    let jump = Victim::new(&outside, "jump");
    plant(&ring, "tmux/jump-last", &jump.path);
    // The repair stamp's name depends on the socket: let claim name it, then plant a link there.
    let repair = Victim::new(&outside, "repair");
    assert!(ring_tmux::testing::drift::claim(&ring, "/tmp/sock", 1));
    let stamps: Vec<PathBuf> = fs::read_dir(ring.join("tmux"))
        .expect("list")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n != "jump-last"))
        .collect();
    assert_eq!(stamps.len(), 1, "{stamps:?}");
    fs::remove_file(&stamps[0]).expect("rm");
    symlink(&repair.path, &stamps[0]).expect("symlink");

    // An hour old: the next repair is due, and its stamp is written.
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options()
        .append(true)
        .open(&repair.path)
        .and_then(|f| f.set_modified(hour_ago))
        .expect("mtime");
    ring_tmux::testing::jump::remember_last(&ring, "s1");
    assert!(ring_tmux::testing::drift::claim(&ring, "/tmp/sock", 2));
    jump.assert_untouched("tmux/jump-last");
    repair.assert_untouched("tmux/repair-*");
    assert_eq!(
        fs::read_to_string(ring.join("tmux/jump-last")).expect("jump-last"),
        "s1"
    );

    // A folder linked in place of tmux/ is refused: nothing is written into its target.
    let h = Home::new();
    let ring = h.ring();
    private_dir(&ring);
    let elsewhere = h.dir.path().join("elsewhere");
    private_dir(&elsewhere);
    symlink(&elsewhere, ring.join("tmux")).expect("symlink");
    ring_tmux::testing::jump::remember_last(&ring, "s1");
    assert!(!ring_tmux::testing::drift::claim(&ring, "/tmp/sock", 1));
    assert_eq!(fs::read_dir(&elsewhere).expect("list").count(), 0);
}

/// The hook opens the ring folder once and reaches `sessions/`, `.locks/` and `.ended/` from
/// it: a link in place of any of these folders is refused, never followed, and nothing is
/// created where it points.
#[rstest::rstest]
#[case::sessions("sessions", "UserPromptSubmit")]
#[case::locks("sessions/.locks", "UserPromptSubmit")]
#[case::tombstones("sessions/.ended", "SessionEnd")]
fn the_hook_never_writes_into_a_linked_folder(#[case] rel: &str, #[case] event: &str) {
    let h = Home::new();
    let ring = h.ring();
    private_dir(&ring.join("sessions"));
    if event == "SessionEnd" {
        h.event(json!({"session_id": "s1", "hook_event_name": "UserPromptSubmit", "cwd": "/repo", "prompt": "hi"}), T0);
        assert!(h.row("s1.json").is_some(), "the row to end");
    }
    let outside = h.dir.path().join("outside");
    private_dir(&outside);
    if ring.join(rel).exists() {
        fs::remove_dir_all(ring.join(rel)).expect("rm");
    }
    symlink(&outside, ring.join(rel)).expect("symlink");
    let out = h.event(
        json!({"session_id": "s1", "hook_event_name": event, "cwd": "/repo", "prompt": "hi"}),
        T0 + 1.0,
    );
    hook_support::assert_hook_contract(&out);
    let created = names_in(&outside);
    assert!(
        created.is_empty(),
        "{rel}: written through the link: {created:?}"
    );
    assert!(
        fs::symlink_metadata(ring.join(rel))
            .expect("link")
            .file_type()
            .is_symlink(),
        "{rel}: the link itself is left for the user to see"
    );
}
