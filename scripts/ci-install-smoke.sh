#!/usr/bin/env bash
# Runs the README's install-and-run line ("Try it", `scripts/install.sh --yes &&
# scripts/demo.sh`) as written, typed into a real terminal (a tmux pane on a private socket)
# in this checkout (CI's clone stands for the user's `git clone`) with HOME sandboxed in a
# temporary folder where only Claude Code's folder exists; detaches the demo as its user
# would (C-b d). Then checks the result: `ring-tmux doctor` passes, the web page is whole
# (scripts/check-page.sh), completions and man pages are in place, and with the README's
# tmux line (`run-shell /path/to/ring/ring.tmux`) in ~/.tmux.conf a Claude hook event shows
# as a badge (scripts/check-hook-badge.sh); `install.sh --uninstall` then removes it all.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
sandbox=$(mktemp -d "${TMPDIR:-/tmp}/ring-smoke.XXXXXX")
cleanup() {
  tmux -S "$sandbox/terminal.sock" kill-server 2>/dev/null || true
  rm -rf "$sandbox"
}
trap cleanup EXIT

# cargo and rustup live under the real HOME; keep them when HOME moves.
export CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}"
export RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
# The wasm-bindgen CLI scripts/ci.sh installed (install.sh would install its own into the
# sandbox HOME otherwise: minutes).
export RING_WASM_BINDGEN="${RING_WASM_BINDGEN:-${RING_WASM_BINDGEN_ROOT:-$HOME/.cache/ring-ci/wasm-bindgen}/bin/wasm-bindgen}"
export HOME="$sandbox/home"
# doctor fails on a running tmux server without ring.tmux: ask a server of the sandbox (none),
# never the one CI may run inside.
unset TMUX TMUX_PANE ZELLIJ ZELLIJ_SESSION_NAME ZELLIJ_PANE_ID
export TMUX_TMPDIR="$sandbox"
# doctor also warns about a live agent whose hooks never fired: this machine's own agents
# (the user's running Claude, the suite's fake ones) are not the sandbox's, so it sees none.
printf '{}\n' >"$sandbox/procs.json"
mkdir -p "$HOME/.claude"
prefix="$HOME/.local/bin"

# The README's line, from its "Try it" block.
line="$(awk '/^## Try it/ { on = 1 } on && /^```sh$/ { block = 1; next } block && /^```/ { exit }
  block && /^scripts\/install\.sh / { print; exit }' README.md)"
[ -n "$line" ] || { echo "smoke: no scripts/install.sh line in README's Try it block" >&2; exit 1; }
echo "install: $line   (in a terminal, HOME=$HOME)"
term="$sandbox/terminal.sock"
tmux -S "$term" -f /dev/null new-session -d -s smoke -x 200 -y 50 -c "$repo" \
  env -i HOME="$HOME" PATH="$PATH" TERM=xterm-256color LANG=C.UTF-8 TMUX_TMPDIR="$TMUX_TMPDIR" \
  CARGO_HOME="$CARGO_HOME" RUSTUP_HOME="$RUSTUP_HOME" CARGO_TARGET_DIR="$CARGO_TARGET_DIR" \
  RING_WASM_BINDGEN="$RING_WASM_BINDGEN" bash --noprofile --norc
# The line ends with a comment: it is typed alone, its exit code asked for once it is done.
tmux -S "$term" send-keys -t smoke "$line" Enter
screen() { tmux -S "$term" capture-pane -p -J -S -500 -t smoke; }
# True when the shell waits at its prompt (bash --norc's: bash-5.2# or bash-5.2$).
prompt() { screen | grep -v '^ *$' | tail -1 | grep -q '^bash-[0-9.]*[#$] *$'; }
# The build takes minutes cold; the demo then attaches to its own tmux server in this pane.
# (The demo's status line names its session "[demo]".)
for ((i = 0; i < 18000; i++)); do
  screen | grep -qF "[demo]" && break
  prompt && break
  sleep 0.1
done
screen | grep -qF "[demo]" || { screen >&2; echo "smoke: the demo never attached" >&2; exit 1; }
sleep 2
tmux -S "$term" send-keys -t smoke C-b d
for ((i = 0; i < 300; i++)); do
  prompt && break
  sleep 0.1
done
tmux -S "$term" send-keys -t smoke 'echo "LINE-EXIT=$?"' Enter
for ((i = 0; i < 300; i++)); do screen | grep -q "LINE-EXIT=[0-9]" && break; sleep 0.1; done
screen | grep -q "LINE-EXIT=0" || { screen >&2; echo "smoke: the README's line failed" >&2; exit 1; }
tmux -S "$term" kill-server
# What install.sh's closing note asks of a user whose PATH lacks ~/.local/bin.
export PATH="$prefix:$PATH"
echo "doctor:"
RING_PROCS="$sandbox/procs.json" "$prefix/ring-tmux" doctor | tee "$sandbox/doctor.out"
if grep -q "no wasm module" "$sandbox/doctor.out"; then
  echo "smoke: doctor says the installed ring-tmux has no web page module" >&2; exit 1
fi
# The page is whole: its wasm module answers 200 as application/wasm (issue 25 item 5).
scripts/check-page.sh "$prefix/ring-tmux"

# Completions and man pages are installed (issue 25 item 13) ...
installed=(
  "$HOME/.local/share/bash-completion/completions/ring-tmux"
  "$HOME/.local/share/zsh/site-functions/_ring-tmux"
  "$HOME/.config/fish/completions/ring-tmux.fish"
  "$HOME/.local/share/man/man1/ring-tmux.1"
  "$HOME/.local/share/man/man1/ring-tmux-uninstall.1"
  "$prefix/ring-tmux"
)
for file in "${installed[@]}"; do
  [ -s "$file" ] || { echo "smoke: install.sh did not install $file" >&2; exit 1; }
done
grep -q ring-tmux "$HOME/.claude/settings.json" || { echo "smoke: no hooks installed" >&2; exit 1; }
[ ! -e "$HOME/.codex" ] && [ ! -e "$HOME/.gemini" ] \
  || { echo "smoke: install.sh --yes made settings for agents this HOME does not have" >&2; exit 1; }
# The README's tmux line, with the clone's path, and a hook event that shows as a badge.
tmux_line="$(awk '/^## Using it in tmux/ { on = 1 } on && /^```tmux$/ { block = 1; next } block { print; exit }' README.md)"
[ "$tmux_line" = "run-shell /path/to/ring/ring.tmux" ] || { echo "smoke: README's tmux line is now '$tmux_line'" >&2; exit 1; }
printf '%s\n' "${tmux_line//\/path\/to\/ring/$repo}" >"$HOME/.tmux.conf"
scripts/check-hook-badge.sh "$HOME" "$prefix/ring-tmux" "$sandbox"
ring_home="$HOME/.config/ring"
[ -d "$ring_home" ] || { echo "smoke: no ring folder at $ring_home" >&2; exit 1; }

# ... and `install.sh --uninstall` removes everything it installed and keeps the ring folder.
echo "uninstall: scripts/install.sh --uninstall --yes --prefix $prefix"
scripts/install.sh --uninstall --yes --prefix "$prefix" | tee "$sandbox/uninstall.out"
for file in "${installed[@]}" "$HOME/.config/zellij/plugins/ring.wasm" "$HOME/.config/zellij/layouts/ring.kdl"; do
  [ ! -e "$file" ] || { echo "smoke: uninstall left $file" >&2; exit 1; }
done
if grep -q ring-tmux "$HOME/.claude/settings.json"; then
  echo "smoke: uninstall left ring's hooks in ~/.claude/settings.json" >&2; exit 1
fi
if grep -qs ring.wasm "$HOME/.cache/zellij/permissions.kdl"; then
  echo "smoke: uninstall left ring's grants in permissions.kdl" >&2; exit 1
fi
[ -d "$ring_home" ] || { echo "smoke: uninstall removed the ring folder" >&2; exit 1; }
grep -q "Kept the ring folder $ring_home" "$sandbox/uninstall.out" \
  || { echo "smoke: uninstall did not say it kept $ring_home" >&2; exit 1; }
echo "smoke: install, then uninstall: ok"
