//! `ring-tmux completions SHELL`: the shell completion script. The script is clap_complete's
//! dynamic registration: at each Tab the shell runs `ring-tmux` itself (with
//! `RING_TMUX_COMPLETE=SHELL`), which completes from the clap definition ([`crate::cmd::cli`]):
//! every subcommand and flag, every flag's possible values, and session ids and labels read
//! from the ring folder (as RiNG completes ids). A static script could not know the
//! sessions; hand-written glue calling a hidden subcommand from five shells' scripts is what
//! clap_complete's engine already is, kept by clap's maintainers.

use clap_complete::engine::{ArgValueCandidates, ArgValueCompleter, CompletionCandidate};
use clap_complete::env::Shells;
use ring_shared::t;
use std::ffi::OsStr;
use std::process::ExitCode;

/// The variable that makes `ring-tmux` complete instead of run (clap's default, `COMPLETE`,
/// is a name a user's environment may well hold for something else).
pub const VAR: &str = "RING_TMUX_COMPLETE";

/// Print the completion script for a shell.
///
/// bash: `ring-tmux completions bash > ~/.local/share/bash-completion/completions/ring-tmux`;
/// zsh: `ring-tmux completions zsh > ~/.local/share/zsh/site-functions/_ring-tmux` (a folder
/// on `$fpath`); fish: `ring-tmux completions fish > ~/.config/fish/completions/ring-tmux.fish`.
/// The script runs `ring-tmux` (found on PATH) at each Tab: it completes subcommands, flags,
/// their values, and session ids and labels.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Writes the script to stdout.
pub fn run(args: Args) -> ExitCode {
    let shells = Shells::builtins();
    let Some(shell) = shells.completer(&args.shell.to_string()) else {
        return crate::sys::voice::fail(
            &t!("err-completions-shell", shell = args.shell.to_string()),
            &t!("err-completions-shell-fix"),
        );
    };
    let mut script = Vec::new();
    if let Err(e) =
        shell.write_registration(VAR, "ring-tmux", "ring-tmux", "ring-tmux", &mut script)
    {
        return crate::sys::voice::fail(&t!("err-completions-write", error = e.to_string()), "");
    }
    super::man::print(&script)
}

/// Completes when the shell's script asks (`RING_TMUX_COMPLETE` set), then exits; returns
/// at once otherwise.
pub fn complete_if_asked() {
    clap_complete::CompleteEnv::with_factory(crate::cmd::cli::command)
        .var(VAR)
        .complete();
}

/// Candidates for a flag that takes any string but has words it knows (`menu --style`,
/// `quiet on|off`): completed, while the parser stays as lenient as a status bar needs.
pub fn words(words: &'static [&'static str]) -> ArgValueCandidates {
    ArgValueCandidates::new(move || words.iter().map(CompletionCandidate::new).collect())
}

/// The agents' names (`hook --provider`).
pub fn providers() -> ArgValueCandidates {
    ArgValueCandidates::new(|| {
        ring_shared::provider::PROVIDERS
            .iter()
            .map(|p| CompletionCandidate::new(p.name))
            .collect()
    })
}

/// The completer of a SESSION argument: ids and labels of the rows on disk.
pub fn session_completer() -> ArgValueCompleter {
    ArgValueCompleter::new(|current: &OsStr| sessions(current, false))
}

/// The completer of `unhide`'s SESSION: the hidden ones.
pub fn hidden_completer() -> ArgValueCompleter {
    ArgValueCompleter::new(|current: &OsStr| sessions(current, true))
}

/// Session ids (help: label and project) and labels (help: the id) that start with
/// `current`. Reads only the ring folder (`sessions/`, `labels.json`,
/// `deleted_sessions.json`): no process scan, no tmux, nothing written. Ids and labels are
/// data: the shells' scripts never evaluate a candidate, and one with a control character
/// (which would break the one-candidate-a-line protocol) is left out.
fn sessions(current: &OsStr, hidden_only: bool) -> Vec<CompletionCandidate> {
    let Some(current) = current.to_str() else {
        return Vec::new();
    };
    let env = crate::sys::env::Env::from_process();
    let labels = crate::gather::read_labels(&env);
    let hidden = crate::gather::hidden_ids(&env);
    let ids: Vec<(String, String)> = if hidden_only {
        hidden.into_iter().map(|id| (id, String::new())).collect()
    } else {
        crate::gather::read_rows(&env.ring_home.join("sessions"), false)
            .rows
            .into_iter()
            .filter(|row| !hidden.contains(&row.session_id))
            .map(|row| (row.session_id, ring_shared::stats::project(&row.cwd)))
            .collect()
    };
    let plain = |s: &str| !s.is_empty() && !s.chars().any(char::is_control);
    let mut out = Vec::new();
    for (id, project) in &ids {
        let label = labels.get(id).map_or("", String::as_str);
        if plain(id) && id.starts_with(current) {
            let help: Vec<&str> = [label, project.as_str()]
                .into_iter()
                .filter(|s| plain(s))
                .collect();
            out.push(
                CompletionCandidate::new(id)
                    .help((!help.is_empty()).then(|| help.join(", ").into())),
            );
        }
        if plain(label) && label.starts_with(current) {
            out.push(CompletionCandidate::new(label).help(Some(id.clone().into())));
        }
    }
    out
}
