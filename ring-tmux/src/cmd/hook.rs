//! `ring-tmux hook`: the writer every agent event runs. `main` never sends it through clap
//! (it runs on every tool call, always exits 0 and prints nothing); RiNG's own argument rule
//! ([`ring_shared::event::parse_hook_args`]) reads its arguments, and this definition, which
//! `--help`, the completions and the man page show, is tested to agree with it.

use std::process::ExitCode;

/// Record one agent hook event read from stdin (always exits 0, prints nothing).
///
/// The event is a JSON object on stdin; it is recorded in the ring folder ($RING_HOME,
/// default ~/.config/ring).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The agent that sent the event: claude-code (default), codex, or any name for a
    /// generic agent.
    #[arg(
        long,
        value_name = "PROVIDER",
        conflicts_with = "agent",
        add = super::completions::providers()
    )]
    pub provider: Option<String>,
    /// The same as --provider (RiNG's `ring hook PROVIDER`).
    #[arg(value_name = "PROVIDER", add = super::completions::providers())]
    pub agent: Option<String>,
}

impl Args {
    /// The provider these arguments name (`claude-code` when none).
    pub fn provider(&self) -> String {
        self.provider
            .clone()
            .or_else(|| self.agent.clone())
            .unwrap_or_else(|| ring_shared::event::DEFAULT_PROVIDER.to_owned())
    }
}

/// Runs the hook for the provider named (only reached when the hook goes through clap).
pub fn run(args: Args) -> ExitCode {
    crate::hook::run(&["--provider".to_owned(), args.provider()], || {
        crate::cmd::cli::help("hook")
    })
}

#[cfg(test)]
mod tests {
    use crate::cmd::cli::{Cli, Command};
    use clap::Parser;
    use ring_shared::event::{HookArgs, parse_hook_args};
    use rstest::rstest;

    #[rstest]
    #[case::none(&[])]
    #[case::positional(&["codex"])]
    #[case::flag(&["--provider", "codex"])]
    #[case::inline(&["--provider=gemini"])]
    #[case::generic(&["my-agent"])]
    fn fast_path_and_clap_agree(#[case] args: &[&str]) {
        let argv = ["ring-tmux", "hook"].iter().chain(args);
        let by_clap = match Cli::try_parse_from(argv).map(|cli| cli.command) {
            Ok(Command::Hook(args)) => args.provider(),
            other => panic!("clap: {other:?}"),
        };
        let owned: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        assert_eq!(
            HookArgs::Provider(by_clap),
            parse_hook_args(&owned),
            "{args:?}"
        );
    }
}
