//! OpenAI Codex CLI.

use super::{Install, Provider, Rules, Trust};

/// Codex's events, as `install-hooks` writes them: RiNG's four, in its order, then every
/// other event that carries state (real-agent suite, Codex 0.169): `SessionStart` and
/// `UserPromptSubmit` (a prompt is work), `Interrupt` (Esc ends a turn without `Stop`),
/// `SessionEnd` (the app-server daemon or `codex exec` ends). New events go at the end: Codex
/// keys a hook's trust by its position.
pub const HOOK_EVENTS: [&str; 8] = [
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "Stop",
    "SessionStart",
    "UserPromptSubmit",
    "Interrupt",
    "SessionEnd",
];

/// Codex CLI.
pub static PROVIDER: Provider = Provider {
    name: "codex",
    label: "Codex",
    aliases: &[],
    process: Some("codex"),
    needles: &["codex"],
    events: &[],
    notifications: &[],
    rules: Rules {
        delayed_permission_wait: true,
        starts_at_the_prompt: true,
        ended_row_covers_process: true,
        one_session_per_process: true,
        tool_events_carry_workdir: true,
        ..Rules::GENERIC
    },
    install: Some(Install {
        settings: ".codex/hooks.json",
        only_if: Some(".codex"),
        events: &HOOK_EVENTS,
        hook_args: "--provider codex",
        // Codex 0.169 clamps these to 3 s, with a startup warning for anything longer.
        short_timeout_events: &["Interrupt", "SessionEnd"],
        update_in_place: true,
        trust: Some(Trust::CodexHashes {
            config: ".codex/config.toml",
        }),
        ..Install::USUAL
    }),
};

/// `codex` sub-commands that are services, not a user's session (`codex app-server`,
/// `codex sandbox`).
pub const SERVICE_SUBCOMMANDS: [&str; 2] = ["app-server", "sandbox"];

/// The sub-command of the one Codex process that hosts the hooks of many sessions (its TUIs
/// are clients of one shared daemon).
pub const HOOK_HOST_SUBCOMMAND: &str = "app-server";

/// Codex's own thread database, relative to `$HOME`.
pub const STATE_DB: &str = ".codex/state_5.sqlite";
