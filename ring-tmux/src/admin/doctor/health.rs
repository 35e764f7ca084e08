//! `doctor`'s hook health: a session that is clearly alive while its agent's hooks never fired
//! (the rule is [`ring_shared::health::silent`]), with why, where the hook files tell.

use super::Finding;
use crate::sys::env::Env;
use ring_shared::health::{Evidence, HookState, Silent};
use ring_shared::t;

/// The silent sessions of every installable agent under `env.home`, from the board and a
/// fresh process scan.
pub fn silent_sessions(env: &Env) -> Vec<Silent> {
    let states = crate::admin::install::state::hook_states(&env.home);
    if states.is_empty() {
        return Vec::new();
    }
    // doctor changes nothing: the read's caches are used as found, never written.
    crate::store::read_only();
    let (config, _) = crate::gather::read_config(&env.ring_home);
    let loaded =
        crate::gather::load_board_with(env, &config, crate::gather::LoadOptions::full(false));
    let procs = crate::gather::scan_processes(env);
    // Another host's sessions say nothing of this machine's hooks.
    let local: Vec<_> = (loaded.view.entries.into_iter())
        .filter(|e| e.remote.is_none())
        .collect();
    ring_shared::health::silent(&local, &procs, &states)
}

/// The agent's label for a provider name.
fn label(provider: &str) -> &str {
    ring_shared::provider::find(provider).map_or(provider, |p| p.label)
}

/// One finding per silent session.
pub fn hook_health(env: &Env) -> Vec<Finding> {
    silent_sessions(env).iter().map(finding).collect()
}

fn finding(s: &Silent) -> Finding {
    let agent = label(&s.provider);
    let alive = match &s.evidence {
        Evidence::Process { pid: Some(pid) } => {
            t!("doctor-health-pid", pid = pid.to_string())
        }
        Evidence::Process { pid: None } => t!("doctor-health-process"),
        Evidence::Row { status, .. } => {
            t!("doctor-health-row", status = status.as_str())
        }
    };
    let what = t!(
        "doctor-health-silent",
        agent = agent,
        cwd = s.cwd.as_str(),
        alive = alive,
        reason = s.state.reason()
    );
    match &s.state {
        HookState::NotInstalled => Finding::absent(what, t!("doctor-health-not-installed-fix")),
        HookState::Installed => Finding::warn(what, t!("doctor-health-restart-fix", agent = agent)),
        HookState::Untrusted(_) => Finding::warn(what, t!("doctor-codex-trust-fix")),
        HookState::ProgramMissing(_) => Finding::warn(what, t!("doctor-hooks-repoint-fix")),
        HookState::FileRejected(_) => Finding::warn(what, t!("doctor-health-rejected-fix")),
    }
}
