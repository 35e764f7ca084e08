#!/usr/bin/env python3
"""`ring-tmux hook` (no push due) of two builds beside /bin/true, interleaved.

    scripts/bench-hook-vs.py BINARY REFERENCE [ROUNDS] [NAME=BINARY...]

Every round runs /bin/true, BINARY's hook and REFERENCE's hook (and each NAME=BINARY's, other
builds beside them, e.g. a non-PIE static one) once each, in a shuffled order,
each started the same way (posix_spawn with the payload as stdin), each build on its own ring
folder whose row already exists (the steady state). Per command it reports the median wall
time (spawn to exit), the median CPU time of the child (user + system from wait4: on a loaded
machine far steadier than wall time) and the median minor page faults (what a larger binary
costs at start-up), with the ratios to /bin/true and of BINARY to REFERENCE.
"""
import os
import random
import shutil
import statistics
import sys
import tempfile
import time


def spawn(argv: list[str], env: dict[str, str], payload: str) -> tuple[float, float, int]:
    with open(payload, "rb") as stdin:
        start = time.perf_counter_ns()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=[
            (os.POSIX_SPAWN_DUP2, stdin.fileno(), 0),
        ])
        _, status, usage = os.wait4(pid, 0)
        wall = (time.perf_counter_ns() - start) / 1e6
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{argv} failed")
    return wall, (usage.ru_utime + usage.ru_stime) * 1e3, usage.ru_minflt


def main() -> int:
    binary, reference = (os.path.abspath(a) for a in sys.argv[1:3])
    rest = sys.argv[3:]
    rounds = int(rest.pop(0)) if rest and rest[0].isdigit() else 2000
    more = [spec.split("=", 1) for spec in rest]
    work = tempfile.mkdtemp(prefix="ring-bench-hook-vs-")
    try:
        payload = os.path.join(work, "payload.json")
        with open(payload, "w") as f:
            f.write('{"session_id": "bench-0001", "hook_event_name": "PreToolUse", "cwd": '
                    '"/repo/app", "tool_name": "Bash", "tool_input": {"command": "cargo test"}}\n')
        base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(work, "home"),
                "RING_NOW": "1700000000.0", "RING_STDIN_TTY": "", "RING_AGENT_TTY": ""}
        os.makedirs(base["HOME"])
        commands = {"/bin/true": (["/bin/true"], base)}
        builds = [("hook, this build", binary), ("hook, reference", reference)]
        builds += [(f"hook, {name}", os.path.abspath(path)) for name, path in more]
        for i, (name, path) in enumerate(builds):
            env = dict(base, RING_HOME=os.path.join(work, f"ring-{i}"))
            commands[name] = ([path, "hook"], env)
            spawn([path, "hook"], env, payload)
        samples = {name: [] for name in commands}
        for _ in range(200):  # warm-up
            for argv, env in commands.values():
                spawn(argv, env, payload)
        for _ in range(rounds):
            order = list(commands)
            random.shuffle(order)
            for name in order:
                argv, env = commands[name]
                samples[name].append(spawn(argv, env, payload))
        med = {name: [statistics.median(s[i] for s in runs) for i in range(3)]
               for name, runs in samples.items()}
        true = med["/bin/true"]
        print(f"{rounds} interleaved rounds, {os.cpu_count()} cores, load "
              f"{open('/proc/loadavg').read().split()[:3]}")
        print(f"this build {binary} ({os.path.getsize(binary)} bytes), "
              f"reference {reference} ({os.path.getsize(reference)} bytes)")
        print("| command | wall (median) | wall ÷ /bin/true | CPU (median) | CPU ÷ /bin/true "
              "| minor faults |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for name, (wall, cpu, faults) in med.items():
            print(f"| {name} | {wall:.3f} ms | {wall / true[0]:.2f}× | {cpu:.3f} ms | "
                  f"{cpu / true[1]:.2f}× | {faults:.0f} |")
        this, ref = med["hook, this build"], med["hook, reference"]
        print(f"this build ÷ reference: wall {this[0] / ref[0]:.2f}×, CPU {this[1] / ref[1]:.2f}×")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
