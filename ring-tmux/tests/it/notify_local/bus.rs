//! A private D-Bus session bus (`dbus-daemon --session`-like, its own config and socket in a
//! temp folder) and a recording notification server on it: a real D-Bus service that
//! implements `org.freedesktop.Notifications` (Notify, GetCapabilities, GetServerInformation,
//! CloseNotification), records every `Notify`, and emits `ActionInvoked` /
//! `NotificationClosed` when a test says so. The daemon is killed by its pid on drop.

#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use zbus::zvariant::{OwnedValue, Value};

pub const NAME: &str = "org.freedesktop.Notifications";
pub const PATH: &str = "/org/freedesktop/Notifications";

/// dbus-daemon missing → the test prints why and passes, except under `CI=true` or
/// `RING_E2E_REQUIRED=1`, where it fails (CI installs it).
pub fn dbus_available() -> bool {
    let ok = Command::new("dbus-daemon")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let required = std::env::var_os("CI").is_some_and(|v| v == "true")
        || std::env::var_os("RING_E2E_REQUIRED").is_some_and(|v| v == "1");
    if !ok && required {
        panic!("dbus-daemon is not installed (apt-get install -y dbus) but CI needs these tests");
    }
    if !ok {
        eprintln!(
            "SKIP: dbus-daemon is not installed; the desktop tests need it (apt-get install dbus)"
        );
    }
    ok
}

/// One private bus.
pub struct Bus {
    child: Child,
    pub address: String,
    _dir: tempfile::TempDir,
}

impl Bus {
    pub fn start() -> Bus {
        let dir = tempfile::tempdir().expect("bus dir");
        let config = dir.path().join("session.conf");
        std::fs::write(
            &config,
            format!(
                r#"<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={}/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"#,
                dir.path().display()
            ),
        )
        .expect("bus config");
        let mut child = Command::new("dbus-daemon")
            .arg(format!("--config-file={}", config.display()))
            .args(["--nofork", "--nopidfile", "--print-address=1"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("dbus-daemon starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("address");
        let address = line.trim().to_owned();
        assert!(
            address.starts_with("unix:"),
            "dbus-daemon printed {address:?}"
        );
        Bus {
            child,
            address,
            _dir: dir,
        }
    }
}

impl Drop for Bus {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One recorded `Notify` call.
#[derive(Debug, Clone)]
pub struct Call {
    pub id: u32,
    pub app: String,
    pub summary: String,
    pub body: String,
    pub actions: Vec<String>,
    /// Hint name → its value (strings as they are, other values in zvariant's notation).
    pub hints: HashMap<String, String>,
    pub expire: i32,
}

#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<Call>>>);

struct Recorder {
    log: Log,
    caps: Vec<String>,
    /// Never answer `Notify` (a server that hangs).
    hang: bool,
}

#[zbus::interface(name = "org.freedesktop.Notifications")]
impl Recorder {
    #[allow(clippy::too_many_arguments)]
    async fn notify(
        &self,
        app_name: String,
        _replaces_id: u32,
        _app_icon: String,
        summary: String,
        body: String,
        actions: Vec<String>,
        hints: HashMap<String, OwnedValue>,
        expire_timeout: i32,
    ) -> u32 {
        if self.hang {
            std::future::pending::<()>().await;
        }
        let mut log = self.log.0.lock().expect("log");
        let id = u32::try_from(log.len()).expect("few calls") + 1;
        let hints = hints
            .iter()
            .map(|(k, v)| {
                let v: &Value<'_> = v;
                let text = match v {
                    Value::Str(s) => s.to_string(),
                    other => format!("{other}"),
                };
                (k.clone(), text)
            })
            .collect();
        log.push(Call {
            id,
            app: app_name,
            summary,
            body,
            actions,
            hints,
            expire: expire_timeout,
        });
        id
    }

    fn get_capabilities(&self) -> Vec<String> {
        self.caps.clone()
    }

    fn get_server_information(&self) -> (String, String, String, String) {
        (
            "ring-test-recorder".into(),
            "ring".into(),
            "1.0".into(),
            "1.2".into(),
        )
    }

    fn close_notification(&self, _id: u32) {}
}

/// The recording server, connected to a bus and owning the notification name.
pub struct Server {
    conn: zbus::blocking::Connection,
    log: Log,
}

impl Server {
    /// A server with these capabilities (`actions`, `body-markup`, …).
    pub fn start(bus: &Bus, caps: &[&str]) -> Server {
        Server::start_with(bus, caps, false)
    }

    /// A server that owns the name and never answers `Notify`.
    pub fn hanging(bus: &Bus) -> Server {
        Server::start_with(bus, &["actions"], true)
    }

    fn start_with(bus: &Bus, caps: &[&str], hang: bool) -> Server {
        let log = Log::default();
        let recorder = Recorder {
            log: log.clone(),
            caps: caps.iter().map(|c| (*c).to_owned()).collect(),
            hang,
        };
        let conn = zbus::blocking::connection::Builder::address(bus.address.as_str())
            .expect("address")
            .serve_at(PATH, recorder)
            .expect("serve")
            .name(NAME)
            .expect("name")
            .build()
            .expect("server connects");
        Server { conn, log }
    }

    pub fn calls(&self) -> Vec<Call> {
        self.log.0.lock().expect("log").clone()
    }

    /// Waits (at most `limit`) for the `n`th `Notify`.
    pub fn wait_for(&self, n: usize, limit: std::time::Duration) -> Option<Call> {
        crate::e2e_tmux::world::poll(limit, || self.calls().get(n - 1).cloned())
    }

    /// The user clicked: `ActionInvoked(id, key)`.
    pub fn invoke(&self, id: u32, key: &str) {
        self.conn
            .emit_signal(None::<&str>, PATH, NAME, "ActionInvoked", &(id, key))
            .expect("signal");
    }

    /// The notification went away: `NotificationClosed(id, reason)` (2 = dismissed).
    pub fn close(&self, id: u32) {
        self.conn
            .emit_signal(None::<&str>, PATH, NAME, "NotificationClosed", &(id, 2u32))
            .expect("signal");
    }
}
