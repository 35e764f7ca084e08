//! `ring-tmux hook`: the writer every agent event runs (§3).
//!
//! ```text
//! stdin (≤ 8 MiB, ≤ 5 s) → JSON → [payload log] → event::normalize → un-hide
//!   → lock sessions/.locks/<name>.lock (not had in 2 s: the event is dropped, logged)
//!   → previous row → transcript tail (only with a path) → tty discovery → reduce::reduce
//!   → atomic write (temp + rename) | delete → events.jsonl → unlock
//!   → tmux push, zellij refresh (never under the lock: a stopped tmux server cannot make
//!     other hooks of the session wait)
//! ```
//!
//! Exits 0 and prints nothing for every input (only `-h`/`--help` prints usage): hook stdout
//! is read by Claude Code as instructions on some events. Failures go to `ring.log` in the ring
//! folder. The pure steps (ring-shared) run under `catch_unwind`, so even a bug there cannot
//! make the hook fail or print. There is no desktop notifier: the "now waiting" decision is
//! recorded in `ring.log` unless `notify_backend = "none"`, and RiNG's `agent-hooks`
//! delegation (§3.14) is not done (it would print on the agent's stdout).

use crate::store::safe::Dir;
use crate::store::{self, ErrorLog, hidden, jsonl};
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::event::{self, HookArgs};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::Mutex;

mod plan;
mod record;
pub mod stdin;
use record::Recorder;

/// Largest payload read from stdin; anything larger is drained and ignored.
pub const STDIN_CAP: u64 = 8 << 20;
/// How much of an over-large stdin is drained (so the agent's write does not fail) before
/// the hook stops reading.
const DRAIN_CAP: u64 = 1 << 30;
/// Largest `config.toml` read.
const CONFIG_CAP: u64 = 1 << 20;

/// The process environment the hook reads besides [`Env`], captured once.
#[derive(Debug, Clone)]
pub struct HookEnv {
    pub env: Env,
    /// `$TMUX_PANE`, trimmed, if non-empty.
    pub tmux_pane: Option<String>,
    /// The socket path of `$TMUX` (the text before its first comma), if non-empty.
    pub tmux_socket: Option<String>,
    /// `$ZELLIJ_SESSION_NAME`, if non-empty.
    pub zellij_session: Option<String>,
    /// `$ZELLIJ_PANE_ID`, if non-empty.
    pub zellij_pane: Option<String>,
    /// `$RING_DEBUG_PAYLOAD_LOG` as a switch, if it is one (`None` → config decides).
    pub payload_log_env: Option<bool>,
    /// The agent's terminal environment ([`ring_shared::registry::term_env::RECORDED`]), for `jump`.
    pub term_env: ring_shared::registry::term_env::TermEnv,
    /// Whether to discover the tty (off for the in-process property test: no /proc walking).
    pub discover_tty: bool,
}

fn env_text(name: &str) -> Option<String> {
    let value = std::env::var_os(name)?;
    let value = value.to_string_lossy();
    let trimmed = value.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

/// RiNG's on/off tokens (§3.12).
fn switch(value: &str) -> Option<bool> {
    match py_strip(value).to_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

impl HookEnv {
    /// Reads the environment of this process.
    pub fn from_process() -> HookEnv {
        HookEnv {
            env: Env::from_process(),
            tmux_pane: env_text("TMUX_PANE"),
            tmux_socket: env_text("TMUX")
                .and_then(|t| t.split(',').next().map(str::to_owned))
                .filter(|s| !s.is_empty()),
            zellij_session: env_text("ZELLIJ_SESSION_NAME"),
            zellij_pane: env_text("ZELLIJ_PANE_ID"),
            payload_log_env: env_text("RING_DEBUG_PAYLOAD_LOG").and_then(|v| switch(&v)),
            term_env: ring_shared::registry::term_env::record(|name| {
                std::env::var_os(name).map(|v| v.to_string_lossy().into_owned())
            }),
            discover_tty: true,
        }
    }
}

/// stdin as read by the hook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// At most [`STDIN_CAP`] bytes.
    Payload(Vec<u8>),
    /// More than [`STDIN_CAP`] bytes (the rest was drained, not kept).
    TooLarge,
    /// stdin could not be read.
    Unreadable,
}

/// Reads at most [`STDIN_CAP`] bytes; past that, drains (without keeping) and reports
/// [`Input::TooLarge`].
pub fn read_input(mut reader: impl Read) -> Input {
    let mut buf = Vec::with_capacity(16 << 10);
    match (&mut reader).take(STDIN_CAP + 1).read_to_end(&mut buf) {
        Ok(_) => {}
        // The writer never closed stdin: judge what arrived (a complete payload still counts).
        Err(e) if e.kind() == io::ErrorKind::TimedOut && buf.len() as u64 <= STDIN_CAP => {
            return Input::Payload(buf);
        }
        Err(_) => return Input::Unreadable,
    }
    if buf.len() as u64 > STDIN_CAP {
        drop(buf);
        let _ = io::copy(&mut reader.take(DRAIN_CAP), &mut io::sink());
        return Input::TooLarge;
    }
    Input::Payload(buf)
}

/// What one hook call did (for tests; the process exit code is always 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handled {
    /// Nothing recorded: invalid, non-object, too large, unknown event, no id.
    Ignored,
    /// The session's row was written.
    Written,
    /// SessionEnd: the row was deleted.
    Deleted,
    /// Something failed (logged in `ring.log`).
    Failed,
    /// The ring folder is not safe to write in (another user's, or writable by others):
    /// nothing written, not even `ring.log`, which lives in it. `doctor` says how to fix it.
    Refused,
}

/// `ring-tmux hook ARGS…`: always exit 0, never print (but `--help`).
///
/// `help()` is the command line's own text, which lives above the hook.
pub fn run(args: &[String], help: fn() -> String) -> ExitCode {
    silence_panics();
    let provider = match panic::catch_unwind(|| event::parse_hook_args(args)) {
        Ok(HookArgs::Help) => {
            crate::sys::lang::init();
            let _ = io::stdout().write_all(help().as_bytes());
            return ExitCode::SUCCESS;
        }
        Ok(HookArgs::Provider(p)) => p,
        Err(_) => {
            let henv = HookEnv::from_process();
            log_panic(
                &ErrorLog::new(&henv.env.ring_home),
                henv.env.now(),
                "parse_hook_args",
            );
            return ExitCode::SUCCESS;
        }
    };
    let henv = HookEnv::from_process();
    let input = read_input(stdin::DeadlineReader::new(
        io::stdin().lock(),
        stdin::STDIN_DEADLINE,
    ));
    let _ = panic::catch_unwind(AssertUnwindSafe(|| handle(&provider, input, &henv)));
    ExitCode::SUCCESS
}

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Replaces the default panic hook (which prints to stderr) by one that keeps the message
/// for `ring.log`.
fn silence_panics() {
    panic::set_hook(Box::new(|info| {
        if let Ok(mut slot) = LAST_PANIC.lock() {
            *slot = Some(info.to_string());
        }
    }));
}

fn log_panic(log: &ErrorLog, now: f64, step: &str) {
    let message = LAST_PANIC
        .lock()
        .ok()
        .and_then(|mut m| m.take())
        .unwrap_or_else(|| "panic".into());
    log.write(now, "hook", &format!("{step} panicked: {message}"));
}

/// Runs a pure step; a panic is logged and becomes `None`.
fn guarded<T>(log: &ErrorLog, now: f64, step: &str, f: impl FnOnce() -> T) -> Option<T> {
    match panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => Some(v),
        Err(_) => {
            log_panic(log, now, step);
            None
        }
    }
}

/// Python's `str.strip()` whitespace (Appendix A).
fn py_strip(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c))
}

/// Undecodable bytes are dropped (Python's "ignore" error handler, §2.2).
fn decode_ignoring(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.utf8_chunks().map(|c| c.valid()).collect()),
    }
}

/// The payload, if stdin holds one JSON document as Python's `json.loads` reads it (`NaN`,
/// `Infinity` and lone surrogate escapes are accepted, as RiNG accepts them: see
/// `ring_shared::pyjson`). serde_json's nesting limit of 128 stays on: deep nesting is an
/// error, not a stack overflow.
pub fn parse_payload(bytes: &[u8]) -> Option<Value> {
    ring_shared::pyjson::loads(&decode_ignoring(bytes))
}

/// The provider name the payload log records: payload `provider` (non-empty string) else the
/// CLI's, trimmed, lower-cased, `_` → `-` (before the adapter maps it).
fn logged_provider(payload: &Map<String, Value>, cli_provider: &str) -> String {
    let chosen = match payload.get("provider") {
        Some(Value::String(p)) if !p.is_empty() => p.as_str(),
        _ => cli_provider,
    };
    py_strip(chosen).to_lowercase().replace('_', "-")
}

fn logged_event(payload: &Map<String, Value>) -> &str {
    ["event", "event_name", "hook_event_name", "hookEventName"]
        .iter()
        .find_map(|k| {
            payload
                .get(*k)
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
        })
        .unwrap_or("")
}

fn read_config(home: Option<&Dir>, log: &ErrorLog, now: f64) -> Config {
    let read = home.map_or(Ok(None), |home| {
        store::read_in(home, "config.toml", CONFIG_CAP, store::Owner::Anyone)
    });
    match read {
        Ok(None) => Config::default(),
        Ok(Some(bytes)) => guarded(log, now, "config", || {
            Config::parse(&String::from_utf8_lossy(&bytes)).0
        })
        .unwrap_or_default(),
        Err(e) => {
            log.write(now, "hook", &format!("config.toml unreadable: {e}"));
            Config::default()
        }
    }
}

/// Handles one payload read from stdin. Never panics past its own guards, never prints.
pub fn handle(cli_provider: &str, input: Input, henv: &HookEnv) -> Handled {
    // A ring folder another user owns or can write in could have any file swapped under us
    // (as OpenSSH refuses such a ~/.ssh, and git an unsafe safe.directory): refuse before any
    // write. The log is inside it, so there is nowhere safe to say so; `doctor` does.
    // Opened once (from `/`, never through a link inside it): every later file and folder of
    // the event is reached relative to it. Missing: the hook creates it when it writes.
    let home = match Dir::open(&henv.env.ring_home) {
        Ok(home) => Some(home),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(_) => return Handled::Refused,
    };
    let now = henv.env.now();
    let log = ErrorLog::new(&henv.env.ring_home);
    let bytes = match input {
        Input::Payload(b) => b,
        Input::TooLarge => {
            log.write(now, "hook", "stdin larger than 8 MiB: ignored");
            return Handled::Ignored;
        }
        Input::Unreadable => return Handled::Ignored,
    };
    let Some(Value::Object(payload)) = parse_payload(&bytes) else {
        return Handled::Ignored;
    };
    drop(bytes);
    let config = read_config(home.as_ref(), &log, now);
    if henv.payload_log_env.unwrap_or(config.debug_payload_log) {
        let provider = logged_provider(&payload, cli_provider);
        let line = jsonl::payload_line(
            now,
            &provider,
            logged_event(&payload),
            &Value::Object(payload.clone()),
        );
        let path = henv.env.ring_home.join("hook_payloads.jsonl");
        if let Err(e) = store::ensure_dir(&henv.env.ring_home)
            .and_then(|()| jsonl::append_line(&path, &line, jsonl::PAYLOADS_CAP))
        {
            log.write(now, "hook", &format!("payload log: {e}"));
        }
    }
    let payload = Value::Object(payload);
    let Some(Some(event)) = guarded(&log, now, "normalize", || {
        event::normalize(&payload, cli_provider)
    }) else {
        return Handled::Ignored;
    };
    drop(payload);
    let unhidden = home.as_ref().map_or(Ok(hidden::Unhide::NotHidden), |home| {
        hidden::unhide_in(home, &event.session_id, now)
    });
    match unhidden {
        Ok(hidden::Unhide::LockTimedOut) => {
            log.write(
                now,
                "hook",
                "deleted_sessions.json lock timed out: session left hidden",
            );
        }
        Ok(_) => {}
        Err(e) => log.write(now, "hook", &format!("un-hide: {e}")),
    }
    Recorder {
        henv,
        home,
        log: &log,
        now,
        config,
    }
    .record(&event)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::small(b"{}".to_vec(), Input::Payload(b"{}".to_vec()))]
    #[case::exactly_the_cap(vec![b' '; STDIN_CAP as usize], Input::Payload(vec![b' '; STDIN_CAP as usize]))]
    #[case::one_past_the_cap(vec![b' '; STDIN_CAP as usize + 1], Input::TooLarge)]
    fn read_input_is_bounded(#[case] stdin: Vec<u8>, #[case] want: Input) {
        assert_eq!(read_input(io::Cursor::new(stdin)), want);
    }

    #[test]
    fn read_input_drains_what_it_refuses() {
        let mut cursor = io::Cursor::new(vec![b'x'; STDIN_CAP as usize + 4096]);
        assert_eq!(read_input(&mut cursor), Input::TooLarge);
        assert_eq!(cursor.position(), STDIN_CAP + 4096);
    }

    #[rstest]
    #[case::object(b"{\"a\": 1}" as &[u8], true)]
    #[case::invalid_utf8_dropped(b"{\"a\": \"x\xffy\"}", true)]
    #[case::empty(b"", false)]
    #[case::deep_nesting_is_an_error(&[b'['; 10_000], false)]
    #[case::python_nan_and_infinity(b"{\"a\": NaN, \"b\": -Infinity}", true)]
    #[case::lone_surrogate_escape(b"{\"a\": \"\\ud800\"}", true)]
    #[case::not_json_even_for_python(b"{\"a\": nan}", false)]
    fn parse_payload_accepts_only_json(#[case] bytes: &[u8], #[case] ok: bool) {
        assert_eq!(parse_payload(bytes).is_some(), ok);
    }

    #[test]
    fn invalid_utf8_bytes_are_ignored_not_replaced() {
        let v = parse_payload(b"{\"a\": \"x\xff\xfey\"}").expect("parses");
        assert_eq!(v["a"], "xy");
    }

    #[rstest]
    #[case::cli(r#"{}"#, " Claude_Code ", "claude-code")]
    #[case::payload_wins(r#"{"provider": "MY_tool"}"#, "codex", "my-tool")]
    #[case::empty_payload_ignored(r#"{"provider": ""}"#, "codex", "codex")]
    #[case::non_string_ignored(r#"{"provider": 3}"#, "codex", "codex")]
    fn logged_provider_is_normalized(#[case] payload: &str, #[case] cli: &str, #[case] want: &str) {
        let Value::Object(map) = serde_json::from_str(payload).expect("json") else {
            panic!("object")
        };
        assert_eq!(logged_provider(&map, cli), want);
    }

    #[rstest]
    #[case::on(" Yes ", Some(true))]
    #[case::off("OFF", Some(false))]
    #[case::other("maybe", None)]
    fn switch_reads_rings_tokens(#[case] v: &str, #[case] want: Option<bool>) {
        assert_eq!(switch(v), want);
    }
}
