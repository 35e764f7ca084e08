//! A real OpenSSH sshd on 127.0.0.1 standing in for other machines (issue 27): started by
//! the test on a free port with a throwaway host key, the test's own authorized keys and a
//! passwd of its own (nss_wrapper: the login's home is the test's HOME and its shell
//! `/bin/sh`, so no real dotfile is read), stopped by its pid. Each "host" is an alias of a
//! temporary ssh config whose `SetEnv` gives the remote `ring-tmux` its own ring folder.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

pub const BIN: &str = env!("CARGO_BIN_EXE_ring-tmux");
const SSHD: &str = "/usr/sbin/sshd";
const NSS_WRAPPER: &str = "libnss_wrapper.so";

/// One remote host: an ssh alias and the ring folder and process list it runs with.
pub struct Host {
    pub alias: String,
    pub ring_home: PathBuf,
    pub procs: PathBuf,
    /// A forced command (authorized_keys `command=`) for this host's own key.
    pub forced: Option<String>,
    /// Connect to this port instead of sshd's (a closed one: the host refuses).
    pub port: Option<u16>,
}

impl Host {
    /// A host with its own ring folder and process list under `root` ([`host_folder`]).
    pub fn new(alias: &str, root: &Path) -> Host {
        let (ring_home, procs) = host_folder(root, alias);
        Host {
            alias: alias.into(),
            ring_home,
            procs,
            forced: None,
            port: None,
        }
    }

    /// Its key runs `command` (authorized_keys `command=`) instead of what was asked.
    pub fn forced(mut self, command: String) -> Host {
        self.forced = Some(command);
        self
    }
}

/// The sshd, the client config and the local ("laptop") ring folder.
pub struct Sshd {
    pub dir: tempfile::TempDir,
    pid: u32,
    pub port: u16,
    aliases: Vec<String>,
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("addr").port()
}

/// A port nothing listens on (bound, then closed).
pub fn closed_port() -> u16 {
    free_port()
}

fn keygen(path: &Path) {
    let ok = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", ""])
        .arg("-f")
        .arg(path)
        .status()
        .expect("ssh-keygen runs (apt-get install openssh-client)");
    assert!(ok.success(), "ssh-keygen");
}

/// sshd, ssh and nss_wrapper there → true; missing → the test prints why and passes, except
/// under `RING_E2E_REQUIRED=1` (scripts/ci.sh, which installs them), where it fails.
pub fn sshd_available() -> bool {
    let wrapper = std::fs::read_dir("/usr/lib")
        .into_iter()
        .flatten()
        .flatten()
        .any(|d| d.path().join(NSS_WRAPPER).exists())
        || Path::new("/usr/lib").join(NSS_WRAPPER).exists();
    let ssh = Command::new("ssh")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    let ok = wrapper && ssh && Path::new(SSHD).exists();
    if !ok && std::env::var_os("RING_E2E_REQUIRED").is_some_and(|v| v == "1") {
        panic!(
            "RING_E2E_REQUIRED=1 but sshd, ssh or nss_wrapper is missing (apt-get install openssh-server openssh-client libnss-wrapper)"
        );
    }
    if !ok {
        eprintln!(
            "SKIP: the remote host tests need apt-get install openssh-server openssh-client libnss-wrapper"
        );
    }
    ok
}

impl Sshd {
    /// Starts sshd for `hosts` (each gets its own user key, so a forced command is that
    /// host's alone).
    pub fn start(hosts: &[Host]) -> Sshd {
        assert!(
            Path::new(SSHD).exists(),
            "{SSHD} is missing: apt-get install -y openssh-server libnss-wrapper (scripts/ci.sh does)"
        );
        let dir = tempfile::Builder::new()
            .prefix("rs")
            .tempdir_in("/tmp")
            .expect("temp dir");
        let d = dir.path();
        let home = d.join("home");
        std::fs::create_dir_all(&home).expect("home");
        keygen(&d.join("hostkey"));
        let port = free_port();
        let mut authorized = String::new();
        let mut client = String::new();
        // One loopback address per host: ring's ControlPath (`%C`) hashes address, port and
        // user, and hosts that shared them would share one connection (as they should: one
        // machine), where each stand-in host must have its own.
        for (i, host) in hosts.iter().enumerate() {
            let address = format!("127.0.0.{}", i + 1);
            let key = d.join(format!("key-{}", host.alias));
            keygen(&key);
            let public = std::fs::read_to_string(key.with_extension("pub")).unwrap_or_else(|_| {
                std::fs::read_to_string(format!("{}.pub", key.display())).expect("public key")
            });
            match &host.forced {
                Some(command) => writeln!(authorized, "command=\"{command}\" {}", public.trim()),
                None => writeln!(authorized, "{}", public.trim()),
            }
            .expect("write");
            writeln!(
                client,
                "Host {alias}\n  HostName {address}\n  Port {port}\n  User root\n  IdentityFile {key}\n  \
                 IdentitiesOnly yes\n  UserKnownHostsFile {known}\n  StrictHostKeyChecking accept-new\n  \
                 SetEnv RING_HOME={ring} RING_PROCS={procs} RING_TMUX_SERVERS=off\n",
                alias = host.alias,
                port = host.port.unwrap_or(port),
                key = key.display(),
                known = d.join("known_hosts").display(),
                ring = host.ring_home.display(),
                procs = host.procs.display(),
            )
            .expect("write");
        }
        let listen: String = (1..=hosts.len().max(1))
            .map(|i| format!("ListenAddress 127.0.0.{i}\n"))
            .collect();
        std::fs::write(d.join("authorized_keys"), authorized).expect("authorized_keys");
        // ring's ssh, each call written down (`ssh_calls`: to show what ran, and what not).
        std::fs::write(
            d.join("ssh-logged.sh"),
            format!(
                "#!/bin/sh\necho \"$*\" >> '{}'\nexec ssh \"$@\"\n",
                d.join("ssh.log").display()
            ),
        )
        .expect("ssh wrapper");
        std::fs::write(d.join("ssh_config"), client).expect("ssh_config");
        let uid = rustix::process::getuid().as_raw();
        let gid = rustix::process::getgid().as_raw();
        let user = if uid == 0 {
            "root".to_owned()
        } else {
            whoami(uid)
        };
        std::fs::write(
            d.join("passwd"),
            format!(
                "{user}:x:{uid}:{gid}:ring test:{home}:/bin/sh\nsshd:x:65533:65534::/run/sshd:/usr/sbin/nologin\n",
                home = home.display()
            ),
        )
        .expect("passwd");
        std::fs::write(
            d.join("group"),
            format!("{user}:x:{gid}:\nnogroup:x:65534:\n"),
        )
        .expect("group");
        // sshd wants its privilege separation folder (root-owned, not group/world-writable).
        let _ = std::fs::create_dir_all("/run/sshd");
        std::fs::write(
            d.join("sshd_config"),
            format!(
                "Port {port}\n{listen}HostKey {hostkey}\nAuthorizedKeysFile {auth}\n\
                 PidFile {pid}\nUsePAM no\nStrictModes no\nPermitRootLogin yes\n\
                 PasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitUserRC no\n\
                 PrintMotd no\nPrintLastLog no\nAcceptEnv RING_HOME RING_PROCS RING_TMUX_SERVERS\n",
                hostkey = d.join("hostkey").display(),
                auth = d.join("authorized_keys").display(),
                pid = d.join("sshd.pid").display(),
            ),
        )
        .expect("sshd_config");
        // In the foreground (-D), so its pid is the child's; it writes the pid file once it
        // listens.
        let child = Command::new(SSHD)
            .arg("-D")
            .arg("-f")
            .arg(d.join("sshd_config"))
            .arg("-E")
            .arg(d.join("sshd.log"))
            .env("LD_PRELOAD", NSS_WRAPPER)
            .env("NSS_WRAPPER_PASSWD", d.join("passwd"))
            .env("NSS_WRAPPER_GROUP", d.join("group"))
            .stdin(std::process::Stdio::null())
            .spawn()
            .expect("sshd runs");
        let pid = child.id();
        let started = std::time::Instant::now();
        while !d.join("sshd.pid").exists() {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(20),
                "sshd did not start: {}",
                std::fs::read_to_string(d.join("sshd.log")).unwrap_or_default()
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        // Reaped by whoever outlives it (the test process exits soon after).
        std::mem::forget(child);
        Sshd {
            dir,
            pid,
            port,
            aliases: hosts.iter().map(|h| h.alias.clone()).collect(),
        }
    }

    pub fn ssh_config(&self) -> PathBuf {
        self.dir.path().join("ssh_config")
    }

    /// The local ring folder (the laptop's), 0700.
    pub fn local_ring(&self) -> PathBuf {
        let ring = self.dir.path().join("local");
        if !ring.exists() {
            std::fs::create_dir_all(&ring).expect("local ring");
            std::fs::set_permissions(&ring, std::os::unix::fs::PermissionsExt::from_mode(0o700))
                .expect("mode");
        }
        ring
    }

    /// ring's `remote_ssh_command` for this sshd: ssh with its config, through the wrapper
    /// that writes each call down.
    pub fn ssh_command(&self) -> String {
        let wrapper = self.dir.path().join("ssh-logged.sh");
        format!(
            "sh {} -F {}",
            wrapper.display(),
            self.ssh_config().display()
        )
    }

    /// The config lines that point ring's ssh at this sshd.
    pub fn config_lines(&self) -> String {
        format!(
            "remote_ssh_command = \"{}\"\nremote_ring_command = \"{BIN}\"\n",
            self.ssh_command()
        )
    }

    /// The laptop's `config.toml`: this sshd's lines, `hosts` as `remote_hosts`, then `extra`.
    pub fn configure(&self, hosts: &[&str], extra: &str) {
        let hosts: Vec<String> = hosts.iter().map(|h| format!("{h:?}")).collect();
        let text = format!(
            "{}remote_hosts = [{}]\n{extra}",
            self.config_lines(),
            hosts.join(", ")
        );
        std::fs::write(self.local_ring().join("config.toml"), text).expect("config");
    }

    /// Adds `lines` to the laptop's `config.toml`.
    pub fn add_config(&self, lines: &str) {
        let path = self.local_ring().join("config.toml");
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        std::fs::write(&path, format!("{old}{lines}")).expect("config");
    }

    /// Every ssh ring ran so far, one line each (its arguments).
    pub fn ssh_calls(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("ssh.log")).unwrap_or_default()
    }

    /// The environment ring-tmux runs with on the laptop (a tmux server's, a serve's).
    pub fn laptop_env(&self) -> Vec<(&'static str, String)> {
        let d = self.dir.path();
        let _ = std::fs::write(
            d.join("local-procs.json"),
            r#"{"claude-code": [], "codex": []}"#,
        );
        vec![
            ("HOME", d.join("home").display().to_string()),
            ("RING_HOME", self.local_ring().display().to_string()),
            (
                "RING_PROCS",
                d.join("local-procs.json").display().to_string(),
            ),
            ("RING_STDIN_TTY", String::new()),
            ("RING_AGENT_TTY", String::new()),
        ]
    }

    /// `ring-tmux ARGS` as the laptop runs it.
    pub fn ring(&self, args: &[&str]) -> Command {
        let mut c = Command::new(BIN);
        for var in crate::OUTSIDE {
            c.env_remove(var);
        }
        c.args(args).envs(self.laptop_env());
        c
    }

    /// Runs `ring-tmux ARGS` on the laptop: (success, stdout, stderr).
    pub fn run(&self, args: &[&str]) -> (bool, String, String) {
        let out = self.ring(args).output().expect("ring-tmux runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

fn whoami(uid: u32) -> String {
    let out = Command::new("id").arg("-un").output().expect("id");
    let name = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if name.is_empty() {
        format!("u{uid}")
    } else {
        name
    }
}

impl Drop for Sshd {
    fn drop(&mut self) {
        // The multiplexed connections ring opened (ControlPersist) end with their masters.
        let control = self.local_ring().join("ssh").join("%C");
        for alias in &self.aliases {
            let _ = Command::new("ssh")
                .arg("-F")
                .arg(self.ssh_config())
                .arg("-o")
                .arg(format!("ControlPath={}", control.display()))
                .args(["-O", "exit", alias])
                .output();
        }
        if let Some(pid) = i32::try_from(self.pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        }
    }
}

/// A ring folder with its process list, for a host.
pub fn host_folder(root: &Path, name: &str) -> (PathBuf, PathBuf) {
    let ring = root.join(format!("ring-{name}"));
    std::fs::create_dir_all(&ring).expect("ring");
    std::fs::set_permissions(&ring, std::os::unix::fs::PermissionsExt::from_mode(0o700))
        .expect("mode");
    let procs = root.join(format!("procs-{name}.json"));
    std::fs::write(&procs, r#"{"claude-code": [], "codex": []}"#).expect("procs");
    (ring, procs)
}

/// The real hook writing a Claude event into `ring` (no tmux, no terminal).
pub fn hook(ring: &Path, home: &Path, payload: &serde_json::Value) {
    use std::io::Write;
    let mut c = Command::new(BIN);
    for var in crate::OUTSIDE {
        c.env_remove(var);
    }
    let mut child = c
        .arg("hook")
        .env("HOME", home)
        .env("RING_HOME", ring)
        .env("RING_STDIN_TTY", "")
        .env("RING_AGENT_TTY", "")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("hook runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(payload.to_string().as_bytes())
        .expect("payload");
    let out = child.wait_with_output().expect("hook exits");
    assert!(
        out.status.success() && out.stdout.is_empty(),
        "hook: {out:?}"
    );
}
