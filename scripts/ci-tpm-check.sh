#!/usr/bin/env bash
# The README's TPM install, verbatim, in a fresh HOME (issue 25): the `set -g @plugin …` line
# of README "Using it in tmux" goes into ~/.tmux.conf after nothing but TPM's own `run` line
# (Debian's tmux-plugin-manager), TPM installs the plugin (`prefix I`: bin/install_plugins),
# and the next load of ~/.tmux.conf builds ring-tmux in the background (ring.tmux's first
# build, scripts/install.sh) into ~/.local/bin. Then the README's next step, `install-hooks`,
# and scripts/check-hook-badge.sh: a hook event shows as the waiting badge in tmux.
#
# There is no network here: git's `url.<this checkout>.insteadOf` points the GitHub URL TPM
# clones (https://git::@github.com/OWNER/ring) at this checkout, so TPM runs as written.
#
# Usage: scripts/ci-tpm-check.sh   (needs tmux, git, cargo, tmux-plugin-manager)
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
tpm=/usr/share/tmux-plugin-manager/tpm
[ -x "$tpm" ] || { echo "tpm-check: $tpm is missing (apt-get install tmux-plugin-manager)" >&2; exit 1; }
sandbox="$(mktemp -d "${TMPDIR:-/tmp}/ring-tpm.XXXXXX")"
socket="$sandbox/tmux/server"
cleanup() { tmux -S "$socket" kill-server 2>/dev/null || true; rm -rf "$sandbox"; }
trap cleanup EXIT
fail() { echo "tpm-check: $*" >&2; exit 1; }

# The README's TPM line, as written.
line="$(awk '/^or, with \[TPM\]/ { tpm = 1 } tpm && /^set -g @plugin / { print; exit }' README.md)"
[ -n "$line" ] || fail "no 'set -g @plugin' line after README's TPM sentence"
plugin="$(sed -E "s/^set -g @plugin '([^']+)'.*/\1/" <<<"$line")"
echo "tpm-check: $line"

export CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}" RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
export RING_WASM_BINDGEN="${RING_WASM_BINDGEN:-${RING_WASM_BINDGEN_ROOT:-$HOME/.cache/ring-ci/wasm-bindgen}/bin/wasm-bindgen}"
home="$sandbox/home"
mkdir -p "$home/.claude" "$sandbox/tmux"
chmod 700 "$sandbox/tmux"
printf '%s\nrun %s\n' "$line" "$tpm" >"$home/.tmux.conf"
git config --file "$home/.gitconfig" "url.$repo.insteadOf" "https://git::@github.com/$plugin"

world=(env -i HOME="$home" PATH="$home/.local/bin:$PATH" TERM=xterm-256color LANG=C.UTF-8
  TMUX_TMPDIR="$sandbox/tmux" CARGO_HOME="$CARGO_HOME" RUSTUP_HOME="$RUSTUP_HOME"
  CARGO_TARGET_DIR="$CARGO_TARGET_DIR" RING_WASM_BINDGEN="$RING_WASM_BINDGEN")
"${world[@]}" tmux -S "$socket" -f "$home/.tmux.conf" new-session -d -s tpm -x 160 -y 40
pid="$(tmux -S "$socket" display-message -p '#{pid}')"
# `prefix I`: TPM's install, talking to this server (TPM's scripts call plain `tmux`).
"${world[@]}" TMUX="$socket,$pid,0" /usr/share/tmux-plugin-manager/bin/install_plugins \
  || fail "TPM's install_plugins failed"
[ -f "$home/.tmux/plugins/ring/ring.tmux" ] || fail "TPM did not install the plugin into ~/.tmux/plugins/ring"
# Loading ~/.tmux.conf again (as TPM does after `prefix I`) starts ring.tmux's first build.
tmux -S "$socket" source-file "$home/.tmux.conf"
bin="$home/.local/bin/ring-tmux"
for ((i = 0; i < 9000; i++)); do # the build: minutes cold, seconds warm
  [ -n "$(tmux -S "$socket" show-options -gqv @ring_loaded)" ] && break
  sleep 0.1
done
loaded="$(tmux -S "$socket" show-options -gqv @ring_loaded)"
[ "$loaded" = "$bin" ] || {
  tail -20 "$home/.tmux/plugins/ring/target/ring-tmux-build.log" >&2 2>/dev/null || true
  fail "ring.tmux did not load $bin after TPM's build (@ring_loaded: '$loaded')"
}
echo "tpm-check: TPM built and loaded $bin"
tmux -S "$socket" kill-server 2>/dev/null || true
# The README's next step; the hooks it writes run ~/.local/bin/ring-tmux, outside the plugin
# folder a TPM clean deletes (check-hook-badge.sh checks the command).
"${world[@]}" "$bin" install-hooks --yes >/dev/null
scripts/check-hook-badge.sh "$home" "$bin" "$sandbox"
echo "tpm-check: ok"
