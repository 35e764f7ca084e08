//! Issue 27: a remote session that starts waiting notifies like a local one, named
//! `host:project`, once per wait, and a host that failed and came back does not ring again
//! for its old waits. A real sshd on 127.0.0.1 ([`crate::remote_support`]) stands in for the
//! host; the command channel keeps each note as a file.

use crate::e2e_tmux::world::poll;
use crate::lang_support::{pieces, tr};
use crate::remote_support::{Host, Sshd, hook};
use serde_json::json;
use std::path::Path;
use std::time::Duration;

fn event(name: &str, id: &str, cwd: &str) -> serde_json::Value {
    match name {
        "wait" => json!({"hook_event_name": "Notification", "session_id": id, "cwd": cwd,
                         "notification_type": "permission_prompt",
                         "message": "Claude needs your permission to use Bash"}),
        _ => json!({"hook_event_name": "UserPromptSubmit", "session_id": id, "cwd": cwd,
                    "prompt": "go"}),
    }
}

fn notes(dir: &Path) -> Vec<serde_json::Value> {
    let mut notes: Vec<serde_json::Value> = std::fs::read_dir(dir)
        .expect("notes")
        .flatten()
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .filter_map(|text| serde_json::from_str(&text).ok())
        .collect();
    notes.sort_by(|a, b| a["title"].as_str().cmp(&b["title"].as_str()));
    notes
}

#[test]
fn a_remote_wait_notifies_once_and_a_host_back_from_failing_rings_only_for_new_waits() {
    if !crate::remote_support::sshd_available() {
        return;
    }
    let root = tempfile::tempdir().expect("root");
    let home = root.path().join("home");
    std::fs::create_dir_all(&home).expect("home");
    let failing = root.path().join("failing");
    // Fails while the flag is there (a host that stopped answering), answers otherwise.
    let host = Host::new("dev", root.path()).forced(format!(
        "if [ -e {} ]; then exit 255; fi; exec sh -c \\\"$SSH_ORIGINAL_COMMAND\\\"",
        failing.display()
    ));
    let (ring_home, procs) = (host.ring_home.clone(), host.procs.clone());
    let alive = json!({"claude-code": [["/srv/api", null], ["/srv/web", null]], "codex": []});
    std::fs::write(&procs, alive.to_string()).expect("procs");
    hook(&ring_home, &home, &event("work", "s-api", "/srv/api"));
    hook(&ring_home, &home, &event("work", "s-web", "/srv/web"));
    let sshd = Sshd::start(&[host]);
    let dir = root.path().join("notes");
    std::fs::create_dir_all(&dir).expect("notes dir");
    let config = format!(
        "remote_timeout_seconds = 20\nnotify_backend = 'command'\n\
         notify_command = 'cat > {}/$$.json'\nnotify_repeat_max = 0\n",
        dir.display()
    );
    sshd.configure(&["dev"], &config);
    let refresh = || {
        let (_, out, err) = sshd.run(&["remote", "refresh", "dev"]);
        format!("{out}{err}")
    };

    // The first snapshot is the baseline; then api starts waiting on the host.
    let ok = format!("dev  {}", pieces("remote-ok", &[]).swap_remove(0));
    let said = refresh();
    assert!(said.contains(&ok), "{said}");
    hook(&ring_home, &home, &event("wait", "s-api", "/srv/api"));
    refresh();
    poll(Duration::from_secs(20), || {
        (notes(&dir).len() == 1).then_some(())
    });
    let first = notes(&dir);
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first[0]["session_id"], "dev:s-api", "{first:?}");
    assert!(
        first[0]["title"]
            .as_str()
            .is_some_and(|t| t.contains("dev:api")),
        "{first:?}"
    );

    // The same wait, fetched again: no second note.
    refresh();
    // The host fails (its sessions go stale); web starts waiting meanwhile; it comes back.
    std::fs::write(&failing, "").expect("flag");
    let said = refresh();
    let ssh_failed = tr("remote-why", &[("why", &tr("remote-ssh-failed", &[]))]);
    assert!(said.contains(&ssh_failed), "the host failed: {said}");
    hook(&ring_home, &home, &event("wait", "s-web", "/srv/web"));
    std::fs::remove_file(&failing).expect("flag gone");
    let said = refresh();
    assert!(
        said.contains(&ok)
            && !said.contains(&ssh_failed)
            && !said.contains(&pieces("remote-why", &[]).swap_remove(0)),
        "back: {said}"
    );
    poll(Duration::from_secs(20), || {
        (notes(&dir).len() >= 2).then_some(())
    });
    let all = notes(&dir);
    let ids: Vec<&str> = all
        .iter()
        .filter_map(|n| n["session_id"].as_str())
        .collect();
    assert_eq!(ids.len(), 2, "one note per wait: {all:?}");
    assert!(
        ids.contains(&"dev:s-web"),
        "the wait that began meanwhile rang: {all:?}"
    );
    assert_eq!(
        ids.iter().filter(|id| **id == "dev:s-api").count(),
        1,
        "the old wait did not ring again: {all:?}"
    );
}
