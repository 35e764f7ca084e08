//! The local notification channels against real parts (issue 14): `notify::desktop` on a
//! private D-Bus bus with a recording notification server (`notify_local/bus.rs`), and
//! `notify::terminal` / `notify::display` on a real tmux server whose client is attached in an
//! outer tmux: the outer pane's `pipe-pane` records the bytes that client writes to its
//! terminal (what a person's terminal receives), `capture-pane` shows what it draws.

mod bus;

use crate::e2e_tmux::world::{self, BIN, World, payload, until_contains};
use ring_shared::notify::Wait;
use ring_tmux::testing::notify::{Note, Target, desktop, display, terminal};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// How long a test waits for something to show (a limit on polling, not a timing claim).
const WITHIN: Duration = Duration::from_secs(5);
/// A call that should fail fast gets this long before the test calls it a hang.
const HANG: Duration = Duration::from_secs(30);

/// Runs `f` on a thread; panics if it has not returned within [`HANG`].
fn guarded<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(HANG)
        .expect("the call returned instead of hanging")
}

fn note(title: &str, body: &str) -> Note {
    Note {
        wait: Wait {
            session_id: "s1".into(),
            provider: "claude-code".into(),
            project: "api".into(),
            kind: "permission".into(),
            ..Wait::default()
        },
        title: title.into(),
        body: body.into(),
        count: 1,
        ..Note::default()
    }
}

/// A `ring-tmux` that runs with the world's environment (what the hook's child would have).
fn ring_tmux_of(w: &World) -> PathBuf {
    let script = w.dir.path().join("ring-tmux-env");
    let mut line = String::from("#!/bin/sh\nexec env");
    for (k, v) in World::env(w.dir.path()) {
        line.push_str(&format!(" {k}='{v}'"));
    }
    line.push_str(&format!(" '{BIN}' \"$@\"\n"));
    std::fs::write(&script, line).expect("script");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    script
}

// ---- desktop -------------------------------------------------------------------------------

#[test]
fn desktop_sends_clean_escaped_text_with_sound_to_the_server() {
    if !bus::dbus_available() {
        return;
    }
    let bus = bus::Bus::start();
    let server = bus::Server::start(&bus, &["actions", "body", "body-markup", "sound"]);
    let n = note(
        "ring: api waits \u{1b}]0;pwn\u{7}(permission)",
        "rm -rf <b>x</b> & \u{1b}[31mred\nnext",
    );
    let target = Target {
        sound: true,
        setting: Some("0".into()),
        ..Target::default()
    };
    let address = bus.address.clone();
    guarded(move || desktop::send_on(&address, &n, &target)).expect("sent");
    let calls = server.calls();
    assert_eq!(calls.len(), 1, "{calls:?}");
    let call = &calls[0];
    assert_eq!(call.app, "ring");
    assert_eq!(call.summary, "ring: api waits (permission)");
    assert_eq!(call.body, "rm -rf &lt;b&gt;x&lt;/b&gt; &amp; red next");
    assert_eq!(
        call.hints.get("sound-name").map(String::as_str),
        Some(desktop::SOUND_NAME)
    );
    assert!(call.actions.is_empty(), "no jump without a place: {call:?}");
}

#[test]
fn desktop_body_stays_plain_for_a_server_without_markup() {
    if !bus::dbus_available() {
        return;
    }
    let bus = bus::Bus::start();
    let server = bus::Server::start(&bus, &["body"]);
    let address = bus.address.clone();
    let target = Target::default();
    guarded(move || desktop::send_on(&address, &note("t", "a <b> & c"), &target)).expect("sent");
    let call = server.wait_for(1, WITHIN).expect("a Notify");
    assert_eq!(call.body, "a <b> & c");
    assert!(!call.hints.contains_key("sound-name"), "{call:?}");
}

/// A waiting session `s1` in window 1 of a world with an attached client, the client on
/// window 0; another session, `s0` in window 2, has waited longer (a plain `jump` goes there).
fn world_with_waiting_session() -> (World, String, String, Note) {
    let mut w = World::new();
    w.server.run(&["new-window", "-t", "t:1"]);
    w.server.run(&["new-window", "-t", "t:2"]);
    w.server.run(&["select-window", "-t", "t:0"]);
    let client = w.attach();
    let tty = w.server.pane_tty("t:1");
    let pane = w.server.show("t:1", "#{pane_id}");
    let (older_tty, older_pane) = (w.server.pane_tty("t:2"), w.server.show("t:2", "#{pane_id}"));
    let cwd = w.project("api");
    let older = w.project("older");
    w.alive(&[(&cwd, &tty), (&older, &older_tty)]);
    w.hook(&older_pane, payload::waiting("s0", &older, &older_tty));
    w.hook(&pane, payload::waiting("s1", &cwd, &tty));
    let mut n = note("ring: api waits (permission)", "Bash: ls");
    n.wait.cwd = cwd;
    n.wait.tmux_socket = Some(w.server.socket());
    n.wait.tmux_pane = Some(pane.clone());
    n.wait.tty = Some(tty);
    (w, client, pane, n)
}

/// A private session bus with a recording notification server of `capabilities`, and the
/// waiting session of [`world_with_waiting_session`]; `None` (the test passes over) without
/// dbus-daemon or tmux.
struct Desktop {
    bus: bus::Bus,
    server: bus::Server,
    w: World,
    client: String,
    pane: String,
    note: Note,
}

impl Desktop {
    fn start(capabilities: &[&str]) -> Option<Desktop> {
        if !bus::dbus_available() || !world::tmux_available() {
            return None;
        }
        let bus = bus::Bus::start();
        let server = bus::Server::start(&bus, capabilities);
        let (w, client, pane, note) = world_with_waiting_session();
        Some(Desktop {
            bus,
            server,
            w,
            client,
            pane,
            note,
        })
    }

    /// The desktop channel's target: jumps through the world's `ring-tmux`, waiting up to
    /// `wait` (the `notify_desktop` setting, seconds) for a click.
    fn target(&self, wait: &str) -> Target {
        Target {
            ring_tmux: ring_tmux_of(&self.w),
            setting: Some(wait.into()),
            ..Target::default()
        }
    }

    /// `desktop::send_on` in a thread of its own (it returns at the click or the close).
    fn send_in_background(&self, target: Target) -> mpsc::Receiver<anyhow::Result<()>> {
        let (address, note) = (self.bus.address.clone(), self.note.clone());
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(desktop::send_on(&address, &note, &target));
        });
        rx
    }

    /// The pane the attached client shows.
    fn here(&self) -> String {
        self.w
            .server
            .run(&["display-message", "-p", "-c", &self.client, "#{pane_id}"])
    }
}

#[test]
fn desktop_click_on_the_notification_jumps_to_the_sessions_pane() {
    let Some(d) = Desktop::start(&["actions", "body"]) else {
        return;
    };
    assert_eq!(d.here(), "%0");
    let sent = d.send_in_background(d.target("30"));
    let call = d.server.wait_for(1, WITHIN).expect("a Notify");
    assert_eq!(
        call.actions,
        [desktop::ACTION.to_owned(), desktop::action_label()]
    );
    assert_eq!(call.expire, 30_000);
    d.server.invoke(call.id, desktop::ACTION);
    sent.recv_timeout(HANG)
        .expect("send returned after the click")
        .expect("the jump ran");
    assert_eq!(
        d.here(),
        d.pane,
        "the click took the client to the session's pane"
    );
}

#[test]
fn desktop_notify_returns_before_the_click_and_wait_runs_the_jump() {
    let Some(d) = Desktop::start(&["actions"]) else {
        return;
    };
    let (address, note, target) = (d.bus.address.clone(), d.note.clone(), d.target("600"));
    // Returns once the server has it: a 600 s wait here would trip the guard.
    let pending = guarded(move || desktop::notify_on(&address, &note, &target)).expect("sent");
    assert!(pending.waits());
    let calls = d.server.calls();
    assert_eq!(calls.len(), 1, "{calls:?}");
    d.server.invoke(calls[0].id, desktop::ACTION);
    guarded(move || pending.wait()).expect("the jump ran");
    assert_eq!(d.here(), d.pane);
}

#[test]
fn desktop_closed_notification_ends_the_wait_without_jumping() {
    let Some(d) = Desktop::start(&["actions", "body"]) else {
        return;
    };
    let sent = d.send_in_background(d.target("600"));
    let call = d.server.wait_for(1, WITHIN).expect("a Notify");
    // A click on another notification, then ours closes: no jump.
    d.server.invoke(call.id + 1, desktop::ACTION);
    d.server.close(call.id);
    sent.recv_timeout(HANG)
        .expect("send returned when the notification closed")
        .expect("ok");
    assert_eq!(d.here(), "%0", "closing is not a click");
}

#[test]
fn desktop_without_actions_capability_does_not_wait() {
    let Some(d) = Desktop::start(&["body"]) else {
        return;
    };
    let (address, note, target) = (d.bus.address.clone(), d.note.clone(), d.target("600"));
    // A 600 s wait that did happen would trip the guard.
    guarded(move || desktop::send_on(&address, &note, &target)).expect("sent");
    assert!(d.server.calls()[0].actions.is_empty());
}

#[test]
fn desktop_missing_bus_is_an_error_not_a_hang() {
    let dir = tempfile::tempdir().expect("dir");
    let address = format!("unix:path={}", dir.path().join("no-bus").display());
    let err = guarded(move || desktop::send_on(&address, &note("t", "b"), &Target::default()))
        .expect_err("no bus");
    assert!(format!("{err:#}").contains("cannot connect"), "{err:#}");
}

#[test]
fn desktop_bus_without_a_notification_server_is_an_error() {
    if !bus::dbus_available() {
        return;
    }
    let bus = bus::Bus::start();
    let address = bus.address.clone();
    let err = guarded(move || desktop::send_on(&address, &note("t", "b"), &Target::default()))
        .expect_err("nobody serves notifications");
    assert!(format!("{err:#}").contains(desktop::NAME), "{err:#}");
    let address = bus.address.clone();
    assert!(guarded(move || desktop::check_on(&address)).is_err());
}

#[test]
fn desktop_server_that_never_answers_is_an_error_within_the_bound() {
    if !bus::dbus_available() {
        return;
    }
    let bus = bus::Bus::start();
    let _server = bus::Server::hanging(&bus);
    let address = bus.address.clone();
    let err = guarded(move || desktop::send_on(&address, &note("t", "b"), &Target::default()))
        .expect_err("no answer");
    let text = format!("{err:#}");
    assert!(
        text.contains("did not answer") || text.contains("imed out"),
        "{text}"
    );
}

#[test]
fn desktop_check_names_the_server() {
    if !bus::dbus_available() {
        return;
    }
    let bus = bus::Bus::start();
    let _server = bus::Server::start(&bus, &["actions"]);
    let address = bus.address.clone();
    let said = guarded(move || desktop::check_on(&address)).expect("a server");
    assert!(said.contains("ring-test-recorder 1.0"), "{said}");
    assert!(said.contains("jumps"), "{said}");
}

// ---- terminal and display --------------------------------------------------------------------

/// Records what the attached client writes to its terminal (the outer pane) into a file.
fn record_client_output(w: &World) -> PathBuf {
    let file = w.dir.path().join("client-output");
    std::fs::write(&file, b"").expect("file");
    let outer = w.outer.as_ref().expect("attached");
    outer.run(&[
        "pipe-pane",
        "-o",
        "-t",
        "t",
        &format!("cat >> '{}'", file.display()),
    ]);
    file
}

fn read_lossy(file: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(file).unwrap_or_default()).into_owned()
}

/// Polls the recording until it contains `needle`.
fn until_received(file: &Path, needle: &str) -> String {
    until_contains(WITHIN, needle, || read_lossy(file))
}

#[test]
fn terminal_in_tmux_rings_and_sends_osc_9_and_777_to_the_clients_terminal() {
    if !world::tmux_available() {
        return;
    }
    let (w, _client, pane, mut n) = world_with_waiting_session();
    let file = record_client_output(&w);
    n.title = "ring: api waits\u{7}\u{1b}]0;pwned\u{7}".into();
    n.body = "a;b \u{1b}]52;c;cHduZWQ=\u{7}".into();
    let target = Target {
        setting: Some("bell,osc9,osc777".into()),
        ..Target::default()
    };
    terminal::send(&n, &target).expect("sent");
    let got = until_received(&file, "\u{1b}]777;");
    assert!(
        got.contains("\u{1b}]9;ring: api waits: a,b\u{7}"),
        "OSC 9: {got:?}"
    );
    assert!(
        got.contains("\u{1b}]777;notify;ring: api waits;a,b\u{7}"),
        "OSC 777: {got:?}"
    );
    let got = until_received(&file, "\u{7}");
    assert!(
        got.replace("\u{1b}]9;ring: api waits: a,b\u{7}", "")
            .replace("\u{1b}]777;notify;ring: api waits;a,b\u{7}", "")
            .contains('\u{7}'),
        "the pane's bell reached the client's terminal: {got:?}"
    );
    assert!(
        !got.contains("]0;pwned") && !got.contains("]52;"),
        "{got:?}"
    );
    assert_eq!(
        w.server.show("t:1", "#{window_bell_flag}"),
        "1",
        "tmux marked the session's window ({pane})"
    );
}

#[test]
fn terminal_passthrough_reaches_the_outer_terminal_when_tmux_allows_it() {
    if !world::tmux_available() {
        return;
    }
    let (w, _client, _pane, n) = world_with_waiting_session();
    if world::tmux_version(&w.server) < (3, 3) {
        eprintln!("SKIP: tmux before 3.3 has no allow-passthrough");
        return;
    }
    w.server
        .run(&["set-option", "-g", "allow-passthrough", "on"]);
    w.server.run(&["select-window", "-t", "t:1"]);
    let file = record_client_output(&w);
    let seq = "\u{1b}]9;through tmux\u{7}";
    terminal::write_tty(
        n.wait.tty.as_deref().expect("tty"),
        terminal::passthrough(seq).as_bytes(),
    )
    .expect("written");
    let got = until_received(&file, "through tmux");
    assert!(got.contains(seq), "{got:?}");
}

#[test]
fn terminal_outside_tmux_writes_to_the_agents_terminal() {
    if !world::tmux_available() {
        return;
    }
    // The agent's terminal is a pane of a tmux server the note does not name: what is written
    // to it is that pane's output, recorded by pipe-pane.
    let w = World::new();
    let file = w.dir.path().join("agent-terminal");
    std::fs::write(&file, b"").expect("file");
    w.server.run(&[
        "pipe-pane",
        "-o",
        "-t",
        "t",
        &format!("cat >> '{}'", file.display()),
    ]);
    let mut n = note("ring: api waits", "q?");
    n.wait.tty = Some(w.server.pane_tty("t"));
    terminal::send(&n, &Target::default()).expect("sent");
    let got = until_received(&file, "q?");
    assert_eq!(got, "\u{7}\u{1b}]9;ring: api waits: q?\u{7}");
}

#[test]
fn terminal_without_a_terminal_is_an_error() {
    assert!(terminal::send(&note("t", "b"), &Target::default()).is_err());
    let mut n = note("t", "b");
    n.wait.tty = Some("/dev/null".into());
    assert!(terminal::send(&n, &Target::default()).is_err());
}

#[test]
fn display_message_shows_on_the_client_as_text() {
    if !world::tmux_available() {
        return;
    }
    let (w, _client, _pane, mut n) = world_with_waiting_session();
    let marker = w.marker();
    n.body = format!("#(touch {}) #[fg=red]red #{{pane_id}}", marker.display());
    display::send(&n, &Target::default()).expect("shown");
    let outer = w.outer.as_ref().expect("attached");
    let screen = until_contains(WITHIN, "#[fg=red]red", || {
        outer.run(&["capture-pane", "-p", "-t", "t"])
    });
    let line = screen
        .lines()
        .find(|l| l.contains("ring: api waits"))
        .unwrap_or_default();
    assert!(
        line.contains(&format!(
            "ring: api waits (permission): #(touch {}) #[fg=red]red #{{pane_id}}",
            marker.display()
        )),
        "{screen}"
    );
    assert!(!marker.exists(), "#() in the text ran");
}

#[test]
fn display_without_a_client_is_an_error() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let mut n = note("t", "b");
    n.wait.tmux_socket = Some(w.server.socket());
    let err = display::send(&n, &Target::default()).expect_err("nobody attached");
    assert!(format!("{err:#}").contains("no client"), "{err:#}");
}

// ---- desktop, zellij -------------------------------------------------------------------------

/// The zellij to run: `$RING_ZELLIJ` (ci.sh exports its pinned build), else `zellij` on PATH;
/// none → skip, except under `CI=true` / `RING_E2E_REQUIRED=1`.
fn zellij_bin() -> Option<PathBuf> {
    let found = std::env::var_os("RING_ZELLIJ")
        .filter(|z| !z.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            let path = std::env::var_os("PATH")?;
            std::env::split_paths(&path)
                .map(|d| d.join("zellij"))
                .find(|z| z.is_file())
        })
        .filter(|z| {
            // zellij makes its cache folder in HOME even for --version: not the inherited one.
            let home = tempfile::tempdir().expect("home");
            std::process::Command::new(z)
                .arg("--version")
                .env("HOME", home.path())
                .env_remove("XDG_CACHE_HOME")
                .output()
                .is_ok_and(|o| o.status.success())
        });
    let required = std::env::var_os("CI").is_some_and(|v| v == "true")
        || std::env::var_os("RING_E2E_REQUIRED").is_some_and(|v| v == "1");
    if found.is_none() && required {
        panic!("zellij is needed here: set RING_ZELLIJ or put zellij on PATH");
    }
    if found.is_none() {
        eprintln!("SKIP: no zellij (RING_ZELLIJ or PATH); the zellij jump test needs it");
    }
    found
}

/// A zellij session with two tabs of one terminal pane each, run in a private tmux; killed and
/// deleted by name on drop.
struct Zellij {
    bin: PathBuf,
    name: String,
    _tmux: world::Server,
    _dir: tempfile::TempDir,
}

impl Zellij {
    fn start(bin: PathBuf) -> Zellij {
        let dir = tempfile::tempdir().expect("dir");
        let home = dir.path().join("home");
        std::fs::create_dir_all(home.join(".config/zellij")).expect("config dir");
        std::fs::write(
            home.join(".config/zellij/config.kdl"),
            "show_startup_tips false\nshow_release_notes false\n",
        )
        .expect("config");
        let layout = dir.path().join("layout.kdl");
        std::fs::write(
            &layout,
            "layout {\n  tab name=\"a\" { pane; }\n  tab name=\"b\" { pane; }\n}\n",
        )
        .expect("layout");
        let name = format!("ring-desk-{}", std::process::id());
        let command = format!(
            "'{}' --session {name} --new-session-with-layout '{}'",
            bin.display(),
            layout.display()
        );
        let tmux = world::Server::start(
            &[
                ("HOME", home.to_string_lossy().into_owned()),
                ("PATH", std::env::var("PATH").unwrap_or_default()),
            ],
            Some(&command),
        );
        // No zellij CLI call before zellij has drawn its screen: a client that connects and
        // leaves while the session is still starting panics zellij 0.45.1's server
        // (zellij-server lib.rs:1462, `session_data` still None on client removal).
        let drawn = world::poll(Duration::from_secs(60), || {
            let screen = tmux.run(&["capture-pane", "-p", "-t", "t"]);
            (!screen.trim().is_empty()).then_some(())
        });
        assert!(drawn.is_some(), "zellij drew its screen");
        let z = Zellij {
            bin,
            name,
            _tmux: tmux,
            _dir: dir,
        };
        let mut up = None;
        for _ in 0..20 {
            up = z.focused().filter(|f| f.starts_with("terminal_"));
            if up.is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(500));
        }
        assert!(up.is_some(), "zellij came up");
        z
    }

    /// `zellij --session NAME action ARGS`, killed past 10 s (a CLI call to a session that
    /// is still starting can spin).
    fn action(&self, args: &[&str]) -> Option<String> {
        let mut command = std::process::Command::new(&self.bin);
        command.args(["--session", &self.name, "action"]).args(args);
        let out = ring_tmux::testing::run::bounded(
            command,
            std::time::Instant::now() + Duration::from_secs(10),
        )?;
        out.success.then_some(out.stdout)
    }

    /// The pane the attached client is on (`list-clients`: `ID PANE CMD`).
    fn focused(&self) -> Option<String> {
        let listing = self.action(&["list-clients"])?;
        listing
            .lines()
            .nth(1)?
            .split_whitespace()
            .nth(1)
            .map(str::to_owned)
    }
}

impl Drop for Zellij {
    fn drop(&mut self) {
        for args in [
            vec!["kill-session", self.name.as_str()],
            vec!["delete-session", "--force", self.name.as_str()],
        ] {
            let mut command = std::process::Command::new(&self.bin);
            command.args(args);
            let _ = ring_tmux::testing::run::bounded(
                command,
                std::time::Instant::now() + Duration::from_secs(10),
            );
        }
    }
}

/// Set in the child that runs [`desktop_click_in_zellij_goes_to_the_panes_tab`]'s body.
const ZELLIJ_CHILD: &str = "RING_TEST_ZELLIJ_CHILD";

#[test]
fn desktop_click_in_zellij_goes_to_the_panes_tab() {
    if !bus::dbus_available() || !world::tmux_available() {
        return;
    }
    // Every zellij CLI call (the test's own, and the click's jump, which runs in this process)
    // makes zellij's cache folder in HOME: the body runs in a child of this test binary with a
    // HOME of its own, never the one the tests inherited.
    if std::env::var_os(ZELLIJ_CHILD).is_none() {
        let home = tempfile::tempdir().expect("home");
        let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
            .args([
                "--exact",
                "notify_local::desktop_click_in_zellij_goes_to_the_panes_tab",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(ZELLIJ_CHILD, "1")
            .env("HOME", home.path())
            .env_remove("XDG_CACHE_HOME")
            .output()
            .expect("the test binary runs");
        let said = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{said}");
        assert!(said.contains("1 passed"), "the child ran the test: {said}");
        return;
    }
    let Some(bin) = zellij_bin() else {
        return;
    };
    let bus = bus::Bus::start();
    let server = bus::Server::start(&bus, &["actions"]);
    let z = Zellij::start(bin);
    // Start from tab a (the client may still be on the tab zellij built last).
    z.action(&["go-to-tab", "1"]).expect("go-to-tab");
    let start = world::poll(WITHIN, || {
        z.focused().filter(|f| f.as_str() == "terminal_0")
    });
    assert_eq!(start.as_deref(), Some("terminal_0"));
    let mut n = note("ring: api waits", "q?");
    n.wait.zellij_session = Some(z.name.clone());
    n.wait.zellij_pane = Some("1".into());
    let target = Target {
        setting: Some("600".into()),
        ..Target::default()
    };
    let address = bus.address.clone();
    let pending = guarded(move || desktop::notify_on(&address, &n, &target)).expect("sent");
    let calls = server.calls();
    assert_eq!(
        calls[0].actions,
        [desktop::ACTION.to_owned(), desktop::action_label()]
    );
    server.invoke(calls[0].id, desktop::ACTION);
    guarded(move || pending.wait()).expect("the jump ran");
    let focused = world::poll(WITHIN, || {
        z.focused().filter(|f| f.as_str() == "terminal_1")
    });
    assert_eq!(
        focused.as_deref(),
        Some("terminal_1"),
        "the client is on the tab of the session's pane"
    );
}
