# shellcheck shell=bash
# Sourced by scripts/tmux/screenshot*.sh (after they set REPO): what every screenshot does
# around its own scene.

# shot_begin NAME [MORE APT PACKAGES]: checks the tools, picks BIN (default: a debug build of
# this checkout), makes WORK with a temporary HOME, ring folder and process list (nothing of
# yours is read or changed) and names two private tmux sockets, INNER and OUTER; all of it
# goes on exit.
shot_begin() {
	local apt="aha chromium fonts-noto-color-emoji${2:+ $2}"
	for tool in tmux aha chromium; do
		command -v "$tool" >/dev/null || {
			echo "$1: $tool is missing (apt-get install -y $apt)" >&2
			exit 1
		}
	done
	if [ -z "${BIN:-}" ]; then
		(cd "$REPO" && cargo build -q -p ring-tmux)
		BIN="$REPO/target/debug/ring-tmux"
	fi
	WORK="$(mktemp -d)"
	INNER="ring-$1-$$"
	OUTER="ring-$1-outer-$$"
	trap shot_cleanup EXIT
	mkdir -p "$WORK/home"
	export HOME="$WORK/home" RING_HOME="$WORK/ring" RING_PROCS="$WORK/procs.json"
	unset TMUX TMUX_PANE
	# Liveness is not the point here: with an unknown process scan, rows stay as the hooks
	# left them (a real machine would have the agents' transcripts and processes).
	echo '{"claude-code": null, "codex": null}' >"$RING_PROCS"
}

shot_cleanup() {
	tmux -L "$OUTER" kill-server 2>/dev/null || true
	tmux -L "$INNER" kill-server 2>/dev/null || true
	rm -f "/tmp/tmux-$(id -u)/$INNER" "/tmp/tmux-$(id -u)/$OUTER"
	rm -rf "$WORK"
}

# shot_attached OUT COLUMNS ROWS MARK PIXELS-WIDE PIXELS-HIGH [ATTACH ARGS]: a client attached
# to INNER inside OUTER draws the whole screen, status line included (capture-pane reads a
# pane, never the status line); once its last line shows MARK (the status segment is a #()
# job: tmux needs a refresh or two to run it), the screen is rendered into OUT.
shot_attached() {
	tmux -L "$OUTER" -f /dev/null new-session -d -x "$2" -y "$3" \
		"env -u TMUX tmux -L $INNER attach ${7:-}"
	tmux -L "$OUTER" set -g status off
	for _ in $(seq 1 50); do
		tmux -L "$OUTER" capture-pane -p | tail -1 | grep -q "$4" && break
		sleep 0.2
	done
	sleep 2
	tmux -L "$OUTER" capture-pane -e -p >"$WORK/screen.ansi"
	"$REPO/scripts/ansi-to-png.sh" "$WORK/screen.ansi" "$1" "$5" "$6"
}
