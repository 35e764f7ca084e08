#!/usr/bin/env python3
"""A Codex hook that records what a hook process sees, for the Codex end-to-end harness.

Appends one JSON line to $PROBE_LOG per call: the time, the raw payload (stdin), the
environment variables that matter to ring (TMUX, TMUX_PANE, PWD, HOME, CODEX_*), the process's
cwd and stdin, and its parent chain from /proc (pid, comm, cmdline, stdin, cwd) up to pid 1.
Prints nothing, so Codex treats it as a hook with no decision.
"""

import json
import os
import sys
import time


def proc(pid: int) -> dict | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            cmdline = [c.decode("utf-8", "replace") for c in f.read().split(b"\0") if c]
    except OSError:
        return None
    info = {
        "pid": pid,
        "comm": stat[stat.index("(") + 1 : stat.rindex(")")],
        "ppid": int(stat[stat.rindex(")") + 2 :].split()[1]),
        "cmdline": cmdline,
    }
    for key, link in (("stdin", "fd/0"), ("cwd", "cwd")):
        try:
            info[key] = os.readlink(f"/proc/{pid}/{link}")
        except OSError:
            info[key] = None
    return info


def main() -> int:
    raw = sys.stdin.read()
    try:
        payload = json.loads(raw)
    except ValueError:
        payload = {"_raw": raw}
    chain = []
    pid = os.getppid()
    while pid > 1 and len(chain) < 16:
        info = proc(pid)
        if info is None:
            break
        chain.append(info)
        pid = info["ppid"]
    env_keys = ("TMUX", "TMUX_PANE", "PWD", "HOME", "TERM", "ZELLIJ", "ZELLIJ_PANE_ID")
    record = {
        "t": time.time(),
        "event": payload.get("hook_event_name") if isinstance(payload, dict) else None,
        "payload": payload,
        "env": {k: os.environ.get(k) for k in env_keys},
        "env_codex": {k: v for k, v in os.environ.items() if "CODEX" in k.upper()},
        "cwd": os.getcwd(),
        "stdin": (proc(os.getpid()) or {}).get("stdin"),
        "parents": chain,
    }
    with open(os.environ.get("PROBE_LOG", "/dev/null"), "a") as f:
        f.write(json.dumps(record) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
