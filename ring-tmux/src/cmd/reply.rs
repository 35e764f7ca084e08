//! `ring-tmux reply SESSION [N]` (`reply --session ID [N]`: by exact id): answer a session's
//! permission or question dialog without going to its pane ([`crate::act::reply`]). Without `N`
//! it lists the whole dialog as the screen shows it; with `N` it types that option's digit into the pane, but only while
//! the screen still shows the dialog it read (with `--expect`, the one it listed before).

use crate::act::reply::{self, Refusal, Shown, Target};
use ring_shared::format::sanitize;
use ring_shared::t;
use std::io::Write;
use std::process::ExitCode;

/// Answer a session's permission or question dialog from here.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The session: its id, a prefix of the id, or its label (with --session, the one word
    /// given is N).
    #[arg(value_name = "SESSION", add = super::completions::session_completer())]
    pub session: Option<String>,
    /// The option to choose, as the dialog numbers it (1-9). Without it, the dialog is
    /// listed.
    #[arg(value_name = "N")]
    pub number: Option<String>,
    /// The session by its exact id, never a label or prefix (what the boards pass).
    #[arg(
        long = "session",
        value_name = "ID",
        allow_hyphen_values = true,
        add = super::completions::session_completer()
    )]
    pub exact: Option<String>,
    /// List the dialog as JSON: `{"session_id", "question", "options": [{"number",
    /// "text"}], "selected", "context", "rows", "agent", "fingerprint"}`. Not with N.
    #[arg(long)]
    pub json: bool,
    /// Send the key only if the dialog is still the one a listing showed (its
    /// `fingerprint`): what a board passes after a person chose. Only with N.
    #[arg(long, value_name = "FINGERPRINT")]
    pub expect: Option<String>,
}

/// The session asked for (exact id or query) and the option, from the words given.
type Wanted = (Option<String>, Option<u32>);

fn wanted(args: &Args) -> Result<Wanted, ExitCode> {
    let (query, number) = match (&args.exact, &args.session, &args.number) {
        (Some(_), number, None) => (None, number.as_deref()),
        (None, Some(query), number) => (Some(query.clone()), number.as_deref()),
        _ => {
            return Err(crate::sys::voice::usage(
                &t!("err-reply-usage"),
                &t!("err-see-help", command = "reply"),
            ));
        }
    };
    let number = match number.map(|n| n.parse::<u32>().ok().filter(|n| (1..=9).contains(n))) {
        None => None,
        Some(Some(n)) => Some(n),
        Some(None) => {
            return Err(crate::sys::voice::usage(
                &t!("err-reply-number"),
                &t!("err-see-help", command = "reply"),
            ));
        }
    };
    if args.json && number.is_some() {
        return Err(crate::sys::voice::usage(
            &t!("err-reply-json-with-n"),
            &t!("err-reply-json-with-n-fix"),
        ));
    }
    if args.expect.is_some() && number.is_none() {
        return Err(crate::sys::voice::usage(
            &t!("err-reply-expect"),
            &t!("err-reply-expect-fix"),
        ));
    }
    Ok((query, number))
}

/// Lists or answers.
pub fn run(args: Args) -> ExitCode {
    let (query, number) = match wanted(&args) {
        Ok(wanted) => wanted,
        Err(code) => return code,
    };
    let (_, sessions) = super::every_session();
    let id = match super::session_of(args.exact.as_deref(), query.as_deref(), &sessions) {
        Ok(id) => id,
        Err(code) => return code,
    };
    let Some(entry) = sessions.iter().find(|e| e.session_id == id) else {
        return crate::sys::voice::FAILURE;
    };
    if entry.remote.is_some() {
        return crate::act::remote::reply(entry, number, args.expect.as_deref(), args.json);
    }
    let socket = crate::sys::run::socket_from_env();
    let done = Target::of(entry, socket.as_deref()).and_then(|target| {
        let shown = reply::read(&target)?;
        match number {
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
                reply::answer(&target, &shown, number)?;
                let chosen = shown
                    .dialog
                    .choices
                    .iter()
                    .find(|c| c.number == number)
                    .map_or(String::new(), |c| format!(" ({})", sanitize(&c.text)));
                super::report(&format!(
                    "sent {number}{chosen} to {}",
                    super::called(&id, &sessions)
                ));
                Ok(())
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
        what: t!("err-reply-listed-changed"),
        fix: t!("err-reply-listed-changed-fix"),
    }
}

fn print_listing(id: &str, shown: &Shown, json: bool) {
    let d = &shown.dialog;
    let text = if json {
        let doc =
            serde_json::to_string(&ring_shared::dialog::Listing::of(d, id)).unwrap_or_default();
        format!("{doc}\n")
    } else {
        listing(id, shown)
    };
    // A closed stdout (`| head`) is not an error.
    let _ = std::io::stdout().write_all(text.as_bytes());
}

/// The plain listing: the dialog's rows as the screen shows them, from its header to its
/// footer (rules and blank rows left out), and how to answer. Screen text is stripped of
/// control sequences.
pub fn listing(id: &str, shown: &Shown) -> String {
    let d = &shown.dialog;
    let mut out = String::new();
    for row in d.text_rows() {
        out.push_str(&format!("{}\n", sanitize(row)));
    }
    out.push_str(&format!(
        "{}\n",
        t!(
            "err-reply-answer-with",
            id = sanitize(id),
            fingerprint = d.fingerprint().to_string()
        )
    ));
    out
}
