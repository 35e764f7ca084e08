//! A ring folder that another user owns, or that other users can write in, is refused by the
//! hook (as OpenSSH refuses such a `~/.ssh` and git an unsafe `safe.directory`): exit 0,
//! nothing printed, nothing written — not even `ring.log`, which would live in it.
//!
//! Root writes through any mode bits, so each case runs the hook as the user whose rules it
//! tests: `nobody` in a folder `nobody` owns but others can write, and root in a folder that
//! `nobody` owns.

use crate::hook_support;
use crate::other_user::{NOBODY, binary, chown_tree, own_uid};

use hook_support::{Home, T0, assert_hook_contract, tree};
use serde_json::json;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;

fn run_hook(h: &Home, as_uid: Option<u32>) {
    let mut cmd = std::process::Command::new(binary());
    if let Some(uid) = as_uid {
        cmd.uid(uid).gid(uid);
    }
    cmd.arg("hook");
    for var in Home::REMOVED {
        cmd.env_remove(var);
    }
    cmd.envs(h.vars(T0)).env("RING_DEBUG_PAYLOAD_LOG", "1");
    let event = json!({"session_id": "s1", "hook_event_name": "UserPromptSubmit", "cwd": "/repo", "prompt": "hi"});
    let out = assert_cmd::Command::from_std(cmd)
        .write_stdin(event.to_string())
        .output()
        .expect("hook");
    assert_hook_contract(&out);
}

#[test]
fn a_ring_folder_others_can_write_in_is_refused() {
    if own_uid() != 0 {
        eprintln!("skipped: needs root to run the hook as nobody");
        return;
    }
    for mode in [0o777, 0o770, 0o1777] {
        let h = Home::new();
        std::fs::create_dir(h.ring()).expect("ring");
        // nobody owns the whole fixture, as a user owns their HOME.
        chown_tree(h.dir.path(), NOBODY);
        std::fs::set_permissions(h.dir.path(), std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
        std::fs::set_permissions(h.ring(), std::fs::Permissions::from_mode(mode)).expect("chmod");
        run_hook(&h, Some(NOBODY));
        assert_eq!(tree(&h.ring()), Vec::<String>::new(), "mode {mode:04o}");
        // The same folder made private is used.
        std::fs::set_permissions(h.ring(), std::fs::Permissions::from_mode(0o700)).expect("chmod");
        run_hook(&h, Some(NOBODY));
        assert!(h.row("s1.json").is_some(), "{:?}", tree(&h.ring()));
    }
}

#[test]
fn a_ring_folder_owned_by_another_user_is_refused() {
    if own_uid() != 0 {
        eprintln!("skipped: needs root to own a folder of another user");
        return;
    }
    let h = Home::new();
    std::fs::create_dir(h.ring()).expect("ring");
    std::fs::set_permissions(h.ring(), std::fs::Permissions::from_mode(0o700)).expect("chmod");
    std::os::unix::fs::lchown(h.ring(), Some(NOBODY), Some(NOBODY)).expect("chown");
    run_hook(&h, None);
    assert_eq!(tree(&h.ring()), Vec::<String>::new());
}
