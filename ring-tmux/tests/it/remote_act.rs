//! Issue 27 item 2: `reply` and `jump` to a session on another host go through ssh (a real
//! sshd on loopback, [`crate::remote_support`]). The remote host is an e2e [`World`]: its
//! private tmux server runs a stand-in agent drawing a Claude permission dialog, and its
//! ring folder holds the row the real hook wrote in that pane.

use crate::e2e_tmux::reply::AGENT;
use crate::e2e_tmux::world::{self, Server, World, payload, poll, until_contains};
use crate::lang_support::{holds, pieces, tr};
use crate::remote_support::{Host, Sshd};
use std::path::PathBuf;
use std::time::Duration;

const WITHIN: Duration = Duration::from_secs(10);

/// A host (an e2e [`World`] behind the sshd) and the laptop's ring folder that lists it.
pub(crate) struct Remote {
    pub(crate) w: World,
    keys: PathBuf,
    pub(crate) sshd: Sshd,
}

impl Remote {
    pub(crate) fn start() -> Remote {
        let w = World::new();
        std::fs::write(w.dir.path().join("agent.sh"), AGENT).expect("agent script");
        let keys = w.dir.path().join("keys");
        let sshd = Sshd::start(&[Host {
            alias: "hosta".into(),
            ring_home: w.ring_home(),
            procs: w.procs_file(),
            forced: None,
            port: None,
        }]);
        sshd.configure(&["hosta"], "");
        Remote { w, keys, sshd }
    }

    /// The agent in the host's pane %0 asks about `command`; its row says it waits there.
    pub(crate) fn ask(&self, command: &str) {
        let _ = std::fs::remove_file(&self.keys);
        let run = format!(
            "sh '{}' '{command}' '{}'",
            self.w.dir.path().join("agent.sh").display(),
            self.keys.display()
        );
        self.w.server.run(&["respawn-pane", "-k", "-t", "%0", &run]);
        let screen = until_contains(WITHIN, "Esc to cancel", || {
            self.w.server.run(&["capture-pane", "-p", "-t", "%0"])
        });
        assert!(screen.contains(command), "{screen}");
        let tty = self.w.server.pane_tty("%0");
        let cwd = self.w.project("api");
        self.w.alive(&[(&cwd, &tty)]);
        self.w.hook("%0", payload::waiting("s-reply", &cwd, &tty));
        let (ok, out, err) = self.sshd.run(&["remote", "refresh"]);
        assert!(ok, "{out}{err}");
    }

    /// The laptop's own tmux server (`env` its ring-tmux's); windows stay when ssh ends, to
    /// be looked at.
    pub(crate) fn laptop(env: &[(&str, String)]) -> Server {
        let laptop = Server::start(env, None);
        laptop.run(&["set-option", "-g", "remain-on-exit", "on"]);
        laptop
    }

    /// The `hosta:api` window `jump` opened on `laptop`: `name|start command`.
    pub(crate) fn jump_window(laptop: &Server) -> String {
        let windows = until_contains(WITHIN, "hosta:api|", || {
            laptop.run(&[
                "list-windows",
                "-a",
                "-F",
                "#{window_name}|#{pane_start_command}",
            ])
        });
        let line = windows.lines().find(|l| l.starts_with("hosta:api|"));
        line.unwrap_or_else(|| panic!("a window named hosta:api: {windows}"))
            .to_owned()
    }

    pub(crate) fn key(&self) -> Option<String> {
        poll(Duration::from_secs(3), || {
            std::fs::read_to_string(&self.keys).ok()
        })
    }
}

#[test]
fn a_remote_dialog_is_answered_only_through_the_host_s_own_check() {
    if !world::tmux_available() || !crate::remote_support::sshd_available() {
        return;
    }
    let r = Remote::start();
    r.ask("echo listed");
    let (ok, listed, err) = r.sshd.run(&["reply", "hosta:api"]);
    assert!(ok, "{err}");
    let answer_with = pieces("err-reply-answer-with", &[("id", "hosta:s-reply")]);
    assert!(
        listed.contains("echo listed") && holds(&listed, &answer_with),
        "the host's listing, its id named here: {listed}"
    );
    let (ok, json, err) = r
        .sshd
        .run(&["reply", "--session", "hosta:s-reply", "--json"]);
    assert!(ok, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("json");
    let fingerprint = doc["fingerprint"].as_str().expect("fingerprint").to_owned();

    // The same question about another command: the host refuses, no key is typed.
    r.ask("rm -rf redrawn");
    let (ok, _, err) = r.sshd.run(&[
        "reply",
        "--session",
        "hosta:s-reply",
        "1",
        "--expect",
        &fingerprint,
    ]);
    assert!(!ok, "a changed dialog is refused");
    // Said by the host in this side's language.
    let changed = format!("hosta: {}", tr("err-reply-listed-changed", &[]));
    assert!(err.contains(&changed), "{err}");
    assert_eq!(r.key(), None, "no key reached the agent");

    // Listed again, answered: the digit lands in the host's pane.
    let (_, json, _) = r
        .sshd
        .run(&["reply", "--session", "hosta:s-reply", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("json");
    let fingerprint = doc["fingerprint"].as_str().expect("fingerprint").to_owned();
    let (ok, out, err) = r.sshd.run(&[
        "reply",
        "--session",
        "hosta:s-reply",
        "3",
        "--expect",
        &fingerprint,
    ]);
    assert!(ok, "{out}{err}");
    assert_eq!(r.key().as_deref(), Some("3"));
}

#[test]
fn jump_to_a_remote_session_opens_one_ssh_window_to_its_pane() {
    if !world::tmux_available() || !crate::remote_support::sshd_available() {
        return;
    }
    let r = Remote::start();
    r.ask("echo jump");
    let laptop = Remote::laptop(&[]);
    let socket = laptop.socket();
    let (ok, out, err) = r.sshd.run(&["jump", "hosta:api", "--socket", &socket]);
    assert!(ok, "{out}{err}");
    // tmux shows each argument of the window's command quoted: ssh's argv, then the
    // remote words each quoted once more for the host's shell.
    let line = Remote::jump_window(&laptop).replace('"', "");
    let host_socket = r.w.server.socket();
    for word in [
        "-t",
        "-- hosta",
        "'tmux' '-S'",
        &format!("'{host_socket}'"),
        "'attach-session' '-t' '%0' ';' 'select-window' '-t' '%0' ';' 'select-pane' '-t' '%0'",
        "ControlMaster=auto",
        "BatchMode=yes",
    ] {
        assert!(line.contains(word), "{word:?} in {line}");
    }
    // Again: the same window is selected, no second one.
    let (ok, _, err) = r
        .sshd
        .run(&["jump", "--session", "hosta:s-reply", "--socket", &socket]);
    assert!(ok, "{err}");
    let windows = laptop.run(&["list-windows", "-a", "-F", "#{window_name}"]);
    assert_eq!(
        windows.lines().filter(|l| *l == "hosta:api").count(),
        1,
        "{windows}"
    );
}
