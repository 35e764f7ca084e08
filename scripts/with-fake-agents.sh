#!/usr/bin/env bash
# Runs a command beside a machine that looks like a ring user's, so a test that reads the real
# machine instead of its own world fails here rather than on the users' machines:
#
#   scripts/with-fake-agents.sh CMD [ARG...]      e.g. scripts/with-fake-agents.sh cargo test -p ring-tmux
#
# While CMD runs:
# * long-running processes named `claude`, `codex`, `gemini`, `opencode` and `tmux` (copies of
#   sleep: a process's comm is its executable's file name), some detached in a project folder,
#   some in the panes of
# * a real tmux server, in a temporary TMUX_TMPDIR on its default socket, and CMD runs as if
#   inside one of its panes (TMUX and TMUX_PANE set, as for anyone who runs `cargo test` in
#   tmux);
# * ZELLIJ and ZELLIJ_SESSION_NAME set, as inside a zellij session;
# * HOME a temporary home of a ring user (~/.config/ring with a waiting row, ~/.claude with
#   settings and a transcript; CARGO_HOME and RUSTUP_HOME stay where they were), RING_HOME
#   another ring folder with a waiting row, the XDG_* folders unset.
# A test that spawns tmux without its own socket, scans /proc without RING_PROCS, or trusts
# the inherited environment sees them. The command must also leave them alone: a file added or
# changed under that HOME or RING_HOME, or a ring option (`@ring…`) set in that tmux server,
# fails the run. Everything started here is stopped at the end by its pid and its socket. The
# exit status is CMD's, or 1 when CMD succeeded but touched the fake machine.
set -euo pipefail

[ $# -gt 0 ] || { echo "usage: scripts/with-fake-agents.sh CMD [ARG...]" >&2; exit 2; }
command -v tmux >/dev/null || { echo "with-fake-agents.sh: tmux is missing" >&2; exit 1; }

world="$(mktemp -d "${TMPDIR:-/tmp}/ring-fake-agents.XXXXXX")"
pids=()
socket=""
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -z "$socket" ] || tmux -S "$socket" kill-server 2>/dev/null || true
  rm -rf "$world"
}
trap stop EXIT
trap 'exit 130' INT TERM

sleep_bin="$(command -v sleep)"
mkdir -p "$world/bin" "$world/project" "$world/tmux"
chmod 700 "$world/tmux"
for name in claude codex gemini opencode tmux; do
  cp "$sleep_bin" "$world/bin/$name"
done

# Detached, no terminal, in a project folder (as background agents and daemons are).
for name in claude codex gemini opencode tmux; do
  (cd "$world/project" && exec "$world/bin/$name" 86400) </dev/null >/dev/null 2>&1 &
  pids+=("$!")
done

# A real tmux server on the default socket of a temporary TMUX_TMPDIR, with agents in its panes.
# Every tmux command here names that socket: run from inside tmux, a bare `tmux` would talk to
# the server of the inherited $TMUX, the developer's own.
export TMUX_TMPDIR="$world/tmux"
mkdir -m 700 "$TMUX_TMPDIR/tmux-$(id -u)"
socket="$TMUX_TMPDIR/tmux-$(id -u)/default"
fake_tmux() { tmux -S "$socket" "$@"; }
fake_tmux -f /dev/null new-session -d -s work -x 120 -y 30 -c "$world/project" "$world/bin/claude 86400"
fake_tmux new-window -d -t work -c "$world/project" "$world/bin/codex 86400"
fake_tmux set-option -t work remain-on-exit on >/dev/null
pane="$(fake_tmux display-message -p -t work:0 '#{pane_id}')"
server_pid="$(fake_tmux display-message -p -t work '#{pid}')"
export TMUX="$socket,$server_pid,0" TMUX_PANE="$pane"

export ZELLIJ=0 ZELLIJ_SESSION_NAME=ring-fake-agents-$$

# A HOME of a ring user (a ring folder with a waiting row, Claude Code's settings and a
# transcript) and RING_HOME set to another such folder. cargo and rustup keep their own.
export CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}" RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}"
export HOME="$world/home" RING_HOME="$world/ring"
unset XDG_CONFIG_HOME XDG_CACHE_HOME XDG_DATA_HOME XDG_STATE_HOME
for ring in "$RING_HOME" "$HOME/.config/ring"; do
  mkdir -p "$ring/sessions"
  chmod 700 "$ring" "$ring/sessions"
  printf '{"session_id":"fake-agents","status":"waiting","cwd":"%s","last_active":%s}\n' \
    "$world/project" "$(date +%s)" >"$ring/sessions/fake-agents.json"
  chmod 600 "$ring/sessions/fake-agents.json"
done
mkdir -p "$HOME/.claude/projects/-fake-agents" "$HOME/.codex"
printf '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "%s/bin/ring-tmux hook"}]}]}}\n' \
  "$world" >"$HOME/.claude/settings.json"
printf '{"type":"user","sessionId":"fake-agents","cwd":"%s","message":{"role":"user","content":"hi"}}\n' \
  "$world/project" >"$HOME/.claude/projects/-fake-agents/fake-agents.jsonl"

# What a test must leave alone: the files of this HOME and RING_HOME, and ring's options in
# the tmux server it runs inside (a hook run with the inherited TMUX would set them).
files() { find "$HOME" "$RING_HOME" -printf '%p %s %T@\n' | sort; }
ring_options() {
  { fake_tmux show-options -g; fake_tmux show-options -s; fake_tmux show-options -w -t work:0
    fake_tmux show-options -p -t "$pane"; } 2>/dev/null | grep '^@ring' || true
}
files_before="$(files)" options_before="$(ring_options)"

echo "with-fake-agents.sh: claude, codex, gemini, opencode and tmux processes (pids ${pids[*]}), tmux server $server_pid on $socket, HOME=$HOME, RING_HOME=$RING_HOME" >&2
# CMD runs aside so a signal to this script stops it at once (bash runs traps only between
# commands) and CMD in turn; it keeps this script's standard input, if there is one.
if { : <&0; } 2>/dev/null; then "$@" <&0 & else "$@" </dev/null & fi
child=$!
trap 'kill -TERM "$child" 2>/dev/null; wait "$child"; exit 130' INT TERM
set +e
wait "$child"
rc=$?
set -e
if [ "$(files)" != "$files_before" ]; then
  echo "with-fake-agents.sh: the command changed the HOME or RING_HOME it inherited:" >&2
  diff <(echo "$files_before") <(files) >&2 || true
  [ "$rc" != 0 ] || rc=1
fi
if [ "$(ring_options)" != "$options_before" ]; then
  echo "with-fake-agents.sh: the command set ring's options in the tmux server it ran inside:" >&2
  diff <(echo "$options_before") <(ring_options) >&2 || true
  [ "$rc" != 0 ] || rc=1
fi
exit "$rc"
