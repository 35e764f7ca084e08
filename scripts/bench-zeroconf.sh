#!/usr/bin/env bash
# Benchmark zero-config mode: `ring-tmux oneline` / `status` with 500 Claude transcripts of
# 1–5 MB in the active window, against /bin/true, side by side in one hyperfine run, for both
# builds: the ordinary dynamic one and the static one `scripts/install.sh` installs
# (`-C target-feature=+crt-static`: no dynamic loader, ~0.3 ms less per call).
#
# Fixture: 50 project folders × 10 transcripts, sizes 1–5 MB (sparse files: a real head of
# JSON lines, a hole, and a real 160 KiB tail of JSON lines, so reads see exactly what a real
# transcript shows while the disk holds ~80 MB), 20 live Claude processes via RING_PROCS.
# Two homes: every file's mtime in the last 5 h (all inside the 6 h window, the worst case),
# and a typical one where 25 files are that recent and the rest 1–60 days old.
#
# Measured:
#   * first call: the scan cache (`RING_HOME/cache`) removed before every run: every
#     transcript's head and tail are read and parsed;
#   * warm: the cache present, listing reused for its 2 s lifetime;
#   * warm, relisting every call (`RING_SCAN_TTL=0`): list 50 folders, stat the transcripts
#     that may change a shown row (200 here: those of the 20 folders with a live Claude);
#     with `--all` (ended rows shown) all 500;
#   * the same board with no transcripts at all (the cost of zero-config itself);
#   * `status` inside tmux (a private server with 6 panes, `$TMUX` set): every live cwd has
#     more transcripts than Claude processes, so the tmux process-tree evidence (spec §4.10
#     rule 2) is needed: reused from `RING_HOME/cache/evidence.bin` (≤ 30 s while the
#     agents are the same), and gathered on every call (`RING_EVIDENCE_TTL=0`: one
#     `tmux list-panes` and a /proc walk, what one run in 30 s, or the first run after an
#     agent started or ended, pays).
#
# Usage: scripts/bench-zeroconf.sh [RUNS]   (default 300; needs hyperfine and python3)
# BENCH_SKIP_BUILD=1 uses the binaries already built.
# Output: a table on stdout and /work/notes/bench-zeroconf.md (markdown export).
set -euo pipefail

runs="${1:-300}"
cold_runs="${BENCH_COLD_RUNS:-10}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${BENCH_ZEROCONF_OUT:-/work/notes/bench-zeroconf.md}"

command -v hyperfine >/dev/null || { echo "bench-zeroconf: hyperfine is not installed" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench-zeroconf: python3 is not installed" >&2; exit 1; }

target_triple="x86_64-unknown-linux-gnu"
if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
    cargo build --release -p ring-tmux --manifest-path "$root/Cargo.toml" >&2
    RUSTFLAGS='-C target-feature=+crt-static' cargo build --release -p ring-tmux \
        --target "$target_triple" --manifest-path "$root/Cargo.toml" >&2
fi
dyn="$root/target/release/ring-tmux"
static="$root/target/$target_triple/release/ring-tmux"
bin="$dyn"

work="$(mktemp -d)"
tmux_server="ring-bench-$$"
trap 'tmux -L "$tmux_server" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/empty" "$work/ring" "$work/ring-empty"

# gen HOME_NAME IN_WINDOW: 500 transcripts, IN_WINDOW of them inside the 6 h window, the
# rest 1–60 days old.
gen() {
python3 - "$work" "$1" "$2" <<'PY'
import json, os, random, sys, time
work, home_name, in_window = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(7)
now = time.time()
projects = os.path.join(work, home_name, ".claude", "projects")
procs = []
for d in range(50):
    cwd = f"/home/dev/src/project-{d:02d}"
    folder = os.path.join(projects, cwd.replace("/", "-"))
    os.makedirs(folder)
    if d < 20:
        procs.append([cwd, f"/dev/pts/{d}"])
    for f in range(10):
        sid = f"{d:04d}{f:04d}-1111-2222-3333-444455556666"
        path = os.path.join(folder, sid + ".jsonl")
        size = rng.randint(1 << 20, 5 << 20)
        head = "".join(json.dumps({"type": "user", "cwd": cwd, "sessionId": sid, "message":
                       {"role": "user", "content": [{"type": "text", "text": "start " * 50}]}}) + "\n"
                       for _ in range(5))
        lines = []
        tail_len = 0
        i = 0
        while tail_len < 160 * 1024:
            if i % 3 == 0:
                rec = {"type": "assistant", "cwd": cwd, "message": {"stop_reason": "tool_use", "content":
                       [{"type": "tool_use", "name": "Edit", "input": {"file_path": f"{cwd}/src/m{i}.rs",
                         "old_string": "x" * 400, "new_string": "y" * 400}}]}}
            elif i % 3 == 1:
                rec = {"type": "user", "cwd": cwd, "toolUseResult": {"ok": True}, "message": {"content":
                       [{"type": "tool_result", "content": "z" * 600}]}}
            else:
                rec = {"type": "assistant", "cwd": cwd, "message": {"stop_reason": "end_turn", "content":
                       [{"type": "text", "text": "Done with step %d. " % i + "w" * 300}]}}
            line = json.dumps(rec) + "\n"
            lines.append(line)
            tail_len += len(line)
            i += 1
        tail = "".join(lines).encode()
        with open(path, "wb") as fh:
            fh.write(head.encode())
            fh.seek(size - len(tail))
            fh.write(tail)
        n = d * 10 + f
        age = rng.uniform(0, 5 * 3600) if n % (500 // in_window) == 0 and n // (500 // in_window) < in_window else rng.uniform(86400, 60 * 86400)
        os.utime(path, (now - age, now - age))
with open(os.path.join(work, "procs.json"), "w") as fh:
    json.dump({"claude-code": procs, "codex": []}, fh)
PY
}
gen home 500
gen typical 25
mkdir -p "$work/ring-typical"

export RING_PROCS="$work/procs.json"
unset RING_NOW RING_SCAN_TTL TMUX TMUX_PANE ZELLIJ ZELLIJ_SESSION_NAME ZELLIJ_PANE_ID
export HOME="$work/home" RING_HOME="$work/ring"

# Sanity: the board shows the zero-config sessions.
line="$("$bin" oneline)"
echo "bench-zeroconf: oneline with 500 transcripts: $line" >&2
[ -n "$line" ] || { echo "bench-zeroconf: no zero-config rows (is read.rs wired to zeroconf?)" >&2; exit 1; }
du -sh "$work/home" >&2

mkdir -p "$(dirname "$out")"
hyperfine --warmup 2 --runs "$cold_runs" --export-markdown "$work/cold.md" \
    --prepare "rm -rf '$work/ring/cache'" \
    -n 'oneline, first call (scan cache removed)' "'$bin' oneline"

# name|environment (each scenario runs once per build)
scenarios="oneline, warm (listing reused ≤ 2 s)||oneline
status, warm||status
oneline, warm, relist every call|RING_SCAN_TTL=0|oneline
oneline --all, warm, relist every call (every transcript stat'ed)|RING_SCAN_TTL=0|oneline --all
oneline, no transcripts (empty HOME)|HOME='$work/empty' RING_HOME='$work/ring-empty'|oneline
oneline, 500 present, 25 in window, warm|HOME='$work/typical' RING_HOME='$work/ring-typical'|oneline
oneline, 500 present, 25 in window, relist every call|HOME='$work/typical' RING_HOME='$work/ring-typical' RING_SCAN_TTL=0|oneline"

if command -v tmux >/dev/null; then
    tmux -L "$tmux_server" -f /dev/null new-session -d -s b -x 120 -y 40
    for _ in 1 2 3 4 5; do
        tmux -L "$tmux_server" split-window -t b:0 -c /tmp
        tmux -L "$tmux_server" select-layout -t b:0 tiled >/dev/null
    done
    tmux_env="$(tmux -L "$tmux_server" display -p '#{socket_path},#{pid},0')"
    scenarios+="
status, inside tmux, evidence reused (≤ 30 s)|TMUX='$tmux_env'|status
status, inside tmux, evidence gathered every call|TMUX='$tmux_env' RING_EVIDENCE_TTL=0|status"
else
    echo "bench-zeroconf: tmux not installed: no inside-tmux rows" >&2
fi

args=(-n '/bin/true' /bin/true)
while IFS='|' read -r name envs cmd; do
    for build in dyn static; do
        b="$dyn"; [ "$build" = static ] && b="$static"
        args+=(-n "$name [$build]" "${envs:+$envs }'$b' $cmd")
    done
done <<<"$scenarios"
"$dyn" oneline >/dev/null
HOME="$work/typical" RING_HOME="$work/ring-typical" "$dyn" oneline >/dev/null
# Through hyperfine's shell (its startup is measured and subtracted), so variables need no `env`.
hyperfine --warmup 50 --runs "$runs" --export-markdown "$work/warm.md" "${args[@]}"

# CPU time (task-clock) is steadier than wall time on a shared machine: both, side by side.
cpu_table() {
    command -v perf >/dev/null || { echo "(perf not installed: no CPU-time table)"; return; }
    echo "| Command | CPU ms (task-clock, mean of ${runs}) |"
    echo "|:---|---:|"
    while IFS='|' read -r name cmd; do
        ms="$(sh -c "perf stat -x, -e task-clock -r $runs $cmd" 2>&1 >/dev/null | awk -F, '/task-clock/ {printf "%.2f", $1}')"
        echo "| $name | $ms |"
    done <<EOF2
/bin/true|/bin/true
$(while IFS='|' read -r name envs cmd; do
    for build in dyn static; do
        b="$dyn"; [ "$build" = static ] && b="$static"
        echo "$name [$build]|${envs:+env $envs }'$b' $cmd"
    done
done <<<"$scenarios")
EOF2
}
cpu="$(cpu_table)"

{
    echo "# zero-config benchmark"
    echo
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores. 500 Claude transcripts of 1–5 MB (sparse, real"
    echo "head and 160 KiB tail), 50 project folders, 20 live Claude processes (RING_PROCS), no hook"
    echo "rows. Worst case: all 500 inside the 6 h window (board \`$line\`); typical: 25 inside."
    echo
    echo "## First call (scan cache removed before each run; ${cold_runs} runs)"
    echo
    cat "$work/cold.md"
    echo
    echo "## Warm calls (${runs} runs each after 50 warmup runs; \`[dyn]\` = cargo build --release,"
    echo "\`[static]\` = +crt-static, what scripts/install.sh installs)"
    echo
    cat "$work/warm.md"
    echo
    echo "## CPU time of the same commands (perf stat; \`env\` adds its own exec to the rows using it)"
    echo
    echo "$cpu"
} >"$out"
echo "bench-zeroconf: wrote $out" >&2
