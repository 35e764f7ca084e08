#!/usr/bin/env python3
"""Differential test: random hook-event sequences through RiNG 0.17.2 and ring-tmux.

Each case is a short sequence of generated payloads (events, key aliases, explicit signals,
questions, code fences, Unicode whitespace, stashes, cooldowns, transcripts) replayed through
both tools with the same fake clock, each in its own HOME. After every step the rows and the
transition log must agree; at the end `--format json --all` / `json --all` must agree (and,
with --all-sources, `--format oneline` / `oneline`).

    scripts/difftest/difftest.py --ring-python /path/to/venv/bin/python --cases 500

RiNG is not a dependency of ring: install it outside the repository (see BENCHMARKS.md).
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

CWDS = ["/repo/app", "/repo/app/sub", "/home/u/x y", "/", ""]

EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PermissionRequest",
          "Notification", "Stop", "SessionEnd", "SubagentStop", "stop", "Custom"]
EVENT_KEYS = ["hook_event_name", "event", "event_name", "hookEventName"]
SID_KEYS = ["session_id", "sessionId", "thread_id", "threadId", "id"]
CWD_KEYS = ["cwd", "current_working_directory", "currentWorkingDirectory"]
FLAG_KEYS = ["requires_action", "requiresAction", "action_required", "actionRequired",
             "needs_user_action", "needsUserAction", "requires_input", "requiresInput", "interactive"]
WAITING_FOR_KEYS = ["waiting_for", "waitingFor", "requires", "reason", "interaction",
                    "interaction_type", "interactionType"]
WAITING_FOR = ["approval", "choice", "elicitation", "input", "options", "permission", "question",
               "selection", "user", "user_input", "user-input", "complete", "done", "idle", "none",
               "turn_complete", "PLAN review", " Question ", "weird", ""]
NOTIF = ["permission_prompt", "idle_prompt", "elicitation_dialog", "agent_needs_input",
         "permission-prompt", "auth_success", " Permission_Prompt "]
TOOLS = ["Bash", "Edit", "Read", "AskUserQuestion", "ExitPlanMode", "Grep", "WebFetch", "askuserquestion", ""]
TEXTS = ["Continue?", "Done.", "先做了 A。\n\n要不要順便修 B？", "你要 A 還是 B？我會用 A 繼續做。",
         "Shall I?\n\n```bash\nls\n```", "Done.\r\nContinue?\r\n", "Statement.\u2028Continue?",
         "**Proceed?**", "> Want me to go on?", "「要繼續嗎？」", "plan it?", "x" * 200 + "?",
         "a\u3000b\u00a0c\u200bd?", "line1\nline2", "  ", "", "Run `ls`?)", "Which planet?"]
BOOLS = [True, False, "yes", "no", "1", "0", "on", "off", "Y", "maybe", 1, 0, None, ""]


def pick(rng, xs):
    return xs[rng.randrange(len(xs))]


def gen_payload(rng, sid, provider):
    p = {}
    p[pick(rng, EVENT_KEYS)] = pick(rng, EVENTS)
    if rng.random() < 0.97:
        p[pick(rng, SID_KEYS)] = sid
    if rng.random() < 0.9:
        p[pick(rng, CWD_KEYS)] = pick(rng, CWDS)
    if provider is not None:
        p["provider"] = provider
    if rng.random() < 0.5:
        p[pick(rng, ["tool_name", "toolName", "tool"])] = pick(rng, TOOLS)
    if rng.random() < 0.5:
        ti = {}
        for k in rng.sample(["command", "file_path", "path", "url", "pattern", "description"], rng.randrange(3)):
            ti[k] = pick(rng, ["rm -rf node_modules", "/a/b/plan.md", "", 5, "a\tb\n c" * 30])
        if rng.random() < 0.3:
            ti[pick(rng, ["questions", "options", "choices"])] = pick(
                rng, [[], [{"question": pick(rng, TEXTS)}], ["Pick one?"], [3], [{"q": 1}]])
        p[pick(rng, ["tool_input", "toolInput", "input"])] = ti if rng.random() < 0.9 else pick(rng, [{}, "x", 3])
    if rng.random() < 0.3:
        p[pick(rng, ["notification_type", "notificationType", "raw_notification_type"])] = pick(rng, NOTIF)
    if rng.random() < 0.2:
        p[pick(rng, FLAG_KEYS)] = pick(rng, BOOLS)
    if rng.random() < 0.2:
        p[pick(rng, WAITING_FOR_KEYS)] = pick(rng, WAITING_FOR)
    if rng.random() < 0.4:
        p[pick(rng, ["message", "title", "last_action", "prompt", "question"])] = pick(rng, TEXTS)
    if rng.random() < 0.4:
        p["last_assistant_message"] = pick(rng, TEXTS + [5, None])
    if rng.random() < 0.15:
        p[pick(rng, ["questions", "options", "choices"])] = pick(rng, [[], ["a"], "x"])
    if rng.random() < 0.1:
        p["tty"] = pick(rng, ["/dev/pts/7", "", 3])
    if rng.random() < 0.3:
        p[pick(rng, ["transcript_path", "transcriptPath", "rollout_path"])] = "$T/t.jsonl"
    return p


def gen_transcript(rng):
    lines = []
    for _ in range(rng.randrange(5)):
        kind = rng.randrange(4)
        if kind == 0:
            lines.append({"type": "assistant", "message": {"content": [{"type": "text", "text": pick(rng, TEXTS)}]}})
        elif kind == 1:
            lines.append({"type": "assistant", "message": {"content": [
                {"type": "tool_use", "name": pick(rng, TOOLS + ["TodoWrite"]),
                 "input": {"command": "git status\nx", "file_path": "/a/b.rs", "pattern": "fo+",
                           "todos": [{"status": "completed"}, {"status": "pending"}]}}]}})
        elif kind == 2:
            lines.append({"type": "user", "message": {"content": pick(rng, TEXTS)}})
        else:
            lines.append("not json")
    return "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"


def run(cmd, env, stdin):
    r = subprocess.run(cmd, input=stdin.encode(), env=env, capture_output=True, timeout=30)
    return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")


def rows(home):
    d = os.path.join(home, ".config", "ring", "sessions")
    out = {}
    if os.path.isdir(d):
        for name in sorted(os.listdir(d)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(d, name), encoding="utf-8") as f:
                row = json.load(f)
            for k in ("hook_pid", "tmux_socket", "zellij_session", "zellij_pane", "agent_pid"):
                row.pop(k, None)
            out[name] = row
    return out


def events(home):
    p = os.path.join(home, ".config", "ring", "events.jsonl")
    if not os.path.exists(p):
        return []
    with open(p, encoding="utf-8") as f:
        return [json.loads(x) for x in f if x.strip()]


def base_env(home, now):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TMUX", "ZELLIJ", "RING_"))}
    env.update(HOME=home, RING_NOW=repr(now))
    return env


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ring-python", required=True, help="python of a venv with ring-cli 0.17.2")
    ap.add_argument("--ours", default=os.path.join(REPO, "target", "debug", "ring-tmux"))
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--live-root", help="create project folders here and run stand-in `claude` and "
                    "`codex` processes (copies of sleep) in some of them, so both tools' liveness "
                    "rules judge real processes")
    ap.add_argument("--all-sources", action="store_true",
                    help="compare zero-config rows too (live agent processes on this machine show up in both)")
    args = ap.parse_args()
    ring_cmd = [args.ring_python, os.path.join(HERE, "ring_fakeclock.py")]
    agents = []
    if args.live_root:
        global CWDS
        root = os.path.abspath(args.live_root)
        dirs = {k: os.path.join(root, k) for k in ("app", "app/sub", "other", "idle")}
        for d in dirs.values():
            os.makedirs(d, exist_ok=True)
        os.makedirs(os.path.join(root, "bin"), exist_ok=True)
        for name in ("claude", "codex"):
            shutil.copy(shutil.which("sleep"), os.path.join(root, "bin", name))
        # claude in app (twice) and other; codex in app/sub; nothing in idle.
        for name, d in (("claude", "app"), ("claude", "app"), ("claude", "other"), ("codex", "app/sub")):
            agents.append(subprocess.Popen([os.path.join(root, "bin", name), "3600"], cwd=dirs[d],
                                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL))
        CWDS = list(dirs.values()) + [root, ""]
    failures = 0
    seen = {}  # (source, status) → count over RiNG's boards: shows what the cases covered
    for case in range(args.cases):
        rng = random.Random(args.seed * 100003 + case)
        tmp = tempfile.mkdtemp(prefix="ring-diff.")
        homes = {"ring": os.path.join(tmp, "a"), "ours": os.path.join(tmp, "b")}
        tdir = os.path.join(tmp, "t")
        os.makedirs(tdir)
        for h in homes.values():
            os.makedirs(os.path.join(h, ".config", "ring"))
            with open(os.path.join(h, ".config", "ring", "config.toml"), "w") as f:
                f.write('notify_backend = "none"\n')
        now = 1700000000.0
        sids = ["s1", "s2", "codex:t1", "a/b c"]
        provider = pick(rng, [None, "codex", "Claude_Code", "gemini", ""])
        log = []
        ok = True
        for step in range(rng.randrange(1, 7)):
            now += pick(rng, [0, 0.5, 6, 10.5, 121, 200])
            if rng.random() < 0.5:
                with open(os.path.join(tdir, "t.jsonl"), "w") as f:
                    f.write(gen_transcript(rng))
            payload = gen_payload(rng, pick(rng, sids), provider)
            text = json.dumps(payload).replace("$T", tdir)
            argv = pick(rng, [[], ["codex"], ["--provider", "codex"], ["--provider=gemini"], ["-x", "codex"]])
            log.append((argv, text, now))
            ra = run(ring_cmd + ["hook"] + argv, base_env(homes["ring"], now), text)
            rb = run([args.ours, "hook"] + argv, base_env(homes["ours"], now), text)
            if rb[0] != 0 or rb[1] != "":
                ok = False
                print(f"case {case} step {step}: ours exit {rb[0]} stdout {rb[1]!r}")
            if ra[0] != 0:
                continue  # RiNG crashed on this input; ours is allowed to do better
            if rows(homes["ring"]) != rows(homes["ours"]) or events(homes["ring"]) != events(homes["ours"]):
                ok = False
                print(f"case {case} step {step}: rows/events differ")
                print("  RiNG:", json.dumps(rows(homes["ring"]), ensure_ascii=False))
                print("  ours:", json.dumps(rows(homes["ours"]), ensure_ascii=False))
                print("  RiNG events:", events(homes["ring"])[-2:])
                print("  ours events:", events(homes["ours"])[-2:])
                break
        if ok:
            ja = run(ring_cmd + ["--format", "json", "--all"], base_env(homes["ring"], now), "")
            jb = run([args.ours, "json", "--all"], base_env(homes["ours"], now), "")
            if ja[0] == 0:
                a = json.loads(ja[1])
                b = json.loads(jb[1]) if jb[0] == 0 and jb[1] else {}
                strip = lambda s: {k: v for k, v in s.items() if k in a["sessions"][0]} if a["sessions"] else s
                keep = (lambda s: True) if args.all_sources else (lambda s: s.get("source") == "hook")
                for sess in a["sessions"]:
                    key = (sess["source"], sess["status"])
                    seen[key] = seen.get(key, 0) + 1
                sa = [s for s in a["sessions"] if keep(s)]
                sb = [strip(s) for s in b.get("sessions", []) if keep(s)]
                # RiNG breaks ties in directory-listing order (hash order on ext4); ring lists
                # sessions/ by name, so compare ties as sets.
                tie = lambda s: (s["marker"], s["idle_seconds"], s["session_id"])
                sa.sort(key=tie)
                sb.sort(key=tie)
                if sa != sb or (args.all_sources and a.get("counts") != b.get("counts")):
                    ok = False
                    print(f"case {case}: json --all differs")
                    print("  RiNG:", json.dumps(sa, ensure_ascii=False))
                    print("  ours:", json.dumps(sb, ensure_ascii=False))
        if ok and args.all_sources:
            # The status-bar read (ended rows dropped), which ring builds without the ended
            # zero-config rows it would drop.
            oa = run(ring_cmd + ["--format", "oneline"], base_env(homes["ring"], now), "")
            ob = run([args.ours, "oneline"], base_env(homes["ours"], now), "")
            if oa[0] == 0 and oa[1].strip() != ob[1].strip():
                ok = False
                print(f"case {case}: oneline differs: RiNG {oa[1].strip()!r}, ours {ob[1].strip()!r}")
        if not ok:
            failures += 1
            for argv, text, t in log:
                print("   step", t, argv, text)
        shutil.rmtree(tmp, ignore_errors=True)
    for a in agents:
        a.kill()  # by pid: only the processes this run started
        a.wait()
    print("board rows compared (source, status): " + ", ".join(f"{k[0]}/{k[1]} {v}" for k, v in sorted(seen.items())))
    print(f"{args.cases - failures}/{args.cases} cases agree")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
