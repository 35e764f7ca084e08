#!/usr/bin/env bash
# Makes docs/screenshots/zellij.png (the bar) and docs/screenshots/zellij-board.png (the board)
# from a real zellij session running ring's plugin.
#
# zellij runs headless inside a private tmux server (scripts/zellij/lib.sh: throwaway HOME,
# ring folder and zellij socket folder); the panes print a few lines of pretend agents; the
# real `ring-tmux hook`, run inside each pane, records the sessions with that pane's
# $ZELLIJ_SESSION_NAME and $ZELLIJ_PANE_ID; `tmux capture-pane -e -p` reads the screen with its
# colours; aha turns it into HTML and headless Chromium renders the PNG.
#
# Needs: zellij, tmux, aha, chromium, fonts-noto-color-emoji
# (apt-get install -y aha chromium fonts-noto-color-emoji).
# Usage: scripts/zellij/screenshots.sh [OUT_DIR]   (default docs/screenshots)
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO="$PWD"
OUT_DIR="${1:-$REPO/docs/screenshots}"
mkdir -p "$OUT_DIR"
OUT_DIR="$(cd "$OUT_DIR" && pwd)"
for tool in tmux aha chromium; do
  command -v "$tool" >/dev/null || {
    echo "screenshots: $tool is missing (apt-get install -y aha chromium fonts-noto-color-emoji)" >&2
    exit 1
  }
done
BIN="$REPO/target/debug/ring-tmux"
[ -x "$BIN" ] || cargo build -q -p ring-tmux
# shellcheck source=scripts/zellij/lib.sh
source scripts/zellij/lib.sh

# A pane that shows a pretend agent and stays.
agent() { # name text
  printf '            pane name="%s" command="sh" {\n                args "-c" "printf '"'"'%s'"'"'; exec sleep 100000"\n            }\n' "$1" "$2"
}
ZJ_COLS=140 ZJ_ROWS=24
ZJ_TABS="    tab name=\"agents\" focus=true {
        pane split_direction=\"vertical\" {
$(agent "claude · api" '\n  claude  api\n\n  ● Bash(cargo test -p api)\n\n  Do you want to proceed?\n  ❯ 1. Yes\n    2. No\n')
$(agent "claude · migrations" '\n  claude  api/migrations\n\n  ● Editing 3 files…\n')
        }
    }
    tab name=\"webapp\" {
$(agent "claude · webapp" '\n  claude  webapp\n\n  Which auth provider should I wire up?\n')
    }
    tab name=\"docs\" {
$(agent "claude · docs" '\n  claude  docs\n\n  ✓ Done.\n')
    }"
# No powerline arrows: the screenshot font has no glyphs for them.
ZJ_EXTRA_CONFIG='simplified_ui true'
export ZJ_TABS ZJ_COLS ZJ_ROWS ZJ_EXTRA_CONFIG
trap zj_stop EXIT
zj_start 'cue "true"'

declare -A PANE
while IFS=$'\t' read -r title id; do PANE[${title#claude · }]=$id; done < <(terminal_ids)
mkdir -p "$HOME/projects"
hook() { # name payload-fields (the hook runs as if inside that pane)
  mkdir -p "$HOME/projects/$1"
  ZELLIJ_SESSION_NAME="$ZJ_SESSION" ZELLIJ_PANE_ID="${PANE[$1]}" "$BIN" hook claude-code \
    <<<"{\"session_id\": \"$1\", \"cwd\": \"$HOME/projects/$1\", $2}"
}
hook docs '"hook_event_name": "Stop"'
hook webapp '"hook_event_name": "PreToolUse", "tool_name": "AskUserQuestion", "tool_input": {"questions": [{"question": "Which auth provider should I wire up?"}]}'
sleep 1 # api has waited less long than webapp
hook api '"hook_event_name": "PermissionRequest", "tool_name": "Bash", "tool_input": {"command": "cargo test -p api"}'
hook api '"hook_event_name": "Notification", "notification_type": "permission_prompt", "message": "Claude needs your permission to use Bash"'
hook migrations '"hook_event_name": "UserPromptSubmit"'
wait_for 5 'screen | sed -n 2p | grep -qF "🔐 api"'
sleep 1

shoot() { # out.png
  local ansi="$ZJ_WORK/screen.ansi"
  tmx capture-pane -e -p -t e2e >"$ansi"
  scripts/ansi-to-png.sh "$ansi" "$1" 1296 476
  echo "screenshots: wrote $1"
}
shoot "$OUT_DIR/zellij.png"
tmx send-keys -t e2e M-r
wait_for 10 'screen | grep -qF "ring · 4 sessions"'
sleep 1
shoot "$OUT_DIR/zellij-board.png"
