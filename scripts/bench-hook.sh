#!/usr/bin/env bash
# Benchmark `ring-tmux hook` for one event against /bin/true, side by side in one hyperfine run.
#
# Budget (DESIGN.md): one hook event with no tmux push due within 2.5x the wall time of
# /bin/true run the same way. Both commands get the payload file as stdin through the same
# launcher, whose start-up hyperfine subtracts. The hook runs with no TMUX/ZELLIJ environment
# (no push), a fixed clock, a private ring folder whose row already exists (the steady state:
# read previous row, reduce, atomic replace), and no transcript.
#
# Usage: scripts/bench-hook.sh [RUNS]   (default 2000; needs hyperfine)
#        BENCH_HOOK_BIN=PATH  benchmark that binary instead of building target/release
#        BENCH_HOOK_OUT=FILE  write the markdown there instead
# Output: a table on stdout and target/bench/bench-hook.md (markdown export).
set -euo pipefail

runs="${1:-2000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${BENCH_HOOK_OUT:-$root/target/bench/bench-hook.md}"

command -v hyperfine >/dev/null || { echo "bench-hook: hyperfine is not installed" >&2; exit 1; }

# BENCH_HOOK_BIN=/path/to/ring-tmux measures that binary instead (e.g. a static build).
if [ -n "${BENCH_HOOK_BIN:-}" ]; then
    bin="$BENCH_HOOK_BIN"
else
    cargo build --release -p ring-tmux --manifest-path "$root/Cargo.toml" >&2
    bin="$root/target/release/ring-tmux"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home"
# A PreToolUse with a tool and a command: the ordinary per-tool-call event.
cat >"$work/payload.json" <<'JSON'
{"session_id": "bench-0001", "hook_event_name": "PreToolUse", "cwd": "/repo/app", "tool_name": "Bash", "tool_input": {"command": "cargo test -p ring-shared"}}
JSON

# hyperfine 1.15 (Debian bookworm) has no --input and gives commands an empty stdin under
# --shell=none. So both commands run through the same tiny "shell", `stdin-from`, which opens
# the payload as stdin and execs the command (no shell parsing, no fork). hyperfine measures
# that shell's own start-up (`stdin-from payload -c ''`, which execs nothing) and subtracts it,
# so what remains is exec + run of /bin/true vs exec + run of the hook, each fed the payload.
cat >"$work/stdin-from.rs" <<'RS'
use std::os::unix::process::CommandExt;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    // stdin-from FILE -c "[!VAR]… PROGRAM ARGS…"   (!VAR: run without VAR in the environment)
    let mut words = args.get(3).map(String::as_str).unwrap_or("").split_whitespace().peekable();
    let mut unset = Vec::new();
    while let Some(var) = words.peek().and_then(|w| w.strip_prefix('!')) {
        unset.push(var.to_owned());
        words.next();
    }
    let Some(program) = words.next() else { return };
    let stdin = std::fs::File::open(&args[1]).expect("payload");
    let mut cmd = std::process::Command::new(program);
    for var in unset {
        cmd.env_remove(var);
    }
    let err = cmd.args(words).stdin(stdin).exec();
    panic!("exec {}: {}", program, err);
}
RS
rustc --edition 2021 -O -o "$work/stdin-from" "$work/stdin-from.rs"

export HOME="$work/home" RING_HOME="$work/ring" RING_NOW=1700000000.0
# No terminal probe and no process walk: measure the hook, not this machine's process tree.
export RING_STDIN_TTY="" RING_AGENT_TTY=""
unset TMUX TMUX_PANE ZELLIJ ZELLIJ_SESSION_NAME ZELLIJ_PANE_ID RING_DEBUG_PAYLOAD_LOG

# Steady state: the row exists before the timed runs.
"$bin" hook <"$work/payload.json"
test -f "$work/ring/sessions/bench-0001.json" || { echo "bench-hook: the hook wrote no row" >&2; exit 1; }

mkdir -p "$(dirname "$out")"

hyperfine --shell="$work/stdin-from $work/payload.json" --warmup 200 --runs "$runs" \
    --export-markdown "$work/table.md" \
    -n '/bin/true' '/bin/true' \
    -n 'ring-tmux hook (one event, no push)' "$bin hook" \
    -n 'same, with the /proc walk (no agent found)' "!RING_AGENT_TTY $bin hook"

{
    echo "# ring-tmux hook benchmark"
    echo
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), binary \`$(file -b "$bin" | cut -d, -f1-2)\`"
    echo "${runs} runs each after 200 warmup runs,"
    echo "both exec'd by the same minimal launcher with the payload as stdin; hyperfine subtracts"
    echo "the launcher's own start-up (see scripts/bench-hook.sh)."
    echo "Budget: hook ≤ 2.5× /bin/true. The first hook row skips tty discovery (RING_AGENT_TTY=\"\"),"
    echo "the second walks /proc up from its parent as in production, without finding an agent"
    echo "(the longest walk; under a real agent it stops after one or two steps)."
    echo
    cat "$work/table.md"
} >"$out"
echo "bench-hook: wrote $out" >&2
