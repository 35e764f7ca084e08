#!/usr/bin/env bash
# Side-by-side with RiNG 0.17.2 (the Python tool ring is compatible with): one hook event and a
# 100-row `oneline`, each in one hyperfine run with /bin/true, ring-tmux and RiNG.
#
# RiNG is installed once, outside the repository, into ~/.cache/ring-bench/venv
# (pip, ring-cli 0.17.2; it declares Python 3.13 but runs unchanged on 3.11, spec §9.6).
#
# Usage: scripts/bench-vs-ring.sh [RUNS]   (default 50: RiNG takes ~0.2 s a call)
set -euo pipefail

runs="${1:-50}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${BENCH_RING_OUT:-$root/target/bench-vs-ring.md}"
venv="${RING_BENCH_VENV:-$HOME/.cache/ring-bench/venv}"

command -v hyperfine >/dev/null || { echo "bench-vs-ring: install hyperfine (apt-get install -y hyperfine)" >&2; exit 1; }
if [ ! -x "$venv/bin/ring" ]; then
    echo "installing RiNG 0.17.2 into $venv" >&2
    wheels="$(mktemp -d)"
    pip download -q --no-deps -d "$wheels" "ring-cli==0.17.2" --python-version 3.13 --only-binary=:all:
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --ignore-requires-python "$wheels"/*.whl
    rm -rf "$wheels"
fi

cargo build --release -p ring-tmux --manifest-path "$root/Cargo.toml" >&2
bin="$root/target/release/ring-tmux"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Both tools share one registry: $HOME/.config/ring (RiNG's fixed place, ring's default).
export HOME="$work/home"
mkdir -p "$HOME/.config/ring"
echo 'notify_backend = "none"' >"$HOME/.config/ring/config.toml"
unset RING_HOME RING_NOW RING_PROCS TMUX TMUX_PANE ZELLIJ ZELLIJ_SESSION_NAME ZELLIJ_PANE_ID

payload='{"session_id": "bench-0001", "hook_event_name": "PreToolUse", "cwd": "/repo/app", "tool_name": "Bash", "tool_input": {"command": "cargo test"}}'
echo "$payload" >"$work/payload.json"
"$bin" hook <"$work/payload.json"

# 100 rows written through the real hook, spread over 20 projects and the three live states.
for i in $(seq 1 100); do
    case $((i % 3)) in
        0) ev='"hook_event_name": "Notification", "notification_type": "permission_prompt", "message": "needs permission"' ;;
        1) ev='"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "make"}' ;;
        2) ev='"hook_event_name": "Stop"' ;;
    esac
    echo "{\"session_id\": \"s$i\", \"cwd\": \"/src/p$((i % 20))\", $ev}" | "$bin" hook
done

# hyperfine 1.15 (Debian 12) has no --input: feed stdin through its shell, whose start-up
# hyperfine measures and subtracts, identically for the three commands.
hyperfine --warmup 5 --runs "$runs" --export-markdown "$work/hook.md" \
    -n '/bin/true' "/bin/true <$work/payload.json" \
    -n 'ring-tmux hook' "$bin hook <$work/payload.json" \
    -n 'RiNG ring hook' "$venv/bin/ring hook <$work/payload.json"

hyperfine -N --warmup 5 --runs "$runs" --export-markdown "$work/oneline.md" \
    -n '/bin/true' '/bin/true' \
    -n 'ring-tmux oneline (100 rows)' "$bin oneline" \
    -n 'RiNG ring --format oneline (100 rows)' "$venv/bin/ring --format oneline"

{
    echo "## Side by side with RiNG 0.17.2"
    echo
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, $runs runs each (scripts/bench-vs-ring.sh)."
    echo
    echo "### One hook event (PreToolUse, existing row)"
    echo
    cat "$work/hook.md"
    echo
    echo "### oneline over 100 rows, liveness on"
    echo
    cat "$work/oneline.md"
} >"$out"
cat "$out"
