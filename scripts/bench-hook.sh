#!/usr/bin/env bash
# Benchmark `ring-tmux hook` for one event against /bin/true, side by side in one hyperfine run.
#
# Budget (DESIGN.md): one hook event with no tmux push due within 2.5x the wall time of
# /bin/true run the same way. Both commands get the payload file as stdin through the same
# launcher, whose start-up hyperfine subtracts. The hook runs with no TMUX/ZELLIJ environment
# (no push), a fixed clock, a private ring folder whose row already exists (the steady state:
# read previous row, reduce, atomic replace), and no transcript.
#
# Issue 11 item 9 (the agent never waits on tmux): a third hook row has a push due on every run
# (a private tmux server, $TMUX / $TMUX_PANE set, its row reset to idle before each run by
# --prepare, so the working event changes what the pane shows). The hook hands the push to a
# detached child and exits: the budget is 2x /bin/true. Every command gets the same --prepare
# (not timed). The push children (one tmux call each) run while later runs are timed: their
# CPU is part of what the figures show.
#
# Usage: scripts/bench-hook.sh [RUNS]   (default 2000; needs hyperfine)
#        BENCH_HOOK_BIN=PATH  benchmark that binary instead of building target/release
#        BENCH_HOOK_OUT=FILE  write the markdown there instead
# Output: a table on stdout, target/bench/bench-hook.md (markdown export) and, beside it,
# bench-hook.json (hyperfine's JSON: every run's time, for medians on a noisy machine).
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
    // stdin-from FILE -c "[!VAR | VAR=VALUE]… PROGRAM ARGS…"
    //   (!VAR: run without VAR in the environment; VAR=VALUE: with it set)
    let mut words = args.get(3).map(String::as_str).unwrap_or("").split_whitespace().peekable();
    let mut unset = Vec::new();
    let mut set = Vec::new();
    while let Some(word) = words.peek().copied() {
        if let Some(var) = word.strip_prefix('!') {
            unset.push(var.to_owned());
        } else if let Some((var, value)) = word.split_once('=').filter(|(v, _)| !v.contains('/')) {
            set.push((var.to_owned(), value.to_owned()));
        } else {
            break;
        }
        words.next();
    }
    let Some(program) = words.next() else { return };
    let stdin = std::fs::File::open(&args[1]).expect("payload");
    let mut cmd = std::process::Command::new(program);
    for var in unset {
        cmd.env_remove(var);
    }
    for (var, value) in set {
        cmd.env(var, value);
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

# A private tmux server for the push-due row, killed on exit.
server="ring-bench-$$"
tmux -L "$server" -f /dev/null new-session -d -s bench -x 80 -y 24
trap 'tmux -L "$server" kill-server 2>/dev/null; rm -rf "$work"' EXIT
socket="$(tmux -L "$server" display-message -p '#{socket_path}')"
push_env="RING_HOME=$work/ring-push TMUX=$socket,1,0 TMUX_PANE=%0"
# The row as a Stop left it (idle, on that server's pane): restored before every run.
echo '{"session_id": "bench-0001", "hook_event_name": "Stop", "cwd": "/repo/app"}' >"$work/stop.json"
env RING_HOME="$work/ring-push" TMUX="$socket,1,0" TMUX_PANE=%0 "$bin" hook <"$work/stop.json"
cp "$work/ring-push/sessions/bench-0001.json" "$work/idle-row.json"
"$work/stdin-from" "$work/payload.json" -c "$push_env $bin hook"
sleep 0.5
state="$(tmux -L "$server" display-message -p -t %0 '#{@ring_state}')"
test "$state" = working || { echo "bench-hook: the push did not reach tmux ($state)" >&2; exit 1; }
# Before every run of every command (not timed): restore the idle row. (A pause for the
# previous run's push child was tried: idle pauses between runs made even /bin/true's figures
# meaningless.)
prepare="cp $work/idle-row.json $work/ring-push/sessions/bench-0001.json"

mkdir -p "$(dirname "$out")"

hyperfine --shell="$work/stdin-from $work/payload.json" --warmup 200 --runs "$runs" \
    --export-markdown "$work/table.md" --export-json "${out%.md}.json" --prepare "$prepare" \
    -n '/bin/true' '/bin/true' \
    -n 'ring-tmux hook (one event, no push)' "$bin hook" \
    -n 'same, with the /proc walk (no agent found)' "!RING_AGENT_TTY $bin hook" \
    -n 'ring-tmux hook (one event, tmux push due)' "$push_env $bin hook"

{
    echo "# ring-tmux hook benchmark"
    echo
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), binary \`$(file -b "$bin" | cut -d, -f1-2)\`"
    echo "${runs} runs each after 200 warmup runs,"
    echo "both exec'd by the same minimal launcher with the payload as stdin; hyperfine subtracts"
    echo "the launcher's own start-up (see scripts/bench-hook.sh)."
    echo "Budget: hook ≤ 2.5× /bin/true, ≤ 2× with a push due. The first hook row skips tty discovery (RING_AGENT_TTY=\"\"),"
    echo "the second walks /proc up from its parent as in production, without finding an agent"
    echo "(the longest walk; under a real agent it stops after one or two steps). The last row has"
    echo "a tmux push due on every run (a private server; the row reset to idle before each run):"
    echo "the hook hands it to a detached child and exits."
    echo
    cat "$work/table.md"
} >"$out"
echo "bench-hook: wrote $out" >&2
