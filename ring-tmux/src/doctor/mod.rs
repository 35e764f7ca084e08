//! `ring-tmux doctor`: checks the installation, read-only, and prints the command that fixes
//! each problem. Errors (ring cannot work) make the exit code 1; warnings (optional parts such
//! as zellij, loose permissions, RiNG running alongside) and information do not.

mod checks;
mod system;

use crate::env::Env;
use crate::install::{out, parse_args};
use clap::Parser;
use std::process::ExitCode;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// All good.
    Ok,
    /// Worth knowing, nothing to fix.
    Info,
    /// Something optional or risky; ring still works.
    Warn,
    /// ring cannot work (fully) until this is fixed.
    Error,
}

/// One line of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub level: Level,
    pub what: String,
    /// The command (or edit) that fixes it.
    pub fix: Option<String>,
}

impl Finding {
    fn ok(what: impl Into<String>) -> Finding {
        Finding {
            level: Level::Ok,
            what: what.into(),
            fix: None,
        }
    }

    fn info(what: impl Into<String>) -> Finding {
        Finding {
            level: Level::Info,
            what: what.into(),
            fix: None,
        }
    }

    fn warn(what: impl Into<String>, fix: impl Into<String>) -> Finding {
        Finding {
            level: Level::Warn,
            what: what.into(),
            fix: Some(fix.into()),
        }
    }

    fn error(what: impl Into<String>, fix: impl Into<String>) -> Finding {
        Finding {
            level: Level::Error,
            what: what.into(),
            fix: Some(fix.into()),
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

#[derive(Debug, Parser)]
#[command(
    name = "ring-tmux doctor",
    about = "Check the installation (read-only); says how to fix each problem"
)]
struct DoctorArgs {}

/// Every check, in the order a person would fix things.
pub fn findings(env: &Env) -> Vec<Finding> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut all = Vec::new();
    all.extend(checks::binary(&path));
    all.extend(checks::hooks(&env.home));
    all.extend(checks::ring_folder(env));
    all.extend(checks::tmux());
    all.extend(checks::zellij(env));
    all.extend(checks::ring(&path));
    all
}

/// `ring-tmux doctor`.
pub fn run(args: &[String]) -> ExitCode {
    let _args: DoctorArgs = match parse_args("ring-tmux doctor", args) {
        Ok(args) => args,
        Err(code) => return code,
    };
    let env = Env::from_process();
    let all = findings(&env);
    for finding in &all {
        out!("{} {}", finding.marker(), finding.what);
        if let Some(fix) = &finding.fix {
            out!("    fix: {fix}");
        }
    }
    let errors = all.iter().filter(|f| f.level == Level::Error).count();
    let warnings = all.iter().filter(|f| f.level == Level::Warn).count();
    out!("");
    match (errors, warnings) {
        (0, 0) => out!("doctor: all good"),
        (0, w) => out!("doctor: no errors, {w} warning(s)"),
        (e, w) => out!("doctor: {e} error(s), {w} warning(s)"),
    }
    if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
