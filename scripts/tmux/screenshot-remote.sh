#!/usr/bin/env bash
# Makes docs/screenshots/remote-board.png: `ring-tmux list` (top pane) and `ring-tmux board`
# (bottom pane) with this machine's sessions and two remote hosts' (issue 27), drawn by a real
# tmux on a private socket.
#
# The real `ring-tmux hook` records sessions into temporary ring folders, one for this machine
# and one per stand-in host; each host's `ring-tmux json --snapshot` (what `ssh HOST ring-tmux
# json --snapshot` prints) is written as its cache, remote/HOST.json, the way `ring-tmux remote
# refresh` writes it: devbox answered now, gpu three minutes ago (stale), ci never
# (unreachable). No ssh runs and nothing of yours is read or changed.
#
# Needs: tmux, aha, chromium, fonts-noto-color-emoji.
# Usage: scripts/tmux/screenshot-remote.sh [OUT.png]   (BIN=… to choose the ring-tmux binary;
# default: a debug build of this checkout).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:-$REPO/docs/screenshots/remote-board.png}"
# shellcheck source=scripts/tmux/shot.sh
. "$REPO/scripts/tmux/shot.sh"
shot_begin screenshot-remote
# hook RING_FOLDER EVENT ID PROJECT [EXTRA JSON FIELDS]
hook() {
	mkdir -p "$HOME/src/$4"
	RING_HOME="$1" "$BIN" hook <<<"{\"hook_event_name\": \"$2\", \"session_id\": \"$3\", \"cwd\": \"$HOME/src/$4\"${5:+, $5}}"
}
ASK='"tool_name": "Bash", "tool_input": {"command": "cargo test -p api"}'
hook "$WORK/ring" Stop s-docs docs
hook "$WORK/ring" UserPromptSubmit s-web webapp
hook "$WORK/devbox" PermissionRequest s-api api "$ASK"
hook "$WORK/devbox" UserPromptSubmit s-etl etl
hook "$WORK/gpu" Stop s-train train

NOW="$(date +%s)"
mkdir -p "$WORK/ring/remote"
chmod 700 "$WORK/ring" "$WORK/ring/remote"
# cache HOST FOLDER ANSWERED_AT: what `ring-tmux remote refresh HOST` writes after ssh.
cache() {
	local snapshot
	snapshot="$(RING_HOME="$2" RING_NOW="$3" "$BIN" json --snapshot)"
	printf '{"attempted_at": %s, "ok_at": %s, "error": %s, "snapshot": %s}\n' \
		"$NOW" "$3" "$4" "$snapshot" >"$WORK/ring/remote/$1.json"
}
cache devbox "$WORK/devbox" "$NOW" null
cache gpu "$WORK/gpu" "$((NOW - 180))" '"no answer within 10s"'
printf '{"attempted_at": %s, "ok_at": 0, "error": "Connection refused"}\n' "$NOW" >"$WORK/ring/remote/ci.json"
chmod 600 "$WORK/ring/remote/"*.json
# The refreshers are not due (attempted just now), so no ssh runs.
printf 'remote_hosts = ["devbox", "gpu", "ci"]\nremote_refresh_seconds = 3600\nremote_counts = "apart"\n' >"$WORK/ring/config.toml"

ENVS="RING_HOME=$WORK/ring RING_PROCS=$RING_PROCS HOME=$HOME"
tmux -L "$INNER" -f /dev/null new-session -d -x 100 -y 22 \
	"env $ENVS sh -c '$BIN list; exec sleep 100000'"
tmux -L "$INNER" split-window -v -l 12 "env $ENVS $BIN board"
tmux -L "$INNER" set -g status off
sleep 3
{
	tmux -L "$INNER" capture-pane -e -p -t 0.0 | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
	echo
	tmux -L "$INNER" capture-pane -e -p -t 0.1
} >"$WORK/screen.ansi"
"$REPO/scripts/ansi-to-png.sh" "$WORK/screen.ansi" "$OUT" 940 460
echo "screenshot-remote: wrote $OUT"
