#!/usr/bin/env bash
# Makes docs/screenshots/tmux.png: a real tmux status line with ring's badges.
#
# A tmux server on a private socket loads scripts/tmux/dev.tmux.conf and ring.tmux; the real
# `ring-tmux hook` records four Claude sessions from its panes (a temporary HOME, ring folder
# and process list, so nothing of yours is read or changed); a client attached inside an outer
# tmux draws the screen; `capture-pane -e -p` reads it with its colours; aha turns that into
# HTML and headless Chromium renders the PNG.
#
# Needs: tmux, aha, chromium, fonts-noto-color-emoji (apt-get install -y aha chromium
# fonts-noto-color-emoji). Usage: scripts/tmux/screenshot.sh [OUT.png]   (BIN=… to choose
# the ring-tmux binary; default: a debug build of this checkout).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:-$REPO/docs/screenshots/tmux.png}"
# shellcheck source=scripts/tmux/shot.sh
. "$REPO/scripts/tmux/shot.sh"
shot_begin screenshot
mkdir -p "$WORK/projects"

T=(tmux -L "$INNER" -f "$REPO/scripts/tmux/dev.tmux.conf")
# What each pane shows: a few lines of a pretend agent, then it waits.
screen() { printf "printf '%s'; exec sleep 100000" "$1"; }
"${T[@]}" new-session -d -s work -n api -x 112 -y 22 \
	"$(screen '\n  claude  api\n\n  ● Bash(cargo test -p api)\n\n  Do you want to proceed?\n  ❯ 1. Yes\n    2. No\n')"
"${T[@]}" split-window -h -t work:api \
	"$(screen '\n  claude  api/migrations\n\n  ● Editing 3 files…\n')"
"${T[@]}" new-window -t work -n webapp \
	"$(screen '\n  claude  webapp\n\n  Which auth provider should I wire up?\n')"
"${T[@]}" new-window -t work -n docs "$(screen '\n  claude  docs\n\n  ✓ Done.\n')"
"${T[@]}" new-window -t work -n shell "$(screen '\n  $ \n')"
"${T[@]}" set -g @ring-bin "$BIN"
"${T[@]}" run-shell "$REPO/ring.tmux"
"${T[@]}" select-window -t work:api

SOCKET="$("${T[@]}" display -p '#{socket_path}')"
SERVER_PID="$("${T[@]}" display -p '#{pid}')"
pane() { "${T[@]}" display -p -t "$1" '#{pane_id}'; }
tty_of() { "${T[@]}" display -p -t "$1" '#{pane_tty}'; }
project() { mkdir -p "$WORK/projects/$1" && printf '%s' "$WORK/projects/$1"; }

# name → its project folder, its pane and the pane's tty
declare -A CWD TTY PANE
for spec in "api:work:api.0" "migrations:work:api.1" "webapp:work:webapp" "docs:work:docs"; do
	name="${spec%%:*}" target="${spec#*:}"
	CWD[$name]="$(project "$name")" TTY[$name]="$(tty_of "$target")" PANE[$name]="$(pane "$target")"
done
for name in api migrations webapp docs; do
	"${T[@]}" select-pane -t "${PANE[$name]}" -T "claude · $name"
done

hook() { # name payload-json
	TMUX="$SOCKET,$SERVER_PID,0" TMUX_PANE="${PANE[$1]}" "$BIN" hook <<<"$2"
}
base() { printf '"session_id": "%s", "cwd": "%s", "tty": "%s"' "$1" "${CWD[$1]}" "${TTY[$1]}"; }
hook docs "{\"hook_event_name\": \"Stop\", $(base docs)}"
hook webapp "{\"hook_event_name\": \"PreToolUse\", $(base webapp), \"tool_name\": \"AskUserQuestion\", \"tool_input\": {\"questions\": [{\"question\": \"Which auth provider should I wire up?\"}]}}"
sleep 1 # so api has waited less long than webapp
hook api "{\"hook_event_name\": \"Notification\", $(base api), \"notification_type\": \"permission_prompt\", \"message\": \"Claude needs your permission to use Bash\"}"
hook migrations "{\"hook_event_name\": \"UserPromptSubmit\", $(base migrations)}"

shot_attached "$OUT" 112 22 '│' 1040 450 '-t work'
echo "screenshot: wrote $OUT"
