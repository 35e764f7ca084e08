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
