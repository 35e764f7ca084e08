use super::macos::{applescript, applescript_string, shell_line, terminal_notifier_args};
use super::*;
use crate::act::focus::place::tab_of;
use ring_shared::notify::Wait;
use rstest::rstest;
use std::ffi::OsString;
use std::path::PathBuf;

#[rstest]
#[case::plain("a b", "a b")]
#[case::tags("<b>x</b>", "&lt;b&gt;x&lt;/b&gt;")]
#[case::entity("&amp; <img src=x>", "&amp;amp; &lt;img src=x&gt;")]
fn markup_is_escaped(#[case] text: &str, #[case] want: &str) {
    assert_eq!(escape_markup(text), want);
}

#[rstest]
#[case::escape_sequences("\u{1b}[31mred\u{1b}]0;pwn\u{7}", "red")]
#[case::newlines_become_spaces("a\nb\tc", "a b c")]
#[case::trimmed("  x  ", "x")]
fn text_loses_controls(#[case] text: &str, #[case] want: &str) {
    assert_eq!(sanitize_text(text, 100), want);
}

#[rstest]
#[case::default(None, DEFAULT_ACTION_WAIT)]
#[case::seconds(Some("5"), Duration::from_secs(5))]
#[case::fraction(Some("0.5"), Duration::from_millis(500))]
#[case::zero_means_no_wait(Some("0"), Duration::ZERO)]
#[case::capped(Some("99999"), MAX_ACTION_WAIT)]
#[case::negative_is_default(Some("-3"), DEFAULT_ACTION_WAIT)]
#[case::garbage_is_default(Some("soon"), DEFAULT_ACTION_WAIT)]
fn action_wait_reads_the_setting(#[case] setting: Option<&str>, #[case] want: Duration) {
    assert_eq!(action_wait(setting), want);
}

fn target() -> Target {
    Target {
        ring_tmux: PathBuf::from("/opt/ring-tmux"),
        ..Target::default()
    }
}

#[test]
fn tmux_sessions_jump_through_ring_tmux() {
    let note = Note {
        wait: Wait {
            session_id: "s1".into(),
            tmux_socket: Some("/tmp/tmux-1/default".into()),
            tmux_pane: Some("%3".into()),
            ..Wait::default()
        },
        ..Note::default()
    };
    let want = [
        "/opt/ring-tmux",
        "jump",
        "--socket",
        "/tmp/tmux-1/default",
        "--session",
        "s1",
    ]
    .map(OsString::from);
    assert_eq!(
        jump_command(&note, &target()),
        Some(Jump::Command(want.to_vec()))
    );
}

#[rstest]
#[case::plain(Some("work"), Some("3"), Some(3))]
#[case::prefixed(Some("work"), Some("terminal_7"), Some(7))]
#[case::option_like_session(Some("-x"), Some("3"), None)]
#[case::hostile_session(Some("a;b"), Some("3"), None)]
#[case::plugin_pane(Some("work"), Some("plugin_2"), None)]
#[case::no_pane(Some("work"), None, None)]
fn zellij_sessions_go_to_their_panes_tab(
    #[case] session: Option<&str>,
    #[case] pane: Option<&str>,
    #[case] want: Option<u64>,
) {
    let note = Note {
        wait: Wait {
            session_id: "s1".into(),
            zellij_session: session.map(Into::into),
            zellij_pane: pane.map(Into::into),
            ..Wait::default()
        },
        ..Note::default()
    };
    assert_eq!(
        jump_command(&note, &target()),
        want.map(|pane| Jump::ZellijTab {
            session: session.unwrap_or_default().to_owned(),
            pane
        })
    );
}

#[test]
fn the_tab_of_a_terminal_pane_not_a_plugin_of_the_same_id() {
    let json = r#"[{"id": 1, "is_plugin": true, "tab_id": 0},
                   {"id": 0, "is_plugin": false, "tab_id": 0},
                   {"id": 1, "is_plugin": false, "tab_id": 4}]"#;
    assert_eq!(tab_of(json, 1), Some(4));
    assert_eq!(tab_of(json, 0), Some(0));
    assert_eq!(tab_of(json, 9), None);
    assert_eq!(tab_of("not json", 1), None);
}

#[test]
fn an_option_like_session_id_has_no_jump() {
    let note = Note {
        wait: Wait {
            session_id: "--help".into(),
            tmux_socket: Some("/tmp/s".into()),
            ..Wait::default()
        },
        ..Note::default()
    };
    assert_eq!(jump_command(&note, &target()), None);
}

#[rstest]
#[case::plain("hi", "\"hi\"")]
#[case::quote("say \"x\"", "\"say \\\"x\\\"\"")]
#[case::backslash("a\\\" & do shell script \"x", "\"a\\\\\\\" & do shell script \\\"x\"")]
#[case::controls("a\rb\u{7}", "\"ab\"")]
fn applescript_strings_cannot_end_early(#[case] text: &str, #[case] want: &str) {
    assert_eq!(applescript_string(text), want);
}

#[test]
fn applescript_script_names_body_title_and_sound() {
    assert_eq!(
        applescript("T", "B", true),
        "display notification \"B\" with title \"T\" sound name \"default\""
    );
    assert_eq!(
        applescript("T", "B", false),
        "display notification \"B\" with title \"T\""
    );
}

#[test]
fn terminal_notifier_values_never_read_as_options() {
    let args = terminal_notifier_args("-remove", "[x]", false);
    assert_eq!(args[1], "\\-remove");
    assert_eq!(args[3], "\\[x]");
}

#[test]
fn shell_line_quotes_every_word() {
    let line = shell_line(&["/a b/ring", "--session", "x'; rm -rf ~; '"].map(OsString::from));
    assert_eq!(line, "'/a b/ring' '--session' 'x'\\''; rm -rf ~; '\\'''");
}
