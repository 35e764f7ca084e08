#!/usr/bin/env bash
# Makes docs/screenshots/board-<lang>.png: `ring-tmux list` (top pane), `ring-tmux board`
# (bottom pane) and ring's status line (loaded by ring.tmux, as a user's tmux loads it) in one
# language (issue 26), drawn by a real tmux on a private socket.
#
# The real `ring-tmux hook` records four Claude sessions into a temporary HOME and ring folder
# (nothing of yours is read or changed); a pane runs `list` then `board` with RING_LANG set;
# `capture-pane -e -p` reads the screen and scripts/ansi-to-png.sh renders it.
#
# Needs: tmux, aha, chromium, fonts-noto-color-emoji and a CJK font for zh-Hant
# (apt-get install -y aha chromium fonts-noto-color-emoji fonts-wqy-microhei).
# Usage: scripts/tmux/screenshot-lang.sh LANG [OUT.png]   (LANG: en or zh-Hant; BIN=… to
# choose the ring-tmux binary; default: a debug build of this checkout).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LANG_TAG="${1:?usage: screenshot-lang.sh en|zh-Hant [OUT.png]}"
OUT="${2:-$REPO/docs/screenshots/board-$LANG_TAG.png}"
# shellcheck source=scripts/tmux/shot.sh
. "$REPO/scripts/tmux/shot.sh"
shot_begin screenshot-lang fonts-wqy-microhei
export RING_LANG="$LANG_TAG"
hook() { "$BIN" hook <<<"$1"; }
base() { mkdir -p "$HOME/src/$2" && printf '"session_id": "%s", "cwd": "%s"' "$1" "$HOME/src/$2"; }
hook "{\"hook_event_name\": \"Stop\", $(base s-docs docs)}"
hook "{\"hook_event_name\": \"PreToolUse\", $(base s-web webapp), \"tool_name\": \"AskUserQuestion\", \"tool_input\": {\"questions\": [{\"question\": \"Which auth provider should I wire up?\"}]}}"
sleep 1
hook "{\"hook_event_name\": \"PermissionRequest\", $(base s-api api), \"tool_name\": \"Bash\", \"tool_input\": {\"command\": \"cargo test -p api\"}}"
hook "{\"hook_event_name\": \"UserPromptSubmit\", $(base s-mig migrations)}"

ENVS="RING_LANG=$LANG_TAG RING_HOME=$RING_HOME RING_PROCS=$RING_PROCS HOME=$HOME"
tmux -L "$INNER" -f /dev/null new-session -d -x 100 -y 20 \
	"env $ENVS sh -c '$BIN list; exec sleep 100000'"
tmux -L "$INNER" split-window -v -l 13 "env $ENVS $BIN board"
# The status line: ring's segment where a user writes #{ring_status}, loaded by ring.tmux with
# this binary (the server's environment, exported above, names the temporary ring folder).
tmux -L "$INNER" set -g status-left " ring " \; set -g status-right ' #{ring_status} ' \
	\; set -g status-right-length 80 \; set -g @ring-bin "$BIN"
tmux -L "$INNER" run-shell "$REPO/ring.tmux"
shot_attached "$OUT" 100 21 '🔴' 940 460
echo "screenshot-lang: wrote $OUT"
