#!/usr/bin/env bash
# Checks a folder of release artifacts (scripts/release-build.sh's DIR) before anything is
# published. The release workflow and scripts/ci.sh both run this script, so what CI accepts
# and what a release accepts cannot drift apart:
#
#   scripts/release-check.sh DIR
#
# * DIR/SHA256SUMS, when there, matches every file it lists;
# * each ring-tmux-*-TRIPLE.tar.gz holds one folder ring-tmux-VERSION-TRIPLE/ with
#   bin/ring-tmux; a Linux (musl) binary is static: `file` says "statically linked" or
#   "static-pie linked" (the musl target links static-pie) and ldd lists no library; a binary
#   this machine can run prints `ring-tmux VERSION` for --version;
# * each archive is a whole install (README, "Installing from a release"): share/ring/ring.tmux,
#   the man pages (share/man/man1/ring-tmux.1, …), the bash, zsh and fish completions; a
#   binary this machine can run serves its web page whole (scripts/check-page.sh: the wasm
#   module answers 200 as application/wasm);
# * DIR/ring.wasm, when there, is WebAssembly, and each archive's share/ring/ring.wasm is
#   that same file.
set -euo pipefail

[ $# -eq 1 ] && [ -d "$1" ] || { echo "usage: scripts/release-check.sh DIR" >&2; exit 2; }
dir="$1"
fail() { echo "release-check.sh: $*" >&2; exit 1; }

if [ -f "$dir/SHA256SUMS" ]; then
  (cd "$dir" && sha256sum --check --strict --quiet SHA256SUMS) || fail "$dir/SHA256SUMS does not match"
  echo "release-check.sh: SHA256SUMS matches $(wc -l <"$dir/SHA256SUMS") files"
fi

if [ -f "$dir/ring.wasm" ]; then
  [ "$(head -c 4 "$dir/ring.wasm" | od -An -tx1 | tr -d ' \n')" = 0061736d ] \
    || fail "$dir/ring.wasm is not WebAssembly"
fi

host_arch="$(uname -m)"
host_os="$(uname -s)"
archives=0
for archive in "$dir"/ring-tmux-*.tar.gz; do
  [ -f "$archive" ] || continue
  archives=$((archives + 1))
  name="$(basename "$archive" .tar.gz)"
  # ring-tmux-VERSION-TRIPLE; a VERSION may hold dashes (0.2.0-rc.1), a TRIPLE starts with
  # its architecture.
  triple="$(echo "$name" | sed -E 's/^ring-tmux-.*-((x86_64|aarch64)-[a-z0-9_-]+)$/\1/')"
  version="${name#ring-tmux-}"
  version="${version%-"$triple"}"
  unpacked="$(mktemp -d)"
  tar -xzf "$archive" -C "$unpacked"
  [ "$(ls "$unpacked")" = "$name" ] || fail "$archive holds $(ls "$unpacked" | tr '\n' ' ')instead of one folder $name/"
  bin="$unpacked/$name/bin/ring-tmux"
  [ -x "$bin" ] || fail "$archive has no executable $name/bin/ring-tmux"
  case "$triple" in
    *-linux-musl*)
      kind="$(file -b "$bin")"
      case "$kind" in
        *"statically linked"* | *"static-pie linked"*) ;;
        *) fail "$archive: bin/ring-tmux is not static: $kind" ;;
      esac
      # glibc's ldd says "statically linked" (exit 0) for a static-pie, "not a dynamic
      # executable" (exit 1) for a plain static one or another architecture's binary;
      # anything else lists libraries.
      case "$(ldd "$bin" 2>&1 || true)" in
        *"statically linked"* | *"not a dynamic executable"*) ;;
        *) ldd "$bin" >&2 || true; fail "$archive: ldd lists libraries" ;;
      esac
      runs=0
      [ "$host_os" = Linux ] && [ "${triple%%-*}" = "$host_arch" ] && runs=1
      ;;
    *-apple-darwin)
      runs=0
      [ "$host_os" = Darwin ] && [ "${triple%%-*}" = "${host_arch/arm64/aarch64}" ] && runs=1
      ;;
    *) fail "$archive: unknown target $triple" ;;
  esac
  for part in share/ring/ring.tmux share/man/man1/ring-tmux.1 share/man/man1/ring-tmux-install-hooks.1 \
      share/bash-completion/completions/ring-tmux share/zsh/site-functions/_ring-tmux \
      share/fish/vendor_completions.d/ring-tmux.fish; do
    [ -s "$unpacked/$name/$part" ] || fail "$archive has no $name/$part (scripts/release-build.sh puts it there)"
  done
  [ -x "$unpacked/$name/share/ring/ring.tmux" ] || fail "$archive: share/ring/ring.tmux is not executable (tmux's run-shell runs it)"
  if [ "$runs" = 1 ]; then
    said="$("$bin" --version)"
    [ "$said" = "ring-tmux $version" ] || fail "$archive: --version says '$said', not 'ring-tmux $version'"
    "$(dirname "$0")/check-page.sh" "$bin" || fail "$archive: bin/ring-tmux does not serve its web page whole"
  fi
  if [ -f "$dir/ring.wasm" ]; then
    cmp -s "$dir/ring.wasm" "$unpacked/$name/share/ring/ring.wasm" \
      || fail "$archive: share/ring/ring.wasm is missing or not $dir/ring.wasm"
  fi
  rm -rf "$unpacked"
  echo "release-check.sh: $name ok$([ "$runs" = 1 ] && echo ", runs" || true)"
done
[ "$archives" -gt 0 ] || [ -f "$dir/ring.wasm" ] || fail "no ring-tmux-*.tar.gz or ring.wasm in $dir"
