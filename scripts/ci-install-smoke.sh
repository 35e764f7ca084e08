#!/usr/bin/env bash
# Runs the README's install-and-run command on this checkout with HOME and the install prefix
# sandboxed in a temporary folder, then checks that `ring-tmux doctor` passes on the result.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
sandbox=$(mktemp -d "${TMPDIR:-/tmp}/ring-smoke.XXXXXX")
cleanup() { rm -rf "$sandbox"; }
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
prefix="$sandbox/prefix"
export PATH="$prefix:$PATH"

echo "install: scripts/install.sh --yes --prefix $prefix (HOME=$HOME)"
scripts/install.sh --yes --prefix "$prefix"
echo "demo: scripts/demo.sh --no-attach"
scripts/demo.sh --no-attach
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
