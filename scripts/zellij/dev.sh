#!/usr/bin/env bash
# Work on the zellij plugin: builds it (release, wasm32-wasip1) and opens a zellij session
# whose layout has the bar under the tab bar and the board as a floating pane (show or hide it
# with Ctrl p w), both reading your ring folder ($RING_HOME, else ~/.config/ring).
#
#   scripts/zellij/dev.sh [extra bar config lines, e.g. 'cue "true"', or
#                          'ring_tmux "/abs/path/to/ring-tmux"' for sessions found without hooks]
#
# zellij asks for the plugin's permissions the first time (press y in the plugin's pane), or
# run `ring-tmux install-zellij --plugin target/wasm32-wasip1/release/ring-plugin.wasm` once.
# The layout is written to a temporary file; your zellij configuration is not touched.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -p ring-plugin --target wasm32-wasip1
WASM="$PWD/target/wasm32-wasip1/release/ring-plugin.wasm"
RING="${RING_HOME:-$HOME/.config/ring}"
mkdir -p "$RING/sessions"
LAYOUT="$(mktemp /tmp/ring-dev-XXXXXX.kdl)"
trap 'rm -f "$LAYOUT"' EXIT
cat >"$LAYOUT" <<EOF
layout {
    pane size=1 borderless=true {
        plugin location="zellij:tab-bar"
    }
    pane size=1 borderless=true {
        plugin location="file:$WASM" {
            mode "bar"
            cwd "$RING"
            ${1:-}
        }
    }
    pane split_direction="vertical" {
        pane
        pane
    }
    pane size=2 borderless=true {
        plugin location="zellij:status-bar"
    }
    floating_panes {
        pane {
            plugin location="file:$WASM" {
                mode "board"
                cwd "$RING"
            }
        }
    }
}
EOF
zellij --new-session-with-layout "$LAYOUT"
