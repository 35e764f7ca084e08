//! A real tmux server on a private socket, ring loaded into it by `ring.tmux`, the real
//! `ring-tmux hook` run as if from one of its panes, and (when a test needs to see the status
//! line) an outer tmux with a client attached to it. Every server is killed by its socket
//! when the test ends, never by name.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_ring-tmux");
pub const RING_TMUX: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../ring.tmux");

/// tmux missing → the test prints why and passes, except under `RING_E2E_REQUIRED=1`
/// (set by scripts/ci.sh), where a missing tmux fails the test instead of skipping it.
pub fn tmux_available() -> bool {
    let ok = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok && std::env::var_os("RING_E2E_REQUIRED").is_some_and(|v| v == "1") {
        panic!("RING_E2E_REQUIRED=1 but tmux is not installed");
    }
    if !ok {
        eprintln!("SKIP: tmux is not installed; the tmux e2e tests need it (apt-get install tmux)");
    }
    ok
}

/// The `tmux` these tests run (the first on `PATH`). A shell the tests start with a PATH of
/// their own must find this one: a client of another tmux version talking to the server can
/// leave the command hanging (a tmux 3.3a client against a 3.1c server does).
pub fn tmux_program() -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join("tmux"))
        .find(|tmux| tmux.is_file())
        .expect("tmux on PATH")
}

/// `major.minor` of the tmux server these tests run, as tmux reports it (`3.3a` → `(3, 3)`).
pub fn tmux_version(server: &Server) -> (u32, u32) {
    let version = server.show("t", "#{version}");
    let digits = |s: &str| -> u32 {
        s.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap_or(0)
    };
    let (major, minor) = version.split_once('.').unwrap_or((&version, "0"));
    (digits(major.trim_start_matches("next-")), digits(minor))
}

static SERVERS: AtomicUsize = AtomicUsize::new(0);

/// Where the test process itself may run (a tmux pane, a zellij session): none of it reaches
/// a tmux server or a ring process of a test, which gets this world's variables instead.
/// Under zellij, an inherited `ZELLIJ_SESSION_NAME` made the hook record the test's session as
/// running in zellij, and `reply` refused it (scripts/with-fake-agents.sh).
const OUTSIDE: [&str; 5] = [
    "TMUX",
    "TMUX_PANE",
    "ZELLIJ",
    "ZELLIJ_SESSION_NAME",
    "ZELLIJ_PANE_ID",
];

/// `c` without the [`OUTSIDE`] variables.
fn isolated(c: &mut Command) -> &mut Command {
    // The terminal the tests run in is none of a test's business (a row would record it).
    for name in OUTSIDE
        .iter()
        .chain(ring_shared::registry::term_env::RECORDED)
    {
        c.env_remove(name);
    }
    c
}

/// One tmux server on its own socket, killed on drop.
pub struct Server {
    pub name: String,
    env: Vec<(String, String)>,
    socket: Option<String>,
}

impl Server {
    /// Starts `tmux -L ring-test-<pid>-<n> -f /dev/null new-session -d -s t` with `env` in
    /// the server's global environment (so panes, `#()` jobs and `run-shell` see it).
    pub fn start(env: &[(&str, String)], session_command: Option<&str>) -> Server {
        let n = SERVERS.fetch_add(1, Ordering::SeqCst);
        let mut server = Server {
            name: format!("ring-test-{}-{n}", std::process::id()),
            env: env
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
            socket: None,
        };
        let mut args = vec!["new-session", "-d", "-s", "t", "-x", "160", "-y", "30"];
        if let Some(c) = session_command {
            args.push(c);
        }
        server.run(&args);
        server.socket = Some(server.socket());
        server
    }

    fn command(&self) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.name, "-f", "/dev/null"]);
        isolated(&mut c);
        for (k, v) in &self.env {
            c.env(k, v);
        }
        c
    }

    /// Runs a tmux command; panics when it fails.
    pub fn run(&self, args: &[&str]) -> String {
        let out = self.command().args(args).output().expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim_end().to_owned()
    }

    /// `display-message -p -t target format`.
    pub fn show(&self, target: &str, format: &str) -> String {
        self.run(&["display-message", "-p", "-t", target, format])
    }

    pub fn socket(&self) -> String {
        self.show("t", "#{socket_path}")
    }

    /// `$TMUX` as tmux sets it inside this server's panes.
    pub fn tmux_env(&self) -> String {
        format!("{},{},0", self.socket(), self.show("t", "#{pid}"))
    }

    pub fn pane_tty(&self, pane: &str) -> String {
        self.show(pane, "#{pane_tty}")
    }

    /// `@ring_state`/`@ring_kind` of a pane, `"state kind"`.
    pub fn pane_options(&self, pane: &str) -> String {
        self.show(pane, "#{@ring_state} #{@ring_kind}")
            .trim()
            .to_owned()
    }

    /// The window badge of a window as its window-status-format draws it.
    pub fn window_badge(&self, window: &str) -> String {
        self.show(window, "#{E:@ring_window_badge}")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self
            .command()
            .arg("kill-server")
            .stderr(Stdio::null())
            .status();
        // tmux 3.3a leaves the socket file behind.
        if let Some(socket) = &self.socket {
            let _ = std::fs::remove_file(socket);
        }
    }
}

/// A temporary `HOME` / ring folder / process list and a tmux server with ring loaded.
pub struct World {
    pub dir: tempfile::TempDir,
    pub server: Server,
    /// The outer tmux whose pane shows a client of `server` (its status line included).
    pub outer: Option<Server>,
}

impl World {
    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }
    pub fn ring_home(&self) -> PathBuf {
        self.dir.path().join("ring")
    }
    pub fn procs_file(&self) -> PathBuf {
        self.dir.path().join("procs.json")
    }
    pub fn marker(&self) -> PathBuf {
        self.dir.path().join("pwned")
    }

    /// The environment every ring process of the test gets.
    pub fn env(dir: &Path) -> Vec<(&'static str, String)> {
        let s = |p: PathBuf| p.to_string_lossy().into_owned();
        vec![
            ("HOME", s(dir.join("home"))),
            ("RING_HOME", s(dir.join("ring"))),
            ("RING_PROCS", s(dir.join("procs.json"))),
            ("RING_MARKER", s(dir.join("pwned"))),
            ("PATH", std::env::var("PATH").unwrap_or_default()),
        ]
    }

    /// A server whose formats hold ring's placeholders, with `ring.tmux` sourced once. Its
    /// `status-interval` is what ring.tmux makes of tmux's default (2 s).
    pub fn new() -> World {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("home")).expect("home");
        let ring = dir.path().join("ring");
        std::fs::create_dir_all(&ring).expect("ring");
        std::fs::set_permissions(&ring, std::os::unix::fs::PermissionsExt::from_mode(0o700))
            .expect("ring mode");
        std::fs::write(
            dir.path().join("procs.json"),
            r#"{"claude-code": [], "codex": []}"#,
        )
        .expect("procs");
        let server = Server::start(&World::env(dir.path()), None);
        for (option, value) in [
            ("status-right", "#{ring_status} END"),
            ("status-right-length", "100"),
            ("window-status-format", "#I:#W#{ring_badge}"),
            ("window-status-current-format", "#I:#W*#{ring_badge}"),
            ("pane-border-status", "top"),
            ("pane-border-format", "P#{pane_index}#{ring_pane_badge}"),
            ("@ring-bin", BIN),
        ] {
            server.run(&["set-option", "-g", option, value]);
        }
        let world = World {
            dir,
            server,
            outer: None,
        };
        world.source_ring_tmux();
        world
    }

    pub fn source_ring_tmux(&self) {
        self.server.run(&["run-shell", RING_TMUX]);
    }

    /// Attaches a client of the server inside an outer tmux, so the status line is drawn.
    pub fn attach(&mut self) -> String {
        let (name, outer) = self.attach_to("t");
        self.outer = Some(outer);
        name
    }

    /// [`World::attach`], with the outer window (and so the client) `width` columns wide once
    /// tmux says so: the client's name.
    pub fn attach_narrow(&mut self, width: u32) -> String {
        let client = self.attach();
        let outer = self.outer.as_ref().expect("attached");
        outer.run(&["resize-window", "-t", "t", "-x", &width.to_string()]);
        let width_now = || {
            self.server
                .run(&["display-message", "-p", "-c", &client, "#{client_width}"])
        };
        let want = width.to_string();
        assert_eq!(
            poll(Duration::from_secs(5), || (width_now() == want)
                .then_some(())),
            Some(()),
            "the client never became {width} columns wide"
        );
        client
    }

    /// Attaches one more client, to `session`, inside an outer tmux of its own (killed when
    /// the caller drops it): its client name and that outer server.
    pub fn attach_to(&self, session: &str) -> (String, Server) {
        let clients = || self.server.run(&["list-clients", "-F", "#{client_name}"]);
        let before = clients();
        let attach = format!(
            "env -u TMUX tmux -L {} attach -t {session}",
            self.server.name
        );
        let outer = Server::start(&World::env(self.dir.path()), Some(&attach));
        let name = poll(Duration::from_secs(5), || {
            clients()
                .lines()
                .find(|c| !before.lines().any(|b| b == *c))
                .map(str::to_owned)
        })
        .expect("a client attached");
        (name, outer)
    }

    /// The last line of the outer pane: the inner client's status line.
    pub fn status_line(&self) -> String {
        status_line_in(self.outer.as_ref().expect("attach() first"))
    }

    /// Declares which agents are alive: (cwd, tty) per Claude process.
    pub fn alive(&self, agents: &[(&str, &str)]) {
        let list: Vec<serde_json::Value> = agents
            .iter()
            .map(|(cwd, tty)| serde_json::json!([cwd, tty]))
            .collect();
        let doc = serde_json::json!({"claude-code": list, "codex": []});
        std::fs::write(self.procs_file(), doc.to_string()).expect("procs");
    }

    /// A project folder under the temp dir.
    pub fn project(&self, name: &str) -> String {
        let p = self.dir.path().join("projects").join(name);
        std::fs::create_dir_all(&p).expect("project dir");
        p.to_string_lossy().into_owned()
    }

    /// Runs the real `ring-tmux hook` as a Claude hook in `pane` of `tmux_env`'s server, and
    /// waits until the push it handed to a detached child is done (see [`pushes_settled`]).
    pub fn hook_in(
        &self,
        tmux_env: Option<&str>,
        pane: Option<&str>,
        payload: &serde_json::Value,
    ) -> Output {
        let out = self.hook_unsettled(tmux_env, pane, payload, &[]);
        pushes_settled(Duration::from_secs(3));
        out
    }

    /// [`World::hook_in`] with `extra` variables and without waiting for the push.
    pub fn hook_unsettled(
        &self,
        tmux_env: Option<&str>,
        pane: Option<&str>,
        payload: &serde_json::Value,
        extra: &[(&str, String)],
    ) -> Output {
        self.run_hook(&[], tmux_env, pane, payload, extra)
    }

    /// The hook as another agent's hook runs it (`ring-tmux hook --provider PROVIDER`) in
    /// `pane` of this world's server, waiting for its push.
    pub fn hook_as(&self, provider: &str, pane: &str, payload: serde_json::Value) {
        let tmux = self.server.tmux_env();
        let out = self.run_hook(
            &["--provider", provider],
            Some(&tmux),
            Some(pane),
            &payload,
            &[],
        );
        pushes_settled(Duration::from_secs(3));
        assert!(
            out.status.success() && out.stdout.is_empty(),
            "hook: {out:?}"
        );
    }

    fn run_hook(
        &self,
        args: &[&str],
        tmux_env: Option<&str>,
        pane: Option<&str>,
        payload: &serde_json::Value,
        extra: &[(&str, String)],
    ) -> Output {
        let mut c = Command::new(BIN);
        isolated(&mut c).arg("hook").args(args);
        for (k, v) in World::env(self.dir.path()) {
            c.env(k, v);
        }
        for (k, v) in extra {
            c.env(k, v);
        }
        if let Some(t) = tmux_env {
            c.env("TMUX", t);
        }
        if let Some(p) = pane {
            c.env("TMUX_PANE", p);
        }
        let mut child = c
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hook runs");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(payload.to_string().as_bytes())
            .expect("payload written");
        child.wait_with_output().expect("hook exits")
    }

    /// The hook as run in `pane` of this world's server, the agent on the pane's tty.
    pub fn hook(&self, pane: &str, payload: serde_json::Value) {
        let out = self.hook_in(Some(&self.server.tmux_env()), Some(pane), &payload);
        assert!(
            out.status.success() && out.stdout.is_empty(),
            "hook: {out:?}"
        );
    }

    /// The ring binary reached through `folder` (a symlink to it, in a folder of the temp
    /// dir with that name), set as `@ring-bin`; ring.tmux is not sourced again.
    pub fn bin_in(&self, folder: &str) -> PathBuf {
        let dir = self.dir.path().join(folder);
        std::fs::create_dir_all(&dir).expect("bin dir");
        let bin = dir.join("ring-tmux");
        std::os::unix::fs::symlink(BIN, &bin).expect("symlink");
        self.server
            .run(&["set-option", "-g", "@ring-bin", &bin.to_string_lossy()]);
        bin
    }

    /// Opens `ring-tmux menu ARGS` on the attached client (display-menu blocks until closed,
    /// so it runs aside), gives the screen once it shows `needle` (or the limit passes), and
    /// closes the menu. On a tmux with popups, `--style menu` in ARGS asks for the menu.
    pub fn menu_screen(&self, args: &[&str], needle: &str) -> String {
        let mut menu = Command::new(BIN);
        isolated(&mut menu).arg("menu").args(args);
        for (k, v) in World::env(self.dir.path()) {
            menu.env(k, v);
        }
        let mut child = menu.spawn().expect("menu runs");
        let outer = self.outer.as_ref().expect("attach() first");
        let screen = until_contains(Duration::from_secs(2), needle, || {
            outer.run(&["capture-pane", "-p", "-t", "t"])
        });
        outer.run(&["send-keys", "-t", "t", "Escape"]);
        let _ = child.wait();
        screen
    }

    /// `ring-tmux ARGS` with the world's environment, as `run-shell` runs it.
    pub fn ring(&self, args: &[&str]) -> Output {
        let mut c = Command::new(BIN);
        isolated(&mut c)
            .args(args)
            .env("TMUX", self.server.tmux_env());
        for (k, v) in World::env(self.dir.path()) {
            c.env(k, v);
        }
        c.stdin(Stdio::null()).output().expect("ring-tmux runs")
    }
}

/// Waits (at most `limit`) until no `ring-tmux __push` child of this test binary's hooks is
/// running: the hook hands its tmux push to a detached child and exits before it is done.
/// Children are found in `/proc` by their command line (`…/ring-tmux __push …`); without
/// `/proc` there is nothing to wait for.
pub fn pushes_settled(limit: Duration) {
    let running = || {
        std::fs::read_dir("/proc").ok().is_some_and(|dir| {
            dir.flatten().any(|e| {
                std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
                    let mut args = c.split(|b| *b == 0);
                    args.next().is_some_and(|a| a.ends_with(b"ring-tmux"))
                        && args.next() == Some(b"__push")
                })
            })
        })
    };
    let _ = poll(limit, || (!running()).then_some(()));
}

/// The status line of the client shown in `outer`'s pane (its last line).
pub fn status_line_in(outer: &Server) -> String {
    let screen = outer.run(&["capture-pane", "-p", "-t", "t"]);
    screen.lines().last().unwrap_or_default().to_owned()
}

/// What status-right (`#{ring_status} END` in every world) drew of ring's segment: the text
/// after the gap that separates it from the window list, without ` END`. `None` until the
/// line ends with `END`.
pub fn segment_of(status_line: &str) -> Option<String> {
    let right = status_line.trim_end().rsplit("  ").next()?;
    let segment = right.strip_suffix("END")?;
    Some(segment.trim().to_owned())
}

/// Calls `f` until it answers or `limit` passes.
pub fn poll<T>(limit: Duration, mut f: impl FnMut() -> Option<T>) -> Option<T> {
    let end = Instant::now() + limit;
    loop {
        if let Some(v) = f() {
            return Some(v);
        }
        if Instant::now() >= end {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Polls until `f()` contains `needle`; returns the last value seen either way.
pub fn until_contains(limit: Duration, needle: &str, mut f: impl FnMut() -> String) -> String {
    let mut last = String::new();
    let found = poll(limit, || {
        last = f();
        last.contains(needle).then(|| last.clone())
    });
    found.unwrap_or(last)
}

/// Payloads of Claude Code events, with the agent's tty given in the payload (as a hook that
/// found its agent's terminal would record it).
pub mod payload {
    use serde_json::{Value, json};

    pub fn waiting(id: &str, cwd: &str, tty: &str) -> Value {
        json!({"hook_event_name": "Notification", "session_id": id, "cwd": cwd, "tty": tty,
               "notification_type": "permission_prompt", "message": "Claude needs your permission to use Bash"})
    }
    pub fn question(id: &str, cwd: &str, tty: &str, question: &str) -> Value {
        json!({"hook_event_name": "PreToolUse", "session_id": id, "cwd": cwd, "tty": tty,
               "tool_name": "AskUserQuestion", "tool_input": {"questions": [{"question": question}]}})
    }
    pub fn event(name: &str, id: &str, cwd: &str, tty: &str) -> Value {
        json!({"hook_event_name": name, "session_id": id, "cwd": cwd, "tty": tty})
    }
}

/// A run's standard output, as text.
pub fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A run's error output, as text.
pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
