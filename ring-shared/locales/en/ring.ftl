# ring's message catalogue, English (the default language).
# Every text a person reads comes from here or from the zh-Hant file beside this one; the
# keys are the same in both (a test checks). Leading and trailing spaces are the code's
# business, not the catalogue's. docs/adding-a-language.md says how to add a language.

## The four states (RiNG's words).
state-waiting = waiting
state-working = working
state-idle = done/idle
state-ended = ended
# A subagent's row in `list`.
state-agent = { $state } agent

## What a waiting session waits on (the waiting kinds).
kind-permission = needs permission
kind-question = asks a question
kind-plan = has a plan to approve
kind-idle = is idle at its prompt
kind-other = waits

## `ring-tmux list`
list-empty = (no sessions)
list-id = ID
list-state = STATE
list-project = PROJECT
list-idle = IDLE
list-doing = DOING
list-where = WHERE

## The boards (`ring-tmux board`, the zellij board)
board-sessions = { $count ->
    [one] { $count } session
   *[other] { $count } sessions
}
board-with-ended = with ended and hidden
board-empty = no sessions
board-empty-hint = no sessions (a: show ended ones)
board-agent = (agent)
board-hidden = (hidden)
board-keys = ↑↓ jk move · ⏎ jump · p reply · n name · dd hide · a ended+hidden · u unhide · ? why · r refresh · q quit
board-name = name:
board-name-keys = ⏎ save · Esc cancel
board-reply-keys = press an option's number to send it · Esc cancel
board-delete = d again: hide this session
board-explain-back = any key: back
board-reply = reply
board-reply-from = reply · from the { $agent } agent
board-reply-changed = the dialog changed since it was listed; nothing was sent (p reads it again)
board-sent = sent { $number }
board-remote-unreadable = { $host } sent a listing ring cannot read
board-remote-no-fingerprint = { $host } listed no fingerprint: answer it on that host
board-remote-nothing-to-check = no fingerprint to check on { $host }: nothing was sent
board-only-hidden = only a hidden session can be shown again (a lists them)
board-only-waiting = only a waiting session has a dialog to answer
board-not-an-option = { $number } is not one of the options

## Notifications (desktop, terminal, ntfy, webhook)
notify-said = { $name } { $what }
notify-said-by = { $name }: { $who } { $what }
notify-who = { $agent } ({ $who })
notify-waiting = ring: { $said }
notify-reminder = ring: reminder: { $said }
notify-more = ring: { $count } more waiting
notify-quiet = ring: { $count } waited while quiet
notify-test = ring: test notification
notify-test-body = ring-tmux notify --test: this channel works

## The zellij board's help line (wide, two lines, narrow)
zellij-board-help = ↑↓/jk move · Enter go · p reply · n name · dd hide · a ended+hidden · u unhide · ? why · r refresh · Esc close
zellij-board-help-keys = ↑↓/jk move · Enter go · p reply · n name · dd hide · Esc close
zellij-board-help-more = a ended+hidden · u unhide · ? why · r refresh
zellij-board-help-short = jk move · Enter go · p n dd a u ? r · Esc close

## The zellij bar
zellij-permission = ring: permission needed — run `ring-tmux install-zellij`, or click here and press y
zellij-no-home = ring: cannot open ring_home ({ $error })
zellij-config = ring config: { $error }
zellij-no-sessions = ring: no sessions/ here — set the plugin's cwd (or ring_home) to the ring folder

## Errors and refusals (`ring-tmux: <what>; <what to do>` on stderr)
err-see-help = see `ring-tmux { $command } --help`
err-session-ambiguous = `{ $query }` matches { $count } sessions: { $listed }
err-session-ambiguous-fix = say which: give its id (the ID column of `ring-tmux list --all`), or name it first with `ring-tmux name ID LABEL`
err-session-none = no session is called `{ $query }`
err-session-none-fix = give an id, label or project from `ring-tmux list --all`
err-session-no-id = no session has the id `{ $id }` (it may have ended)
err-session-no-id-fix = nothing was done; see `ring-tmux list --all` for the sessions there are
err-session-missing = no session given
err-session-missing-fix = give SESSION (an id, label or project from `ring-tmux list`) or --session ID
err-name-usage = name takes SESSION LABEL, or --session ID LABEL
err-name-removed = { $session }: name removed
err-name-set = { $session } is now called `{ $label }`
err-file-locked = { $file } is locked by another ring process
err-file-locked-fix = try again in a moment
err-file-write = could not write { $file }: { $error }
err-file-write-fix = check that the ring folder is yours and writable (`ring-tmux doctor`)
err-hidden-ambiguous = `{ $query }` matches { $count } hidden sessions: { $listed }
err-hidden-ambiguous-fix = give more of the id, or the whole label
err-hidden-none = no hidden session is called `{ $query }`
err-hidden-none-fix = give the id, a prefix of it, or the label of a session `ring-tmux hide` hid
err-explain-unknown = ring knows nothing of session `{ $id }` any more
err-explain-unknown-fix = see `ring-tmux list --all` for the sessions there are
err-explain-remote-silent = { $host } did not answer: { $why }
err-explain-remote-failed = { $host }: { $why }
err-explain-remote-fix = try again, or run `ring-tmux explain --session { $id }` on { $host }
err-explain-remote-id = `{ $id }` is not a session id ring passes to another host
err-explain-remote-id-fix = run `ring-tmux explain` on that host
err-binary-not-a-file = --binary { $path } is not a file
err-binary-not-a-file-fix = give the path of an installed ring-tmux (e.g. ~/.local/bin/ring-tmux), or leave --binary out to use this one
err-stdout = cannot write to stdout: { $error }
err-create = cannot create { $path }: { $error }
err-write = cannot write { $path }: { $error }
err-remove = cannot remove { $path }: { $error }
err-man-no-subcommand = no subcommand { $name }
err-man-no-subcommand-fix = see `ring-tmux --help` for the list
err-completions-shell = no completion script for { $shell }
err-completions-shell-fix = use bash, zsh, fish, elvish or powershell
err-completions-write = cannot write the script: { $error }
err-reply-usage = reply takes SESSION [N], or --session ID [N]
err-reply-number = N is the number of an option, 1 to 9
err-reply-json-with-n = --json lists the dialog; it does not go with N
err-reply-json-with-n-fix = leave out N to list, or --json to answer
err-reply-expect = --expect goes with the option N to send
err-reply-expect-fix = give N too
err-reply-listed-changed = the dialog changed since it was listed
err-reply-listed-changed-fix = nothing was sent; answer it in the pane, or list it again with `ring-tmux reply SESSION`
err-uninstall-no-terminal = no terminal to ask whether to uninstall
err-uninstall-no-terminal-fix = run `ring-tmux uninstall --yes` (or --dry-run to see what it removes)
err-uninstall-goes-on = the other files are still removed
err-remote-bad-host = { $host } is not a host ring runs ssh with
err-remote-bad-host-fix = give an ssh destination or ~/.ssh/config alias: letters, digits, `._-@`, not starting with `-`
err-config-fix = fix or remove config.toml
err-remote-unknown = { $host } is not a remote host
err-remote-unknown-fix = see `ring-tmux remote list`
err-remote-unknown-add = add it with `ring-tmux remote add HOST`
err-config-write = cannot write config.toml in { $path }: { $error }
err-config-write-fix = check that the ring folder is yours and writable
err-needs-tmux = { $command } needs a tmux server that answers
err-needs-tmux-fix = run it inside tmux ($TMUX) or pass --socket PATH
err-jump-no-pane = session { $session } has no pane in this tmux server
err-where-sessions-live = see `ring-tmux list` for where each session lives
err-jump-unreached = could not reach { $session }: { $why }
err-jump-partly = not everything moved: { $why }
err-jump-doctor = `ring-tmux doctor` says which ways to jump this machine offers
err-reply-ended = session { $session } has ended
err-reply-ended-fix = nothing waits for a reply there
err-reply-zellij-pane = session { $session } runs in zellij but its pane is not known
err-reply-in-pane = answer it in its pane
err-reply-no-pane = session { $session } is in no tmux pane or zellij pane ring knows
err-reply-no-pane-fix = answer it where it runs (see `ring-tmux list`)
err-reply-server = the tmux server of session { $session } does not answer
err-reply-server-fix = check that it still runs (`tmux -S SOCKET ls`)
err-reply-pane-gone = session { $session } has no pane in its tmux server any more
err-reply-copy-mode = pane { $pane } is in copy mode, where a digit is a count
err-reply-copy-mode-fix = leave copy mode there (q) and reply again
err-reply-type = could not type { $digit } into the session's pane
err-reply-gone = could not read the session's pane
err-reply-gone-fix = check that it still runs (see `ring-tmux list`)
err-reply-no-dialog = no dialog with numbered options at the bottom of the session's pane
err-reply-no-dialog-fix = nothing was sent; answer it in its pane
err-reply-cut = the dialog does not fit the pane (over { $rows } lines, pane { $rows }): its top is not on screen
err-reply-cut-fix = nothing was sent; answer it in the pane, or enlarge the pane and read it again
err-reply-ambiguous = the dialog on the session's pane reads more than one way ({ $how })
err-reply-ambiguous-fix = nothing was sent; answer it in the pane
err-reply-off-screen = the dialog is no longer on screen (answered already?)
err-reply-off-screen-fix = nothing was sent; read it again with `ring-tmux reply SESSION`
err-reply-changed = the dialog changed since it was read
err-reply-changed-fix = nothing was sent; answer it in the pane, or read it again with `ring-tmux reply SESSION`
err-reply-still-there = sent { $number }, but the dialog is still on screen
err-reply-still-there-fix = look at the session's pane
err-reply-no-option = the dialog has no option { $number }
err-reply-no-option-fix = choose one of { $options }
err-reply-many-keys = option { $number } takes more than one key

## `ring-tmux doctor` (its markers ✓ · ! ✗ and the commands it quotes stay as they are)
doctor-fix = fix: { $fix }
doctor-to-add = to add it: { $fix }
doctor-all-good = doctor: all good
doctor-problems = doctor: { $problems } problem(s): { $errors } error(s), { $warnings } warning(s)
doctor-explain = { $rows } session row(s) on record: `ring-tmux explain SESSION` says which rule and source decided what ring shows for one (`--json` for a bug report; `?` on the board)
doctor-focus-nothing = jump can reach sessions through nothing here (focus_order: { $order })
doctor-focus-offered = jump can reach sessions through { $ways } here (focus_order: { $order })
doctor-focus-needs = { $backend } (needs { $programs })
doctor-focus-absent = jump cannot use { $missing } on this machine
doctor-focus-absent-fix = install the program a backend needs to use it; see docs/adding-a-terminal.md
doctor-focus-session-none = session { $session }: jump has no way to reach it here
doctor-focus-session = session { $session }: jump reaches it through { $ways }
doctor-config-large = { $path } is larger than 4 MiB: ring ignores it, every setting is at its default
doctor-config-large-fix = shorten { $path } (it needs only the keys you change)
doctor-config-none = no { $path }: every setting at its default
doctor-config-unreadable = { $path } cannot be read ({ $error }): every setting is at its default
doctor-config-unreadable-fix = make { $path } a regular file you can read (chmod 600 { $path })
doctor-config-syntax = { $path } is not valid TOML ({ $error }): every setting is at its default, notification URLs included
doctor-config-syntax-fix = fix that line of { $path } (keys are `name = value`, strings in quotes)
doctor-config-ok = { $path } reads
doctor-config-warning-fix = edit { $path } (every key and its type: the README's "Configuration")
doctor-health-pid = its process { $pid } runs
doctor-health-process = its process runs
doctor-health-row = ring sees it { $status } without hooks
doctor-health-silent = { $agent } in { $cwd } is alive ({ $alive }) but its hooks never fired: { $reason }
doctor-health-not-installed-fix = ring-tmux install-hooks (then restart the session) for exact states
doctor-health-restart-fix = restart that { $agent } session
doctor-codex-trust-fix = start codex and choose "Trust all and continue" in its "Hooks need review" dialog
doctor-hooks-repoint-fix = ring-tmux install-hooks (points the hooks at the ring-tmux you run it with)
doctor-health-rejected-fix = rename or remove those entries in its hooks file
doctor-hookstate-installed = ring's hooks are installed and look right: the session probably started before they were, or runs with hooks turned off
doctor-hookstate-not-installed = ring's hooks are not installed for it
doctor-hookstate-untrusted = it has not trusted ring's hooks ({ $events }), so it runs none of them
doctor-hookstate-program-missing = its hooks run { $program }, which is missing
doctor-hookstate-rejected = it rejects its whole hooks file over unknown event names ({ $events })
doctor-binary-missing = ring-tmux is not on your PATH
doctor-binary-missing-fix = scripts/install.sh (installs to ~/.local/bin), then put ~/.local/bin on PATH: export PATH="$HOME/.local/bin:$PATH"
doctor-binary-ok = ring-tmux on PATH: { $path }
doctor-binary-other = this doctor is { $path }, a different binary from the one on PATH
doctor-folder-absent = ring folder { $path } does not exist yet (the first hook event creates it)
doctor-folder-not-a-folder = ring folder { $path } is not a folder
doctor-folder-not-a-folder-fix = mv { $path } { $path }.old   (or set RING_HOME to a folder)
doctor-folder-unsafe = { $path } is { $why }: ring's hook refuses to write in it (another user could swap files under it), so no session is recorded
doctor-folder-not-writable = { $path } is not writable: hooks cannot record sessions
doctor-folder-open = { $path } is mode { $mode }: other users can read session rows (commands, questions)
doctor-row-phantom = legacy SessionStart phantom
doctor-rows-open = { $open } of { $rows } rows can be read by other users
doctor-rows-corrupt = { $count } unreadable row(s), skipped by every reader: { $rows }
doctor-rows-corrupt-fix = ring-tmux gc   (removes unreadable rows; --dry-run shows them first)
doctor-folder-ok = ring folder { $path }: { $rows } row(s)
doctor-tmux-absent = tmux not found (optional: the tmux status line and badges need it)
doctor-tmux-absent-fix = install tmux 3.0 or newer (apt-get install tmux / brew install tmux)
doctor-tmux-old = { $version } is too old: ring needs tmux 3.0 or newer
doctor-tmux-old-fix = upgrade tmux to 3.0 or newer
doctor-tmux-no-count = { $version }: window badges show no count (tmux 3.2 counts)
doctor-tmux-version-unknown = { $version }: version not recognised
doctor-tmux-bad-binary = ring.tmux is loaded, but runs { $path }, which is not an executable file
doctor-tmux-bad-binary-fix = tmux source-file ~/.tmux.conf   (ring.tmux finds the binary again)
doctor-tmux-loaded = ring.tmux is loaded in the running tmux server
doctor-tmux-not-loaded = ring.tmux is not loaded in the running tmux server
doctor-tmux-not-loaded-fix = add `{ $line }` to ~/.tmux.conf, then: tmux source-file ~/.tmux.conf
doctor-tmux-no-server = tmux server: not running (to load ring, ~/.tmux.conf needs `{ $line }`)
doctor-tmux-silent = the tmux server did not answer within 3 s
doctor-tmux-silent-fix = check that tmux works: tmux list-sessions
doctor-tmux-nowhere = ring.tmux is loaded but shows nothing: no {"#{ring_status}"}, {"#{ring_badge}"} or {"#{ring_pane_badge}"} in status-left, status-right, window-status-format or pane-border-format
doctor-tmux-nowhere-fix = in ~/.tmux.conf, before the ring.tmux line: set -g status-right '{"#{ring_status}"} %H:%M' (and {"#{ring_badge}"} in window-status-format), then: tmux source-file ~/.tmux.conf
doctor-tmux-nowhere-catppuccin-fix = in ~/.tmux.conf, after catppuccin loads: source -F { $conf }, then: set -agF status-right "{"#{E:@catppuccin_status_ring}"}"; then: tmux source-file ~/.tmux.conf
doctor-tmux-left-in = { $placeholders } in { $option }
doctor-tmux-left = ring.tmux is loaded, but { $left } was set after it ran and shows nothing
doctor-tmux-left-fix = tmux { $line }   (and in ~/.tmux.conf, put the ring.tmux line after your formats)
doctor-catppuccin-undefined = the status line uses catppuccin's ring module (@catppuccin_status_ring), which is not defined: catppuccin v2 loads only its own modules
doctor-catppuccin-undefined-fix = in ~/.tmux.conf, after catppuccin loads and before the status-right line: source -F { $conf }; then: tmux source-file ~/.tmux.conf
doctor-jump-key-unbound = ring's jump key is not bound
doctor-jump-key-taken = ring's jump key is not bound (prefix a is already: { $binding })
doctor-jump-key-fix = pick a free key before the ring.tmux line: set -g @ring-jump-key j, then: tmux source-file ~/.tmux.conf
doctor-zellij-absent = zellij not installed (optional)
doctor-zellij-no-plugin = ring's zellij plugin is not installed ({ $path }; optional)
doctor-zellij-plugin = zellij plugin: { $path }
doctor-zellij-permissions = the plugin's permissions are not granted in { $path }: zellij will ask inside a 1-row pane
doctor-zellij-no-layout = the ring layout is missing ({ $path })
doctor-ring-cli = RiNG is installed too ({ $path }): it shows the same sessions (shared rows)
doctor-agent-absent = { $agent } not found (no ~/{ $folder }): no hooks to check
doctor-agent-absent-fix = install { $agent }, then: ring-tmux install-hooks
doctor-hooks-unparsed-fix = fix { $path } by hand (ring-tmux never edits a file it cannot parse)
doctor-cursor-unknown = { $path } names events { $agent } does not know ({ $events }): it rejects the whole file, so none of its hooks run, ring's included
doctor-cursor-unknown-fix = rename or remove those entries in { $path } (its events: cursor.com/docs/agent/hooks)
doctor-hooks-none = ring's hook is not installed for { $agent } ({ $path })
doctor-hooks-missing = ring's hook is missing on { $events } in { $path }
doctor-hooks-bad-program = { $agent } hooks run { $program }, which is not an executable file
doctor-hooks-ok = { $agent } hooks installed ({ $events } events) → { $programs }
doctor-hooks-ring-cli = RiNG's hook (ring hook) is installed too in { $path }: every event is recorded twice
doctor-hooks-ring-cli-fix = ring-tmux install-hooks --replace-ring (or RiNG's own: ring remove-hooks)
doctor-plugin-none = ring's plugin is not installed for { $agent } ({ $path })
doctor-plugin-foreign = { $path } is not ring's plugin ({ $why }): ring's hook is not installed for { $agent }
doctor-plugin-foreign-fix = move { $path } away, then: ring-tmux install-hooks
doctor-plugin-bad-program = { $agent } plugin runs { $program }, which is not an executable file
doctor-plugin-ok = { $agent } plugin installed ({ $events } events) → { $program }
doctor-codex-trusted = Codex trusts ring's hooks ({ $count } of { $count })
doctor-codex-untrusted = Codex has not trusted ring's hooks on { $events } ({ $untrusted } of { $count }): Codex runs none of them until you do, and codex exec skips them silently
doctor-codex-untrusted-fix = start codex and choose "Trust all and continue" in its "Hooks need review" dialog (or review them there one by one)
doctor-fix-by-hand = fix { $path } by hand
doctor-gemini-off = Gemini CLI's hooks are switched off (hooksConfig.enabled: false): it runs none of them
doctor-gemini-off-fix = set "hooksConfig": {"{"}"enabled": true{"}"} in ~/.gemini/settings.json (or Enable Hooks in its /settings)
doctor-gemini-disabled = Gemini CLI has ring's hook in hooksConfig.disabled ({ $hooks }): it never runs
doctor-gemini-disabled-fix = remove it from "hooksConfig"."disabled" in ~/.gemini/settings.json
doctor-gemini-trust-off = Gemini CLI's folder trust is off: its hooks run in every folder
doctor-gemini-folders-bad = { $path } { $error }: Gemini CLI stops at start until it is fixed
doctor-gemini-untrusted = Gemini CLI runs hooks only in folders you trust, and no folder is trusted yet: until you trust one it runs none of ring's hooks
doctor-gemini-untrusted-fix = start gemini in your project and choose "Trust folder" (or /permissions there); to run hooks everywhere: "security": {"{"}"folderTrust": {"{"}"enabled": false{"}"}{"}"} in ~/.gemini/settings.json
doctor-gemini-trusted = Gemini CLI runs ring's hooks only in trusted folders: { $folders } (elsewhere it asks at start, and runs none until you trust the folder)
doctor-gemini-trusted-more = Gemini CLI runs ring's hooks only in trusted folders: { $folders } and { $more } more (elsewhere it asks at start, and runs none until you trust the folder)
doctor-copilot-file-off = { $path } has "disableAllHooks": true: Copilot CLI skips ring's hooks
doctor-copilot-file-off-fix = ring-tmux install-hooks after removing that key (or set it to false)
doctor-copilot-off = { $path } has "disableAllHooks": true: Copilot CLI runs no hook at all
doctor-copilot-off-fix = set it to false in { $path }
doctor-notify-no-curl = https:// needs curl on PATH (not found)
doctor-notify-not-http = { $url } is not an http:// or https:// URL
doctor-notify-desktop-fix = run inside a desktop session, or set notify_backend = "terminal" in config.toml
doctor-notify-terminal-fix = set notify_terminal = "bell,osc9" in config.toml
doctor-notify-no-tmux = notify: tmux: tmux is not on PATH
doctor-notify-no-tmux-fix = install tmux
doctor-notify-unset = notify: { $channel } is on but { $key } is not set
doctor-notify-ntfy-fix = set notify_ntfy_url = "https://ntfy.sh/YOUR-TOPIC" in config.toml; then: ring-tmux notify --test
doctor-notify-ntfy-not-topic = notify: ntfy: { $url } is not a topic URL
doctor-notify-curl-fix = install curl
doctor-notify-webhook-fix = set notify_webhook_url = "http://…" in config.toml; then: ring-tmux notify --test
doctor-notify-command-fix = set notify_command = "…" in config.toml; then: ring-tmux notify --test
doctor-notify-fix-key = fix { $key } in config.toml; then: ring-tmux notify --test
doctor-notify-no-program = notify: command: { $program } is not an executable on PATH
doctor-notify-unknown = notify: unknown channel { $channel }
doctor-notify-unknown-fix = use one of { $channels } in notify_backend / notify_also
doctor-notify-off = notify: off (notify_backend = { $backend })
doctor-serve-token = every request for data needs the token
doctor-serve-no-token = no token (an older ring-tmux serve: restart it)
doctor-serve-detail = details (commands, questions) are sent
doctor-serve-no-detail = details are left out (serve_detail = true sends them)
doctor-serve-remote = reachable from other machines over plain HTTP
doctor-serve-local = this machine only
doctor-serve-running = serve: running (pid { $pid }) at { $url }: { $reach }; { $guard }; { $detail }
doctor-serve-off = serve: not running (the board in a browser)
doctor-serve-off-fix = ring-tmux serve (this machine only), or ring-tmux serve --listen 0.0.0.0:7380 for a phone on a network you trust (plain HTTP)
doctor-serve-detail-on = serve: serve_detail = true: a non-loopback listener sends commands and questions
doctor-serve-no-wasm = serve: this build has no wasm module: the page shows the server's view, and times move only when the board changes
doctor-serve-no-wasm-fix = install a release archive (its ring-tmux has the page), or run scripts/install.sh again in a clone (it builds the page, installing the wasm-bindgen-cli version Cargo.lock pins when it is missing)
doctor-serve-token-open = serve: the token file { $path } is readable by others (mode { $mode }) or not a file
doctor-serve-token-open-fix = rm { $path } (serve makes a new one)
doctor-serve-token-ok = serve: token stored at { $path } (mode 600)
doctor-notify-channel = notify: { $channel }: { $what }
doctor-notify-on = notify: { $channel } ({ $what })
doctor-notify-tmux = notify: tmux display-message
err-see-root-help = see `ring-tmux --help`
err-usage-missing = the following required arguments were not provided: { $args }
err-usage-unknown = unexpected argument '{ $arg }' found
err-usage-value = invalid value '{ $value }' for '{ $arg }'
err-usage-subcommand = unrecognized subcommand '{ $name }'
err-usage-similar = a similar one exists: '{ $arg }'

## `--help` (clap): `help-cmd-<sub>` a subcommand's about, `-long` its long about,
## `help-arg-<sub>-<id>` an argument's help. Completions and man pages stay English.
help-ring = Which AI coding-agent sessions wait for you, in tmux and zellij
help-ring-after = Without a command: the board (the live board inside tmux, else `list`).
    Exit status: 0 ok, 1 failure, 2 usage error. Errors read `ring-tmux: <what>; <what to do>` on stderr.
help-cmd-hook = Record one agent hook event read from stdin (always exits 0, prints nothing)
help-cmd-hook-long = Record one agent hook event read from stdin (always exits 0, prints nothing).
    The event is a JSON object on stdin; it is recorded in the ring folder ($RING_HOME, default ~/.config/ring).
help-arg-hook-provider = The agent that sent the event: claude-code (default), codex, or any name for a generic agent
help-arg-hook-agent = The same as --provider (RiNG's `ring hook PROVIDER`)
help-cmd-oneline = RiNG's `--format oneline`: counts per state, e.g. `🔴2 🟢1 🟡3`
help-arg-oneline-all = Include ended sessions
help-cmd-json = RiNG's `--format json` board, with ring's keys added
help-arg-json-all = Include ended sessions
help-arg-json-snapshot = Print the read inputs instead of the board: one JSON document (rows, side files, the process scan, zero-config rows) from which `ring_shared::view::view` (and the `@ring-status/view` npm package) derive the board at any later time
help-cmd-list = A readable board: state, kind and detail, project, idle time, location
help-arg-list-all = Include ended sessions
help-cmd-status = The tmux status segment (for `status-right`): coloured counts per state
help-cmd-status-long = The tmux status segment (for `status-right`): coloured counts per state.
    Prints nothing when there are no sessions or anything fails, and exits 0; every few seconds it also repairs pane options that drifted.
help-arg-status-socket = The tmux server whose panes to repair (default: $TMUX's)
help-arg-status-project = Name the longest-waiting session's project: on or off (empty or other: config.toml's status_show_project)
help-arg-status-no_project = The same as --project off
help-arg-status-no_repair = Never repair pane options
help-arg-status-repair_now = Repair pane options now, however recently they were (ring.tmux's attach hook)
help-arg-status-print = Print a format for ring.tmux instead: window-badge, pane-badge or defaults
help-arg-status-generation = The server's @ring_gen: ring.tmux passes --gen=#{"{"}@ring_gen{"}"} so tmux runs the job again after every push, and the drift repair knows a push changed panes since its last run
help-cmd-jump = Switch the tmux client to the session that has waited longest (again: the next one)
help-arg-jump-target = Go to this session instead of the next waiting one: its id, a prefix of the id, or its label (`ring-tmux name`). A prefix several sessions share lists them, exit 1
help-arg-jump-socket = The tmux server (default: $TMUX's)
help-arg-jump-client = The client to switch (ring.tmux passes #{"{"}client_name{"}"})
help-arg-jump-pane = The pane that client is on (#{"{"}pane_id{"}"}): jumping again from the pane jump took you to goes on to the next waiting session
help-arg-jump-session = Go to this session's pane (waiting or not) instead of the next waiting one; a notification's "go to session" action runs this
help-cmd-menu = Open the live board in a tmux popup (tmux 3.2+), else a tmux menu of all sessions; choosing one jumps to it
help-arg-menu-socket = The tmux server (default: $TMUX's)
help-arg-menu-client = The client to show the menu on (ring.tmux passes #{"{"}client_name{"}"})
help-arg-menu-height = That client's height in rows (#{"{"}client_height{"}"}): the menu is cut to fit (not a number: no limit)
help-arg-menu-width = That client's width in columns (#{"{"}client_width{"}"}), likewise
help-arg-menu-style = What to open: `board` (the live board in a popup where tmux has popups, else the menu; the default) or `menu` (always the plain menu). ring.tmux passes the tmux option @ring-menu-style
help-arg-menu-tmux_version = The server's version (#{"{"}version{"}"}); asked of the server when not given
help-cmd-board = A live full-screen board of every session: jump, reply, name and hide from it
help-cmd-board-long = A live full-screen board of every session: jump, reply, name and hide from it.
    Keys: ↑/↓ or j/k move, g/G first/last, Enter or Space jump to the session (the popup closes), p answer its permission dialog, n name it, dd hide it, a show ended sessions, r read again, q or Esc quit.
help-arg-board-socket = The tmux server to jump and reply in (default: $TMUX's)
help-arg-board-client = The client Enter switches (the menu key passes #{"{"}client_name{"}"})
help-arg-board-all = Start with ended sessions shown (`a` toggles them)
help-cmd-reply = Answer a session's permission or question dialog from here
help-arg-reply-session = The session: its id, a prefix of the id, or its label (with --session, the one word given is N)
help-arg-reply-number = The option to choose, as the dialog numbers it (1-9). Without it, the dialog is listed
help-arg-reply-exact = The session by its exact id, never a label or prefix (what the boards pass)
help-arg-reply-json = List the dialog as JSON: `{"{"}"session_id", "question", "options": [{"{"}"number", "text"{"}"}], "selected", "context", "rows", "agent", "fingerprint"{"}"}`. Not with N
help-arg-reply-expect = Send the key only if the dialog is still the one a listing showed (its `fingerprint`): what a board passes after a person chose. Only with N
help-cmd-name = Give a session a name (`labels.json`, shared with RiNG); an empty LABEL removes it
help-arg-name-session = The session: its id, a prefix of the id, or its current label (with --session, the one word given is the LABEL)
help-arg-name-label = The name to show for it ("" removes the name)
help-arg-name-exact = The session by its exact id, never a label or prefix (what the boards pass)
help-cmd-hide = Hide a session from every board until its agent's next event (deleted_sessions.json)
help-arg-hide-session = The session: its id, a prefix of the id, or its label
help-arg-hide-exact = The session by its exact id, never a label or prefix (what the boards pass)
help-cmd-explain = Say why ring shows a session as it does: the rule (docs/rules.md), its source, the evidence
help-arg-explain-session = The session: its id, a prefix of the id, its label or its project
help-arg-explain-exact = The session by its exact id, never a label or prefix (what the boards pass)
help-arg-explain-json = Print the explanation and its evidence as JSON (for a bug report)
help-cmd-unhide = Show a hidden session on every board again (hide's undo)
help-arg-unhide-session = The hidden session: its id, a prefix of the id, or its label
help-cmd-stats = Per project: how many times sessions waited for you and how long (from events.jsonl)
help-arg-stats-since = Only waits that began this long ago or later: a number with s, m, h or d (a bare number is minutes)
help-arg-stats-json = Print JSON instead of a table
help-cmd-digest = What happened while you were away: each session's waits and where it is now
help-arg-digest-since = How far back to look: a number with s, m, h or d (a bare number is minutes)
help-arg-digest-json = Print JSON instead of text
help-cmd-install-hooks = Install ring's hook into each coding agent found on this machine: Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, opencode and Cursor
help-cmd-install-hooks-long = Install ring's hook into each coding agent found on this machine: Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, opencode and Cursor.
    An agent is found by its folder in HOME (~/.claude, ~/.codex, ~/.gemini, …) or its program on PATH; the others are named and skipped. Shows the change and asks first (--yes for scripts: without a terminal and without --yes, nothing is written). Idempotent; a timestamped backup precedes every write; every other hook and setting is kept.
help-arg-install-hooks-dry_run = Print the exact change and write nothing
help-arg-install-hooks-yes = Write without asking (for scripts)
help-arg-install-hooks-agent = Install for this agent only, found or not (claude, codex, gemini, opencode, copilot, cursor); repeat for several
help-arg-install-hooks-replace_ring = Replace RiNG's `ring hook` entries by ring-tmux's (both write the same rows)
help-arg-install-hooks-binary = The ring-tmux binary the hooks run (default: this binary)
help-cmd-remove-hooks = Remove ring-tmux's hook entries, keeping every other hook
help-arg-remove-hooks-dry_run = Print the exact change and write nothing
help-arg-remove-hooks-yes = Never ask a question (accepted for symmetry; removal never asks)
help-arg-remove-hooks-include_ring = Remove RiNG's `ring hook` entries too
help-cmd-uninstall = Remove ring: its hooks, zellij files and grants, completions, man pages and the binary
help-cmd-uninstall-long = Remove ring: its hooks, zellij files and grants, completions, man pages and the binary.
    Removes ring's hook entries from every agent's settings (as `remove-hooks`), the zellij plugin, its layout, ring's grants in zellij's permissions.kdl and its board key in config.kdl, the completion scripts and man pages install.sh wrote, and this binary when it lives where install.sh puts it (~/.local/bin or --prefix). Keeps the ring folder (your session history and settings) and says how to remove it.
help-arg-uninstall-yes = Do not ask first
help-arg-uninstall-dry_run = Print what would be removed and remove nothing
help-arg-uninstall-prefix = The folder install.sh put the binary in (default ~/.local/bin)
help-cmd-install-zellij = Install ring's zellij plugin, a layout with its bar, its permissions, and the board's key (`Alt r` in zellij's config.kdl)
help-arg-install-zellij-plugin = The plugin to install (default: next to this binary, else the workspace build)
help-arg-install-zellij-dry_run = Print what would be written and write nothing
help-cmd-doctor = Check the installation (read-only); says how to fix each problem
help-cmd-doctor-long = Check the installation (read-only); says how to fix each problem.
    Exits 1 when it found a problem.
help-cmd-gc = Remove ended and unreadable rows and stale files (only ring's own files)
help-cmd-gc-long = Remove ended and unreadable rows and stale files (only ring's own files).
    Also prunes the hidden list; prints every file it removes (or would).
help-arg-gc-dry_run = Print what would be removed and change nothing
help-arg-gc-older_than = Ended rows must be at least this old: a number with s, m, h or d (a bare number is minutes, as everywhere in ring)
help-arg-gc-all_ended = Remove every ended row, whatever its age
help-cmd-completions = Print the completion script for a shell
help-cmd-completions-long = Print the completion script for a shell.
    bash: `ring-tmux completions bash > ~/.local/share/bash-completion/completions/ring-tmux`; zsh: `ring-tmux completions zsh > ~/.local/share/zsh/site-functions/_ring-tmux` (a folder on `$fpath`); fish: `ring-tmux completions fish > ~/.config/fish/completions/ring-tmux.fish`. The script runs `ring-tmux` (found on PATH) at each Tab: it completes subcommands, flags, their values, and session ids and labels.
help-arg-completions-shell = The shell to complete in
help-cmd-notify = Send a test notification through each configured channel, or what is due
help-cmd-notify-long = Send a test notification through each configured channel, or what is due.
    `--test` reports each channel's result (exit 1 if one failed); `--flush` sends what is due (debounce, quiet's end, reminders, Codex waits) and prints nothing: the zellij plugin's timer runs it.
help-arg-notify-test = Send one test note through each configured channel and report each result
help-arg-notify-flush = Send what is due; prints nothing
help-cmd-quiet = Hold notifications back: on, off, or for a while; one summary when quiet ends
help-cmd-quiet-long = Hold notifications back: on, off, or for a while; one summary when quiet ends.
    Without an argument, says whether quiet is on and how many notes it holds.
help-arg-quiet-when = `on` (until `off`), `off` (the summary goes out now), or how long: 30m, 2h, 90s, 45 (minutes)
help-cmd-serve = Serve the board as a web page (and JSON, and server-sent events) until stopped
help-cmd-serve-long = Serve the board as a web page (and JSON, and server-sent events) until stopped.
    On loopback (the default, 127.0.0.1:7380) it answers this machine only. Every request for data needs the token (made once, stored 0600 in the ring folder as serve/token), on loopback too: open the printed address, which ends in #token=…; the page keeps it in memory and sends it in a header (no cookie). Beyond loopback it is plain HTTP: other machines get no notification settings and no folders, and details (commands, questions) only with `serve_detail = true`.
help-arg-serve-listen = Address and port to listen on, e.g. 0.0.0.0:7380 for the phone on your Wi-Fi
help-arg-serve-token_file = The token file (default: serve/token in the ring folder, made if missing)
help-arg-serve-qr = Print the address (with its token) as a QR code even when stdout is not a terminal (beyond loopback, a terminal gets it anyway)
help-arg-serve-print = One read as JSON on stdout (`snapshot` or `view`): what the server's children do
help-arg-serve-remote = With --print: leave the details out unless `serve_detail = true`
help-cmd-man = Print the man page (roff): ring-tmux(1), or ring-tmux-SUBCOMMAND(1)
help-arg-man-subcommand = The subcommand whose page to print (default: ring-tmux's own page)
help-arg-man-dir = Write every page into this folder (ring-tmux.1, ring-tmux-SUBCOMMAND.1) instead
help-cmd-remote = Show the sessions of other machines (read over ssh) on this board
help-cmd-remote-add = Add a host (an ssh destination or ~/.ssh/config alias) to `remote_hosts`
help-cmd-remote-list = List the hosts and how each answered
help-cmd-remote-remove = Remove a host from `remote_hosts`
help-cmd-remote-refresh = Fetch the hosts' sessions now (what the status line starts in the background)
help-arg-remote-refresh-hosts = The hosts to fetch (default: every one of `remote_hosts`)
help-cmd-help = Print this message or the help of the given subcommand(s)
help-flag-help = Print help
help-flag-version = Print version
help-heading-usage = Usage: { $usage }
help-heading-commands = Commands
help-heading-arguments = Arguments
help-heading-options = Options
doctor-or = or
err-hide-done = hid { $session } until its agent's next event; `ring-tmux unhide { $short }` shows it again
err-reply-answer-with = answer: ring-tmux reply --session { $id } N --expect { $fingerprint }
err-remote-known = { $host } is already a remote host
err-remote-added = added { $host }: its sessions show after the next refresh (`ring-tmux remote refresh` fetches now; the host needs ring-tmux on the PATH ssh gives it)
err-remote-none = no remote hosts (add one with `ring-tmux remote add HOST`)
err-remote-busy = { $host }  being fetched already
err-remote-removed = removed { $host }
err-jump-then = then
err-jump-switched = switched to { $session } in { $ways }
err-uninstall-ask = Remove ring's hooks, zellij files, completions, man pages and binary?
err-uninstall-nothing = Nothing removed.
err-uninstall-would = would remove { $what }
err-uninstall-removed = removed { $what }
err-uninstall-binary-elsewhere = this binary is not in { $path }: left where it is
err-uninstall-man-pages = { $pages } man pages (ring-tmux*.1) in { $path }
err-uninstall-kept = Kept the ring folder { $path } (sessions, labels, config.toml, logs). To remove it too: rm -r { $path }
err-serve-address = `{ $address }` is not an address to listen on
err-serve-address-fix = give IP:PORT, e.g. --listen 127.0.0.1:7380 (loopback) or --listen 0.0.0.0:7380
err-serve-token = cannot use the token file { $path }: { $error }
err-serve-token-fix = remove it to have a new token made, or give --token-file PATH
err-serve-listen = cannot listen on { $address }: { $error }
err-serve-listen-fix = give another --listen address or port, or stop what holds it
err-serve-start = cannot start the server: { $error }
err-serve-stopped = stopped serving on { $address }: { $error }
err-serve-stopped-fix = see ring.log in the ring folder
err-install-shape = { $path } cannot be edited safely: { $shape }
err-install-shape-fix = fix that by hand, then run again (nothing was changed)
err-install-json-fix = fix it (or move it away) and run again (nothing was changed)
err-install-unchanged = nothing was changed
err-install-no-binary = cannot tell where this ring-tmux binary is
err-install-no-binary-fix = pass --binary PATH
err-install-agent = no agent named { $name } takes ring's hooks
err-install-agent-fix = use one of: { $names }
err-install-no-terminal = no terminal to ask before changing the agents' settings (above): nothing was changed
err-install-no-terminal-fix = run `ring-tmux install-hooks --yes` to write them
err-install-foreign-plugin = { $path } is not ring's plugin ({ $why })
err-install-foreign-plugin-fix = move it away (ring never edits a file it did not write), then run again (nothing was changed)
err-install-delete = could not delete { $path }: { $error }

## The zellij board's prompts and messages (ring-plugin; ids start with zj-)
zj-hide-confirm = hide { $subject }? d hides · any other key cancels
zj-reading = reading { $subject }'s dialog… · Esc cancel
zj-explaining = asking ring-tmux explain why { $subject } shows this… · Esc cancel
zj-explain-title = why { $subject } shows this (docs/rules.md)
zj-explain-keys = ↑↓ scroll · any other key: back
zj-reply-to = reply to { $subject }:
zj-reply-to-from = reply to { $subject } (from the { $agent } agent):
zj-answer-keys = { $first }-{ $last } answer · Esc cancel (nothing is sent)
zj-answer-keys-enter = { $first }-{ $last } answer · Enter { $selected } · Esc cancel (nothing is sent)
zj-name = name { $subject }:
zj-name-keys = · Enter save (empty removes) · Esc cancel
zj-does-not-fit = the dialog does not fit the board ({ $lines } lines, room for { $room }): nothing was sent; answer it in the pane, or enlarge the board
zj-too-wide = the dialog is wider than the board ({ $cols } columns): nothing was sent; answer it in the pane, or widen the board
zj-not-waiting = { $subject } is not waiting: p answers a session's permission dialog
zj-no-option = the dialog has no option { $number }
zj-name-removed = { $subject }: name removed
zj-named = named { $subject } “{ $label }”
zj-hid = hid { $subject } (it shows again on its next event, or with a, then u)
zj-shows-again = { $subject } shows again
zj-sent = sent { $number } ({ $choice }) to { $subject }
zj-unreadable-dialog = could not read { $subject }'s dialog from ring-tmux reply --json; nothing was sent
zj-exit = exit { $code }
zj-killed = killed
zj-failed = ring-tmux failed ({ $status })
zj-failed-because = ring-tmux failed ({ $status }): { $reason }
zj-no-ring-tmux = p, n, dd, u and ? run ring-tmux: add ring_tmux "/path/to/ring-tmux" to the board's plugin block in config.kdl (ring-tmux install-zellij prints it)
zj-no-ring-tmux-jump = Enter on another host's session runs ring-tmux jump: add ring_tmux "/path/to/ring-tmux" to the board's plugin block in config.kdl (ring-tmux install-zellij prints it)
zj-no-run-commands = p, n, dd, u and ? need zellij's RunCommands permission: run `ring-tmux install-zellij`, then reopen the board
zj-permission-pending = p, n, dd, u and ? wait for zellij's permission grant (RunCommands): answer its prompt
zj-bar-failed = ring: ring_tmux failed ({ $status })
zj-bar-failed-because = ring: ring_tmux failed ({ $status }): { $reason }

## The web page (`ring-tmux serve`; ids start with web-). `{ $name }` arguments of the page's
## scripts are filled in the browser: no plural selectors in these.
web-loading = loading the board…
web-board-label = agent sessions, waiting first
web-empty = No agent session on the board.
web-back = Back
web-read-again = Read it again
web-noscript = The board needs JavaScript; `ring-tmux list` shows it in a terminal.
web-go = Go there
web-answer = Answer
web-since-waiting = waiting { $time }
web-since-working = active, last { $time } ago
web-since-idle = idle { $time }
web-since-ended = ended { $time } ago
web-count-waiting = { $count } waiting
web-count-working = { $count } working
web-count-idle = { $count } idle
web-count-ended = { $count } ended
web-nothing = nothing on the board
web-switched = switched
web-jump-failed = could not go there: { $error }
web-unreachable = could not reach ring-tmux serve
web-no-token = this page has no token: open the address ring-tmux serve printed (it ends in #token=…)
web-reconnecting = reconnecting…
web-live = live
web-no-wasm = This ring-tmux was built without the page's wasm module: the board shows the server's view and times move only when it changes.
web-reading = reading the dialog on its pane…
web-unreadable = the dialog could not be read ({ $status })
web-choose = choose an option: it goes to the pane only if this dialog is still there
web-sending = sending { $number }…
web-sent = sent { $number }
web-not-sent = nothing was sent ({ $status })
web-maybe-sent = could not reach ring-tmux serve; nothing may have been sent, look before trying again
