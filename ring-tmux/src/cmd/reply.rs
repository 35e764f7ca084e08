//! `ring-tmux reply SESSION [N]`: answer a session's permission or question dialog without
//! going to its pane ([`crate::reply`]). Without `N` it lists the dialog's options as the
//! screen shows them; with `N` it types that option's digit into the pane, but only while
//! the screen still shows the dialog it read (with `--expect`, the one it listed before).

use crate::reply::{self, Refusal, Shown, Target};
use ring_shared::format::sanitize;
use std::io::Write;
use std::process::ExitCode;

/// Answer a session's permission or question dialog from here.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The session: its id, a prefix of the id, or its label.
    #[arg(value_name = "SESSION", add = super::completions::session_completer())]
    pub session: String,
    /// The option to choose, as the dialog numbers it. Without it, the options are listed.
    #[arg(value_name = "N", value_parser = clap::value_parser!(u32).range(1..=9))]
    pub number: Option<u32>,
    /// List the options as JSON: `{"session_id", "question", "options": [{"number",
    /// "text"}], "selected", "context", "agent", "fingerprint"}`.
    #[arg(long, conflicts_with = "number")]
    pub json: bool,
    /// Send the key only if the dialog is still the one a listing showed (its
    /// `fingerprint`): what a board passes after a person chose.
    #[arg(long, value_name = "FINGERPRINT", requires = "number")]
    pub expect: Option<String>,
}

/// Lists or answers.
pub fn run(args: Args) -> ExitCode {
    let (_, sessions) = super::every_session();
    let id = match super::pick_session(&args.session, &sessions) {
        Ok(id) => id,
        Err(code) => return code,
    };
    let Some(entry) = sessions.iter().find(|e| e.session_id == id) else {
        return crate::voice::FAILURE;
    };
    let socket = crate::tmux::run::socket_from_env();
    let done = Target::of(entry, socket.as_deref()).and_then(|target| {
        let shown = reply::read(&target)?;
        match args.number {
            None => {
                print_listing(&id, &shown, args.json);
                Ok(())
            }
            Some(number) => {
                if let Some(expect) = &args.expect
                    && *expect != shown.dialog.fingerprint()
                {
                    return Err(changed());
                }
                reply::answer(&target, &shown, number)
            }
        }
    });
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(refusal) => refusal.say(),
    }
}

fn changed() -> Refusal {
    Refusal {
        what: "the dialog changed since it was listed".to_owned(),
        fix: "nothing was sent; list it again with `ring-tmux reply SESSION`".to_owned(),
    }
}

fn print_listing(id: &str, shown: &Shown, json: bool) {
    let d = &shown.dialog;
    let text = if json {
        let options: Vec<serde_json::Value> = d
            .choices
            .iter()
            .map(|c| serde_json::json!({ "number": c.number, "text": c.text }))
            .collect();
        let doc = serde_json::json!({
            "session_id": id,
            "question": d.question,
            "options": options,
            "selected": d.selected,
            "context": d.context,
            "agent": d.agent,
            "fingerprint": d.fingerprint(),
        });
        format!("{doc}\n")
    } else {
        listing(id, shown)
    };
    // A closed stdout (`| head`) is not an error.
    let _ = std::io::stdout().write_all(text.as_bytes());
}

/// The plain listing: what it asks about, the question, the options (the marker where the
/// screen has it), and how to answer. Screen text is stripped of control sequences.
pub fn listing(id: &str, shown: &Shown) -> String {
    let d = &shown.dialog;
    let mut out = String::new();
    if let Some(agent) = &d.agent {
        out.push_str(&format!("(from the {} agent)\n", sanitize(agent)));
    }
    for line in &d.context {
        out.push_str(&format!("  {}\n", sanitize(line)));
    }
    out.push_str(&format!("{}\n", sanitize(&d.question)));
    for c in &d.choices {
        let marker = if d.selected == Some(c.number) {
            '❯'
        } else {
            ' '
        };
        out.push_str(&format!("{marker} {}. {}\n", c.number, sanitize(&c.text)));
    }
    out.push_str(&format!(
        "answer: ring-tmux reply {} N --expect {}\n",
        sanitize(id),
        d.fingerprint()
    ));
    out
}
