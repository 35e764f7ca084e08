#!/usr/bin/env python3
"""Instructions per read, counted by valgrind's callgrind (issue 24 item 11).

    scripts/bench-instructions.py ROUNDS NAME=BINARY [NAME=BINARY...]

Wall time and even CPU time swing with the load of a shared machine; the number of
instructions a command executes does not (to well under 1 %). For each binary, on its own copy
of the same boards (`bench-caches.py`'s rows, liveness from a RING_PROCS file of 30 agents so
nothing reads the machine's processes):

- `oneline` over 1,000 rows after one hook event (the board read once before, so the row
  cache is warm; then `hook` records one PreToolUse; then `oneline` is counted);
- `status` over 100 rows, steady (read once before under valgrind too, nothing changed
  since);
- `hook claude-code`, one PreToolUse on an existing row of 100 (no tmux, no notification);
- `/bin/true` beside them.

Prints the median instruction count (callgrind's `Ir`, user space only: the kernel's `statx`
and page faults are not in it) over ROUNDS runs, and the ratio to `/bin/true`'s.
"""
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_caches", os.path.join(HERE, "bench-caches.py"))
bench_caches = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_caches)


def run(argv, env, stdin_path=None):
    with open(stdin_path or os.devnull, "rb") as stdin:
        subprocess.run(argv, env=env, stdin=stdin, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)


def instructions(argv, env, work, stdin_path=None):
    out = os.path.join(work, "callgrind.out")
    with open(stdin_path or os.devnull, "rb") as stdin:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
                       env=env, stdin=stdin, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
    with open(out) as fh:
        for line in fh:
            if line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
    os.remove(out)
    return total


def main():
    rounds = int(sys.argv[1])
    variants = [spec.split("=", 1) for spec in sys.argv[2:]]
    work = tempfile.mkdtemp(prefix="ring-bench-instructions-")
    try:
        home = os.path.join(work, "home")
        procs_file = os.path.join(work, "procs.json")
        procs = [[os.path.join(home, "src", f"project-{i:02d}"), f"/dev/pts/{i}"] for i in range(30)]
        with open(procs_file, "w") as fh:
            json.dump({"claude-code": procs, "codex": []}, fh)
        base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
                "RING_PROCS": procs_file}
        templates = {}
        for n in (100, 1000):
            template = os.path.join(work, f"rows-{n}")
            bench_caches.make_rows(n, os.path.join(template, "sessions"), home)
            templates[n] = template
        one = sorted(os.listdir(os.path.join(templates[1000], "sessions")))[0]
        payload = os.path.join(work, "payload.json")
        with open(payload, "w") as fh:
            json.dump({"session_id": one[:-5], "hook_event_name": "PreToolUse",
                       "cwd": os.path.join(home, "src", "project-00"), "tool_name": "Bash",
                       "tool_input": {"command": "cargo test"}}, fh)
        results = {"/bin/true": [instructions(["/bin/true"], base, work) for _ in range(rounds)]}
        for name, binary in variants:
            binary = os.path.abspath(binary)
            for label, n, argv, hook in (("oneline, 1,000 rows after a hook event", 1000,
                                          "oneline", True),
                                         ("status, 100 rows steady", 100, "status", False)):
                counts = []
                for r in range(rounds):
                    ring = os.path.join(work, f"ring-{name}-{n}-{r}")
                    shutil.copytree(templates[n], ring)
                    env = dict(base, RING_HOME=ring)
                    # Warmed under valgrind too: the row cache's key holds the mtime of
                    # /proc/self/exe, which under valgrind is valgrind's tool, so a cache
                    # written by a plain run misses and every row file is read again.
                    instructions([binary, argv], env, work)
                    if hook:
                        run([binary, "hook"], env, payload)
                    counts.append(instructions([binary, argv], env, work))
                    shutil.rmtree(ring)
                results[f"{name}: {label}"] = counts
            # The hook: one PreToolUse on an existing row of 100 (no tmux, no notification).
            counts = []
            for r in range(rounds):
                ring = os.path.join(work, f"ring-{name}-hook-{r}")
                shutil.copytree(templates[100], ring)
                env = dict(base, RING_HOME=ring)
                hook_payload = os.path.join(work, "payload-100.json")
                one100 = sorted(os.listdir(os.path.join(ring, "sessions")))[0]
                with open(hook_payload, "w") as fh:
                    json.dump({"session_id": one100[:-5], "hook_event_name": "PreToolUse",
                               "cwd": os.path.join(home, "src", "project-00"),
                               "tool_name": "Bash", "tool_input": {"command": "cargo test"}}, fh)
                run([binary, "hook", "claude-code"], env, hook_payload)
                counts.append(instructions([binary, "hook", "claude-code"], env, work,
                                           hook_payload))
                shutil.rmtree(ring)
            results[f"{name}: hook, one event (100 rows)"] = counts
        true = statistics.median(results["/bin/true"])
        print(f"# bench-instructions: {rounds} rounds, callgrind Ir (median; ratio to /bin/true)")
        for label, counts in results.items():
            median = statistics.median(counts)
            print(f"{label:60} {median:>14,.0f}  {median / true:7.1f}x  "
                  f"(min {min(counts):,}, max {max(counts):,})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
