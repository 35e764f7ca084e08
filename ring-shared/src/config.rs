//! `config.toml` (spec §6): RiNG's keys, defaults and validation, plus ring's own keys.

/// Every setting, with RiNG's defaults in `impl Default`.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub active_window_seconds: i64,
    pub working_threshold_seconds: i64,
    pub waiting_window_seconds: i64,
    pub codex_permission_wait_seconds: i64,
    pub detect_stop_questions: bool,
    pub waiting_cooldown_seconds: i64,
    pub show_all: bool,
    pub notify_backend: String,
    pub debug_payload_log: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            active_window_seconds: 21600,
            working_threshold_seconds: 90,
            waiting_window_seconds: 1800,
            codex_permission_wait_seconds: 10,
            detect_stop_questions: true,
            waiting_cooldown_seconds: 180,
            show_all: false,
            notify_backend: "auto".into(),
            debug_payload_log: false,
        }
    }
}

impl Config {
    /// Parses `config.toml` text. Syntax errors give all defaults; wrong types give that key's
    /// default; unknown keys give a warning. Never fails.
    pub fn parse(text: &str) -> (Config, Vec<String>) {
        todo!("{text}")
    }
}
