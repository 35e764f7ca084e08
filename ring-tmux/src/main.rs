use std::process::ExitCode;

fn main() -> ExitCode {
    // The hook runs on every agent event: skip clap and never print, whatever argv holds
    // (but `--help`, which prints clap's help for `hook`).
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("hook") {
        return ring_tmux::hook::run(&argv[2..], || ring_tmux::cmd::cli::help("hook"));
    }
    ring_tmux::lang::init();
    // The hook's detached tmux push and zellij refresh (hidden: only the hook runs it).
    if argv.get(1).map(String::as_str) == Some(ring_tmux::detached::SUBCOMMAND) {
        return ring_tmux::detached::run(&argv[2..]);
    }
    // Status bars run `status` (tmux) or `oneline` every few seconds: building clap's parser
    // costs more than the whole read of a small board, so those forms skip it. `status`
    // parses its own options (the flags `cmd::status` declares, tested to agree); only its
    // help goes through clap.
    match argv.get(1..).unwrap_or_default() {
        [cmd] if cmd == "oneline" => return ring_tmux::oneline(false),
        [cmd, all] if cmd == "oneline" && all == "--all" => {
            return ring_tmux::oneline(true);
        }
        [cmd, args @ ..] if cmd == "status" && !args.iter().any(|a| a == "-h" || a == "--help") => {
            return ring_tmux::status::run(args);
        }
        _ => {}
    }
    ring_tmux::cmd::cli::main(std::env::args_os().collect())
}
