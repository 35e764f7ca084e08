#!/usr/bin/env bash
# Builds and installs ring on this machine, in one command, from any folder:
#
#   scripts/install.sh [--yes] [--no-hooks] [--no-zellij] [--prefix DIR]
#   scripts/install.sh --uninstall [--yes] [--prefix DIR]
#
# 1. checks cargo; adds the wasm32-wasip1 and wasm32-unknown-unknown targets when missing;
# 2. builds the web page's wasm module (ring-web, with wasm-bindgen-cli at the version
#    Cargo.lock pins, installed once into ~/.cache/ring/wasm-bindgen when it is missing), then
#    `ring-tmux` (which embeds the page) and the zellij plugin, in release mode;
# 3. copies `ring-tmux` into DIR (default ~/.local/bin), replacing an older copy atomically;
# 4. installs the agent hooks for the agents found here (shows the change and asks first;
#    --yes writes without asking, --no-hooks skips them);
# 5. installs the zellij plugin files (`ring-tmux install-zellij`; --no-zellij skips them);
# 6. installs the bash, zsh and fish completions and the man pages (~/.local/share, ~/.config);
# 7. prints the line for ~/.tmux.conf, the TPM line and the zellij layout.
#
# Running it again upgrades in place (the hooks are rewritten only if the binary moved).
# --uninstall runs `ring-tmux uninstall`: it removes all of the above and keeps the ring folder.
set -euo pipefail

usage() {
  sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
}

yes=0
hooks=1
zellij=1
uninstall=0
prefix="${HOME}/.local/bin"
while [ $# -gt 0 ]; do
  case "$1" in
    -y|--yes) yes=1 ;;
    --no-hooks) hooks=0 ;;
    --no-zellij) zellij=0 ;;
    --uninstall) uninstall=1 ;;
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix="$2"; shift ;;
    --prefix=*) prefix="${1#--prefix=}" ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

if [ "$uninstall" = 1 ]; then
  # The installed binary knows what it installed; build nothing.
  bin="$prefix/ring-tmux"
  [ -x "$bin" ] || bin="$(command -v ring-tmux || true)"
  [ -n "$bin" ] || die "no ring-tmux in $prefix or on PATH: nothing to uninstall"
  flags=(--prefix "$prefix")
  [ "$yes" = 1 ] && flags+=(--yes)
  exec "$bin" uninstall "${flags[@]}"
fi

command -v cargo >/dev/null \
  || die "cargo is missing. Install Rust first (https://rustup.rs), open a new shell, and run this again."

# Where cargo puts what it builds: CARGO_TARGET_DIR, or build.target-dir of a config file, or
# target/ (ask cargo rather than guess).
target_dir="$(cargo metadata --no-deps --format-version 1 --locked 2>/dev/null \
  | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
[ -n "$target_dir" ] || die "cargo metadata did not say where cargo builds (run it in $repo to see why)"

# Adds a rustup target when it is missing; false when it cannot be had.
want_target() {
  local triple="$1" why="$2"
  if command -v rustup >/dev/null; then
    rustup target list --installed 2>/dev/null | grep -qx "$triple" && return 0
    say "adding the $triple target ($why)"
    rustup target add "$triple" && return 0
    echo "  could not add $triple"
    return 1
  fi
  # No rustup: only a toolchain that ships the target's standard library builds it.
  rustc --print target-list 2>/dev/null | grep -qx "$triple" \
    && [ -d "$(rustc --print sysroot)/lib/rustlib/$triple" ]
}

plugin="$zellij"
if [ "$plugin" = 1 ] && ! want_target wasm32-wasip1 "for the zellij plugin"; then
  echo "  skipping the zellij plugin"
  plugin=0
fi

# The web page of `ring-tmux serve` derives its board with ring-shared compiled to wasm
# (ring-web). scripts/build-web.sh builds it with wasm-bindgen-cli, which must be exactly the
# version Cargo.lock pins; ring-tmux's build embeds the result (ring-tmux/build.rs).
cache="${XDG_CACHE_HOME:-$HOME/.cache}/ring"
wasm_bindgen() { # prints a wasm-bindgen of version $1, installing it into $cache when none is
  local want="$1" candidate
  for candidate in "${RING_WASM_BINDGEN:-}" "$cache/wasm-bindgen/bin/wasm-bindgen" \
      "$HOME/.cache/ring-ci/wasm-bindgen/bin/wasm-bindgen" "$(command -v wasm-bindgen || true)"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    [ "$("$candidate" --version 2>/dev/null)" = "wasm-bindgen $want" ] || continue
    printf '%s\n' "$candidate"
    return 0
  done
  say "installing wasm-bindgen-cli $want into $cache/wasm-bindgen (once, for the web page; a few minutes)" >&2
  # --locked first, as released; without it when its lock names a crate this registry lacks
  # (the version pin is what the page's glue depends on).
  cargo install --locked wasm-bindgen-cli --version "$want" --root "$cache/wasm-bindgen" >&2 \
    || cargo install wasm-bindgen-cli --version "$want" --root "$cache/wasm-bindgen" >&2 \
    || return 1
  printf '%s\n' "$cache/wasm-bindgen/bin/wasm-bindgen"
}
web_pkg=""
build_page() {
  local want bindgen
  want="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
  want_target wasm32-unknown-unknown "for the web page" || return 1
  bindgen="$(wasm_bindgen "$want")" || return 1
  say "building the web page (ring-web, wasm-bindgen $want)"
  RING_WASM_BINDGEN="$bindgen" scripts/build-web.sh --out "$target_dir/web" || return 1
  web_pkg="$target_dir/web/pkg"
}
if ! build_page; then
  echo "  the web page's wasm module did not build: \`ring-tmux serve\` will show the server's view"
  echo "  with a notice (tmux and zellij are not affected); run scripts/install.sh again to retry"
fi

# A statically linked binary starts in about half the time of a dynamically linked one (the
# hook runs on every tool call: 1.3x /bin/true instead of 2.5x, see BENCHMARKS.md). crt-static
# needs an explicit --target (proc-macros must stay dynamic), so it lands in target/<host>/.
host="$(rustc -vV 2>/dev/null | sed -n 's/^host: //p')"
built=""
case "$host" in
  *-linux-gnu)
    say "building ring-tmux (release, statically linked for $host)"
    if RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" RING_WEB_PKG="$web_pkg" \
        cargo build --release --locked -p ring-tmux --target "$host"; then
      built="$target_dir/$host/release/ring-tmux"
    else
      echo "  the static build failed: building the ordinary (dynamically linked) binary"
    fi
    ;;
esac
if [ -z "$built" ]; then
  say "building ring-tmux (release)"
  RING_WEB_PKG="$web_pkg" cargo build --release --locked -p ring-tmux
  built="$target_dir/release/ring-tmux"
fi
if [ "$plugin" = 1 ]; then
  say "building the zellij plugin (release, wasm32-wasip1)"
  cargo build --release --locked -p ring-plugin --target wasm32-wasip1 \
    || { echo "  the plugin did not build: tmux works without it"; plugin=0; }
fi

[ -x "$built" ] || die "the build left no binary at $built"
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"
bin="$prefix/ring-tmux"
say "installing $bin"
# Copy then rename: a running hook keeps the old file, the next one gets the new one.
tmp="$prefix/.ring-tmux.new.$$"
cp "$built" "$tmp"
chmod 755 "$tmp"
mv -f "$tmp" "$bin"

if [ "$hooks" = 1 ]; then
  if [ "$yes" = 1 ]; then
    say "installing the agent hooks"
    "$bin" install-hooks --yes
  elif [ -t 0 ]; then
    # install-hooks shows the change and asks itself.
    say "installing the agent hooks"
    "$bin" install-hooks || echo "  hooks not installed (later: $bin install-hooks)"
  else
    echo "  no terminal to ask: hooks not installed (re-run with --yes, or later: $bin install-hooks)"
  fi
else
  echo "  --no-hooks: hooks not installed (later: $bin install-hooks)"
fi

wasm="$target_dir/wasm32-wasip1/release/ring-plugin.wasm"
layout_hint=""
if [ "$plugin" = 1 ] && [ -f "$wasm" ]; then
  say "installing the zellij plugin files"
  if "$bin" install-zellij --plugin "$wasm"; then
    layout_hint="zellij --layout ring   (or add the plugin pane printed above to your own layout)"
  else
    echo "  install-zellij failed: zellij support is not installed"
  fi
fi

data="${XDG_DATA_HOME:-$HOME/.local/share}"
config="${XDG_CONFIG_HOME:-$HOME/.config}"
say "installing the completions and man pages"
# Each script runs ring-tmux at each Tab (session ids and labels complete too).
put() { # put FILE COMMAND...: COMMAND's output, atomically into FILE
  local file="$1"; shift
  mkdir -p "$(dirname "$file")"
  "$@" >"$file.new.$$" && mv -f "$file.new.$$" "$file"
}
put "$data/bash-completion/completions/ring-tmux" "$bin" completions bash
put "$data/zsh/site-functions/_ring-tmux" "$bin" completions zsh
put "$config/fish/completions/ring-tmux.fish" "$bin" completions fish
"$bin" man --dir "$data/man/man1"
echo "  bash: $data/bash-completion/completions/ring-tmux"
echo "  zsh:  $data/zsh/site-functions/_ring-tmux (add that folder to fpath before compinit if it is not there)"
echo "  fish: $config/fish/completions/ring-tmux.fish"
echo "  man:  $data/man/man1/ring-tmux.1 (man ring-tmux)"

cat <<EOF

ring is installed: $bin

tmux: add this line to ~/.tmux.conf, then run \`tmux source-file ~/.tmux.conf\`:

    run-shell $repo/ring.tmux

  or, with TPM:

    set -g @plugin 'ring-status/ring'

  and put the placeholders where you want them, e.g.
    set -g status-right '#{ring_status} %H:%M'
EOF
if [ -n "$layout_hint" ]; then
  printf '\nzellij: start a session with the ring layout:\n\n    %s\n' "$layout_hint"
fi
case ":$PATH:" in
  *":$prefix:"*) ;;
  *) printf '\nNote: %s is not on your PATH. Add to your shell profile:\n\n    export PATH="%s:$PATH"\n' "$prefix" "$prefix" ;;
esac
printf '\nCheck everything with: ring-tmux doctor. Remove ring with: ring-tmux uninstall\n'
