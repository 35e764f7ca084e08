#!/usr/bin/env bash
# The latency a person feels (issue 24 item 11): from an agent's event to the badge they see.
#
#   1. tmux, hook → badge: `ring-tmux hook claude` runs for an event that changes the pane's
#      state; timed until the pane's `@ring_state` (what its badge draws) says the new state.
#      The hook hands the push to a detached child, so this is the hook plus that child.
#   2. tmux, no hook → badge: the agent process of a waiting row is killed with SIGKILL (no
#      hook fires); timed until `@ring_state` no longer says `waiting` (an ended session's
#      badge is taken off its pane). The status line's job (every
#      `status-interval`, 2 s as ring.tmux sets it) reads the board and repairs the badge.
#   3. tmux, Esc (no hook) → badge: a waiting Gemini CLI row's agent writes the "Request
#      cancelled." it writes for an Esc at its approval dialog into its own chat file (no hook
#      fires); timed until `@ring_state` says `idle`. The status job reads the chat file's end
#      (the row's `source_path`) and repairs the badge, as for 2.
#   4. zellij, hook → bar: the same hook event in a pane of a real zellij (0.45.1) with ring's
#      bar, timed until the bar on screen shows (or stops showing) the pane's badge. The hook
#      pipes `ring::refresh` to the plugin after its write.
#
# Each is measured N times (default 40; 2. and 3. at most 10 times, a process each); the figures are
# p50 and p99 (nearest rank) in milliseconds, polled every ~5 ms, so each figure is good to
# about 5 ms plus one `tmux` call. Real servers on private sockets, a private ring folder and
# HOME; the only process it kills is the `sleep` it started as the agent.
#
# Usage: scripts/bench-latency.sh [N]      needs tmux; zellij for 3. (skipped without it)
#   RING_TMUX_BIN   the binary (default: target/release/ring-tmux, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
n="${1:-40}"
bin="${RING_TMUX_BIN:-$root/target/release/ring-tmux}"
if [ -z "${RING_TMUX_BIN:-}" ]; then
  cargo build --release -p ring-tmux --locked --quiet
fi
command -v tmux >/dev/null || { echo "bench-latency: tmux is not installed" >&2; exit 1; }

work="$(mktemp -d /tmp/ring-latency.XXXXXX)"
inner="ringlat-$$"
outer="ringlat-outer-$$"
agent_pid=""
cleanup() {
  tmux -L "$outer" kill-server 2>/dev/null || true
  tmux -L "$inner" kill-server 2>/dev/null || true
  if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; fi
  if declare -F zj_stop >/dev/null; then zj_stop || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

now_ms() { date +%s%3N; }

# percentiles FILE: "p50 p99" of the numbers in FILE (nearest rank).
percentiles() {
  sort -n "$1" | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "- -"; exit }
    i50 = int(0.50 * NR + 0.999999); i99 = int(0.99 * NR + 0.999999)
    printf "%d %d\n", v[i50], v[i99] }'
}

export ZJ_REAL_HOME="$HOME" # the zellij build cache lives under the real HOME
export HOME="$work/home" RING_HOME="$work/home/.config/ring"
mkdir -p "$RING_HOME/sessions" "$HOME/project"
chmod 700 "$RING_HOME"
unset TMUX TMUX_PANE ZELLIJ ZELLIJ_SESSION_NAME ZELLIJ_PANE_ID RING_NOW RING_PROCS

# The inner server: ring.tmux loaded with this binary; a client attached inside the outer
# server, so the status line (and its job) runs.
tmux -L "$inner" -f /dev/null new-session -d -s work -x 160 -y 40 -c "$HOME/project"
tmux -L "$inner" set -g @ring-bin "$bin"
tmux -L "$inner" set -g status-right '#{ring_status} %H:%M' # the README's line
tmux -L "$inner" run-shell "$root/ring.tmux"
tmux -L "$outer" -f /dev/null new-session -d -s outer -x 160 -y 40 \
  "env -u TMUX tmux -L $inner attach -t work"
socket="$(tmux -L "$inner" display -p '#{socket_path}')"
pane="$(tmux -L "$inner" display -p -t work '#{pane_id}')"
server_pid="$(tmux -L "$inner" display -p '#{pid}')"

state() { tmux -L "$inner" show -pqv -t "$pane" @ring_state 2>/dev/null; }

# hook EVENT [FIELDS]: a Claude event for session lat-1 from the inner server's pane.
hook() {
  local payload
  payload="{\"session_id\":\"lat-1\",\"hook_event_name\":\"$1\",\"cwd\":\"$HOME/project\"${2:-}}"
  TMUX="$socket,$server_pid,0" TMUX_PANE="$pane" RING_STDIN_TTY="" \
    "$bin" hook claude <<<"$payload"
}

# wait_state WANT: polls until the pane's state is WANT (at most 30 s); prints nothing.
wait_state() {
  local until=$(($(now_ms) + 30000))
  while [ "$(state)" != "$1" ]; do
    [ "$(now_ms)" -lt "$until" ] || { echo "bench-latency: $pane never showed $1" >&2; exit 1; }
    sleep 0.005
  done
}

# wait_gone: polls until the pane's badge no longer says waiting (an ended session's badge
# is taken off the pane).
wait_gone() {
  local until=$(($(now_ms) + 30000))
  while [ "$(state)" = waiting ]; do
    [ "$(now_ms)" -lt "$until" ] || { echo "bench-latency: $pane still shows waiting" >&2; exit 1; }
    sleep 0.005
  done
}

# 1. hook → badge (tmux)
hook UserPromptSubmit ',"prompt":"go"'
wait_state working
: >"$work/tmux-hook"
for i in $(seq "$n"); do
  if [ $((i % 2)) = 1 ]; then
    event=Notification want=waiting fields=',"notification_type":"permission_prompt","message":"Claude needs your permission to use Bash"'
  else
    event=PreToolUse want=working fields=',"tool_name":"Bash","tool_input":{"command":"ls"}'
  fi
  t0="$(now_ms)"
  hook "$event" "$fields"
  wait_state "$want"
  echo $(($(now_ms) - t0)) >>"$work/tmux-hook"
  sleep 0.2
done

# 2. kill -9 → badge (tmux): a waiting row whose agent process dies without a hook.
: >"$work/tmux-kill"
kills=$((n < 10 ? n : 10))
for i in $(seq "$kills"); do
  # The agent: a process named `claude` (a copy of sleep) whose pid the row records.
  cp "$(command -v sleep)" "$work/claude"
  (cd "$HOME/project" && exec "$work/claude" 600) &
  agent_pid=$!
  printf '{"session_id":"lat-kill","provider":"claude-code","cwd":"%s","origin_cwd":"%s","status":"waiting","waiting_kind":"permission","last_event":"Notification","last_active":%s,"heartbeat_at":%s,"agent_pid":%s,"tmux_pane":"%s","tmux_socket":"%s"}\n' \
    "$HOME/project" "$HOME/project" "$(date +%s)" "$(date +%s)" "$agent_pid" "$pane" "$socket" \
    >"$RING_HOME/sessions/lat-kill.json"
  rm -f "$RING_HOME/sessions/lat-1.json"
  tmux -L "$inner" set -p -t "$pane" @ring_state waiting
  sleep 2.5 # a few status refreshes see it alive
  [ "$(state)" = waiting ] || { echo "bench-latency: the live agent's row is not waiting" >&2; exit 1; }
  t0="$(now_ms)"
  kill -9 "$agent_pid"
  wait "$agent_pid" 2>/dev/null || true
  agent_pid=""
  wait_gone
  echo $(($(now_ms) - t0)) >>"$work/tmux-kill"
done
rm -f "$RING_HOME/sessions/lat-kill.json"

# 3. Esc (no hook) → badge (tmux): a waiting Gemini CLI row whose agent writes "Request
# cancelled." into its own chat file (what Gemini CLI 0.61.0 does for an Esc at its approval
# dialog: no hook fires); timed until the pane's badge says idle. Nothing pushes this either:
# the status job reads the chat file's end and repairs the badge.
: >"$work/tmux-esc"
chat="$work/chat.jsonl"
iso_now() { date -u +%Y-%m-%dT%H:%M:%S.%3NZ; }
for i in $(seq "$kills"); do
  # The agent: a live process named `gemini` (a copy of sleep) whose pid the row records.
  cp "$(command -v sleep)" "$work/gemini"
  (cd "$HOME/project" && exec "$work/gemini" 600) &
  agent_pid=$!
  printf '{"id":"a","timestamp":"%s","type":"gemini","content":"I will run a command."}\n' \
    "$(iso_now)" >"$chat"
  at=$(($(date +%s) - 5))
  printf '{"session_id":"gemini:lat-esc","provider":"gemini","cwd":"%s","origin_cwd":"%s","status":"waiting","waiting_kind":"permission","last_event":"Notification","last_active":%s,"heartbeat_at":%s,"agent_pid":%s,"source_path":"%s","tmux_pane":"%s","tmux_socket":"%s"}\n' \
    "$HOME/project" "$HOME/project" "$at" "$at" "$agent_pid" "$chat" "$pane" "$socket" \
    >"$RING_HOME/sessions/gemini:lat-esc.json"
  tmux -L "$inner" set -p -t "$pane" @ring_state waiting
  sleep 2.5 # a few status refreshes see it waiting
  [ "$(state)" = waiting ] || { echo "bench-latency: the Gemini row is not waiting" >&2; exit 1; }
  t0="$(now_ms)"
  printf '{"id":"b","timestamp":"%s","type":"info","content":"Request cancelled."}\n' \
    "$(iso_now)" >>"$chat"
  wait_state idle
  echo $(($(now_ms) - t0)) >>"$work/tmux-esc"
  kill "$agent_pid" 2>/dev/null || true
  wait "$agent_pid" 2>/dev/null || true
  agent_pid=""
done
rm -f "$RING_HOME/sessions/gemini:lat-esc.json"
tmux -L "$outer" kill-server 2>/dev/null || true
tmux -L "$inner" kill-server 2>/dev/null || true

# 4. hook → bar (zellij)
zellij_line="| zellij, hook → bar | skipped (no zellij) | |"
# shellcheck source=scripts/zellij/lib.sh
source scripts/zellij/lib.sh
if ZJ_RING_TMUX="$bin" zj_find_zellij 2>/dev/null; then
  ZJ_RING_TMUX="$bin" zj_start >/dev/null
  zpane="$(pane_id alpha)"
  zhook() {
    local payload
    payload="{\"session_id\":\"zlat-1\",\"hook_event_name\":\"$1\",\"cwd\":\"/home/dev/src/zlat\"${2:-}}"
    ZELLIJ=0 ZELLIJ_SESSION_NAME="$ZJ_SESSION" ZELLIJ_PANE_ID="$zpane" RING_STDIN_TTY="" \
      "$bin" hook claude <<<"$payload" >/dev/null 2>&1
  }
  # wait_bar yes|no: until the bar shows (or no longer shows) the pane's badge, "zlat".
  wait_bar() {
    local until=$(($(now_ms) + 30000))
    while :; do
      if bar | grep -q zlat; then [ "$1" = yes ] && return 0; else [ "$1" = no ] && return 0; fi
      [ "$(now_ms)" -lt "$until" ] || { echo "bench-latency: zellij's bar never turned $1" >&2; exit 1; }
      sleep 0.005
    done
  }
  zhook UserPromptSubmit ',"prompt":"go"'
  : >"$work/zellij-hook"
  for i in $(seq "$n"); do
    if [ $((i % 2)) = 1 ]; then
      event=Notification want=yes fields=',"notification_type":"permission_prompt","message":"Claude needs your permission to use Bash"'
    else
      event=PreToolUse want=no fields=',"tool_name":"Bash","tool_input":{"command":"ls"}'
    fi
    t0="$(now_ms)"
    zhook "$event" "$fields"
    wait_bar "$want"
    echo $(($(now_ms) - t0)) >>"$work/zellij-hook"
    sleep 0.2
  done
  read -r z50 z99 < <(percentiles "$work/zellij-hook")
  zellij_line="| zellij, hook → bar (zellij $("$ZJ_BIN" --version | awk '{print $2}')) | $z50 | $z99 |"
fi

read -r h50 h99 < <(percentiles "$work/tmux-hook")
read -r k50 k99 < <(percentiles "$work/tmux-kill")
read -r e50 e99 < <(percentiles "$work/tmux-esc")
echo "Latency, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $n events ($kills kills, $kills Escs), $("$bin" --version)"
echo
echo "| from → to | p50 ms | p99 ms |"
echo "|---|---:|---:|"
echo "| tmux, hook → pane badge (\`@ring_state\`) | $h50 | $h99 |"
echo "| tmux, kill -9 (no hook) → pane badge off | $k50 | $k99 |"
echo "| tmux, Esc (no hook: Gemini's chat file) → pane badge idle | $e50 | $e99 |"
echo "$zellij_line"
