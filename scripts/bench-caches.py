#!/usr/bin/env python3
"""What each on-disk cache of the read path saves (issue 13 item 4), as CPU time.

`ring-tmux status` over boards of 20 / 100 / 1,000 hook rows (liveness on: a real /proc scan,
30 stand-in agents) and over a zero-config HOME of 500 Claude transcripts, beside /bin/true.

    scripts/bench-caches.py ROUNDS NAME=BINARY[,VAR=VALUE...] [NAME=BINARY...]

Each NAME is one variant: a ring-tmux binary and extra environment (how the caches were
switched off one at a time in the measurement before removal), with its own copy of every
RING_HOME, so one variant's hook or caches never touch another's. Every round runs each
command once, in a shuffled order, each started with posix_spawn; what is reported is the
child's own CPU time (user + system, from wait4: it includes the exec and start-up, and it
does not grow when other work shares the cores, unlike wall time on this shared machine),
median and quartiles over the rounds, and the ratio of medians to /bin/true's.

States: steady (nothing changed since the last read), hook (ring's hook of the same variant
recorded one event just before, not timed), foreign (one row replaced by rename just before,
as RiNG does), procs (steady, liveness from a RING_PROCS file naming the 30 agents instead
of a /proc walk); zero-config: warm, "no scan cache" (RING_HOME/cache removed before), inside a
private tmux server with the process-tree evidence reused or gathered (RING_EVIDENCE_TTL=0).

BENCH_ONLY=TEXT keeps only the groups whose label contains TEXT (e.g. "100 rows"): a shorter
run when one board is what changed.
"""
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid


def run(argv, env, stdin_path=None):
    """CPU ms (user + sys) of one run of argv."""
    fd = os.open(stdin_path or os.devnull, os.O_RDONLY)
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        pid = os.posix_spawn(argv[0], argv, env, file_actions=[
            (os.POSIX_SPAWN_DUP2, fd, 0), (os.POSIX_SPAWN_DUP2, null, 1),
            (os.POSIX_SPAWN_DUP2, null, 2)])
        _, _, ru = os.wait4(pid, 0)
    finally:
        os.close(fd)
        os.close(null)
    return (ru.ru_utime + ru.ru_stime) * 1e3


def make_rows(n, sessions, home):
    os.makedirs(sessions, exist_ok=True)
    rng = random.Random(n)
    now = time.time()
    projects = [f"{home}/src/project-{i:02d}" for i in range(30)]
    actions = ["→ Bash: cargo test -p ring-shared", "→ Edit main.rs", "→ Read README.md",
               "Done. The parser now handles nested quotes.", "—"]
    for _ in range(n):
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
                        "waiting_detail": "Bash: npm test -- --watch=false",
                        "waiting_notified_at": at})
        with open(os.path.join(sessions, sid + ".json"), "w") as f:
            json.dump(row, f)


def make_transcripts(home, procs_file):
    rng = random.Random(7)
    now = time.time()
    projects = os.path.join(home, ".claude", "projects")
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
                           {"role": "user", "content": [{"type": "text", "text": "start " * 50}]}})
                           + "\n" for _ in range(5))
            lines, tail_len, i = [], 0, 0
            while tail_len < 160 * 1024:
                if i % 2 == 0:
                    rec = {"type": "assistant", "cwd": cwd, "message": {"stop_reason": "tool_use",
                           "content": [{"type": "tool_use", "name": "Edit", "input": {
                               "file_path": f"{cwd}/src/m{i}.rs", "old_string": "x" * 400,
                               "new_string": "y" * 400}}]}}
                else:
                    rec = {"type": "assistant", "cwd": cwd, "message": {"stop_reason": "end_turn",
                           "content": [{"type": "text", "text": f"Done with step {i}. " + "w" * 300}]}}
                line = json.dumps(rec) + "\n"
                lines.append(line)
                tail_len += len(line)
                i += 1
            tail = "".join(lines).encode()
            with open(path, "wb") as fh:
                fh.write(head.encode())
                fh.seek(size - len(tail))
                fh.write(tail)
            age = rng.uniform(0, 5 * 3600)
            os.utime(path, (now - age, now - age))
    with open(procs_file, "w") as fh:
        json.dump({"claude-code": procs, "codex": []}, fh)


def main():
    rounds = int(sys.argv[1])
    variants = []
    for spec in sys.argv[2:]:
        name, rest = spec.split("=", 1)
        binary, *envs = rest.split(",")
        variants.append((name, os.path.abspath(binary), dict(e.split("=", 1) for e in envs)))
    work = tempfile.mkdtemp(prefix="ring-bench-caches-")
    server = f"ring-bench-caches-{os.getpid()}"
    agents = []
    try:
        home = os.path.join(work, "home")
        claude = os.path.join(work, "claude")
        shutil.copy(shutil.which("sleep"), claude)
        for i in range(30):
            cwd = os.path.join(home, "src", f"project-{i:02d}")
            os.makedirs(cwd)
            agents.append(subprocess.Popen([claude, "3600"], cwd=cwd, stdin=subprocess.DEVNULL,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home}
        # (label, [(variant, argv, env, prepare)])
        groups = []
        for n in (20, 100, 1000):
            template = os.path.join(work, f"rows-{n}")
            make_rows(n, os.path.join(template, "sessions"), home)
            one = sorted(os.listdir(os.path.join(template, "sessions")))[0]
            payload = os.path.join(work, f"payload-{n}.json")
            with open(payload, "w") as f:
                json.dump({"session_id": one[:-5], "hook_event_name": "PreToolUse",
                           "cwd": os.path.join(home, "src", "project-00"), "tool_name": "Bash",
                           "tool_input": {"command": "cargo test"}}, f)
            procs_rows = os.path.join(work, f"procs-{n}.json")
            with open(procs_rows, "w") as f:
                json.dump({"claude-code": [[os.path.join(home, "src", f"project-{i:02d}"),
                                            f"/dev/pts/{i}"] for i in range(30)], "codex": []}, f)
            for state in ("steady", "hook", "foreign", "procs"):
                cmds = []
                for name, binary, extra in variants:
                    ring = os.path.join(work, f"ring-{n}-{state}-{name}")
                    shutil.copytree(template, ring)
                    env = dict(base, RING_HOME=ring, **extra)
                    if state == "procs":
                        env["RING_PROCS"] = procs_rows
                    row = os.path.join(ring, "sessions", one)
                    if state in ("steady", "procs"):
                        prepare = None
                    elif state == "hook":
                        prepare = (lambda b=binary, e=env, p=payload: run([b, "hook"], e, p))
                    else:
                        def prepare(row=row):
                            tmp = row + ".bench.tmp"
                            shutil.copy(row, tmp)
                            os.rename(tmp, row)
                    cmds.append((name, [binary, "status"], env, prepare))
                groups.append((f"{n} rows, {state}", cmds))
        zc_home = os.path.join(work, "zc")
        procs_file = os.path.join(work, "procs.json")
        make_transcripts(zc_home, procs_file)
        subprocess.run(["tmux", "-L", server, "-f", "/dev/null", "new-session", "-d", "-s", "b",
                        "-x", "120", "-y", "40"], check=True)
        for _ in range(5):
            subprocess.run(["tmux", "-L", server, "split-window", "-t", "b:0", "-c", "/tmp"], check=True)
            subprocess.run(["tmux", "-L", server, "select-layout", "-t", "b:0", "tiled"],
                           check=True, stdout=subprocess.DEVNULL)
        tmux_env = subprocess.run(["tmux", "-L", server, "display", "-p",
                                   "#{socket_path},#{pid},0"], check=True, capture_output=True,
                                  text=True).stdout.strip()
        for label, extra_env, cold in (
                ("500 transcripts, warm", {}, False),
                ("500 transcripts, no scan cache", {}, True),
                ("500 transcripts in tmux, evidence reused", {"TMUX": tmux_env}, False),
                ("500 transcripts in tmux, evidence gathered",
                 {"TMUX": tmux_env, "RING_EVIDENCE_TTL": "0"}, False)):
            cmds = []
            for name, binary, extra in variants:
                ring = os.path.join(work, f"ring-zc-{len(groups)}-{name}")
                os.makedirs(ring)
                env = dict(base, HOME=zc_home, RING_HOME=ring, RING_PROCS=procs_file,
                           **extra_env, **extra)
                prepare = (lambda r=ring: shutil.rmtree(os.path.join(r, "cache"),
                                                        ignore_errors=True)) if cold else None
                cmds.append((name, [binary, "status"], env, prepare))
            groups.append((label, cmds))

        print(f"# bench-caches: {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}, "
              f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, {rounds} rounds")
        print("CPU ms (user + sys of the child, wait4): median [quartiles]; ratio of medians to "
              "/bin/true")
        for name, binary, extra in variants:
            print(f"- {name}: {binary} {' '.join(f'{k}={v}' for k, v in extra.items())}")
        only = os.environ.get("BENCH_ONLY", "")
        for label, cmds in groups:
            if only not in label:
                continue
            # Warm every variant (its caches built), then let the folders' change age past
            # the racy window.
            for _, argv, env, prepare in cmds:
                run(argv, env)
            time.sleep(2.5)
            for _, argv, env, prepare in cmds:
                for _ in range(3):
                    if prepare:
                        prepare()
                    run(argv, env)
            times = {name: [] for name, *_ in cmds}
            true_times = []
            entries = [("/bin/true", ["/bin/true"], dict(base), None)] + cmds
            for _ in range(rounds):
                random.shuffle(entries)
                for name, argv, env, prepare in entries:
                    if prepare:
                        prepare()
                    t = run(argv, env)
                    (true_times if name == "/bin/true" else times[name]).append(t)
            ref = statistics.median(true_times)
            print(f"\n### {label}\n")
            print("| command | CPU ms | quartiles | × /bin/true |")
            print("|:---|---:|---:|---:|")
            q = statistics.quantiles(true_times, n=4)
            print(f"| /bin/true | {ref:.3f} | {q[0]:.3f}–{q[2]:.3f} | 1.00 |")
            for name, *_ in cmds:
                m = statistics.median(times[name])
                q = statistics.quantiles(times[name], n=4)
                print(f"| status [{name}] | {m:.3f} | {q[0]:.3f}–{q[2]:.3f} | {m / ref:.2f} |")
            sys.stdout.flush()
    finally:
        for a in agents:
            a.kill()
            a.wait()
        subprocess.run(["tmux", "-L", server, "kill-server"], stderr=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
