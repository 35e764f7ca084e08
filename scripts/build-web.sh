#!/usr/bin/env bash
# Builds ring-web (the board from a snapshot, for JavaScript) with wasm-bindgen:
#
#   scripts/build-web.sh [--out DIR]       (default DIR: target/web)
#
#   DIR/pkg/  --target web: ring_web.js (an ES module) + ring_web_bg.wasm + ring_web.d.ts,
#             for `ring-tmux serve`'s page: `import init, {view} from "./ring_web.js";
#             await init();`
#   DIR/npm/  the npm package @ring-status/view: the --target nodejs build at its root
#             (`require("@ring-status/view")`), the web build under web/
#             (`import init from "@ring-status/view/web"`), package.json (version from
#             Cargo), README.md, LICENSE. `npm pack DIR/npm` makes the tarball.
#
# The wasm-bindgen CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock
# (the glue it writes and the crate's exports are one protocol). It is taken from
# $RING_WASM_BINDGEN, else ~/.cache/ring-ci/wasm-bindgen/bin (where scripts/ci.sh installs
# it), else PATH; install it with
#   cargo install wasm-bindgen-cli --version VERSION --root ~/.cache/ring-ci/wasm-bindgen
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/web
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "build-web.sh: unknown argument '$1'; see scripts/build-web.sh --help" >&2; exit 2 ;;
  esac
done

# The wasm-bindgen version Cargo.lock pins (the crate's `=` requirement keeps it there).
want="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[ -n "$want" ] || { echo "build-web.sh: no wasm-bindgen in Cargo.lock; run cargo build -p ring-web first" >&2; exit 1; }
bindgen="${RING_WASM_BINDGEN:-}"
if [ -z "$bindgen" ]; then
  for candidate in "$HOME/.cache/ring-ci/wasm-bindgen/bin/wasm-bindgen" "$(command -v wasm-bindgen || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then bindgen="$candidate"; break; fi
  done
fi
[ -n "$bindgen" ] || {
  echo "build-web.sh: wasm-bindgen $want is not installed; cargo install wasm-bindgen-cli --version $want --root ~/.cache/ring-ci/wasm-bindgen" >&2
  exit 1
}
have="$("$bindgen" --version 2>/dev/null | awk '{ print $2 }')"
[ "$have" = "$want" ] || {
  echo "build-web.sh: $bindgen is wasm-bindgen ${have:-unknown}, Cargo.lock has $want; install wasm-bindgen-cli $want (see --help)" >&2
  exit 1
}

cargo build -p ring-web --target wasm32-unknown-unknown --profile web --locked
# Where cargo put it (CARGO_TARGET_DIR and build.target-dir move it out of target/).
target_dir="$(cargo metadata --no-deps --format-version 1 --locked | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
wasm="${target_dir:-target}/wasm32-unknown-unknown/web/ring_web.wasm"
version="$(awk -F'"' '/^\[workspace.package\]/ { on = 1 } on && /^version = / { print $2; exit }' Cargo.toml)"

# The names section is debugging help a page need not download (a tenth of the module).
strip_flags=(--remove-name-section --remove-producers-section)
rm -rf "$out/pkg" "$out/npm"
mkdir -p "$out"
"$bindgen" "${strip_flags[@]}" --target web --out-dir "$out/pkg" "$wasm"
"$bindgen" "${strip_flags[@]}" --target nodejs --out-dir "$out/npm" "$wasm"
"$bindgen" "${strip_flags[@]}" --target web --out-dir "$out/npm/web" "$wasm"
# web/ is ES modules inside a CommonJS package.
printf '{ "type": "module" }\n' >"$out/npm/web/package.json"
sed "s/@VERSION@/$version/" ring-web/js/package.json >"$out/npm/package.json"
cp ring-web/js/README.md "$out/npm/README.md"
cp LICENSE "$out/npm/LICENSE"
echo "build-web.sh: wasm-bindgen $have; $out/pkg (web) and $out/npm (@ring-status/view $version)"
