#!/usr/bin/env python3
"""The hook with a notification due, beside the same hook with notifications off and /bin/true,
interleaved (the method of scripts/bench-hook-interleaved.py: every round runs each command
once, in a shuffled order, each started with posix_spawn and the payload on stdin, timed from
the spawn to its exit; nothing subtracted).

    scripts/bench-hook-notify.py BINARY [ROUNDS]

Both hooks get the same PermissionRequest on a waiting row with waiting_cooldown_seconds = 0,
so every event rings (spec §3.10). With notify_backend = "command" the hook hands the note to
its detached child (which reads the board, decides and runs the command); with "none" it does
not. The script checks that notes reached the command.
"""
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def spawn_time(argv: list[str], env: dict[str, str], payload: str) -> float:
    with open(payload, "rb") as stdin:
        start = time.perf_counter_ns()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=[
            (os.POSIX_SPAWN_DUP2, stdin.fileno(), 0),
        ])
        os.waitpid(pid, 0)
        return (time.perf_counter_ns() - start) / 1e6


def main() -> int:
    binary = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    work = tempfile.mkdtemp(prefix="ring-bench-notify-")
    try:
        payload = os.path.join(work, "payload.json")
        with open(payload, "w") as f:
            f.write('{"session_id": "bench-0001", "hook_event_name": "PermissionRequest", '
                    '"cwd": "/repo/app", "tool_name": "Bash", '
                    '"tool_input": {"command": "cargo test"}}\n')
        notes = os.path.join(work, "notes")
        procs = os.path.join(work, "procs.json")
        with open(procs, "w") as f:
            f.write("{}")
        base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(work, "home"),
                "RING_NOW": "1700000000.0", "RING_STDIN_TTY": "", "RING_AGENT_TTY": "",
                "RING_PROCS": procs}
        os.makedirs(base["HOME"])
        envs = {}
        for name, backend in (("off", "none"), ("on", "command")):
            home = os.path.join(work, f"ring-{name}")
            os.makedirs(home, mode=0o700)
            with open(os.path.join(home, "config.toml"), "w") as f:
                f.write(f'waiting_cooldown_seconds = 0\nnotify_backend = "{backend}"\n'
                        f'notify_command = "cat >> {notes}"\nnotify_repeat_max = 0\n')
            envs[name] = dict(base, RING_HOME=home)
            spawn_time([binary, "hook"], envs[name], payload)
        time.sleep(1)
        if not os.path.exists(notes) or os.path.getsize(notes) == 0:
            print("no note reached the command", file=sys.stderr)
            return 1
        commands = {
            "/bin/true": (["/bin/true"], envs["off"]),
            "hook, notifications off": ([binary, "hook"], envs["off"]),
            "hook, notification due": ([binary, "hook"], envs["on"]),
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(100):  # warm-up
            for argv, env in commands.values():
                spawn_time(argv, env, payload)
        for _ in range(rounds):
            order = list(commands)
            random.shuffle(order)
            for name in order:
                argv, env = commands[name]
                times[name].append(spawn_time(argv, env, payload))
        true_median = statistics.median(times["/bin/true"])
        print(f"{rounds} interleaved rounds, {os.cpu_count()} cores, load "
              f"{open('/proc/loadavg').read().split()[:3]}, binary {binary}")
        print("| command | median | ratio to /bin/true | quartiles |")
        print("| --- | ---: | ---: | --- |")
        for name, samples in times.items():
            q = statistics.quantiles(samples, n=4)
            median = statistics.median(samples)
            print(f"| {name} | {median:.3f} ms | {median / true_median:.2f}× | "
                  f"{q[0]:.3f}–{q[2]:.3f} ms |")
        time.sleep(2)  # let the last detached children finish before the folder goes
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
