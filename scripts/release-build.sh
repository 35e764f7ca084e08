#!/usr/bin/env bash
# Builds ring's release artifacts into a folder, the way the release workflow does
# (.github/workflows/release.yml runs this script on each runner; scripts/ci.sh runs it for
# what this machine can build and checks the result):
#
#   scripts/release-build.sh [--out DIR] [--web] [--target TRIPLE]... [--wasm] [--sums]
#
#   --web            build the web page's wasm module (ring-web through wasm-bindgen,
#                    scripts/build-web.sh) into target/web/pkg, which every --target build
#                    embeds into ring-tmux (RING_WEB_PKG names another folder); an archive is
#                    never built without it
#   --target TRIPLE  build ring-tmux for TRIPLE, statically linked where the platform allows
#                    (Linux: *-unknown-linux-musl; macOS links libSystem dynamically, as every
#                    macOS binary must), into DIR/ring-tmux-VERSION-TRIPLE.tar.gz
#   --wasm           build the zellij plugin into DIR/ring.wasm
#   --sums           write DIR/SHA256SUMS for every file in DIR (run it last, after every build)
#   --out DIR        where artifacts go (default: target/dist)
#
# Each archive holds one folder, ring-tmux-VERSION-TRIPLE/, laid out like a prefix, so that
# `tar -xzf … -C ~/.local --strip-components=1` installs all of ring:
#   bin/ring-tmux                              (the web page embedded)
#   share/ring/ring.tmux                       (`run-shell ~/.local/share/ring/ring.tmux`; it
#                                               finds ../../bin/ring-tmux)
#   share/ring/ring.wasm                       (when DIR/ring.wasm exists: where
#                                               `ring-tmux install-zellij` looks)
#   share/man/man1/ring-tmux*.1                (man finds ~/.local/share/man from ~/.local/bin)
#   share/bash-completion/completions/ring-tmux, share/zsh/site-functions/_ring-tmux,
#   share/fish/vendor_completions.d/ring-tmux.fish
#   share/doc/ring/                            (README.md, LICENSE)
# cargo-binstall finds the archives by the names in ring-tmux's [package.metadata.binstall].
#
# Only what the host can build is built here: x86_64-unknown-linux-musl on a Linux x86_64
# machine with the musl target (rustup target add x86_64-unknown-linux-musl) and musl-gcc
# (musl-tools: rusqlite compiles SQLite's C); aarch64-unknown-linux-musl with that target and
# cargo-zigbuild + zig on PATH (scripts/release-tools.txt). macOS is built by the workflow's
# runners.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/dist
targets=()
wasm=0
web=0
sums=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift ;;
    --target) targets+=("$2"); shift ;;
    --wasm) wasm=1 ;;
    --web) web=1 ;;
    --sums) sums=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "release-build.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)"
[ -n "$version" ] || { echo "release-build.sh: no version in Cargo.toml" >&2; exit 1; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# Where cargo builds (CARGO_TARGET_DIR, build.target-dir or target/): ask it.
target_dir="$(cargo metadata --no-deps --format-version 1 --locked | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
[ -n "$target_dir" ] || { echo "release-build.sh: cargo metadata names no target directory" >&2; exit 1; }

if [ "$web" = 1 ]; then
  scripts/build-web.sh --out "$target_dir/web"
fi
web_pkg="${RING_WEB_PKG:-$target_dir/web/pkg}"

if [ "$wasm" = 1 ]; then
  cargo build --release --locked -p ring-plugin --target wasm32-wasip1
  cp "$target_dir/wasm32-wasip1/release/ring-plugin.wasm" "$out/ring.wasm"
  echo "release-build.sh: $out/ring.wasm"
fi

# Runs a ring-tmux that works on this machine (the man pages and completions are the same for
# every target): the archive's own when it runs here, else a build for this machine.
host_ring_tmux() {
  local bin="$1"; shift
  if "$bin" --version >/dev/null 2>&1; then
    "$bin" "$@"
  else
    RING_WEB_PKG="$web_pkg" cargo run --quiet --locked -p ring-tmux -- "$@"
  fi
}

for triple in "${targets[@]}"; do
  for f in ring_web.js ring_web_bg.wasm; do
    [ -f "$web_pkg/$f" ] || {
      echo "release-build.sh: $web_pkg/$f is missing: an archive must ship the web page whole;" \
        "build it first with --web (needs wasm-bindgen-cli, see scripts/build-web.sh --help)" >&2
      exit 1
    }
  done
  flags="${RUSTFLAGS:-}"
  case "$triple" in
    # musl links statically by default; said explicitly so a changed default cannot slip by.
    *-linux-musl*) flags="$flags -C target-feature=+crt-static" ;;
  esac
  build=(build)
  if [ "$triple" = aarch64-unknown-linux-musl ] && [ "$(uname -m)" != aarch64 ]; then
    # Cross-compiling (the workflow's x86_64 runner): `cargo zigbuild` uses zig as the C
    # compiler (SQLite) and linker, with zig's own musl for aarch64. Both come from PyPI,
    # pinned by version and hash in scripts/release-tools.txt.
    command -v cargo-zigbuild >/dev/null || {
      echo "release-build.sh: $triple needs cargo-zigbuild and zig:" \
        "pip install --require-hashes --only-binary :all: -r scripts/release-tools.txt" >&2
      exit 1
    }
    build=(zigbuild)
  fi
  RUSTFLAGS="$flags" RING_WEB_PKG="$web_pkg" cargo "${build[@]}" --release --locked -p ring-tmux --target "$triple"
  stage="$(mktemp -d)"
  name="ring-tmux-$version-$triple"
  root="$stage/$name"
  mkdir -p "$root/bin" "$root/share/doc/ring" "$root/share/ring" "$root/share/man/man1" \
    "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" \
    "$root/share/fish/vendor_completions.d"
  cp "$target_dir/$triple/release/ring-tmux" "$root/bin/"
  cp README.md LICENSE "$root/share/doc/ring/"
  cp ring.tmux "$root/share/ring/ring.tmux"
  # ring.tmux builds with scripts/install.sh only when it finds no binary; next to bin/ it
  # always finds one.
  if [ -f "$out/ring.wasm" ]; then
    cp "$out/ring.wasm" "$root/share/ring/ring.wasm"
  fi
  host_ring_tmux "$root/bin/ring-tmux" man --dir "$root/share/man/man1" >/dev/null
  host_ring_tmux "$root/bin/ring-tmux" completions bash >"$root/share/bash-completion/completions/ring-tmux"
  host_ring_tmux "$root/bin/ring-tmux" completions zsh >"$root/share/zsh/site-functions/_ring-tmux"
  host_ring_tmux "$root/bin/ring-tmux" completions fish >"$root/share/fish/vendor_completions.d/ring-tmux.fish"
  tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
  rm -rf "$stage"
  echo "release-build.sh: $out/$name.tar.gz"
done

if [ "$sums" = 1 ]; then
  (
    cd "$out"
    rm -f SHA256SUMS
    files=()
    for f in *; do [ -f "$f" ] && files+=("$f"); done
    [ ${#files[@]} -gt 0 ] || { echo "release-build.sh: nothing to sum in $out" >&2; exit 1; }
    if command -v sha256sum >/dev/null; then sha256sum "${files[@]}"; else shasum -a 256 "${files[@]}"; fi >SHA256SUMS
  )
  echo "release-build.sh: $out/SHA256SUMS"
fi
