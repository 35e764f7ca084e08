#!/usr/bin/env bash
# Checks that an install works end to end, as its user would see it: a tmux server started
# on HOME's ~/.tmux.conf (on a private socket) loads ring with BIN, and a Claude Code
# Notification (a permission prompt) piped into the hook command that install-hooks wrote in
# HOME's ~/.claude/settings.json shows as the waiting badge on the window.
#
#   scripts/check-hook-badge.sh HOME BIN WORK
#
# WORK: a folder of the caller's for the socket, the ring folder and the process list (the
# agent's process as ring's scan would see it: never this machine's). PATH is the caller's,
# with HOME's ~/.local/bin first (as the README's PATH line leaves a shell).
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: scripts/check-hook-badge.sh HOME BIN WORK" >&2; exit 2; }
home="$1" bin="$2" work="$3"
fail() { echo "check-hook-badge.sh: $*" >&2; exit 1; }
settings="$home/.claude/settings.json"
command="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["hooks"]["Notification"][0]["hooks"][0]["command"])' \
  "$settings" 2>/dev/null || true)"
[ -n "$command" ] || fail "no Notification hook in $settings: $(cat "$settings" 2>&1)"
case "$command" in "$bin hook"*) ;; *) fail "the hook runs '$command', not $bin" ;; esac

mkdir -p "$work/badge-ring" "$work/badge-tmux" "$work/badge-cwd"
chmod 700 "$work/badge-ring" "$work/badge-tmux"
procs="$work/badge-procs.json"
printf '{"claude-code": [], "codex": []}\n' >"$procs"
socket="$work/badge-tmux/server"
stop() { tmux -S "$socket" kill-server 2>/dev/null || true; rm -f "$socket"; }
trap stop EXIT
world=(env -i HOME="$home" PATH="$home/.local/bin:$PATH" TERM=xterm-256color LANG=C.UTF-8
  TMUX_TMPDIR="$work/badge-tmux" RING_HOME="$work/badge-ring" RING_PROCS="$procs")
"${world[@]}" tmux -S "$socket" -f "$home/.tmux.conf" new-session -d -s t -x 120 -y 30 -c "$work/badge-cwd"
loaded=""
for _ in $(seq 100); do
  loaded="$(tmux -S "$socket" show-options -gqv @ring_loaded)"
  [ -n "$loaded" ] && break
  sleep 0.1
done
[ "$loaded" = "$bin" ] || fail "~/.tmux.conf did not load ring with $bin (@ring_loaded: '$loaded')"
pane="$(tmux -S "$socket" display-message -p -t t '#{pane_id}')"
tty="$(tmux -S "$socket" display-message -p -t t '#{pane_tty}')"
printf '{"claude-code": [["%s", "%s"]], "codex": []}\n' "$work/badge-cwd" "$tty" >"$procs"
printf '{"hook_event_name":"Notification","session_id":"readme-install","cwd":"%s","tty":"%s","notification_type":"permission_prompt","message":"Claude needs your permission to use Bash"}' \
  "$work/badge-cwd" "$tty" \
  | "${world[@]}" TMUX="$socket,0,0" TMUX_PANE="$pane" sh -c "$command"
badge=""
for _ in $(seq 100); do
  badge="$(tmux -S "$socket" display-message -p -t t:0 '#{E:@ring_window_badge}')"
  case "$badge" in *🔴*) break ;; esac
  sleep 0.1
done
case "$badge" in *🔴*) ;; *) fail "the hook event did not show on the window (badge: '$badge')" ;; esac
echo "check-hook-badge.sh: ~/.tmux.conf loads ring ($bin), and a Claude hook event shows as $badge on the window"
