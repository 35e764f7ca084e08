//! `ring-tmux doctor`: checks the installation, read-only, and prints the command that fixes
//! each problem. Every problem makes the exit code 1: errors (ring cannot work) and warnings
//! (something is wrong but ring still works: loose permissions, corrupt rows, a half-installed
//! part, RiNG's hook recording every event twice). Information never does: an optional part
//! that is simply absent (zellij, tmux, its server not running) comes with how to add it.

mod checks;
mod config;
mod explain;
mod focus;
pub mod health;
mod hooks;
mod mux;
mod notify;
mod serve;
pub(crate) mod system;

pub use system::is_executable;

use crate::admin::install::out;
use crate::sys::env::Env;
use ring_shared::t;
use std::process::ExitCode;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// All good.
    Ok,
    /// Worth knowing, nothing wrong: maybe an optional part that is absent.
    Info,
    /// Something is wrong; ring still works. A problem: exit code 1.
    Warn,
    /// ring cannot work (fully) until this is fixed. A problem: exit code 1.
    Error,
}

/// One line of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub level: Level,
    pub what: String,
    /// The command (or edit) that fixes it; for information, how to add what is absent.
    pub fix: Option<String>,
}

impl Finding {
    fn new(level: Level, what: impl Into<String>, fix: Option<String>) -> Finding {
        let what = what.into();
        Finding { level, what, fix }
    }

    fn ok(what: impl Into<String>) -> Finding {
        Finding::new(Level::Ok, what, None)
    }

    fn info(what: impl Into<String>) -> Finding {
        Finding::new(Level::Info, what, None)
    }

    /// Information about an optional part that is absent, with how to add it.
    fn absent(what: impl Into<String>, how: impl Into<String>) -> Finding {
        Finding::new(Level::Info, what, Some(how.into()))
    }

    fn warn(what: impl Into<String>, fix: impl Into<String>) -> Finding {
        Finding::new(Level::Warn, what, Some(fix.into()))
    }

    fn error(what: impl Into<String>, fix: impl Into<String>) -> Finding {
        Finding::new(Level::Error, what, Some(fix.into()))
    }

    /// Whether this finding makes the exit code non-zero.
    pub fn is_problem(&self) -> bool {
        self.level >= Level::Warn
    }

    /// The line under the finding: how to fix it, or how to add what is absent.
    fn fix_line(&self, fix: &str) -> String {
        if self.is_problem() {
            t!("doctor-fix", fix = fix)
        } else {
            t!("doctor-to-add", fix = fix)
        }
    }

    fn marker(&self) -> &'static str {
        match self.level {
            Level::Ok => "✓",
            Level::Info => "·",
            Level::Warn => "!",
            Level::Error => "✗",
        }
    }
}

/// Every check, in the order a person would fix things.
pub fn findings(env: &Env) -> Vec<Finding> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut all = Vec::new();
    all.extend(checks::binary(&path));
    all.extend(hooks::hooks(&env.home));
    all.extend(health::hook_health(env));
    all.extend(explain::pointer(env));
    all.extend(checks::ring_folder(env));
    all.extend(config::config(env));
    all.extend(mux::tmux());
    all.extend(mux::zellij(env));
    all.extend(checks::ring(&path));
    all.extend(focus::focus(env, &path));
    all.extend(notify::notify(env, &path));
    all.extend(serve::serve(env));
    all
}

/// `ring-tmux doctor`.
pub fn run() -> ExitCode {
    let env = Env::from_process();
    let all = findings(&env);
    for finding in &all {
        // Findings quote paths and file names, which may hold terminal controls.
        let what = crate::sys::printable::printable(&finding.what);
        out!("{} {what}", finding.marker());
        if let Some(fix) = &finding.fix {
            let fix = crate::sys::printable::printable(fix);
            out!("    {}", finding.fix_line(&fix));
        }
    }
    let errors = all.iter().filter(|f| f.level == Level::Error).count();
    let warnings = all.iter().filter(|f| f.level == Level::Warn).count();
    out!("");
    if errors + warnings == 0 {
        out!("{}", t!("doctor-all-good"));
        ExitCode::SUCCESS
    } else {
        out!(
            "{}",
            t!(
                "doctor-problems",
                problems = errors + warnings,
                errors = errors,
                warnings = warnings
            )
        );
        ExitCode::FAILURE
    }
}
