//! What each `config.toml` key does: one table that the man page renders and the README's
//! configuration table is tested against, so neither can drift from [`super::KEYS`].

/// One key: its name, its default as written in TOML (Markdown code), and what it changes
/// (Markdown, as the README shows it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyDoc {
    /// The key, as in `config.toml`.
    pub key: &'static str,
    /// Its default, in TOML inside Markdown code (`` `180` ``).
    pub default: &'static str,
    /// What it changes (Markdown).
    pub what: &'static str,
}

/// Every key of [`super::KEYS`], in the README's order.
pub const KEY_DOCS: &[KeyDoc] = &[
    KeyDoc {
        key: "active_window_seconds",
        default: "`21600`",
        what: "sessions found without hooks (zero-config) older than this are not listed",
    },
    KeyDoc {
        key: "working_threshold_seconds",
        default: "`90`",
        what: "zero-config sessions: working below this idle time, idle above",
    },
    KeyDoc {
        key: "waiting_window_seconds",
        default: "`1800`",
        what: "zero-config sessions: a finished turn counts as idle within this window",
    },
    KeyDoc {
        key: "codex_permission_wait_seconds",
        default: "`10`",
        what: "a Codex permission request becomes waiting after this many silent seconds; `0` disables",
    },
    KeyDoc {
        key: "detect_stop_questions",
        default: "`true`",
        what: "a `Stop` whose last message ends with a question becomes waiting (❓)",
    },
    KeyDoc {
        key: "waiting_cooldown_seconds",
        default: "`180`",
        what: "minimum seconds between two \"now waiting\" notifications of one session",
    },
    KeyDoc {
        key: "show_all",
        default: "`false`",
        what: "show ended sessions by default (`--all`)",
    },
    KeyDoc {
        key: "notify_backend",
        default: "`\"auto\"`",
        what: "where notifications go: `auto`, `none`, or a channel (see [Notifications](#notifications))",
    },
    KeyDoc {
        key: "notify_also",
        default: "`[]`",
        what: "more channels, e.g. `[\"ntfy\"]` (a list, or one string `\"ntfy, webhook\"`)",
    },
    KeyDoc {
        key: "notify_debounce_seconds",
        default: "`0`",
        what: "notes within this many seconds of the last one are merged into one \"N more waiting\"",
    },
    KeyDoc {
        key: "notify_repeat_seconds",
        default: "`[30, 120, 300]`",
        what: "gaps between the reminders of a wait still waiting (the last gap repeats)",
    },
    KeyDoc {
        key: "notify_repeat_max",
        default: "`3`",
        what: "at most this many reminders per wait (`0`: none)",
    },
    KeyDoc {
        key: "notify_sound",
        default: "`true`",
        what: "desktop and terminal channels play a sound",
    },
    KeyDoc {
        key: "notify_ntfy_url",
        default: "`\"\"`",
        what: "ntfy topic URL (`https://ntfy.sh/your-topic`): the `ntfy` channel",
    },
    KeyDoc {
        key: "notify_webhook_url",
        default: "`\"\"`",
        what: "URL that gets a JSON `POST` per note: the `webhook` channel",
    },
    KeyDoc {
        key: "notify_click_url",
        default: "`\"\"`",
        what: "ring: where tapping an ntfy note leads (the board: `ring-tmux serve`'s address as your phone reaches it); unset, a note opens nothing",
    },
    KeyDoc {
        key: "notify_command",
        default: "`\"\"`",
        what: "ring: shell command that gets each note as JSON on stdin: the `command` channel",
    },
    KeyDoc {
        key: "notify_timeout_seconds",
        default: "`5`",
        what: "ring: a channel that takes longer is given up (its command killed)",
    },
    KeyDoc {
        key: "notify_remote_detail",
        default: "`false`",
        what: "ring: send the detail (the command, the question) to ntfy and the webhook too",
    },
    KeyDoc {
        key: "notify_answer_button",
        default: "`false`",
        what: "ring: an ntfy note of a waiting session gets an \"Answer\" button that opens the board's answer page for it (`notify_click_url`); it never answers by itself",
    },
    KeyDoc {
        key: "serve_detail",
        default: "`false`",
        what: "ring: `ring-tmux serve` on a non-loopback address sends the detail (commands, questions, last actions) and folders too (never the notification settings); on loopback it always does",
    },
    KeyDoc {
        key: "serve_answers",
        default: "`\"loopback\"`",
        what: "ring: where `ring-tmux serve`'s page may answer a waiting session's dialog: `\"loopback\"` (only on a loopback listener), `\"on\"` (beyond loopback too), `\"off\"`",
    },
    KeyDoc {
        key: "notify_terminal",
        default: "`\"bell,osc9\"`",
        what: "ring: what the terminal channel sends: `bell`, `osc9`, `osc777`",
    },
    KeyDoc {
        key: "notify_desktop_wait_seconds",
        default: "`60`",
        what: "ring: how long a desktop notification's \"go to session\" stays clickable (`0`: none)",
    },
    KeyDoc {
        key: "notify_display_ms",
        default: "`5000`",
        what: "ring: how long the tmux `display-message` shows",
    },
    KeyDoc {
        key: "debug_payload_log",
        default: "`false`",
        what: "log raw hook payloads to `hook_payloads.jsonl` (also `RING_DEBUG_PAYLOAD_LOG=1`)",
    },
    KeyDoc {
        key: "status_show_project",
        default: "`true`",
        what: "the tmux status segment names the longest-waiting session's project and kind",
    },
    KeyDoc {
        key: "status_elsewhere",
        default: "`true`",
        what: "ring: the tmux status segment counts its own server's sessions and marks those on your other tmux servers (`+2 elsewhere`), and the zellij bar marks so every session in tmux; `false`: each counts every session together",
    },
    KeyDoc {
        key: "badge_states",
        default: "`[\"waiting\", \"working\", \"idle\"]`",
        what: "the states that get a badge on their pane, window or tab",
    },
    KeyDoc {
        key: "zellij_refresh_seconds",
        default: "`1`",
        what: "seconds between two timed registry reads of the zellij plugin while things happen (at least 1); while nothing happens they space out to max(this, 4 s)",
    },
    KeyDoc {
        key: "remote_hosts",
        default: "`[]`",
        what: "ring: other machines whose sessions to show, as ssh destinations (`ring-tmux remote add HOST`); see [Remote hosts](#remote-hosts)",
    },
    KeyDoc {
        key: "remote_refresh_seconds",
        default: "`10`",
        what: "ring: seconds between two fetches of a host's sessions, in the background (at least 2)",
    },
    KeyDoc {
        key: "remote_stale_seconds",
        default: "`60`",
        what: "ring: a host's sessions older than this are shown stale, with their age",
    },
    KeyDoc {
        key: "remote_timeout_seconds",
        default: "`10`",
        what: "ring: one ssh call that takes longer is killed (1 to 120)",
    },
    KeyDoc {
        key: "remote_ssh_command",
        default: "`\"ssh\"`",
        what: "ring: the ssh program and its first arguments, split on spaces (e.g. `\"ssh -F /home/me/.ssh/ring_config\"`)",
    },
    KeyDoc {
        key: "remote_ring_command",
        default: "`\"ring-tmux\"`",
        what: "ring: the `ring-tmux` the hosts run (e.g. `\"~/.local/bin/ring-tmux\"` when ssh's PATH lacks it)",
    },
    KeyDoc {
        key: "remote_counts",
        default: "`\"together\"`",
        what: "ring: `\"apart\"`: the tmux segment counts remote sessions after the local ones, behind `⇄`",
    },
    KeyDoc {
        key: "focus_order",
        default: "`[\"neovim\", \"tmux\", \"zellij\", \"kitty\", \"wezterm\", \"iterm2\", \"terminal-app\", \"hyprland\", \"sway\", \"x11\"]`",
        what: "ring: the ways `jump` tries to reach a session, in order (see [docs/adding-a-terminal.md](docs/adding-a-terminal.md)); leave one out to never use it",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_its_doc_once() {
        let mut documented: Vec<&str> = KEY_DOCS.iter().map(|d| d.key).collect();
        let mut keys = super::super::KEYS.to_vec();
        documented.sort_unstable();
        keys.sort_unstable();
        assert_eq!(documented, keys);
    }
}
