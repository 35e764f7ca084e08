#!/usr/bin/env bash
# End-to-end: ring's zellij plugin in a real zellij (0.45.1), headless inside an isolated tmux
# server, asserting what a person sees (`tmux capture-pane -p`) and where the focus goes.
#
#   scripts/e2e-zellij.sh            (CI runs it after the plugin's release build)
#
# Finds zellij at ~/.cache/ring-ci/zellij/bin/zellij or on PATH (RING_ZELLIJ overrides);
# builds the plugin and ring-tmux when they are missing. RING_E2E_KEEP=1 keeps everything
# running for inspection. Exit status: the number of failed checks (0 = all passed).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/zellij/lib.sh
source scripts/zellij/lib.sh

FAILS=0
ok() { printf '  \033[32m✓\033[0m %s\n' "$*"; }
fail() {
  printf '  \033[31m✗ %s\033[0m\n' "$*"
  FAILS=$((FAILS + 1))
  # head closing the pipe early is SIGPIPE (141) upstream: with pipefail and set -e that ended
  # the whole run at its first failed check (CI on 870aebe), hiding the checks after it.
  screen | sed 's/^/    │/' | grep -v '^    │ *│ *$' | head -30 || true
}
# expect NAME SECONDS 'condition'
expect() {
  if wait_for "$2" "$3"; then ok "$1 (${WAITED}s)"; else fail "$1"; fi
}
step() { printf '\n\033[1m%s\033[0m\n' "$*"; }

bar_has() { bar | grep -qF -- "$1"; }
focused() { zj action list-clients | awk 'NR == 2 { sub("terminal_", "", $2); print $2 }'; }
board_focused() { board_open && focused | grep -q '^plugin_'; }
board_open() { screen | grep -qF 'ring · '; }
# board_line TEXT: the screen line number of the board row containing TEXT.
board_line() { screen | grep -nF -- "$1" | grep -F '│' | head -1 | cut -d: -f1; }
pane_bg() {
  panes_json | python3 -c '
import json, sys
for p in json.load(sys.stdin):
    if not p["is_plugin"] and p["id"] == int(sys.argv[1]):
        print(p.get("default_bg") or "none")' "$1"
}
# click_on TEXT: a left click (press + release, SGR mouse) on TEXT in the bar.
click_on() {
  local col
  col=$(bar | python3 -c '
import sys, unicodedata
line, text = sys.stdin.read().rstrip("\n"), sys.argv[1]
i = line.index(text)
w = sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1
        for c in line[:i])
print(w + 2)' "$1")
  tmx send-keys -t e2e -l $'\e[<0;'"$col;$(bar_row)M"
  tmx send-keys -t e2e -l $'\e[<0;'"$col;$(bar_row)m"
}

RING_TMUX_BIN="$PWD/target/debug/ring-tmux"
[ -x "$RING_TMUX_BIN" ] || cargo build -p ring-tmux --locked

# The board re-reads only on the ring::refresh pipe (and when it opens), so that the pipe
# check below proves the pipe, not the timer.
export ZJ_BOARD_EXTRA='refresh "3600"'
trap 'zj_stop' EXIT
step "zellij with ring's bar (cue on) under the tab bar"
zj_start 'cue "true"'
ok "bar drawn: $(bar | sed 's/ *$//')"
ALPHA=$(pane_id alpha)
BETA=$(pane_id beta)
[ -n "$ALPHA" ] && [ -n "$BETA" ] && ok "terminal panes: alpha=$ALPHA beta=$BETA" \
  || fail "terminal panes found (alpha=$ALPHA beta=$BETA)"

step "counts"
row web working
expect "a new row is counted within 2 s" 2 'bar_has "🟢1"'

step "a clock rule with no file changing: Codex's permission wait"
# Working on a PermissionRequest since 5 s ago: waiting once codex_permission_wait_seconds
# (10) have passed. Nothing is written after the row, so only the read's next_change_at
# makes a quiet tick derive the bar again.
row codex-wait working provider=codex last_event=PermissionRequest \
  "last_active:=$(python3 -c 'import time; print(time.time() - 5)')"
expect "counted as working first" 2 'bar_has "🟢2"'
expect "waiting once its 10 s have passed, no file changed" 10 'bar_has "🔴1 🟢1"'
unrow codex-wait
expect "gone with its row" 4 'bar_has "🟢1" && ! bar_has "🔴"'

step "a row written without the pipe (RiNG's hook, a hook outside zellij)"
# Nothing happens for 8 s: the bar's scans space out to their longest interval (4 s,
# ring-plugin/src/pace.rs). A row written then, with no ring::refresh, shows at the next scan.
sleep 8
ZJ_ROW_PIPE=0 row outside idle
expect "shown within the longest quiet interval (4 s)" 6 'bar_has "🟡1"'
unrow outside
expect "and gone with its row" 2 '! bar_has "🟡"'

step "a waiting row for pane beta"
row api waiting zellij_session="$ZJ_SESSION" zellij_pane="$BETA" waiting_kind=permission \
  'waiting_detail=Bash: cargo test'
expect "badge 🔐 api and counts 🔴1 🟢1" 2 'bar_has "🔴1 🟢1" && bar_has "🔐 api"'
expect "cue: pane beta tinted while it waits" 2 '[ "$(pane_bg "$BETA")" = "#3a1212" ]'
# The tab badge (on by default): the tab bar (row 1) names beta's tab with the marker.
tab_bar() { screen | sed -n 1p; }
expect "tab badge: the tab bar shows 🔴 Tab #1" 3 'tab_bar | grep -qF "🔴 Tab #1"'
row api idle zellij_session="$ZJ_SESSION" zellij_pane="$BETA"
expect "tab badge gone when the wait ends: Tab #1 again" 3 \
  'tab_bar | grep -qF "Tab #1" && ! tab_bar | grep -qF "🔴"'
row api waiting zellij_session="$ZJ_SESSION" zellij_pane="$BETA" waiting_kind=permission \
  'waiting_detail=Bash: cargo test'
expect "and back with the next wait" 3 'tab_bar | grep -qF "🔴 Tab #1"'
# list-clients can answer empty while zellij is busy redrawing, so ask until it answers.
expect "focus starts on alpha" 2 '[ "$(focused)" = "$ALPHA" ]' || true
[ "$(focused)" = "$ALPHA" ] || echo "    focused pane: '$(focused)'"
click_on "🔐 api"
expect "clicking the badge focuses pane beta" 2 '[ "$(focused)" = "$BETA" ]'
tmx send-keys -t e2e 'echo typed-into-$ZELLIJ_PANE_ID' Enter
expect "what is typed next lands in beta" 2 'screen | grep -q "^.*│.*typed-into-$BETA"'

step "the real hook inside pane alpha"
# Claude Code's order: PermissionRequest stashes the detail, the permission_prompt
# notification makes the session wait.
cat >"$ZJ_WORK/hook.sh" <<EOF
printf '%s' '{"hook_event_name": "PermissionRequest", "session_id": "hooked", "cwd": "/src/hooked", "tool_name": "Bash", "tool_input": {"command": "rm -rf build"}}' | "$RING_TMUX_BIN" hook claude-code
printf '%s' '{"hook_event_name": "Notification", "session_id": "hooked", "cwd": "/src/hooked", "notification_type": "permission_prompt", "message": "Claude needs your permission to use Bash"}' | "$RING_TMUX_BIN" hook claude-code
EOF
# The board re-reads only on the pipe: opened first, it shows the hook's row only if the
# hook's `zellij pipe --name ring::refresh` reached it.
tmx send-keys -t e2e M-r
expect "board open with 2 sessions" 10 'screen | grep -qF "ring · 2 sessions" && board_focused'
zj action write-chars --pane-id "terminal_$ALPHA" "sh $ZJ_WORK/hook.sh; clear"$'\n'
expect "hook row carries the zellij session and pane" 5 \
  'grep -q "\"zellij_pane\": *\"$ALPHA\"" "$RING_HOME/sessions/hooked.json" 2>/dev/null'
expect "the hook's ring::refresh pipe updates the board" 3 'screen | grep -qF "ring · 3 sessions"'
tmx send-keys -t e2e Escape
expect "Esc closes the board" 3 '! board_open'
expect "its badge 🔐 hooked appears" 2 'bar_has "🔐 hooked" && bar_has "🔴2"'

step "the board (Alt r)"
tmx send-keys -t e2e M-r
expect "board opens listing 3 sessions" 10 'screen | grep -qF "ring · 3 sessions" && board_focused'
if board_open; then
  h=$(board_line "hooked")
  a=$(board_line " api ")
  w=$(board_line " web ")
  if [ -n "$h" ] && [ -n "$a" ] && [ -n "$w" ] && [ "$h" -lt "$w" ] && [ "$a" -lt "$w" ]; then
    ok "waiting sessions first (hooked:$h api:$a before web:$w)"
  else
    fail "waiting sessions first (hooked:$h api:$a web:$w)"
  fi
  screen | grep -F "Bash: cargo test" | grep -qF "pane $BETA" && ok "kind detail and location shown" \
    || fail "kind detail and location shown"
fi
zj action focus-pane-id "terminal_$ALPHA" >/dev/null 2>&1 || true
tmx send-keys -t e2e M-r
expect "board focused again" 5 'board_focused'
# api (the longest wait) is first, as jump and the segment take it: go.
tmx send-keys -t e2e Enter
expect "Enter focuses the chosen session's pane (beta)" 3 '[ "$(focused)" = "$BETA" ]'
expect "and closes the board" 3 '! board_open'

step "the ring::refresh pipe"
tmx send-keys -t e2e M-r
expect "board open" 10 'board_focused'
ZJ_ROW_PIPE=0 row late idle
sleep 2
if screen | grep -qF " late "; then
  fail "board (refresh 3600) does not re-read on its own"
else
  ok "board (refresh 3600) does not re-read on its own"
fi
zj pipe --name ring::refresh </dev/null >/dev/null 2>&1 || true
expect "after zellij pipe --name ring::refresh the board lists it" 2 'screen | grep -qF " late "'
# The tmux board's keys: a lists hidden (and ended) sessions too, marked; a again, not.
expect "the help line names a, u and r" 1 'screen | grep -qE "a ended\+hidden|dd a u r"'
printf '{"late": %s}\n' "$(python3 -c 'import time; print(time.time() + 3600)')" \
  >"$RING_HOME/deleted_sessions.json"
refresh_pipe
expect "a hidden session leaves the board" 3 '! screen | grep -qF " late "'
tmx send-keys -t e2e a
expect "a lists it again, marked (hidden)" 3 \
  'screen | grep -qF "with ended and hidden" && screen | grep -qF "(hidden)"'
tmx send-keys -t e2e a
expect "a again: the hidden session is left out" 3 \
  '! screen | grep -qF "with ended and hidden" && ! screen | grep -qF " late "'
rm -f "$RING_HOME/deleted_sessions.json"
refresh_pipe
expect "no longer hidden, it is back" 3 'screen | grep -qF " late "'
# This board's block names no ring_tmux: n, p and dd say what to add instead of doing nothing.
tmx send-keys -t e2e n
expect "without ring_tmux, n says what to add" 3 \
  'screen | grep -qF "p, n, dd, u and ? run ring-tmux: add ring_tmux"'
tmx send-keys -t e2e Escape
expect "Esc closes the board" 3 '! board_open'

step "a removed row disappears"
unrow api
expect "badge api gone, 🔴1" 2 '! bar_has "api" && bar_has "🔴1 "'
expect "cue: beta's colour restored" 2 '[ "$(pane_bg "$BETA")" = "none" ]'

step "hostile text is inert"
python3 - "$RING_HOME/sessions" "$ZJ_SESSION" "$BETA" <<'PY'
import json, os, sys, time
folder, session, pane = sys.argv[1:]
evil = "/src/x\x1b[2J\x1b]0;PWNED\x07#[fg=red]evil\x08\x07\x1b[5;5H"
row = {"session_id": "evil", "status": "waiting", "cwd": evil, "origin_cwd": evil,
       "last_active": time.time(), "waiting_kind": "question",
       "waiting_detail": "ok?\x1b[31m red\x1b[0m #(x)\r\x9b2Jnext",
       "zellij_session": session, "zellij_pane": pane}
with open(os.path.join(folder, ".evil.tmp"), "w") as f:
    json.dump(row, f)
os.replace(os.path.join(folder, ".evil.tmp"), os.path.join(folder, "evil.json"))
PY
refresh_pipe
expect "badge shows the text, sequences removed" 2 'bar_has "❓ x#[fg=red]evil"'
screen | head -1 | grep -qF "Zellij (" && screen | grep -qF "alpha" \
  && ok "screen not cleared or moved" || fail "screen not cleared or moved"
screen | grep -q PWNED && fail "no title sequence leaked" || ok "no title sequence leaked"
tmx send-keys -t e2e M-r
expect "board shows the detail literally" 10 'board_focused && screen | grep -qF "ok? red #(x) next"'
tmx send-keys -t e2e Escape
wait_for 3 '! board_open' || true

step "a closed pane ends its session"
zj action focus-pane-id "terminal_$BETA" >/dev/null 2>&1 || true
zj action close-pane >/dev/null 2>&1 || true
expect "evil's pane closed: its badge and count go" 3 '! bar_has "evil" && bar_has "🔴1 "'

step "Gemini CLI's hook inside pane alpha"
# Gemini CLI 0.61.0's own events (scripts/agents/GEMINI-FINDINGS.md): an approval dialog is
# BeforeTool, then a ToolPermission notification; approving it is AfterTool.
agent_payloads() { # provider, the payload's fixed fields, event:extra-json pairs → a script
  # piping each payload through the real hook (as the agent's hook would), in pane alpha
  local provider=$1 base=$2 pair
  shift 2
  for pair in "$@"; do
    printf "printf '%%s' '{%s, \"hook_event_name\": \"%s\"%s}' | '%s' hook --provider %s\n" \
      "$base" "${pair%%:*}" "${pair#*:}" "$RING_TMUX_BIN" "$provider"
  done >"$ZJ_WORK/agent.sh"
  zj action write-chars --pane-id "terminal_$ALPHA" "sh $ZJ_WORK/agent.sh; clear"$'\n'
}
gemini='"session_id": "gem1", "cwd": "/src/gemproj"'
agent_payloads gemini "$gemini" 'SessionStart:, "source": "startup"' 'BeforeAgent:, "prompt": "run it"' \
  'BeforeTool:, "tool_name": "run_shell_command", "tool_input": {"command": "make"}' \
  'Notification:, "notification_type": "ToolPermission", "message": "Tool Confirm Shell Command requires execution"'
expect "Gemini's row carries the zellij pane" 5 \
  'grep -q "\"zellij_pane\": *\"$ALPHA\"" "$RING_HOME/sessions/gemini:gem1.json" 2>/dev/null'
expect "its approval dialog is a 🔐 gemproj badge, 🔴2" 3 'bar_has "🔐 gemproj" && bar_has "🔴2"'
agent_payloads gemini "$gemini" 'AfterTool:, "tool_name": "run_shell_command", "tool_response": {"llmContent": "ok"}'
expect "approved (AfterTool): its badge goes, 🔴1" 3 '! bar_has "gemproj" && bar_has "🔴1 "'

step "GitHub Copilot CLI's hook inside pane alpha (payloads from GitHub's hooks reference)"
# Its PascalCase events carry Claude Code's field names; it asks the user with a
# `Notification` payload (its hooks file names the event `notification`) of type
# permission_prompt (ring-shared/src/provider/copilot.rs).
copilot='"session_id": "cop1", "cwd": "/src/copproj"'
agent_payloads copilot "$copilot" 'SessionStart:, "source": "new"' 'UserPromptSubmit:, "prompt": "build it"' \
  'PreToolUse:, "tool_name": "bash", "tool_input": {"command": "make"}' \
  'Notification:, "notification_type": "permission_prompt", "message": "Allow bash to run make?"'
expect "Copilot's row carries the zellij pane" 5 \
  'grep -q "\"zellij_pane\": *\"$ALPHA\"" "$RING_HOME/sessions/copilot:cop1.json" 2>/dev/null'
expect "its permission prompt is a 🔐 copproj badge, 🔴2" 3 'bar_has "🔐 copproj" && bar_has "🔴2"'
agent_payloads copilot "$copilot" 'PostToolUse:, "tool_name": "bash", "tool_response": "ok"'
expect "allowed (PostToolUse): its badge goes, 🔴1" 3 '! bar_has "copproj" && bar_has "🔴1 "'

step "Cursor's hook inside pane alpha (payloads from Cursor's hooks documentation)"
# Its folder is workspace_roots[0]; its hooks never say when it asks, so it is never waiting.
cursor='"conversation_id": "cur1", "generation_id": "g1", "workspace_roots": ["/src/curproj"], "cursor_version": "2.0.77"'
agent_payloads cursor "$cursor" 'beforeSubmitPrompt:, "prompt": "fix it"' \
  'beforeShellExecution:, "command": "npm test", "cwd": "/src/curproj"'
expect "Cursor's row is working, in the zellij pane" 5 \
  'grep -q "\"zellij_pane\": *\"$ALPHA\"" "$RING_HOME/sessions/cursor:cur1.json" 2>/dev/null &&
   grep -q "\"status\": *\"working\"" "$RING_HOME/sessions/cursor:cur1.json"'
agent_payloads cursor "$cursor" 'stop:, "status": "completed"'
expect "its turn over (stop): idle" 3 \
  'grep -q "\"status\": *\"idle\"" "$RING_HOME/sessions/cursor:cur1.json" && bar_has "🔴1 "'

step "without pre-granted permissions"
RING_E2E_KEEP=0 zj_stop
ZJ_NO_PERMISSIONS=1 zj_start 'refresh "fast"'
click_row2() {
  tmx send-keys -t e2e -l $'\e[<0;20;2M'
  tmx send-keys -t e2e -l $'\e[<0;20;2m'
}
# zellij 0.45 may not draw a session whose plugin asks at startup until the terminal sends
# it something: a resize, as a real terminal window would.
wait_for 5 'bar_has "Allow?"' || {
  tmx resize-window -t e2e -x 159 -y 40
  tmx resize-window -t e2e -x 160 -y 40
}
expect "zellij asks in the bar's row" 30 'bar_has "Allow? (y/n)"'
click_row2
sleep 0.5
tmx send-keys -t e2e n
expect "refused: the bar says what to do" 3 \
  'bar_has "ring: permission needed — run \`ring-tmux install-zellij\`, or click here and press y"'
click_row2
expect "a click asks again" 3 'bar_has "Allow? (y/n)"'
# The prompt takes keys once the click has focused its pane.
wait_for 3 '[ "$(zj action list-clients | awk "NR == 2 { print \$2 }")" = plugin_2 ]' || true
tmx send-keys -t e2e y
expect "granted: the bar is ring's again" 3 'bar_has " ring" && ! bar_has "Allow?"'
BETA=$(pane_id beta)
row api waiting zellij_session="$ZJ_SESSION" zellij_pane="$BETA" waiting_kind=question
expect "granted: badges work at once" 3 'bar_has "❓ api"'
bar_has "⚠ ring config: refresh must be an integer" && ok "a bad key in the layout is named in the bar" \
  || fail "a bad key in the layout is named in the bar"

step "beside the tab bar (pane_frame_style \"full\")"
RING_E2E_KEEP=0 zj_stop
if ZJ_BESIDE=1 ZJ_EXTRA_CONFIG='pane_frame_style "full"' zj_start; then
  export ZJ_BESIDE=1
  bar | grep -qF "Zellij (" && ok "the tab bar and ring share row 1" || fail "the tab bar and ring share row 1"
  BETA=$(pane_id beta)
  row api waiting zellij_session="$ZJ_SESSION" zellij_pane="$BETA" waiting_kind=permission
  expect "badge beside the tabs" 3 'bar_has "🔐 api"'
  click_on "🔐 api"
  expect "clicking it focuses its pane" 3 '[ "$(focused)" = "$BETA" ]'
  unset ZJ_BESIDE
else
  fail "the tab bar and ring share row 1"
fi

# The installed bar runs `ring-tmux oneline --all`, which scans the machine's processes: where
# other agents run (a shared machine), their sessions would fill the bar. These steps read an
# empty process list instead (the zero-config step below, one with its stand-in agent).
NO_PROCS="$(mktemp /tmp/ring-zj-procs.XXXXXX)"
printf '{"claude-code": [], "codex": []}\n' >"$NO_PROCS"
trap 'zj_stop; rm -f "$NO_PROCS"' EXIT

step "what ring-tmux install-zellij writes"
RING_E2E_KEEP=0 zj_stop
if RING_PROCS="$NO_PROCS" ZJ_INSTALL=1 zj_start; then
  ok "its layout starts with the bar under the tab bar, no permission prompt"
  ONLY=$(terminal_ids | head -1 | cut -f2)
  row installed waiting zellij_session="$ZJ_SESSION" zellij_pane="$ONLY" waiting_kind=plan
  expect "its bar shows a badge" 3 'bar_has "🧭 installed"'
  screen | tail -2 | grep -q "Ctrl" && ok "zellij's status bar kept" || fail "zellij's status bar kept"
else
  fail "its layout starts with the bar under the tab bar, no permission prompt"
fi

step "without hooks: the bar runs ring-tmux itself (zero-config rows)"
# A fresh HOME (zj_start's), no hook row, and no ring-tmux read command run by this script:
# only the plugin, through the ring_tmux key install-zellij writes and the RunCommands grant
# it seeds, can turn a Claude transcript and a live `claude` into a row on the bar.
# The live `claude` is one line of the process list it reads (RING_PROCS), not a process:
# a scan of the machine's own processes would count the agents of whoever runs this script.
ZC_PROCS="$(mktemp /tmp/ring-zj-procs.XXXXXX)"
printf '{"claude-code": [], "codex": []}\n' >"$ZC_PROCS"
trap 'zj_stop; rm -f "$NO_PROCS" "$ZC_PROCS"' EXIT
RING_E2E_KEEP=0 zj_stop
if RING_PROCS="$ZC_PROCS" ZJ_INSTALL=1 zj_start; then
  layout="$HOME/.config/zellij/layouts/ring.kdl"
  # install-zellij names the binary it runs as (its resolved path: CI's target/ is a link).
  { grep -qF "ring_tmux \"$ZJ_RING_TMUX\"" "$layout" \
      || grep -qF "ring_tmux \"$(realpath "$ZJ_RING_TMUX")\"" "$layout"; } \
    && ok "the layout names ring-tmux: $ZJ_RING_TMUX" \
    || fail "the layout names ring-tmux ($(grep ring_tmux "$layout"))"
  grep -qx '    RunCommands' "$HOME/.cache/zellij/permissions.kdl" && ok "RunCommands is pre-granted" \
    || fail "RunCommands is pre-granted"
  expect "the plugin's own run of ring-tmux publishes zeroconf.json" 10 \
    '[ -f "$RING_HOME/zeroconf.json" ]'
  # spec §4.4: the row's cwd is the transcript's; a live Claude there makes it live.
  project="$ZJ_WORK/work/zc-app"
  mkdir -p "$project"
  project="$(cd "$project" && pwd -P)"
  sid="0c0ffee0-zero-conf"
  transcripts="$HOME/.claude/projects/$(printf '%s' "$project" | sed 's/[^A-Za-z0-9]/-/g')"
  mkdir -p "$transcripts"
  python3 - "$transcripts/$sid.jsonl" "$project" <<'PY'
import json, sys
path, cwd = sys.argv[1:]
with open(path, "w") as f:
    f.write(json.dumps({"type": "user", "cwd": cwd, "message": {"role": "user",
        "content": [{"type": "text", "text": "add the zero-config check"}]}}) + "\n")
PY
  printf '{"claude-code": [["%s", null]], "codex": []}\n' "$project" >"$ZC_PROCS"
  expect "the bar counts the session found without hooks" 15 'bar_has "🟢1" || bar_has "🟡1"'
  grep -qF "\"$sid\"" "$RING_HOME/zeroconf.json" && ok "zeroconf.json lists $sid" \
    || fail "zeroconf.json lists $sid"
  [ -z "$(ls -A "$RING_HOME/sessions")" ] && ok "no hook row was written" || fail "no hook row was written"
  printf '{"claude-code": [], "codex": []}\n' >"$ZC_PROCS"
  expect "the agent gone, the bar stops counting it" 15 '! bar_has "🟢1" && ! bar_has "🟡1"'
else
  fail "its layout starts with the bar under the tab bar, no permission prompt"
fi

step "opening the board, then restarting the layout: no permission prompt"
# zellij rewrites the plugin's grant with whatever set an instance asks for: a board asking
# for less than the bar erased RunCommands, and the next start asked again in the bar's row.
RING_E2E_KEEP=0 zj_stop
if RING_PROCS="$NO_PROCS" ZJ_INSTALL=1 zj_start; then
  tmx send-keys -t e2e M-r
  expect "the board opens (Alt r)" 10 'board_open'
  expect "no permission prompt on the board" 3 '! screen | grep -qF "Allow?"'
  tmx send-keys -t e2e M-r
  grep -q RunCommands "$HOME/.cache/zellij/permissions.kdl" \
    && ok "the grant still holds RunCommands after the board" \
    || fail "the grant still holds RunCommands after the board: $(tr '\n' ' ' <"$HOME/.cache/zellij/permissions.kdl")"
  # The same layout, started again in the same HOME.
  timeout 5 "$ZJ_BIN" kill-session "$ZJ_SESSION" >/dev/null 2>&1 || true
  timeout 5 "$ZJ_BIN" delete-session --force "$ZJ_SESSION" >/dev/null 2>&1 || true
  tmx respawn-pane -k -t e2e \
    "$ZJ_BIN --session $ZJ_SESSION --new-session-with-layout $ZJ_LAYOUT; echo ZELLIJ-EXITED=\$?; sleep 60"
  expect "after a restart the bar draws, with no permission prompt" 30 \
    'bar_has " ring" && ! screen | grep -qF "Allow?"'
else
  fail "its layout starts with the bar under the tab bar, no permission prompt"
fi

step "in Chinese (issue 26): install-zellij hands the plugin its language"
# A wasm plugin sees none of the user's environment: install-zellij, run with RING_LANG, writes
# `lang "zh-Hant"` into the bar's and the board's blocks, and the real plugin speaks it (the
# texts below are the zh-Hant catalogue's: board-sessions, zellij-board-help*, zj-hide-confirm).
RING_E2E_KEEP=0 zj_stop
if RING_LANG=zh-Hant RING_PROCS="$NO_PROCS" ZJ_INSTALL=1 zj_start; then
  [ "$(grep -cF 'lang "zh-Hant"' "$HOME/.config/zellij/layouts/ring.kdl")" = 1 ] \
    && grep -qF 'lang "zh-Hant"' "$HOME/.config/zellij/config.kdl" \
    && ok "the bar's and the board's blocks say lang \"zh-Hant\"" \
    || fail "the bar's and the board's blocks say lang \"zh-Hant\""
  ONLY=$(terminal_ids | head -1 | cut -f2)
  row zhpay waiting zellij_session="$ZJ_SESSION" zellij_pane="$ONLY" waiting_kind=plan \
    cwd=/src/支付 origin_cwd=/src/支付
  expect "the bar shows a Chinese name whole" 3 'bar_has "🧭 支付"'
  tmx send-keys -t e2e M-r
  expect "the board's title is Chinese" 10 'screen | grep -qF "ring · 1 個 session"'
  expect "its help line is Chinese" 3 'screen | grep -qF "移動" && screen | grep -qF "關閉"'
  tmx send-keys -t e2e d
  expect "d asks in Chinese" 3 'screen | grep -qF "要隱藏 支付 嗎？"'
  tmx send-keys -t e2e Escape
  tmx send-keys -t e2e M-r
else
  fail "install-zellij in Chinese: zellij starts"
fi

step "a ring_tmux that cannot run is named in the bar"
RING_E2E_KEEP=0 zj_stop
# shellcheck disable=SC2016 # expanded by zj_start
if ZJ_INSTALL=1 ZJ_AFTER_INSTALL='sed -i "s|ring_tmux \".*\"|ring_tmux \"/nonexistent/ring-tmux\"|" "$ZJ_LAYOUT"' \
  zj_start; then
  expect "the bar says why" 10 'bar_has "ring: ring_tmux failed (exit 2): No such file or directory"'
else
  fail "its layout starts with the bar under the tab bar, no permission prompt"
fi

step "reply in place: ring-tmux reply answers a dialog in an unfocused zellij pane"
RING_E2E_KEEP=0 zj_stop || true
if zj_start; then
  ALPHA=$(pane_id alpha)
  BETA=$(pane_id beta)
  # A stand-in agent: a Claude-like dialog about $1; the first key it gets goes to the file $2.
  cat >"$ZJ_WORK/agent.sh" <<'EOF'
tty >"$2.tty"
printf '\033[2J\033[H● Bash(%s)\n────────────────────────────────\n Bash command\n   %s\n Do you want to proceed?\n ❯ 1. Yes\n   2. Yes, and always allow\n   3. No\n Esc to cancel · Tab to amend\n' "$1" "$1"
stty raw -echo
key=$(dd bs=1 count=1 2>/dev/null)
stty sane
printf '%s' "$key" >"$2.tmp" && mv "$2.tmp" "$2"
printf '\033[2J\033[Hchose %s\n' "$key"
EOF
  ask() { # ask COMMAND: the agent in pane beta asks about COMMAND
    rm -f "$ZJ_WORK/keys"
    zj action write-chars --pane-id "terminal_$BETA" "clear; sh $ZJ_WORK/agent.sh '$1' $ZJ_WORK/keys"$'\n'
    wait_for 10 'zj action dump-screen --pane-id "terminal_$BETA" | grep -F "Esc to cancel" >/dev/null' ||
      fail "the stand-in agent draws its dialog in pane beta"
  }
  ask "echo zj-listed"
  # A live agent on beta's terminal (what the process scan would find), waiting there.
  procs="$ZJ_WORK/procs.json"
  printf '{"claude-code": [["/src/zjreply", "%s"]], "codex": []}\n' "$(cat "$ZJ_WORK/keys.tty")" >"$procs"
  export RING_PROCS="$procs"
  row zjreply waiting zellij_session="$ZJ_SESSION" zellij_pane="$BETA" waiting_kind=permission \
    tty="$(cat "$ZJ_WORK/keys.tty")"
  wait_for 5 '[ "$(focused)" = "$ALPHA" ]' || true
  listed=$("$RING_TMUX_BIN" reply zjreply 2>&1) || true
  case "$listed" in
    *"echo zj-listed"*"Do you want to proceed?"*"❯ 1. Yes"*"3. No"*) ok "reply lists the dialog read from pane beta" ;;
    *) fail "reply lists the dialog read from pane beta: $listed" ;;
  esac
  fp=$("$RING_TMUX_BIN" reply zjreply --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["fingerprint"])') || fp=none
  # The same question about another command: the listed fingerprint no longer holds.
  ask "rm -rf zj-redrawn"
  if out=$("$RING_TMUX_BIN" reply zjreply 1 --expect "$fp" 2>&1); then
    fail "a redrawn dialog gets no key (reply exited 0: $out)"
  else
    zj action write-chars --pane-id "terminal_$BETA" x
    expect "a redrawn dialog gets no key: the agent's first key is the one typed after" 5 \
      '[ "$(cat "$ZJ_WORK/keys" 2>/dev/null)" = x ]'
  fi
  ask "echo zj-answered"
  fp=$("$RING_TMUX_BIN" reply zjreply --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["fingerprint"])') || fp=none
  if out=$("$RING_TMUX_BIN" reply zjreply 2 --expect "$fp" 2>&1); then
    ok "reply zjreply 2 exits 0"
  else
    fail "reply zjreply 2 exits 0: $out"
  fi
  expect "the digit 2 reached the agent in pane beta" 5 '[ "$(cat "$ZJ_WORK/keys" 2>/dev/null)" = 2 ]'
  expect "the focus stayed on pane alpha" 2 '[ "$(focused)" = "$ALPHA" ]'
  unset RING_PROCS
else
  fail "zellij starts with the test layout"
fi

step "acting from the board: p replies, n names, dd hides (ring_tmux in the board's block)"
RING_E2E_KEEP=0 zj_stop
# The board's p runs the real `ring-tmux reply`, which answers only a session whose agent is
# alive: this file is the process list it reads (RING_PROCS), filled in below with the
# terminal of the stand-in agent in pane beta.
BOARD_PROCS="$(mktemp /tmp/ring-zj-procs.XXXXXX)"
printf '{"claude-code": [], "codex": []}\n' >"$BOARD_PROCS"
trap 'zj_stop; rm -f "$NO_PROCS" "$ZC_PROCS" "$BOARD_PROCS"' EXIT
if RING_PROCS="$BOARD_PROCS" ZJ_BOARD_EXTRA="ring_tmux \"$RING_TMUX_BIN\"" zj_start; then
  BETA=$(pane_id beta)
  # A stand-in agent in pane beta: Claude's permission dialog about the command in the file
  # $1, drawn again whenever that file changes (a new tool call); the first key it gets is
  # printed as DIALOG-ANSWER=KEY.
  cat >"$ZJ_WORK/dialog.sh" <<'EOF'
tty >"$2"
draw() {
  printf '\033[2J\033[H● Bash(%s)\n────────────────────────────────\n Bash command\n   %s\n Do you want to proceed?\n ❯ 1. Yes\n' "$1" "$1"
  printf "   2. Yes, and don't ask again for %s commands in /src/api\n" "$1"
  printf '   3. No, and tell Claude what to do differently (esc)\n Esc to cancel · Tab to amend\n'
}
asked=$(cat "$1")
draw "$asked"
until IFS= read -rsn1 -t 0.2 key; do
  now=$(cat "$1")
  if [ "$now" != "$asked" ]; then asked=$now; draw "$asked"; fi
done
printf '\033[2J\033[HDIALOG-ANSWER=%s\n' "$key"
EOF
  # Whole dumps into grep without -q: a reader that stops early makes the zellij CLI panic.
  dump_beta() { zj action dump-screen --pane-id "terminal_$BETA"; }
  ask() { # ask COMMAND: the agent in pane beta asks about COMMAND
    printf '%s\n' "$1" >"$ZJ_WORK/asks"
    [ -f "$ZJ_WORK/beta.tty" ] ||
      zj action write-chars --pane-id "terminal_$BETA" "clear; bash $ZJ_WORK/dialog.sh $ZJ_WORK/asks $ZJ_WORK/beta.tty"$'\n'
    wait_for 10 "dump_beta | grep -F 'Bash($1)' >/dev/null"
  }
  if ask "cargo test"; then ok "the agent's dialog is drawn in pane beta"; else fail "the agent's dialog is drawn in pane beta"; fi
  printf '{"claude-code": [["/src/api", "%s"]], "codex": []}\n' "$(cat "$ZJ_WORK/beta.tty")" >"$BOARD_PROCS"
  row api waiting zellij_session="$ZJ_SESSION" zellij_pane="$BETA" waiting_kind=permission \
    'waiting_detail=Bash: cargo test' tty="$(cat "$ZJ_WORK/beta.tty")"
  row web working
  row old idle last_active:="$(($(date +%s) - 7200))"
  expect "the bar shows api waiting" 3 'bar_has "🔐 api"'
  tmx send-keys -t e2e M-r
  expect "board open, its help line names p, n, dd" 10 \
    'board_focused && screen | grep -qF "p reply · n name · dd hide"'

  # p on the waiting row (the first): ring-tmux reply lists the options, shown verbatim.
  tmx send-keys -t e2e p
  expect "p lists the dialog's options verbatim" 5 \
    'screen | grep -qF "› 1. Yes" && screen | grep -qF "2. Yes, and don'"'"'t ask again for cargo test commands in /src/api" && screen | grep -qF "1-3 answer"'
  if screen | grep -qF "Bash command"; then ok "and what it asks about"; else fail "and what it asks about"; fi
  # The agent asks about another command before the choice: the listed dialog no longer holds.
  ask "rm -rf build" || fail "the agent redraws its dialog"
  tmx send-keys -t e2e 1
  expect "a dialog redrawn since p gets no key, and the board says so" 8 \
    'screen | grep -qF "⚠ ring-tmux: the dialog changed since it was listed"'
  if dump_beta | grep -F "DIALOG-ANSWER" >/dev/null; then fail "no key reached the redrawn dialog"; else ok "no key reached the redrawn dialog"; fi
  tmx send-keys -t e2e p
  # The agent's pane shows the same lines: listed by the board, they are on screen twice.
  expect "p again lists the new dialog" 5 \
    'screen | grep -qF "1-3 answer" && [ "$(screen | grep -oF "2. Yes, and don'"'"'t ask again for rm -rf build commands" | wc -l)" -ge 2 ]'
  tmx send-keys -t e2e 2
  # The board's word first, then the pane: dump-screen calls of ours while reply captures the
  # same pane can hand reply a screen without its dialog.
  expect "the board says what was sent" 10 'screen | grep -qF "✓ sent 2 (Yes, and don"'
  expect "the chosen digit reaches the agent's pane" 5 'dump_beta | grep -x "DIALOG-ANSWER=2" >/dev/null'
  # The dialog is gone: p sends nothing and shows ring-tmux's reason.
  tmx send-keys -t e2e p
  expect "p with no dialog shows ring-tmux's reason" 8 \
    'screen | grep -qF "⚠ ring-tmux: no dialog with numbered options"'

  # ? on the same row: ring-tmux explain --session api, its text over the board; x goes back.
  tmx send-keys -t e2e '?'
  expect "? shows ring-tmux explain's text for the selected session" 8 \
    'screen | grep -qF "why api shows this" && screen | grep -qF "session api" && screen | grep -qF "docs/rules.md#rule-"'
  tmx send-keys -t e2e x
  expect "any other key goes back to the list" 3 \
    '! screen | grep -qF "docs/rules.md#rule-" && screen | grep -qF "p reply · n name · dd hide" && board_open'

  # n on the same row: an inline prompt; Backspace edits; Enter runs ring-tmux name.
  tmx send-keys -t e2e n
  expect "n opens the name prompt" 3 'screen | grep -qF "name api: ▏"'
  tmx send-keys -t e2e -l 'front endx'
  tmx send-keys -t e2e BSpace
  expect "the prompt shows what is typed" 3 'screen | grep -qF "name api: front end▏"'
  tmx send-keys -t e2e Enter
  expect "labels.json has the label" 5 \
    'python3 -c "import json,sys; sys.exit(json.load(open(sys.argv[1])).get(\"api\") != \"front end\")" "$RING_HOME/labels.json" 2>/dev/null'
  expect "the board lists it by its label and says so" 3 \
    'screen | grep -qF "✓ named api “front end”" && [ -n "$(board_line " front end ")" ]'
  expect "the bar's badge shows the label" 5 'bar_has "🔐 front end"'
  tmx send-keys -t e2e n
  expect "n on a named session starts from its name" 3 'screen | grep -qF "name front end: front end▏"'
  tmx send-keys -t e2e Escape
  expect "Esc cancels the prompt and keeps the board" 3 '! screen | grep -qF "name front end:" && board_open'

  # dd on the last row (old, idle for the longest): deleted_sessions.json, gone from the board.
  o=$(board_line " old ")
  w=$(board_line " web ")
  if [ -n "$o" ] && [ -n "$w" ] && [ "$w" -lt "$o" ]; then ok "old is the last row"; else fail "old is the last row (web:$w old:$o)"; fi
  tmx send-keys -t e2e G
  sleep 0.3
  tmx send-keys -t e2e d
  expect "d asks for a second d" 3 'screen | grep -qF "hide old? d hides"'
  tmx send-keys -t e2e x
  expect "d then another key cancels" 3 '! screen | grep -qF "hide old?"'
  if [ -f "$RING_HOME/deleted_sessions.json" ]; then fail "nothing hidden after d x"; else ok "nothing hidden after d x"; fi
  tmx send-keys -t e2e d
  sleep 0.2
  tmx send-keys -t e2e d
  expect "dd writes deleted_sessions.json" 5 'grep -qF "\"old\"" "$RING_HOME/deleted_sessions.json" 2>/dev/null'
  expect "the board no longer lists it, and says so" 3 \
    'screen | grep -qF "✓ hid old" && ! screen | grep -qF "    old "'
  tmx send-keys -t e2e Escape
  expect "Esc closes the board" 3 '! board_open'
else
  fail "zellij with ring_tmux in the board's block"
fi

printf '\n'
if [ "$FAILS" -eq 0 ]; then
  printf '\033[32me2e-zellij: all checks passed\033[0m\n'
else
  printf '\033[31me2e-zellij: %s check(s) failed\033[0m\n' "$FAILS"
fi
exit "$FAILS"
