use clap::Parser;
use ring_tmux::cli::{Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    // The hook runs on every agent event: skip clap and never print, whatever argv holds.
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("hook") {
        return ring_tmux::hook::run(&argv[2..]);
    }
    // The hook's detached tmux push and zellij refresh (hidden: only the hook runs it).
    if argv.get(1).map(String::as_str) == Some(ring_tmux::hook::detached::SUBCOMMAND) {
        return ring_tmux::hook::detached::run(&argv[2..]);
    }
    // Status bars run `status` (tmux) or `oneline` every few seconds: building clap's parser
    // costs more than the whole read of a small board, so those forms skip it. `status`
    // parses its own options; only its help goes through clap.
    match argv.get(1..).unwrap_or_default() {
        [cmd] if cmd == "oneline" => return ring_tmux::read::oneline(false),
        [cmd, all] if cmd == "oneline" && all == "--all" => {
            return ring_tmux::read::oneline(true);
        }
        [cmd, args @ ..] if cmd == "status" && !args.iter().any(|a| a == "-h" || a == "--help") => {
            return ring_tmux::status::run(args);
        }
        _ => {}
    }
    let cli = Cli::parse();
    match cli.command {
        Command::Hook { args } => ring_tmux::hook::run(&args),
        Command::Oneline { all } => ring_tmux::read::oneline(all),
        Command::Json { all } => ring_tmux::read::json(all),
        Command::List { all } => ring_tmux::read::list(all),
        Command::Status { args } => ring_tmux::status::run(&args),
        Command::Jump { args } => ring_tmux::tmux::jump(&args),
        Command::Menu { args } => ring_tmux::tmux::menu(&args),
        Command::InstallHooks { args } => ring_tmux::install::install_hooks(&args),
        Command::RemoveHooks { args } => ring_tmux::install::remove_hooks(&args),
        Command::InstallZellij { args } => ring_tmux::zellij::install_zellij(&args),
        Command::Doctor { args } => ring_tmux::doctor::run(&args),
        Command::Gc { args } => ring_tmux::gc::run(&args),
        Command::Notify { test, flush } => ring_tmux::notify::cli::notify(test, flush),
        Command::Quiet { when } => ring_tmux::notify::cli::quiet(when.as_deref()),
    }
}
