//! `ring-tmux man [SUBCOMMAND]` (hidden): the man page in roff, generated from the clap
//! definition ([`crate::cli`]). `ring-tmux man | man -l -` reads it; CI renders every page.

use crate::voice;
use std::io::Write;
use std::process::ExitCode;

/// Print the man page (roff): ring-tmux(1), or ring-tmux-SUBCOMMAND(1).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The subcommand whose page to print (default: ring-tmux's own page).
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
}

/// The roff of one page.
pub fn page(subcommand: Option<&str>) -> Option<Vec<u8>> {
    let command = crate::cli::command();
    let command = match subcommand {
        None => command,
        // Built, a subcommand's display name is `ring-tmux-gc`: the page is ring-tmux-gc(1).
        Some(name) => command.find_subcommand(name)?.clone(),
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(command).render(&mut roff).ok()?;
    Some(roff)
}

/// Writes `bytes` to stdout; a closed pipe is success.
pub(crate) fn print(bytes: &[u8]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => voice::OK,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => voice::OK,
        Err(e) => voice::fail(&format!("cannot write to stdout: {e}"), ""),
    }
}

/// Prints the page.
pub fn run(args: Args) -> ExitCode {
    match page(args.subcommand.as_deref()) {
        Some(roff) => print(&roff),
        None => voice::usage(
            &format!(
                "no subcommand {:?}",
                args.subcommand.as_deref().unwrap_or_default()
            ),
            "see `ring-tmux --help` for the list",
        ),
    }
}
