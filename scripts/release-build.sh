#!/usr/bin/env bash
# Builds ring's release artifacts into a folder, the way the release workflow does
# (.github/workflows/release.yml runs this script on each runner; scripts/ci.sh runs it for
# what this machine can build and checks the result):
#
#   scripts/release-build.sh [--out DIR] [--target TRIPLE]... [--wasm] [--sums]
#
#   --target TRIPLE  build ring-tmux for TRIPLE, statically linked where the platform allows
#                    (Linux: *-unknown-linux-musl; macOS links libSystem dynamically, as every
#                    macOS binary must), into DIR/ring-tmux-VERSION-TRIPLE.tar.gz
#   --wasm           build the zellij plugin into DIR/ring.wasm
#   --sums           write DIR/SHA256SUMS for every file in DIR (run it last, after every build)
#   --out DIR        where artifacts go (default: target/dist)
#
# Each archive holds one folder, ring-tmux-VERSION-TRIPLE/, laid out like a prefix:
# `bin/ring-tmux`, `share/ring/ring.wasm` (when DIR/ring.wasm exists: where
# `ring-tmux install-zellij` looks next to an installed binary) and `share/doc/ring/`
# (README.md, LICENSE). So `tar -xzf … -C ~/.local --strip-components=1` installs it.
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
sums=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift ;;
    --target) targets+=("$2"); shift ;;
    --wasm) wasm=1 ;;
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
target_dir="${CARGO_TARGET_DIR:-$PWD/target}"

if [ "$wasm" = 1 ]; then
  cargo build --release --locked -p ring-plugin --target wasm32-wasip1
  cp "$target_dir/wasm32-wasip1/release/ring-plugin.wasm" "$out/ring.wasm"
  echo "release-build.sh: $out/ring.wasm"
fi

for triple in "${targets[@]}"; do
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
  RUSTFLAGS="$flags" cargo "${build[@]}" --release --locked -p ring-tmux --target "$triple"
  stage="$(mktemp -d)"
  name="ring-tmux-$version-$triple"
  mkdir -p "$stage/$name/bin" "$stage/$name/share/doc/ring"
  cp "$target_dir/$triple/release/ring-tmux" "$stage/$name/bin/"
  cp README.md LICENSE "$stage/$name/share/doc/ring/"
  if [ -f "$out/ring.wasm" ]; then
    mkdir -p "$stage/$name/share/ring"
    cp "$out/ring.wasm" "$stage/$name/share/ring/ring.wasm"
  fi
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
