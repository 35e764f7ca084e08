use super::*;
use rstest::rstest;

fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn empty_configuration_gives_defaults() {
    let settings = Settings::parse(&BTreeMap::new());
    assert_eq!(settings, Settings::default());
    assert_eq!(settings.config(None), Config::default());
}

#[test]
fn board_mode_tab_labels_and_cue_are_read() {
    let settings = Settings::parse(&map(&[
        ("mode", "board"),
        ("label", "tab"),
        ("cue", "true"),
        ("cue_color", "#102030"),
        ("tab_badge", "false"),
    ]));
    assert!(!settings.tab_badge);
    assert!(Settings::default().tab_badge, "on by default");
    assert_eq!(settings.mode, Mode::Board);
    assert_eq!(settings.label, Label::Tab);
    assert!(settings.cue);
    assert_eq!(settings.cue_color, Color::Rgb(0x10, 0x20, 0x30));
    assert!(settings.errors.is_empty(), "{:?}", settings.errors);
}

#[test]
fn lang_chooses_the_bars_language_english_by_default() {
    use ring_shared::i18n::Lang;
    assert_eq!(Settings::default().lang, Lang::En);
    for value in ["zh-Hant", "zh_TW.UTF-8"] {
        let settings = Settings::parse(&map(&[("lang", value)]));
        assert_eq!((settings.lang, settings.errors.len()), (Lang::ZhHant, 0));
    }
}

#[test]
fn states_and_refresh_are_ring_shared_keys() {
    let settings = Settings::parse(&map(&[("states", "waiting,idle"), ("refresh", "3")]));
    let config = settings.config(None);
    assert_eq!(config.badge_states, vec![Status::Waiting, Status::Idle]);
    assert_eq!(config.zellij_refresh_seconds, 3);
}

#[test]
fn layout_keys_override_config_toml() {
    let settings = Settings::parse(&map(&[("codex_permission_wait_seconds", "30")]));
    let config = settings.config(Some("codex_permission_wait_seconds = 5\nshow_all = true\n"));
    assert_eq!(config.codex_permission_wait_seconds, 30);
    assert!(config.show_all);
}

#[rstest]
#[case::bad_mode("mode", "sidebar", "mode")]
#[case::unknown_key("colour_bg", "#000000", "\"colour_bg\"")]
#[case::bad_state("states", "waiting,paused", "states")]
#[case::float_refresh("refresh", "0.5", "refresh")]
#[case::bad_color("color_bg", "red", "color_bg")]
#[case::indexed_cue_color("cue_color", "3", "cue_color")]
#[case::relative_home("ring_home", "~/.config/ring", "ring_home")]
#[case::ring_tmux_by_name("ring_tmux", "ring-tmux", "ring_tmux")]
#[case::ring_tmux_with_tilde("ring_tmux", "~/.local/bin/ring-tmux", "ring_tmux")]
#[case::fractional_zero_config_refresh("zero_config_refresh", "2.5", "zero_config_refresh")]
#[case::negative_zero_config_refresh("zero_config_refresh", "-5", "zero_config_refresh")]
#[case::word_zero_config_refresh("zero_config_refresh", "often", "zero_config_refresh")]
#[case::wide_icon("icon_waiting", "WAITING", "icon_waiting")]
#[case::bad_cue("cue", "yes", "cue")]
#[case::unknown_lang("lang", "klingon", "lang")]
fn bad_key_becomes_a_message_and_keeps_the_default(
    #[case] key: &str,
    #[case] value: &str,
    #[case] mentions: &str,
) {
    let settings = Settings::parse(&map(&[(key, value)]));
    assert_eq!(settings.errors.len(), 1);
    assert!(
        settings.errors[0].contains(mentions),
        "{:?}",
        settings.errors
    );
    assert_eq!(settings.config(None), Config::default());
    assert_eq!(settings.mode, Mode::Bar);
}

fn text(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let mut fluent = ring_shared::i18n::Args::new();
    for (name, value) in args {
        fluent.set(*name, *value);
    }
    ring_shared::i18n::text_in(lang, key, Some(&fluent))
}

#[test]
fn message_names_the_layout_key_not_the_config_toml_key() {
    let settings = with_lang(Lang::En, || Settings::parse(&map(&[("refresh", "fast")])));
    let expected = text(Lang::En, "config-expect-integer", &[]);
    assert_eq!(
        settings.errors,
        [text(
            Lang::En,
            "config-wrong-type",
            &[
                ("key", "refresh"),
                ("expected", &expected),
                ("value", "\"fast\"")
            ]
        )]
    );
}

#[rstest]
fn messages_are_in_the_layouts_language(#[values(Lang::En, Lang::ZhHant)] lang: Lang) {
    let settings = Settings::parse(&map(&[
        ("lang", lang.tag()),
        ("colour_bg", "#000000"),
        ("refresh", "fast"),
        ("ring_tmux", "ring-tmux"),
        ("mode", "sidebar"),
    ]));
    let integer = text(lang, "config-expect-integer", &[]);
    // In the map's (sorted) order.
    assert_eq!(
        settings.errors,
        [
            text(lang, "zj-set-unknown", &[("key", "\"colour_bg\"")]),
            text(
                lang,
                "zj-set-not-one-of",
                &[
                    ("key", "mode"),
                    ("value", "\"sidebar\""),
                    ("first", "bar"),
                    ("second", "board")
                ]
            ),
            text(
                lang,
                "config-wrong-type",
                &[
                    ("key", "refresh"),
                    ("expected", &integer),
                    ("value", "\"fast\"")
                ]
            ),
            text(
                lang,
                "zj-set-absolute",
                &[("key", "ring_tmux"), ("value", "\"ring-tmux\"")]
            ),
        ]
    );
}

#[test]
fn hostile_value_in_a_message_is_sanitized() {
    let settings = Settings::parse(&map(&[("mode", "\u{1b}[2Jboom")]));
    assert!(!settings.errors[0].contains('\u{1b}'));
}

#[test]
fn icons_are_sanitized_and_used() {
    let settings = Settings::parse(&map(&[("icon_waiting", "\u{1b}[31m!")]));
    assert_eq!(settings.icons.waiting, "!");
    assert_eq!(settings.icons.marker(Status::Waiting), "!");
}

#[rstest]
#[case::unset_runs_nothing(&[], None, DEFAULT_ZERO_CONFIG_REFRESH)]
#[case::absolute_path(&[("ring_tmux", "/home/u/.local/bin/ring-tmux")], Some("/home/u/.local/bin/ring-tmux"), 5)]
#[case::own_period(&[("ring_tmux", "/r"), ("zero_config_refresh", "30")], Some("/r"), 30)]
#[case::period_below_two_is_two(&[("zero_config_refresh", "1")], None, MIN_ZERO_CONFIG_REFRESH)]
#[case::zero_is_two(&[("zero_config_refresh", "0")], None, 2)]
#[case::spaces_around_a_number(&[("zero_config_refresh", " 7 ")], None, 7)]
fn ring_tmux_and_its_period_are_read(
    #[case] pairs: &[(&str, &str)],
    #[case] ring_tmux: Option<&str>,
    #[case] every: u32,
) {
    let settings = Settings::parse(&map(pairs));
    assert!(settings.errors.is_empty(), "{:?}", settings.errors);
    assert_eq!(settings.ring_tmux.as_deref(), ring_tmux);
    assert_eq!(settings.zero_config_refresh, every);
    // Plugin-only keys: ring's config.toml settings are untouched.
    assert_eq!(settings.config(None), Config::default());
}

#[test]
fn bad_zero_config_refresh_keeps_the_default_period() {
    let settings = Settings::parse(&map(&[("zero_config_refresh", "soon")]));
    assert_eq!(settings.zero_config_refresh, DEFAULT_ZERO_CONFIG_REFRESH);
    assert_eq!(
        settings.errors,
        ["zero_config_refresh: \"soon\" is not a whole number of seconds"]
    );
}

#[test]
fn zellij_internal_keys_are_ignored() {
    let settings = Settings::parse(&map(&[("_allow_exec_host_cmd", "true")]));
    assert!(settings.errors.is_empty());
}

#[rstest]
#[case::default_hides_ended("", false)]
#[case::show_all_adds_ended("show_all = true", true)]
fn shown_states_follow_show_all(#[case] toml: &str, #[case] ended: bool) {
    let config = Settings::default().config(Some(toml));
    assert_eq!(
        Settings::shown_states(&config).contains(&Status::Ended),
        ended
    );
}

/// zellij rewrites the plugin's grant with whatever set the last instance asked for: the bar
/// of the installed layout (with `ring_tmux`) and the board of the printed `Alt r` binding
/// (without it) must ask for the same set, the one `install-zellij` seeds.
#[test]
fn bar_and_board_ask_for_the_same_permissions() {
    let bar = Settings::parse(&map(&[("ring_tmux", "/usr/local/bin/ring-tmux")]));
    let board = Settings::parse(&map(&[("mode", "board")]));
    assert_eq!(bar.permission_names(), board.permission_names());
    assert_eq!(
        bar.permission_names(),
        ring_shared::ZELLIJ_PERMISSIONS.to_vec()
    );
    let fed = Settings::parse(&map(&[("zjstatus", "ring")]));
    assert_eq!(fed.zjstatus.as_deref(), Some("ring"));
    assert_eq!(fed.permission_names(), bar.permission_names());
    let hd = Settings::parse(&map(&[("ring_home", "/home/u/.local/state/ring")]));
    assert!(hd.permission_names().contains(&"FullHdAccess"));
}
