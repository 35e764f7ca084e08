//! `p`: reply in place through the `ring-tmux reply` command, run as a child of this same
//! binary. Its contract: `reply SESSION --json` prints
//! `{"session_id","question","options":[{"number":1,"text":"Yes"}],"selected":1}` or exits 1
//! with a message; `reply SESSION N` exits 0 when the digit was sent, 1 when it was refused
//! (the dialog changed, or did not parse). Where the listing has a `fingerprint`, the
//! answer passes it (`--expect`), so a dialog that changed between the listing and the
//! person's choice gets no key. The board never sends a key itself.

use super::state::{Choice, Dialog};
use std::process::{Command, Stdio};

/// Parses `reply --json`'s output; `None` when it is not that shape or lists no option.
pub fn parse(stdout: &[u8]) -> Option<Dialog> {
    let value: serde_json::Value = serde_json::from_slice(stdout).ok()?;
    let question = value
        .get("question")?
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let choices: Vec<Choice> = value
        .get("options")?
        .as_array()?
        .iter()
        .filter_map(|o| {
            let number = u32::try_from(o.get("number")?.as_u64()?).ok()?;
            let text = o.get("text")?.as_str()?.to_owned();
            (1..=9).contains(&number).then_some(Choice { number, text })
        })
        .collect();
    let text = |key: &str| value.get(key).and_then(|v| v.as_str()).map(str::to_owned);
    let context = value
        .get("context")
        .and_then(|c| c.as_array())
        .map(|lines| {
            lines
                .iter()
                .filter_map(|l| l.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    (!choices.is_empty()).then(|| Dialog {
        question,
        context,
        agent: text("agent"),
        choices,
        fingerprint: text("fingerprint"),
    })
}

/// What the child said on stderr, without ring's prefix (the board shows it on its last line).
fn said(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    line.strip_prefix("ring-tmux: ")
        .unwrap_or(line)
        .trim()
        .to_owned()
}

fn reply_command(socket: Option<&str>) -> Option<Command> {
    let exe = std::env::current_exe().ok()?;
    let mut command = Command::new(exe);
    command.arg("reply").stdin(Stdio::null());
    // The child finds the server through $TMUX, as a key binding's command would.
    if std::env::var_os("TMUX").is_none()
        && let Some(socket) = socket
    {
        command.env("TMUX", format!("{socket},0,0"));
    }
    Some(command)
}

/// Reads the session's dialog; `Err` is what to tell the user.
pub fn read(session: &str, socket: Option<&str>) -> Result<Dialog, String> {
    let mut command = reply_command(socket).ok_or("cannot find the ring-tmux binary")?;
    let out = command
        .args([session, "--json"])
        .output()
        .map_err(|e| format!("cannot run ring-tmux reply: {e}"))?;
    if !out.status.success() {
        let why = said(&out.stderr);
        return Err(if why.is_empty() {
            "no dialog to answer there".to_owned()
        } else {
            why
        });
    }
    parse(&out.stdout).ok_or_else(|| "the dialog's options could not be read".to_owned())
}

/// Sends option `number`; `Ok` says what was done, `Err` why nothing was sent.
pub fn answer(
    session: &str,
    number: u32,
    expect: Option<&str>,
    socket: Option<&str>,
) -> Result<String, String> {
    let mut command = reply_command(socket).ok_or("cannot find the ring-tmux binary")?;
    command.args([session, &number.to_string()]);
    if let Some(fingerprint) = expect {
        command.args(["--expect", fingerprint]);
    }
    let out = command
        .output()
        .map_err(|e| format!("cannot run ring-tmux reply: {e}"))?;
    if out.status.success() {
        Ok(format!("sent {number}"))
    } else {
        let why = said(&out.stderr);
        Err(if why.is_empty() {
            "nothing was sent".to_owned()
        } else {
            why
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_contract_parses_into_numbered_choices() {
        let out = br#"{"session_id":"s1","question":"Run it?","options":[{"number":1,"text":"Yes"},{"number":2,"text":"No"}],"selected":1}"#;
        let dialog = parse(out).expect("dialog");
        assert_eq!(dialog.question, "Run it?");
        assert_eq!(dialog.choices.len(), 2);
        assert_eq!(dialog.choices[1].text, "No");
        assert_eq!(dialog.fingerprint, None);
        let out = br#"{"session_id":"s1","question":"Run it?","options":[{"number":1,"text":"Yes"}],"selected":1,"context":["Bash command","rm -rf x"],"agent":"general-purpose","fingerprint":"ab12"}"#;
        let dialog = parse(out).expect("dialog");
        assert_eq!(dialog.context, ["Bash command", "rm -rf x"]);
        assert_eq!(dialog.agent.as_deref(), Some("general-purpose"));
        assert_eq!(dialog.fingerprint.as_deref(), Some("ab12"));
    }

    #[test]
    fn anything_else_is_no_dialog() {
        assert_eq!(parse(b"not json"), None);
        assert_eq!(parse(br#"{"question":"x","options":[]}"#), None);
        assert_eq!(
            parse(br#"{"question":"x","options":[{"number":12,"text":"?"}]}"#),
            None
        );
    }

    #[test]
    fn the_childs_message_loses_the_prefix() {
        assert_eq!(
            said(b"ring-tmux: the dialog changed; look at the pane\n"),
            "the dialog changed; look at the pane"
        );
    }
}
