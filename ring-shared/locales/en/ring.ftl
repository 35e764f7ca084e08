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
zellij-board-help = ↑↓/jk move · Enter go · p reply · n name · dd hide · a ended+hidden · u unhide · r refresh · Esc close
zellij-board-help-keys = ↑↓/jk move · Enter go · p reply · n name · dd hide · Esc close
zellij-board-help-more = a ended+hidden · u unhide · r refresh
zellij-board-help-short = jk move · Enter go · p n dd a u r · Esc close

## The zellij bar
zellij-permission = ring: permission needed — run `ring-tmux install-zellij`, or click here and press y
zellij-no-home = ring: cannot open ring_home ({ $error })
zellij-config = ring config: { $error }
zellij-no-sessions = ring: no sessions/ here — set the plugin's cwd (or ring_home) to the ring folder

## The zellij board's prompts and messages (ring-plugin; ids start with zj-)
zj-hide-confirm = hide { $subject }? d hides · any other key cancels
zj-reading = reading { $subject }'s dialog… · Esc cancel
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
zj-no-ring-tmux = p, n, dd and u run ring-tmux: add ring_tmux "/path/to/ring-tmux" to the board's plugin block in config.kdl (ring-tmux install-zellij prints it)
zj-no-run-commands = p, n, dd and u need zellij's RunCommands permission: run `ring-tmux install-zellij`, then reopen the board
zj-permission-pending = p, n, dd and u wait for zellij's permission grant (RunCommands): answer its prompt
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
