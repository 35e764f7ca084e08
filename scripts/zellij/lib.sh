# Shared by scripts/e2e-zellij.sh and scripts/zellij/screenshots.sh: a real zellij running
# headless inside an isolated tmux server, with its own HOME, ring folder and zellij socket
# folder, and the ring plugin granted its permissions. Source it, then call zj_start.
#
# Inputs (environment, all optional):
#   RING_ZELLIJ        zellij binary (default: ~/.cache/ring-ci/zellij/bin/zellij, then PATH)
#   RING_PLUGIN_WASM   the plugin (default: target/wasm32-wasip1/release/ring-plugin.wasm,
#                      built if missing)
#   RING_E2E_KEEP=1    keep the work folder and the servers for inspection
#   ZJ_BOARD_EXTRA     extra KDL lines for the board's configuration (the Alt r binding)
#   ZJ_NO_PERMISSIONS=1  do not pre-grant the plugin's permissions
#   ZJ_TABS            the layout's tabs (KDL; default: one tab, panes alpha | beta)
#   ZJ_COLS, ZJ_ROWS   terminal size (default 160x40)
#   ZJ_EXTRA_CONFIG    extra lines for zellij's config.kdl
#   ZJ_BESIDE=1        put the bar beside the tab bar (row 1) instead of under it (row 2)
#   ZJ_NO_BAR=1        the same layout without ring's bar (benchmarks' reference)
#   ZJ_INSTALL=1       use what `ring-tmux install-zellij` writes (plugin, permissions, layout)
#                      instead of the test layout
#   ZJ_AFTER_INSTALL   with ZJ_INSTALL=1: shell code run after the install, before zellij starts
#
# After zj_start: $ZJ_WORK, $RING_HOME (the ring folder), $ZJ_SESSION, $ZJ_TMUX (tmux -L
# socket name), $ZJ_WASM, $ZJ_BIN, and helpers zj, tmx, screen, wait_for, row, pane_id.

ZJ_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# zj_start replaces HOME with a throwaway one; the zellij build cache is under the real one.
ZJ_REAL_HOME="${ZJ_REAL_HOME:-$HOME}"
ZJ_RING_TMUX="${ZJ_RING_TMUX:-$ZJ_ROOT/target/debug/ring-tmux}"

zj_find_zellij() {
  if [ -n "${ZJ_BIN:-}" ]; then
    return 0
  elif [ -n "${RING_ZELLIJ:-}" ]; then
    ZJ_BIN="$RING_ZELLIJ"
  elif [ -x "$ZJ_REAL_HOME/.cache/ring-ci/zellij/bin/zellij" ]; then
    ZJ_BIN="$ZJ_REAL_HOME/.cache/ring-ci/zellij/bin/zellij"
  elif command -v zellij >/dev/null; then
    ZJ_BIN="$(command -v zellij)"
  else
    echo "zellij not found: build it with" >&2
    echo "  cargo install zellij --locked --no-default-features --root ~/.cache/ring-ci/zellij" >&2
    return 1
  fi
  command -v tmux >/dev/null || { echo "tmux not found (apt-get install tmux)" >&2; return 1; }
}

zj_build_plugin() {
  ZJ_WASM="${RING_PLUGIN_WASM:-$ZJ_ROOT/target/wasm32-wasip1/release/ring-plugin.wasm}"
  if [ ! -f "$ZJ_WASM" ]; then
    (cd "$ZJ_ROOT" && cargo build --release -p ring-plugin --target wasm32-wasip1 --locked)
  fi
  ZJ_WASM="$(cd "$(dirname "$ZJ_WASM")" && pwd)/$(basename "$ZJ_WASM")"
}

# zj_start [extra bar config lines]: writes HOME, config, permissions and layout, starts tmux
# running zellij, and waits until the bar draws (not with ZJ_NO_PERMISSIONS=1: then
# zellij's prompt is drawn instead).
zj_start() {
  zj_find_zellij
  zj_build_plugin
  ZJ_WORK="$(mktemp -d /tmp/ring-zj.XXXXXX)"
  ZJ_SESSION="ringe2e$$"
  ZJ_TMUX="ring-zj-$$"
  export HOME="$ZJ_WORK/home"
  export RING_HOME="$HOME/.config/ring"
  # Short: a unix socket path must stay under 108 bytes.
  export ZELLIJ_SOCKET_DIR="$ZJ_WORK/s"
  unset TMUX TMUX_PANE ZELLIJ ZELLIJ_SESSION_NAME ZELLIJ_PANE_ID XDG_CACHE_HOME XDG_CONFIG_HOME
  export PS1='$ '
  # The hook run inside a pane sends `zellij pipe`: zellij must be on the panes' PATH.
  PATH="$(dirname "$ZJ_BIN"):$PATH"
  export PATH
  mkdir -p "$RING_HOME/sessions" "$HOME/.config/zellij" "$HOME/.cache/zellij" "$ZELLIJ_SOCKET_DIR"
  chmod 700 "$RING_HOME" "$RING_HOME/sessions" "$ZELLIJ_SOCKET_DIR"
  # The plugin lives where an install puts it, so layouts and permissions name one path.
  ZJ_PLUGIN="$HOME/.config/zellij/plugins/ring.wasm"
  ZJ_LAYOUT="$ZJ_WORK/layout.kdl"
  cat >"$HOME/.config/zellij/config.kdl" <<EOF
show_startup_tips false
show_release_notes false
session_serialization false
default_shell "bash"
${ZJ_EXTRA_CONFIG:-}
keybinds {
    shared {
        bind "Alt r" {
            LaunchOrFocusPlugin "file:$ZJ_PLUGIN" {
                floating true
                mode "board"
                cwd "$RING_HOME"
                ${ZJ_BOARD_EXTRA:-}
            }
        }
    }
}
EOF
  if [ "${ZJ_INSTALL:-0}" = 1 ]; then
    # What a user gets from `ring-tmux install-zellij`: its plugin copy, permissions, layout.
    [ -x "$ZJ_RING_TMUX" ] || (cd "$ZJ_ROOT" && cargo build -p ring-tmux --locked)
    "$ZJ_RING_TMUX" install-zellij --plugin "$ZJ_WASM" >"$ZJ_WORK/install.out"
    ZJ_LAYOUT="$HOME/.config/zellij/layouts/ring.kdl"
    # A test may edit what was installed before zellij reads it.
    if [ -n "${ZJ_AFTER_INSTALL:-}" ]; then eval "$ZJ_AFTER_INSTALL"; fi
  else
    zj_write_test_files "${1:-}"
  fi
  tmux -L "$ZJ_TMUX" -f /dev/null new-session -d -s e2e -x "${ZJ_COLS:-160}" -y "${ZJ_ROWS:-40}" \
    "$ZJ_BIN --session $ZJ_SESSION --new-session-with-layout $ZJ_LAYOUT; echo ZELLIJ-EXITED=\$?; sleep 60"
  tmux -L "$ZJ_TMUX" set-option -g status off
  [ "${ZJ_NO_PERMISSIONS:-0}" = 1 ] && return 0
  [ "${ZJ_NO_BAR:-0}" = 1 ] && return 0
  wait_for 30 'bar | grep -q " ring"' || {
    echo "the ring bar did not appear; screen:" >&2
    screen >&2
    return 1
  }
}

# The test layout (bar under the tab bar, then $ZJ_TABS), the plugin copy and its permissions.
zj_write_test_files() {
  mkdir -p "$(dirname "$ZJ_PLUGIN")"
  cp "$ZJ_WASM" "$ZJ_PLUGIN"
  if [ "${ZJ_NO_PERMISSIONS:-0}" != 1 ]; then
    # The set every instance asks for (ring_shared::ZELLIJ_PERMISSIONS), bar and board alike.
    cat >"$HOME/.cache/zellij/permissions.kdl" <<EOF
"$ZJ_PLUGIN" {
    ReadApplicationState
    ChangeApplicationState
    RunCommands
    MessageAndLaunchOtherPlugins
}
EOF
  fi
  local tabs="${ZJ_TABS:-}"
  if [ -z "$tabs" ]; then
    tabs='    tab {
        pane split_direction="vertical" {
            pane name="alpha"
            pane name="beta"
        }
    }'
  fi
  local bar="plugin location=\"file:$ZJ_PLUGIN\" {
                mode \"bar\"
                cwd \"$RING_HOME\"
                $1
            }"
  local top
  if [ "${ZJ_NO_BAR:-0}" = 1 ]; then
    top="pane size=1 borderless=true {
            plugin location=\"zellij:tab-bar\"
        }"
  elif [ "${ZJ_BESIDE:-0}" = 1 ]; then
    # Beside the tab bar: a split one-row pane (needs pane_frame_style "full" in zellij 0.45).
    top="pane size=1 split_direction=\"vertical\" {
            pane borderless=true {
                plugin location=\"zellij:tab-bar\"
            }
            pane size=60 borderless=true {
                $bar
            }
        }"
  else
    top="pane size=1 borderless=true {
            plugin location=\"zellij:tab-bar\"
        }
        pane size=1 borderless=true {
            $bar
        }"
  fi
  cat >"$ZJ_LAYOUT" <<EOF
layout {
    default_tab_template {
        $top
        children
    }
$tabs
}
EOF
}

zj_stop() {
  if [ "${RING_E2E_KEEP:-0}" = 1 ]; then
    echo "kept: $ZJ_WORK (tmux -L $ZJ_TMUX attach; zellij session $ZJ_SESSION)" >&2
    return 0
  fi
  [ -n "${ZJ_BIN:-}" ] && [ -n "${ZJ_SESSION:-}" ] && {
    timeout 5 "$ZJ_BIN" kill-session "$ZJ_SESSION" >/dev/null 2>&1 || true
    timeout 5 "$ZJ_BIN" delete-session --force "$ZJ_SESSION" >/dev/null 2>&1 || true
  }
  if [ -n "${ZJ_TMUX:-}" ]; then
    local socket
    socket=$(tmux -L "$ZJ_TMUX" display-message -p '#{socket_path}' 2>/dev/null || true)
    tmux -L "$ZJ_TMUX" kill-server >/dev/null 2>&1 || true
    [ -n "$socket" ] && rm -f "$socket"
  fi
  [ -n "${ZJ_WORK:-}" ] && rm -rf "$ZJ_WORK"
}

zj() { timeout 10 "$ZJ_BIN" --session "$ZJ_SESSION" "$@"; }
# The screen row holding ring's bar (1-based).
bar_row() { if [ "${ZJ_BESIDE:-0}" = 1 ]; then echo 1; else echo 2; fi; }
bar() { screen | sed -n "$(bar_row)p"; }
tmx() { tmux -L "$ZJ_TMUX" "$@"; }
# What a person sees, as text.
screen() { tmx capture-pane -p -t e2e; }

# wait_for SECONDS 'shell condition': polls every 0.1 s; sets WAITED (seconds, 1 decimal).
wait_for() {
  local tries=$(($1 * 10)) i=0
  while [ "$i" -le "$tries" ]; do
    if eval "$2"; then
      WAITED="$((i / 10)).$((i % 10))"
      return 0
    fi
    sleep 0.1
    i=$((i + 1))
  done
  return 1
}

# refresh_pipe: `zellij pipe --name ring::refresh`, as ring's hook sends after each write. The
# bar backs off to one scan every few seconds while nothing happens (ring-plugin/src/pace.rs),
# so a row written without it shows only at the next scan.
refresh_pipe() { zj pipe --name ring::refresh </dev/null >/dev/null 2>&1 || true; }

# row ID STATUS [key=text | key:=json ...]: writes sessions/ID.json atomically, then sends the
# refresh pipe, as the hook does (ZJ_ROW_PIPE=0: no pipe, as RiNG's hook or a hook outside
# zellij writes).
row() {
  local id="$1" status="$2"
  shift 2
  python3 - "$RING_HOME/sessions" "$id" "$status" "$@" <<'PY'
import json, os, sys, time
folder, sid, status, *fields = sys.argv[1:]
row = {"session_id": sid, "provider": "claude-code", "status": status,
       "cwd": f"/src/{sid}", "origin_cwd": f"/src/{sid}",
       "last_active": time.time(), "heartbeat_at": time.time(), "last_action": "—"}
for f in fields:
    k, v = f.split("=", 1)
    if k.endswith(":"):
        row[k[:-1]] = json.loads(v)
    else:
        row[k] = v
tmp = os.path.join(folder, f".{sid}.tmp")
with open(tmp, "w") as fh:
    json.dump(row, fh, ensure_ascii=False)
os.replace(tmp, os.path.join(folder, f"{sid}.json"))
PY
  [ "${ZJ_ROW_PIPE:-1}" = 0 ] || refresh_pipe
}

# unrow ID: removes sessions/ID.json, then sends the refresh pipe.
unrow() {
  rm -f "$RING_HOME/sessions/$1.json"
  refresh_pipe
}

# panes_json: `zellij action list-panes --json --all`, retried while the session is busy.
panes_json() {
  local out i
  for i in 1 2 3 4 5 6 7 8 9 10; do
    out=$(zj action list-panes --json --all 2>/dev/null || true)
    if [ "${out:0:1}" = "[" ]; then
      printf '%s\n' "$out"
      return 0
    fi
    sleep 0.5
  done
  echo "[]"
  return 1
}

# terminal_ids: "TITLE<TAB>ID" for every terminal pane.
terminal_ids() {
  panes_json | python3 -c '
import json, sys
for p in json.load(sys.stdin):
    if not p["is_plugin"]:
        print(p["title"] + "\t" + str(p["id"]))'
}

# pane_id TITLE: the id of the terminal pane titled TITLE.
pane_id() { terminal_ids | awk -F '\t' -v t="$1" '$1 == t { print $2; exit }'; }
