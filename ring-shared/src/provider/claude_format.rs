//! The Claude-format family: agents that read Claude Code's hook format (the same
//! `hooks: {EVENT: [{"matcher"?, "hooks": [{"type": "command", "command", "timeout"}]}]}` in
//! their own settings file, the same event names, the same payload fields `session_id`,
//! `transcript_path`, `cwd`, `hook_event_name`). The format is described once here; each
//! agent of the family is one [`agent`] call in its own module: its name, settings file,
//! processes and aliases. `install-hooks` writes `ring-tmux hook --provider <name>` into that
//! agent's file, so its rows carry its name, not `claude-code`.

use super::{Install, Provider, Rules};

/// What makes one agent of the family.
#[derive(Debug, Clone, Copy)]
pub struct Agent {
    /// The `provider` of its rows.
    pub name: &'static str,
    /// Its name for people.
    pub label: &'static str,
    /// Other names its hook may be called with (normalized: lower case, `-`).
    pub aliases: &'static [&'static str],
    /// Its executable's basename (or the script's, for one `node` runs).
    pub process: &'static str,
    /// Substrings of its processes' command lines.
    pub needles: &'static [&'static str],
    /// Its user settings file, relative to `$HOME`.
    pub settings: &'static str,
    /// Its folder under `$HOME`: the agent counts as installed when it exists.
    pub folder: &'static str,
    /// The events it has, in Claude Code's names, as written.
    pub events: &'static [&'static str],
    /// `--provider <name>`, the arguments its hook runs with.
    pub hook_args: &'static str,
}

/// The rules of the family: Claude Code's, less what only Claude Code has (its bare session
/// ids, background agents, its zero-config session files).
pub const RULES: Rules = Rules {
    permission_request_waits: true,
    starts_at_the_prompt: true,
    ended_row_covers_process: true,
    ..Rules::GENERIC
};

/// The provider entry of one agent of the family.
pub const fn agent(a: Agent) -> Provider {
    Provider {
        name: a.name,
        label: a.label,
        aliases: a.aliases,
        process: Some(a.process),
        needles: a.needles,
        events: &[],
        notifications: &[],
        rules: RULES,
        install: Some(Install {
            settings: a.settings,
            only_if: Some(a.folder),
            events: a.events,
            hook_args: a.hook_args,
            ..Install::USUAL
        }),
    }
}
