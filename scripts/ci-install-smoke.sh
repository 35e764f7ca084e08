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
export HOME="$sandbox/home"
# doctor fails on a running tmux server without ring.tmux: ask a server of the sandbox (none),
# never the one CI may run inside.
unset TMUX
export TMUX_TMPDIR="$sandbox"
mkdir -p "$HOME/.claude"
prefix="$sandbox/prefix"
export PATH="$prefix:$PATH"

echo "install: scripts/install.sh --yes --prefix $prefix (HOME=$HOME)"
scripts/install.sh --yes --prefix "$prefix"
echo "demo: scripts/demo.sh --no-attach"
scripts/demo.sh --no-attach
echo "doctor:"
"$prefix/ring-tmux" doctor
