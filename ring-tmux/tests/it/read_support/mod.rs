//! A temporary ring folder with rows, and runs of the real binary against it.
#![allow(dead_code)] // Shared by several test crates; each uses part of it.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Output;

/// The fake clock of every test.
pub const NOW: f64 = 1_700_000_100.0;

pub struct Ring {
    pub dir: tempfile::TempDir,
    pub home: PathBuf,
    pub ring: PathBuf,
    /// `RING_PROCS` content; `{}` = every scan unknown.
    pub procs: String,
}

impl Ring {
    pub fn new() -> Ring {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path().join("home");
        let ring = home.join(".config").join("ring");
        std::fs::create_dir_all(ring.join("sessions")).expect("sessions");
        Ring {
            dir,
            home,
            ring,
            procs: "{}".into(),
        }
    }

    /// Writes `sessions/<name>` with raw bytes.
    pub fn file(&self, name: &str, bytes: impl AsRef<[u8]>) -> &Ring {
        std::fs::write(self.ring.join("sessions").join(name), bytes).expect("row");
        self
    }

    /// Writes a row `{session_id: id, …fields}` as `<id>.json`.
    pub fn row(&self, id: &str, fields: Value) -> &Ring {
        let mut row = serde_json::json!({ "session_id": id, "last_active": NOW - 10.0 });
        if let (Some(row), Value::Object(fields)) = (row.as_object_mut(), fields) {
            row.extend(fields);
        }
        self.file(&format!("{id}.json"), row.to_string())
    }

    /// Makes `sessions/` look last changed a minute ago, so a cache built now is trusted.
    pub fn age_sessions(&self) {
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
        std::fs::File::open(self.ring.join("sessions"))
            .and_then(|d| d.set_modified(old))
            .expect("folder mtime");
    }

    /// Replaces `sessions/<name>` the way RiNG (and any writer but ring's hook) does: a temp
    /// file renamed over it.
    pub fn replace_row(&self, name: &str, text: &str) {
        let tmp = self.ring.join("sessions/.replace.tmp");
        std::fs::write(&tmp, text).expect("tmp");
        std::fs::rename(&tmp, self.ring.join("sessions").join(name)).expect("rename");
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.run_with(args, &[])
    }

    /// [`Ring::run`] with more environment (`RING_LANG`, …).
    pub fn run_with(&self, args: &[&str], vars: &[(&str, &str)]) -> Output {
        let procs = self.dir.path().join("procs.json");
        std::fs::write(&procs, &self.procs).expect("procs");
        let mut command = Command::new(assert_cmd::cargo::cargo_bin!("ring-tmux"));
        for name in crate::OUTSIDE {
            command.env_remove(name);
        }
        command
            .args(args)
            .env("HOME", &self.home)
            .env("RING_HOME", &self.ring)
            .env("RING_NOW", NOW.to_string())
            .env("RING_PROCS", &procs)
            .env("RING_SCAN_TTL", "0")
            .envs(vars.iter().copied())
            .output()
            .expect("run ring-tmux")
    }

    /// stdout of a successful run.
    pub fn stdout(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).expect("UTF-8 stdout")
    }

    /// The session ids of `json [args]`, in board order.
    pub fn json_ids(&self, args: &[&str]) -> Vec<String> {
        let mut all = vec!["json"];
        all.extend(args);
        let board: Value = serde_json::from_str(&self.stdout(&all)).expect("JSON board");
        board["sessions"]
            .as_array()
            .expect("sessions")
            .iter()
            .map(|s| s["session_id"].as_str().unwrap_or("").to_owned())
            .collect()
    }
}
