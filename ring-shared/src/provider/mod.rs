//! The provider table: every agent ring knows, one module each, and the lookups the rest of
//! ring goes through. No other module names a provider: the hook's adapter (§2.1 step 4),
//! the session-id rule (§2.9), the per-agent status rules, liveness (§4.3), the zero-config
//! scan, `install-hooks` / `remove-hooks` and `doctor` all read what a [`Provider`] says.
//!
//! Adding an agent is one module here (its [`Provider`]) plus its line in [`PROVIDERS`]; see
//! `docs/adding-an-agent.md`.

pub mod claude;
pub mod claude_format;
pub mod codex;
pub mod copilot;
pub mod cursor;
pub mod droid;
pub mod gemini;
pub mod generic;
pub mod local;
pub mod opencode;
pub mod pi;
pub mod qwen;

/// One agent: its names, how its events map onto ring's, how its processes look, and where
/// its hooks go. Everything is data; the I/O that uses [`Install`] lives in `ring-tmux`.
#[derive(Debug)]
pub struct Provider {
    /// The name rows carry (`provider` in a registry row; RiNG-compatible, never change it).
    pub name: &'static str,
    /// The agent's name for people (`Claude Code`).
    pub label: &'static str,
    /// Other names the hook accepts for it (`--provider X` or a payload `provider`, after
    /// trimming, lower-casing and `_` → `-`); a row written with one is this agent's row.
    pub aliases: &'static [&'static str],
    /// The executable's basename, for tty discovery and liveness: the process scan lists the
    /// agent's processes by it, and its rows end with them (§4.3). `None`: no detector,
    /// its rows are never ended by liveness.
    pub process: Option<&'static str>,
    /// Substrings one of which is in the command line of every process of this agent: the
    /// process scan looks closer only at command lines that hold one.
    pub needles: &'static [&'static str],
    /// The agent's own event names mapped onto ring's normalized ones (Claude Code's names:
    /// `SessionStart`, `UserPromptSubmit`, `PreToolUse`, `PermissionRequest`, `PostToolUse`,
    /// `Notification`, `Stop`, `StopFailure`, `Interrupt`, `SessionEnd`). A name not listed
    /// passes through as it is.
    pub events: &'static [(&'static str, &'static str)],
    /// The agent's own `notification_type` values mapped onto ring's (Claude Code's:
    /// `permission_prompt`, `elicitation_dialog`, `agent_needs_input`, `idle_prompt`); a value
    /// not listed passes through as it is.
    pub notifications: &'static [(&'static str, &'static str)],
    /// The rules that differ between agents.
    pub rules: Rules,
    /// Where `install-hooks` puts the hook, and what `doctor` checks (`None`: nothing to
    /// install, e.g. a local LLM seen only by its process).
    pub install: Option<Install>,
}

/// The state rules that depend on the agent. Every flag off is RiNG's generic behaviour.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// Session ids are stored as the agent sends them; otherwise they are qualified
    /// `name:id` (§2.9: Claude Code's are not).
    pub bare_ids: bool,
    /// `PermissionRequest` is sent only while the dialog is on screen: waiting at once.
    pub permission_request_waits: bool,
    /// `PermissionRequest` arrives before the agent's own auto-approval: a row still
    /// working on it after `codex_permission_wait_seconds` is waiting (§4.2 a).
    pub delayed_permission_wait: bool,
    /// A `SessionStart` (other than a `compact` one) leaves the agent at its prompt: idle.
    pub starts_at_the_prompt: bool,
    /// It runs background agents (`--bg-pty-host --session-id X`, spec Appendix B) whose
    /// rows liveness leaves alone.
    pub background_agents: bool,
    /// An ended hook row in a folder also hides the synthetic row of a live process there.
    pub ended_row_covers_process: bool,
    /// A live process with no terminal still gets its synthetic row (`synthetic:<cwd>`,
    /// unqualified, as RiNG names Claude's).
    pub synthetic_without_tty: bool,
    /// One agent process shows one session at a time: a hook row of the same process
    /// (`agent_pid` and `agent_start`) that was active later ends the older ones (Codex's
    /// `/new` and `/resume` leave a thread without a `SessionEnd`).
    pub one_session_per_process: bool,
    /// Tool events (`PreToolUse`, `PermissionRequest`, `PostToolUse`) carry the command's
    /// working folder as `cwd`, not the session's: they keep the row's folder.
    pub tool_events_carry_workdir: bool,
}

impl Rules {
    /// RiNG's generic rules, every flag off: an agent's entry names only the flags it turns
    /// on, `..Rules::GENERIC`.
    pub const GENERIC: Rules = Rules {
        bare_ids: false,
        permission_request_waits: false,
        delayed_permission_wait: false,
        starts_at_the_prompt: false,
        background_agents: false,
        ended_row_covers_process: false,
        synthetic_without_tty: false,
        one_session_per_process: false,
        tool_events_carry_workdir: false,
    };
}

/// Where and how `install-hooks` writes the hook of one agent.
#[derive(Debug, Clone, Copy)]
pub struct Install {
    /// The settings file, relative to `$HOME`.
    pub settings: &'static str,
    /// A folder (relative to `$HOME`) that must exist for the agent to count as installed;
    /// `None`: always installed into (the folder of `settings` is created).
    pub only_if: Option<&'static str>,
    /// The events hooked, in the order written.
    pub events: &'static [&'static str],
    /// Arguments after `ring-tmux hook` (`--provider codex`); `""` for the default provider.
    pub hook_args: &'static str,
    /// Events whose timeout the agent clamps: written with [`SHORT_TIMEOUT`] instead.
    pub short_timeout_events: &'static [&'static str],
    /// The agent reads a hook's `timeout` in milliseconds (Gemini CLI), not seconds.
    pub timeout_millis: bool,
    /// How the hook entries are laid out in the file.
    pub format: Format,
    /// The agent keys a hook's trust by its position: update ours where it stands instead of
    /// moving it to the end.
    pub update_in_place: bool,
    /// How the agent gates new hooks, if it does (checked by `doctor`).
    pub trust: Option<Trust>,
}

impl Install {
    /// What most agents' entries share: Claude Code's layout, timeouts in seconds and never
    /// clamped, ours moved on update, no trust gate, no folder required, no hook arguments.
    /// An entry names its settings file, its events and what differs, `..Install::USUAL`.
    pub const USUAL: Install = Install {
        settings: "",
        only_if: None,
        events: &[],
        hook_args: "",
        short_timeout_events: &[],
        timeout_millis: false,
        format: Format::Groups,
        update_in_place: false,
        trust: None,
    };
}

/// How an agent's file holds its hooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Claude Code's: `hooks: {EVENT: [{"matcher"?, "hooks": [{"type": "command", "command",
    /// "timeout"}]}]}` (Codex's and Gemini CLI's too).
    Groups,
    /// GitHub Copilot CLI's hooks file, version 1: `{"version": 1, "hooks": {EVENT: [{"type":
    /// "command", "bash", "timeoutSec"}]}}`, entries straight in each event's list. The file is
    /// ring's own (one of the `*.json` files of Copilot's hooks folder): `remove-hooks` deletes
    /// it once ring's entries are all that was in it.
    CopilotFile,
    /// Cursor's `hooks.json`: `{"version": 1, "hooks": {EVENT: [{"command": …}]}}`, flat
    /// entries without groups, in a file shared with the user's own hooks.
    CursorHooks,
    /// A JS plugin file that ring owns whole (OpenCode's `plugins/` folder): written, replaced
    /// and deleted by ring, marked as ring's on its first line.
    OpencodePlugin,
    /// A TypeScript extension file that ring owns whole (Pi's `extensions/` folder), handled
    /// as [`Format::OpencodePlugin`].
    PiExtension,
}

impl Format {
    /// Whether the hook is a whole file ring owns (a plugin or extension the agent loads).
    pub fn is_plugin_file(self) -> bool {
        matches!(self, Format::OpencodePlugin | Format::PiExtension)
    }
}

/// The timeout (seconds) of [`Install::short_timeout_events`].
pub const SHORT_TIMEOUT: u64 = 3;

/// An agent's own gate before it runs a new hook.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trust {
    /// Codex's `[hooks.state]` hashes in this file (relative to `$HOME`).
    CodexHashes {
        /// Its `config.toml`.
        config: &'static str,
    },
    /// Gemini CLI runs hooks (its user settings' too) only in a trusted folder while its
    /// folder trust is on (`security.folderTrust.enabled`, default on): the folders trusted
    /// in this file (relative to `$HOME`), or one answered at its start.
    GeminiFolders {
        /// Its `trustedFolders.json`.
        folders: &'static str,
    },
}

/// Every provider ring knows, hooked agents first (the order `install-hooks` and `doctor`
/// use), then process-only ones. [`generic`] is not in it: it is what an unknown name gets.
pub static PROVIDERS: &[&Provider] = &[
    &claude::PROVIDER,
    &codex::PROVIDER,
    &opencode::PROVIDER,
    &pi::PROVIDER,
    &cursor::PROVIDER,
    &gemini::PROVIDER,
    &copilot::PROVIDER,
    &qwen::PROVIDER,
    &droid::PROVIDER,
    &local::OLLAMA,
    &local::LLAMA_CPP,
];

/// The provider a hook uses when its command line names none.
pub fn default_provider() -> &'static Provider {
    &claude::PROVIDER
}

/// The agent's own names of `events`, in order: the events a plugin ring writes forwards.
pub const fn native_names<const N: usize>(
    events: &[(&'static str, &'static str); N],
) -> [&'static str; N] {
    let mut names = [""; N];
    let mut i = 0;
    while i < N {
        names[i] = events[i].0;
        i += 1;
    }
    names
}

/// The known provider called `name` (its name or an alias).
pub fn find(name: &str) -> Option<&'static Provider> {
    PROVIDERS
        .iter()
        .copied()
        .find(|p| p.name == name || p.aliases.contains(&name))
}

/// The rules for `name`: its provider's, or the generic ones for an unknown name.
pub fn rules(name: &str) -> Rules {
    find(name).map_or(generic::PROVIDER.rules, |p| p.rules)
}

/// The name rows carry for `name`: an alias becomes its provider's name, anything else stays.
pub fn canonical(name: &str) -> &str {
    find(name).map_or(name, |p| p.name)
}

/// Whether `name` (or an alias of it) is `provider`.
pub fn is(name: &str, provider: &Provider) -> bool {
    name == provider.name || provider.aliases.contains(&name)
}

/// The provider whose executable is `basename`.
pub fn by_process(basename: &str) -> Option<&'static Provider> {
    PROVIDERS
        .iter()
        .copied()
        .find(|p| p.process == Some(basename))
}

/// The providers with a liveness detector ([`Provider::process`]): the process scan lists
/// each of them, and with no scan result their rows are kept as they are (unknown).
pub fn scanned() -> impl Iterator<Item = &'static Provider> {
    PROVIDERS.iter().copied().filter(|p| p.process.is_some())
}

/// The providers `install-hooks` knows, in order.
pub fn installable() -> impl Iterator<Item = (&'static Provider, &'static Install)> {
    PROVIDERS
        .iter()
        .copied()
        .filter_map(|p| p.install.as_ref().map(|i| (p, i)))
}

impl Provider {
    /// ring's event name for the agent's `event` ([`Provider::events`]).
    pub fn map_event<'a>(&self, event: &'a str) -> &'a str {
        self.events
            .iter()
            .find(|(native, _)| *native == event)
            .map_or(event, |(_, ring)| ring)
    }

    /// ring's notification type for the agent's `notification_type`
    /// ([`Provider::notifications`]), compared as tokens (trimmed, lower case).
    pub fn map_notification<'a>(&self, notification: &'a str) -> &'a str {
        self.notifications
            .iter()
            .find(|(native, _)| native.eq_ignore_ascii_case(notification))
            .map_or(notification, |(_, ring)| ring)
    }
}

#[cfg(test)]
mod tests;
