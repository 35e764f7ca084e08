#!/usr/bin/env python3
"""The hook with and without a tmux push due, beside /bin/true, interleaved.

hyperfine times all runs of one command before the next; on a shared 2-core VM the load drifts
by more than the differences measured (see BENCHMARKS.md). Here every round runs the three
commands once each, in a shuffled order, each started the same way (posix_spawn with the payload
as stdin, timed from the spawn to its exit), so drift hits all three alike. Nothing is
subtracted: /bin/true is run exactly as the hook is, which is the budget's reference.

    scripts/bench-hook-interleaved.py BINARY [ROUNDS]

The push-due command runs inside a private tmux server's environment ($TMUX, $TMUX_PANE) on a
row reset to idle before each round (not timed), so its PreToolUse changes what the pane shows
and the hook hands a push to its detached child. The script checks that the push reached tmux.
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
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    work = tempfile.mkdtemp(prefix="ring-bench-hook-")
    server = f"ring-bench-il-{os.getpid()}"
    try:
        payload = os.path.join(work, "payload.json")
        with open(payload, "w") as f:
            f.write('{"session_id": "bench-0001", "hook_event_name": "PreToolUse", "cwd": '
                    '"/repo/app", "tool_name": "Bash", "tool_input": {"command": "cargo test"}}\n')
        stop = os.path.join(work, "stop.json")
        with open(stop, "w") as f:
            f.write('{"session_id": "bench-0001", "hook_event_name": "Stop", "cwd": "/repo/app"}\n')
        base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(work, "home"),
                "RING_NOW": "1700000000.0", "RING_STDIN_TTY": "", "RING_AGENT_TTY": ""}
        os.makedirs(base["HOME"])
        subprocess.run(["tmux", "-L", server, "-f", "/dev/null", "new-session", "-d", "-s", "b",
                        "-x", "80", "-y", "24"], check=True)
        socket = subprocess.run(["tmux", "-L", server, "display-message", "-p", "#{socket_path}"],
                                check=True, capture_output=True, text=True).stdout.strip()
        quiet = dict(base, RING_HOME=os.path.join(work, "ring"))
        push = dict(base, RING_HOME=os.path.join(work, "ring-push"), TMUX=f"{socket},1,0",
                    TMUX_PANE="%0")
        for env, file in ((quiet, payload), (push, stop)):
            with open(file, "rb") as stdin:
                subprocess.run([binary, "hook"], env=env, stdin=stdin, check=True)
        row = os.path.join(push["RING_HOME"], "sessions", "bench-0001.json")
        idle = os.path.join(work, "idle-row.json")
        shutil.copy(row, idle)
        spawn_time([binary, "hook"], push, payload)
        time.sleep(0.5)
        state = subprocess.run(["tmux", "-L", server, "display-message", "-p", "-t", "%0",
                                "#{@ring_state}"], capture_output=True, text=True).stdout.strip()
        if state != "working":
            print(f"the push did not reach tmux ({state!r})", file=sys.stderr)
            return 1
        commands = {
            "/bin/true": (["/bin/true"], quiet),
            "hook, no push": ([binary, "hook"], quiet),
            "hook, tmux push due": ([binary, "hook"], push),
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(200):  # warm-up
            for argv, env in commands.values():
                spawn_time(argv, env, payload)
        for _ in range(rounds):
            shutil.copy(idle, row)
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
        return 0
    finally:
        subprocess.run(["tmux", "-L", server, "kill-server"], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
