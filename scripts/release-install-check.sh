#!/usr/bin/env bash
# Runs the README's release install lines, as written, against archives built here, so the
# README's promise is what CI checks (scripts/ci.sh's release step):
#
#   scripts/release-install-check.sh DIR     (DIR: scripts/release-build.sh's output, with
#                                             SHA256SUMS and the README's archive for $t)
#
# The lines are the first ```sh block after README.md's `<!-- release-install` marker, up to
# its first line that runs `ring-tmux` (those ask questions). Only the release URL is
# replaced, by a loopback HTTP server over a copy of DIR laid out like GitHub's
# (vVERSION/FILE). Each run gets a fresh HOME and a fresh working folder:
# 1. a copy of the archive with one byte changed (its gzip CRC, so an unguarded tar would
#    unpack every file before it noticed): the lines must fail and leave nothing under
#    ~/.local;
# 2. the archive as built: the lines must succeed and ~/.local/bin/ring-tmux --version must
#    print the version.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 1 ] && [ -d "$1" ] || { echo "usage: scripts/release-install-check.sh DIR" >&2; exit 2; }
dist="$(cd "$1" && pwd)"
fail() { echo "release-install-check.sh: $*" >&2; exit 1; }
release_url=https://github.com/ring-status/ring/releases/download

# The first ```sh block after the marker, up to its first `ring-tmux` line.
lines="$(awk '/^<!-- release-install/ { marked = 1; next }
  marked && !in_block && /^```sh$/ { in_block = 1; next }
  in_block && (/^```/ || /^ring-tmux /) { exit }
  in_block { print }' README.md)"
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
stop() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
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
local_lines="${lines//"$release_url"/http://127.0.0.1:$(cat "$work/port")}"

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

# 2. The archive as built.
cp "$dist/$archive" "$work/site/v$v/$archive"
run_lines good || { cat "$work/good.log" >&2; fail "the README's lines failed on $archive"; }
installed="$work/good-home/.local/bin/ring-tmux"
[ -x "$installed" ] || { cat "$work/good.log" >&2; fail "no ~/.local/bin/ring-tmux after the README's lines"; }
said="$("$installed" --version)"
# shellcheck disable=SC2088 # a message naming the path as the README does
[ "$said" = "ring-tmux $v" ] || fail "~/.local/bin/ring-tmux --version says '$said', not 'ring-tmux $v'"
echo "release-install-check.sh: the README's lines install $archive: ~/.local/bin/ring-tmux says '$said'"
