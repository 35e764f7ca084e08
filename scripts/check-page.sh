#!/usr/bin/env bash
# Checks that a ring-tmux binary ships its web page whole, as a browser gets it: starts
# `BIN serve` on a free loopback port (HOME and the ring folder in a temporary folder), fetches
# the page's wasm module and its JavaScript glue, and stops the server by its pid.
#
#   scripts/check-page.sh BIN
#
# Fails unless both answer 200 with their content types (application/wasm; text/javascript)
# and the module starts with WebAssembly's magic bytes: a build without the module answers 404
# and the page shows a developer's notice instead of the board.
set -euo pipefail

[ $# -eq 1 ] && [ -x "$1" ] || { echo "usage: scripts/check-page.sh BIN" >&2; exit 2; }
bin="$1"
fail() { echo "check-page.sh: $*" >&2; exit 1; }
work="$(mktemp -d)"
pid=""
stop() {
  [ -z "$pid" ] || kill "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT
mkdir -p "$work/home" "$work/ring"
HOME="$work/home" RING_HOME="$work/ring" "$bin" serve --listen 127.0.0.1:0 \
  </dev/null >"$work/out" 2>"$work/err" &
pid=$!
url=""
for _ in $(seq 200); do
  # The address, not the words around it (they are in the user's language).
  url="$(head -1 "$work/out" | grep -o 'http://[^/ ]*' | head -1 || true)"
  [ -n "$url" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
[ -n "$url" ] || { cat "$work/out" "$work/err" >&2; fail "$bin serve did not say where it listens"; }

fetch() { # fetch PATH WANTED-TYPE
  local code type
  read -r code type < <(curl -sS -o "$work/body" -w '%{http_code} %{content_type}\n' "$url$1") \
    || fail "could not fetch $url$1"
  [ "$code" = 200 ] || fail "$url$1 answered $code ($(head -c 200 "$work/body")): $bin has no web page module"
  case "$type" in "$2"*) ;; *) fail "$url$1 is $type, not $2" ;; esac
}
fetch /pkg/ring_web_bg.wasm application/wasm
[ "$(head -c 4 "$work/body" | od -An -tx1 | tr -d ' \n')" = 0061736d ] || fail "/pkg/ring_web_bg.wasm is not WebAssembly"
size="$(wc -c <"$work/body")"
fetch /pkg/ring_web.js text/javascript
echo "check-page.sh: $bin serves its page whole (ring_web_bg.wasm: $size bytes, application/wasm)"
