//! The plugin's configuration: the key/value pairs of its block in the layout KDL.
//!
//! Parsing never fails: a bad key or value is kept as a message that the bar shows in words,
//! and the setting keeps its default. Keys that are ring's `config.toml` keys (`states`,
//! `refresh`, `codex_permission_wait_seconds`, …) are validated by ring-shared's
//! [`Config::apply_kv`], so the layout and `config.toml` follow the same rules.

use crate::cells;
use crate::theme::{Color, ColorOverrides};
use ring_shared::Status;
use ring_shared::config::Config;
use ring_shared::format::marker;
use ring_shared::i18n::{Lang, with_lang};
use ring_shared::t;
use ring_shared::view::Kind;
use std::collections::BTreeMap;

/// What this instance draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// One borderless row: counts and one badge per waiting pane.
    #[default]
    Bar,
    /// A floating pane listing every session.
    Board,
}

/// Where a badge's label comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Label {
    /// The session's project (last component of its directory).
    #[default]
    Project,
    /// The name of the zellij tab holding the pane.
    Tab,
}

/// Markers per state and icons per waiting kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Icons {
    pub waiting: String,
    pub working: String,
    pub idle: String,
    pub ended: String,
    pub permission: String,
    pub question: String,
    pub plan: String,
}

impl Default for Icons {
    /// RiNG's markers and icons (§5.3).
    fn default() -> Self {
        Icons {
            waiting: marker(Status::Waiting).into(),
            working: marker(Status::Working).into(),
            idle: marker(Status::Idle).into(),
            ended: marker(Status::Ended).into(),
            permission: Kind::Permission.icon().into(),
            question: Kind::Question.icon().into(),
            plan: Kind::Plan.icon().into(),
        }
    }
}

impl Icons {
    /// The marker of a state.
    pub fn marker(&self, status: Status) -> &str {
        match status {
            Status::Waiting => &self.waiting,
            Status::Working => &self.working,
            Status::Idle => &self.idle,
            Status::Ended => &self.ended,
        }
    }

    /// The icon of a waiting kind (`ring_shared::view::KINDS`); an unknown or empty kind has
    /// none.
    pub fn kind(&self, kind: &str) -> &str {
        match Kind::parse(kind) {
            Some(Kind::Permission) => &self.permission,
            Some(Kind::Question) => &self.question,
            Some(Kind::Plan) => &self.plan,
            Some(Kind::Idle) => Kind::Idle.icon(),
            None => "",
        }
    }
}

/// Everything the layout can set.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub mode: Mode,
    pub label: Label,
    pub icons: Icons,
    pub colors: ColorOverrides,
    /// Tint waiting panes (`set_pane_color`), restored when the wait ends.
    pub cue: bool,
    /// The tint of a waiting pane's background.
    pub cue_color: Color,
    /// The waiting marker before the name of a tab where a pane waits (`tab_badge`).
    pub tab_badge: bool,
    /// An absolute ring folder to reach with `change_host_folder` (needs `FullHdAccess`);
    /// without it, `/host` must already be the ring folder (the plugin's `cwd`).
    pub ring_home: Option<String>,
    /// The absolute path of the native `ring-tmux`: when set, the plugin runs
    /// `ring-tmux oneline --all` every [`Settings::zero_config_refresh`] seconds (needs
    /// `RunCommands`), which republishes the zero-config rows in `zeroconf.json`.
    pub ring_tmux: Option<String>,
    /// Seconds between two runs of `ring_tmux`, at least [`MIN_ZERO_CONFIG_REFRESH`].
    pub zero_config_refresh: u32,
    /// A zjstatus widget to feed (`pipe_NAME`): the bar's text is sent to zjstatus whenever
    /// it changes (see [`crate::zjstatus`]).
    pub zjstatus: Option<String>,
    /// The language of the bar and the board (`lang "zh-Hant"`): a plugin sees no `RING_LANG`.
    pub lang: ring_shared::i18n::Lang,
    /// ring-shared keys from the layout, applied over `config.toml` by [`Settings::config`].
    ring_keys: Vec<(String, String)>,
    /// Messages about keys that were rejected, for the bar.
    pub errors: Vec<String>,
}

impl Settings {
    /// The permissions this instance asks zellij for, by name: [`ring_shared::ZELLIJ_PERMISSIONS`]
    /// whatever the mode or keys (so the bar and the board never rewrite each other's grant),
    /// and `FullHdAccess` when `ring_home` is set.
    pub fn permission_names(&self) -> Vec<&'static str> {
        let mut names = ring_shared::ZELLIJ_PERMISSIONS.to_vec();
        if self.ring_home.is_some() {
            names.push("FullHdAccess");
        }
        names
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            mode: Mode::Bar,
            label: Label::Project,
            icons: Icons::default(),
            colors: ColorOverrides::default(),
            cue: false,
            cue_color: Color::Rgb(0x3a, 0x12, 0x12),
            tab_badge: true,
            ring_home: None,
            ring_tmux: None,
            zero_config_refresh: DEFAULT_ZERO_CONFIG_REFRESH,
            zjstatus: None,
            lang: ring_shared::i18n::Lang::En,
            ring_keys: Vec::new(),
            errors: Vec::new(),
        }
    }
}

/// Default seconds between two runs of `ring_tmux`: well inside the 60 s after which the
/// plugin ignores `zeroconf.json` (`model::ZERO_CONFIG_MAX_AGE`).
pub const DEFAULT_ZERO_CONFIG_REFRESH: u32 = 5;
/// `ring-tmux` lists the transcript folders again at most every 2 s: running it more often
/// would publish nothing new.
pub const MIN_ZERO_CONFIG_REFRESH: u32 = 2;

/// Layout keys that are names for ring-shared `config.toml` keys.
const ALIASES: &[(&str, &str)] = &[
    ("states", "badge_states"),
    ("refresh", "zellij_refresh_seconds"),
];

impl Settings {
    /// Reads the plugin's configuration map (as zellij passes it to `load`).
    /// Its messages are in the layout's `lang` (the plugin speaks it from then on).
    pub fn parse(map: &BTreeMap<String, String>) -> Settings {
        let mut settings = Settings::default();
        let lang = map
            .get("lang")
            .and_then(|value| Lang::parse(value))
            .unwrap_or(settings.lang);
        let mut probe = Config::default();
        with_lang(lang, || {
            for (key, value) in map {
                if let Err(message) = settings.apply(key, value, &mut probe) {
                    settings.errors.push(cells::sanitize(&message));
                }
            }
        });
        settings
    }

    fn apply(&mut self, key: &str, value: &str, probe: &mut Config) -> Result<(), String> {
        let icon = |value: &str| -> Result<String, String> {
            let icon = cells::sanitize(value);
            if cells::width(&icon) > 4 {
                return Err(t!("zj-set-icon-wide", key = key));
            }
            Ok(icon)
        };
        let color = |value: &str| {
            Color::parse(value).ok_or_else(|| t!("zj-set-color", key = key, value = quoted(value)))
        };
        match key {
            "mode" => {
                self.mode = match value {
                    "bar" => Mode::Bar,
                    "board" => Mode::Board,
                    _ => return Err(not_one_of(key, value, "bar", "board")),
                }
            }
            "label" => {
                self.label = match value {
                    "project" => Label::Project,
                    "tab" => Label::Tab,
                    _ => return Err(not_one_of(key, value, "project", "tab")),
                }
            }
            "cue" => {
                self.cue = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(not_one_of(key, value, "true", "false")),
                }
            }
            "tab_badge" => {
                self.tab_badge = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(not_one_of(key, value, "true", "false")),
                }
            }
            "cue_color" => {
                let parsed = color(value)?;
                if parsed.hex().is_none() {
                    return Err(t!("zj-set-hex", key = key, value = quoted(value)));
                }
                self.cue_color = parsed;
            }
            "ring_home" => {
                if !value.starts_with('/') {
                    return Err(t!("zj-set-absolute", key = key, value = quoted(value)));
                }
                self.ring_home = Some(value.to_owned());
            }
            "ring_tmux" => {
                if !value.starts_with('/') {
                    return Err(t!("zj-set-absolute", key = key, value = quoted(value)));
                }
                self.ring_tmux = Some(value.to_owned());
            }
            "zjstatus" => {
                if !crate::zjstatus::valid_name(value) {
                    return Err(t!("zj-set-widget", key = key, value = quoted(value)));
                }
                self.zjstatus = Some(value.to_owned());
            }
            "lang" => {
                self.lang = ring_shared::i18n::Lang::parse(value)
                    .ok_or_else(|| not_one_of(key, value, "en", "zh-Hant"))?;
            }
            "zero_config_refresh" => {
                let seconds = value
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| t!("zj-set-seconds", key = key, value = quoted(value)))?;
                self.zero_config_refresh = seconds.max(MIN_ZERO_CONFIG_REFRESH);
            }
            "icon_waiting" => self.icons.waiting = icon(value)?,
            "icon_working" => self.icons.working = icon(value)?,
            "icon_idle" => self.icons.idle = icon(value)?,
            "icon_ended" => self.icons.ended = icon(value)?,
            "icon_permission" => self.icons.permission = icon(value)?,
            "icon_question" => self.icons.question = icon(value)?,
            "icon_plan" => self.icons.plan = icon(value)?,
            "color_fg" => self.colors.fg = Some(color(value)?),
            "color_bg" => self.colors.bg = Some(color(value)?),
            "color_badge_fg" => self.colors.badge_fg = Some(color(value)?),
            "color_badge_bg" => self.colors.badge_bg = Some(color(value)?),
            // zellij's own keys for plugins (`_allow_exec_host_cmd`, …).
            _ if key.starts_with('_') => {}
            _ => {
                let name = ALIASES
                    .iter()
                    .find(|(alias, _)| *alias == key)
                    .map_or(key, |(_, name)| name);
                if !ring_shared::config::is_key(name) {
                    return Err(t!("zj-set-unknown", key = quoted(key)));
                }
                // The warning names the key as the layout wrote it.
                probe.apply_kv_as(name, key, value)?;
                self.ring_keys.push((name.to_owned(), value.to_owned()));
            }
        }
        Ok(())
    }

    /// ring's configuration: `config.toml` from the ring folder (if read), then the layout's
    /// ring keys on top. `config.toml`'s own warnings are `ring-tmux doctor`'s business.
    pub fn config(&self, config_toml: Option<&str>) -> Config {
        let (mut config, _warnings) = Config::parse(config_toml.unwrap_or(""));
        for (key, value) in &self.ring_keys {
            // Already validated in `parse`; a failure here cannot change the result.
            let _ = config.apply_kv(key, value);
        }
        config
    }

    /// The states the bar counts and the board lists: `states` (default waiting, working,
    /// idle), plus ended when `show_all` is set.
    pub fn shown_states(config: &Config) -> Vec<Status> {
        let mut states = config.badge_states.clone();
        if config.show_all && !states.contains(&Status::Ended) {
            states.push(Status::Ended);
        }
        states
    }
}

/// A value as a message quotes it: `"fast"`.
fn quoted(value: &str) -> String {
    format!("{value:?}")
}

/// `key: "value" is not first or second`.
fn not_one_of(key: &str, value: &str, first: &str, second: &str) -> String {
    t!(
        "zj-set-not-one-of",
        key = key,
        value = quoted(value),
        first = first,
        second = second
    )
}

#[cfg(test)]
mod tests;
