#!/usr/bin/env bash
# ring for tmux: which AI coding-agent sessions wait for you, in the status line and on the
# very pane and window that waits.
#
# Load it with TPM (`set -g @plugin '…/ring'`) or directly: `run-shell /path/to/ring/ring.tmux`
# in ~/.tmux.conf, after your own status / window / pane-border formats and options (a
# placeholder set later, by a `source-file` say, is replaced when it is set).
#
# ring never rewrites your formats: put placeholders where you want it, and this file
# replaces them (sourcing it again changes nothing):
#   #{ring_status}      in status-left / status-right: counts per state, e.g. 🔴2 ring🔐 🟢1 🟡3
#   #{ring_badge}       in window-status-format / window-status-current-format: 🔴2🟢
#   #{ring_pane_badge}  in pane-border-format (with pane-border-status top|bottom): 🔴🔐
# Themes can use #{E:@ring_status}, #{E:@ring_window_badge} and #{E:@ring_pane_badge} directly.
#
# Options (set before loading; each default is set only if you have not set it):
#   @ring-icon-waiting 🔴  @ring-icon-working 🟢  @ring-icon-idle 🟡     ("" hides a state)
#   @ring-icon-permission 🔐  @ring-icon-question ❓  @ring-icon-plan 🧭
#   @ring-color-waiting default  @ring-color-working default  @ring-color-idle default
#                      (the counts' colour; default: the bar's own text colour)
#   @ring-status-project on|off  (default: status_show_project in ~/.config/ring/config.toml)
#   @ring-jump-key a   prefix + a: go to the session that has waited longest (again: the next)
#   @ring-menu-key A   prefix + A: the live board of every session in a popup (tmux 3.2+;
#                      a menu on older tmux) ("" for either: no binding).
#                      A default key already bound to something else is left alone.
#   @ring-menu-style board|menu  what the menu key opens (default board; menu: the plain
#                      tmux menu, also on tmux 3.2+). Read when the key is pressed.
#   @ring-status-interval 2  lowers status-interval to this when it is higher ("off": never)
#   @ring-status-length 80   raises status-right-length (status-left-length) to this when lower,
#                      where the status segment went ("off": never)
#   @ring-bin PATH     the ring-tmux binary (default: PATH, ~/.local/bin, ../../bin from a release
#                      archive's share/ring/, this repo's target/release)

set -u

CURRENT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Our hooks live in one indexed slot of each hook array, so yours are never touched.
HOOK_SLOT=4242

tmux_get() { tmux show-option -gqv "$1" 2>/dev/null; }
# True when the option is set at all, even to "".
tmux_is_set() { [ -n "$(tmux show-option -gq "$1" 2>/dev/null)" ]; }

find_bin() {
	local bin
	bin="$(tmux_get @ring-bin)"
	if [ -n "$bin" ] && [ -x "$bin" ]; then printf '%s\n' "$bin"; return 0; fi
	if bin="$(command -v ring-tmux 2>/dev/null)" && [ -n "$bin" ]; then printf '%s\n' "$bin"; return 0; fi
	# ~/.local/bin: where scripts/install.sh (and so the build below) puts it; ../../bin: a
	# release archive unpacked as a prefix has this file in share/ring/.
	for bin in "$INSTALLED_BIN" "$CURRENT_DIR/../../bin/ring-tmux" "$CURRENT_DIR/target/release/ring-tmux"; do
		if [ -x "$bin" ]; then printf '%s\n' "$bin"; return 0; fi
	done
	return 1
}

# Building ring-tmux from this folder (a TPM install has no binary at first): scripts/install.sh
# --no-hooks --no-zellij builds it (with the web page) wherever cargo builds (it asks cargo:
# CARGO_TARGET_DIR and build.target-dir move it) and installs it as INSTALLED_BIN, outside
# this folder, so the agents' hooks survive a TPM update or clean of it. The build runs in
# the background (tmux must not hang on a compile), writes its output to BUILD_LOG, records
# its outcome in BUILD_STATE and loads this file again: with --built after a success (the
# hooks hint), with --build-failed after a failure (which names the log). Loading again by hand
# (`tmux run-shell …/ring.tmux`, `tmux source-file ~/.tmux.conf`) retries a failed build.
# BUILD_STATE: `building [PID]`, `failed`, or `built KEY` (KEY: the version and commit built,
# so a TPM update of this folder rebuilds; a binary installed otherwise is never rebuilt here).
BUILD_LOG="$CURRENT_DIR/target/ring-tmux-build.log"
BUILD_STATE="$CURRENT_DIR/target/.ring-tmux-build"
INSTALLED_BIN="$HOME/.local/bin/ring-tmux"

# What the status line shows while there is no binary: at most 32 columns, so that it fits
# tmux's default status-right-length (40) beside a clock. `prefix ~` (show-messages) has the
# whole message, with the log's path.
STATUS_BUILDING="ring: building… (prefix ~)"
STATUS_FAILED="ring: build failed (prefix ~)"
STATUS_NO_CARGO="ring: no ring-tmux (prefix ~)"

# The version in Cargo.toml and the commit checked out (when this is a git clone).
source_key() {
	local version commit
	version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$CURRENT_DIR/Cargo.toml" 2>/dev/null | head -1)"
	commit="$(git -C "$CURRENT_DIR" rev-parse HEAD 2>/dev/null || true)"
	printf '%s %s' "${version:-?}" "${commit:-}"
}

build_state() { cat "$BUILD_STATE" 2>/dev/null || true; }

# True while a build started by an earlier load still runs.
building() {
	local state pid
	state="$(build_state)"
	case "$state" in
	building) return 0 ;;
	"building "*)
		pid="${state#building }"
		kill -0 "$pid" 2>/dev/null
		;;
	*) return 1 ;;
	esac
}

# Starts the background build; `why`: first (no binary: say so where the status goes) or
# update (the old binary keeps running meanwhile).
start_build() {
	local why="$1" key
	local building_message="ring: building ring-tmux (scripts/install.sh, a few minutes), log: $BUILD_LOG"
	if building; then
		[ "$why" = first ] && say_in_status "$STATUS_BUILDING" "$building_message"
		return 0
	fi
	if ! command -v cargo >/dev/null 2>&1; then
		[ "$why" = first ] && say_in_status "$STATUS_NO_CARGO" "ring: ring-tmux not found and no cargo to build it (install a release archive, or set @ring-bin)"
		return 0
	fi
	key="$(source_key)"
	mkdir -p "$CURRENT_DIR/target" && printf 'building\n' >"$BUILD_STATE"
	if [ "$why" = first ]; then
		say_in_status "$STATUS_BUILDING" "$building_message"
	else
		tmux display-message "ring: this plugin changed ($key): rebuilding ring-tmux in the background, log: $BUILD_LOG"
	fi
	(
		printf 'building %s\n' "$BASHPID" >"$BUILD_STATE"
		if "$CURRENT_DIR/scripts/install.sh" --no-hooks --no-zellij --prefix "${INSTALLED_BIN%/*}" \
			>"$BUILD_LOG" 2>&1 && [ -x "$INSTALLED_BIN" ]; then
			printf 'built %s\n' "$key" >"$BUILD_STATE"
			tmux run-shell "$(sh_word "$CURRENT_DIR/ring.tmux") --built"
		else
			printf 'failed\n' >"$BUILD_STATE"
			tmux run-shell "$(sh_word "$CURRENT_DIR/ring.tmux") --build-failed"
		fi
	) </dev/null >/dev/null 2>&1 &
}

# What a failed build tells (and where the status goes when there is no binary at all).
build_failed_message() {
	printf "ring: building ring-tmux failed, see %s; to retry: tmux run-shell '%s'" \
		"$BUILD_LOG" "$CURRENT_DIR/ring.tmux"
}

# After the first build: how to install the agents' hooks, unless they are installed already.
hooks_hint() {
	local bin="$1" hint
	"$bin" install-hooks --dry-run 2>/dev/null | grep -q '^# dry-run' || return 0
	hint="ring: ring-tmux is built. Install the agents' hooks (shows the change, asks first): $bin install-hooks"
	tmux set-option -gq @ring_hint "${hint//\#/##}"
	printf '%s\n' "$hint" >>"$BUILD_LOG"
	tmux display-message -d 15000 "${hint//\#/##}" 2>/dev/null || tmux display-message "${hint//\#/##}"
}

# Shows `short` where the status segment goes and `message` as a message, now and each time
# a client attaches (a display-message is gone in seconds, and never seen when tmux loads
# this file before any client is there); `prefix ~` (show-messages) keeps it. The hook's slot
# is the one a load with the binary takes over. The placeholder becomes #{E:@ring_status},
# which a later load with the binary turns into the segment.
say_in_status() {
	local short="$1" message="$2"
	tmux display-message "${message//\#/##}"
	tmux set-hook -g "client-attached[$HOOK_SLOT]" "display-message $(tmux_word "${message//\#/##}")"
	tmux set-option -gq @ring_hint "${message//\#/##}"
	tmux set-option -gq @ring_status "${short//\#/##}"
	substitute status-left '#{ring_status}' '#{E:@ring_status}'
	substitute status-right '#{ring_status}' '#{E:@ring_status}'
}

# A word for /bin/sh (the shell of #() and run-shell), then with `#` doubled because both
# strings are tmux formats before they are shell commands.
sh_word() {
	local s="'${1//\'/\'\\\'\'}'"
	printf '%s' "${s//\#/##}"
}

# One argument for tmux's command parser (set-hook parses its command string): single quotes,
# in which tmux expands nothing (`$`, `\`, `"` stay as they are), each `'` written `'\''`.
tmux_word() {
	printf "'%s'" "${1//\'/\'\\\'\'}"
}

# Replaces `placeholder` by `replacement` in a global option, when the user put it there.
substitute() {
	local option="$1" placeholder="$2" replacement="$3" value
	value="$(tmux_get "$option")"
	case "$value" in
	*"$placeholder"*)
		# Quoted pattern and replacement: no glob, and no `&` expansion (bash 5.2).
		tmux set-option -gq "$option" "${value//"$placeholder"/"$replacement"}"
		;;
	esac
}

# What `key` is bound to in the prefix table, as list-keys prints it; nothing when unbound.
# list-keys takes a key from tmux 3.1 on: where that fails (3.0, or an unbound key), the
# table is listed whole and the line whose key is `key` picked out.
prefix_binding() {
	local key="$1" line
	if line="$(tmux list-keys -T prefix -- "$key" 2>/dev/null)" && [ -n "$line" ]; then
		printf '%s\n' "$line"
		return 0
	fi
	tmux list-keys -T prefix 2>/dev/null | RING_KEY="$key" awk '{
		for (i = 1; i < NF; i++) if ($i == "-T") { if ($(i + 2) == ENVIRON["RING_KEY"]) print; break }
	}'
}

# Binds a key of the prefix table to a ring command. A key from our defaults that is already
# bound to something else (say `bind a send-prefix`) is left alone.
bind_ring_key() {
	local option="$1" default="$2" command="$3" key current
	if tmux_is_set "$option"; then
		key="$(tmux_get "$option")"
	else
		key="$default"
		current="$(prefix_binding "$key")"
		if [ -n "$current" ] && [[ "$current" != *ring-tmux* ]]; then
			return 0
		fi
	fi
	[ -n "$key" ] || return 0
	tmux bind-key -T prefix -- "$key" run-shell -b "$command"
}

# True (1) in a tmux format while a global format still holds a placeholder: `[!@]` tells
# `#{ring_status}` from a theme's `#{E:@ring_status}`.
PLACEHOLDER_SET='#{?#{m:*[!@]ring_status*,#{status-left}},1,#{?#{m:*[!@]ring_status*,#{status-right}},1,#{?#{m:*ring_badge*,#{window-status-format}},1,#{?#{m:*ring_badge*,#{window-status-current-format}},1,#{m:*[!@]ring_pane_badge*,#{pane-border-format}}}}}}'

# Puts ring where its placeholders are; `status_job`: what `#{ring_status}` becomes.
apply_placeholders() {
	local status_job="$1"
	substitute status-left '#{ring_status}' "$status_job"
	substitute status-right '#{ring_status}' "$status_job"
	substitute window-status-format '#{ring_badge}' '#{E:@ring_window_badge}'
	substitute window-status-current-format '#{ring_badge}' '#{E:@ring_window_badge}'
	substitute pane-border-format '#{ring_pane_badge}' '#{E:@ring_pane_badge}'
	# tmux cuts status-right at 40 columns and status-left at 10 by default: ring's segment
	# and a clock after it do not fit. Raised (never lowered) where the segment went.
	local wanted side
	wanted="$(tmux_get @ring-status-length)"
	wanted="${wanted:-80}"
	[[ "$wanted" =~ ^[0-9]+$ ]] || return 0
	for side in left right; do
		case "$(tmux_get "status-$side")" in
		*"$status_job"*)
			local current
			current="$(tmux_get "status-$side-length")"
			if [[ "$current" =~ ^[0-9]+$ ]] && ((current < wanted)); then
				tmux set-option -gq "status-$side-length" "$wanted"
			fi
			;;
		esac
	done
}

# The after-set-option hook's work: a placeholder set after ring loaded gets the segment and
# badges this load put in @ring_status. Nothing before a load with a binary.
reapply() {
	[ -n "$(tmux_get @ring_loaded)" ] || return 0
	local status_job
	status_job="$(tmux_get @ring_status)"
	[[ "$status_job" == '#('* ]] || return 0
	apply_placeholders "$status_job"
}

main() {
	local mode="${1:-}" bin
	if [ "$mode" = --reapply ]; then
		reapply
		return 0
	fi
	if ! bin="$(find_bin)"; then
		if [ "$mode" = --build-failed ]; then
			say_in_status "$STATUS_FAILED" "$(build_failed_message)"
		else
			start_build first
		fi
		return 0
	fi
	case "$mode" in
	--build-failed)
		# An update's rebuild failed: the old binary keeps running.
		local failed
		failed="$(build_failed_message) (the previous ring-tmux keeps running)"
		tmux set-option -gq @ring_hint "${failed//\#/##}"
		tmux display-message "${failed//\#/##}"
		;;
	"")
		# A binary this file built, from another version or commit than the one checked out.
		local state
		state="$(build_state)"
		if [ "$bin" = "$INSTALLED_BIN" ] && [[ "$state" == "built "* ]] && [ "${state#built }" != "$(source_key)" ]; then
			start_build update
		fi
		;;
	esac
	local b
	if [[ "$bin" == *[\(\)]* ]]; then
		# tmux ends a #() job at its first unbalanced ")": a binary whose path has parentheses
		# reaches the job, the keys and the hooks through tmux's global environment instead.
		tmux set-environment -g RING_TMUX_BIN "$bin"
		b='"$RING_TMUX_BIN"'
	else
		b="$(sh_word "$bin")"
	fi

	# Defaults for the icons and colours, only where the user set nothing.
	local name value
	while IFS=$'\t' read -r name value; do
		[ -n "$name" ] || continue
		tmux_is_set "$name" || tmux set-option -gq "$name" "$value"
	done < <("$bin" status --print defaults)

	# Our own formats (recomputed each time: they follow config.toml's badge_states).
	tmux set-option -gq @ring_window_badge "$("$bin" status --print window-badge)"
	tmux set-option -gq @ring_pane_badge "$("$bin" status --print pane-badge)"

	# The hook bumps @ring_gen whenever what a person sees changes: tmux runs a #() job again,
	# on every client and at once, when its command expands differently (it keys the job by
	# the unexpanded text, so one job per client is all there ever is).
	local status_job="#($b status --socket #{q:socket_path} --project #{q:@ring-status-project} --gen=#{q:@ring_gen})"
	# A segment an earlier load put in (an older ring, another binary path) becomes this one.
	local previous
	previous="$(tmux_get @ring_status)"
	if [[ "$previous" == '#('*' status --socket '* && "$previous" != "$status_job" ]]; then
		substitute status-left "$previous" "$status_job"
		substitute status-right "$previous" "$status_job"
	fi
	tmux set-option -gq @ring_status "$status_job"
	apply_placeholders "$status_job"

	# Pushed changes show at once (@ring_gen above); the interval is for what time alone
	# changes (a session going idle, an agent that died). The badges need no interval.
	local wanted current
	wanted="$(tmux_get @ring-status-interval)"
	wanted="${wanted:-2}"
	current="$(tmux_get status-interval)"
	if [[ "$wanted" =~ ^[0-9]+$ && "$current" =~ ^[0-9]+$ ]] && ((current > wanted)); then
		tmux set-option -gq status-interval "$wanted"
	fi

	bind_ring_key @ring-jump-key a "$b jump --client #{q:client_name} --pane #{q:pane_id} --socket #{q:socket_path}"
	bind_ring_key @ring-menu-key A "$b menu --client #{q:client_name} --socket #{q:socket_path} --height #{client_height} --width #{client_width} --tmux-version=#{q:version} --style=#{q:@ring-menu-style}"

	# After a client attaches (the server may have restarted under old rows), repair the pane
	# options at once instead of at the next status refresh.
	tmux set-hook -g "client-attached[$HOOK_SLOT]" \
		"run-shell -b $(tmux_word "$b status --repair-now --socket #{q:socket_path} >/dev/null 2>&1")"

	# Read by `ring-tmux doctor`, and by --reapply: ring is loaded with a binary.
	tmux set-option -gq @ring_loaded "$bin"

	# A placeholder set after this load (ring.tmux above your formats in ~/.tmux.conf, or a
	# `source-file` of a file that sets them) is replaced as soon as it is set: tmux runs this
	# hook after every set-option, and the format below, checked inside tmux without a
	# process, starts the shell only while a placeholder is there to replace.
	tmux set-hook -g "after-set-option[$HOOK_SLOT]" \
		"if-shell -F $(tmux_word "$PLACEHOLDER_SET") $(tmux_word "run-shell $(tmux_word "$(sh_word "$CURRENT_DIR/ring.tmux") --reapply")")"

	[ "$mode" != --built ] || hooks_hint "$bin"
}

main "$@"
