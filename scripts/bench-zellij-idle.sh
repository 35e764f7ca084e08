#!/usr/bin/env bash
# The zellij server's CPU at rest: seconds of CPU (utime + stime of the server process, from
# /proc/<pid>/stat) over 60 s with ring's bar on a board of 100 rows, against the same layout
# without the bar, each in a real zellij (0.45.1) headless inside a private tmux server
# (scripts/zellij/lib.sh). Nothing changes during the measurement: no row is written, no
# pane prints; the plugin's timer wakes it (every `zellij_refresh_seconds`, default 1 s, spaced
# out to 4 s while nothing happens: ring-plugin/src/pace.rs).
#
# Usage: scripts/bench-zellij-idle.sh [SECONDS] [ROUNDS]   (default 60 s, 1 round)
#   RING_PLUGIN_WASM   the plugin to measure (default: target/wasm32-wasip1/release/ring-plugin.wasm)
#   BENCH_ROWS         rows on the board (default 100)
#   BENCH_BEFORE_WASM  a second plugin measured in the same rounds (e.g. main's build), for a
#                      before/after side by side
# Each round measures "without the bar", then "with the bar" (and with the second plugin).
# Output: a markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/zellij/lib.sh
source scripts/zellij/lib.sh

seconds="${1:-60}"
rounds="${2:-1}"
rows="${BENCH_ROWS:-100}"
ticks="$(getconf CLK_TCK)"
trap 'zj_stop' EXIT

# server_pid: the zellij server of this run (its command line names our private socket folder).
server_pid() {
  local pid
  for pid in $(ls /proc | grep '^[0-9]*$'); do
    if { tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null | grep -q -- "--server $ZELLIJ_SOCKET_DIR/"; then
      echo "$pid"
      return 0
    fi
  done
  return 1
}

# cpu_ticks PID: utime + stime (fields 14 and 15; the command name in field 2 may hold spaces).
cpu_ticks() { sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }

make_rows() {
  python3 - "$RING_HOME/sessions" "$rows" <<'PY'
import json, os, random, sys, time, uuid
folder, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(n)
now = time.time()
for i in range(n):
    status = rng.choices(["waiting", "working", "idle"], [1, 3, 5])[0]
    sid = str(uuid.UUID(int=rng.getrandbits(128)))
    at = now - rng.uniform(5, 3600)
    cwd = f"/home/dev/src/project-{rng.randrange(30):02d}"
    row = {"session_id": sid, "provider": "claude-code", "cwd": cwd, "origin_cwd": cwd,
           "status": status, "last_active": at, "heartbeat_at": at,
           "last_event": {"waiting": "Notification", "working": "PreToolUse", "idle": "Stop"}[status],
           "last_action": "→ Bash: cargo test -p ring-shared"}
    if status == "waiting":
        row.update({"waiting_kind": "permission", "waiting_detail": "Bash: npm test"})
    tmp = os.path.join(folder, f".{sid}.tmp")
    with open(tmp, "w") as fh:
        json.dump(row, fh)
    os.replace(tmp, os.path.join(folder, f"{sid}.json"))
PY
}

# measure WITH_BAR: starts zellij, lets it settle, prints the server's CPU seconds over $seconds.
measure() {
  if [ "$1" = 1 ]; then
    ZJ_NO_BAR=0 zj_start
  else
    # The same layout without ring's bar: the tab bar, then the tab.
    ZJ_NO_BAR=1 zj_start
    sleep 3
  fi
  make_rows
  sleep 10
  local pid before after
  pid="$(server_pid)" || { echo "bench-zellij-idle: no zellij server found" >&2; zj_stop; return 1; }
  before="$(cpu_ticks "$pid")"
  sleep "$seconds"
  after="$(cpu_ticks "$pid")"
  # The bar still shows the board (its counts, or " ring" on an empty board).
  if [ "$1" = 1 ] && ! bar | grep -q "🟡\| ring"; then
    echo "bench-zellij-idle: the bar is gone; screen:" >&2
    screen >&2
    zj_stop
    return 1
  fi
  awk -v t="$((after - before))" -v hz="$ticks" 'BEGIN { printf "%.2f", t / hz }'
  zj_stop
  unset ZJ_WORK ZJ_TMUX ZJ_SESSION
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f×", a / b; else print "∞" }'; }

if [ -n "${BENCH_BEFORE_WASM:-}" ]; then
  echo "| round | without the bar (s CPU / ${seconds} s) | with the bar, ${rows} rows | ratio | before: with the bar | ratio |"
  echo "|---:|---:|---:|---:|---:|---:|"
else
  echo "| round | without the bar (s CPU / ${seconds} s) | with the bar, ${rows} rows | ratio |"
  echo "|---:|---:|---:|---:|"
fi
for round in $(seq 1 "$rounds"); do
  without="$(measure 0)"
  with="$(measure 1)"
  if [ -n "${BENCH_BEFORE_WASM:-}" ]; then
    before="$(RING_PLUGIN_WASM="$BENCH_BEFORE_WASM" measure 1)"
    echo "| $round | $without | $with | $(ratio "$with" "$without") | $before | $(ratio "$before" "$without") |"
  else
    echo "| $round | $without | $with | $(ratio "$with" "$without") |"
  fi
done
