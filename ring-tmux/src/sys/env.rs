//! The ring folder, the clock and the process-scan seams, read once per process.
//!
//! * `RING_HOME`: the ring folder (default `~/.config/ring`).
//! * `RING_NOW`: the clock, float Unix seconds (default: the system clock).
//! * `RING_PROCS`: a JSON file `{"claude-code": [[cwd, tty], …] | null, "codex": … | null,
//!   "background_agent_ids": [...], "local_llm": [[pid, provider, model, tty, start], …]}`
//!   that replaces the `/proc` scan. `null` or a missing provider means unknown; any other
//!   provider key gives that provider a detector. `local_llm` lists live local LLM chats
//!   (§4.6): `provider` `"ollama"` or `"llama.cpp"` (else skipped), `model` a string or `null`, `tty` a
//!   string or `null` (no terminal: no row, not counted), `start` the process start in float
//!   epoch seconds; a malformed entry is skipped. Without `local_llm` there are none.
//! * `RING_TMUX_PANES`: a JSON file `[{"pane_id", "cwd", "target", "pane_pid"}, …]` (the
//!   compat `tmux_panes` format) that replaces `tmux list-panes` for §4.10 (rules 1 and 2):
//!   the panes of the server of `$TMUX` (`$TMUX` unset: a server without a socket path). A
//!   missing `pane_pid` is none; an entry without `pane_id` or `target` is skipped; an
//!   unreadable file means no panes.
//! * `RING_PROC_TREE`: a JSON file `{"<pid>": [ppid, "args"], …}` (the compat
//!   `process_rows` format) that replaces the `/proc` walk below the panes' shells (§4.10
//!   rule 2). An unreadable file means no processes.
//! * `RING_TMUX_SERVERS`: `off` keeps ring out of tmux's folder (`$TMUX_TMPDIR/tmux-UID/`):
//!   the user's other tmux servers are then only those rows recorded (`tmux::servers`). The
//!   test suite sets it (`.cargo/config.toml`): that folder holds the machine's real servers.
//! * `RING_EVIDENCE_TTL`: seconds `status` / `oneline` reuse the tmux evidence gathered by an
//!   earlier run (`RING_HOME/cache/evidence.bin`; float, `0` = never; default 30). See
//!   `zeroconf::evidence`.

use ring_shared::derive::{Pane, Proc, ProcRow, Procs};
use ring_shared::scan::{LLAMA_CPP, LocalLlm, OLLAMA};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The process environment ring runs in.
#[derive(Debug, Clone)]
pub struct Env {
    /// `$HOME` (for `~` in locations and the agents' own folders).
    pub home: PathBuf,
    /// The ring folder.
    pub ring_home: PathBuf,
    /// `RING_NOW` if set.
    pub fixed_now: Option<f64>,
    /// `RING_PROCS` if set: the injected scan.
    pub procs_file: Option<PathBuf>,
}

impl Env {
    /// Reads `HOME`, `RING_HOME`, `RING_NOW`, `RING_PROCS`.
    pub fn from_process() -> Env {
        let home = std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/"));
        let ring_home = std::env::var_os("RING_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| home.join(".config").join("ring"));
        let ring_home = resolve(&ring_home);
        let fixed_now = std::env::var("RING_NOW")
            .ok()
            .and_then(|v| v.trim().parse::<f64>().ok());
        Env {
            home,
            ring_home,
            fixed_now,
            procs_file: seam_file("RING_PROCS"),
        }
    }

    /// The clock: `RING_NOW`, else the system time.
    pub fn now(&self) -> f64 {
        self.fixed_now.unwrap_or_else(wall_clock)
    }

    /// `sessions/` inside the ring folder.
    pub fn sessions_dir(&self) -> PathBuf {
        self.ring_home.join("sessions")
    }
}

/// `path` with the links of its existing part resolved (`realpath` of the longest existing
/// prefix, the rest appended): the ring folder's own path may go through a link (a
/// `~/.config` kept in a dotfiles folder), chosen by the user, and is resolved once here;
/// every writer then refuses a link anywhere below it (`store::safe`). Unresolvable: as given.
pub fn resolve(path: &Path) -> PathBuf {
    let mut existing = path;
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = std::fs::canonicalize(existing) {
            return rest.iter().rev().fold(real, |p, name| p.join(name));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                existing = parent;
            }
            _ => return path.to_path_buf(),
        }
    }
}

/// Parses a `RING_PROCS` document. A file that cannot be read or parsed means every
/// provider is unknown.
pub fn parse_procs(text: &str) -> Procs {
    let mut procs = Procs::default();
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(text) else {
        return procs;
    };
    for (key, value) in &map {
        if key == "local_llm" {
            if let Value::Array(items) = value {
                procs.local_llm = items.iter().filter_map(parse_local_llm).collect();
            }
            continue;
        }
        if key == "background_agent_ids" {
            if let Value::Array(ids) = value {
                procs.background_agent_ids = ids
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect();
            }
            continue;
        }
        let list = match value {
            Value::Array(items) => Some(items.iter().filter_map(parse_proc).collect()),
            _ => None,
        };
        procs.by_provider.insert(key.clone(), list);
    }
    procs
}

/// One `[pid, provider, model, tty, start]` entry; `None` when malformed or without a terminal.
fn parse_local_llm(item: &Value) -> Option<LocalLlm> {
    let fields = item.as_array()?;
    let tty = fields
        .get(3)?
        .as_str()
        .filter(|t| !t.is_empty())?
        .to_owned();
    Some(LocalLlm {
        pid: u32::try_from(fields.first()?.as_u64()?).ok()?,
        provider: fields
            .get(1)?
            .as_str()
            .filter(|p| [OLLAMA, LLAMA_CPP].contains(p))?
            .to_owned(),
        model: fields.get(2)?.as_str().map(str::to_owned),
        tty: Some(tty),
        started_at: fields.get(4)?.as_f64()?,
    })
}

/// One `[cwd, tty]` or `[cwd, tty, pid, start_ticks]` entry.
fn parse_proc(item: &Value) -> Option<Proc> {
    let fields = item.as_array()?;
    let cwd = fields.first()?.as_str()?.to_owned();
    let tty = fields
        .get(1)
        .and_then(Value::as_str)
        .filter(|t| !t.is_empty())
        .map(str::to_owned);
    Some(Proc {
        cwd,
        tty,
        pid: fields.get(2).and_then(Value::as_i64),
        start: fields.get(3).and_then(Value::as_i64),
    })
}

/// Reads the injected scan from `path`.
pub fn read_procs_file(path: &Path) -> Procs {
    crate::store::read_text(path, crate::store::SIDE_CAP, crate::store::Owner::Anyone)
        .map(|t| parse_procs(&t))
        .unwrap_or_default()
}

/// A duration in seconds from the environment variable `name` (a float; `0` allowed),
/// else `default` seconds: the caches' lifetimes (`RING_SCAN_TTL`, `RING_EVIDENCE_TTL`).
pub fn seconds_var(name: &str, default: f64) -> std::time::Duration {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v >= 0.0)
        .map_or(
            std::time::Duration::from_secs_f64(default),
            std::time::Duration::from_secs_f64,
        )
}

/// The file named by a seam variable (`RING_PROCS`, `RING_TMUX_PANES`, `RING_PROC_TREE`), if
/// set and not empty. The tmux seams are read only where the evidence is gathered (the
/// `zeroconf::evidence` module), not kept in [`Env`].
pub fn seam_file(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// Parses a `RING_TMUX_PANES` document (see the module doc).
pub fn parse_tmux_panes(text: &str) -> Vec<Pane> {
    let Ok(Value::Array(items)) = serde_json::from_str::<Value>(text) else {
        return Vec::new();
    };
    let text = |item: &Value, key: &str| item.get(key).and_then(Value::as_str).map(str::to_owned);
    items
        .iter()
        .filter_map(|item| {
            Some(Pane {
                id: text(item, "pane_id")?,
                cwd: text(item, "cwd").unwrap_or_default(),
                target: text(item, "target")?,
                pid: item
                    .get("pane_pid")
                    .and_then(Value::as_u64)
                    .and_then(|p| u32::try_from(p).ok()),
            })
        })
        .collect()
}

/// Parses a `RING_PROC_TREE` document (see the module doc); malformed entries are skipped.
pub fn parse_proc_tree(text: &str) -> Vec<ProcRow> {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(text) else {
        return Vec::new();
    };
    map.iter()
        .filter_map(|(pid, entry)| {
            Some(ProcRow {
                pid: pid.trim().parse().ok()?,
                ppid: u32::try_from(entry.get(0)?.as_u64()?).ok()?,
                args: entry.get(1)?.as_str()?.to_owned(),
            })
        })
        .collect()
}

/// Time since the Unix epoch by the system clock (zero before it): the one place ring-tmux
/// reads it. `RING_NOW` fakes only the board's time ([`Env::now`]); caches, stamps, spool
/// names and generations use the real clock.
pub(crate) fn since_epoch() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// [`since_epoch`] in seconds.
pub(crate) fn wall_clock() -> f64 {
    since_epoch().as_secs_f64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_llm_entries_are_parsed_and_counted_and_bad_ones_skipped() {
        let text = r#"{"codex": [], "local_llm": [
            [7, "ollama", "llama3", "/dev/pts/1", 100.5],
            [8, "llama.cpp", null, "/dev/pts/2", 200],
            [9, "ollama", "m", null, 1],
            ["x", "ollama", "m", "/dev/pts/3", 1],
            [10, "other", "m", "/dev/pts/4", 1]
        ]}"#;
        let procs = parse_procs(text);
        let local = &procs.local_llm;
        let pids: Vec<u32> = local.iter().map(|l| l.pid).collect();
        assert_eq!(pids, [7, 8]);
        assert_eq!(local[0].model.as_deref(), Some("llama3"));
        assert_eq!(local[0].started_at, 100.5);
        assert_eq!(local[1].model, None);
        assert_eq!(procs.agent_processes(), 2);
        assert!(
            !procs.by_provider.contains_key("ollama"),
            "no detector for hook rows of provider ollama"
        );
    }

    #[test]
    fn injected_panes_and_process_rows_parse_like_the_compat_fields() {
        let panes = parse_tmux_panes(
            r#"[{"pane_id": "%1", "cwd": "/a", "target": "m:1.0", "pane_pid": 7},
                {"pane_id": "%2", "cwd": "/b", "target": "m:1.1"},
                {"cwd": "/c", "target": "m:1.2"}]"#,
        );
        let got: Vec<(&str, &str, Option<u32>)> = panes
            .iter()
            .map(|p| (p.id.as_str(), p.target.as_str(), p.pid))
            .collect();
        assert_eq!(got, [("%1", "m:1.0", Some(7)), ("%2", "m:1.1", None)]);
        let mut rows = parse_proc_tree(r#"{"8": [7, "claude --resume x"], "9": ["7", "y"]}"#);
        rows.sort_by_key(|r| r.pid);
        assert_eq!(
            rows,
            [ProcRow {
                pid: 8,
                ppid: 7,
                args: "claude --resume x".into()
            }]
        );
    }
}
