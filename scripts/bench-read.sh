#!/usr/bin/env bash
# Benchmark `ring-tmux oneline` over 10 / 100 / 1000 realistic registry rows, each size side by
# side with /bin/true in the same hyperfine run.
#
# Liveness is ON: RING_PROCS is unset, so every run scans this machine's /proc. The clock is the
# real one (rows are a few seconds to an hour old), HOME is private (no transcripts: the
# zero-config listing finds nothing), no tmux or zellij environment.
#
# Three states of ring's caches (RING_HOME/cache/):
#   steady   nothing changed since the last read: the row cache and the process memo hold
#            (a status bar between agent events);
#   hook     ring's hook recorded one event (rewrote one row) before each run: the usual
#            status refresh while agents work; the reader applies the hook's journal entry;
#   foreign  one row file replaced by rename before each run, as RiNG's hook does (no journal
#            entry: every row file is stat'ed, the changed one re-read);
#   changed  sessions/ touched before each run: every row file is stat'ed again, the process
#            memo holds;
#   cold     sessions/ changed and the process memo deleted: everything read from scratch.
#
# Budgets (DESIGN.md): 100 rows within 2.5x /bin/true, 1000 rows within 6x (10 rows: 2.5x),
# judged on `oneline` and `status` steady and right after a hook event. The other states
# (a foreign writer, a touched folder, no caches) are reported, not judged.
#
# BENCH_STATIC=1 measures the statically linked build that scripts/install.sh installs instead
# of the dynamic `cargo build --release` (no dynamic loader at start-up: about 0.3 ms less a run).
#
# Usage: scripts/bench-read.sh [RUNS]   (default 1000; needs hyperfine and python3)
# Output: tables on stdout and target/bench/bench-read.md; exit 1 if a budget is missed.
set -euo pipefail

runs="${1:-1000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${BENCH_READ_OUT:-$root/target/bench/bench-read.md}"

for tool in hyperfine python3; do
    command -v "$tool" >/dev/null || { echo "bench-read: $tool is not installed" >&2; exit 1; }
done

if [ "${BENCH_STATIC:-0}" = 1 ]; then
    triple="$(rustc -vV | sed -n 's/^host: //p')"
    # With an explicit --target, RUSTFLAGS reach only the binary, not the proc macros.
    RUSTFLAGS="-C target-feature=+crt-static" \
        cargo build --release -p ring-tmux --manifest-path "$root/Cargo.toml" --target "$triple" >&2
    bin="$root/target/$triple/release/ring-tmux"
    build="static (\`+crt-static\`, what scripts/install.sh installs)"
else
    cargo build --release -p ring-tmux --manifest-path "$root/Cargo.toml" >&2
    bin="$root/target/release/ring-tmux"
    build="dynamic (\`cargo build --release\`)"
fi

work="$(mktemp -d)"
agents=()
cleanup() {
    # Stop the stand-in agents by pid (never by name).
    [ "${#agents[@]}" -eq 0 ] || kill "${agents[@]}" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/home" "$work/bin"

# Live agents, so liveness keeps sessions on the board as it would under real agents: one
# process named `claude` (a copy of sleep) in each of the 30 project folders.
cp "$(command -v sleep)" "$work/bin/claude"
for i in $(seq -w 0 29); do
    mkdir -p "$work/home/src/project-$i"
    (cd "$work/home/src/project-$i" && exec "$work/bin/claude" 3600) </dev/null >/dev/null 2>&1 &
    agents+=("$!")
done

# Rows shaped like the hook writes them: Claude and Codex sessions over 30 projects, mostly
# idle/working, some waiting with a kind and a detail, transcripts that do not exist.
make_rows() {
    python3 - "$1" "$2" "$work/home" <<'PY'
import json, os, random, sys, time, uuid
n, sessions, home = int(sys.argv[1]), sys.argv[2], sys.argv[3]
os.makedirs(sessions, exist_ok=True)
rng = random.Random(n)
now = time.time()
projects = [f"{home}/src/project-{i:02d}" for i in range(30)]
actions = ["→ Bash: cargo test -p ring-shared", "→ Edit main.rs", "→ Read README.md",
           "Done. The parser now handles nested quotes.", "—"]
for i in range(n):
    codex = rng.random() < 0.2
    raw = str(uuid.UUID(int=rng.getrandbits(128)))
    sid = f"codex:{raw}" if codex else raw
    status = rng.choices(["waiting", "working", "idle"], [1, 3, 5])[0]
    at = now - rng.uniform(5, 3600)
    cwd = rng.choice(projects)
    row = {"session_id": sid, "provider": "codex" if codex else "claude-code", "cwd": cwd,
           "origin_cwd": cwd, "status": status,
           "last_event": {"waiting": "Notification", "working": "PreToolUse", "idle": "Stop"}[status],
           "last_active": at, "heartbeat_at": at, "last_action": rng.choice(actions),
           "hook_pid": rng.randint(1000, 99999),
           "source_path": f"{home}/.claude/projects/-src/{raw}.jsonl",
           "tmux_pane": f"%{rng.randint(0, 80)}", "tty": f"/dev/pts/{rng.randint(0, 40)}",
           "tmux_socket": "/tmp/tmux-1000/default"}
    if status == "waiting":
        row.update({"waiting_kind": rng.choice(["permission", "question", "plan"]),
                    "waiting_detail": "Bash: npm test -- --watch=false", "waiting_notified_at": at})
    with open(os.path.join(sessions, sid + ".json"), "w") as f:
        json.dump(row, f)
PY
}

export HOME="$work/home"
unset RING_PROCS RING_NOW TMUX TMUX_PANE ZELLIJ ZELLIJ_SESSION_NAME ZELLIJ_PANE_ID

{
    echo "# ring-tmux oneline benchmark (read path, liveness on)"
    echo
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg),"
    echo "$(ls /proc | grep -c '^[0-9]') processes in /proc, ${runs} runs per command after 100 warmup"
    echo "runs, \`hyperfine -N\` (no shell), each size one hyperfine run with /bin/true beside it."
    echo "Binary: $build."
    echo "steady: caches hold. after hook: ring's hook recorded one event before each run"
    echo "(oneline, and status). foreign: one row replaced by rename as RiNG does (no journal entry:"
    echo "every row stat'ed). changed: sessions/ touched (every row stat'ed). cold: also no process"
    echo "memo. status: \`ring-tmux status\` (the tmux segment, no tmux server: no repair)."
    echo "Budget judged on steady, status, and both after a hook event."
    echo
    echo "| rows | /bin/true | budget | | steady | ratio | status | ratio | after hook | ratio | status after hook | ratio | foreign | ratio | changed | ratio | cold | ratio |"
    echo "|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$work/summary.md"

status=0
for n in 10 100 1000; do
    export RING_HOME="$work/ring-$n"
    make_rows "$n" "$RING_HOME/sessions"
    # Let the folder's last change age past the row cache's racy window, then warm it.
    sleep 2.5
    line="$("$bin" oneline)"
    "$bin" oneline >/dev/null
    echo "bench-read: $n rows → '$line'" >&2
    printf 'touch %q\n' "$RING_HOME/sessions" >"$work/changed.sh"
    for one in "$RING_HOME"/sessions/*.json; do one="$(basename "$one")"; break; done
    printf 'cp %q %q && mv %q %q\n' "$RING_HOME/sessions/$one" "$RING_HOME/sessions/.bench.tmp" \
        "$RING_HOME/sessions/.bench.tmp" "$RING_HOME/sessions/$one" >"$work/foreign.sh"
    python3 -c 'import json, sys; print(json.dumps({"session_id": sys.argv[1], "hook_event_name": "PreToolUse",
        "cwd": sys.argv[2], "tool_name": "Bash", "tool_input": {"command": "cargo test"}}))' \
        "${one%.json}" "$work/home/src/project-00" >"$work/payload.json"
    printf '%q hook <%q\n' "$bin" "$work/payload.json" >"$work/onerow.sh"
    printf 'touch %q\nrm -f %q\n' "$RING_HOME/sessions" "$RING_HOME/cache/procs.bin" >"$work/cold.sh"
    hyperfine -N --warmup 100 --runs "$runs" --export-json "$work/$n.json" \
        --export-markdown "$work/$n.md" \
        -n '/bin/true' '/bin/true' \
        -n "steady ($n rows)" "$bin oneline" \
        -n "status, steady ($n rows)" "$bin status"
    hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/$n-onerow.json" \
        --prepare "sh $work/onerow.sh" -n "after a hook event ($n rows)" "$bin oneline"
    hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/$n-hookstatus.json" \
        --prepare "sh $work/onerow.sh" -n "status after a hook event ($n rows)" "$bin status"
    hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/$n-foreign.json" \
        --prepare "sh $work/foreign.sh" -n "foreign row ($n rows)" "$bin oneline"
    hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/$n-changed.json" \
        --prepare "sh $work/changed.sh" -n "changed ($n rows)" "$bin oneline"
    hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/$n-cold.json" \
        --prepare "sh $work/cold.sh" -n "cold ($n rows)" "$bin oneline"
    budget=$([ "$n" -ge 1000 ] && echo 6 || echo 2.5)
    python3 - "$work" "$n" "$budget" >>"$work/summary.md" <<'PY' || status=1
import json, sys
work, n, budget = sys.argv[1], sys.argv[2], float(sys.argv[3])
load = lambda name: json.load(open(f"{work}/{name}.json"))["results"]
true, steady, status = (r["mean"] for r in load(n))
changed, cold = load(f"{n}-changed")[0]["mean"], load(f"{n}-cold")[0]["mean"]
onerow, hookstatus = load(f"{n}-onerow")[0]["mean"], load(f"{n}-hookstatus")[0]["mean"]
foreign = load(f"{n}-foreign")[0]["mean"]
ms = lambda s: f"{s * 1e3:.2f} ms"
judged = [steady, status, onerow, hookstatus]
ok = max(judged) / true <= budget
cell = lambda t: f"{ms(t)} | {t / true:.2f}×"
print(f"| {n} | {ms(true)} | ≤ {budget:g}× | {'ok' if ok else 'OVER'} | {cell(steady)} | {cell(status)} "
      f"| {cell(onerow)} | {cell(hookstatus)} | {cell(foreign)} | {cell(changed)} | {cell(cold)} |")
sys.exit(0 if ok else 1)
PY
done

mkdir -p "$(dirname "$out")"
{
    cat "$work/summary.md"
    for n in 10 100 1000; do
        echo
        echo "## $n rows, steady"
        echo
        cat "$work/$n.md"
    done
} >"$out"
cat "$work/summary.md"
echo "bench-read: wrote $out" >&2
exit "$status"
