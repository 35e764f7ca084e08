#!/usr/bin/env bash
# Makes docs/screenshots/explain.png: `ring-tmux explain` on a waiting Claude session.
#
# The real `ring-tmux hook` records a PermissionRequest and, 12 s later by ring's clock
# (RING_NOW), `ring-tmux explain api` prints why it waits, in a temporary HOME, ring folder and
# process list (nothing of yours is read or changed); scripts/ansi-to-png.sh renders the text.
# Needs: aha, chromium, fonts-noto-color-emoji. Usage: scripts/explain-screenshot.sh [OUT.png]
# (BIN=… to choose the ring-tmux binary; default: a debug build of this checkout).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$REPO/docs/screenshots/explain.png}"
if [ -z "${BIN:-}" ]; then
	(cd "$REPO" && cargo build -q -p ring-tmux)
	BIN="$REPO/target/debug/ring-tmux"
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/home"
echo '{"claude-code": [["/home/u/src/api", "/dev/pts/3"]], "codex": []}' >"$WORK/procs.json"
export HOME="$WORK/home" RING_HOME="$WORK/home/.config/ring" RING_PROCS="$WORK/procs.json"
export RING_STDIN_TTY=/dev/pts/3 RING_AGENT_TTY=/dev/pts/3
ID=3f2a1c9d-0b1e-4c2a-9d7e-5a6b7c8d9e01
printf '{"session_id": "%s", "hook_event_name": "PermissionRequest", "cwd": "/home/u/src/api", "tool_name": "Bash", "tool_input": {"command": "npm test"}}' "$ID" |
	RING_NOW=1700000000 "$BIN" hook
{
	printf '\033[1;32m$\033[0m ring-tmux explain api\n'
	RING_NOW=1700000012 "$BIN" explain api
} >"$WORK/explain.ansi"
"$REPO/scripts/ansi-to-png.sh" "$WORK/explain.ansi" "$OUT" 1280 480
echo "wrote $OUT"
