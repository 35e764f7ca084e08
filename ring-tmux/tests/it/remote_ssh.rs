//! Issue 27, "every host on one board": a real sshd on 127.0.0.1 stands in for the other
//! machines ([`crate::remote_support`]); each host has its own ring folder with rows the
//! real hook wrote. Two answer, one hangs (its forced command sleeps once a flag file is
//! there), one refuses (a closed port).

use crate::e2e_tmux::world::poll;
use crate::lang_support::{pieces, tr};
use crate::remote_support::{Host, Sshd, closed_port, hook};
use serde_json::json;
use std::path::Path;
use std::time::Duration;

/// How `remote list` / `refresh` starts a host's line in the state `key` (`remote-ok`: "hosta  ok ").
fn host_state(host: &str, key: &str) -> String {
    let state = pieces(key, &[]).swap_remove(0);
    format!("{host}  {state}")
}

fn waiting(id: &str, cwd: &str) -> serde_json::Value {
    json!({"hook_event_name": "Notification", "session_id": id, "cwd": cwd,
           "notification_type": "permission_prompt",
           "message": "Claude needs your permission to use Bash"})
}

fn working(id: &str, cwd: &str) -> serde_json::Value {
    json!({"hook_event_name": "UserPromptSubmit", "session_id": id, "cwd": cwd, "prompt": "go"})
}

fn alive(procs: &Path, cwds: &[&str]) {
    let list: Vec<serde_json::Value> = cwds.iter().map(|c| json!([c, null])).collect();
    let doc = json!({"claude-code": list, "codex": []});
    std::fs::write(procs, doc.to_string()).expect("procs");
}

#[test]
fn two_hosts_share_the_board_a_hung_one_goes_stale_and_a_refused_one_is_unreachable() {
    if !crate::remote_support::sshd_available() {
        return;
    }
    let root = tempfile::tempdir().expect("root");
    let home = root.path().join("home");
    std::fs::create_dir_all(&home).expect("home");
    let (a, b) = (
        Host::new("hosta", root.path()),
        Host::new("hostb", root.path()),
    );
    let mut hung = Host::new("hung", root.path());
    let flag = root.path().join("hang");
    // Answers until the flag is there, then never (within the test).
    hung.forced = Some(format!(
        "if [ -e {} ]; then exec sleep 40; fi; exec sh -c \\\"$SSH_ORIGINAL_COMMAND\\\"",
        flag.display()
    ));
    let mut refused = Host::new("refused", root.path());
    refused.port = Some(closed_port());
    hook(&a.ring_home, &home, &waiting("s-a", "/srv/api"));
    alive(&a.procs, &["/srv/api"]);
    hook(&b.ring_home, &home, &working("s-b", "/srv/web"));
    alive(&b.procs, &["/srv/web"]);
    hook(&hung.ring_home, &home, &working("s-h", "/srv/etl"));
    alive(&hung.procs, &["/srv/etl"]);
    let sshd = Sshd::start(&[a, b, hung, refused]);
    sshd.add_config(&sshd.config_lines());
    for alias in ["hosta", "hostb", "hung", "refused"] {
        let (ok, out, err) = sshd.run(&["remote", "add", alias]);
        assert!(ok, "remote add {alias}: {out}{err}");
    }
    // Long enough that a refresh of the hung host is surely still running when the status
    // line (which must not wait for it) has printed.
    sshd.add_config(
        "remote_timeout_seconds = 30\nremote_stale_seconds = 2\nremote_refresh_seconds = 2\n",
    );

    let (ok, out, err) = sshd.run(&["remote", "refresh"]);
    assert!(!ok, "a refused host fails the refresh: {out}{err}");
    assert!(
        ["hosta", "hostb", "hung"]
            .iter()
            .all(|host| out.contains(&host_state(host, "remote-ok"))),
        "{out}"
    );
    let unreachable = host_state("refused", "remote-unreachable");
    assert!(out.contains(&unreachable), "{out}");

    // The laptop's board: both hosts' sessions, named host:project, counted together.
    let (_, list, _) = sshd.run(&["list"]);
    assert!(
        list.contains("hosta:api") && list.contains("hostb:web"),
        "{list}"
    );
    assert!(list.contains("hosta:s-a"), "ids are host:id: {list}");
    assert!(
        list.contains(&tr("remote-listed", &[("state", &unreachable)])),
        "{list}"
    );
    let (_, json, _) = sshd.run(&["json"]);
    let board: serde_json::Value = serde_json::from_str(&json).expect("json board");
    assert_eq!(board["counts"]["waiting"], 1, "{json}");
    assert_eq!(board["counts"]["working"], 2, "{json}");
    // The local snapshot is this machine's own read: no host's sessions (no loops between
    // hosts that list each other).
    let (_, snapshot, _) = sshd.run(&["json", "--snapshot"]);
    let snapshot: serde_json::Value = serde_json::from_str(&snapshot).expect("snapshot");
    assert_eq!(snapshot["rows"], json!([]), "{snapshot}");

    // The hung host: the status line starts its fetch in the background and prints at once,
    // from the last snapshot, stale with its age.
    std::fs::write(&flag, "").expect("flag");
    std::thread::sleep(Duration::from_millis(2100)); // past remote_stale and remote_refresh
    let (ok, _, err) = sshd.run(&["remote", "refresh", "hosta", "hostb"]);
    assert!(ok, "{err}");
    let (ok, status, _) = sshd.run(&["status", "--no-repair"]);
    assert!(ok);
    assert!(status.contains("#{@ring-icon-waiting}1"), "{status}");
    assert!(status.contains("#{@ring-icon-working}2"), "{status}");
    assert!(
        status.contains("⌛hung "),
        "the hung host is stale with its age: {status}"
    );
    assert!(status.contains("✖refused"), "{status}");
    // The status line has exited; the fetch it started still holds the host's lock (it waits
    // for the hung host until remote_timeout_seconds), so it never ran in the status line.
    let lock = sshd.local_ring().join("remote").join("hung.lock");
    let held = poll(Duration::from_secs(20), || {
        let file = std::fs::File::open(&lock).ok()?;
        match file.try_lock() {
            Err(std::fs::TryLockError::WouldBlock) => Some(()),
            _ => None,
        }
    });
    assert!(
        held.is_some(),
        "a background refresher holds hung.lock after status exited"
    );
    let (_, list, _) = sshd.run(&["list"]);
    assert!(
        list.contains("hung:etl") && list.contains("(stale "),
        "{list}"
    );
    let (_, out, _) = sshd.run(&["remote", "refresh", "hung"]);
    assert_eq!(out, tr("err-remote-busy", &[("host", "hung")]) + "\n");

    // Counted apart: the local counts, then the hosts'.
    sshd.add_config("remote_counts = \"apart\"\n");
    let (_, status, _) = sshd.run(&["status", "--no-repair"]);
    assert!(
        status.starts_with("⇄ "),
        "nothing local, then the hosts: {status}"
    );
}

#[test]
fn a_bad_host_name_never_reaches_ssh() {
    if !crate::remote_support::sshd_available() {
        return;
    }
    let root = tempfile::tempdir().expect("root");
    let sshd = Sshd::start(&[Host::new("hosta", root.path())]);
    let (ok, _, err) = sshd.run(&["remote", "add", "--", "-oProxyCommand=touch /tmp/x"]);
    let bad = pieces("err-remote-bad-host", &[]);
    assert!(!ok && err.contains(bad.last().expect("a piece")), "{err}");
    std::fs::write(
        sshd.local_ring().join("config.toml"),
        "remote_hosts = [\"-oProxyCommand=sh\"]\n",
    )
    .expect("config");
    let (_, list, _) = sshd.run(&["remote", "list"]);
    assert!(list.contains(&tr("err-remote-none", &[])), "{list}");
}

/// The README's "Remote hosts" commands, run as written in a fresh HOME (no RING_HOME: the
/// default ring folder), each succeeding and the config following them.
#[test]
fn the_readme_s_remote_commands_run_as_written() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let section = readme
        .split("\n## Remote hosts\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a ## Remote hosts section");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("a sh block");
    let home = tempfile::tempdir().expect("home");
    let config = home.path().join(".config/ring/config.toml");
    let mut ran = 0;
    for line in block.lines().filter(|l| !l.trim().is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], "ring-tmux", "{line}");
        let mut c = std::process::Command::new(crate::remote_support::BIN);
        for var in crate::OUTSIDE {
            c.env_remove(var);
        }
        let out = c
            .args(&words[1..])
            .env("HOME", home.path())
            .env_remove("RING_HOME")
            .env_remove("XDG_CONFIG_HOME")
            .output()
            .expect("runs");
        assert!(out.status.success(), "{line}: {out:?}");
        let text = std::fs::read_to_string(&config).unwrap_or_default();
        match words.get(2) {
            Some(&"add") => assert!(text.contains("remote_hosts = [\"devbox\"]"), "{text}"),
            Some(&"list") => {
                assert_eq!(
                    String::from_utf8_lossy(&out.stdout),
                    format!("devbox  {}\n", tr("remote-unread", &[]))
                );
            }
            Some(&"remove") => assert!(text.contains("remote_hosts = []"), "{text}"),
            _ => {}
        }
        ran += 1;
    }
    assert_eq!(ran, 3, "{block}");
}
