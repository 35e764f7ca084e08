//! `ring-tmux serve [--listen ADDR] [--token-file PATH] [--qr]`: the board in a browser.

use std::path::PathBuf;
use std::process::ExitCode;

/// Serve the board as a web page (and JSON, and server-sent events) until stopped.
///
/// On loopback (the default, 127.0.0.1:7380) it answers this machine only. Every request for
/// data needs the token (made once, stored 0600 in the ring folder as serve/token), on
/// loopback too: open the printed address, which ends in #token=…; the page keeps it in
/// memory and sends it in a header (no cookie). Beyond loopback it is plain HTTP: other
/// machines get no notification settings and no folders, and details (commands, questions)
/// only with `serve_detail = true`.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Address and port to listen on, e.g. 0.0.0.0:7380 for the phone on your Wi-Fi.
    #[arg(long, value_name = "ADDR", default_value = crate::out::serve::DEFAULT_LISTEN)]
    pub listen: String,
    /// The token file (default: serve/token in the ring folder, made if missing).
    #[arg(long, value_name = "PATH")]
    pub token_file: Option<PathBuf>,
    /// Print the address (with its token) as a QR code even when stdout is not a terminal
    /// (beyond loopback, a terminal gets it anyway).
    #[arg(long)]
    pub qr: bool,
    /// One read as JSON on stdout (`snapshot` or `view`): what the server's children do.
    #[arg(long, value_name = "WHAT", hide = true)]
    pub print: Option<String>,
    /// With --print: leave the details out unless `serve_detail = true`.
    #[arg(long, hide = true, requires = "print")]
    pub remote: bool,
}

/// Serves (or prints one read).
pub fn run(args: Args) -> ExitCode {
    if let Some(what) = args.print {
        return crate::out::serve::print::run(&what, args.remote);
    }
    crate::out::serve::run(&crate::out::serve::Options {
        listen: Some(args.listen),
        token_file: args.token_file,
        qr: args.qr,
    })
}
