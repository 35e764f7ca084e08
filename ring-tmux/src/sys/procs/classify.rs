//! Which agent a process is, from its task name and command line, and the scan result
//! assembled from the matches: pure, tested with tables.

use super::{SHELLS, local};
use ring_shared::derive::{Proc, Procs};
use ring_shared::provider::{self, claude, codex};
use std::collections::BTreeMap;

/// What kind of agent process a `(comm, args)` pair is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A Claude Code process; `host` for a `--bg-pty-host` wrapper of a background agent.
    Claude {
        session_id: Option<String>,
        host: bool,
    },
    /// A Codex CLI process.
    Codex,
    /// A process of another agent of the provider table, by its executable
    /// ([`ring_shared::provider::by_process`]); the provider's name.
    Agent(&'static str),
    /// A local LLM chat (§4.6); `start_ticks`: `/proc/<pid>/stat` starttime.
    LocalLlm {
        runner: local::Runner,
        model: Option<String>,
        start_ticks: u64,
    },
}

/// One matched process with what `/proc` said about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub pid: u32,
    pub kind: Kind,
    /// `None` when the cwd could not be read (the process is then dropped, like `lsof` does).
    pub cwd: Option<String>,
    pub tty: Option<String>,
    /// starttime of `/proc/<pid>/stat` (clock ticks since boot), read with the cwd.
    pub start_ticks: Option<u64>,
}

pub(super) fn basename(s: &str) -> &str {
    s.rsplit('/').next().unwrap_or(s)
}

/// Interpreters that run an agent as a script: the process's comm and `argv[0]` are the
/// interpreter's, the agent is the script it runs (Gemini CLI: `node …/bin/gemini`).
const INTERPRETERS: [&str; 3] = ["node", "nodejs", "bun"];

/// The agent name of an interpreted command line: when `argv[0]` is an `INTERPRETERS`
/// one, the basename of the first argument that is not an option, without a `.js`, `.mjs`
/// or `.cjs` ending (`node --max-old-space-size=8192 /usr/lib/…/bundle/gemini.js` →
/// `gemini`). `None` for anything else.
pub fn interpreted_script<'a>(argv: &[&'a str]) -> Option<&'a str> {
    let (first, rest) = argv.split_first()?;
    if !INTERPRETERS.contains(&basename(first)) {
        return None;
    }
    let script = basename(rest.iter().find(|a| !a.starts_with('-'))?);
    let name = [".js", ".mjs", ".cjs"]
        .iter()
        .find_map(|ext| script.strip_suffix(ext))
        .unwrap_or(script);
    (!name.is_empty()).then_some(name)
}

/// Classifies a process by its `comm` (task name) and `args` (command line joined by spaces).
/// `None`: not an agent, or not a user session (`daemon run`, `--bg-spare`, a `--bg-pty-host`
/// without `--session-id`, Codex `app-server` / `sandbox`).
pub fn classify(comm: &str, args: &str) -> Option<Kind> {
    if let Some(kind) = local::classify(comm, args) {
        return Some(kind);
    }
    let name = basename(comm);
    if Some(name) == codex::PROVIDER.process {
        return classify_codex(args);
    }
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let session_id = tokens
        .iter()
        .position(|t| *t == "--session-id")
        .and_then(|i| tokens.get(i + 1))
        .map(|s| (*s).to_owned());
    let has_session_flag = tokens.contains(&"--session-id");
    let claude_bin = claude::PROVIDER.process;
    let is_claude = Some(name) == claude_bin
        || (!SHELLS.contains(&name.trim_start_matches('-'))
            && claude::PROCESS_PATHS
                .iter()
                .any(|needle| args.contains(needle)))
        || (has_session_flag && tokens.iter().any(|t| Some(basename(t)) == claude_bin));
    if !is_claude {
        // Any other agent of the table, by its comm, its `argv[0]` or the script its
        // interpreter runs.
        let argv0 = tokens.first().map_or("", |t| basename(t));
        return provider::by_process(name)
            .or_else(|| provider::by_process(argv0))
            .or_else(|| {
                // Claude's and Codex's own rules above already judged their scripts (Codex's
                // npm wrapper `node …/codex` is not a session).
                interpreted_script(&tokens)
                    .and_then(provider::by_process)
                    .filter(|p| !is_claude_or_codex(p))
            })
            .map(|p| Kind::Agent(p.name));
    }
    if tokens.get(1..3) == Some(&["daemon", "run"][..]) || tokens.contains(&"--bg-spare") {
        return None;
    }
    let host = tokens.contains(&"--bg-pty-host");
    if host && session_id.is_none() {
        return None;
    }
    Some(Kind::Claude { session_id, host })
}

fn is_claude_or_codex(p: &provider::Provider) -> bool {
    std::ptr::eq(p, &claude::PROVIDER) || std::ptr::eq(p, &codex::PROVIDER)
}

fn classify_codex(args: &str) -> Option<Kind> {
    let mut tokens = args.split_whitespace();
    // The sub-command is the token after the first one that names codex.
    if tokens
        .by_ref()
        .any(|t| Some(basename(t)) == codex::PROVIDER.process)
        && tokens
            .next()
            .is_some_and(|sub| codex::SERVICE_SUBCOMMANDS.contains(&sub))
    {
        return None;
    }
    Some(Kind::Codex)
}

/// Builds the scan result: background-agent ids from `--bg-pty-host --session-id X`, pids
/// sharing a session id collapsed (the non-host one wins), background agents left out of the
/// foreground list, processes without a cwd dropped.
pub fn assemble(found: Vec<Found>) -> Procs {
    let mut procs = Procs::default();
    for f in &found {
        if let Kind::Claude {
            session_id: Some(id),
            host: true,
        } = &f.kind
        {
            procs.background_agent_ids.insert(id.clone());
        }
    }
    let mut claude = Vec::new();
    let mut codex = Vec::new();
    let mut others: BTreeMap<&'static str, Vec<Proc>> = BTreeMap::new();
    // session id → index in `claude`, so a later non-host process can replace a host.
    let mut by_session: BTreeMap<String, (usize, bool)> = BTreeMap::new();
    for f in found {
        let Some(cwd) = f.cwd else { continue };
        let proc = Proc {
            cwd,
            tty: f.tty,
            pid: Some(i64::from(f.pid)),
            start: f.start_ticks.and_then(|t| i64::try_from(t).ok()),
        };
        match f.kind {
            // Counted by the caller (`local::collect`): they need a terminal, not a cwd.
            Kind::LocalLlm { .. } => {}
            Kind::Codex => codex.push(proc),
            Kind::Agent(name) => others.entry(name).or_default().push(proc),
            Kind::Claude { session_id, host } => {
                let Some(id) = session_id else {
                    claude.push(proc);
                    continue;
                };
                if procs.background_agent_ids.contains(&id) {
                    continue;
                }
                match by_session.get(&id) {
                    Some(&(i, true)) if !host => {
                        claude[i] = proc;
                        by_session.insert(id, (i, false));
                    }
                    Some(_) => {}
                    None => {
                        by_session.insert(id, (claude.len(), host));
                        claude.push(proc);
                    }
                }
            }
        }
    }
    // Every provider with a detector gets its list, an empty one when nothing runs.
    for p in provider::scanned() {
        let list = if std::ptr::eq(p, &claude::PROVIDER) {
            std::mem::take(&mut claude)
        } else if std::ptr::eq(p, &codex::PROVIDER) {
            std::mem::take(&mut codex)
        } else {
            others.remove(p.name).unwrap_or_default()
        };
        procs.by_provider.insert(p.name.to_owned(), Some(list));
    }
    procs
}
