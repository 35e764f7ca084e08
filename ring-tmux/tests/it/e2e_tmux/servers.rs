//! Several tmux servers of one user (issue 26, item 6): three real servers in a private
//! `TMUX_TMPDIR` (its `default` server, `-L work`, `-L play`), agents' hooks run in panes of
//! two of them, and what each server shows: its status segment counts its own sessions and
//! marks the others, `list` places every session with its server, badges land on the right
//! server's panes, and `jump` to another server's session says how to get there (inside tmux)
//! or attaches (outside). Sockets ring must not talk to (a folder others can enter, a
//! symlinked folder, a socket of another account) are refused.

use super::world::{BIN, payload, poll, pushes_settled, stderr, stdout, until_contains};
use crate::lang_support::tr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// Variables of the test process that must not reach a tmux or ring process of the test.
const OUTSIDE: [&str; 7] = [
    "TMUX",
    "TMUX_PANE",
    "TMUX_TMPDIR",
    // The suite's "never read tmux's folder" (.cargo/config.toml): here it is read, privately.
    "RING_TMUX_SERVERS",
    "ZELLIJ",
    "ZELLIJ_SESSION_NAME",
    "ZELLIJ_PANE_ID",
];

/// A server: `-L name` in the private folder (`None`: its default server), or `-S path`.
#[derive(Clone)]
enum Sock {
    Named(Option<&'static str>),
    Path(PathBuf),
}

/// The temp dir (HOME, ring folder, process list, the private `TMUX_TMPDIR`) and the servers
/// started in it, killed by socket on drop.
struct Servers {
    dir: tempfile::TempDir,
    started: std::cell::RefCell<Vec<Sock>>,
}

impl Servers {
    fn new() -> Servers {
        let dir = tempfile::tempdir().expect("temp dir");
        for sub in ["home", "ring", "tmp"] {
            std::fs::create_dir_all(dir.path().join(sub)).expect("dir");
        }
        chmod(&dir.path().join("ring"), 0o700);
        let s = Servers {
            dir,
            started: std::cell::RefCell::new(Vec::new()),
        };
        s.alive(&[]);
        s
    }

    fn path(&self, sub: &str) -> PathBuf {
        self.dir.path().join(sub)
    }

    fn env(&self) -> Vec<(&'static str, String)> {
        let s = |p: PathBuf| p.to_string_lossy().into_owned();
        vec![
            ("HOME", s(self.path("home"))),
            ("RING_HOME", s(self.path("ring"))),
            ("RING_PROCS", s(self.path("procs.json"))),
            ("TMUX_TMPDIR", s(self.path("tmp"))),
            ("PATH", std::env::var("PATH").unwrap_or_default()),
        ]
    }

    fn isolated(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        for name in OUTSIDE {
            c.env_remove(name);
        }
        c.envs(self.env());
        c
    }

    fn tmux(&self, sock: &Sock, args: &[&str]) -> Output {
        let mut c = self.isolated("tmux");
        match sock {
            Sock::Named(Some(name)) => c.args(["-L", name]),
            Sock::Named(None) => &mut c,
            Sock::Path(path) => c.arg("-S").arg(path),
        };
        c.args(["-f", "/dev/null"]).args(args);
        c.stdin(Stdio::null()).output().expect("tmux runs")
    }

    fn run(&self, sock: &Sock, args: &[&str]) -> String {
        let out = self.tmux(sock, args);
        assert!(out.status.success(), "tmux {args:?}: {}", stderr(&out));
        stdout(&out).trim_end().to_owned()
    }

    /// Starts a server with one session `session` and returns its socket path.
    fn start(&self, sock: Sock, session: &str) -> String {
        self.run(
            &sock,
            &["new-session", "-d", "-s", session, "-x", "120", "-y", "20"],
        );
        self.started.borrow_mut().push(sock.clone());
        self.run(
            &sock,
            &["display-message", "-p", "-t", session, "#{socket_path}"],
        )
    }

    /// `$TMUX` as the server at `sock` sets it in its panes.
    fn tmux_env(&self, sock: &Sock) -> String {
        let socket = self.run(sock, &["display-message", "-p", "#{socket_path}"]);
        let pid = self.run(sock, &["display-message", "-p", "#{pid}"]);
        format!("{socket},{pid},0")
    }

    fn show(&self, sock: &Sock, target: &str, format: &str) -> String {
        self.run(sock, &["display-message", "-p", "-t", target, format])
    }

    /// The real hook, as an agent in `pane` of `tmux_env`'s server runs it.
    fn hook(&self, tmux_env: &str, pane: &str, body: &serde_json::Value) {
        use std::io::Write;
        let mut c = self.isolated(BIN);
        c.arg("hook").env("TMUX", tmux_env).env("TMUX_PANE", pane);
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
            .write_all(body.to_string().as_bytes())
            .expect("payload");
        let out = child.wait_with_output().expect("hook exits");
        assert!(out.status.success() && out.stdout.is_empty(), "{out:?}");
        pushes_settled(Duration::from_secs(3));
    }

    /// `ring-tmux ARGS` with `$TMUX` of a server (`None`: from a shell outside tmux).
    fn ring(&self, tmux_env: Option<&str>, args: &[&str]) -> Output {
        let mut c = self.isolated(BIN);
        c.args(args);
        if let Some(t) = tmux_env {
            c.env("TMUX", t);
        }
        c.stdin(Stdio::null()).output().expect("ring-tmux runs")
    }

    fn project(&self, name: &str) -> String {
        let p = self.path("projects").join(name);
        std::fs::create_dir_all(&p).expect("project");
        p.to_string_lossy().into_owned()
    }

    fn alive(&self, agents: &[(&str, &str)]) {
        let list: Vec<serde_json::Value> = agents
            .iter()
            .map(|(cwd, tty)| serde_json::json!([cwd, tty]))
            .collect();
        let doc = serde_json::json!({"claude-code": list, "codex": []});
        std::fs::write(self.path("procs.json"), doc.to_string()).expect("procs");
    }
}

impl Drop for Servers {
    fn drop(&mut self) {
        for sock in self.started.borrow().iter() {
            let _ = self.tmux(sock, &["kill-server"]);
        }
    }
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

fn uid() -> u32 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").map_or(u32::MAX, |m| m.uid())
}

#[test]
fn three_servers_each_count_their_own_and_mark_the_rest() {
    if !super::world::tmux_available() {
        return;
    }
    let s = Servers::new();
    let (main, work, play) = (
        Sock::Named(None),
        Sock::Named(Some("work")),
        Sock::Named(Some("play")),
    );
    let main_socket = s.start(main.clone(), "main");
    let work_socket = s.start(work.clone(), "dev");
    let play_socket = s.start(play.clone(), "fun");
    s.run(&play, &["split-window", "-t", "fun:0"]);
    let tmux_dir = s.path("tmp").join(format!("tmux-{}", uid()));
    for socket in [&main_socket, &work_socket, &play_socket] {
        assert!(Path::new(socket).starts_with(&tmux_dir), "{socket}");
    }
    // A stale socket of a server that is gone: skipped, never waited on.
    drop(std::os::unix::net::UnixListener::bind(tmux_dir.join("gone")).expect("bind"));

    let tty = |sock: &Sock, pane: &str| s.show(sock, pane, "#{pane_tty}");
    let (api, web, docs) = (s.project("api"), s.project("web"), s.project("docs"));
    let (work_tty, play_tty0, play_tty1) = (tty(&work, "%0"), tty(&play, "%0"), tty(&play, "%1"));
    s.alive(&[(&api, &work_tty), (&web, &play_tty0), (&docs, &play_tty1)]);
    let (work_env, play_env, main_env) = (s.tmux_env(&work), s.tmux_env(&play), s.tmux_env(&main));
    s.hook(&work_env, "%0", &payload::waiting("s-api", &api, &work_tty));
    s.hook(
        &play_env,
        "%0",
        &payload::waiting("s-web", &web, &play_tty0),
    );
    s.hook(
        &play_env,
        "%1",
        &payload::event("UserPromptSubmit", "s-docs", &docs, &play_tty1),
    );

    // Badges: on the pane of the server the agent runs in; every server has a %0.
    let badge = |sock: &Sock, pane: &str| s.show(sock, pane, "#{@ring_state}");
    assert_eq!(
        until_contains(Duration::from_secs(5), "waiting", || badge(&work, "%0")),
        "waiting"
    );
    assert_eq!(
        until_contains(Duration::from_secs(5), "waiting", || badge(&play, "%0")),
        "waiting"
    );
    assert_eq!(
        until_contains(Duration::from_secs(5), "working", || badge(&play, "%1")),
        "working"
    );
    assert_eq!(
        badge(&main, "%0"),
        "",
        "a badge landed on the default server's %0"
    );

    // The segment of each server, run as its status line runs it.
    let segment = |env: &str, socket: &str| {
        stdout(&s.ring(
            Some(env),
            &[
                "status",
                "--no-repair",
                "--project",
                "off",
                "--socket",
                socket,
            ],
        ))
    };
    assert_eq!(
        segment(&main_env, &main_socket),
        "#[dim]+3 elsewhere, 2 waiting#[nodim]\n"
    );
    assert_eq!(
        segment(&work_env, &work_socket),
        "#[fg=#{@ring-color-waiting}]#{@ring-icon-waiting}1#[fg=default] \
         #[dim]+2 elsewhere, 1 waiting#[nodim]\n"
    );
    assert_eq!(
        segment(&play_env, &play_socket),
        "#[fg=#{@ring-color-waiting}]#{@ring-icon-waiting}1 \
         #[fg=#{@ring-color-working}]#{@ring-icon-working}1#[fg=default] \
         #[dim]+1 elsewhere, 1 waiting#[nodim]\n"
    );

    // list, from the default server and from a shell: every session with its server.
    for env in [Some(main_env.as_str()), None] {
        let listed = stdout(&s.ring(env, &["list"]));
        for place in ["[work] dev:0.0", "[play] fun:0.0", "[play] fun:0.1"] {
            assert!(listed.contains(place), "{place} missing from:\n{listed}");
        }
    }
    // From play itself, its own sessions need no server name.
    let listed = stdout(&s.ring(Some(&play_env), &["list"]));
    assert!(
        listed.contains(" fun:0.0") && !listed.contains("[play]"),
        "{listed}"
    );
    assert!(listed.contains("[work] dev:0.0"), "{listed}");

    // jump from the default server to play's session: a client cannot cross, so the how-to.
    let out = s.ring(Some(&main_env), &["jump", "s-web"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let said = stderr(&out);
    let away = crate::lang_support::pieces("err-jump-away", &[("server", "play")]);
    assert!(crate::lang_support::holds(&said, &away), "{said}");
    assert!(said.contains("tmux -L play attach -t fun"), "{said}");
    // The jump key with nothing waiting here names the longest wait elsewhere.
    let out = s.ring(Some(&main_env), &["jump"]);
    assert!(
        stdout(&out).contains("tmux -L work attach -t dev"),
        "{out:?}"
    );

    // Outside tmux (a shell in a pane of the default server, $TMUX unset): jump attaches.
    let clients = || s.run(&work, &["list-clients", "-F", "#{client_session}"]);
    assert_eq!(clients(), "");
    let mut shell = vec!["env".to_owned(), "-u".to_owned(), "TMUX".to_owned()];
    shell.extend(s.env().into_iter().map(|(k, v)| format!("{k}={v}")));
    shell.extend([BIN.to_owned(), "jump".to_owned(), "s-api".to_owned()]);
    let mut new_window = vec!["new-window", "-d", "-t", "main"];
    new_window.extend(shell.iter().map(String::as_str));
    s.run(&main, &new_window);
    let attached = poll(Duration::from_secs(5), || {
        let c = clients();
        (!c.is_empty()).then_some(c)
    });
    assert_eq!(
        attached.as_deref(),
        Some("dev"),
        "no client attached to work"
    );
}

#[test]
fn sockets_of_others_or_behind_links_are_never_talked_to() {
    if !super::world::tmux_available() {
        return;
    }
    let s = Servers::new();
    let main = Sock::Named(None);
    s.start(main.clone(), "main");
    // A server in a folder anyone may enter: tmux -S accepts it, ring must not.
    let open = s.path("open");
    std::fs::create_dir_all(&open).expect("open dir");
    chmod(&open, 0o755);
    let open_sock = Sock::Path(open.join("sock"));
    s.start(open_sock.clone(), "open");
    // The user's own server, reached through a symlinked folder.
    let work = Sock::Named(Some("work"));
    let work_socket = s.start(work.clone(), "dev");
    let link = s.path("link");
    std::os::unix::fs::symlink(Path::new(&work_socket).parent().expect("dir"), &link)
        .expect("symlink");
    let linked = link.join("work").to_string_lossy().into_owned();
    let mut hostile = vec![(
        open_sock.clone(),
        "s-open",
        open.join("sock").to_string_lossy().into_owned(),
    )];
    hostile.push((work.clone(), "s-link", linked));
    // A server whose socket another account owns (needs root to make).
    if uid() == 0 {
        let theirs = s.path("theirs");
        std::fs::create_dir_all(&theirs).expect("dir");
        chmod(&theirs, 0o700);
        let sock = Sock::Path(theirs.join("sock"));
        let path = theirs.join("sock");
        s.start(sock.clone(), "theirs");
        std::os::unix::fs::chown(&path, Some(65534), None).expect("chown");
        hostile.push((sock, "s-theirs", path.to_string_lossy().into_owned()));
    }
    let mut alive = Vec::new();
    let mut projects = Vec::new();
    for (sock, id, recorded) in &hostile {
        let tty = s.show(sock, "%0", "#{pane_tty}");
        let pid = s.run(sock, &["display-message", "-p", "#{pid}"]);
        let cwd = s.project(id);
        s.hook(
            &format!("{recorded},{pid},0"),
            "%0",
            &payload::waiting(id, &cwd, &tty),
        );
        projects.push((cwd, tty));
    }
    for (cwd, tty) in &projects {
        alive.push((cwd.as_str(), tty.as_str()));
    }
    s.alive(&alive);
    let listed = stdout(&s.ring(None, &["list"]));
    for (sock, id, _) in &hostile {
        let session = s.show(sock, "%0", "#{session_name}");
        assert!(listed.contains(id), "{id} not listed:\n{listed}");
        assert!(
            !listed.contains(&format!("{session}:0.0")),
            "{id} was placed:\n{listed}"
        );
        let out = s.ring(None, &["jump", id]);
        assert_eq!(out.status.code(), Some(1), "{id}: {out:?}");
        assert!(
            stderr(&out).contains(&tr("focus-tmux-not-found", &[])),
            "{id}: {out:?}"
        );
        let clients = s.run(sock, &["list-clients"]);
        assert_eq!(clients, "", "{id}: a client attached");
    }
}
