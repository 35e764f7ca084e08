#!/usr/bin/env bash
# The real-agent suite: the real Claude Code, Codex CLI, Gemini CLI and OpenCode (pinned npm
# packages), offline against scripted mock model servers on 127.0.0.1, interactive in real tmux servers with
# ring.tmux loaded and ring's hooks installed by `ring-tmux install-hooks` in throwaway HOMEs.
# Every step compares what the screen shows with ring's board (`json --all`) and the pane's
# badge (`@ring_state` / `@ring_kind`); then one Claude scenario inside a real zellij with ring's
# plugin, comparing the screen with the board and ring's zellij bar. See
# scripts/agents/*-FINDINGS.md.
#
#   scripts/e2e-agents.sh              install the agents if missing, run the suites, then
#                                      the zellij scenario (scripts/agents/zellij_scenario.py)
#   RING_AGENTS_ROOT=DIR               where the npm packages live (default ~/.cache/ring-ci/agents)
#   RING_CI_NO_INSTALL=1               never install: fail when the pinned agents are missing
set -euo pipefail
cd "$(dirname "$0")/.."

CLAUDE_VERSION=2.1.328
CODEX_VERSION=0.169.0
OPENCODE_VERSION=1.18.33
GEMINI_VERSION=0.61.0
AGENTS="${RING_AGENTS_ROOT:-$HOME/.cache/ring-ci/agents}"
BIN="$AGENTS/node_modules/.bin"

installed_version() { # package → its installed version, or nothing
  local manifest="$AGENTS/node_modules/$1/package.json"
  [ -f "$manifest" ] && python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$manifest"
}

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
for tool in claude codex gemini opencode; do
  "$BIN/$tool" --version >/dev/null 2>&1 ||
    { echo "e2e-agents: $BIN/$tool does not run" >&2; exit 1; }
done
echo "agents: $("$BIN/claude" --version), $("$BIN/codex" --version), Gemini CLI $("$BIN/gemini" --version), OpenCode $("$BIN/opencode" --version)"

cargo build -p ring-tmux --locked --quiet
export RING_BIN="$PWD/target/debug/ring-tmux" RING_AGENTS_BIN="$BIN"

# The two suites share nothing (own HOMEs, tmux sockets and mock servers): run them side by
# side, then print each log whole.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
python3 scripts/agents/claude_scenarios.py --no-fixtures >"$logs/claude" 2>&1 &
claude=$!
python3 scripts/agents/codex_scenarios.py --no-fixtures --no-probe >"$logs/codex" 2>&1 &
codex=$!
python3 scripts/agents/opencode_scenarios.py >"$logs/opencode" 2>&1 &
opencode=$!
python3 scripts/agents/gemini_scenarios.py --no-fixtures >"$logs/gemini" 2>&1 &
gemini=$!
claude_rc=0
codex_rc=0
opencode_rc=0
gemini_rc=0
wait "$claude" || claude_rc=$?
wait "$codex" || codex_rc=$?
wait "$opencode" || opencode_rc=$?
wait "$gemini" || gemini_rc=$?

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
retry "$claude_rc" "$logs/claude" python3 scripts/agents/claude_scenarios.py --no-fixtures || status=1
retry "$codex_rc" "$logs/codex" python3 scripts/agents/codex_scenarios.py --no-fixtures --no-probe || status=1
retry "$opencode_rc" "$logs/opencode" python3 scripts/agents/opencode_scenarios.py || status=1
retry "$gemini_rc" "$logs/gemini" python3 scripts/agents/gemini_scenarios.py --no-fixtures || status=1
# Then, alone: Claude Code inside a real zellij with ring's plugin (the bar as well as the
# board; zellij from RING_ZELLIJ or ~/.cache/ring-ci/zellij, the plugin built if missing).
if ! python3 scripts/agents/zellij_scenario.py >"$logs/zellij" 2>&1; then
  if grep -q '^FAIL ' "$logs/zellij"; then
    sed -i -E 's#^(PASS|FAIL) #first try: \1 #' "$logs/zellij"
    echo "(again)" >>"$logs/zellij"
    python3 scripts/agents/zellij_scenario.py >>"$logs/zellij" 2>&1 || status=1
  else
    status=1
  fi
fi
# Then, alone: OpenCode inside a real zellij with ring's plugin (the same world).
if ! python3 scripts/agents/opencode_zellij.py >"$logs/opencode-zellij" 2>&1; then
  if grep -q '^FAIL ' "$logs/opencode-zellij"; then
    sed -i -E 's#^(PASS|FAIL) #first try: \1 #' "$logs/opencode-zellij"
    echo "(again)" >>"$logs/opencode-zellij"
    python3 scripts/agents/opencode_zellij.py >>"$logs/opencode-zellij" 2>&1 || status=1
  else
    status=1
  fi
fi
echo "--- Claude Code $CLAUDE_VERSION"
cat "$logs/claude"
echo "--- Codex CLI $CODEX_VERSION"
cat "$logs/codex"
echo "--- OpenCode $OPENCODE_VERSION"
cat "$logs/opencode"
echo "--- Gemini CLI $GEMINI_VERSION"
cat "$logs/gemini"
echo "--- Claude Code $CLAUDE_VERSION in zellij with ring's plugin"
cat "$logs/zellij"
echo "--- OpenCode $OPENCODE_VERSION in zellij with ring's plugin"
cat "$logs/opencode-zellij"
passed=$(cat "$logs/claude" "$logs/codex" "$logs/opencode" "$logs/gemini" "$logs/zellij" "$logs/opencode-zellij" | grep -c '^PASS ' || true)
failed=$(cat "$logs/claude" "$logs/codex" "$logs/opencode" "$logs/gemini" "$logs/zellij" "$logs/opencode-zellij" | grep -c '^FAIL ' || true)
retried=$(cat "$logs/claude" "$logs/codex" "$logs/opencode" "$logs/gemini" "$logs/zellij" "$logs/opencode-zellij" | grep -c '^first try: FAIL ' || true)
[ "$failed" -eq 0 ] || status=1
echo "(steps that failed at first and passed when their scenario ran again alone: $retried)"
echo "agents: $passed passed, $failed failed"
exit "$status"
