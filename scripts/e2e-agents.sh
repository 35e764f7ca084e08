#!/usr/bin/env bash
# The real-agent suite: the real Claude Code, Codex CLI, Gemini CLI, OpenCode, Pi and GitHub
# Copilot CLI (pinned npm packages), offline against scripted mock model servers on 127.0.0.1, interactive in real tmux servers with
# ring.tmux loaded and ring's hooks installed by `ring-tmux install-hooks` in throwaway HOMEs.
# Every step compares what the screen shows with ring's board (`json --all`) and the pane's
# badge (`@ring_state` / `@ring_kind`); then one Claude scenario inside a real zellij with ring's
# plugin, comparing the screen with the board and ring's zellij bar, and the same for OpenCode and
# Copilot. See
# scripts/agents/*-FINDINGS.md.
#
#   scripts/e2e-agents.sh              install the agents if missing, run the suites, then
#                                      the zellij scenario (scripts/agents/zellij_scenario.py)
#   scripts/e2e-agents.sh --canary     the same suites twice: on the pinned agents, then on
#                                      whatever npm serves as `latest` today (installed into
#                                      RING_CANARY_ROOT), and prints which steps and which hook
#                                      payload shapes changed (scripts/agents/canary_compare.py);
#                                      the pins stay as they are. Exit 1 when anything changed.
#   RING_AGENTS_ROOT=DIR               where the npm packages live (default ~/.cache/ring-ci/agents)
#   RING_CI_NO_INSTALL=1               never install: fail when the pinned agents are missing
#   RING_E2E_AS_INSTALLED=1            run the agents in RING_AGENTS_ROOT whatever their versions
#                                      (no version check, nothing installed)
#   RING_E2E_SUITES="claude codex"     run only these suites (of claude codex opencode gemini pi
#                                      copilot zellij opencode-zellij copilot-zellij;
#                                      default all)
#   RING_E2E_OUT=DIR                   keep the suites' logs, the agents' versions and the hook
#                                      payload shapes (shapes.jsonl) in DIR
#   RING_CANARY_ROOT=DIR               --canary: where `latest` goes (default
#                                      ~/.cache/ring-ci/agents-latest; never the pinned folder)
#   RING_CANARY_BASELINE=DIR           --canary: compare with the agents installed in DIR (run
#                                      as installed) instead of the pins
#   RING_CANARY_OUT=DIR                --canary: where both runs are kept (default a new
#                                      temporary folder, printed)
set -euo pipefail
cd "$(dirname "$0")/.."

CLAUDE_VERSION=2.1.332
CODEX_VERSION=0.171.0
OPENCODE_VERSION=1.18.33
GEMINI_VERSION=0.61.0
PI_VERSION=0.73.1
COPILOT_VERSION=1.0.102
PACKAGES=(@anthropic-ai/claude-code @openai/codex @google/gemini-cli opencode-ai @mariozechner/pi-coding-agent @github/copilot)

if [ "${1:-}" = --canary ]; then
  latest_root="${RING_CANARY_ROOT:-$HOME/.cache/ring-ci/agents-latest}"
  pinned_root="${RING_AGENTS_ROOT:-$HOME/.cache/ring-ci/agents}"
  if [ "$(realpath -m "$latest_root")" = "$(realpath -m "$pinned_root")" ]; then
    echo "e2e-agents --canary: RING_CANARY_ROOT must not be the pinned agents' folder ($pinned_root)" >&2
    exit 2
  fi
  out="${RING_CANARY_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/ring-canary.XXXXXX")}"
  mkdir -p "$out" "$latest_root"
  command -v npm >/dev/null ||
    { echo "e2e-agents --canary: npm is missing; install Node.js >= 20 with npm and re-run" >&2; exit 1; }
  echo "canary: installing ${PACKAGES[*]/%/@latest} into $latest_root"
  npm install --prefix "$latest_root" --no-audit --no-fund --loglevel=error \
    "${PACKAGES[@]/%/@latest}" >/dev/null ||
    { echo "e2e-agents --canary: npm could not install the latest agents" >&2; exit 1; }
  if [ -n "${RING_CANARY_BASELINE:-}" ]; then
    echo "canary: baseline run on the agents in $RING_CANARY_BASELINE (as installed) → $out/pinned"
    RING_AGENTS_ROOT="$RING_CANARY_BASELINE" RING_E2E_AS_INSTALLED=1 RING_E2E_OUT="$out/pinned" \
      "$0" >"$out/pinned.txt" 2>&1 || true
  else
    echo "canary: pinned run → $out/pinned"
    RING_E2E_OUT="$out/pinned" "$0" >"$out/pinned.txt" 2>&1 || true
  fi
  tail -n 1 "$out/pinned.txt"
  echo "canary: latest run → $out/latest"
  RING_AGENTS_ROOT="$latest_root" RING_E2E_AS_INSTALLED=1 RING_E2E_OUT="$out/latest" \
    "$0" >"$out/latest.txt" 2>&1 || true
  tail -n 1 "$out/latest.txt"
  echo "--- canary: latest against pinned (whole runs: $out/pinned.txt, $out/latest.txt)"
  exec python3 scripts/agents/canary_compare.py "$out/pinned" "$out/latest"
fi

AGENTS="${RING_AGENTS_ROOT:-$HOME/.cache/ring-ci/agents}"
BIN="$AGENTS/node_modules/.bin"
SUITES=" ${RING_E2E_SUITES:-claude codex opencode gemini pi copilot zellij opencode-zellij copilot-zellij} "
wants() { [[ "$SUITES" == *" $1 "* ]]; }

installed_version() { # package → its installed version, or nothing
  local manifest="$AGENTS/node_modules/$1/package.json"
  [ -f "$manifest" ] && python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$manifest"
}

if [ "${RING_E2E_AS_INSTALLED:-0}" = 1 ]; then
  CLAUDE_VERSION=$(installed_version @anthropic-ai/claude-code || echo missing)
  CODEX_VERSION=$(installed_version @openai/codex || echo missing)
  GEMINI_VERSION=$(installed_version @google/gemini-cli || echo missing)
  OPENCODE_VERSION=$(installed_version opencode-ai || echo missing)
  PI_VERSION=$(installed_version @mariozechner/pi-coding-agent || echo missing)
  COPILOT_VERSION=$(installed_version @github/copilot || echo missing)
else
  if [ "$(installed_version @anthropic-ai/claude-code)" != "$CLAUDE_VERSION" ] ||
    [ "$(installed_version @openai/codex)" != "$CODEX_VERSION" ] ||
    [ "$(installed_version @google/gemini-cli)" != "$GEMINI_VERSION" ]; then
    if [ "${RING_CI_NO_INSTALL:-0}" = 1 ]; then
      echo "e2e-agents: Claude Code $CLAUDE_VERSION, Codex $CODEX_VERSION and Gemini CLI $GEMINI_VERSION are not all in $AGENTS" >&2
      exit 1
    fi
    if ! command -v npm >/dev/null; then
      { apt-get install -y nodejs npm || { apt-get update && apt-get install -y nodejs npm; }; } >/dev/null ||
        { echo "e2e-agents: npm is missing; install Node.js >= 20 with npm and re-run" >&2; exit 1; }
    fi
    mkdir -p "$AGENTS"
    echo "installing @anthropic-ai/claude-code@$CLAUDE_VERSION, @openai/codex@$CODEX_VERSION and @google/gemini-cli@$GEMINI_VERSION into $AGENTS"
    npm install --prefix "$AGENTS" --no-audit --no-fund --loglevel=error \
      "@anthropic-ai/claude-code@$CLAUDE_VERSION" "@openai/codex@$CODEX_VERSION" \
      "@google/gemini-cli@$GEMINI_VERSION" >/dev/null ||
      { echo "e2e-agents: npm could not install the agents" >&2; exit 1; }
  fi
  if [ "$(installed_version opencode-ai)" != "$OPENCODE_VERSION" ]; then
    if [ "${RING_CI_NO_INSTALL:-0}" = 1 ]; then
      echo "e2e-agents: OpenCode $OPENCODE_VERSION is not in $AGENTS" >&2
      exit 1
    fi
    mkdir -p "$AGENTS"
    echo "installing opencode-ai@$OPENCODE_VERSION into $AGENTS"
    npm install --prefix "$AGENTS" --no-audit --no-fund --loglevel=error \
      "opencode-ai@$OPENCODE_VERSION" >/dev/null ||
      { echo "e2e-agents: npm could not install OpenCode" >&2; exit 1; }
  fi
  if [ "$(installed_version @mariozechner/pi-coding-agent)" != "$PI_VERSION" ]; then
    if [ "${RING_CI_NO_INSTALL:-0}" = 1 ]; then
      echo "e2e-agents: Pi $PI_VERSION is not in $AGENTS" >&2
      exit 1
    fi
    mkdir -p "$AGENTS"
    echo "installing @mariozechner/pi-coding-agent@$PI_VERSION into $AGENTS"
    npm install --prefix "$AGENTS" --no-audit --no-fund --loglevel=error \
      "@mariozechner/pi-coding-agent@$PI_VERSION" >/dev/null ||
      { echo "e2e-agents: npm could not install Pi" >&2; exit 1; }
  fi
  if [ "$(installed_version @github/copilot)" != "$COPILOT_VERSION" ]; then
    if [ "${RING_CI_NO_INSTALL:-0}" = 1 ]; then
      echo "e2e-agents: GitHub Copilot CLI $COPILOT_VERSION is not in $AGENTS" >&2
      exit 1
    fi
    mkdir -p "$AGENTS"
    echo "installing @github/copilot@$COPILOT_VERSION into $AGENTS"
    npm install --prefix "$AGENTS" --no-audit --no-fund --loglevel=error \
      "@github/copilot@$COPILOT_VERSION" >/dev/null ||
      { echo "e2e-agents: npm could not install GitHub Copilot CLI" >&2; exit 1; }
  fi
fi
# Copilot unpacks its runtime (235 MB) on its first run, --version too: once, beside the agents.
export COPILOT_PKG_CACHE_HOME="$AGENTS/copilot-pkg"
for tool in claude codex gemini opencode pi copilot; do
  "$BIN/$tool" --version >/dev/null 2>&1 ||
    { echo "e2e-agents: $BIN/$tool does not run" >&2; exit 1; }
done
echo "agents: $("$BIN/claude" --version), $("$BIN/codex" --version), Gemini CLI $("$BIN/gemini" --version), OpenCode $("$BIN/opencode" --version), Pi $("$BIN/pi" --version 2>&1), $("$BIN/copilot" --version | head -n 1)"

cargo build -p ring-tmux --locked --quiet
export RING_BIN="$PWD/target/debug/ring-tmux" RING_AGENTS_BIN="$BIN"

if [ -n "${RING_E2E_OUT:-}" ]; then
  logs="$RING_E2E_OUT"
  mkdir -p "$logs"
  rm -f "$logs"/*.log "$logs/shapes.jsonl"
  printf 'Claude Code %s\nCodex %s\nGemini CLI %s\nOpenCode %s\nPi %s\nGitHub Copilot CLI %s\n' \
    "$CLAUDE_VERSION" "$CODEX_VERSION" "$GEMINI_VERSION" "$OPENCODE_VERSION" "$PI_VERSION" \
    "$COPILOT_VERSION" >"$logs/versions"
  # Every scenario appends the shapes of the hook payloads it saw (harness.save_shapes); the
  # Codex suite adds its recording hook on all of Codex's events for them.
  export RING_E2E_SHAPES="$logs/shapes.jsonl"
  codex_probe=()
else
  logs="$(mktemp -d)"
  trap 'rm -rf "$logs"' EXIT
  codex_probe=(--no-probe)
fi
# One suite: its name, then its runner and arguments.
declare -A RUNNER=(
  [claude]="scripts/agents/claude_scenarios.py --no-fixtures"
  [codex]="scripts/agents/codex_scenarios.py --no-fixtures ${codex_probe[*]}"
  [opencode]="scripts/agents/opencode_scenarios.py"
  [gemini]="scripts/agents/gemini_scenarios.py --no-fixtures"
  [pi]="scripts/agents/pi_scenarios.py"
  [zellij]="scripts/agents/zellij_scenario.py"
  [opencode-zellij]="scripts/agents/opencode_zellij.py"
  [copilot]="scripts/agents/copilot_scenarios.py"
  [copilot-zellij]="scripts/agents/copilot_zellij.py"
)
declare -A TITLE=(
  [claude]="Claude Code $CLAUDE_VERSION"
  [codex]="Codex CLI $CODEX_VERSION"
  [opencode]="OpenCode $OPENCODE_VERSION"
  [gemini]="Gemini CLI $GEMINI_VERSION"
  [pi]="Pi $PI_VERSION"
  [zellij]="Claude Code $CLAUDE_VERSION in zellij with ring's plugin"
  [opencode-zellij]="OpenCode $OPENCODE_VERSION in zellij with ring's plugin"
  [copilot]="GitHub Copilot CLI $COPILOT_VERSION"
  [copilot-zellij]="GitHub Copilot CLI $COPILOT_VERSION in zellij with ring's plugin"
)

# The five tmux suites share nothing (own HOMEs, tmux sockets and mock servers): run them side
# by side, then print each log whole.
declare -A PID=() RC=()
for suite in claude codex opencode gemini pi copilot; do
  wants "$suite" || continue
  # shellcheck disable=SC2086 # the runner's words
  python3 ${RUNNER[$suite]} >"$logs/$suite.log" 2>&1 &
  PID[$suite]=$!
done
for suite in "${!PID[@]}"; do
  RC[$suite]=0
  wait "${PID[$suite]}" || RC[$suite]=$?
done

# A real agent on a busy machine now and then misses a keystroke or a deadline. A scenario
# that failed runs once more, alone: its second run is what counts, and both are printed (the
# first run's lines of it marked "first try:"). A runner that failed without a FAIL line
# (it could not start) is not retried.
retry() { # first run's exit code, log, runner and its arguments (--only NAMES is added)
  local rc=$1 log=$2
  shift 2
  local failed
  failed=$(grep -oE '^FAIL [^/ ]+' "$log" | cut -d' ' -f2 | sort -u | paste -sd, -)
  [ -n "$failed" ] || return "$rc"
  for name in ${failed//,/ }; do
    sed -i -E "s#^(PASS|FAIL) ($name)/#first try: \1 \2/#" "$log"
  done
  echo "(again, alone: $failed)" >>"$log"
  "$@" --only "$failed" >>"$log" 2>&1
}
status=0
for suite in claude codex opencode gemini pi copilot; do
  wants "$suite" || continue
  # shellcheck disable=SC2086 # the runner's words
  retry "${RC[$suite]}" "$logs/$suite.log" python3 ${RUNNER[$suite]} || status=1
done
# Then, alone: Claude Code inside a real zellij with ring's plugin (the bar as well as the
# board; zellij from RING_ZELLIJ or ~/.cache/ring-ci/zellij, the plugin built if missing), and
# OpenCode and Copilot in the same world. A failed step runs the whole scenario once more.
# shellcheck disable=SC2086 # the runner's words
for suite in zellij opencode-zellij copilot-zellij; do
  wants "$suite" || continue
  log="$logs/$suite.log"
  if ! python3 ${RUNNER[$suite]} >"$log" 2>&1; then
    if grep -q '^FAIL ' "$log"; then
      sed -i -E 's#^(PASS|FAIL) #first try: \1 #' "$log"
      echo "(again)" >>"$log"
      python3 ${RUNNER[$suite]} >>"$log" 2>&1 || status=1
    else
      status=1
    fi
  fi
done
all=()
for suite in claude codex opencode gemini pi copilot zellij opencode-zellij copilot-zellij; do
  wants "$suite" || continue
  echo "--- ${TITLE[$suite]}"
  cat "$logs/$suite.log"
  all+=("$logs/$suite.log")
done
passed=$(cat "${all[@]}" | grep -c '^PASS ' || true)
failed=$(cat "${all[@]}" | grep -c '^FAIL ' || true)
retried=$(cat "${all[@]}" | grep -c '^first try: FAIL ' || true)
[ "$failed" -eq 0 ] || status=1
echo "(steps that failed at first and passed when their scenario ran again alone: $retried)"
echo "agents: $passed passed, $failed failed"
exit "$status"
