//! What the board runs (`ring-tmux name`, `hide`, `reply`) and reads back from it.

use crate::cells;

/// A `ring-tmux` command the board asks the glue to run. Each names the session by its exact
/// id (`--session ID`): the row the person chose, never a label or id prefix that another
/// session might answer to once this one ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `ring-tmux name --session ID -- LABEL` (an empty label removes the name).
    Name { session: String, label: String },
    /// `ring-tmux hide --session ID`.
    Hide { session: String },
    /// `ring-tmux unhide -- ID`: hide's undo (`unhide` picks among the hidden sessions, where
    /// the whole id is exact).
    Unhide { session: String },
    /// `ring-tmux reply --json --session ID`: the dialog's options.
    Read { session: String },
    /// `ring-tmux explain --session ID`: why the session shows what it shows.
    Explain { session: String },
    /// `ring-tmux reply [--expect FINGERPRINT] --session ID N`: send option N, only while
    /// the dialog is still the one listed (its fingerprint, when the listing gave one).
    Answer {
        session: String,
        number: u32,
        expect: Option<String>,
    },
}

impl Command {
    /// The arguments after the binary. `--session` takes the next word whole, and `--`
    /// ends the options before a label: an id or a label may start with `-`.
    pub fn args(&self) -> Vec<String> {
        let words: Vec<&str> = match self {
            Command::Name { session, label } => vec!["name", "--session", session, "--", label],
            Command::Hide { session } => vec!["hide", "--session", session],
            Command::Unhide { session } => vec!["unhide", "--", session],
            Command::Read { session } => vec!["reply", "--json", "--session", session],
            Command::Explain { session } => vec!["explain", "--session", session],
            Command::Answer {
                session,
                number,
                expect,
            } => {
                let mut args = vec!["reply".to_owned()];
                if let Some(fingerprint) = expect {
                    args.extend(["--expect".to_owned(), fingerprint.clone()]);
                }
                args.extend([
                    "--session".to_owned(),
                    session.clone(),
                    "--".to_owned(),
                    number.to_string(),
                ]);
                return args;
            }
        };
        words.into_iter().map(str::to_owned).collect()
    }
}

/// The command line of a pane that goes to remote session `session` (`host:id`):
/// `ring-tmux jump --session ID`, through `env RING_HOME=…` when the plugin knows its ring
/// folder (a pane gets the zellij server's environment, not the run's).
pub fn jump_remote(ring_tmux: &str, ring_home: Option<&str>, session: &str) -> Vec<String> {
    let mut argv = Vec::new();
    if let Some(home) = ring_home {
        argv.extend(["env".to_owned(), format!("RING_HOME={home}")]);
    }
    argv.extend([
        ring_tmux.to_owned(),
        "jump".to_owned(),
        "--session".to_owned(),
        session.to_owned(),
    ]);
    argv
}

/// A run to start: the glue puts `seq` in the run's context and hands it back with the
/// result ([`Board::finished`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub seq: u64,
    pub command: Command,
}

/// Whether the board can run `ring-tmux`, and if not, what the user has to add.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Commands {
    Ready,
    /// The hint shown when `p`, `n`, `d` or `u` is pressed.
    Missing(String),
}

impl Default for Commands {
    fn default() -> Self {
        Commands::Missing(NO_RING_TMUX.to_owned())
    }
}

// `Commands::Missing` holds one of these catalogue keys, rendered when shown: the board may
// be built before `load` has set the language.
/// The hint when the board's block names no `ring_tmux` (a catalogue key).
pub const NO_RING_TMUX: &str = "zj-no-ring-tmux";
/// The hint when zellij has not granted the plugin's permissions (among them `RunCommands`).
pub const NO_RUN_COMMANDS: &str = "zj-no-run-commands";
/// The hint while zellij has not answered the permission request yet.
pub const PERMISSION_PENDING: &str = "zj-permission-pending";

pub use ring_shared::dialog::{Choice, Listing as Dialog};

/// Reads `ring-tmux reply --json`'s output ([`Dialog`], ring-shared's one listing shape),
/// with its text made inert for the terminal. `None` when it is not that shape or lists no
/// option; a `selected` that is not one of the options is dropped.
pub fn parse_dialog(stdout: &[u8]) -> Option<Dialog> {
    let mut dialog: Dialog = serde_json::from_slice(stdout).ok()?;
    if dialog.options.is_empty() {
        return None;
    }
    let options = &dialog.options;
    dialog.selected = dialog
        .selected
        .filter(|n| options.iter().any(|o| o.number == *n));
    dialog.question = cells::sanitize(&dialog.question);
    for option in &mut dialog.options {
        option.text = cells::sanitize(&option.text);
    }
    for line in dialog.context.iter_mut().chain(dialog.rows.iter_mut()) {
        *line = cells::sanitize(line);
    }
    dialog.agent = dialog
        .agent
        .map(|a| cells::sanitize(&a))
        .filter(|a| !a.trim().is_empty());
    Some(dialog)
}

/// What a failed run says: the first line of its error output, else of its output, made
/// inert; zellij reports a command it could not start as exit 2 with the reason on stderr.
pub fn failure(exit_code: Option<i32>, stdout: &[u8], stderr: &[u8]) -> String {
    let first = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes);
        let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        cells::sanitize(line.trim())
    };
    let line = Some(first(stderr))
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| first(stdout));
    let status = match exit_code {
        Some(code) => ring_shared::t!("zj-exit", code = code.to_string()),
        None => ring_shared::t!("zj-killed"),
    };
    if line.is_empty() {
        ring_shared::t!("zj-failed", status = status)
    } else if line.starts_with("ring-tmux") {
        line
    } else {
        ring_shared::t!("zj-failed-because", status = status, reason = line)
    }
}
