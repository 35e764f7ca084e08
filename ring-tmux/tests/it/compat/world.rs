//! One scenario's world: a temporary `HOME`, the fake clock, files, and runs of the real binary.

use assert_cmd::Command;
use serde_json::{Map, Value};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, UNIX_EPOCH};

/// Row keys the recorded RiNG 0.17.2 does not write (ignored when comparing rows): ring's own,
/// and RiNG 0.17.6's waits per owner (§3.16), which ring writes as 0.17.6 does (checked by
/// ring-shared's `reduce::owner_tests` and `registry` tests).
pub const RING_ROW_KEYS: [&str; 9] = [
    "tmux_socket",
    "zellij_session",
    "zellij_pane",
    "agent_pid",
    "last_event_owner",
    "last_tool_use_id",
    "waiting_requests",
    "pending_permissions",
    "waiting_agent_id",
];

pub struct World {
    dir: tempfile::TempDir,
    pub home: PathBuf,
    pub ring: PathBuf,
    pub clock: f64,
    /// Scenario-wide environment for hook steps (`null` = unset).
    scenario_env: Map<String, Value>,
}

impl World {
    pub fn new(scenario: &Value, start: f64) -> World {
        let dir = tempfile::tempdir().expect("temp dir");
        let home = dir.path().join("home");
        let ring = home.join(".config").join("ring");
        fs::create_dir_all(&ring).expect("ring folder");
        let mut world = World {
            dir,
            home,
            ring,
            clock: scenario
                .get("start_time")
                .and_then(Value::as_f64)
                .unwrap_or(start),
            scenario_env: Map::new(),
        };
        if let Some(Value::Object(env)) = scenario.get("env") {
            world.scenario_env = env.clone();
        }
        if let Some(text) = scenario.get("config_text").and_then(Value::as_str) {
            fs::write(world.ring.join("config.toml"), text).expect("config");
        } else if let Some(Value::Object(config)) = scenario.get("config") {
            fs::write(world.ring.join("config.toml"), to_toml(config)).expect("config");
        }
        if let Some(labels) = scenario.get("labels") {
            fs::write(world.ring.join("labels.json"), labels.to_string()).expect("labels");
        }
        if let Some(Value::Array(files)) = scenario.get("files") {
            world.write_files(files);
        }
        if let Some(Value::Array(threads)) = scenario.get("codex_threads") {
            world.write_codex_threads(threads);
        }
        world
    }

    pub fn home_str(&self) -> String {
        self.home.to_string_lossy().into_owned()
    }

    /// `$HOME` in a scenario string → the temporary home.
    pub fn sub(&self, v: &Value) -> Value {
        map_strings(v, &|s| s.replace("$HOME", &self.home_str()))
    }

    /// The temporary home in our output → `$HOME`, as in the recorded outputs.
    pub fn unsub(&self, v: &Value) -> Value {
        map_strings(v, &|s| s.replace(&self.home_str(), "$HOME"))
    }

    pub fn write_files(&self, files: &[Value]) {
        for file in files {
            self.write_file(file);
        }
    }

    fn write_file(&self, file: &Value) {
        let path = PathBuf::from(
            file["path"]
                .as_str()
                .expect("file path")
                .replace("$HOME", &self.home_str()),
        );
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("parent folder");
        }
        if file.get("dir").and_then(Value::as_bool) == Some(true) {
            fs::create_dir_all(&path).expect("dir");
            return;
        }
        if let Some(target) = file.get("symlink_to").and_then(Value::as_str) {
            let _ = fs::remove_file(&path);
            std::os::unix::fs::symlink(target.replace("$HOME", &self.home_str()), &path)
                .expect("symlink");
            return;
        }
        let text = if let Some(Value::Array(lines)) = file.get("lines") {
            let mut text = String::new();
            for line in lines {
                let (count, line) = match line.get("__repeat__").and_then(Value::as_u64) {
                    Some(n) => (n, &line["line"]),
                    None => (1, line),
                };
                let rendered = match self.sub(line) {
                    Value::String(raw) => raw,
                    other => python_json(&other),
                };
                for _ in 0..count {
                    text.push_str(&rendered);
                    text.push('\n');
                }
            }
            text
        } else if let Some(text) = file.get("text").and_then(Value::as_str) {
            text.replace("$HOME", &self.home_str())
        } else if let Some(json) = file.get("json") {
            python_json(&self.sub(json))
        } else {
            String::new()
        };
        // Via a temp file and a rename, as every writer of the ring folder does (readers
        // may cache rows while the folder is unchanged).
        let tmp = path.with_extension("compat-tmp");
        fs::write(&tmp, text).expect("file");
        fs::rename(&tmp, &path).expect("rename");
        let age = file.get("age").and_then(Value::as_f64).unwrap_or(0.0);
        let mtime = UNIX_EPOCH + Duration::from_secs_f64((self.clock - age).max(0.0));
        File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(mtime))
            .expect("mtime");
    }

    /// Codex's `~/.codex/state_5.sqlite` with the scenario's threads (`age` → `updated_at`).
    fn write_codex_threads(&self, threads: &[Value]) {
        let dir = self.home.join(".codex");
        fs::create_dir_all(&dir).expect("codex folder");
        let db = rusqlite::Connection::open(dir.join("state_5.sqlite")).expect("codex db");
        db.execute_batch(
            "create table threads (id text primary key, cwd text, title text, \
             rollout_path text, preview text, updated_at integer, updated_at_ms integer, \
             archived integer default 0)",
        )
        .expect("threads table");
        for thread in threads {
            let thread = self.sub(thread);
            let at = self.clock - thread["age"].as_f64().unwrap_or(0.0);
            let text = |k: &str| thread[k].as_str().map(str::to_owned);
            db.execute(
                "insert into threads values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                rusqlite::params![
                    text("id"),
                    text("cwd"),
                    text("title"),
                    text("rollout_path"),
                    text("preview"),
                    at as i64,
                    (at * 1000.0) as i64,
                    thread["archived"].as_i64().unwrap_or(0),
                ],
            )
            .expect("thread row");
        }
    }

    /// Runs `ring-tmux ARGS` with the scenario's environment.
    pub fn run(&self, args: &[String], stdin: &[u8], env: &Map<String, Value>) -> Output {
        let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("ring-tmux"));
        cmd.args(args)
            .env("HOME", &self.home)
            .env("RING_HOME", &self.ring)
            .env("RING_NOW", format!("{:?}", self.clock))
            .env_remove("RING_PROCS")
            // List transcripts on every read: steps add files within the same wall second.
            .env("RING_SCAN_TTL", "0")
            .env_remove("RING_DEBUG_PAYLOAD_LOG")
            // The suite's language, whatever the shell's locale says (lang_support).
            .env("RING_LANG", crate::lang_support::lang().tag())
            .env_remove("TMUX")
            .env_remove("TMUX_PANE");
        for (key, _) in std::env::vars_os() {
            if key.to_string_lossy().starts_with("ZELLIJ") {
                cmd.env_remove(key);
            }
        }
        for (key, value) in self.scenario_env.iter().chain(env) {
            match value.as_str() {
                Some(v) => cmd.env(key, v.replace("$HOME", &self.home_str())),
                None => cmd.env_remove(key),
            };
        }
        cmd.write_stdin(stdin.to_vec());
        cmd.output().expect("run ring-tmux")
    }

    /// Every file in `sessions/` (dot-files and lock files excepted), parsed, with a numeric
    /// `hook_pid` → `"<pid>"`
    /// and ring's own keys dropped; unparsable files as `{"__raw__": text}`.
    pub fn rows(&self) -> Value {
        let mut rows = Map::new();
        let Ok(dir) = fs::read_dir(self.ring.join("sessions")) else {
            return Value::Object(rows);
        };
        let mut names: Vec<String> = dir
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            // RiNG's listing never saw ring's own dot-files (the `.locks/` folder, temp
            // files); a row named `..json` (id `.`) is a row for both.
            .filter(|n| (!n.starts_with('.') || n.ends_with(".json")) && !n.ends_with(".lock"))
            .collect();
        names.sort();
        for name in names {
            let text =
                fs::read_to_string(self.ring.join("sessions").join(&name)).unwrap_or_default();
            let row = match serde_json::from_str::<Value>(&text) {
                Ok(Value::Object(mut row)) => {
                    for key in RING_ROW_KEYS {
                        row.remove(key);
                    }
                    // The recorder replaced numeric pids only (a string stays as it is).
                    if row.get("hook_pid").is_some_and(Value::is_number) {
                        row.insert("hook_pid".into(), Value::from("<pid>"));
                    }
                    Value::Object(row)
                }
                Ok(other) => other,
                Err(_) => serde_json::json!({ "__raw__": text }),
            };
            rows.insert(name, self.unsub(&row));
        }
        Value::Object(rows)
    }

    /// `events.jsonl`, one parsed value per line.
    pub fn events(&self) -> Vec<Value> {
        let text = fs::read_to_string(self.ring.join("events.jsonl")).unwrap_or_default();
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                serde_json::from_str::<Value>(l)
                    .map(|v| self.unsub(&v))
                    .unwrap_or_else(|_| Value::from(l))
            })
            .collect()
    }

    fn hidden_path(&self) -> PathBuf {
        self.ring.join("deleted_sessions.json")
    }

    /// `deleted_sessions.json` parsed, `null` when absent.
    pub fn hidden(&self) -> Value {
        fs::read_to_string(self.hidden_path())
            .ok()
            .map(|t| serde_json::from_str(&t).unwrap_or(Value::from(t)))
            .unwrap_or(Value::Null)
    }

    /// What RiNG's TUI does on hide / unhide: rewrite `{id: ISO time}` with sorted keys.
    pub fn set_hidden(&self, id: &str, hide: bool) {
        let mut map = match self.hidden() {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        if hide {
            map.insert(id.to_owned(), Value::from(iso_utc(self.clock)));
        } else {
            map.remove(id);
        }
        let sorted: std::collections::BTreeMap<_, _> = map.into_iter().collect();
        fs::write(self.hidden_path(), python_json(&serde_json::json!(sorted))).expect("hidden");
    }

    /// A `RING_PROCS` file for a read (`{}` = every scan unknown).
    pub fn procs_file(&self, read: &Value) -> PathBuf {
        let mut doc = match read.get("procs") {
            Some(Value::Object(procs)) => procs.clone(),
            _ => Map::new(),
        };
        if let Some(ids) = read.get("background_agent_ids") {
            doc.insert("background_agent_ids".into(), ids.clone());
        }
        let path = self.dir.path().join("procs.json");
        fs::write(&path, self.sub(&Value::Object(doc)).to_string()).expect("procs file");
        path
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

fn map_strings(v: &Value, f: &dyn Fn(&str) -> String) -> Value {
    match v {
        Value::String(s) => Value::String(f(s)),
        Value::Array(items) => Value::Array(items.iter().map(|i| map_strings(i, f)).collect()),
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| (f(k), map_strings(v, f))).collect())
        }
        other => other.clone(),
    }
}

/// Python's `json.dumps` default layout (`", "`, `": "`); the recorder wrote files this way.
pub fn python_json(v: &Value) -> String {
    match v {
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(python_json).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{}: {}", Value::from(k.as_str()), python_json(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
}

/// `datetime.fromtimestamp(t, timezone.utc).isoformat(timespec="seconds")`.
pub fn iso_utc(t: f64) -> String {
    chrono::DateTime::from_timestamp(t.floor() as i64, 0)
        .expect("time in range")
        .format("%Y-%m-%dT%H:%M:%S+00:00")
        .to_string()
}

/// A flat TOML document from a JSON object of scalars and arrays.
fn to_toml(config: &Map<String, Value>) -> String {
    config.iter().map(|(k, v)| format!("{k} = {v}\n")).collect()
}
