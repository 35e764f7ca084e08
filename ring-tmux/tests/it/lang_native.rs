//! Issue 26, the native side: what the commands say when they refuse or fail, and their
//! `--help`, speak the language `RING_LANG` / the locale asks for. Each case is a real refusal
//! of the real binary on a temporary ring folder; in Chinese, what follows `ring-tmux:` must
//! read as Chinese (a message that skipped the catalogue would be English).

use crate::doctor_checks::reads_as_chinese;
use crate::read_support::Ring;
use rstest::rstest;
use serde_json::json;

const ZH: &[(&str, &str)] = &[("RING_LANG", "zh-Hant")];
/// English on purpose (whatever language the suite runs in): the same refusal in English.
const EN: &[(&str, &str)] = &[("RING_LANG", "en")];

fn ring() -> Ring {
    let ring = Ring::new();
    ring.row(
        "s-wait-1",
        json!({"provider": "claude-code", "status": "waiting", "cwd": "/r/api"}),
    )
    .row(
        "s-wait-2",
        json!({"provider": "claude-code", "status": "waiting", "cwd": "/r/api"}),
    );
    ring
}

/// The refusals a person meets most, one per kind of message.
#[rstest]
#[case::no_such_session(&["hide", "nosuch"], 1)]
#[case::two_sessions_match(&["name", "api", "x"], 1)]
#[case::no_such_id(&["reply", "--session", "nosuch"], 1)]
#[case::no_hidden_session(&["unhide", "nosuch"], 1)]
#[case::name_usage(&["name", "--session", "s-wait-1"], 2)]
#[case::reply_number(&["reply", "s-wait-1", "12"], 2)]
#[case::reply_json_with_n(&["reply", "s-wait-1", "1", "--json"], 2)]
#[case::reply_no_pane(&["reply", "s-wait-1"], 1)]
#[case::explain_gone(&["explain", "--session", "nosuch"], 1)]
#[case::man_no_page(&["man", "nosuch"], 2)]
#[case::remote_bad_host(&["remote", "add", "bad;host"], 2)]
#[case::remote_unknown(&["remote", "remove", "nowhere"], 1)]
#[case::uninstall_without_terminal(&["uninstall"], 1)]
#[case::serve_bad_address(&["serve", "--listen", "nowhere"], 1)]
#[case::install_unknown_agent(&["install-hooks", "--agent", "vim"], 2)]
fn refusals_speak_chinese(#[case] args: &[&str], #[case] code: i32) {
    let ring = ring();
    let out = ring.run_with(args, ZH);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    assert!(!stderr.trim().is_empty(), "{args:?} said nothing");
    for line in stderr.lines() {
        let said = line
            .strip_prefix("ring-tmux: ")
            .unwrap_or_else(|| panic!("{args:?}: not ring's voice: {line:?}"));
        for part in said.split("; ") {
            assert!(
                reads_as_chinese(part),
                "{args:?}: English left in a Chinese refusal: {part:?} of {line:?}"
            );
        }
    }
    // And English still says the same thing in English.
    let en = ring.run_with(args, EN);
    let en = String::from_utf8_lossy(&en.stderr);
    assert!(
        en.starts_with("ring-tmux: ") && en.is_ascii(),
        "{args:?} in English: {en}"
    );
}

/// clap's own usage errors (a missing argument, an unknown flag, a misspelt subcommand) are
/// said in Chinese too, in ring's voice, with exit code 2.
#[rstest]
#[case::missing(&["hide"])]
#[case::unknown_flag(&["gc", "--dry"])]
#[case::unknown_subcommand(&["lsit"])]
fn usage_errors_speak_chinese(#[case] args: &[&str]) {
    let out = ring().run_with(args, ZH);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    let said = stderr
        .strip_prefix("ring-tmux: ")
        .unwrap_or_else(|| panic!("{args:?}: not ring's voice: {stderr}"));
    for part in said.trim_end().split("; ") {
        assert!(reads_as_chinese(part), "{args:?}: {part:?} of {stderr}");
    }
}
