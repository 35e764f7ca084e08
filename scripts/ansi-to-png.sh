#!/usr/bin/env bash
# Renders a terminal capture (`tmux capture-pane -e -p` output, ANSI colours) to a PNG, as the
# README's screenshots are made: aha → HTML → headless chromium.
# Usage: scripts/ansi-to-png.sh IN.ansi OUT.png WIDTH HEIGHT
# Needs: apt-get install -y aha chromium fonts-noto-color-emoji
set -euo pipefail
in="$1" out="$2" width="$3" height="$4"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
{
    cat <<'HTML'
<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; background: #1c1c1c; }
pre { margin: 0; padding: 12px 14px; color: #d0d0d0; background: #1c1c1c;
      font: 15px/1.25 "DejaVu Sans Mono", "Noto Color Emoji", monospace; }
</style></head><body><pre>
HTML
    aha --no-header <"$in"
    echo '</pre></body></html>'
} >"$work/screen.html"
mkdir -p "$(dirname "$out")"
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/chromium" --hide-scrollbars --window-size="$width,$height" \
    --screenshot="$out" "file://$work/screen.html" >/dev/null 2>&1
[ -s "$out" ] || { echo "ansi-to-png: chromium wrote no $out" >&2; exit 1; }
