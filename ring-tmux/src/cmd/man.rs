//! `ring-tmux man [SUBCOMMAND] [--dir DIR]`: the man pages in roff, generated from
//! the clap definition ([`crate::cmd::cli`]); ring-tmux(1) adds CONFIGURATION (from
//! [`ring_shared::config::KEY_DOCS`]), TMUX OPTIONS, ENVIRONMENT and FILES.
//! `ring-tmux man | man -l -` reads it; install.sh writes every page with `--dir`; CI renders
//! every page.

use crate::sys::voice;
use ring_shared::t;
use roff::{Roff, bold, italic, roman};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Print the man page (roff): ring-tmux(1), or ring-tmux-SUBCOMMAND(1).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The subcommand whose page to print (default: ring-tmux's own page).
    #[arg(value_name = "SUBCOMMAND", conflicts_with = "dir")]
    pub subcommand: Option<String>,
    /// Write every page into this folder (ring-tmux.1, ring-tmux-SUBCOMMAND.1) instead.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// The names of every page (`ring-tmux`, `ring-tmux-gc`, …): what `--dir` writes and
/// `uninstall` removes.
pub fn page_names() -> Vec<String> {
    let command = crate::cmd::cli::command();
    std::iter::once("ring-tmux".to_owned())
        .chain(
            command
                .get_subcommands()
                .filter(|s| !s.is_hide_set() && s.get_name() != "help")
                .map(|s| format!("ring-tmux-{}", s.get_name())),
        )
        .collect()
}

/// The roff of one page.
pub fn page(subcommand: Option<&str>) -> Option<Vec<u8>> {
    let command = crate::cmd::cli::command();
    let command = match subcommand {
        None => command,
        // Built, a subcommand's display name is `ring-tmux-gc`: the page is ring-tmux-gc(1).
        Some(name) => command.find_subcommand(name)?.clone(),
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(command).render(&mut roff).ok()?;
    if subcommand.is_none() {
        roff = with_sections(&String::from_utf8_lossy(&roff)).into_bytes();
    }
    Some(roff)
}

/// `page` with ring's own sections before VERSION (where man pages put them: after the
/// options, before the history).
fn with_sections(page: &str) -> String {
    let preamble = Roff::new().render();
    let ours = sections().render();
    let ours = ours.strip_prefix(&preamble).unwrap_or(&ours);
    match page.find("\n.SH VERSION") {
        Some(at) => format!("{}\n{}{}", &page[..at], ours, &page[at + 1..]),
        None => format!("{page}{ours}"),
    }
}

/// Markdown code and links as plain text.
fn plain(markdown: &str) -> String {
    let mut text = markdown.replace('`', "").replace("\\|", "|");
    while let (Some(open), Some(mid)) = (text.find('['), text.find("](")) {
        let Some(close) = text[mid..].find(')').map(|c| mid + c) else {
            break;
        };
        if open > mid {
            break;
        }
        text = format!(
            "{}{}{}",
            &text[..open],
            &text[open + 1..mid],
            &text[close + 1..]
        );
    }
    text
}

/// The tmux options ring.tmux reads (README "Using it in tmux"): name, default, what.
/// The icons and colours come from [`crate::tmux::badge::defaults`].
const TMUX_OPTIONS: &[(&str, &str, &str)] = &[
    (
        "@ring-status-project",
        "status_show_project of config.toml",
        "on: the segment names the longest-waiting session's project",
    ),
    (
        "@ring-jump-key",
        "a",
        "prefix a: go to the session that has waited longest (again: the next one); \"\": no binding",
    ),
    (
        "@ring-menu-key",
        "A",
        "prefix A: the live board of every session in a popup (a menu before tmux 3.2); \"\": no binding",
    ),
    (
        "@ring-menu-style",
        "board",
        "menu: the menu key opens the plain tmux menu on every tmux version",
    ),
    (
        "@ring-status-interval",
        "2",
        "lowers status-interval to this when yours is higher (off: never)",
    ),
    (
        "@ring-status-length",
        "80",
        "raises status-right-length (status-left-length) to this when lower, where #{ring_status} is (off: never)",
    ),
    (
        "@ring-bin",
        "PATH, ~/.local/bin, the repository's target/release",
        "the ring-tmux binary",
    ),
];

/// Environment variables ring reads.
const ENVIRONMENT: &[(&str, &str)] = &[
    ("RING_HOME", "The ring folder (default ~/.config/ring)."),
    (
        "RING_NOW",
        "The clock, float Unix seconds (default: the system clock), for tests and replays.",
    ),
    (
        "RING_PROCS",
        "A JSON file that replaces the process scan ({\"claude-code\": [[cwd, tty], ...] | null, ...}): which agents are alive.",
    ),
    (
        "RING_TMUX_PANES",
        "A JSON file that replaces tmux list-panes when mapping sessions to panes.",
    ),
    (
        "RING_PROC_TREE",
        "A JSON file that replaces the /proc walk below the panes' shells.",
    ),
    (
        "RING_EVIDENCE_TTL",
        "Seconds status and oneline reuse the tmux evidence an earlier run gathered (default 30; 0: never).",
    ),
    (
        "RING_DEBUG_PAYLOAD_LOG",
        "1: the hook logs raw payloads to hook_payloads.jsonl (as debug_payload_log).",
    ),
    (
        "RING_ZELLIJ",
        "The zellij binary to run (default: zellij on PATH).",
    ),
    (
        "RING_TMUX_COMPLETE",
        "Set by the completion scripts: ring-tmux completes the words after -- instead of running.",
    ),
    (
        "TMUX, TMUX_PANE",
        "The tmux server and pane a command or agent runs in (the hook records them; jump, menu and status use the server).",
    ),
    (
        "ZELLIJ, ZELLIJ_SESSION_NAME, ZELLIJ_PANE_ID",
        "The zellij session and pane an agent runs in.",
    ),
    (
        "ZELLIJ_CONFIG_DIR",
        "Where install-zellij writes the layout (default ~/.config/zellij).",
    ),
    (
        "XDG_CACHE_HOME",
        "zellij's permissions.kdl lives in its zellij folder (default ~/.cache).",
    ),
    (
        "XDG_DATA_HOME, XDG_CONFIG_HOME",
        "Where uninstall looks for the completions and man pages install.sh wrote (default ~/.local/share, ~/.config).",
    ),
    (
        "HOME",
        "The agents' settings files and the default ring folder.",
    ),
    ("NO_COLOR", "Set: no colour in list and the board."),
];

/// Files: path, what.
const FILES: &[(&str, &str)] = &[
    (
        "~/.config/ring/ ($RING_HOME)",
        "The ring folder (0700; every file 0600), shared with RiNG. uninstall keeps it.",
    ),
    (
        "sessions/*.json",
        "One row per session, written by the hook (atomic rename, a lock per session).",
    ),
    ("config.toml", "Settings: see CONFIGURATION."),
    ("labels.json", "Session names (ring-tmux name)."),
    (
        "deleted_sessions.json",
        "Hidden sessions (ring-tmux hide, unhide; RiNG's dd).",
    ),
    (
        "events.jsonl",
        "Every status change, read by stats and digest, and every answer sent from serve's page (halved past 5 MiB).",
    ),
    (
        "ring.log",
        "What went wrong in the hook and the notifications.",
    ),
    (
        "hook_payloads.jsonl",
        "Raw hook payloads, only with debug_payload_log.",
    ),
    (
        "notify.json, notify.lock, notify.spool/",
        "Notification state, its lock, and rings queued behind the lock.",
    ),
    (
        "zeroconf.json",
        "Sessions found without hooks, published for the zellij plugin.",
    ),
    (
        "serve/token",
        "The token ring-tmux serve asks for on a non-loopback address.",
    ),
    (
        "cache/",
        "Read caches (rows, process scan, tmux evidence); safe to delete.",
    ),
    (
        "~/.claude/settings.json, ~/.codex/hooks.json, ~/.gemini/settings.json, ~/.cursor/hooks.json",
        "The agents' settings: install-hooks adds ring's hook entries (a timestamped backup first), remove-hooks and uninstall remove them.",
    ),
    (
        "~/.copilot/hooks/ring-tmux.json, ~/.config/opencode/plugins/ring-tmux.js",
        "ring's own hook files for Copilot CLI and opencode.",
    ),
    (
        "~/.config/zellij/plugins/ring.wasm, ~/.config/zellij/layouts/ring.kdl",
        "The zellij plugin and its layout (install-zellij).",
    ),
    (
        "~/.cache/zellij/permissions.kdl",
        "zellij's grants: install-zellij adds ring's entry, uninstall removes only it.",
    ),
    (
        "~/.local/bin/ring-tmux, ~/.local/share/bash-completion/completions/ring-tmux, ~/.local/share/zsh/site-functions/_ring-tmux, ~/.config/fish/completions/ring-tmux.fish, ~/.local/share/man/man1/ring-tmux*.1",
        "What scripts/install.sh installs.",
    ),
];

/// One `.TP` entry: a bold tag, then its text.
fn entry(roff: &mut Roff, tag: &str, text: &[roff::Inline]) {
    roff.control("TP", []);
    roff.text([bold(tag)]);
    roff.text(text.to_vec());
}

/// CONFIGURATION, TMUX OPTIONS, ENVIRONMENT, FILES.
fn sections() -> Roff {
    let mut roff = Roff::new();
    roff.control("SH", ["CONFIGURATION"]);
    roff.text([
        roman("Keys of "),
        italic("config.toml"),
        roman(" in the ring folder (shared with RiNG); every key is optional, an unknown one is a warning (ring-tmux doctor)."),
    ]);
    for doc in ring_shared::config::KEY_DOCS {
        entry(
            &mut roff,
            doc.key,
            &[roman(format!(
                "{} (default {})",
                plain(doc.what),
                plain(doc.default)
            ))],
        );
    }
    roff.control("SH", ["TMUX OPTIONS"]);
    roff.text([roman(
        "Options ring.tmux reads, set before it runs (set -g OPTION VALUE in ~/.tmux.conf).",
    )]);
    for (name, default) in crate::tmux::badge::defaults() {
        let what = if name.starts_with("@ring-color-") {
            "the colour of the state's count in #{ring_status} (default: the bar's own text colour)"
        } else {
            "the marker of a state, or of what a session waits for (\"\" hides it)"
        };
        entry(
            &mut roff,
            &name,
            &[roman(format!("{what}; default {default}"))],
        );
    }
    for (name, default, what) in TMUX_OPTIONS {
        entry(
            &mut roff,
            name,
            &[roman(format!("{what}; default {default}"))],
        );
    }
    roff.control("SH", ["ENVIRONMENT"]);
    for (name, what) in ENVIRONMENT {
        entry(&mut roff, name, &[roman(*what)]);
    }
    roff.control("SH", ["FILES"]);
    roff.text([roman("In the ring folder unless the path says otherwise.")]);
    for (path, what) in FILES {
        entry(&mut roff, path, &[roman(*what)]);
    }
    roff
}

/// Writes `bytes` to stdout; a closed pipe is success.
pub(crate) fn print(bytes: &[u8]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => voice::OK,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => voice::OK,
        Err(e) => voice::fail(&t!("err-stdout", error = e.to_string()), ""),
    }
}

/// Writes every page into `dir` (created if missing).
fn write_all(dir: &std::path::Path) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(dir) {
        return voice::fail(&voice::about("err-create", dir, e), "");
    }
    for name in page_names() {
        let sub = name.strip_prefix("ring-tmux-");
        let Some(roff) = page(sub) else { continue };
        let path = dir.join(format!("{name}.1"));
        if let Err(e) = std::fs::write(&path, roff) {
            return voice::fail(&voice::about("err-write", &path, e), "");
        }
    }
    ExitCode::SUCCESS
}

/// Prints the page (or writes them all).
pub fn run(args: Args) -> ExitCode {
    if let Some(dir) = &args.dir {
        return write_all(dir);
    }
    match page(args.subcommand.as_deref()) {
        Some(roff) => print(&roff),
        None => voice::usage(
            &t!(
                "err-man-no-subcommand",
                name = format!("{:?}", args.subcommand.as_deref().unwrap_or_default())
            ),
            &t!("err-man-no-subcommand-fix"),
        ),
    }
}
