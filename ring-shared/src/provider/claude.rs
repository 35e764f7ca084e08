//! Claude Code: the default provider (a hook with no `--provider` is Claude's).

use super::{Install, Provider, Rules};

/// Claude Code's events, as `install-hooks` writes them: RiNG's, in its order, and
/// `StopFailure` (a turn that ends in an API error sends no `Stop`; real-agent suite,
/// claude/api_error).
pub const HOOK_EVENTS: [&str; 9] = [
    "SessionStart",
    "UserPromptSubmit",
    "Notification",
    "PermissionRequest",
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "StopFailure",
    "SessionEnd",
];

/// Claude Code.
pub static PROVIDER: Provider = Provider {
    name: "claude-code",
    label: "Claude Code",
    aliases: &["claude"],
    process: Some("claude"),
    // Substrings one of which is in every Claude process's command line (its binary, or the
    // title libuv writes there).
    needles: &["claude", "Claude"],
    events: &[],
    notifications: &[],
    rules: Rules {
        bare_ids: true,
        permission_request_waits: true,
        starts_at_the_prompt: true,
        background_agents: true,
        synthetic_without_tty: true,
        ..Rules::GENERIC
    },
    install: Some(Install {
        settings: ".claude/settings.json",
        events: &HOOK_EVENTS,
        ..Install::USUAL
    }),
};

/// Paths in a command line that make a (non-shell) process Claude Code (spec Appendix B):
/// the macOS app, the versioned installs, anything under `~/.claude`.
pub const PROCESS_PATHS: [&str; 3] = ["ClaudeCode.app", "claude/versions/", "/.claude/"];

/// Claude Code's own session states (`~/.claude/sessions/<pid>.json`), relative to `$HOME`.
pub const SESSIONS_DIR: &str = ".claude/sessions";

/// Claude Code's transcripts (`~/.claude/projects/<folder>/<id>.jsonl`), relative to `$HOME`.
pub const PROJECTS_DIR: &str = ".claude/projects";

/// Claude Code's plan files (`~/.claude/plans/<slug>.md`, rules §11.12), relative to `$HOME`.
pub const PLANS_DIR: &str = ".claude/plans";

/// Claude Code's plan tool: a wait on it with no plan in the payload has this detail.
pub const PLAN_TOOL: &str = "ExitPlanMode";

/// The variable that moves Claude Code's `~/.claude` (then its plans are in `<it>/plans`).
pub const CONFIG_DIR_ENV: &str = "CLAUDE_CONFIG_DIR";
