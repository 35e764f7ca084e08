//! Issue 27: `ring-tmux explain host:id` asks the host's own ring over ssh (a real sshd on
//! loopback, [`crate::remote_support`]). One host answers from its ring folder (a row the real
//! hook wrote); one is hostile (its forced command prints terminal escapes); one hangs; one
//! answers ssh but is not in `remote_hosts`, so ring never asks it.

use crate::lang_support::{holds, pieces, tr};
use crate::remote_support::{Host, Sshd, hook};
use ring_shared::i18n::{Lang, text_in};
use serde_json::json;

#[test]
fn explain_host_id_shows_the_host_s_own_explanation_sanitized_and_says_why_when_it_cannot() {
    if !crate::remote_support::sshd_available() {
        return;
    }
    let root = tempfile::tempdir().expect("root");
    let home = root.path().join("home");
    std::fs::create_dir_all(&home).expect("home");
    let a = Host::new("hosta", root.path());
    hook(
        &a.ring_home,
        &home,
        &json!({"hook_event_name": "PermissionRequest", "session_id": "s-a", "cwd": "/srv/api",
                "tool_name": "Bash", "tool_input": {"command": "cargo test"}}),
    );
    std::fs::write(
        &a.procs,
        r#"{"claude-code": [["/srv/api", null]], "codex": []}"#,
    )
    .expect("procs");
    // A host whose ring-tmux prints a title change, a screen clear and a bell.
    let evil = Host::new("evil", root.path())
        .forced(r"printf 'session s-e\033]0;owned\007\n\033[2Jcleared\033[31m red\n'".into());
    let hung = Host::new("hung", root.path()).forced("exec sleep 40".into());
    let asked = root.path().join("stranger-asked");
    let stranger = Host::new("stranger", root.path()).forced(format!(
        "touch {}; exec sh -c \\\"$SSH_ORIGINAL_COMMAND\\\"",
        asked.display()
    ));
    let sshd = Sshd::start(&[a, evil, hung, stranger]);
    sshd.configure(&["hosta", "evil", "hung"], "remote_timeout_seconds = 3\n");
    let (ok, out, err) = sshd.run(&["remote", "refresh", "hosta"]);
    assert!(ok, "{out}{err}");

    // By the name the board shows (host:project), by the exact id, and as JSON: the host's
    // own explanation of its session.
    for args in [
        &["explain", "hosta:api"][..],
        &["explain", "--session", "hosta:s-a"][..],
    ] {
        let (ok, out, err) = sshd.run(args);
        assert!(ok, "{args:?}: {err}");
        assert!(
            out.contains("s-a") && out.contains("docs/rules.md#rule-11-1"),
            "{args:?}: the host's explanation: {out}"
        );
    }
    // The host answers in this side's language, whatever its own.
    for lang in [Lang::ZhHant, Lang::En] {
        let out = sshd
            .ring(&["explain", "hosta:api"])
            .env("RING_LANG", lang.tag())
            .output()
            .expect("runs");
        let out = String::from_utf8_lossy(&out.stdout);
        let title = text_in(lang, "explain-section-11-1", None);
        assert!(out.contains(&title), "{lang:?}: {title:?} in {out}");
    }
    let (ok, out, err) = sshd.run(&["explain", "--session", "hosta:s-a", "--json"]);
    assert!(ok, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("the host's JSON");
    assert_eq!(doc["explanation"]["rule"]["section"], "11.1", "{out}");

    // The host's words are data: its escapes never reach this terminal.
    let (ok, out, err) = sshd.run(&["explain", "evil:s-e"]);
    assert!(ok, "{err}");
    assert!(
        !out.contains('\u{1b}') && !out.contains('\u{7}'),
        "no control sequence: {out:?}"
    );
    assert!(
        out.contains("session s-e") && out.contains("cleared red"),
        "{out:?}"
    );

    // A host that answers ssh but is not one of remote_hosts is never asked.
    let (ok, out, err) = sshd.run(&["explain", "stranger:s-1"]);
    assert!(!ok, "{out}");
    assert!(
        err.contains(&tr("err-remote-unknown", &[("host", "stranger")]))
            && err.contains(&tr("err-remote-unknown-add", &[])),
        "{err}"
    );
    assert!(!asked.exists(), "ssh reached the host not in remote_hosts");

    // A host that hangs: killed at remote_timeout_seconds, and the message says so.
    let (ok, out, err) = sshd.run(&["explain", "hung:s-h"]);
    assert!(!ok, "{out}");
    assert!(
        holds(
            &err,
            &pieces("err-explain-remote-silent", &[("host", "hung")])
        ) && holds(
            &err,
            &pieces("err-explain-remote-fix", &[("host", "hung"), ("id", "s-h")])
        ),
        "{err}"
    );

    // The host's own refusal is relayed: it knows no such session.
    let (ok, out, err) = sshd.run(&["explain", "--session", "hosta:s-none"]);
    assert!(!ok, "{out}");
    assert!(
        holds(
            &err,
            &pieces("err-explain-remote-failed", &[("host", "hosta")])
        ),
        "{err}"
    );
}
