#!/usr/bin/env bash
# Runs the README's release install lines, as written, against archives built here, so the
# README's promise is what CI checks (scripts/ci.sh's release step):
#
#   scripts/release-install-check.sh DIR     (DIR: scripts/release-build.sh's output, with
#                                             SHA256SUMS and the README's archive for $t)
#
# The lines are the first ```sh block after README.md's `<!-- release-install` marker. Only
# the release URL is replaced, by a loopback HTTP server over a copy of DIR laid out like
# GitHub's (vVERSION/FILE). Each run gets a fresh HOME and a fresh working folder:
# 1. a copy of the archive with one byte changed (its gzip CRC, so an unguarded tar would
#    unpack every file before it noticed): the download lines (up to the PATH line) must fail
#    and leave nothing under ~/.local;
# 2. the archive as built, every line as written, typed into a real terminal (a tmux pane on
#    a private socket, with a bash of no profile, in a HOME where only Claude Code's folder
#    exists): install-hooks must show its change and ask, and write it after `y`;
#    ~/.local/bin/ring-tmux must print the version, serve its web page whole
#    (scripts/check-page.sh), and the man pages, completions and ring.tmux must be in place;
# 3. the result works: a tmux server started on ~/.tmux.conf as the lines left it loads ring,
#    and a Claude Notification piped into the hook command install-hooks wrote shows as the
#    waiting badge on the window.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 1 ] && [ -d "$1" ] || { echo "usage: scripts/release-install-check.sh DIR" >&2; exit 2; }
dist="$(cd "$1" && pwd)"
fail() { echo "release-install-check.sh: $*" >&2; exit 1; }
release_url=https://github.com/ring-status/ring/releases/download

# The first ```sh block after the marker: all of it, and its download lines (up to its PATH
# line or its first `ring-tmux` line).
all_lines="$(awk '/^<!-- release-install/ { marked = 1; next }
  marked && !in_block && /^```sh$/ { in_block = 1; next }
  in_block && /^```/ { exit }
  in_block { print }' README.md)"
lines="$(awk '/^(ring-tmux|export) / { exit } { print }' <<<"$all_lines")"
[ -n "$lines" ] || fail "no release-install lines in README.md"
grep -qF "$release_url/" <<<"$lines" || fail "README's install lines do not download from $release_url"
v="$(sed -n 's/^v=\([^ ]*\) .*/\1/p' <<<"$lines")"
t="$(sed -n 's/^v=[^ ]* t=\([^ ]*\).*/\1/p' <<<"$lines")"
[ -n "$v" ] && [ -n "$t" ] || fail "README's install lines set no v=VERSION t=TARGET"
archive="ring-tmux-$v-$t.tar.gz"
[ -f "$dist/$archive" ] || fail "$dist has no $archive (the README's v=$v t=$t; Cargo.toml's version is $(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1))"
[ -f "$dist/SHA256SUMS" ] || fail "$dist has no SHA256SUMS"

work="$(mktemp -d)"
server_pid=""
sockets=()
stop() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  for socket in "${sockets[@]}"; do tmux -S "$socket" kill-server 2>/dev/null || true; done
  rm -rf "$work"
}
trap stop EXIT
mkdir -p "$work/site/v$v"
cp "$dist/$archive" "$dist/SHA256SUMS" "$work/site/v$v/"

# A loopback HTTP server on a free port; it writes the port once it listens.
python3 - "$work/site" "$work/port" <<'PY' >"$work/server.log" 2>&1 &
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
import os
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
server.serve_forever()
PY
server_pid=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { cat "$work/server.log" >&2; fail "the loopback HTTP server did not start"; }
local_url="http://127.0.0.1:$(cat "$work/port")"
local_lines="${lines//"$release_url"/$local_url}"

# Runs the lines in a fresh HOME and working folder, as a user pastes them into bash; prints
# that HOME.
run_lines() {
  local home="$work/$1-home" cwd="$work/$1-cwd"
  mkdir -p "$home" "$cwd"
  (cd "$cwd" && HOME="$home" bash -c "$local_lines") >"$work/$1.log" 2>&1
}

# 1. One byte changed: the gzip trailer's CRC (the archive's 8th byte from the end).
size="$(wc -c <"$work/site/v$v/$archive")"
byte="$(od -An -tu1 -j $((size - 8)) -N1 "$work/site/v$v/$archive" | tr -d ' ')"
printf "$(printf '\\%03o' $(((byte + 1) % 256)))" \
  | dd of="$work/site/v$v/$archive" bs=1 seek=$((size - 8)) conv=notrunc status=none
cmp -s "$dist/$archive" "$work/site/v$v/$archive" && fail "could not tamper with the copy of $archive"
if run_lines tampered; then
  cat "$work/tampered.log" >&2
  fail "the README's lines succeeded on a tampered $archive"
fi
unpacked="$(find "$work/tampered-home" -mindepth 1 -not -type d | head -5)"
[ -z "$unpacked" ] || { cat "$work/tampered.log" >&2; fail "a tampered $archive was unpacked: $unpacked"; }
echo "release-install-check.sh: a tampered $archive stops the lines before tar: $(grep -m1 . "$work/tampered.log")"

# 2. The archive as built, every line, typed into a terminal.
cp "$dist/$archive" "$work/site/v$v/$archive"
home="$work/good-home" cwd="$work/good-cwd"
mkdir -p "$home/.claude" "$cwd"
printf '%s\n' "${all_lines//"$release_url"/$local_url}" >"$work/lines.sh"
# tmux's own sockets under the test's folder: never the user's server, nor another test's.
export TMUX_TMPDIR="$work/tmux"
mkdir -m 700 "$TMUX_TMPDIR"
unset TMUX TMUX_PANE
term="$work/terminal.sock"
sockets+=("$term")
# RING_LANG=en: the prompt waited for below is install-hooks' English one (issue 26: ring
# speaks the terminal's language, and a zh_TW shell would get it in Chinese).
tmux -S "$term" -f /dev/null new-session -d -s lines -x 200 -y 50 -c "$cwd" \
  env -i HOME="$home" PATH="$PATH" TERM=xterm-256color TMUX_TMPDIR="$TMUX_TMPDIR" LANG=C.UTF-8 \
  RING_LANG=en bash --noprofile --norc
screen() { tmux -S "$term" capture-pane -p -J -S -300 -t lines; }
until_screen() { # until_screen REGEX SECONDS
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    screen | grep -qE -- "$1" && return 0
    sleep 0.1
  done
  screen >&2
  fail "the terminal never showed '$1'"
}
# bash -e: a line that fails (say "ring-tmux: command not found") fails the run, as a person
# would see it fail.
tmux -S "$term" send-keys -t lines "bash -e $(printf %q "$work/lines.sh"); echo \"LINES-EXIT=\$?\"" Enter
until_screen "Write these changes\? \[y/N\]" 60
screen | grep -qF '.claude/settings.json' || { screen >&2; fail "install-hooks asked without showing the change"; }
[ ! -e "$home/.claude/settings.json" ] || fail "install-hooks wrote before the answer"
tmux -S "$term" send-keys -t lines y Enter
# (the typed command holds "LINES-EXIT=" too: wait for a digit after it)
until_screen "LINES-EXIT=[0-9]" 60
screen | grep -qF "LINES-EXIT=0" || { screen >&2; fail "the README's lines failed on $archive"; }
installed="$home/.local/bin/ring-tmux"
[ -x "$installed" ] || fail "no ~/.local/bin/ring-tmux after the README's lines"
said="$("$installed" --version)"
# shellcheck disable=SC2088 # a message naming the path as the README does
[ "$said" = "ring-tmux $v" ] || fail "~/.local/bin/ring-tmux --version says '$said', not 'ring-tmux $v'"
for part in share/ring/ring.tmux share/ring/ring.wasm share/man/man1/ring-tmux.1 \
    share/bash-completion/completions/ring-tmux share/zsh/site-functions/_ring-tmux \
    share/fish/vendor_completions.d/ring-tmux.fish; do
  [ -s "$home/.local/$part" ] || fail "the README's lines left no ~/.local/$part"
done
[ -s "$home/.config/zellij/plugins/ring.wasm" ] || fail "install-zellij installed no plugin"
scripts/check-page.sh "$installed"
echo "release-install-check.sh: the README's lines install $archive whole: ~/.local/bin/ring-tmux says '$said'"

# 3. A tmux server on the tmux.conf the lines wrote, and the hook install-hooks wrote.
scripts/check-hook-badge.sh "$home" "$installed" "$work"

# 4. "`ring-tmux uninstall` undoes it": nothing of the archive is left under ~/.local.
env -i HOME="$home" PATH="$home/.local/bin:$PATH" "$installed" uninstall --yes >"$work/uninstall.log" 2>&1 \
  || { cat "$work/uninstall.log" >&2; fail "ring-tmux uninstall failed"; }
left="$(find "$home/.local" -type f | head -5)"
[ -z "$left" ] || { cat "$work/uninstall.log" >&2; fail "ring-tmux uninstall left $left"; }
echo "release-install-check.sh: ring-tmux uninstall leaves no file of the archive under ~/.local"
