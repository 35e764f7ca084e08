//! Hook health: sessions that are clearly alive while their agent's hooks never told ring
//! anything ("installed but silent"), and why, where the install state can tell.
//!
//! Alive means a live process of the agent (the process scan), or a zero-config row of it
//! that is active (a Claude transcript or a Codex thread working or waiting: it is growing),
//! or a process-only row. Silent means no hook row of that agent in the same folder: when
//! ring's hooks run for one session of an agent in a folder they run for all of them.
//! The reason comes from what `doctor` found in the agent's hook files ([`HookState`]).

use crate::derive::{Procs, Source};
use crate::registry::Status;
use crate::view::Entry;

/// What an agent's hook files say (read by `ring-tmux`, judged here).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookState {
    /// ring's hooks are in place and run a program that exists.
    Installed,
    /// ring's hooks are not installed for it (zero-config only).
    NotInstalled,
    /// The agent has not trusted ring's hooks on these events (Codex's review).
    Untrusted(Vec<String>),
    /// The hooks run a program that is not there (or not executable).
    ProgramMissing(String),
    /// The agent rejects the whole hooks file over these unknown event names (Cursor).
    FileRejected(Vec<String>),
}

impl HookState {
    /// Why a session of an agent in this state is silent, for people.
    pub fn reason(&self) -> String {
        match self {
            HookState::Installed => crate::t!("doctor-hookstate-installed"),
            HookState::NotInstalled => crate::t!("doctor-hookstate-not-installed"),
            HookState::Untrusted(events) => {
                crate::t!("doctor-hookstate-untrusted", events = events.join(", "))
            }
            HookState::ProgramMissing(program) => {
                crate::t!(
                    "doctor-hookstate-program-missing",
                    program = program.as_str()
                )
            }
            HookState::FileRejected(events) => {
                crate::t!("doctor-hookstate-rejected", events = events.join(", "))
            }
        }
    }
}

/// One agent and the state of its hooks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentHooks {
    /// The provider name (rows' `provider`).
    pub provider: String,
    pub state: HookState,
}

/// What shows a silent session is alive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evidence {
    /// A row ring found without hooks (its source and status).
    Row {
        session_id: String,
        source: Source,
        status: Status,
    },
    /// A live process of the agent.
    Process { pid: Option<i64> },
}

/// A session alive while its agent's hooks never fired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Silent {
    pub provider: String,
    /// Its folder.
    pub cwd: String,
    pub evidence: Evidence,
    /// The agent's hook state: what explains the silence.
    pub state: HookState,
}

/// The silent sessions of the agents in `hooks`, from the board's `entries` and the process
/// scan (`procs`), in the order of `hooks`, then entries, then processes. One per folder and
/// agent.
pub fn silent(entries: &[Entry], procs: &Procs, hooks: &[AgentHooks]) -> Vec<Silent> {
    let mut out: Vec<Silent> = Vec::new();
    for agent in hooks {
        let mine = || entries.iter().filter(|e| e.provider == agent.provider);
        let hooked: Vec<&str> = mine()
            .filter(|e| e.source == Source::Hook && e.status != Status::Ended)
            .map(|e| e.cwd.as_str())
            .collect();
        let mut seen: Vec<String> = Vec::new();
        let mut push = |cwd: &str, evidence: Evidence, seen: &mut Vec<String>| {
            let cwd = cwd.trim_end_matches('/');
            if cwd.is_empty()
                || hooked.iter().any(|h| h.trim_end_matches('/') == cwd)
                || seen.iter().any(|s| s == cwd)
            {
                return;
            }
            seen.push(cwd.to_owned());
            out.push(Silent {
                provider: agent.provider.clone(),
                cwd: cwd.to_owned(),
                evidence,
                state: agent.state.clone(),
            });
        };
        for entry in mine().filter(|e| alive_without_hooks(e)) {
            let evidence = Evidence::Row {
                session_id: entry.session_id.clone(),
                source: entry.source,
                status: entry.status,
            };
            push(&entry.cwd, evidence, &mut seen);
        }
        if let Some(Some(live)) = procs.by_provider.get(&agent.provider) {
            for proc in live {
                push(&proc.cwd, Evidence::Process { pid: proc.pid }, &mut seen);
            }
        }
    }
    out
}

/// A row that shows life without a hook: a process-only row that has not ended, or a
/// zero-config row that is working or waiting (its transcript or thread is moving).
fn alive_without_hooks(entry: &Entry) -> bool {
    match entry.source {
        Source::Hook => false,
        Source::Proc => entry.status != Status::Ended,
        _ => matches!(entry.status, Status::Working | Status::Waiting),
    }
}

#[cfg(test)]
mod tests;
