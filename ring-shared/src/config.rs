//! `config.toml` (§6): RiNG's keys, defaults and validation, plus ring's own keys.
//!
//! One file serves both tools: RiNG reads its keys and warns about ours; we read RiNG's keys,
//! accept its display-only keys silently, and add a few of our own (flat, no table).
//! Parsing never fails: a syntax error gives every default, a wrong type gives that key's
//! default, and both unknown keys and rejected values come back as warning strings.

use crate::registry::Status;
use toml::Value;

mod docs;
mod keys;
mod remote;
mod value;
pub use docs::{KEY_DOCS, KeyDoc};
pub use keys::{KEYS, is_key};
use keys::{RING_DISPLAY_KEYS, kv_value, subject, unknown_key};
pub use remote::RemoteCounts;
pub use remote::valid_host;
use value::{backends, boolean, gaps, int, names, states, text, wrong_type};

/// Every setting, with RiNG's defaults (and ring's) in `impl Default`.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Zero-config rows older than this are not listed (§4.4). No clamp.
    pub active_window_seconds: i64,
    /// Zero-config rows: working below this idle time, idle above.
    pub working_threshold_seconds: i64,
    /// Zero-config rows: an `end_turn` tail becomes idle within this window.
    pub waiting_window_seconds: i64,
    /// Codex permission-wait promotion threshold (§4.2 a); `<= 0` disables it.
    pub codex_permission_wait_seconds: i64,
    /// Stop trailing-question promotion (§3.3).
    pub detect_stop_questions: bool,
    /// Minimum seconds between two "now waiting" notifications (§3.10); never negative.
    pub waiting_cooldown_seconds: i64,
    /// Default of `--all`: show ended sessions.
    pub show_all: bool,
    /// Notification back end: `auto`, `none`, `agent-hooks`, … (never empty).
    pub notify_backend: String,
    /// Raw payload debug log (§3.12).
    pub debug_payload_log: bool,
    /// ring: the status segment names the longest-waiting session's project and kind.
    pub status_show_project: bool,
    /// ring: the status segment counts the sessions of its own tmux server and marks those of
    /// the user's other servers (`+2 elsewhere`), and the zellij bar so marks every session
    /// in tmux; off, each counts every session together.
    pub status_elsewhere: bool,
    /// ring: the states that get a badge on their pane / tab, in board order.
    pub badge_states: Vec<Status>,
    /// ring: seconds between two registry reads of the zellij plugin (at least 1).
    pub zellij_refresh_seconds: i64,
    /// Notifications within this many seconds of the last one are merged into one
    /// "N more waiting" (`0`: every one at once). Never negative.
    pub notify_debounce_seconds: i64,
    /// Gaps between a wait's reminders: the n-th reminder comes `notify_repeat_seconds[n]`
    /// seconds after the note before it (the last gap repeats). Only positive values.
    pub notify_repeat_seconds: Vec<i64>,
    /// At most this many reminders per wait (`0`: none).
    pub notify_repeat_max: i64,
    /// Desktop and terminal channels: play a sound.
    pub notify_sound: bool,
    /// ntfy topic URL (`https://ntfy.sh/my-topic`): the `ntfy` channel.
    pub notify_ntfy_url: Option<String>,
    /// Generic webhook URL: the `webhook` channel (a JSON POST).
    pub notify_webhook_url: Option<String>,
    /// ring: where tapping an ntfy note leads (the board, e.g. `ring-tmux serve` where your
    /// phone reaches it); unset: nowhere.
    pub notify_click_url: Option<String>,
    /// Channels used besides `notify_backend` (names, e.g. `["ntfy"]`).
    pub notify_also: Vec<String>,
    /// ring: the `command` channel: a shell command that gets the note as JSON on stdin.
    pub notify_command: Option<String>,
    /// ring: seconds a channel may take before it is given up (killed); at least 1.
    pub notify_timeout_seconds: i64,
    /// ring: send the detail (commands, questions) to remote channels (ntfy, webhook) too.
    pub notify_remote_detail: bool,
    /// ring: what the terminal channel sends: `bell`, `osc9`, `osc777`, comma-separated.
    pub notify_terminal: String,
    /// ring: seconds a desktop notification's "go to session" stays clickable (`0`: none).
    pub notify_desktop_wait_seconds: i64,
    /// ring: milliseconds the tmux `display-message` shows.
    pub notify_display_ms: i64,
    /// ring: `ring-tmux serve` on a non-loopback address sends the detail (commands,
    /// questions, last actions) too; on loopback it always does.
    pub serve_detail: bool,
    /// ring: other machines whose sessions to show ([`crate::view::remote`]), as ssh
    /// destinations; invalid names are dropped with a warning.
    pub remote_hosts: Vec<String>,
    /// ring: seconds between two fetches of a host's snapshot (at least 2).
    pub remote_refresh_seconds: i64,
    /// ring: a host's sessions older than this are shown stale, with their age (at least 1).
    pub remote_stale_seconds: i64,
    /// ring: seconds one ssh call may take before it is killed (1 to 120).
    pub remote_timeout_seconds: i64,
    /// ring: the ssh program and its first arguments, split on whitespace (`ssh -F FILE`).
    pub remote_ssh_command: Vec<String>,
    /// ring: the `ring-tmux` to run on the hosts (letters, digits and `/._~-`).
    pub remote_ring_command: String,
    /// ring: the status segment counts remote sessions apart from local ones.
    pub remote_counts: remote::RemoteCounts,
    /// ring: the focus backends `jump` tries, in order (innermost first by default).
    pub focus_order: Vec<crate::focus::Backend>,
    /// ring: whether `ring-tmux serve`'s page may answer a waiting session's dialog.
    pub serve_answers: ServeAnswers,
    /// ring: an ntfy note of a waiting session carries an "Answer" button that opens the
    /// board's answer page for it (a link, never an answer sent from the note).
    pub notify_answer_button: bool,
}

/// `serve_answers`: where `ring-tmux serve`'s page may answer dialogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServeAnswers {
    /// Only when the server listens on a loopback address (the default).
    Loopback,
    /// On every listener, beyond loopback too.
    On,
    /// Never.
    Off,
}

impl ServeAnswers {
    /// Whether a listener (`loopback` or not) takes answers.
    pub fn allows(self, loopback: bool) -> bool {
        match self {
            ServeAnswers::Loopback => loopback,
            ServeAnswers::On => true,
            ServeAnswers::Off => false,
        }
    }
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
            status_show_project: true,
            status_elsewhere: true,
            badge_states: vec![Status::Waiting, Status::Working, Status::Idle],
            zellij_refresh_seconds: 1,
            notify_debounce_seconds: 0,
            notify_repeat_seconds: vec![30, 120, 300],
            notify_repeat_max: 3,
            notify_sound: true,
            notify_ntfy_url: None,
            notify_webhook_url: None,
            notify_click_url: None,
            notify_also: Vec::new(),
            notify_command: None,
            notify_timeout_seconds: 5,
            notify_remote_detail: false,
            notify_terminal: "bell,osc9".into(),
            notify_desktop_wait_seconds: 60,
            notify_display_ms: 5000,
            serve_detail: false,
            remote_hosts: Vec::new(),
            remote_refresh_seconds: 10,
            remote_stale_seconds: 60,
            remote_timeout_seconds: 10,
            remote_ssh_command: vec!["ssh".into()],
            remote_ring_command: "ring-tmux".into(),
            remote_counts: remote::RemoteCounts::Together,
            focus_order: crate::focus::default_order(),
            serve_answers: ServeAnswers::Loopback,
            notify_answer_button: false,
        }
    }
}

impl Config {
    /// Parses `config.toml` text. Syntax errors give all defaults; wrong types give that key's
    /// default; unknown keys give a warning. Never fails.
    ///
    /// ```
    /// use ring_shared::config::Config;
    /// let (config, warnings) = Config::parse("waiting_cooldown_seconds = -5\ntypo = 1\n");
    /// assert_eq!(config.waiting_cooldown_seconds, 0);
    /// assert_eq!(warnings.len(), 1);
    /// ```
    pub fn parse(text: &str) -> (Config, Vec<String>) {
        let (config, checked) = Config::parse_checked(text);
        let warnings =
            checked.unwrap_or_else(|syntax| vec![crate::t!("config-not-toml", error = syntax)]);
        (config, warnings)
    }

    /// [`Config::parse`], telling a file that is not TOML at all (`Err`: the parser's first
    /// line, with its line and column; every setting is then at its default) from one whose
    /// keys were read (`Ok`: a warning per key that was unknown or rejected). For `doctor`,
    /// which calls the first an error and the others warnings.
    pub fn parse_checked(text: &str) -> (Config, Result<Vec<String>, String>) {
        let mut config = Config::default();
        let table = match text.parse::<toml::Table>() {
            Ok(table) => table,
            Err(err) => {
                let first_line = err.to_string().lines().next().unwrap_or("").to_owned();
                return (config, Err(first_line));
            }
        };
        let mut warnings = Vec::new();
        for (key, value) in &table {
            if let Err(warning) = config.apply_value(key, value) {
                warnings.push(warning);
            }
        }
        (config, Ok(warnings))
    }

    /// Sets one key from a text value, with the same rules as `config.toml` (for the zellij
    /// plugin's KDL configuration, whose values are all strings).
    ///
    /// `value` is read as a TOML value (`true`, `10`, `"auto"`, `["waiting"]`); text that is
    /// not a TOML value is taken as a plain string, and for list keys a plain string is split
    /// on commas and whitespace (`waiting,working`). On error the key keeps its previous value.
    pub fn apply_kv(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.apply_named(key, &subject(key), &kv_value(key, value))
    }

    /// [`Config::apply_kv`] for a key the person wrote under another name (the zellij
    /// layout's `refresh` for `zellij_refresh_seconds`): a warning names it `shown`.
    pub fn apply_kv_as(&mut self, key: &str, shown: &str, value: &str) -> Result<(), String> {
        self.apply_named(key, shown, &kv_value(key, value))
    }

    /// Applies one top-level key. An `Err` is a warning; the key then keeps its default.
    fn apply_value(&mut self, key: &str, value: &Value) -> Result<(), String> {
        self.apply_named(key, &subject(key), value)
    }

    /// Applies one top-level key; a warning names it `name`.
    fn apply_named(&mut self, key: &str, name: &str, value: &Value) -> Result<(), String> {
        match key {
            "active_window_seconds" => self.active_window_seconds = int(name, value)?,
            "working_threshold_seconds" => self.working_threshold_seconds = int(name, value)?,
            "waiting_window_seconds" => self.waiting_window_seconds = int(name, value)?,
            "codex_permission_wait_seconds" => {
                self.codex_permission_wait_seconds = int(name, value)?;
            }
            "detect_stop_questions" => self.detect_stop_questions = boolean(name, value)?,
            // RiNG clamps a negative cooldown to 0 ("ring on every entry").
            "waiting_cooldown_seconds" => self.waiting_cooldown_seconds = int(name, value)?.max(0),
            "show_all" => self.show_all = boolean(name, value)?,
            "notify_backend" => match value {
                Value::String(s) if !s.is_empty() => self.notify_backend = s.clone(),
                _ => {
                    return Err(wrong_type(
                        name,
                        &crate::t!("config-expect-nonempty-string"),
                        value,
                    ));
                }
            },
            "debug_payload_log" => self.debug_payload_log = boolean(name, value)?,
            "status_show_project" => self.status_show_project = boolean(name, value)?,
            "status_elsewhere" => self.status_elsewhere = boolean(name, value)?,
            "badge_states" => self.badge_states = states(name, value)?,
            "zellij_refresh_seconds" => self.zellij_refresh_seconds = int(name, value)?.max(1),
            "notify_debounce_seconds" => self.notify_debounce_seconds = int(name, value)?.max(0),
            "notify_repeat_seconds" => self.notify_repeat_seconds = gaps(name, value)?,
            "notify_repeat_max" => self.notify_repeat_max = int(name, value)?.max(0),
            "notify_sound" => self.notify_sound = boolean(name, value)?,
            "notify_ntfy_url" => self.notify_ntfy_url = text(name, value)?,
            "notify_webhook_url" => self.notify_webhook_url = text(name, value)?,
            "notify_click_url" => self.notify_click_url = text(name, value)?,
            "notify_command" => self.notify_command = text(name, value)?,
            "notify_also" => self.notify_also = names(name, value)?,
            "notify_timeout_seconds" => self.notify_timeout_seconds = int(name, value)?.max(1),
            "notify_remote_detail" => self.notify_remote_detail = boolean(name, value)?,
            "notify_terminal" => {
                self.notify_terminal = text(name, value)?.unwrap_or_else(|| "bell,osc9".into());
            }
            "notify_desktop_wait_seconds" => {
                self.notify_desktop_wait_seconds = int(name, value)?.clamp(0, 3600);
            }
            "notify_display_ms" => self.notify_display_ms = int(name, value)?.clamp(0, 600_000),
            "serve_detail" => self.serve_detail = boolean(name, value)?,
            "remote_hosts" => self.remote_hosts = remote::hosts(name, value)?,
            "remote_refresh_seconds" => self.remote_refresh_seconds = int(name, value)?.max(2),
            "remote_stale_seconds" => self.remote_stale_seconds = int(name, value)?.max(1),
            "remote_timeout_seconds" => {
                self.remote_timeout_seconds = int(name, value)?.clamp(1, 120);
            }
            "remote_ssh_command" => self.remote_ssh_command = remote::ssh_command(name, value)?,
            "remote_ring_command" => self.remote_ring_command = remote::ring_command(name, value)?,
            "remote_counts" => self.remote_counts = remote::counts(name, value)?,
            "focus_order" => self.focus_order = backends(name, value)?,
            "serve_answers" => {
                self.serve_answers = match value.as_str() {
                    Some("loopback") => ServeAnswers::Loopback,
                    Some("on") => ServeAnswers::On,
                    Some("off") => ServeAnswers::Off,
                    _ => {
                        return Err(wrong_type(
                            name,
                            &crate::t!("config-expect-serve-answers"),
                            value,
                        ));
                    }
                };
            }
            "notify_answer_button" => self.notify_answer_button = boolean(name, value)?,
            _ if RING_DISPLAY_KEYS.contains(&key) => {}
            _ => return Err(unknown_key(key)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, with_lang};
    use rstest::rstest;

    #[test]
    fn every_listed_key_is_read() {
        for key in KEYS {
            let default = Config::default();
            let (_, checked) = Config::parse_checked(&format!("{key} = 1"));
            let warnings = checked.expect("valid TOML");
            // A wrong type is fine here; what must not come back is "unknown".
            assert!(is_key(key), "{key}");
            let unknown = unknown_key(key);
            assert!(
                warnings.iter().all(|w| *w != unknown),
                "{key}: {warnings:?}"
            );
            assert_eq!(Config::parse("").0, default);
        }
    }

    #[rstest]
    #[case::swapped_letters("notify_ntfy_ulr", Some("notify_ntfy_url"))]
    #[case::missing_letter("waiting_cooldown_second", Some("waiting_cooldown_seconds"))]
    #[case::other_word("colour_scheme", None)]
    fn an_unknown_key_names_the_closest_known_one(
        #[case] key: &str,
        #[case] closest: Option<&str>,
    ) {
        with_lang(Lang::En, || {
            let (_, warnings) = Config::parse(&format!("{key} = 1"));
            let key = format!("{key:?}");
            let expected = match closest {
                Some(known) => crate::t!(
                    "config-unknown-near",
                    key = key,
                    known = format!("{known:?}")
                ),
                None => crate::t!("config-unknown", key = key),
            };
            assert_eq!(warnings, [expected]);
        });
    }

    #[test]
    fn parse_checked_tells_a_syntax_error_from_key_warnings() {
        let (config, checked) = Config::parse_checked("show_all = true\nthis is not toml");
        assert_eq!(config, Config::default());
        assert!(checked.expect_err("not TOML").contains("line 2"));
        let (config, checked) = Config::parse_checked("show_all = true\nshow_al = 1");
        assert!(config.show_all);
        assert_eq!(checked.expect("TOML").len(), 1);
    }

    #[test]
    fn syntax_error_gives_all_defaults_and_one_warning() {
        let (config, warnings) = Config::parse("show_all = true\nthis is not toml");
        assert_eq!(config, Config::default());
        assert_eq!(warnings.len(), 1);
    }

    #[test]
    fn empty_text_gives_defaults_without_warnings() {
        assert_eq!(Config::parse(""), (Config::default(), vec![]));
    }

    #[rstest]
    #[case::string_bool_rejected("detect_stop_questions = 'false'", Config::default())]
    #[case::float_int_rejected("codex_permission_wait_seconds = 2.5", Config::default())]
    #[case::bool_int_rejected("active_window_seconds = true", Config::default())]
    #[case::empty_backend_rejected("notify_backend = ''", Config::default())]
    #[case::repeat_not_a_list("notify_repeat_seconds = 30", Config::default())]
    #[case::also_not_names("notify_also = [1]", Config::default())]
    #[case::bad_state_rejected("badge_states = ['waiting', 'paused']", Config::default())]
    #[case::serve_answers_word("serve_answers = 'yes'", Config::default())]
    #[case::serve_answers_bool("serve_answers = true", Config::default())]
    fn wrong_type_keeps_default_and_warns(#[case] text: &str, #[case] expected: Config) {
        let (config, warnings) = Config::parse(text);
        assert_eq!(config, expected);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
    }

    #[rstest]
    #[case::negative_cooldown_clamped("waiting_cooldown_seconds = -5", |c: &mut Config| c.waiting_cooldown_seconds = 0)]
    #[case::zero_cooldown_kept("waiting_cooldown_seconds = 0", |c: &mut Config| c.waiting_cooldown_seconds = 0)]
    #[case::codex_wait_negative_kept("codex_permission_wait_seconds = -1", |c: &mut Config| c.codex_permission_wait_seconds = -1)]
    #[case::active_window_unclamped("active_window_seconds = -100", |c: &mut Config| c.active_window_seconds = -100)]
    #[case::show_all("show_all = true", |c: &mut Config| c.show_all = true)]
    #[case::backend("notify_backend = 'none'", |c: &mut Config| c.notify_backend = "none".into())]
    #[case::badge_states("badge_states = ['waiting']", |c: &mut Config| c.badge_states = vec![Status::Waiting])]
    #[case::badge_states_empty("badge_states = []", |c: &mut Config| c.badge_states = vec![])]
    #[case::refresh_clamped("zellij_refresh_seconds = 0", |c: &mut Config| c.zellij_refresh_seconds = 1)]
    #[case::show_project_off("status_show_project = false", |c: &mut Config| c.status_show_project = false)]
    #[case::debounce_negative_clamped("notify_debounce_seconds = -3", |c: &mut Config| c.notify_debounce_seconds = 0)]
    #[case::repeat_gaps_filtered("notify_repeat_seconds = [0, 15, -2, 'x', 60]", |c: &mut Config| c.notify_repeat_seconds = vec![15, 60])]
    #[case::repeat_gaps_empty_default("notify_repeat_seconds = [0]", |_: &mut Config| {})]
    #[case::repeat_max("notify_repeat_max = 0", |c: &mut Config| c.notify_repeat_max = 0)]
    #[case::ntfy_url("notify_ntfy_url = ' http://h/t '", |c: &mut Config| c.notify_ntfy_url = Some("http://h/t".into()))]
    #[case::empty_url_is_unset("notify_webhook_url = ''", |_: &mut Config| {})]
    #[case::also_string("notify_also = 'ntfy, Webhook'", |c: &mut Config| c.notify_also = vec!["ntfy".into(), "webhook".into()])]
    #[case::also_list("notify_also = ['command', 'command']", |c: &mut Config| c.notify_also = vec!["command".into()])]
    #[case::timeout_clamped("notify_timeout_seconds = 0", |c: &mut Config| c.notify_timeout_seconds = 1)]
    #[case::remote_detail("notify_remote_detail = true", |c: &mut Config| c.notify_remote_detail = true)]
    #[case::serve_detail("serve_detail = true", |c: &mut Config| c.serve_detail = true)]
    #[case::serve_answers_on("serve_answers = 'on'", |c: &mut Config| c.serve_answers = ServeAnswers::On)]
    #[case::serve_answers_off("serve_answers = 'off'", |c: &mut Config| c.serve_answers = ServeAnswers::Off)]
    #[case::answer_button("notify_answer_button = true", |c: &mut Config| c.notify_answer_button = true)]
    fn valid_values_are_applied(#[case] text: &str, #[case] change: fn(&mut Config)) {
        let mut expected = Config::default();
        change(&mut expected);
        assert_eq!(Config::parse(text), (expected, vec![]));
    }

    #[test]
    fn unknown_key_warns_and_known_display_keys_do_not() {
        let text = "typo_key = 1\nlang = 'en'\ninterval = 1.5\n[colors]\nwaiting = 'red'\n";
        let (config, warnings) = Config::parse(text);
        assert_eq!(config, Config::default());
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].contains("typo_key"), "{warnings:?}");
    }

    #[test]
    fn recorded_type_mismatch_scenario_keeps_only_valid_values() {
        let text = "detect_stop_questions = \"false\"\nwaiting_cooldown_seconds = -5\n\
                    codex_permission_wait_seconds = 2.5\ntypo_key = 1\n";
        let (config, _) = Config::parse(text);
        assert!(config.detect_stop_questions);
        assert_eq!(config.waiting_cooldown_seconds, 0);
        assert_eq!(config.codex_permission_wait_seconds, 10);
    }

    #[rstest]
    #[case::bool("show_all", "true", true)]
    #[case::int("zellij_refresh_seconds", "5", true)]
    #[case::bare_string("notify_backend", "none", true)]
    #[case::comma_list("badge_states", "waiting,idle", true)]
    #[case::toml_list("badge_states", "[\"working\"]", true)]
    #[case::quoted_bool_rejected("show_all", "\"true\"", false)]
    #[case::float_rejected("zellij_refresh_seconds", "1.5", false)]
    #[case::unknown_key("nope", "1", false)]
    fn apply_kv_uses_the_toml_rules(#[case] key: &str, #[case] value: &str, #[case] ok: bool) {
        let mut config = Config::default();
        assert_eq!(config.apply_kv(key, value).is_ok(), ok);
        assert_eq!(config != Config::default(), ok, "{config:?}");
    }

    #[test]
    fn apply_kv_comma_list_keeps_order() {
        let mut config = Config::default();
        config
            .apply_kv("badge_states", "idle, waiting")
            .expect("valid list");
        assert_eq!(config.badge_states, vec![Status::Idle, Status::Waiting]);
    }
}
